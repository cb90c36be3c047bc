"""Benchmark: translation validation of LLVM 22's scalable-vector outputs
(models/llvm/scalable/: AArch64 SVE and RISC-V V) at each vscale they allow, each
vscale in a fresh process (peak memory is its own), under cttz.elts first-true (the
reading under which LLVM's outputs are correct), with the whole `verifier equiv`
(every vscale, merged) after them. Reference, measured in the same run: the fixed
width output of the same C loop at the vectorizer's fixed VF 4
(`-force-vector-width=4`, made here with opt-22 when it is on the PATH, else the
column says n/a); "x ref" is each row's seconds over it.

    python bench/scalable.py
    python bench/scalable.py --only first_diff --timeout 60
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
SCALABLE = ROOT / "models" / "llvm" / "scalable"
BOUND = 256  # the fixtures' trip counts are at most 256: the bounded check covers them


def _one(args: tuple[Path, Path, int | None, float]) -> tuple[str, float, int]:
    """One pair at one vscale (None: fixed width), as `verifier equiv` checks it."""
    from verifier.checks.translation import equivalence
    from verifier.frontend.llvm import LLOptions, LLUnsupported, parse_ll_pair
    from verifier.smt.budget import Budget

    src, tgt, vscale, timeout = args
    t0 = time.perf_counter()
    try:
        a, b = parse_ll_pair(src, tgt, None, LLOptions(cttz_elts="first-true", vscale=vscale))
    except LLUnsupported as u:
        return f"unknown ({u.what})", time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    v = equivalence(a, b, True, BOUND, Budget.of(timeout))
    return f"{v.verdict} ({v.coverage.kind})", time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _whole(src: Path, tgt: Path, timeout: float) -> tuple[str, float]:
    """`verifier equiv` itself: every vscale, merged (its own process)."""
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "equiv", str(src), str(tgt), "--cttz-elts",
                        "first-true", "--assume", "vscale-at-most-16", "--timeout", str(timeout)],
                       cwd=ROOT, capture_output=True, text=True)
    if not r.stdout:
        return f"exit {r.returncode}", time.perf_counter() - t0
    every = "covers every trip count" in r.stdout
    return f"{r.stdout.split(':')[0]}{' (every-trip-count)' if every else ''}", time.perf_counter() - t0


def _fixed(src: Path, scratch: Path) -> Path | None:
    """The same scalar module vectorized at a fixed VF 4 (opt-22), or None without opt."""
    opt = shutil.which("opt-22") or shutil.which("opt")
    if opt is None:
        return None
    out = scratch / f"{src.stem}.vf4.ll"
    r = subprocess.run([opt, "-passes=loop-vectorize", "-force-vector-width=4", "-scalable-vectorization=off",
                        "-S", str(src), "-o", str(out)], capture_output=True, text=True)
    return out if r.returncode == 0 else None


def main() -> int:
    from verifier.frontend.llvm.scalable import vscale_range

    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--only", nargs="*", help="fixture names (default: all)")
    ap.add_argument("--timeout", type=float, default=60.0)
    a = ap.parse_args()
    names = sorted({p.name.split(".")[0] for p in SCALABLE.glob("*.sve.ll")})
    names = [n for n in names if not a.only or n in a.only]
    rows: list[tuple[str, str, str, str, str, str, str]] = []
    ctx = mp.get_context("spawn")
    with tempfile.TemporaryDirectory() as tmp, ctx.Pool(1, maxtasksperchild=1) as pool:
        for name in names:
            for target, scalar in (("sve", f"{name}.scalar.ll"), ("rvv", f"{name}.rv.scalar.ll")):
                src, tgt = SCALABLE / scalar, SCALABLE / f"{name}.{target}.ll"
                fixed = _fixed(src, Path(tmp))
                ref = None
                if fixed is not None:
                    verdict, ref, mem = pool.apply(_one, ((src, fixed, None, a.timeout),))
                    rows.append((f"{name} ({target} loop) fixed VF 4: reference", "4", str(BOUND), verdict,
                                 f"{ref:.2f}", f"{mem / 1024:.0f}", "1.00"))
                attrs = next(line for line in tgt.read_text().splitlines() if "vscale_range" in line)
                for vscale in vscale_range(attrs).checked:
                    verdict, secs, mem = pool.apply(_one, ((src, tgt, vscale, a.timeout),))
                    rows.append((f"{name} ({target}) vscale {vscale}", str(vscale * _lanes(tgt)), str(BOUND), verdict,
                                 f"{secs:.2f}", f"{mem / 1024:.0f}", f"{secs / ref:.2f}" if ref else "n/a"))
                verdict, secs = _whole(src, tgt, a.timeout)
                rows.append((f"{name} ({target}) every vscale (verifier equiv)", "-", str(BOUND), verdict,
                             f"{secs:.2f}", "-", f"{secs / ref:.2f}" if ref else "n/a"))
    head = ("obligation", "VF", "bound", "verdict", "seconds", "peak MiB", "x ref")
    widths = [max(len(r[k]) for r in [head, *rows]) for k in range(len(head))]
    for r in [head, *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    print("x ref: seconds over the same loop's fixed VF 4 output, measured in this run (peak memory: its process)")
    print("verdict (coverage): every-trip-count where the induction closed, every-input where the bounded check's bound "
          "is complete")
    return 0


def _lanes(tgt: Path) -> int:
    """N of the target's `<vscale x N x ...>` (its widest)."""
    import re

    return max(int(n) for n in re.findall(r"<vscale x (\d+) x ", tgt.read_text()))


if __name__ == "__main__":
    sys.exit(main())
