"""`verifier scan` on real projects: for each build folder (a compile_commands.json in
it), a cold scan (a fresh result cache) and a warm one (the same cache, nothing
changed), optionally a cold one on a local Dask cluster of two worker processes.
The projects are the user's checkouts: nothing is fetched or committed.

Per project: compile units, functions, functions with loops, early-exit loops
checked, walks of linked structures, loops around calls with effects, what LLVM vectorized (validated: proved /
counterexample / unknown; the cttz.elts finding apart), what it left (our
speculation verdicts; loops whose forms we prove), and seconds and peak memory of
each run, with the warm and the cluster run's ratios to the cold one measured in
this same run. Then the unknowns by reason over every project, each with its share
of the loops.

    python bench/scan.py ~/src/cJSON/build ~/src/zlib/build --timeout 20 --jobs 2
    python bench/scan.py ~/src/zlib/build --cluster   # also on two local Dask workers
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verifier.reports.scan import reason_key  # noqa: E402


def scan(build: Path, cache: Path, args: list[str]) -> tuple[list[dict[str, Any]], float, float]:
    """One `verifier scan --json` of `build`: its records, wall seconds and the peak
    resident memory (MB) of its largest child process so far."""
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "scan", str(build), "--json", "-q",
                        "--cache-dir", str(cache), *args], capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if r.returncode not in (0, 1, 3):
        raise SystemExit(f"verifier scan {build} failed ({r.returncode}):\n{r.stderr}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return [json.loads(line) for line in r.stdout.splitlines()], seconds, peak


def verdict(loop: dict[str, Any], question: str) -> str | None:
    a = loop["answers"].get(question)
    return None if a is None else str(a.get("verdict", a.get("record")))


def figures(records: list[dict[str, Any]]) -> dict[str, Any]:
    """A scan's counts (see the module docstring)."""
    units = [r for r in records if r["record"] == "scan-unit"]
    loops = [r for r in records if r["record"] == "scan-loop"]
    vec = [x for x in loops if x["llvm"] == "vectorized"]
    left = [x for x in loops if x["llvm"] == "left alone"]
    out: dict[str, Any] = {
        "units": len(units), "refused": sum(1 for u in units if u["error"]),
        "functions": sum(u["functions"] for u in units), "with loops": sum(u["with_loops"] for u in units),
        "checked": len(loops), "walks": sum(u["linked_walks"] for u in units),
        "calls": sum(u.get("calls_with_effects", 0) for u in units),
        "vectorized": len(vec), "left": len(left),
        "cttz.elts": sum(1 for x in vec if (verdict(x, "validation"), verdict(x, "validation, first-true"))
                         == ("counterexample", "proved")),
        "forms proved": sum(1 for x in left if "proved" in (verdict(x, "general"), verdict(x, "simple"))),
    }
    for q, rows in (("validation", vec), ("speculation", left)):
        counts = Counter(verdict(x, q) for x in rows)
        out[q] = {k: counts.get(k, 0) for k in ("proved", "counterexample", "unknown", "error")}
    out["reasons"] = Counter(reason_key(_reason(x)) for x in loops if _reason(x))
    return out


def _reason(loop: dict[str, Any]) -> str | None:
    """The loop's first undecided answer's reason (as the scan's summary groups them)."""
    for a in loop["answers"].values():
        if a.get("record") == "error":
            return str(a.get("error", ""))
        if a.get("verdict") == "unknown":
            return str(a.get("reason", "")) or None
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("builds", nargs="+", type=Path, help="build folders holding a compile_commands.json")
    ap.add_argument("--timeout", default="20", help="the scan's --timeout")
    ap.add_argument("--jobs", default="2", help="the scan's --jobs")
    ap.add_argument("--cluster", action="store_true", help="also a cold scan on two local Dask worker processes")
    ap.add_argument("--json", type=Path, help="write the figures here too")
    a = ap.parse_args()
    args = ["--timeout", a.timeout, "--jobs", a.jobs]
    rows, reasons, total = [], Counter[str](), 0
    for build in a.builds:
        with tempfile.TemporaryDirectory(prefix="bench-scan-") as d:
            records, cold, peak = scan(build, Path(d) / "cold", args)
            _, warm, _ = scan(build, Path(d) / "cold", args)
            on_cluster = _cluster_run(build, Path(d) / "cluster", args) if a.cluster else None
        f = figures(records)
        reasons.update(f.pop("reasons"))
        total += f["checked"]
        rows.append({"project": build.resolve().parent.name, **f, "cold s": round(cold, 1), "warm s": round(warm, 1),
                     "warm/cold": round(warm / cold, 2), "peak MB": round(peak),
                     **({"2 Dask workers s": round(on_cluster, 1), "dask/cold": round(on_cluster / cold, 2)}
                        if on_cluster is not None else {})})
    _print(rows, reasons, total)
    if a.json:
        a.json.write_text(json.dumps({"projects": rows, "reasons": dict(reasons)}, indent=1) + "\n")


def _cluster_run(build: Path, cache: Path, args: list[str]) -> float:
    """A cold scan with its questions on a local Dask cluster of two single-threaded
    worker processes (the scheduler started here, stopped after)."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        local = [x for k, x in enumerate(args) if x != "--jobs" and (k == 0 or args[k - 1] != "--jobs")]
        _, seconds, _ = scan(build, cache, [*local, "--cluster", cluster.scheduler_address])
    return seconds


def _print(rows: list[dict[str, Any]], reasons: Counter[str], total: int) -> None:
    keys = [k for k in rows[0] if k not in ("validation", "speculation")]
    for r in rows:
        v, s = r["validation"], r["speculation"]
        print(f"{r['project']}:")
        print("  " + ", ".join(f"{k} {r[k]}" for k in keys if k != "project"))
        print(f"  validation: {v['proved']} proved, {v['counterexample']} counterexample "
              f"({r['cttz.elts']} the cttz.elts finding), {v['unknown']} unknown, {v['error']} error")
        print(f"  speculation: {s['proved']} proved, {s['counterexample']} counterexample, {s['unknown']} unknown, "
              f"{s['error']} error")
    print(f"unknown, by reason (of {total} loops checked):")
    for why, n in reasons.most_common():
        print(f"  {n:4d}  {100 * n / max(1, total):5.1f}%  {why}")


if __name__ == "__main__":
    main()
