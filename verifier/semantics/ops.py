"""The one definition of every instruction (docs/semantics.md).

Written against a Domain (domain.py) so that the concrete interpreter and the
z3 encoder run the same rules. A scalar value is a Val (value, poison, undef);
a vector is a tuple of Vals, lane 1 first. A use of `undef` is a choice of any
value; how a run reads it is its `UndefReading`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from verifier.ir.opcodes import OPCODES, Family
from verifier.ir.program import Extent, FuncDecl, Instr, given
from verifier.ir.types import Type, VecType, elem_of, lanes_of
from verifier.semantics.lane_ops import (
    UBKind as UBKind,
)
from verifier.semantics.lane_ops import (
    Val as Val,
)
from verifier.semantics.lane_ops import (
    Value as Value,
)
from verifier.semantics.lane_ops import (
    abs_lane,
    approximation_kind,
    binop_lane,
    bitcount_lane,
    cast_lane,
    choice_site,
    count_leading,
    cttz_elts,
    fbin_lane,
    fcast_lane,
    fcmp_lane,
    fma_lane,
    fminmax_lane,
    freeze_lane,
    funary_lane,
    icmp_lane,
    reduce_int,
    reduce_lanes,
    select_lane,
)
from verifier.semantics.lane_ops import (
    is_vec as is_vec,
)
from verifier.semantics.lane_ops import (
    poison_of as poison_of,
)

if TYPE_CHECKING:  # the protocol only: the semantics itself needs no z3
    from verifier.semantics.domain import AnyDomain




class UndefReading(StrEnum):
    """How a run reads a use of `undef`. Both readings take the value the use chooses;
    they differ in what the value computed from it may excuse. LLVM's own rule (a branch
    on a value that some other choice would change is UB) is a question about all
    choices at once, so each side of a check gets the reading that is never kinder to it
    than LLVM's: a target's is TAINTED (a branch, a divisor, an address or a mask
    computed from undef is UB; memory holds it as poison), a source's is CHOSEN (the
    value its use chose: checks quantify the source's choices over every value, so its
    runs are some of LLVM's and its UB is never more than LLVM's)."""

    TAINTED = "tainted"
    CHOSEN = "chosen"


POISON_MASK = "branch on poison: the mask lane that decides whether this lane runs is poison"




class UBSite(NamedTuple):
    """Where immediate UB can happen: instruction uid, lane (0 = scalar), its kind and
    message, and the array a memory access is to."""

    uid: int
    lane: int
    kind: UBKind
    reason: str
    array: str | None = None


@dataclass
class Env:
    """What the program sees of its environment besides parameters.

    extents: array -> i64 extent; alias: array -> (((object, flag), ...), delta) when the
    array may be a view of one of those objects (the one whose flag holds; at most one
    does) at element offset delta, an object being perhaps a view itself; apply/traps: pure
    function results and trap predicates; func_ids: callee -> trace id; stop_at(trace,
    on): whether a call that may not return ends the run, made (where `on`) with this
    trace so far; clobbered(object, trace, on): an object's contents after a call made
    there writes it (both choices of the run, keyed by the event's position: the same
    in the source and the target).
    """

    extents: dict[str, Any]
    readonly: dict[str, bool]
    elem_bits: dict[str, int]
    alias: dict[str, tuple[tuple[tuple[str, Any], ...], Any]]
    apply: Callable[[FuncDecl, Sequence[Any]], Any]
    traps: Callable[[FuncDecl, Sequence[Any]], Any]
    func_ids: dict[str, int]
    stop_at: Callable[[Any, Any], Any]
    clobbered: Callable[[str, Any, Any], Any]


@dataclass
class State:
    """Machine state threaded through execution: memory objects, trace, live-outs, and
    `stopped`: whether the run has ended inside a call that did not return. The
    interpreter stops there; the encoder goes on through the code (so the paths and
    traces of the runs that go on stay as they were), but nothing after counts: no
    UB, and events it appends are dead (not part of the observed trace)."""

    mem: dict[str, Any]
    trace: Any
    outs: dict[str, Value] = field(default_factory=dict)
    stopped: Any = False




# -------------------------------------------------------------- instructions

def _lanes(x: Value, n: int) -> tuple[Val, ...]:
    return x if is_vec(x) else (x,) * n  # type: ignore[return-value]


def _mask_lanes(d: AnyDomain, ins: Instr, args: list[Value], n: int) -> tuple[list[Value], list[Val]]:
    """Split a trailing mask operand off; without one every lane is on."""
    if ins.masked:
        m = args[-1]
        return args[:-1], list(_lanes(m, n))
    return args, [Val(d.const(1, 1), d.F, d.F)] * n


@dataclass
class Site:
    """One instruction being run: what every rule reads, and the immediate UB it finds
    (condition, site) appended to `ubs`. `it` is the enclosing loop's iteration (-1
    outside loops); with the uid and the lane it names every nondeterministic choice."""

    d: AnyDomain
    env: Env
    st: State
    ins: Instr
    args: list[Value]
    arg_types: list[Type]
    it: int
    ubs: list[tuple[Any, UBSite]] = field(default_factory=list)

    @property
    def n(self) -> int:
        """The result's lanes (1 for a scalar)."""
        rt = self.ins.type
        return rt.lanes if isinstance(rt, VecType) else 1

    @property
    def vec(self) -> bool:
        return isinstance(self.ins.type, VecType)

    @property
    def flags(self) -> frozenset[str]:
        return frozenset(self.ins.attrs.flags)

    @property
    def width(self) -> int:
        """The result's lane width."""
        assert self.ins.type is not None
        return elem_of(self.ins.type).bits

    def arg_width(self, k: int) -> int:
        return elem_of(self.arg_types[k]).bits

    def lanes(self, k: int) -> tuple[Val, ...]:
        """Operand k's lanes, a scalar repeated for each."""
        return _lanes(self.args[k], self.n)

    def vector(self, k: int) -> tuple[Val, ...]:
        x = self.args[k]
        assert is_vec(x)
        return x

    def scalar(self, k: int) -> Val:
        x = self.args[k]
        assert isinstance(x, Val)
        return x

    def lane_of(self, k: int) -> int:
        """The lane number sites and choices name: from 1 in vector code, 0 in scalar."""
        return k + 1 if self.vec else 0

    def result(self, vals: Sequence[Val]) -> Value:
        return tuple(vals) if self.vec else vals[0]

    def ub(self, cond: Any, lane: int, kind: UBKind, reason: str) -> None:
        self.ubs.append((cond, UBSite(self.ins.uid, lane, kind, reason)))


