"""The z3 domain: values are z3 terms (a Python int or bool where known, folded through
the concrete domain), memories are arrays of cases, traces are slots; with the helpers
the checks use on its terms (conjunct splitting, trace merging, the exact values an
uninterpreted first attempt got wrong). This package (with its terms' helpers, memories
and traces in base.py, memory.py and trace.py) is the only part of the semantics that
imports z3. Its values' types (SymBool, SymBV, SymMemory, SymTrace) are what the
Domain protocol is instantiated with; z3 ships no type information, so mypy checks
their Python halves (bool, int) and takes the terms on trust."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import z3

from verifier.ir.opcodes import FBINOPS, FUNARY
from verifier.ir.types import mask
from verifier.semantics.concrete import (
    FP_FORMATS,
    TRACE_IDX,
    ConcreteDomain,
    canonical_nan,
    concrete_f2i,
    concrete_fbin,
    concrete_fconv,
    concrete_fma,
    concrete_funary,
    concrete_i2f,
)
from verifier.semantics.inputs import Key
from verifier.semantics.z3domain.base import (
    IndexMemo,
    _b,
    _bv,
    _mk_and,
    _mk_ite,
    _mk_or,
    _pow2_rounded,
    _signed_pow2,
)
from verifier.semantics.z3domain.memory import _z3_mem_pick, _z3_mem_read, _z3_mem_write
from verifier.semantics.z3domain.trace import SymTrace, _z3_trace_append, landings, merge_traces
from verifier.smt.solver import note_float_theory

# what the z3 domain's values are: a Python value where known, a z3 term otherwise
SymBool: TypeAlias = "bool | z3.BoolRef"
SymBV: TypeAlias = "int | z3.BitVecRef"
SymMemory: TypeAlias = "tuple[Any, Any]"  # (values, poison bits): z3 arrays by i64 index


class Z3Domain:
    """Symbolic values: a Python int (bool) when the value is known, a z3 term otherwise.

    Operations on known values are computed by ConcreteDomain, so constant folding
    is exact and cheap; `term`/`bterm` turn a value into a z3 term at the boundary.
    `choose(key, w)` makes a fresh variable (named after the key and this domain's
    prefix) and records it in `choices`, so the caller can quantify over it or read
    it back from a model.
    """

    T = True
    F = False

    def __init__(self, prefix: str = "", abstract: frozenset[str] = frozenset()) -> None:
        self.prefix = prefix
        self.choices: dict[Key, z3.BitVecRef] = {}
        # what a choice is about, where its maker says: e.g. an fmuladd's rounding,
        # about its operands (w, a, b, c) (a refinement check's witness reads them)
        self.about: dict[Key, tuple[Any, ...]] = {}
        self._c = ConcreteDomain()
        # operations (e.g. "sdiv") left uninterpreted on unknown values: any function
        # of the operands, so a formula unsat with them is unsat with the real ones
        self.abstract = abstract
        # memory indices read as cases of constants (const_cases), by term id
        self._index_cases: IndexMemo = {}

    @staticmethod
    def term(x: Any, w: int) -> Any:
        return _bv(x, w)

    @staticmethod
    def bterm(x: Any) -> Any:
        return _b(x)

    # booleans
    def and_(self, a: SymBool, b: SymBool) -> SymBool:
        if a is False or b is False:
            return False
        if a is True:
            return b
        if b is True:
            return a
        return _mk_and(a, b)

    def or_(self, a: SymBool, b: SymBool) -> SymBool:
        if a is True or b is True:
            return True
        if a is False:
            return b
        if b is False:
            return a
        return _mk_or(a, b)

    def not_(self, a: SymBool) -> SymBool:
        if type(a) is bool:
            return not a
        return z3.Not(a)

    def bite(self, c: SymBool, a: SymBool, b: SymBool) -> SymBool:
        if c is True:
            return a
        if c is False:
            return b
        if a is b or (type(a) is bool and a == b):
            return a
        if a is True and b is False:
            return c
        return _mk_ite(c, _b(a), _b(b))

    def any_(self, xs: Sequence[SymBool]) -> SymBool:
        ys = [x for x in xs if x is not False]
        if any(x is True for x in ys):
            return True
        if not ys:
            return False
        return ys[0] if len(ys) == 1 else _mk_or(*ys)

    def all_(self, xs: Sequence[SymBool]) -> SymBool:
        ys = [x for x in xs if x is not True]
        if any(x is False for x in ys):
            return False
        if not ys:
            return True
        return ys[0] if len(ys) == 1 else _mk_and(*ys)

    def is_true(self, a: SymBool) -> bool:
        return a is True

    def is_false(self, a: SymBool) -> bool:
        return a is False

    # bit-vectors
    def const(self, v: int, w: int) -> int:
        return v & mask(w)

    def _op(self, name: str, a: Any, b: Any, w: int, build: Callable[[Any, Any], Any]) -> Any:
        if type(a) is int and type(b) is int:
            return getattr(self._c, name)(a, b, w)
        if name in self.abstract and type(a) is not int and type(b) is not int:
            # by a constant (an address scale, a shift in disguise) it stays exact
            f = z3.Function(f"{name}!{w}", z3.BitVecSort(w), z3.BitVecSort(w), z3.BitVecSort(w))
            return f(_bv(a, w), _bv(b, w))
        return build(_bv(a, w), _bv(b, w))

    def add(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        if b == 0 and type(b) is int:
            return a
        return self._op("add", a, b, w, lambda x, y: x + y)

    def sub(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("sub", a, b, w, lambda x, y: x - y)

    def mul(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("mul", a, b, w, lambda x, y: x * y)

    def mul_ovf(self, a: SymBV, b: SymBV, w: int, signed: bool) -> SymBool:
        """z3's overflow predicates: far smaller circuits than a product twice as wide."""
        if type(a) is int and type(b) is int:
            return self._c.mul_ovf(a, b, w, signed)
        if "mul" in self.abstract and type(a) is not int and type(b) is not int:
            ext = self.sext if signed else self.zext  # the product stays uninterpreted
            wide = self.mul(ext(a, w, 2 * w), ext(b, w, 2 * w), 2 * w)
            return self.not_(self.eq(wide, ext(self.mul(a, b, w), w, 2 * w), 2 * w))
        x, y = _bv(a, w), _bv(b, w)
        if signed:
            return z3.Not(z3.And(z3.BVMulNoOverflow(x, y, True), z3.BVMulNoUnderflow(x, y)))
        return z3.Not(z3.BVMulNoOverflow(x, y, False))

    def udiv(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("udiv", a, b, w, z3.UDiv)

    def urem(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("urem", a, b, w, z3.URem)

    def sdiv(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        # (by a power of two the shift form is no faster: the lane prover's i / 8 at VF 16
        # went from 5 s to over its budget with it, so sdiv stays z3's own)
        return self._op("sdiv", a, b, w, lambda x, y: x / y)

    def srem(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        k = _signed_pow2(a, b, w)
        if k is not None:  # x - (x sdiv 2^k) * 2^k
            x = _bv(a, w)
            return x - (_pow2_rounded(x, k, w) & z3.BitVecVal(mask(w) ^ mask(k), w))
        return self._op("srem", a, b, w, z3.SRem)

    def shl(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("shl", a, b, w, lambda x, y: x << y)

    def lshr(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("lshr", a, b, w, z3.LShR)

    def ashr(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("ashr", a, b, w, lambda x, y: x >> y)

    def band(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("band", a, b, w, lambda x, y: x & y)

    def bor(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("bor", a, b, w, lambda x, y: x | y)

    def bxor(self, a: SymBV, b: SymBV, w: int) -> SymBV:
        return self._op("bxor", a, b, w, lambda x, y: x ^ y)

    def eq(self, a: SymBV, b: SymBV, w: int) -> SymBool:
        if a is b:
            return True
        if type(a) is not int and type(b) is not int:
            (x, cx), (y, cy) = _offset(a), _offset(b)
            if cx or cy:
                # x + cx == y + cy exactly where y - x == cx - cy (mod 2^w): a loop's
                # tests `i + k == n` (k = 1..VF, one per lane) then share one
                # difference, where each would be an adder of its own when bit-blasted
                # (an SVE search's step at 128 lanes: 61 s -> 30 s)
                return (y - x) == z3.BitVecVal((cx - cy) & mask(w), w)
        return self._op("eq", a, b, w, lambda x, y: x == y)

    def ult(self, a: SymBV, b: SymBV, w: int) -> SymBool:
        return self._op("ult", a, b, w, z3.ULT)

    def ule(self, a: SymBV, b: SymBV, w: int) -> SymBool:
        return self._op("ule", a, b, w, z3.ULE)

    def slt(self, a: SymBV, b: SymBV, w: int) -> SymBool:
        return self._op("slt", a, b, w, lambda x, y: x < y)

    def sle(self, a: SymBV, b: SymBV, w: int) -> SymBool:
        return self._op("sle", a, b, w, lambda x, y: x <= y)

    def zext(self, a: SymBV, wf: int, wt: int) -> SymBV:
        if wf == wt or type(a) is int:
            return a
        return z3.ZeroExt(wt - wf, a)

    def sext(self, a: SymBV, wf: int, wt: int) -> SymBV:
        if wf == wt:
            return a
        if type(a) is int:
            return self._c.sext(a, wf, wt)
        return z3.SignExt(wt - wf, a)

    def trunc(self, a: SymBV, wf: int, wt: int) -> SymBV:
        if wf == wt:
            return a
        if type(a) is int:
            return a & mask(wt)
        return z3.Extract(wt - 1, 0, a)

    def ite(self, c: SymBool, a: SymBV, b: SymBV, w: int) -> SymBV:
        if c is True:
            return a
        if c is False:
            return b
        if a is b or (type(a) is int and type(b) is int and a == b):
            return a
        return _mk_ite(c, _bv(a, w), _bv(b, w))

    def from_bool(self, c: SymBool) -> SymBV:
        if type(c) is bool:
            return 1 if c else 0
        return z3.If(c, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1))

    def choose(self, key: Key, w: int, about: tuple[Any, ...] = ()) -> SymBV:
        if key not in self.choices:
            name = self.prefix + "choice!" + "!".join(str(k) for k in key)
            self.choices[key] = z3.BitVec(name, w)
            if about:
                self.about[key] = about
        return self.choices[key]

    # memory objects and the trace (see "memory, trace" below): immutable terms
    def mem_read(self, obj: SymMemory, i: SymBV) -> tuple[SymBV, SymBool]:
        return _z3_mem_read(obj, i, self._index_cases)

    def mem_write(self, obj: SymMemory, i: SymBV, v: SymBV, p: SymBool, cond: SymBool) -> SymMemory:
        return _z3_mem_write(obj, i, v, p, cond)

    def mem_pick(self, c: SymBool, a: SymMemory, b: SymMemory) -> SymMemory:
        return _z3_mem_pick(c, a, b)

    def trace_append(self, trace: SymTrace, cond: SymBool, fid: int, args: Sequence[Any],
                     site: tuple[int, int, int] = (0, 0, -1), mems: Sequence[tuple[str, SymMemory, SymBool]] = (),
                     live: SymBool = True) -> SymTrace:
        return _z3_trace_append(trace, cond, fid, args, site, mems, live)

    def trace_length(self, trace: SymTrace) -> SymBV:
        return z3.BitVecVal(trace.length, TRACE_IDX) if type(trace.length) is int else trace.length

    # IEEE arithmetic on bit patterns (see "IEEE arithmetic" below)
    def fbin(self, op: str, x: SymBV, y: SymBV, w: int) -> SymBV:
        return _z3_fbin(op, x, y, w)

    def fma(self, x: SymBV, y: SymBV, z: SymBV, w: int, fused: bool = True) -> SymBV:
        return _z3_fma(self, x, y, z, w, fused)

    def funary(self, op: str, x: SymBV, w: int) -> SymBV:
        if op in self.abstract and type(x) is not int:
            # uninterpreted (refinement's first attempt): exact_at gives its real values
            return z3.Function(f"{op}!{w}", z3.BitVecSort(w), z3.BitVecSort(w))(_bv(x, w))
        return _z3_funary(op, x, w)

    def f2i(self, x: SymBV, wf: int, wt: int, signed: bool) -> tuple[SymBV, SymBool]:
        return _z3_f2i(x, wf, wt, signed)

    def i2f(self, x: SymBV, wf: int, wt: int, signed: bool) -> SymBV:
        return _z3_i2f(x, wf, wt, signed)

    def fconv(self, x: SymBV, wf: int, wt: int) -> SymBV:
        return _z3_fconv(x, wf, wt)
def _sort(w: int) -> Any:
    note_float_theory()
    e, p, _ = FP_FORMATS[w]
    return z3.FPSort(e, p)


def _to_bits(r: Any, w: int) -> Any:
    return z3.If(z3.fpIsNaN(r), z3.BitVecVal(canonical_nan(w), w), z3.fpToIEEEBV(r))


# the integer operations Z3Domain._op may leave uninterpreted (as function `name!w`)
_ABSTRACTABLE = frozenset({"add", "sub", "mul", "udiv", "urem", "sdiv", "srem"})


def exact_at(model: z3.ModelRef, formulas: Sequence[Any], everywhere: bool = False) -> list[Any]:
    """Facts true of the real operations (their exact encoding) that `model`'s
    uninterpreted ones violate, for each application in `formulas` whose value in
    the model is not the real one: `f(a, b) == r` at the model's operands (cheap: a
    ground fact), or, `everywhere`, `f(x, y) == x op y` (that application exact).
    Adding them to an abstract query keeps it an over-approximation of the exact one
    (so its unsat stays a proof) while ruling the model out: counterexample-guided
    refinement of the abstraction."""
    seen: set[int] = set()
    facts: dict[Any, Any] = {}
    exact, concrete = Z3Domain(), ConcreteDomain()
    todo = list(formulas)
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_app(t):
            todo.extend(t.children())
            name, _, width = t.decl().name().partition("!")
            if name in FUNARY and width.isdigit() and t.num_args() == 1:
                w = int(width)
                x = model.eval(t.arg(0), model_completion=True)
                if not z3.is_bv_value(x):
                    continue
                real = concrete.funary(name, x.as_long(), w)
                if model.eval(t, model_completion=True).as_long() != real:
                    facts[t.get_id()] = (t == _z3_funary(name, t.arg(0), w) if everywhere
                                         else t.decl()(x) == real)
            elif name in _ABSTRACTABLE and width.isdigit() and t.num_args() == 2:
                w = int(width)
                a, b = (model.eval(x, model_completion=True) for x in t.children())
                if not (z3.is_bv_value(a) and z3.is_bv_value(b)):
                    continue  # under a quantifier: no value in the model
                real = getattr(concrete, name)(a.as_long(), b.as_long(), w)
                if model.eval(t, model_completion=True).as_long() != real:
                    facts[t.get_id()] = (t == getattr(exact, name)(*t.children(), w) if everywhere
                                         else t.decl()(a, b) == real)
        elif z3.is_quantifier(t):
            todo.append(t.body())
    return list(facts.values())


def _z3_fbin(op: str, x: Any, y: Any, w: int) -> Any:
    if type(x) is int and type(y) is int:
        return concrete_fbin(op, x, y, w)
    a, b = z3.fpBVToFP(_bv(x, w), _sort(w)), z3.fpBVToFP(_bv(y, w), _sort(w))
    return _to_bits(_Z3_FBIN[op](z3.RNE(), a, b), w)


def _z3_funary(op: str, x: Any, w: int) -> Any:
    if type(x) is int:
        return concrete_funary(op, x, w)
    a = z3.fpBVToFP(_bv(x, w), _sort(w))
    r = z3.fpSqrt(z3.RNE(), a) if op == "sqrt" else z3.fpRoundToIntegral(_Z3_ROUND[op](), a)
    return _to_bits(r, w)


_Z3_ROUND: dict[str, Callable[[], Any]] = {
    "floor": z3.RTN, "ceil": z3.RTP, "ftrunc": z3.RTZ, "round": z3.RNA,
    "roundeven": z3.RNE, "rint": z3.RNE, "nearbyint": z3.RNE,
}


def _z3_fma(self: Z3Domain, x: Any, y: Any, z: Any, w: int, fused: bool = True) -> Any:
    if type(x) is int and type(y) is int and type(z) is int:
        return concrete_fma(x, y, z, w, fused)
    if self.abstract & {"fma", "fmuladd"}:
        # uninterpreted (refinement.py's first attempt): a circuit of thousands of gates
        # per lane otherwise, while a proof only needs equal operands -> equal results
        bv = z3.BitVecSort(w)
        return z3.Function(f"fma!{'once' if fused else 'twice'}!{w}", bv, bv, bv, bv)(_bv(x, w), _bv(y, w), _bv(z, w))
    if not fused:
        return _z3_fbin("fadd", _z3_fbin("fmul", x, y, w), z, w)
    a, b, c = (z3.fpBVToFP(_bv(v, w), _sort(w)) for v in (x, y, z))
    return _to_bits(z3.fpFMA(z3.RNE(), a, b, c), w)


def _z3_f2i(x: Any, wf: int, wt: int, signed: bool) -> tuple[Any, Any]:
    if type(x) is int:
        return concrete_f2i(x, wf, wt, signed)
    a = z3.fpBVToFP(_bv(x, wf), _sort(wf))
    t = z3.fpRoundToIntegral(z3.RTZ(), a)
    lo = z3.FPVal(-(2 ** (wt - 1)) if signed else 0, _sort(wf))
    hi = z3.FPVal(2 ** (wt - 1) if signed else 2 ** wt, _sort(wf))  # may be +inf: then every finite fits
    fits = z3.And(z3.Not(z3.fpIsNaN(a)), z3.Not(z3.fpIsInf(a)), z3.fpGEQ(t, lo), z3.fpLT(t, hi))
    v = (z3.fpToSBV if signed else z3.fpToUBV)(z3.RTZ(), a, z3.BitVecSort(wt))
    return v, fits


def _z3_i2f(x: Any, wf: int, wt: int, signed: bool) -> Any:
    if type(x) is int:
        return concrete_i2f(x, wf, wt, signed)
    conv = z3.fpSignedToFP if signed else z3.fpUnsignedToFP
    return z3.fpToIEEEBV(conv(z3.RNE(), _bv(x, wf), _sort(wt)))


def _z3_fconv(x: Any, wf: int, wt: int) -> Any:
    if type(x) is int:
        return concrete_fconv(x, wf, wt)
    return _to_bits(z3.fpFPToFP(z3.RNE(), z3.fpBVToFP(_bv(x, wf), _sort(wf)), _sort(wt)), wt)


# each float binary operation of the opcode table (checked at import)
_Z3_FBIN: dict[str, Callable[[Any, Any, Any], Any]] = {
    "fadd": z3.fpAdd, "fsub": z3.fpSub, "fmul": z3.fpMul, "fdiv": z3.fpDiv}
if set(FBINOPS) != set(_Z3_FBIN):  # pragma: no cover - caught at import
    raise ImportError(f"semantics/z3domain: float operations {sorted(FBINOPS)} of ir/opcodes.py, "
                      f"rules for {sorted(_Z3_FBIN)}")

__all__ = ["SymBV", "SymBool", "SymMemory", "SymTrace", "Z3Domain", "exact_at",
           "landings", "merge_traces"]


def _offset(e: Any) -> tuple[Any, int]:
    """`e` as (term, constant) with e = term + constant: the constants a chain of adds
    puts on top of one term (`((i + 1) + 1) + 1` is (i, 3)); (e, 0) otherwise."""
    c = 0
    while z3.is_app_of(e, z3.Z3_OP_BADD) and e.num_args() == 2:
        a, b = e.arg(0), e.arg(1)
        if z3.is_bv_value(b):
            c, e = c + b.as_long(), a
        elif z3.is_bv_value(a):
            c, e = c + a.as_long(), b
        else:
            break
    return e, c
