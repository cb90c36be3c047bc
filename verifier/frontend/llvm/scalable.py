"""Scalable vectors at one vscale. LangRef: `<vscale x N x T>` has vscale * N lanes, and
`llvm.vscale` returns that vscale, a constant of the run. So at a fixed vscale V a
function is exactly the fixed-width function with N * V lanes (its intrinsics' names
mangled for those types), and a verdict about scalable code is the verdicts at every
vscale it may run with (`checks/dispatch.answer_each_vscale`).

Which vscales: a function's `vscale_range(min, max)` says vscale is a power of two in
[min, max] (LangRef, since LLVM 17); without the attribute nothing is known. Vscales
up to MAX_VSCALE (AArch64 SVE's architectural range, 128- to 2048-bit vectors) are
checked; a function that allows more (RISC-V V's `vscale_range(2,1024)`, or none at
all) is checked up to MAX_VSCALE, and its proof holds only under the named
assumption `--assume vscale-at-most-16` (else it is unknown, naming it)."""

from __future__ import annotations

from dataclasses import dataclass

from verifier.frontend.llvm.text import at_vscale, is_scalable, vscale_range_attr
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Loc

__all__ = ["MAX_VSCALE", "ScalableVectors", "VscaleRange", "at_vscale", "is_scalable", "vscale_range"]

MAX_VSCALE = 16  # AArch64 SVE: vectors of 128 to 2048 bits, vscale 1 to 16


@dataclass(frozen=True)
class VscaleRange:
    """The vscales a function may run with that are checked, and whether it allows
    others (larger than MAX_VSCALE, or any value where it declares no range: a proof
    then holds only under Assumption.VSCALE_AT_MOST_16, which module.py asks for)."""

    checked: tuple[int, ...]
    declared: str  # as the function says it: "vscale_range(1,16)" or "no vscale_range"
    beyond: bool


class ScalableVectors(LLUnsupported):
    """The function uses scalable vectors and no vscale was chosen: a caller that can
    (checks/dispatch.answer_each_vscale) reads it again at each of `vscales.checked`
    (LLOptions.vscale); to any other it is an unsupported construct, named."""

    def __init__(self, vscales: VscaleRange, loc: Loc | None = None) -> None:
        super().__init__("scalable vectors (<vscale x N x T>): this command reads fixed-width vectors only; "
                         "`verifier equiv` and proof suites read them at every vscale of the function's "
                         f"{vscales.declared}", loc)
        self.vscales = vscales


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
