"""Long fuzz run: N mutated inputs (models, LLVM IR, suites, command lines; see
tests/fuzzing.py), each run in-process as a user would run it, with the count per
outcome and kind and every distinct failure signature (an internal error, a hang,
an error without a location) with the first input that gave it. Exit 1 on any
failure. Input k is the same on every machine (seeded by k).

    python bench/fuzz.py [N] [--start K] [--jobs J] [--limit SECONDS] [--memory GIB] [--json FILE]

Each worker's address space is capped (--memory, 8 GiB by default): an input that
would take the machine's memory ends in a MemoryError, counted as an internal error
with its input, where the kernel's OOM killer would end the worker and leave the
pool waiting for an answer that never comes.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzzing import FAILURES, HANG_SECONDS, Outcome, case_of, run_case  # noqa: E402


def _cap_memory(gib: float) -> None:
    limit = int(gib * (1 << 30))
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _one(args: tuple[int, float]) -> tuple[int, str, str, float, str, str, float]:
    seed, limit = args
    case = case_of(seed)
    with tempfile.TemporaryDirectory() as d:
        r = run_case(case, Path(d), limit)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return seed, case.kind, r.outcome.value, r.seconds, r.signature, case.describe(), peak


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int, nargs="?", default=10_000)
    ap.add_argument("--start", type=int, default=0, help="the first input's number")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=float, default=HANG_SECONDS, help="seconds after which an input is a hang")
    ap.add_argument("--memory", type=float, default=8.0, help="GiB of address space per worker")
    ap.add_argument("--json", type=Path, help="write the counts and failures here")
    opts = ap.parse_args()
    t0 = time.perf_counter()
    by_outcome: Counter[str] = Counter()
    by_kind: Counter[tuple[str, str]] = Counter()
    failures: dict[str, tuple[int, str]] = {}
    slowest = (0.0, "")
    peak = 0.0
    seeds = [(k, opts.limit) for k in range(opts.start, opts.start + opts.n)]
    # a fresh worker every 200 inputs: what one input leaves behind (z3 contexts) stays small
    with mp.get_context("fork").Pool(opts.jobs, maxtasksperchild=200, initializer=_cap_memory,
                                     initargs=(opts.memory,)) as pool:
        for done, (seed, kind, outcome, seconds, signature, described, mem) in \
                enumerate(pool.imap_unordered(_one, seeds, chunksize=4), 1):
            by_outcome[outcome] += 1
            by_kind[(kind, outcome)] += 1
            peak = max(peak, mem)
            if seconds > slowest[0]:
                slowest = (seconds, f"#{seed} {described}")
            if Outcome(outcome) in FAILURES and signature not in failures:
                failures[signature] = (seed, described)
                print(f"FAILURE #{seed}: {signature}\n    {described[:300]}", flush=True)
            if done % 500 == 0:
                print(f"... {done}/{opts.n} in {time.perf_counter() - t0:.0f} s", flush=True)
    wall = time.perf_counter() - t0
    print(f"\n{opts.n} inputs (#{opts.start}..#{opts.start + opts.n - 1}) in {wall:.0f} s, "
          f"{opts.jobs} workers, peak {peak:.0f} MiB per worker")
    print(f"{'kind':18} {'outcome':26} {'count':>7}")
    for (kind, outcome), count in sorted(by_kind.items()):
        print(f"{kind:18} {outcome:26} {count:>7}")
    print(f"{'all':18} {'':26} {sum(by_outcome.values()):>7}")
    for o in Outcome:
        print(f"  {o.value:30} {by_outcome.get(o.value, 0):>7}")
    print(f"slowest: {slowest[0]:.1f} s, {slowest[1][:200]}")
    print(f"distinct failure signatures: {len(failures)}")
    for sig, (seed, described) in failures.items():
        print(f"  {sig}\n      first #{seed}: {described[:300]}")
    if opts.json is not None:
        opts.json.write_text(json.dumps({"inputs": opts.n, "start": opts.start, "seconds": wall,
                                         "outcomes": dict(by_outcome),
                                         "failures": {s: {"seed": k, "input": d} for s, (k, d) in failures.items()}},
                                        indent=1))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