# An instruction's meaning: its result (None for none) from the site's operands.
Rule = Callable[[Site], Value | None]


def exec_instr(
    d: AnyDomain, env: Env, st: State, ins: Instr, args: list[Value], arg_types: list[Type], it: int
) -> tuple[Value | None, list[tuple[Any, UBSite]]]:
    """Run one instruction: its result and the (condition, site) pairs of immediate UB.

    `it` is the iteration of the enclosing loop (-1 outside loops); with the uid and
    the lane it names every nondeterministic choice, so replays are exact.
    """
    s = Site(d, env, st, ins, args, arg_types, it)
    res = rule_of(ins.op)(s)
    ubs = s.ubs
    if ins.attrs.nofault and ubs:
        # a hoisted copy that must not fault: where it would, its value is poison
        bad = d.any_([c for c, _ in ubs])
        if isinstance(res, Val):
            res = Val(res.v, d.or_(res.p, bad), res.u)
        ubs = []
    return res, ubs


def rule_of(op: str) -> Rule:
    """The rule of an opcode: its family's, else its own (every opcode has one: checked
    when this module is imported)."""
    family = OPCODES[op].family
    return FAMILY_RULES[family] if family is not Family.OTHER else OP_RULES[op]


# ------------------------------------------------------------- the families

def _int_binary(s: Site) -> Value:
    d, ins = s.d, s.ins
    ops, masks = _mask_lanes(d, ins, s.args, s.n)
    a, b = _lanes(ops[0], s.n), _lanes(ops[1], s.n)
    out: list[Val] = []
    for k in range(s.n):
        r, lane_ubs = binop_lane(d, ins.op, s.flags, a[k], b[k], s.width)
        on = d.eq(masks[k].v, d.const(1, 1), 1)
        mp = poison_of(d, masks[k])
        for ub, kind, reason in lane_ubs:
            if not d.is_false(ub):
                s.ub(d.and_(d.or_(on, mp), ub), s.lane_of(k), kind, reason)
        if ins.masked:
            s.ub(d.and_(mp, _may_fault(d, ins.op)), k + 1, UBKind.POISON_MASK, POISON_MASK)
            r = Val(r.v, d.or_(r.p, d.or_(d.not_(on), mp)), r.u)
        out.append(r)
    return s.result(out)


