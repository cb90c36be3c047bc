"""Benchmark: how z3 resource units relate to seconds on this machine, per suite
obligation, to calibrate smt/budget.py's UNITS_PER_SECOND (what `--timeout S` means).

    python bench/budget.py                              # proofs/, every obligation
    python bench/budget.py --paths proofs/core.toml --top 10

Each obligation runs in this process, one after another, with no cache; for each the
table gives its wall-clock seconds, the units its questions were charged (the
budget's meter), their ratio, and the obligation's seconds of budget. The last line
is the ratio over all of them (units per wall-clock second), against the constant in
use: a ratio well below it means budgets run longer than their seconds here.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verifier.smt.budget import UNITS_PER_SECOND, work  # noqa: E402
from verifier.suite import load, run_obligation, suite_files  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--paths", nargs="*", default=["proofs/"])
    ap.add_argument("--top", type=int, default=0, help="show only the slowest N (all are measured)")
    ap.add_argument("--match", default="", help="only obligations whose name contains this")
    args = ap.parse_args()
    obligations = [ob for f in suite_files([ROOT / p for p in args.paths]) for ob in load(f) if args.match in ob.name]
    rows = []
    for ob in obligations:
        u0, t0 = work(), time.perf_counter()
        try:
            verdict = run_obligation(ob).verdict.value
        except Exception as e:  # a suite error: shown, not calibrated on
            verdict = f"error: {type(e).__name__}"
        dt, du = time.perf_counter() - t0, work() - u0
        rows.append((ob.name, ob.vf, ob.ask.max_trip, dt, du, verdict, ob.ask.timeout))
    shown = sorted(rows, key=lambda r: -r[3])[:args.top] if args.top else rows
    print(f"{'obligation':60} {'VF':>3} {'bound':>5} {'seconds':>8} {'units':>12} {'units/s':>10} "
          f"{'budget s':>8} verdict")
    for name, vf, bound, dt, du, verdict, _ in shown:
        print(f"{name[:60]:60} {vf:>3} {bound or '-':>5} {dt:8.2f} {du:12d} {du / max(dt, 1e-6):10.0f} "
              f"{du / UNITS_PER_SECOND:8.2f} {verdict}")
    total_t = sum(r[3] for r in rows)
    total_u = sum(r[4] for r in rows)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\n{len(rows)} obligations: {total_t:.1f} s, {total_u} units, {total_u / max(total_t, 1e-6):.0f} units/s "
          f"(UNITS_PER_SECOND = {UNITS_PER_SECOND}: ratio {total_u / max(total_t, 1e-6) / UNITS_PER_SECOND:.2f}); "
          f"peak memory {peak:.0f} MiB")


if __name__ == "__main__":
    main()
