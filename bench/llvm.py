"""Benchmark: translation validation of opt-22's early-exit vectorization on the
committed fixtures (models/llvm/): each vectorized output against its scalar
source, bounded with full coverage (the source loops' constant trip counts are
covered: max_trip 129), under both cttz.elts rules. Each check in a fresh process
(peak memory is its own).

    python bench/llvm.py
    python bench/llvm.py --only find_first_16 find_first_64
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
LL = ROOT / "models" / "llvm"


def _check(args: tuple[str, str, str, float]) -> tuple[str, float, int]:
    from verifier.checks.refinement import refinement
    from verifier.frontend.llvm import LLOptions, LLUnsupported, parse_ll_file

    name, target, rule, timeout = args
    t0 = time.perf_counter()
    o = LLOptions(cttz_elts=rule)
    try:
        src = parse_ll_file(LL / f"{name}.scalar.ll", None, o)
        tgt = parse_ll_file(LL / f"{name}.{target}.ll", None, o)
    except LLUnsupported as u:
        return f"unknown ({u.what})", time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    v = refinement(src, tgt, max_trip=129, timeout=timeout)
    return v.verdict, time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--timeout", type=float, default=60.0)
    opts = ap.parse_args()
    names = sorted(p.name[: -len(".scalar.ll")] for p in LL.glob("*.scalar.ll"))
    print(f"{'fixture':16} {'target':6} {'cttz.elts':10} {'verdict':24} {'seconds':>8} {'peak MiB':>9}", flush=True)
    for name in names:
        if opts.only and name not in opts.only:
            continue
        for target in ("vf4", "vec"):
            for rule in ("any-poison", "first-true"):
                with mp.get_context("spawn").Pool(1) as pool:
                    verdict, dt, mem = pool.apply(_check, ((name, target, rule, opts.timeout),))
                print(f"{name:16} {target:6} {rule:10} {verdict:24} {dt:>8.3f} {mem / 1024:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
