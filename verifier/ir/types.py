"""IR types: integers i1..i64 and fixed-width vectors <VF x iN> of them."""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass


@dataclass(frozen=True)
class IntType:
    bits: int

    def __str__(self) -> str:
        return f"i{self.bits}"


@dataclass(frozen=True)
class VecType:
    lanes: int
    elem: IntType

    def __str__(self) -> str:
        return f"<{self.lanes} x {self.elem}>"


Type = IntType | VecType

I1 = IntType(1)
I8 = IntType(8)
I64 = IntType(64)


def elem_of(t: Type) -> IntType:
    """The lane type of a vector, or the type itself for a scalar."""
    return t.elem if isinstance(t, VecType) else t


def lanes_of(t: Type) -> int | None:
    """The number of lanes of a vector type, None for a scalar."""
    return t.lanes if isinstance(t, VecType) else None


def with_elem(t: Type, elem: IntType) -> Type:
    """Same shape as `t` (scalar or vector) with another lane type."""
    return VecType(t.lanes, elem) if isinstance(t, VecType) else elem


def mask(w: int) -> int:
    """All ones in `w` bits."""
    return (1 << w) - 1


def float_text(x: int, width: int) -> str:
    """The IEEE value whose `width`-bit pattern is x, in the fewest digits that give
    the same bits back, with the bits: `0.1 (0x3dcccccd)`."""
    fmt = {16: "<e", 32: "<f", 64: "<d"}[width]
    raw = (x & ((1 << width) - 1)).to_bytes(width // 8, "little")
    value = struct.unpack(fmt, raw)[0]
    shown = repr(value)
    if math.isfinite(value):
        for digits in range(1, 18):
            shown = f"{value:.{digits}g}"
            if struct.pack(fmt, float(shown)) == raw:
                break
        if not any(c in shown for c in ".e"):
            shown += ".0"
    return f"{shown} (0x{x & ((1 << width) - 1):0{width // 4}x})"


def to_signed(x: int, w: int) -> int:
    """The `w`-bit pattern x read as a two's-complement number."""
    return x - (1 << w) if x >> (w - 1) & 1 else x


def shown_int(v: int, bits: int) -> int:
    """A value as reports show it and `--set` takes it: signed, except an i1 (0 or 1)."""
    return v & 1 if bits == 1 else to_signed(v, bits)