def _icmp(s: Site) -> Value:
    a, b = s.lanes(0), s.lanes(1)
    samesign = "samesign" in s.flags
    return s.result([icmp_lane(s.d, given(s.ins.attrs.pred, s.ins, "predicate"), a[k], b[k], s.arg_width(0), samesign) for k in range(s.n)])


def _fcmp(s: Site) -> Value:
    a, b = s.lanes(0), s.lanes(1)
    return s.result([fcmp_lane(s.d, given(s.ins.attrs.pred, s.ins, "predicate"), a[k], b[k], s.arg_width(0), s.flags) for k in range(s.n)])


def _float_binary(s: Site) -> Value:
    a, b = s.lanes(0), s.lanes(1)
    return s.result([fbin_lane(s.d, s.ins.op, a[k], b[k], s.arg_width(0), s.flags) for k in range(s.n)])


def _float_minmax(s: Site) -> Value:
    d, w = s.d, s.arg_width(0)
    a, b = s.lanes(0), s.lanes(1)
    site = choice_site(s.ins, s.it)

    def lane(k: int) -> Val:
        def choose(tag: str) -> Any:  # LangRef's nondeterminism: one choice per run
            return d.choose((f"minmax.{tag}", *site, s.lane_of(k)), 1, (w, a[k].v, b[k].v))
        return fminmax_lane(d, s.ins.op, a[k], b[k], w, s.flags, choose)
    return s.result([lane(k) for k in range(s.n)])


def _float_unary(s: Site) -> Value:
    d, w, a = s.d, s.arg_width(0), s.lanes(0)
    kind, site = approximation_kind(s.ins.op, w, s.flags), choice_site(s.ins, s.it)

    def approximation(k: int) -> Any:
        return None if kind is None else d.choose((kind, *site, s.lane_of(k)), w + 1, (w, a[k].v))
    return s.result([funary_lane(d, s.ins.op, a[k], w, s.flags, approximation(k)) for k in range(s.n)])


def _fma(s: Site) -> Value:
    d, w = s.d, s.arg_width(0)
    a, b, c = s.lanes(0), s.lanes(1), s.lanes(2)
    site = choice_site(s.ins, s.it)

    def fused(k: int) -> Any:
        if s.ins.op == "fma":
            return d.T
        about = (w, a[k].v, b[k].v, c[k].v)  # llvm.fmuladd: fused or not, a choice
        return d.eq(d.choose(("fused", *site, s.lane_of(k)), 1, about), d.const(1, 1), 1)
    return s.result([fma_lane(d, a[k], b[k], c[k], w, fused(k), s.flags) for k in range(s.n)])


def _float_cast(s: Site) -> Value:
    x = s.lanes(0)
    return s.result([fcast_lane(s.d, s.ins.op, x[k], s.arg_width(0), s.width, s.flags) for k in range(s.n)])


def _int_cast(s: Site) -> Value:
    x = s.lanes(0)
    return s.result([cast_lane(s.d, s.ins.op, x[k], s.arg_width(0), s.width, s.flags) for k in range(s.n)])


def _bitcount(s: Site) -> Value:
    x, zero_poison = s.lanes(0), bool(s.ins.attrs.zero_poison)
    return s.result([bitcount_lane(s.d, s.ins.op, x[k], s.width, zero_poison) for k in range(s.n)])


# ------------------------------------------------- lane-wise rules of their own

def _select(s: Site) -> Value:
    c, a, b = s.lanes(0), s.lanes(1), s.lanes(2)
    return s.result([select_lane(s.d, c[k], a[k], b[k], s.width) for k in range(s.n)])


