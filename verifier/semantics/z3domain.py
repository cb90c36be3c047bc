"""The z3 domain: values are z3 terms (a Python int or bool where known, folded through
the concrete domain), memories are arrays of cases, traces are slots; with the helpers
the checks use on its terms (conjunct splitting, trace merging, the exact values an
uninterpreted first attempt got wrong). The only module of the semantics that
imports z3. Its values' types (SymBool, SymBV, SymMemory, SymTrace) are what the
Domain protocol is instantiated with; z3 ships no type information, so mypy checks
their Python halves (bool, int) and takes the terms on trust."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

import z3
from z3 import z3core

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
from verifier.smt.budget import ITE_UNITS, charge
from verifier.smt.solver import note_float_theory

# what the z3 domain's values are: a Python value where known, a z3 term otherwise
SymBool: TypeAlias = "bool | z3.BoolRef"
SymBV: TypeAlias = "int | z3.BitVecRef"
SymMemory: TypeAlias = "tuple[Any, Any]"  # (values, poison bits): z3 arrays by i64 index


def _bv(x: Any, w: int) -> Any:
    return z3.BitVecVal(x, w) if type(x) is int else x


def _signed_pow2(a: Any, b: Any, w: int) -> int | None:
    """k where `b` is the known divisor 2^k (1 <= k < w-1) of an unknown `a`: the signed
    remainder by it is a mask, which z3 solves far faster than its generic srem circuit
    (a loop's `N - N % VF`: 21 s -> 7 s for liveout_y)."""
    if type(b) is not int or type(a) is int or b <= 1 or b & (b - 1) or b >= 1 << (w - 1):
        return None
    return b.bit_length() - 1


def _pow2_rounded(x: Any, k: int, w: int) -> Any:
    """x + (2^k - 1 where x < 0): the dividend whose multiple of 2^k below it (its low k
    bits cleared) is x sdiv 2^k * 2^k, rounded toward zero (LLVM's own lowering)."""
    return x + z3.LShR(x >> (w - 1), w - k)


def _b(x: Any) -> Any:
    return z3.BoolVal(x) if type(x) is bool else x


# z3's And, Or and If check and coerce their arguments in Python (a third of the time
# an encoding takes); where every argument is already a term these build the same
# term through z3's C API directly, and otherwise leave it to z3's own functions.
# const_cases' answers by term id, each with its term (so that the id is not reused)
IndexMemo = dict[int, tuple[Any, list[tuple[Any, int]] | None]]


def _mk_nary(mk: Callable[..., Any], fallback: Callable[..., Any], xs: tuple[Any, ...]) -> Any:
    ctx = getattr(xs[0], "ctx", None)
    if all(isinstance(x, z3.BoolRef) and x.ctx is ctx for x in xs):
        assert ctx is not None
        return z3.BoolRef(mk(ctx.ref(), len(xs), (z3.Ast * len(xs))(*[x.as_ast() for x in xs])), ctx)
    return fallback(*xs)


def _mk_and(*xs: Any) -> Any:
    return _mk_nary(z3.Z3_mk_and, z3.And, xs)


def _mk_or(*xs: Any) -> Any:
    return _mk_nary(z3.Z3_mk_or, z3.Or, xs)


def _mk_ite(c: Any, a: Any, b: Any) -> Any:
    """If(c, a, b) for terms `a` and `b` of one sort (z3 refuses others, either way).
    Charged to the budget's meter: merging states and effect traces builds these by
    the tens of thousands, the encoding's cost that grows faster than its instructions."""
    charge(ITE_UNITS)
    if isinstance(c, z3.BoolRef) and isinstance(a, z3.ExprRef) and isinstance(b, z3.ExprRef) \
            and a.ctx is c.ctx and b.ctx is c.ctx:
        return z3.z3._to_expr_ref(z3.Z3_mk_ite(c.ctx.ref(), c.as_ast(), a.as_ast(), b.as_ast()), c.ctx)
    return z3.If(c, a, b)


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


# ------------------------------------------------------------------ memory, trace
# Concrete memory objects are dicts {index: (value, poison)} updated in place (the
# interpreter follows one path); the concrete trace is a list of events.
# Symbolic objects are pairs of z3 arrays (values, poison) and the symbolic trace
# is a SymTrace; both are immutable, so merging at joins is an ite.




class SymTrace:
    """A trace as slots: slot j is (callee id, [(argument, poison)], {object: (seen,
    values, poison)}) of event j: the memory the callee may read or write (`seen`:
    whether this event's callee sees that object). The length is symbolic, known to lie
    in [lo, hi]. Appending at a known length just fills a slot; otherwise every possible
    position is guarded by length == j.

    `seen` is the observed length where it may be less (None: the length): a run that
    ended inside a call goes on through the code appending events (semantics/ops.py
    State.stopped), which are not observed, so that the runs that go on keep the same
    lengths at loop headers.

    `full` is the conjuncts of a condition under which the length is exactly hi (None
    when none is known). A predicated vector body issues lane j+1's call under a mask that is a
    conjunction containing lane j's: such an append can only land in slot hi, so it
    fills that one slot instead of guarding all hi-lo+1 positions (linear, not
    quadratic, in VF)."""

    def __init__(self, length: Any, slots: list[Slot], lo: int, hi: int,
                 full: Conjuncts | None = None, seen: Any = None) -> None:
        self.length, self.slots, self.lo, self.hi = length, slots, lo, hi
        self.full = TRUE_CONJUNCTS if type(length) is int else full
        self.seen = seen

    @property
    def observed(self) -> Any:
        """The observed length (`seen`, else the length)."""
        return self.length if self.seen is None else self.seen

    @staticmethod
    def empty() -> SymTrace:
        return SymTrace(0, [], 0, 0)

    @property
    def maxlen(self) -> int:
        return self.hi


NO_CALLEE = 0xFFFF  # the callee id of an empty slot: no function has it
_EMPTY_SLOT: Slot = (NO_CALLEE, [], {})


MAX_INDEX_CASES = 64


def const_cases(t: Any, limit: int = MAX_INDEX_CASES,
                memo: IndexMemo | None = None) -> list[tuple[Any, int]] | None:
    """An index that is an if-then-else tree of constants (plus a constant offset), as
    (condition, value) cases in order, the last one the default; None otherwise (or
    past `limit` cases). Reading memory case by case keeps every read at a constant
    index, which the solver handles far better than a read at an ite. `memo` keeps
    each term's answer (with the term, so its id is not reused): an encoder reads
    the same few index terms thousands of times (64 lanes of each load at VF 64),
    and the walk through z3's Python API is what those reads cost."""
    if type(t) is int:
        return [(True, t)]
    if memo is not None:
        hit = memo.get(t.get_id())
        if hit is not None:
            return hit[1]
    out = _const_cases(t, limit, memo)
    if memo is not None:
        memo[t.get_id()] = (t, out)
    return out


def _const_cases(t: Any, limit: int, memo: IndexMemo | None) -> list[tuple[Any, int]] | None:
    if z3.is_bv_value(t):
        return [(True, t.as_long())]
    if z3.is_app_of(t, z3.Z3_OP_ITE):
        c, a, b = t.children()
        ca = const_cases(a, limit, memo)
        if ca is None or len(ca) >= limit:
            return None
        cb = const_cases(b, limit, memo)
        if cb is None or len(ca) + len(cb) > limit:
            return None
        return [(c if g is True else z3.And(c, g), v) for g, v in ca] + cb
    if z3.is_app_of(t, z3.Z3_OP_BADD) and t.num_args() == 2:
        a, b = t.children()
        if z3.is_bv_value(a):
            a, b = b, a
        if z3.is_bv_value(b):
            cases = const_cases(a, limit, memo)
            if cases is None:
                return None
            m = mask(t.size())
            return [(g, (v + b.as_long()) & m) for g, v in cases]
    return None


def _z3_mem_read(obj: tuple[Any, Any], i: Any,
                 memo: IndexMemo | None = None) -> tuple[Any, Any]:
    cases = const_cases(i, memo=memo) if type(i) is not int else None
    if cases is not None and len(cases) > 1:
        v, p = _z3_mem_read(obj, cases[-1][1])
        for g, k in reversed(cases[:-1]):
            kv, kp = _z3_mem_read(obj, k)
            v = _mk_ite(g, kv, v)
            p = kp if kp is p else _mk_ite(g, _b(kp), _b(p))
        return v, p
    idx = _bv(i, 64)
    return z3.Select(obj[0], idx), (False if obj[1] is None else z3.Select(obj[1], idx))


def _z3_mem_write(obj: tuple[Any, Any], i: Any, v: Any, p: Any, cond: Any) -> tuple[Any, Any]:
    if cond is False:
        return obj
    idx = _bv(i, 64)
    vals, pois = obj
    w = vals.range().size()
    nv = z3.Store(vals, idx, _bv(v, w))
    if pois is None and p is False:
        np_ = None
    else:
        base = z3.K(z3.BitVecSort(64), z3.BoolVal(False)) if pois is None else pois
        np_ = z3.Store(base, idx, _b(p))
        pois = base
    if cond is True:
        return nv, np_
    return z3.If(cond, nv, vals), (None if np_ is None else z3.If(cond, np_, pois))


def _z3_mem_pick(c: Any, a: tuple[Any, Any], b: tuple[Any, Any]) -> tuple[Any, Any]:
    if c is True or a is b:
        return a
    if c is False:
        return b
    if a[1] is None and b[1] is None:
        pois = None
    else:
        pois = _mk_ite(c, _pois_array(a[1]), _pois_array(b[1]))
    return _mk_ite(c, a[0], b[0]), pois


def _pois_array(p: Any) -> Any:
    """A memory object's poison array (None: never poison)."""
    return z3.K(z3.BitVecSort(64), z3.BoolVal(False)) if p is None else p


def _at_end(tr: SymTrace, cond: Any) -> Conjuncts | None:
    """cond's conjuncts where they imply the trace's length is its highest (SymTrace.full),
    else None."""
    if type(tr.length) is int or cond is True or cond is False or tr.full is None:
        return None
    cc = conjuncts(cond)
    return cc if tr.full.implied_by(cc) else None


def landings(tr: SymTrace, cond: Any) -> list[tuple[Any, int]]:
    """Where an event appended under `cond` lands: (whether it is slot j, j) for each slot
    it may take, as trace_append places it (one slot where the length is known, or where
    cond implies it is the highest)."""
    if type(tr.length) is int:
        return [(True, tr.length)]
    if _at_end(tr, cond) is not None:
        return [(True, tr.hi)]
    return [(tr.length == j, j) for j in range(tr.lo, tr.hi + 1)]


def _z3_trace_append(tr: SymTrace, cond: Any, fid: int, args: Sequence[Any],
                     site: tuple[int, int, int] = (0, 0, -1), mems: Sequence[tuple[str, Any, Any]] = (),
                     live: Any = True) -> SymTrace:
    if cond is False:
        return tr
    out = _appended(tr, cond, fid, args, mems)
    if live is not True or tr.seen is not None:  # the observed length stays where the run ended
        before = _bv(tr.length if tr.seen is None else tr.seen, TRACE_IDX)
        out.seen = before if live is False else _mk_ite(_b(live), _bv(out.length, TRACE_IDX), before)
    return out


def _appended(tr: SymTrace, cond: Any, fid: int, args: Sequence[Any], mems: Sequence[tuple[str, Any, Any]]) -> SymTrace:
    """`tr` with the event appended where `cond` (its observed length not yet set)."""
    ev = (fid, [(a.v if type(a.v) is int else _widen(a.v), a.p) for a in args],
          {name: (seen, obj[0], obj[1]) for name, obj, seen in mems})
    slots = list(tr.slots)
    if type(tr.length) is int:
        while len(slots) <= tr.length:
            slots.append(_EMPTY_SLOT)
        if cond is True:
            slots[tr.length] = ev
            return SymTrace(tr.length + 1, slots, tr.lo + 1, tr.hi + 1)
        slots[tr.length] = _pick_slot(cond, ev, slots[tr.length])
        return SymTrace(z3.If(cond, z3.BitVecVal(tr.length + 1, TRACE_IDX), z3.BitVecVal(tr.length, TRACE_IDX)),
                        slots, tr.lo, tr.hi + 1, conjuncts(cond))
    while len(slots) <= tr.hi:
        slots.append(_EMPTY_SLOT)
    cc = _at_end(tr, cond)
    if cc is not None:
        # under cond the length is hi: the event can only go to slot hi
        slots[tr.hi] = _pick_slot(cond, ev, slots[tr.hi])
        return SymTrace(z3.If(cond, z3.BitVecVal(tr.hi + 1, TRACE_IDX), tr.length), slots, tr.lo, tr.hi + 1, cc)
    for j in range(tr.lo, tr.hi + 1):
        hit = z3.And(_b(cond), tr.length == j) if cond is not True else (tr.length == j)
        slots[j] = _pick_slot(hit, ev, slots[j])
    length = tr.length + 1 if cond is True else z3.If(cond, tr.length + 1, tr.length)
    full = None if tr.full is None else tr.full if cond is True else tr.full.with_(conjuncts(cond))
    return SymTrace(length, slots, tr.lo if cond is not True else tr.lo + 1, tr.hi + 1, full)


class Conjuncts:
    """The atoms of a conjunction, by z3 AST id, with the conditions they were taken
    from (kept alive so that no id is reused while this set is in use)."""

    def __init__(self, atoms: frozenset[int], keep: tuple[Any, ...]) -> None:
        self.atoms, self.keep = atoms, keep

    def implied_by(self, other: Conjuncts) -> bool:
        return self.atoms <= other.atoms

    def with_(self, other: Conjuncts) -> Conjuncts:
        return Conjuncts(self.atoms | other.atoms, self.keep + other.keep)


TRUE_CONJUNCTS = Conjuncts(frozenset(), ())


def conjuncts(c: Any) -> Conjuncts:
    """The atoms of a condition read as a conjunction: boolean `and`s, and `t == 1`
    over trees of 1-bit `and`s (how a lane mask reaches a call). Syntactic, so it only
    ever establishes an implication (atoms of d among atoms of c), never refutes one.
    Walks the term through the C API: the Python wrappers cost more than the walk."""
    if c is True:
        return TRUE_CONJUNCTS
    ctx = c.ctx.ref()
    out: set[int] = set()
    seen: set[int] = set()
    stack: list[tuple[bool, Any]] = [(False, c.as_ast())]
    while stack:
        in_bv, a = stack.pop()
        aid = z3core.Z3_get_ast_id(ctx, a)
        if aid in seen:
            continue
        seen.add(aid)
        if z3core.Z3_get_ast_kind(ctx, a) == z3.Z3_APP_AST:
            app = z3core.Z3_to_app(ctx, a)
            kind = z3core.Z3_get_decl_kind(ctx, z3core.Z3_get_app_decl(ctx, app))
            n = z3core.Z3_get_app_num_args(ctx, app)
            args = [z3core.Z3_get_app_arg(ctx, app, k) for k in range(n)]
            if in_bv and kind == z3.Z3_OP_BAND:
                stack.extend((True, x) for x in args)
                continue
            if in_bv and _is_bv_one(ctx, a):
                continue
            if not in_bv and kind == z3.Z3_OP_AND:
                stack.extend((False, x) for x in args)
                continue
            if not in_bv and kind == z3.Z3_OP_EQ and n == 2:
                if _is_bv_one(ctx, args[0]):
                    stack.append((True, args[1]))
                    continue
                if _is_bv_one(ctx, args[1]):
                    stack.append((True, args[0]))
                    continue
        out.add(aid if not in_bv else -1 - aid)  # a bit-vector atom t stands for t == 1
    return Conjuncts(frozenset(out), (c,))


def _is_bv_one(ctx: Any, a: Any) -> bool:
    if not z3core.Z3_is_numeral_ast(ctx, a):
        return False
    sort = z3core.Z3_get_sort(ctx, a)
    return bool(z3core.Z3_get_sort_kind(ctx, sort) == z3.Z3_BV_SORT and z3core.Z3_get_bv_sort_size(ctx, sort) == 1
                and z3core.Z3_get_numeral_string(ctx, a) == "1")


def _widen(v: Any) -> Any:
    w = v.size()
    return z3.ZeroExt(64 - w, v) if w < 64 else v


# an event: callee id, [(argument, poison)], {object: (seen, values, poison)}
Slot = tuple[Any, list[tuple[Any, Any]], dict[str, tuple[Any, Any, Any]]]


def _pick_slot(c: Any, a: Slot, b: Slot) -> Slot:
    if a is b or c is True:
        return a
    if c is False:
        return b
    n = max(len(a[1]), len(b[1]))
    aa = a[1] + [(0, False)] * (n - len(a[1]))
    bb = b[1] + [(0, False)] * (n - len(b[1]))
    fid = a[0] if a[0] is b[0] or (type(a[0]) is int and type(b[0]) is int and a[0] == b[0]) \
        else _mk_ite(c, _bv(a[0], 16), _bv(b[0], 16))
    args = []
    for (av, ap), (bv, bp) in zip(aa, bb, strict=True):
        v = av if (av is bv or (type(av) is int and type(bv) is int and av == bv)) else _mk_ite(c, _bv(av, 64), _bv(bv, 64))
        p = ap if (ap is bp or (type(ap) is bool and ap == bp)) else _mk_ite(c, _b(ap), _b(bp))
        args.append((v, p))
    mems = {}
    for name in dict.fromkeys([*a[2], *b[2]]):
        # an event whose callee does not see the object: the other's contents, unseen
        (sa, va, pa) = a[2][name] if name in a[2] else (False, *b[2][name][1:])
        (sb, vb, pb) = b[2][name] if name in b[2] else (False, *a[2][name][1:])
        mems[name] = (sa if sa is sb else _mk_ite(c, _b(sa), _b(sb)), va if va is vb else _mk_ite(c, va, vb),
                      pa if pa is pb else _mk_ite(c, _pois_array(pa), _pois_array(pb)))
    return fid, args, mems


def merge_traces(items: Sequence[tuple[Any, SymTrace]]) -> SymTrace:
    """The trace after a join: items are (edge guard, trace), the last one the default.
    Slot j of a trace whose length is at most j is never read (events past the length
    do not exist), so only the items where slot j may be live choose it: the exits of
    an unrolled loop, each a prefix of the next, merge without a single ite."""
    first = items[-1][1]
    if all(t is first for _, t in items):
        return first
    n = max(len(t.slots) for _, t in items)
    slots = []
    for j in range(n):
        live = [(g, t.slots[j]) for g, t in items if j < t.hi and j < len(t.slots)]
        if not live:
            slots.append(_EMPTY_SLOT)
            continue
        acc = live[-1][1]
        for g, x in reversed(live[:-1]):
            acc = _pick_slot(g, x, acc)
        slots.append(acc)
    out = SymTrace(_merged_length(items, lambda t: t.length), slots, min(t.lo for _, t in items),
                   max(t.hi for _, t in items))
    if any(t.seen is not None for _, t in items):
        out.seen = _merged_length(items, lambda t: t.observed)
    return out


def _merged_length(items: Sequence[tuple[Any, SymTrace]], of: Callable[[SymTrace], Any]) -> Any:
    """A length (`of` each trace) after a join: the guards pick it."""
    lengths = [of(t) for _, t in items]
    if all(type(x) is int for x in lengths) and len(set(lengths)) == 1:
        return lengths[0]
    length = _bv(lengths[-1], TRACE_IDX)
    for (g, _), x in zip(reversed(items[:-1]), reversed(lengths[:-1]), strict=True):
        length = _bv(x, TRACE_IDX) if g is True else z3.If(_b(g), _bv(x, TRACE_IDX), length)
    return length




# ---------------------------------------------------------------- IEEE arithmetic
# The one primitive each domain supplies for floats: the operation on IEEE values
# given by their bits (round to nearest even), NaN results as the canonical quiet
# NaN (LangRef lets a NaN's payload be any; one fixed NaN is a refinement of that
# choice on both sides). The rules around it (flags, poison) are in ops.py.

def _sort(w: int) -> Any:
    note_float_theory()
    e, p, _ = FP_FORMATS[w]
    return z3.FPSort(e, p)


def _to_bits(r: Any, w: int) -> Any:
    return z3.If(z3.fpIsNaN(r), z3.BitVecVal(canonical_nan(w), w), z3.fpToIEEEBV(r))


# the integer operations Z3Domain._op may leave uninterpreted (as function `name!w`)
_ABSTRACTABLE = frozenset({"add", "sub", "mul", "udiv", "urem", "sdiv", "srem"})


# how many times a caller asks an abstract query again with exact_at's facts, the
# first POINT_ROUNDS at the model's values only (then: the wrong operations exact)
CEGAR_ROUNDS = 6
POINT_ROUNDS = 2


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
    raise ImportError(f"semantics/z3domain.py: float operations {sorted(FBINOPS)} of ir/opcodes.py, "
                      f"rules for {sorted(_Z3_FBIN)}")
