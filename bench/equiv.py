"""Benchmark: equivalence of loops with their vectorized forms.

- hand-written forms (the search loop, find-first-zero), bounded (trip bound 4*VF)
  and by the induction alone ("all": every trip count, else unknown), next to the
  hand-minimal z3 query of find-first-zero (bench/minimal.py);
- the forms the tool emits as LLVM IR (general and simple) for every seed model and the
  other form models: bounded (trip bound 4*VF, up to --bounded-vf) and unbounded
  (the induction over one vector iteration, every VF given).

"vs minimal" is seconds over the hand-minimal query's at the same VF. An unbounded
row ("all") covers the trip bound too: `verifier check --check equiv` without
--bounded tries that induction first and unrolls only where it does not close.

Each obligation runs in a fresh process so that peak memory (max RSS, z3's heap
included) is its own; each has --timeout seconds. --repeat R runs each R times and
shows the median seconds (the ratio is of medians).

    python bench/equiv.py                          # VF 4 8 16
    python bench/equiv.py --vf 4 16 64 --bounded-vf 16
    python bench/equiv.py --vf 64 --only generated --models search_loop liveout_a
    python bench/equiv.py --vf 16 --bounded-vf 0 --models search_loop --repeat 5
    python bench/equiv.py --json after.json && python bench/compare.py before.json after.json
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

CASES = [
    ("search_loop simple", "seed/search_loop.loop", "examples/search_loop_simple_vf4.loop"),
    ("search_loop general", "seed/search_loop.loop", "seed/vectorized/search_loop_general_vf4.loop"),
    ("find_first_zero simple", "examples/find_first_zero.loop", "examples/find_first_zero_simple_vf4.loop"),
]


def at_vf(rel: str, vf: int, tmp: Path) -> Path:
    """The model with `const VF = 4` set to `vf` (the forms differ only there)."""
    text = (ROOT / "models" / rel).read_text()
    out = tmp / f"{Path(rel).stem}_{vf}.loop"
    out.write_text(re.sub(r"const VF = \d+", f"const VF = {vf}", text))
    return out


def _obligation(args: tuple[str, str, int]) -> tuple[str, float, int]:
    from verifier.checks.refinement import refinement
    from verifier.frontend.parser import parse_file
    from verifier.smt.budget import Budget

    src, tgt, trip = args
    t0 = time.perf_counter()
    v = refinement(parse_file(src), parse_file(tgt), max_trip=trip, budget=Budget.of(60))
    dt = time.perf_counter() - t0
    return v.verdict, dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _hand_induction(args: tuple[str, str]) -> tuple[str, float, int]:
    """A hand-written target by the induction alone (every trip count, or unknown)."""
    from verifier.checks.translation import inductive
    from verifier.frontend.parser import parse_file
    from verifier.smt.budget import Budget

    src, tgt = args
    t0 = time.perf_counter()
    v = inductive(parse_file(src), parse_file(tgt), Budget.of(60))
    dt = time.perf_counter() - t0
    return (v.verdict if not isinstance(v, str) else "unknown"), dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _generated(args: tuple[str, int, int, str, bool, float]) -> tuple[str, float, int]:
    """The form the tool emits (verifier/emit), checked bounded or unbounded."""
    from verifier.checks.dispatch import Request, Scope
    from verifier.checks.verdict import Check
    from verifier.pairs import form_verdict
    from verifier.transforms.vector_loop import Form

    src, vf, trip, form, unbounded, timeout = args
    req = Request(Check.EQUIV, vf, trip, timeout, Scope.UNBOUNDED if unbounded else Scope.BOUNDED, Form(form),
                  accept_bounded=None if unbounded else trip)
    t0 = time.perf_counter()
    v = form_verdict(req, Path(src))
    dt = time.perf_counter() - t0
    return v.verdict, dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


GENERATED = ["seed/search_loop", "seed/liveout_a", "seed/liveout_b", "seed/division", "seed/guarded_division",
             "seed/indirect_access", "seed/hoist_store", "seed/predication_example", "seed/liveout_y",
             "seed/predication_example_ordered", "seed/liveout_y_ordered",
             "legality/two_exits", "legality/countdown", "forms/sum_until_zero", "forms/abs_copy"]


def _minimal(args: tuple[int, int]) -> tuple[str, float, int]:
    from minimal import query

    r, dt = query(*args)
    return r, dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def in_fresh_process(fn, args, repeat: int = 1):  # type: ignore[no-untyped-def]
    """(verdict, seconds, peak memory): the median seconds and the largest peak of
    `repeat` runs, each in a fresh process (one run's z3 jitter is +-30% at 0.1 s)."""
    runs = []
    for _ in range(repeat):
        with mp.get_context("spawn").Pool(1) as pool:
            runs.append(pool.apply(fn, (args,)))
    verdicts = {r[0] for r in runs}
    return (runs[0][0] if len(verdicts) == 1 else "/".join(sorted(verdicts)),
            statistics.median(r[1] for r in runs), max(r[2] for r in runs))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--vf", type=int, nargs="*", default=[4, 8, 16])
    ap.add_argument("--bounded-vf", type=int, default=16, help="bounded checks of generated forms up to this VF")
    ap.add_argument("--only", choices=["hand", "generated"], help="one half of the table")
    ap.add_argument("--models", nargs="*", help="generated forms: these models only (stems)")
    ap.add_argument("--forms", nargs="*", default=["general", "simple"])
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--repeat", type=int, default=1, help="runs per obligation; the median seconds is shown")
    ap.add_argument("--json", type=Path, help="write the figures here (bench/compare.py compares two runs)")
    opts = ap.parse_args()
    from figures import Figures, Row, calibrate

    figures = Figures("equiv", calibrate())
    rows = []
    header = f"{'obligation':44} {'VF':>3} {'bound':>9} {'verdict':>14} {'seconds':>8} {'peak MiB':>9} {'vs minimal':>10}"
    print(header, flush=True)

    def show(row: tuple) -> None:  # type: ignore[type-arg]
        name, vf, trip, verdict, dt, mem, ratio = row
        rs = f"{ratio:.1f}x" if ratio else ""
        print(f"{name:44} {vf:>3} {trip:>9} {verdict:>14} {dt:>8.3f} {mem / 1024:>9.1f} {rs:>10}", flush=True)
        rows.append(row)
        figures.add(Row(name, vf, str(trip), verdict, dt, mem / 1024))

    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for vf in opts.vf:
            trip = 4 * vf
            base = 0.0  # the hand-minimal query's seconds at this VF, when measured
            # the reference of every ratio, measured for either half of the table
            r, base, mem = in_fresh_process(_minimal, (vf, trip), opts.repeat)
            show(("find_first_zero hand-minimal z3", vf, trip, r, base, mem, None))
            if opts.only != "generated":
                for name, src, tgt in CASES:
                    verdict, dt, mem = in_fresh_process(
                        _obligation, (str(ROOT / "models" / src), str(at_vf(tgt, vf, tmp)), trip), opts.repeat)
                    ratio = dt / base if name.startswith("find_first_zero") else None
                    show((f"{name} (hand-written)", vf, trip, verdict, dt, mem, ratio))
                    verdict, dt, mem = in_fresh_process(
                        _hand_induction, (str(ROOT / "models" / src), str(at_vf(tgt, vf, tmp))), opts.repeat)
                    show((f"{name} (hand-written)", vf, "all", verdict, dt, mem, None))
            if opts.only == "hand":
                continue
            for rel in GENERATED:
                if opts.models and Path(rel).name not in opts.models:
                    continue
                for form in opts.forms:
                    for unbounded in (False, True):
                        if not unbounded and vf > opts.bounded_vf:
                            continue
                        verdict, dt, mem = in_fresh_process(
                            _generated, (str(ROOT / "models" / f"{rel}.loop"), vf, trip, form, unbounded, opts.timeout),
                            opts.repeat)
                        show((f"{Path(rel).name} {form}", vf, "all" if unbounded else trip, verdict, dt, mem,
                              dt / base if base else None))
    if opts.json is not None:
        figures.write(opts.json)


if __name__ == "__main__":
    main()
