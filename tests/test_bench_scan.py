"""bench/scan.py's figures from a scan's JSON records: the counts per project, the
cttz.elts finding apart, our forms proved, and the unknowns grouped by reason (no
LLVM needed: the records are written here as `verifier scan --json` writes them)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from scan import figures  # noqa: E402


def _loop(llvm: str, **answers: dict[str, Any]) -> dict[str, Any]:
    return {"record": "scan-loop", "llvm": llvm, "answers": answers}


def test_figures_count_what_llvm_did_and_what_the_checks_said() -> None:
    unit = {"record": "scan-unit", "functions": 10, "with_loops": 4, "linked_walks": 1, "calls_with_effects": 2,
            "error": None}
    refused = {"record": "scan-unit", "functions": 0, "with_loops": 0, "linked_walks": 0, "error": "clang failed"}
    records = [unit, refused,
               _loop("vectorized", validation={"verdict": "counterexample"},
                     **{"validation, first-true": {"verdict": "proved"}}),
               _loop("vectorized", validation={"verdict": "unknown", "reason": "a.c:3:1: unsupported: a store of ptr"}),
               _loop("left alone", speculation={"verdict": "proved"}, general={"verdict": "proved"},
                     simple={"verdict": "unknown", "reason": "solver timeout"}),
               _loop("left alone", speculation={"verdict": "unknown", "reason": "b.c:9:2: unsupported: a store of ptr"},
                     general={"record": "error", "error": "broken"})]
    f = figures(records)
    assert (f["units"], f["refused"], f["functions"], f["with loops"], f["walks"], f["calls"]) == (2, 1, 10, 4, 1, 2)
    assert (f["checked"], f["vectorized"], f["left"], f["cttz.elts"], f["forms proved"]) == (4, 2, 2, 1, 1)
    assert f["validation"] == {"proved": 0, "counterexample": 1, "unknown": 1, "error": 0}
    assert f["speculation"] == {"proved": 1, "counterexample": 0, "unknown": 1, "error": 0}
    # grouped without places: both stores of ptr in one row; the first undecided answer per loop
    assert f["reasons"] == {"unsupported: a store of ptr": 2, "solver timeout": 1}
