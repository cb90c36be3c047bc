"""The concrete domain: bit-vectors as unsigned Python ints, booleans as bools, IEEE
values computed in Python's doubles and rounded once to their format. The interpreter
runs the semantics over it; the z3 domain folds constants through it."""

from __future__ import annotations

import copy
import math
import operator
import struct
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from verifier.ir.opcodes import FBINOPS, FUNARY
from verifier.ir.types import mask, to_signed
from verifier.semantics.inputs import Key

TRACE_IDX = 16  # bits of a trace length

ConcreteMemory = dict[int, tuple[int, bool]]  # index -> (value, poison): one object, edited in place
ConcreteTrace = list[Any]  # (callee id, arguments, site, memory seen) per event, appended in place


class ConcreteDomain:
    """Bit-vectors are ints in [0, 2^w), booleans are bools.

    `choose(key, w)` answers a nondeterministic choice (a freeze of poison, a use of
    undef) from the oracle, 0 when it has none: the same key always gets the same
    value, so a symbolic model can be replayed exactly.
    """

    T = True
    F = False

    def __init__(self, oracle: Callable[[Key, int], int] | None = None) -> None:
        self._oracle = oracle

    # booleans
    def and_(self, a: bool, b: bool) -> bool:
        return a and b

    def or_(self, a: bool, b: bool) -> bool:
        return a or b

    def not_(self, a: bool) -> bool:
        return not a

    def bite(self, c: bool, a: bool, b: bool) -> bool:
        return a if c else b

    def any_(self, xs: Sequence[bool]) -> bool:
        return any(xs)

    def all_(self, xs: Sequence[bool]) -> bool:
        return all(xs)

    def is_true(self, a: bool) -> bool:
        return a is True

    def is_false(self, a: bool) -> bool:
        return a is False

    # bit-vectors
    def const(self, v: int, w: int) -> int:
        return v & mask(w)

    def add(self, a: int, b: int, w: int) -> int:
        return (a + b) & mask(w)

    def sub(self, a: int, b: int, w: int) -> int:
        return (a - b) & mask(w)

    def mul(self, a: int, b: int, w: int) -> int:
        return (a * b) & mask(w)

    def mul_ovf(self, a: int, b: int, w: int, signed: bool) -> bool:
        """a * b leaves the w-bit range (signed or unsigned): nsw/nuw's poison."""
        if signed:
            r = to_signed(a, w) * to_signed(b, w)
            return not -(1 << (w - 1)) <= r < (1 << (w - 1))
        return a * b > mask(w)

    def udiv(self, a: int, b: int, w: int) -> int:
        return mask(w) if b == 0 else a // b

    def urem(self, a: int, b: int, w: int) -> int:
        return a if b == 0 else a % b

    def sdiv(self, a: int, b: int, w: int) -> int:
        sa, sb = to_signed(a, w), to_signed(b, w)
        if sb == 0:
            return mask(w) if sa >= 0 else 1
        q = abs(sa) // abs(sb)
        return (q if (sa < 0) == (sb < 0) else -q) & mask(w)

    def srem(self, a: int, b: int, w: int) -> int:
        sa, sb = to_signed(a, w), to_signed(b, w)
        if sb == 0:
            return a
        r = abs(sa) % abs(sb)
        return (-r if sa < 0 else r) & mask(w)

    def shl(self, a: int, b: int, w: int) -> int:
        return 0 if b >= w else (a << b) & mask(w)

    def lshr(self, a: int, b: int, w: int) -> int:
        return 0 if b >= w else a >> b

    def ashr(self, a: int, b: int, w: int) -> int:
        sa = to_signed(a, w)
        return (sa >> min(b, w - 1)) & mask(w)

    def band(self, a: int, b: int, w: int) -> int:
        return a & b

    def bor(self, a: int, b: int, w: int) -> int:
        return a | b

    def bxor(self, a: int, b: int, w: int) -> int:
        return a ^ b

    def eq(self, a: int, b: int, w: int) -> bool:
        return a == b

    def ult(self, a: int, b: int, w: int) -> bool:
        return a < b

    def ule(self, a: int, b: int, w: int) -> bool:
        return a <= b

    def slt(self, a: int, b: int, w: int) -> bool:
        return to_signed(a, w) < to_signed(b, w)

    def sle(self, a: int, b: int, w: int) -> bool:
        return to_signed(a, w) <= to_signed(b, w)

    def zext(self, a: int, wf: int, wt: int) -> int:
        return a

    def sext(self, a: int, wf: int, wt: int) -> int:
        return to_signed(a, wf) & mask(wt)

    def trunc(self, a: int, wf: int, wt: int) -> int:
        return a & mask(wt)

    def ite(self, c: bool, a: int, b: int, w: int) -> int:
        return a if c else b

    def from_bool(self, c: bool) -> int:
        return 1 if c else 0

    def choose(self, key: Key, w: int, about: tuple[Any, ...] = ()) -> int:
        return 0 if self._oracle is None else self._oracle(key, w) & mask(w)

    # memory objects and the trace (see "memory, trace" below): one path, in place
    def mem_read(self, obj: ConcreteMemory, i: int) -> tuple[int, bool]:
        return _concrete_mem_read(obj, i)

    def mem_write(self, obj: ConcreteMemory, i: int, v: int, p: bool,
                  cond: bool) -> ConcreteMemory:
        return _concrete_mem_write(obj, i, v, p, cond)

    def mem_pick(self, c: bool, a: ConcreteMemory, b: ConcreteMemory) -> ConcreteMemory:
        return a if c else b

    def trace_append(self, trace: ConcreteTrace, cond: bool, fid: int, args: Sequence[Any],
                     site: tuple[int, int, int] = (0, 0, -1),
                     mems: Sequence[tuple[str, ConcreteMemory, bool]] = (), live: bool = True) -> ConcreteTrace:
        return _concrete_trace_append(trace, cond and live, fid, args, site, mems)

    def trace_length(self, trace: ConcreteTrace) -> int:
        return len(trace) & mask(TRACE_IDX)

    # IEEE arithmetic on bit patterns (see "IEEE arithmetic" below)
    def fbin(self, op: str, x: int, y: int, w: int) -> int:
        return concrete_fbin(op, x, y, w)

    def fma(self, x: int, y: int, z: int, w: int, fused: bool = True) -> int:
        return concrete_fma(x, y, z, w, fused)

    def funary(self, op: str, x: int, w: int) -> int:
        return concrete_funary(op, x, w)

    def f2i(self, x: int, wf: int, wt: int, signed: bool) -> tuple[int, bool]:
        return concrete_f2i(x, wf, wt, signed)

    def i2f(self, x: int, wf: int, wt: int, signed: bool) -> int:
        return concrete_i2f(x, wf, wt, signed)

    def fconv(self, x: int, wf: int, wt: int) -> int:
        return concrete_fconv(x, wf, wt)