def _freeze(s: Site) -> Value:
    x, site = s.lanes(0), choice_site(s.ins, s.it)
    return s.result([freeze_lane(s.d, x[k], ("fr", *site, s.lane_of(k)), s.width) for k in range(s.n)])


def _abs(s: Site) -> Value:
    x, int_min_poison = s.lanes(0), bool(s.ins.attrs.int_min_poison)
    return s.result([abs_lane(s.d, x[k], s.width, int_min_poison) for k in range(s.n)])


# ----------------------------------------------------- across the lanes

def _count_leading(s: Site) -> Value:
    return count_leading(s.d, s.vector(0), s.arg_width(0), s.ins.op == "clsz", s.width)


def _reduce_bool(s: Site) -> Value:
    return reduce_lanes(s.d, s.ins.op, s.vector(0), 1)


def _extract(s: Site) -> Value:
    return extract_lane(s.d, s.vector(0), s.scalar(1), s.arg_width(0), s.arg_width(1))


def _cttz_elts(s: Site) -> Value:
    return cttz_elts(s.d, s.vector(0), s.arg_width(0), s.width, s.ins.attrs.rule or "any-poison",
                     bool(s.ins.attrs.zero_poison))


def _reduce(s: Site) -> Value:
    return reduce_int(s.d, given(s.ins.attrs.kind, s.ins, "kind"), s.vector(0), s.arg_width(0))


def _shuffle(s: Site) -> Value:
    pool = [*_lanes(s.args[0], lanes_of(s.arg_types[0]) or 1), *_lanes(s.args[1], lanes_of(s.arg_types[1]) or 1)]
    poison = Val(s.d.const(0, s.width), s.d.T, s.d.F)
    return tuple(pool[m] if m >= 0 else poison for m in given(s.ins.attrs.mask, s.ins, "lanes"))


def _insertelt(s: Site) -> Value:
    """LLVM's insertelement: poison everywhere for an index out of range."""
    d, vv, x, ix = s.d, s.vector(0), s.scalar(1), s.scalar(2)
    kw, w = s.arg_width(2), (s.width if s.ins.type is not None else 1)
    out = []
    for j, lane in enumerate(vv):
        hit = d.eq(ix.v, d.const(j, kw), kw)
        out.append(Val(d.ite(hit, x.v, lane.v, w), d.or_(poison_of(d, ix), d.bite(hit, x.p, lane.p)),
                       d.bite(hit, x.u, lane.u)))
    if len(vv) < (1 << kw):
        outside = d.not_(d.ult(ix.v, d.const(len(vv), kw), kw))
        out = [Val(ln.v, d.or_(ln.p, outside), ln.u) for ln in out]
    return tuple(out)


def _extractelt(s: Site) -> Value:
    """LLVM's extractelement (lanes from 0): poison for an index out of range."""
    d, vv, ix = s.d, s.vector(0), s.scalar(1)
    kw = s.arg_width(1)
    one = Val(d.add(ix.v, d.const(1, kw), kw), ix.p, ix.u)
    wide = d.ult(ix.v, d.const(len(vv), kw), kw) if len(vv) < (1 << kw) else d.T
    r = extract_lane(d, vv, one, s.arg_width(0), kw)
    return Val(r.v, d.or_(r.p, d.not_(wide)), r.u)


def _prefix(s: Site) -> Value:
    """Lane k (from 1) is k <= x: the seed's mask of the lanes before an exit."""
    d, x, w = s.d, s.scalar(0), s.arg_width(0)
    return tuple(Val(d.from_bool(d.sle(d.const(k + 1, w), x.v, w)) if k + 1 < (1 << (w - 1)) else d.const(0, 1),
                     x.p, x.u) for k in range(s.n))


def _iota(s: Site) -> Value:
    d, x, w = s.d, s.scalar(0), s.width
    return tuple(Val(d.add(x.v, d.const(k, w), w), x.p, x.u) for k in range(s.n))


def _splat(s: Site) -> Value:
    return (s.scalar(0),) * s.n


def _vec(s: Site) -> Value:
    return tuple(a for a in s.args if isinstance(a, Val))  # vec(x1, .., xW)


