"""Benchmark: translation validation of opt-22's early-exit vectorization on the
committed fixtures (models/llvm/): each vectorized output against its scalar
source as `verifier equiv` checks it (checks/translation.py: the induction over one
vector iteration, else bounded with max_trip 129, which covers the fixtures'
constant trip counts), under both cttz.elts rules; "covers" says which. Each check
in a fresh process (peak memory is its own).

Side by side with Alive2 (`--alive2 PATH`, or `alive-tv` on the PATH): the same
pair of files given to `alive-tv --src-unroll=U --tgt-unroll=U --smt-to=MS`, its
verdict read off its summary (correct, incorrect, failed-to-prove, error) and its
wall time; "vs alive2" is our seconds over its, both measured in this run. Alive2 is
not packaged for Debian or PyPI; build it from its sources (it needs an LLVM built
with RTTI and exceptions) and pass its `alive-tv`. Without it the columns say
"n/a" and nothing else changes.

    python bench/llvm.py
    python bench/llvm.py --only find_first_16 find_first_64
    python bench/llvm.py --alive2 ~/alive2/build/alive-tv --alive2-unroll 129 --json llvm.json
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
LL = ROOT / "models" / "llvm"
MAX_TRIP = 129
SUMMARY = re.compile(r"^\s*(\d+) (correct|incorrect|failed-to-prove) transformations|^\s*(\d+) Alive2 errors", re.M)


def _check(args: tuple[str, str, str, float]) -> tuple[str, str, float, int]:
    from verifier.checks.param_start import guard_proofs
    from verifier.checks.translation import translation
    from verifier.frontend.llvm import LLOptions, LLUnsupported, parse_ll_pair
    from verifier.smt.budget import Budget

    name, target, rule, timeout = args
    t0 = time.perf_counter()
    o = LLOptions(cttz_elts=rule)
    try:
        src, tgt = parse_ll_pair(LL / f"{name}.scalar.ll", LL / f"{name}.{target}.ll", None, o)
    except LLUnsupported as u:
        return (f"unknown ({u.what})", "", time.perf_counter() - t0,
                resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    v = translation(src, tgt, MAX_TRIP, Budget.of(timeout))
    guard_proofs(src, [v], MAX_TRIP, timeout)
    cov = "" if v.verdict != "proved" else "every trip" if v.coverage.unbounded else \
        "every input" if v.coverage.complete else "bounded"
    return v.verdict, cov, time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def alive2_verdict(output: str) -> str:
    """Alive2's verdict on one pair from alive-tv's summary: `correct`, `incorrect`,
    `failed-to-prove` or `error` (the first kind it counts one of), else `no summary`."""
    counts: dict[str, int] = {}
    for m in SUMMARY.finditer(output):
        if m.group(3) is not None:
            counts["error"] = int(m.group(3))
        else:
            counts[m.group(2)] = int(m.group(1))
    for kind in ("incorrect", "error", "failed-to-prove", "correct"):
        if counts.get(kind):
            return kind
    return "no summary"


def run_alive2(tool: str, src: Path, tgt: Path, unroll: int, timeout: float) -> tuple[str, float]:
    """alive-tv on one pair: its verdict and wall seconds (`timeout` past its own)."""
    t0 = time.perf_counter()
    try:
        r = subprocess.run([tool, f"--src-unroll={unroll}", f"--tgt-unroll={unroll}",
                            f"--smt-to={int(timeout * 1000)}", str(src), str(tgt)],
                           capture_output=True, text=True, timeout=2 * timeout + 10)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - t0
    except OSError as e:
        return f"cannot run ({e.strerror})", time.perf_counter() - t0
    return alive2_verdict(r.stdout + r.stderr), time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--alive2", help="alive-tv to run beside (default: alive-tv on the PATH, if there)")
    ap.add_argument("--alive2-unroll", type=int, default=MAX_TRIP, help="alive-tv's --src-unroll/--tgt-unroll")
    ap.add_argument("--json", type=Path, help="write the figures here (bench/compare.py compares two runs)")
    opts = ap.parse_args()
    from figures import Figures, Row, calibrate

    figures = Figures("llvm", calibrate())
    alive = opts.alive2 or shutil.which("alive-tv")
    names = sorted(p.name[: -len(".scalar.ll")] for p in LL.glob("*.scalar.ll"))
    print(f"{'fixture':16} {'target':6} {'cttz.elts':10} {'verdict':16} {'covers':11} {'seconds':>8} {'peak MiB':>9}"
          f" {'alive2':>16} {'seconds':>8} {'vs alive2':>9}", flush=True)
    for name in names:
        if opts.only and name not in opts.only:
            continue
        for target in ("vf4", "vec"):
            theirs, their_s = ("n/a", 0.0) if alive is None else \
                run_alive2(alive, LL / f"{name}.scalar.ll", LL / f"{name}.{target}.ll", opts.alive2_unroll, opts.timeout)
            if alive is not None:
                figures.add(Row(f"{name} {target} alive-tv", None, str(opts.alive2_unroll), theirs, their_s, 0.0))
            for rule in ("any-poison", "first-true"):
                with mp.get_context("spawn").Pool(1) as pool:
                    verdict, cov, dt, mem = pool.apply(_check, ((name, target, rule, opts.timeout),))
                ratio = f"{dt / their_s:.2f}x" if alive is not None and their_s > 0 else ""
                print(f"{name:16} {target:6} {rule:10} {verdict:16} {cov:11} {dt:>8.3f} {mem / 1024:>9.1f}"
                      f" {theirs:>16} {their_s if alive else 0:>8.3f} {ratio:>9}", flush=True)
                figures.add(Row(f"{name} {target} {rule}", None, "all" if cov == "every trip" else str(MAX_TRIP),
                                verdict, dt, mem / 1024))
    if opts.json is not None:
        figures.write(opts.json)


if __name__ == "__main__":
    main()