def _concrete_mem_read(obj: ConcreteMemory, i: int) -> tuple[int, bool]:
    return obj.get(i)  # type: ignore[return-value]  # Cells.get falls back to the default


def _concrete_mem_write(obj: ConcreteMemory, i: int, v: int, p: bool, cond: bool) -> ConcreteMemory:
    if cond:
        obj[i] = (v, p)
    return obj


def _concrete_trace_append(trace: ConcreteTrace, cond: bool, fid: int, args: Sequence[Any],
                           site: tuple[int, int, int] = (0, 0, -1),
                           mems: Sequence[tuple[str, ConcreteMemory, bool]] = ()) -> ConcreteTrace:
    if cond:  # the memory the callee sees, as it is now (objects are edited in place)
        trace.append((fid, tuple(args), site, {name: copy.copy(obj) for name, obj, seen in mems if seen}))
    return trace




FP_FORMATS = {16: (5, 11, "<e"), 32: (8, 24, "<f"), 64: (11, 53, "<d")}  # exponent, precision, struct


def canonical_nan(w: int) -> int:
    e, p, _ = FP_FORMATS[w]
    return (((1 << e) - 1) << (p - 1)) | (1 << (p - 2))


def _fp_decode(x: int, w: int) -> float:
    return float(struct.unpack(FP_FORMATS[w][2], x.to_bytes(w // 8, "little"))[0])


def _fp_encode(v: float, w: int) -> int:
    """The bits of v rounded to the format (once: v is exact, or a double whose
    rounding to a narrower format is the correctly rounded result)."""
    if math.isnan(v):
        return canonical_nan(w)
    try:
        return int.from_bytes(struct.pack(FP_FORMATS[w][2], v), "little")
    except OverflowError:  # rounds to an infinity
        return int.from_bytes(struct.pack(FP_FORMATS[w][2], math.copysign(math.inf, v)), "little")


def _round_int(n: int, w: int) -> int:
    """The integer n rounded to the format's precision, to nearest even (exact)."""
    m = abs(n)
    p = FP_FORMATS[w][1]
    if m.bit_length() > p:
        shift = m.bit_length() - p
        q, r = divmod(m, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        m = q << shift
    return -m if n < 0 else m


def _ieee_div(a: float, b: float) -> float:
    """a / b as IEEE divides (Python raises on a zero divisor instead)."""
    if b != 0:
        return a / b
    if a == 0 or math.isnan(a):
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


def concrete_fbin(op: str, x: int, y: int, w: int) -> int:
    # in double: exact for add/sub/mul/div of half and float operands before the one
    # rounding to their format (53 >= 2p + 2), IEEE itself for double (overflow gives
    # an infinity, never an exception)
    a, b = _fp_decode(x, w), _fp_decode(y, w)
    return _fp_encode(_CONCRETE_FBIN[op](a, b), w)


def concrete_funary(op: str, x: int, w: int) -> int:
    """llvm.sqrt (in double, then rounded once to the format: exact, as for fadd) and
    the roundings to an integral value (exact on rationals; a zero keeps the operand's
    sign, as IEEE's roundToIntegral does)."""
    a = _fp_decode(x, w)
    if op == "sqrt":  # sqrt(-0) is -0; any other negative operand gives NaN
        return _fp_encode(math.nan if a < 0 else math.sqrt(a), w)
    if math.isnan(a) or math.isinf(a) or a == 0:
        return _fp_encode(a, w)
    n = _CONCRETE_ROUND[op](Fraction(a))  # an integer next to a, so one the format holds
    return _fp_encode(float(n) if n != 0 else math.copysign(0.0, a), w)


def _round_half_away(q: Fraction) -> int:
    n = math.floor(abs(q) + Fraction(1, 2))
    return n if q > 0 else -n


_CONCRETE_ROUND: dict[str, Callable[[Fraction], int]] = {
    "floor": math.floor, "ceil": math.ceil, "ftrunc": math.trunc, "round": _round_half_away,
    # round-half-even: LLVM's default floating-point environment rounds to nearest even
    "roundeven": round, "rint": round, "nearbyint": round,
}


def _round_rational(q: Fraction, w: int) -> float:
    """The nonzero rational q rounded to the format, to nearest even (exact: the
    format's subnormals and overflow to an infinity included)."""
    e, p, _ = FP_FORMATS[w]
    emin, emax = 2 - (1 << (e - 1)), (1 << (e - 1)) - 1
    m = abs(q)
    top = m.numerator.bit_length() - m.denominator.bit_length()  # 2^top <= m < 2^(top+2)
    if Fraction(2) ** top > m:
        top -= 1
    elif Fraction(2) ** (top + 1) <= m:
        top += 1
    quantum = max(top, emin) - (p - 1)
    n, r = divmod(m / Fraction(2) ** quantum, 1)
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and n % 2):
        n += 1
    v = Fraction(n) * Fraction(2) ** quantum
    if v >= Fraction(2) ** (emax + 1):
        return math.inf if q > 0 else -math.inf
    return float(v) if q > 0 else -float(v)  # v is representable in the format, so exactly in a double


def concrete_fma(x: int, y: int, z: int, w: int, fused: bool = True) -> int:
    """x * y + z with one rounding (IEEE fusedMultiplyAdd), or two (fmul, then fadd)."""
    if not fused:
        return concrete_fbin("fadd", concrete_fbin("fmul", x, y, w), z, w)
    a, b, c = _fp_decode(x, w), _fp_decode(y, w), _fp_decode(z, w)
    if math.isnan(a) or math.isnan(b) or math.isnan(c):
        return canonical_nan(w)
    if math.isinf(a) or math.isinf(b):
        if a == 0 or b == 0:
            return canonical_nan(w)  # infinity times zero
        prod = math.copysign(math.inf, a) * math.copysign(1.0, b)
        return canonical_nan(w) if math.isinf(c) and c != prod else _fp_encode(prod, w)
    if math.isinf(c):
        return _fp_encode(c, w)
    q = Fraction(a) * Fraction(b) + Fraction(c)
    if q == 0:  # the sign of an exact zero (IEEE 754 6.3): negative only when both addends are
        neg = math.copysign(1.0, a) * math.copysign(1.0, b) < 0 and math.copysign(1.0, c) < 0 and c == 0 \
            and (a == 0 or b == 0)
        return _fp_encode(-0.0 if neg else 0.0, w)
    return _fp_encode(_round_rational(q, w), w)


def concrete_f2i(x: int, wf: int, wt: int, signed: bool) -> tuple[int, bool]:
    """(bits of the value truncated toward zero, whether it fits in wt bits)."""
    v = _fp_decode(x, wf)
    if math.isnan(v) or math.isinf(v):
        return 0, False
    t = math.trunc(v)
    lo, hi = (-(1 << (wt - 1)), 1 << (wt - 1)) if signed else (0, 1 << wt)
    return t & ((1 << wt) - 1), lo <= t < hi


def concrete_i2f(x: int, wf: int, wt: int, signed: bool) -> int:
    n = x - (1 << wf) if signed and x >> (wf - 1) & 1 else x
    return _fp_encode(float(_round_int(n, wt)), wt)


def concrete_fconv(x: int, wf: int, wt: int) -> int:
    return _fp_encode(_fp_decode(x, wf), wt)


# each float binary operation of the opcode table (checked at import: a new row
# without a rule here is an error, not a silent fall into another operation)
_CONCRETE_FBIN: dict[str, Callable[[float, float], float]] = {
    "fadd": operator.add, "fsub": operator.sub, "fmul": operator.mul, "fdiv": _ieee_div}
if set(FUNARY) != {"sqrt", *_CONCRETE_ROUND}:  # pragma: no cover - caught at import
    raise ImportError(f"semantics/concrete.py: float operations {sorted(FUNARY)} of ir/opcodes.py, "
                      f"rules for sqrt and {sorted(_CONCRETE_ROUND)}")
if set(FBINOPS) != set(_CONCRETE_FBIN):  # pragma: no cover - caught at import
    raise ImportError(f"semantics/concrete.py: float operations {sorted(FBINOPS)} of ir/opcodes.py, "
                      f"rules for {sorted(_CONCRETE_FBIN)}")