def _bitcast(s: Site) -> Value:
    return bitcast(s.d, s.args[0], s.arg_types[0], s.ins.type)


# ------------------------------------------------------- memory, calls, checks

def _load_rule(s: Site) -> Value:
    return _load(s.d, s.env, s.st, s.ins, s.args, s.arg_types, s.n, s.vec, s.ubs)


def _store_rule(s: Site) -> None:
    _store(s.d, s.env, s.st, s.ins, s.args, s.arg_types, s.ubs)


def _call_rule(s: Site) -> Value | None:
    return _call(s.d, s.env, s.st, s.ins, s.args, s.arg_types, s.ubs, s.it)


def _assume(s: Site) -> None:
    """UB where the condition is false or poison; masked (a predicated lane of vector
    code), only a lane that runs assumes, as a masked division faults."""
    d, c = s.d, s.scalar(0)
    false = d.or_(poison_of(d, c), d.eq(c.v, d.const(0, 1), 1))
    if s.ins.masked:
        on = s.scalar(len(s.args) - 1)
        false = d.and_(false, d.or_(poison_of(d, on), d.eq(on.v, d.const(1, 1), 1)))
    s.ub(false, 0, UBKind.ASSUMPTION_FALSE, s.ins.attrs.why or "assumption is false")


def _out(s: Site) -> None:
    s.st.outs[s.ins.out] = s.args[0]


def _check_same(s: Site) -> None:
    """(value at the exit, hoisted value, whether the check applies): UB when they differ."""
    d = s.d
    orig, hoisted, active = s.scalar(0), s.scalar(1), s.scalar(2)
    w = s.arg_width(0)
    same = d.and_(d.not_(poison_of(d, hoisted)), d.eq(orig.v, hoisted.v, w))
    on = d.and_(d.eq(active.v, d.const(1, 1), 1), d.not_(poison_of(d, active)))
    what = s.ins.attrs.what or "the hoisted value"
    if type(orig.v) is int and type(hoisted.v) is int:
        shown = "poison" if hoisted.p is True or hoisted.u is True else str(hoisted.v)
        what += f" (at the exit: {orig.v}, hoisted: {shown})"
    s.ub(d.and_(on, d.and_(d.not_(poison_of(d, orig)), d.not_(same))), 0, UBKind.HOISTED_DIFFERS,
         f"{what} differs")


FAMILY_RULES: Mapping[Family, Rule] = MappingProxyType({
    Family.INT_BINARY: _int_binary, Family.ICMP: _icmp, Family.FCMP: _fcmp,
    Family.FLOAT_BINARY: _float_binary, Family.FMA: _fma, Family.FLOAT_CAST: _float_cast,
    Family.FLOAT_MINMAX: _float_minmax, Family.FLOAT_UNARY: _float_unary,
    Family.INT_CAST: _int_cast, Family.BITCOUNT: _bitcount,
})

OP_RULES: Mapping[str, Rule] = MappingProxyType({
    "select": _select, "freeze": _freeze, "abs": _abs,
    "clsz": _count_leading, "clsnz": _count_leading, "anyof": _reduce_bool, "allones": _reduce_bool,
    "extract": _extract, "cttz_elts": _cttz_elts, "reduce": _reduce, "shuffle": _shuffle,
    "insertelt": _insertelt, "extractelt": _extractelt, "prefix": _prefix, "iota": _iota, "splat": _splat,
    "vec": _vec, "bitcast": _bitcast, "load": _load_rule, "store": _store_rule, "call": _call_rule,
    "assume": _assume, "out": _out, "check_same": _check_same,
})


def _unruled() -> list[str]:
    """Opcodes of the table with no rule (a new row whose semantics is not written)."""
    return sorted(op for op, row in OPCODES.items()
                  if (row.family is Family.OTHER and op not in OP_RULES)
                  or (row.family is not Family.OTHER and row.family not in FAMILY_RULES))


if _unruled():  # pragma: no cover - a development error, caught at import
    raise ImportError(f"semantics/ops.py: no rule for opcode(s) {', '.join(_unruled())} of ir/opcodes.py")


def _may_fault(d: AnyDomain, op: str) -> Any:
    return d.T if OPCODES[op].faults else d.F


