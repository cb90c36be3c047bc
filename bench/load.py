"""Benchmark: the shipped suite's verdicts do not depend on the machine's load.

    python bench/load.py                       # proofs/, quiet once, then 3 runs beside 4 hogs
    python bench/load.py --hogs 4 --runs 3 --jobs 2 --paths proofs/core.toml

Runs `verifier suite PATHS --json --no-cache` in a fresh process with nothing beside
it, then `--runs` times with `--hogs` CPU-bound processes running beside it, and
compares every obligation's answer (verdict, counterexample, coverage, reason: all
of its JSON but the seconds) with the quiet run's. Prints a table (run, hogs, load
average, seconds, ratio to the quiet run, peak memory, obligations as expected,
answers identical to the quiet run's) and the five slowest obligations of the quiet
run. Exit 1 if any answer differs or any obligation is not as expected.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _hog() -> None:
    while True:
        pass


def run(paths: list[str], jobs: int) -> tuple[float, list[dict[str, Any]]]:
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "suite", *paths, "--json", "--no-cache",
                        "--jobs", str(jobs)], cwd=ROOT, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    rows = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    return dt, rows


def answer(row: dict[str, Any]) -> str:
    """An obligation's answer as the comparison sees it: everything but wall-clock time."""
    return json.dumps({k: v for k, v in row.items() if k != "seconds"}, sort_keys=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--paths", nargs="*", default=["proofs/"])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--hogs", type=int, default=4)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    table = []
    quiet_t, quiet = run(args.paths, args.jobs)
    ref = {r["obligation"]: answer(r) for r in quiet}
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    table.append(("quiet", 0, os.getloadavg()[0], quiet_t, peak, quiet, len(quiet)))
    ok = all(r.get("as_expected") for r in quiet)
    for k in range(args.runs):
        hogs = [mp.get_context("spawn").Process(target=_hog, daemon=True) for _ in range(args.hogs)]
        for h in hogs:
            h.start()
        try:
            time.sleep(2)  # let the load build up
            t, rows = run(args.paths, args.jobs)
            load = os.getloadavg()[0]
        finally:
            for h in hogs:
                h.kill()
        same = sum(ref.get(r["obligation"]) == answer(r) for r in rows)
        ok = ok and same == len(ref) == len(rows) and all(r.get("as_expected") for r in rows)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        table.append((f"loaded {k + 1}", args.hogs, load, t, peak, rows, same))
        for r in rows:
            if ref.get(r["obligation"]) != answer(r):
                print(f"DIFFERS in run {k + 1}: {r['obligation']}: {r.get('verdict')} ({r.get('reason', '')})",
                      file=sys.stderr)
    print(f"{'run':10} {'hogs':>4} {'load':>5} {'seconds':>8} {'ratio':>6} {'peak MiB':>8} {'as expected':>12} "
          f"{'identical':>10}")
    for name, hogs, load, t, peak, rows, same in table:
        expected = sum(bool(r.get("as_expected")) for r in rows)
        print(f"{name:10} {hogs:>4} {load:5.1f} {t:8.1f} {t / quiet_t:6.2f} {peak:8.0f} "
              f"{expected:>5}/{len(rows):<6} {same:>5}/{len(ref):<4}")
    print("\nslowest obligations of the quiet run (seconds, wall-clock):")
    for r in sorted(quiet, key=lambda r: -float(r.get("seconds", 0)))[:5]:
        print(f"  {float(r.get('seconds', 0)):7.2f}  {r['obligation']}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
