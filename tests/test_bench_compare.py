"""bench/compare.py, the regression guard: times are compared as ratios to each
run's own calibration, so a machine twice as fast is no improvement and one twice as
slow no regression; an obligation 1.5x slower than that, or with another verdict, is
flagged (exit 1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _run(tmp: Path, calibration: float, rows: list[tuple[str, str, float]], name: str) -> Path:
    path = tmp / name
    path.write_text(json.dumps({"bench": "equiv", "calibration": calibration, "rows": [
        {"obligation": o, "vf": 4, "bound": "16", "verdict": v, "seconds": s, "peak_mib": 100.0}
        for o, v, s in rows]}))
    return path


def _compare(old: Path, new: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH / "compare.py"), str(old), str(new)],
                          capture_output=True, text=True)


def test_a_slower_obligation_and_a_changed_verdict_are_flagged(tmp_path: Path) -> None:
    old = _run(tmp_path, 0.1, [("a", "proved", 1.0), ("b", "proved", 2.0), ("c", "counterexample", 3.0)], "old.json")
    new = _run(tmp_path, 0.1, [("a", "proved", 1.2), ("b", "proved", 4.0), ("c", "unknown", 3.0)], "new.json")
    r = _compare(old, new)
    assert r.returncode == 1, r.stdout + r.stderr
    flagged = {line.split()[0]: line for line in r.stdout.splitlines() if line[:2] in ("a ", "b ", "c ")}
    assert "slower" not in flagged["a"] and "2.00x slower" in flagged["b"]
    assert "verdict counterexample -> unknown" in flagged["c"]


def test_a_uniformly_slower_machine_is_no_regression(tmp_path: Path) -> None:
    old = _run(tmp_path, 0.1, [("a", "proved", 1.0), ("b", "proved", 2.0)], "old.json")
    new = _run(tmp_path, 0.3, [("a", "proved", 3.0), ("b", "proved", 6.0)], "new.json")
    r = _compare(old, new)
    assert r.returncode == 0 and "0 flagged of 2" in r.stdout, r.stdout + r.stderr
    gone = _run(tmp_path, 0.1, [("a", "proved", 1.0)], "gone.json")
    assert _compare(old, gone).returncode == 1  # an obligation that vanished is flagged too