def extract_lane(d: AnyDomain, src: Sequence[Val], n: Val, w: int, nw: int) -> Val:
    """Extract(X^, n) with lanes numbered from 1; poison when n is out of range."""
    r = Val(d.const(0, w), d.T, d.F)
    for k in reversed(range(len(src))):
        hit = d.eq(n.v, d.const(k + 1, nw), nw)
        x = src[k]
        r = Val(d.ite(hit, x.v, r.v, w), d.bite(hit, x.p, r.p), d.bite(hit, x.u, r.u))
    return Val(r.v, d.or_(r.p, n.p), d.or_(r.u, n.u))


def bitcast(d: AnyDomain, x: Value, ft: Type, tt: Type | None) -> Value:
    """Between integer scalars and vectors of one total width (floats are their bits):
    the bits in little-endian lane order (<W x i1> <-> iW: lane k is bit k-1; <16 x i8>
    <-> <4 x i32>: a memory's bytes as words). A result lane is poison (undef) where
    any operand lane that gives it a bit is: LLVM's reading of a bitcast that regroups
    lanes, as a load of a wider lane is poison if any byte it reads is."""
    if tt is None or ft == tt:
        return x
    fw, tw = elem_of(ft).bits, elem_of(tt).bits
    src: list[Val] = [x] if isinstance(x, Val) else list(x)
    out = []
    for j in range(fw * len(src) // tw):
        lo, hi = j * tw, (j + 1) * tw  # result lane j's bits: operand lanes lo // fw .. (hi - 1) // fw
        parts = range(lo // fw, (hi - 1) // fw + 1)
        v: Any = None
        for k in parts:  # the bits [a, b) of operand lane k, at bit a - lo of lane j
            a, b = max(lo, k * fw), min(hi, (k + 1) * fw)
            piece = src[k].v if a == k * fw else d.lshr(src[k].v, d.const(a - k * fw, fw), fw)
            piece = d.trunc(piece, fw, b - a) if b - a < fw else piece
            piece = d.zext(piece, b - a, tw) if b - a < tw else piece
            piece = d.shl(piece, d.const(a - lo, tw), tw) if a > lo else piece
            v = piece if v is None else d.bor(v, piece, tw)
        out.append(Val(v, d.any_([src[k].p for k in parts]), d.any_([src[k].u for k in parts])))
    return tuple(out) if isinstance(tt, VecType) else out[0]


def _index64(d: AnyDomain, idx: Val, w: int) -> Any:
    return d.sext(idx.v, w, 64)


def in_bounds(d: AnyDomain, env: Env, array: str, i64: Any) -> Any:
    ext = env.extents[array]
    return d.and_(d.sle(d.const(0, 64), i64, 64), d.slt(i64, ext, 64))


def mem_read(d: AnyDomain, env: Env, st: State, array: str, i64: Any) -> Val:
    v, p = d.mem_read(st.mem[array], i64)
    if array in env.alias:
        objs, delta = env.alias[array]
        for obj, flag in reversed(objs):
            seen = mem_read(d, env, st, obj, d.add(i64, delta, 64))
            v, p = d.ite(flag, seen.v, v, env.elem_bits[array]), d.bite(flag, seen.p, p)
    return Val(v, p, d.F)


def mem_write(d: AnyDomain, env: Env, st: State, array: str, i64: Any, x: Val, cond: Any) -> None:
    if array in env.alias:
        objs, delta = env.alias[array]
        for obj, flag in objs:
            mem_write(d, env, st, obj, d.add(i64, delta, 64), x, d.and_(cond, flag))
            cond = d.and_(cond, d.not_(flag))
    st.mem[array] = d.mem_write(st.mem[array], i64, x.v, d.or_(x.p, x.u), cond)


def windows_apart(d: AnyDomain, at_v: Any, ext_v: Any, at_w: Any, ext_w: Any) -> Any:
    """Whether the element ranges [at_v, at_v + ext_v) and [at_w, at_w + ext_w) of one
    object share no element: each starts at least the other's extent past it, modulo
    2^64 (i64 offsets; a negative extent is empty)."""
    def size(e: Any) -> Any:
        return d.ite(d.slt(e, d.const(0, 64), 64), d.const(0, 64), e, 64)

    return d.and_(d.ule(size(ext_v), d.sub(at_w, at_v, 64), 64), d.ule(size(ext_w), d.sub(at_v, at_w, 64), 64))


def _access_lanes(
    d: AnyDomain, ins: Instr, args: list[Value], arg_types: list[Type], n: int, vec: bool
) -> list[tuple[Val, int]]:
    """The element index (and its width) each lane accesses: contiguous or gathered."""
    idx = args[0]
    w = elem_of(arg_types[0]).bits
    if is_vec(idx):
        return [(idx[k], w) for k in range(n)]
    assert isinstance(idx, Val)
    if vec:
        return [(Val(d.add(idx.v, d.const(k, w), w), idx.p, idx.u), w) for k in range(n)]
    return [(idx, w)]


def _check_access(d: AnyDomain, env: Env, array: str, ins: Instr, idx: Val, w: int, on: Any, mp: Any,
                  lane: int, ubs: list[tuple[Any, UBSite]]) -> Any:
    i64 = _index64(d, idx, w)
    bad = d.or_(poison_of(d, idx), d.not_(in_bounds(d, env, array, i64)))
    ubs.append((d.and_(on, bad), UBSite(ins.uid, lane, UBKind.OUT_OF_BOUNDS,
                                         f"{ins.op} of {array}[] out of bounds or at a poison index", array)))
    ubs.append((mp, UBSite(ins.uid, lane, UBKind.POISON_MASK, POISON_MASK)))
    return i64


def _load(d: AnyDomain, env: Env, st: State, ins: Instr, args: list[Value], arg_types: list[Type],
          n: int, vec: bool, ubs: list[tuple[Any, UBSite]]) -> Value:
    array = ins.array
    ops, masks = _mask_lanes(d, ins, args, n)
    out: list[Val] = []
    for k, (idx, w) in enumerate(_access_lanes(d, ins, ops, arg_types, n, vec)):
        on = d.eq(masks[k].v, d.const(1, 1), 1)
        mp = poison_of(d, masks[k])
        i64 = _check_access(d, env, array, ins, idx, w, on, mp, k + 1 if vec else 0, ubs)
        r = mem_read(d, env, st, array, i64)
        out.append(Val(r.v, d.or_(r.p, d.not_(on)), r.u) if ins.masked else r)
    return tuple(out) if vec else out[0]


def _store(d: AnyDomain, env: Env, st: State, ins: Instr, args: list[Value], arg_types: list[Type],
           ubs: list[tuple[Any, UBSite]]) -> None:
    array = ins.array
    vt = arg_types[1]
    vec = isinstance(vt, VecType)
    n = vt.lanes if isinstance(vt, VecType) else 1
    ops, masks = _mask_lanes(d, ins, args, n)
    vals = _lanes(ops[1], n)
    for k, (idx, w) in enumerate(_access_lanes(d, ins, [ops[0]], arg_types, n, vec)):
        on = d.eq(masks[k].v, d.const(1, 1), 1)
        mp = poison_of(d, masks[k])
        i64 = _check_access(d, env, array, ins, idx, w, on, mp, k + 1 if vec else 0, ubs)
        if env.readonly[array]:
            ubs.append((on, UBSite(ins.uid, k + 1 if vec else 0, UBKind.READ_ONLY_STORE,
                                             f"store to read-only {array}", array)))
        mem_write(d, env, st, array, i64, vals[k], on)


def _call(d: AnyDomain, env: Env, st: State, ins: Instr, args: list[Value], arg_types: list[Type],
          ubs: list[tuple[Any, UBSite]], it: int) -> Value | None:
    f = ins.decl
    vec_arg = next((a for a in args if is_vec(a)), None)
    n = len(vec_arg) if vec_arg is not None else 1
    ops, masks = _mask_lanes(d, ins, args, n)
    lanes_on = vec_arg is not None or ins.masked
    results: list[Val] = []
    for k in range(n):
        lane_args = [_lanes(a, n)[k] for a in ops]
        on = d.eq(masks[k].v, d.const(1, 1), 1)
        # (where an earlier lane's call ended the run, the later lanes do nothing)
        mp = d.and_(poison_of(d, masks[k]), d.not_(st.stopped))
        lane = k + 1 if lanes_on else 0
        ubs.append((mp, UBSite(ins.uid, lane, UBKind.POISON_MASK, POISON_MASK)))
        if f.pure:
            assert f.ret is not None
            anyp = d.any_([poison_of(d, a) for a in lane_args])
            if not f.speculatable:
                trap = d.or_(anyp, env.traps(f, [a.v for a in lane_args]))
                ubs.append((d.and_(on, trap), UBSite(ins.uid, lane, UBKind.CALL_TRAPS,
                                                          f"call to {f.name}, which is not speculatable, traps")))
            r = env.apply(f, [a.v for a in lane_args])
            results.append(Val(r, d.or_(anyp, d.not_(on)) if ins.masked else anyp, d.F))
        else:
            if f.ret is not None:  # a result: a function of the trace so far and the arguments
                key = [d.trace_length(st.trace)] + [a.v for a in lane_args]
                p = env.traps(f, key) if f.ret_poison else d.F
                results.append(Val(env.apply(f, key), d.or_(p, d.not_(on)) if ins.masked else p, d.F))
            ahead = ins.attrs.ahead
            if ahead is None:
                _event(d, env, st, f, on, lane_args, (ins.uid, lane, it))
            elif ahead > 1:
                # a legality harness evaluates this lane's call ahead of the scalar loop,
                # which may leave before it: an event the program would not have made
                ubs.append((on, UBSite(ins.uid, lane, UBKind.EFFECT_AHEAD, f"call to {f.name}, which has side effects, made for "
                                                      f"lane {ahead} ahead of the scalar loop")))
    if f.ret is None:
        return None
    return tuple(results) if isinstance(ins.type, VecType) else results[0]


def _event(d: AnyDomain, env: Env, st: State, f: FuncDecl, on: Any, args: list[Val],
           site: tuple[int, int, int]) -> None:
    """An effect's event where `on`: appended to the trace with the contents of what the
    callee may read or write (dead if the run has ended); then what it writes holds the
    run's choice for this point of the trace, and, if it may not return, the run may end
    here (st.stopped)."""
    mems = [(o, st.mem[o], where) for o, where in _reached_by(d, env, f.observes).items()]
    live = d.not_(st.stopped)
    ends = d.F if f.willreturn else env.stop_at(st.trace, on)
    written = {o: (env.clobbered(o, st.trace, on), where) for o, where in _reached_by(d, env, f.writes).items()}
    st.trace = d.trace_append(st.trace, on, env.func_ids[f.name], args, site, mems, live)
    for o, (after, where) in written.items():
        st.mem[o] = d.mem_pick(d.and_(on, where), after, st.mem[o])
    st.stopped = d.or_(st.stopped, d.and_(d.and_(on, live), ends))


def _reached_by(d: AnyDomain, env: Env, names: Sequence[str]) -> dict[str, Any]:
    """What a call that may read or write `names` reaches, each where it does: a named
    array always; the object a view may lie in (views of views too) only where the view
    is one of it in this run (then all of it: the callee may reach the whole object)."""
    out: dict[str, Any] = {}
    todo: list[tuple[str, Any]] = [(n, d.T) for n in names]
    while todo:
        o, where = todo.pop(0)
        out[o] = where if o not in out else d.or_(out[o], where)
        if o in env.alias:
            todo += [(obj, d.and_(where, flag)) for obj, flag in env.alias[o][0]]
    return out


def eval_extent(d: AnyDomain, e: Extent, params: dict[str, Val], widths: dict[str, int]) -> Any:
    """An array extent as an i64 value (parameters sign-extended, wrapping arithmetic)."""
    if isinstance(e, int):
        return d.const(e, 64)
    if isinstance(e, str):
        return d.sext(params[e].v, widths[e], 64)
    op, a, b = e
    x, y = eval_extent(d, a, params, widths), eval_extent(d, b, params, widths)
    return {"+": d.add, "-": d.sub, "*": d.mul, "/": d.sdiv, "%": d.srem}[op](x, y, 64)
