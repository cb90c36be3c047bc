"""Benchmark: bounded equivalence of the search loop and find-first-zero with their
vectorized forms at VF 4, 8, 16 (trip bound 4*VF), next to the hand-minimal z3
query of find-first-zero (bench/minimal.py). Each obligation runs in a fresh
process so that peak memory (max RSS, z3's heap included) is its own.

    python bench/equiv.py            # the table
    python bench/equiv.py --vf 4 8   # some VFs only
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import re
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

CASES = [
    ("search_loop simple", "seed/search_loop.loop", "examples/search_loop_simple_vf4.loop"),
    ("search_loop general", "seed/search_loop.loop", "examples/search_loop_general_vf4.loop"),
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

    src, tgt, trip = args
    t0 = time.perf_counter()
    v = refinement(parse_file(src), parse_file(tgt), max_trip=trip)
    dt = time.perf_counter() - t0
    return v.verdict, dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _minimal(args: tuple[int, int]) -> tuple[str, float, int]:
    from minimal import query

    r, dt = query(*args)
    return r, dt, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def in_fresh_process(fn, args):  # type: ignore[no-untyped-def]
    with mp.get_context("spawn").Pool(1) as pool:
        return pool.apply(fn, (args,))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--vf", type=int, nargs="*", default=[4, 8, 16])
    opts = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for vf in opts.vf:
            trip = 4 * vf
            r, base, mem = in_fresh_process(_minimal, (vf, trip))
            rows.append(("find_first_zero hand-minimal z3", vf, trip, r, base, mem, None))
            for name, src, tgt in CASES:
                verdict, dt, mem = in_fresh_process(
                    _obligation, (str(ROOT / "models" / src), str(at_vf(tgt, vf, tmp)), trip))
                ratio = dt / base if name.startswith("find_first_zero") else None
                rows.append((f"{name} equiv", vf, trip, verdict, dt, mem, ratio))
    print(f"{'obligation':34} {'VF':>3} {'bound':>5} {'verdict':>8} {'seconds':>8} {'peak MiB':>9} {'vs minimal':>10}")
    for name, vf, trip, verdict, dt, mem, ratio in rows:
        rs = f"{ratio:.1f}x" if ratio else ""
        print(f"{name:34} {vf:>3} {trip:>5} {verdict:>8} {dt:>8.3f} {mem / 1024:>9.1f} {rs:>10}")


if __name__ == "__main__":
    main()
