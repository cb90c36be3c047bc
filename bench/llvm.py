"""Benchmark: translation validation of opt-22's early-exit vectorization on the
committed fixtures (models/llvm/): each vectorized output against its scalar
source as `verifier equiv` checks it (checks/translation.py: the induction over one
vector iteration, else bounded with max_trip 129, which covers the fixtures'
constant trip counts), under both cttz.elts rules; "covers" says which. Each check
in a fresh process (peak memory is its own).

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


def _check(args: tuple[str, str, str, float]) -> tuple[str, str, float, int]:
    from verifier.checks.param_start import guard_proofs
    from verifier.checks.translation import translation
    from verifier.frontend.llvm import LLOptions, LLUnsupported, parse_ll_pair

    name, target, rule, timeout = args
    t0 = time.perf_counter()
    o = LLOptions(cttz_elts=rule)
    try:
        src, tgt = parse_ll_pair(LL / f"{name}.scalar.ll", LL / f"{name}.{target}.ll", None, o)
    except LLUnsupported as u:
        return (f"unknown ({u.what})", "", time.perf_counter() - t0,
                resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    v = translation(src, tgt, 129, timeout)
    guard_proofs(src, [v], 129, timeout)
    cov = "" if v.verdict != "proved" else "every trip" if v.coverage.get("unbounded") else \
        "every input" if v.coverage.get("complete") else "bounded"
    return v.verdict, cov, time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--timeout", type=float, default=60.0)
    opts = ap.parse_args()
    names = sorted(p.name[: -len(".scalar.ll")] for p in LL.glob("*.scalar.ll"))
    print(f"{'fixture':16} {'target':6} {'cttz.elts':10} {'verdict':16} {'covers':11} {'seconds':>8} {'peak MiB':>9}",
          flush=True)
    for name in names:
        if opts.only and name not in opts.only:
            continue
        for target in ("vf4", "vec"):
            for rule in ("any-poison", "first-true"):
                with mp.get_context("spawn").Pool(1) as pool:
                    verdict, cov, dt, mem = pool.apply(_check, ((name, target, rule, opts.timeout),))
                print(f"{name:16} {target:6} {rule:10} {verdict:16} {cov:11} {dt:>8.3f} {mem / 1024:>9.1f}",
                      flush=True)


if __name__ == "__main__":
    main()
