"""Benchmark: the whole shipped suite's wall time, serial and parallel, with a cold
cache (empty) and a warm one (every answer cached by the cold run).

    python bench/suite.py                 # proofs/, --jobs 1 and 2
    python bench/suite.py --jobs 1 2 4 --paths proofs/core.toml
    python bench/suite.py --jobs 2 --json after.json

Each run is `verifier suite` in a fresh process (as CI runs it), so the times include
start-up, parsing and the cache look-ups; peak memory is the largest process's.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(paths: list[str], jobs: int, cache: Path) -> tuple[int, float]:
    env = {**os.environ, "VERIFIER_CACHE_DIR": str(cache)}
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "suite", *paths, "--jobs", str(jobs), "-q"],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        print(r.stdout[-2000:], r.stderr[-2000:], file=sys.stderr)
    return r.returncode, dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, nargs="*", default=[1, 2])
    ap.add_argument("--paths", nargs="*", default=["proofs/"])
    ap.add_argument("--json", type=Path, help="write the figures here (bench/compare.py compares two runs)")
    opts = ap.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    from figures import Figures, Row, calibrate

    figures = Figures("suite", calibrate())
    print(f"{'suite':24} {'jobs':>4} {'cache':>6} {'exit':>4} {'seconds':>8} {'peak MiB':>9}", flush=True)
    for jobs in opts.jobs:
        with tempfile.TemporaryDirectory() as d:
            cache = Path(d)
            for state in ("cold", "warm"):
                rc, dt = run(opts.paths, jobs, cache)
                peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
                print(f"{' '.join(opts.paths):24} {jobs:>4} {state:>6} {rc:>4} {dt:>8.1f} {peak:>9.1f}", flush=True)
                figures.add(Row(f"{' '.join(opts.paths)} --jobs {jobs} {state}", None, "-", f"exit {rc}", dt, peak))
    if opts.json is not None:
        figures.write(opts.json)


if __name__ == "__main__":
    main()
