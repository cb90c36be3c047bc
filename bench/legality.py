"""Benchmark: each legality check's seconds per model at VF 4 and 16 (without
repair). `bound` is "all" when every verdict was proved or refuted for every trip
count (one vector iteration from any reachable state), else the bounded check's
trip bound. `--repair` adds a row per model and VF: the speculation check's repair
phase alone (extents and runtime guards: the check with repair less the check
without, the least of three runs each), with its ratio to the check's own time
(issue 22 asks for at most 1x).

    python bench/legality.py [VF ...] [--repair] [--json FILE]
"""

from __future__ import annotations

import gc
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verifier.analysis.exits import analyse  # noqa: E402
from verifier.checks.freeze import freeze_invariance  # noqa: E402
from verifier.checks.legality import hoistability, speculation_safety  # noqa: E402
from verifier.frontend.parser import parse_file  # noqa: E402
from verifier.smt.budget import Budget  # noqa: E402

MODELS = ["seed/" + m for m in ("search_loop", "division", "guarded_division", "indirect_access", "hoist_store",
                                 "liveout_a", "liveout_b", "liveout_y", "predication_example")] + \
    ["legality/" + m for m in ("two_exits", "three_exits", "nsw_exit", "stored_exit", "while_true_latch",
                               "countdown")]


def _bound(vs: list, vf: int, check: str) -> str:  # type: ignore[type-arg]
    """'all' when every verdict holds for every trip count, else the trip bound."""
    if check == "freeze":
        return "-"
    if all(v.coverage.unbounded for v in vs):
        return "all"
    return str(max(2 * vf, 4))


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("vf", type=int, nargs="*", default=[4, 16])
    ap.add_argument("--json", type=Path, help="write the figures here (bench/compare.py compares two runs)")
    ap.add_argument("--repair", action="store_true", help="also time the speculation check's repair phase")
    opts = ap.parse_args()
    vfs = opts.vf
    sys.path.insert(0, str(ROOT / "bench"))
    from figures import Figures, Row, calibrate

    figures = Figures("legality", calibrate())
    print(f"{'model':30} {'check':10} {'VF':>3} {'bound':>5} {'seconds':>8} {'peak MiB':>9}  verdicts")
    for name in MODELS:
        prog = parse_file(ROOT / "models" / f"{name}.loop")
        k = len(analyse(prog).data_dependent)
        for vf in vfs:
            for check, run in (("hoist", lambda p, vf=vf: hoistability(p, vf)),
                               ("speculate", lambda p, vf=vf: speculation_safety(p, vf)),
                               ("freeze", lambda p, vf=vf, k=k: [freeze_invariance(k, vf, Budget.of(60), model_name=p.name)])):
                t0 = time.perf_counter()
                vs = run(prog)
                dt = time.perf_counter() - t0
                mem = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                summary = ", ".join(f"{(v.subject or '').split(' ')[0] or 'all'}:{v.verdict}" for v in vs)
                print(f"{name:30} {check:10} {vf:>3} {_bound(vs, vf, check):>5} {dt:>8.2f} {mem:>9.1f}  {summary}")
                figures.add(Row(f"{name} {check}", vf, _bound(vs, vf, check), summary, dt, mem))
                if check == "speculate" and opts.repair:
                    # the phase is a difference of two times: the least of three runs each
                    alone, both = [], []
                    for _ in range(3):
                        gc.collect()  # a collection of earlier checks' garbage lands in neither
                        t0 = time.perf_counter()
                        speculation_safety(prog, vf)
                        alone.append(time.perf_counter() - t0)
                        gc.collect()
                        t0 = time.perf_counter()
                        speculation_safety(prog, vf, repair=True)
                        both.append(time.perf_counter() - t0)
                    dt = min(alone)
                    phase = max(0.0, min(both) - dt)
                    mem = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                    ratio = f"{phase / dt:.2f}x of the check" if dt > 0 else "-"
                    print(f"{name:30} {'repair':10} {vf:>3} {'-':>5} {phase:>8.2f} {mem:>9.1f}  {ratio}")
                    figures.add(Row(f"{name} repair", vf, "-", "repaired", phase, mem))
    if opts.json is not None:
        figures.write(opts.json)


if __name__ == "__main__":
    main()
