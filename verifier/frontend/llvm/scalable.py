"""Scalable vectors at one vscale. LangRef: `<vscale x N x T>` has vscale * N lanes, and
`llvm.vscale` returns that vscale, a constant of the run. So at a fixed vscale V a
function is exactly the fixed-width function with N * V lanes (its intrinsics' names
mangled for those types), and a verdict about scalable code is the verdicts at every
vscale it may run with (verifier/driver.py).

Which vscales: a function's `vscale_range(min, max)` says vscale is a power of two in
[min, max] (LangRef, since LLVM 17); without the attribute nothing is known. Vscales
up to MAX_VSCALE (AArch64 SVE's architectural range, 128- to 2048-bit vectors) are
checked; a function that allows more (RISC-V V's `vscale_range(2,1024)`, or none at
all) is checked up to MAX_VSCALE, and its proof holds only under the named
assumption `--assume vscale-at-most-16` (else it is unknown, naming it)."""

from __future__ import annotations

from verifier.frontend.llvm.text import at_vscale, is_scalable, vscale_range_attr
from verifier.frontend.read import ScalableVectors, VscaleRange

__all__ = ["MAX_VSCALE", "ScalableVectors", "VscaleRange", "at_vscale", "is_scalable", "vscale_range"]

MAX_VSCALE = 16  # AArch64 SVE: vectors of 128 to 2048 bits, vscale 1 to 16


def vscale_range(attrs: str) -> VscaleRange:
    """The vscales to check for a function with attributes `attrs` (module docstring)."""
    declared = vscale_range_attr(attrs)
    if declared is None:
        return VscaleRange(tuple(range(1, MAX_VSCALE + 1)), "no vscale_range", True)
    lo, hi, spelled = declared
    beyond = hi == 0 or hi > MAX_VSCALE
    top = max(lo, MAX_VSCALE if beyond else hi)
    powers = tuple(v for v in (1 << k for k in range(0, 11)) if lo <= v <= top)
    return VscaleRange(powers or (lo,), spelled, beyond)
