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

from verifier.ir.opcodes import APPROXIMATING, OPCODES, Family
from verifier.ir.program import Extent, FuncDecl, Instr, Program, given
from verifier.ir.types import Type, VecType, elem_of, lanes_of, mask, to_signed
from verifier.semantics.inputs import Key

if TYPE_CHECKING:  # the protocol only: the semantics itself needs no z3
    from verifier.semantics.domain import AnyDomain


class Val(NamedTuple):
    v: Any
    p: Any  # poison
    u: Any  # computed from a TAINTED undef use (a branch on it is UB)


Value = Val | tuple[Val, ...]


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


class UBKind(StrEnum):
    """Why an operation has immediate UB; checks decide on the kind, reports show
    the message beside it."""

    DIVISION_BY_POISON = "division-by-poison"      # a divisor that is poison or undef
    DIVISION_BY_ZERO = "division-by-zero"
    DIVISION_OVERFLOW = "division-overflow"        # INT_MIN / -1
    POISON_DIVIDEND = "poison-dividend"            # poison / -1: the dividend could be INT_MIN
    OUT_OF_BOUNDS = "out-of-bounds"                # a load or store outside its object, or at a poison index
    READ_ONLY_STORE = "read-only-store"
    CALL_TRAPS = "call-traps"                      # a call to a function that is not speculatable
    EFFECT_AHEAD = "effect-ahead"                  # an effect made ahead of the scalar loop
    ASSUMPTION_FALSE = "assumption-false"
    HOISTED_DIFFERS = "hoisted-differs"            # a legality harness's check_same
    BRANCH_ON_POISON = "branch-on-poison"          # a branch on poison or undef
    POISON_MASK = "poison-mask"                    # a mask lane that decides whether a lane runs is poison


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


def is_vec(x: Value) -> bool:
    """A vector value (tuple of lanes), as opposed to a scalar Val (itself a NamedTuple)."""
    return isinstance(x, tuple) and not isinstance(x, Val)


def poison_of(d: AnyDomain, x: Val) -> Any:
    return d.or_(x.p, x.u)


# ---------------------------------------------------------------- scalar lanes

def _ovf_const(d: AnyDomain, a: Any, c: int, w: int, signed: bool, negate: bool) -> Any:
    """a + c (a - c if `negate`) overflows, for a constant c: one comparison of `a`
    with a constant, which solvers relate across iterations far more easily than
    the wide sums of the general case (the same function of a)."""
    if signed:
        cs = to_signed(c, w)
        cs = -cs if negate else cs
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
        if cs > 0:
            return d.slt(d.const(hi - cs, w), a, w)
        if cs < 0:
            return d.slt(a, d.const(lo - cs, w), w)
        return False
    if negate:
        return d.ult(a, d.const(c, w), w)
    return d.ult(d.const(mask(w) - c, w), a, w) if c else False


def _ovf_add(d: AnyDomain, a: Any, b: Any, w: int, signed: bool) -> Any:
    if type(b) is int and not (signed and to_signed(b, w) == -(1 << (w - 1))):
        return _ovf_const(d, a, b, w, signed, False)
    ext = d.sext if signed else d.zext
    wide = d.add(ext(a, w, w + 1), ext(b, w, w + 1), w + 1)
    return d.not_(d.eq(wide, ext(d.add(a, b, w), w, w + 1), w + 1))


def _ovf_sub(d: AnyDomain, a: Any, b: Any, w: int, signed: bool) -> Any:
    if type(b) is int and not (signed and to_signed(b, w) == -(1 << (w - 1))):
        return _ovf_const(d, a, b, w, signed, True)
    ext = d.sext if signed else d.zext
    wide = d.sub(ext(a, w, w + 1), ext(b, w, w + 1), w + 1)
    return d.not_(d.eq(wide, ext(d.sub(a, b, w), w, w + 1), w + 1))


def _ovf_mul(d: AnyDomain, a: Any, b: Any, w: int, signed: bool) -> Any:
    return d.mul_ovf(a, b, w, signed)


def binop_lane(d: AnyDomain, op: str, flags: frozenset[str], a: Val, b: Val, w: int
               ) -> tuple[Val, list[tuple[Any, UBKind, str]]]:
    """An integer binary operation on one lane: the result and its immediate UB, as
    (condition, kind, message) triples."""
    p = d.or_(a.p, b.p)
    u = d.or_(a.u, b.u)
    ub: list[tuple[Any, UBKind, str]] = []
    x, y = a.v, b.v
    if op in ("add", "sub", "mul"):
        r = getattr(d, op)(x, y, w)
        ovf = {"add": _ovf_add, "sub": _ovf_sub, "mul": _ovf_mul}[op]
        if "nsw" in flags:
            p = d.or_(p, ovf(d, x, y, w, True))
        if "nuw" in flags:
            p = d.or_(p, ovf(d, x, y, w, False))
    elif op in ("udiv", "urem", "sdiv", "srem"):
        what = "division" if op.endswith("div") else "remainder"
        ub.append((d.or_(b.p, b.u), UBKind.DIVISION_BY_POISON, f"{what} by poison"))
        ub.append((d.and_(d.not_(d.or_(b.p, b.u)), d.eq(y, d.const(0, w), w)), UBKind.DIVISION_BY_ZERO, f"{what} by zero"))
        if op in ("sdiv", "srem"):
            minus1 = d.and_(d.not_(d.or_(b.p, b.u)), d.eq(y, d.const(-1, w), w))
            sym = "/" if what == "division" else "%"
            ub.append((d.and_(minus1, d.eq(x, d.const(1 << (w - 1), w), w)), UBKind.DIVISION_OVERFLOW,
                       f"INT_MIN {sym} -1 overflows"))
            # a poison dividend could be INT_MIN, so dividing it by -1 is UB too
            ub.append((d.and_(minus1, d.or_(a.p, a.u)), UBKind.POISON_DIVIDEND,
                       f"poison {sym} -1 (the dividend could be INT_MIN)"))
        r = getattr(d, op)(x, y, w)
        if "exact" in flags and op in ("udiv", "sdiv"):
            rem = d.urem(x, y, w) if op == "udiv" else d.srem(x, y, w)
            p = d.or_(p, d.not_(d.eq(rem, d.const(0, w), w)))
    elif op in ("shl", "lshr", "ashr"):
        big = d.not_(d.ult(y, d.const(w, w), w))
        p = d.or_(p, big)
        r = getattr(d, op)(x, y, w)
        if op == "shl":
            if "nuw" in flags:
                p = d.or_(p, d.not_(d.eq(d.lshr(r, y, w), x, w)))
            if "nsw" in flags:
                p = d.or_(p, d.not_(d.eq(d.ashr(r, y, w), x, w)))
        elif "exact" in flags:
            back = d.shl(r, y, w)
            p = d.or_(p, d.not_(d.eq(back, x, w)))
    elif op in ("and", "or", "xor"):
        r = getattr(d, "b" + op)(x, y, w)
        if op == "or" and "disjoint" in flags:  # LLVM: poison when the operands share a set bit
            p = d.or_(p, d.not_(d.eq(d.band(x, y, w), d.const(0, w), w)))
    elif op in ("smin", "smax", "umin", "umax"):
        lt = d.slt(x, y, w) if op[0] == "s" else d.ult(x, y, w)
        r = d.ite(lt, x, y, w) if op.endswith("min") else d.ite(lt, y, x, w)
    else:  # pragma: no cover - the frontend only emits known opcodes
        raise ValueError(op)
    return Val(r, p, u), ub


def icmp_lane(d: AnyDomain, pred: str, a: Val, b: Val, w: int, samesign: bool = False) -> Val:
    x, y = a.v, b.v
    table = {
        "eq": lambda: d.eq(x, y, w),
        "ne": lambda: d.not_(d.eq(x, y, w)),
        "ult": lambda: d.ult(x, y, w),
        "ule": lambda: d.ule(x, y, w),
        "ugt": lambda: d.ult(y, x, w),
        "uge": lambda: d.ule(y, x, w),
        "slt": lambda: d.slt(x, y, w),
        "sle": lambda: d.sle(x, y, w),
        "sgt": lambda: d.slt(y, x, w),
        "sge": lambda: d.sle(y, x, w),
    }
    p = d.or_(a.p, b.p)
    if samesign:
        zero = d.const(0, w)
        p = d.or_(p, d.not_(d.eq(d.from_bool(d.slt(x, zero, w)), d.from_bool(d.slt(y, zero, w)), 1)))
    return Val(d.from_bool(table[pred]()), p, d.or_(a.u, b.u))


# IEEE binary formats by width: (exponent bits, mantissa bits)
FLOAT_FORMATS = {16: (5, 10), 32: (8, 23), 64: (11, 52)}


def _float_class(d: AnyDomain, x: Any, w: int) -> tuple[Any, Any, Any]:
    """(NaN, infinite, the order key) of the IEEE value with bits x: the key is the
    magnitude, negated when the sign is set, so that keys compare (signed, one bit
    wider) as the non-NaN values do, with -0 and +0 equal."""
    e, m = FLOAT_FORMATS[w]
    exp = d.band(d.lshr(x, d.const(m, w), w), d.const((1 << e) - 1, w), w)
    frac = d.band(x, d.const((1 << m) - 1, w), w)
    top = d.eq(exp, d.const((1 << e) - 1, w), w)
    zero_frac = d.eq(frac, d.const(0, w), w)
    nan = d.and_(top, d.not_(zero_frac))
    inf = d.and_(top, zero_frac)
    mag = d.zext(d.band(x, d.const((1 << (w - 1)) - 1, w), w), w, w + 1)
    neg = d.not_(d.eq(d.lshr(x, d.const(w - 1, w), w), d.const(0, w), w))
    key = d.ite(neg, d.sub(d.const(0, w + 1), mag, w + 1), mag, w + 1)
    return nan, inf, key


def fcmp_lane(d: AnyDomain, pred: str, a: Val, b: Val, w: int, flags: frozenset[str] = frozenset()) -> Val:
    """fcmp on one lane of IEEE values given by their bits (LangRef "fcmp"): o-predicates
    are false and u-predicates true when either is NaN. `nnan`/`ninf` (or `fast`) make
    the result poison when an operand is NaN / infinite."""
    na, ia, ka = _float_class(d, a.v, w)
    nb, ib, kb = _float_class(d, b.v, w)
    uno = d.or_(na, nb)
    rel = {"eq": lambda: d.eq(ka, kb, w + 1), "ne": lambda: d.not_(d.eq(ka, kb, w + 1)),
           "gt": lambda: d.slt(kb, ka, w + 1), "ge": lambda: d.sle(kb, ka, w + 1),
           "lt": lambda: d.slt(ka, kb, w + 1), "le": lambda: d.sle(ka, kb, w + 1)}
    if pred in ("false", "true"):
        r = d.const(1 if pred == "true" else 0, 1)
    elif pred == "ord":
        r = d.from_bool(d.not_(uno))
    elif pred == "uno":
        r = d.from_bool(uno)
    elif pred[0] == "o":
        r = d.from_bool(d.and_(d.not_(uno), rel[pred[1:]]()))
    else:
        r = d.from_bool(d.or_(uno, rel[pred[1:]]()))
    p = d.or_(a.p, b.p)
    if flags & {"nnan", "fast"}:
        p = d.or_(p, uno)
    if flags & {"ninf", "fast"}:
        p = d.or_(p, d.or_(ia, ib))
    return Val(r, p, d.or_(a.u, b.u))


def _fp_flags_poison(d: AnyDomain, vals: list[Any], w: int, flags: frozenset[str]) -> Any:
    """nnan / ninf (or fast): poison where a value (operand or result) is NaN / infinite."""
    p: Any = d.F
    for x in vals:
        nan, inf, _ = _float_class(d, x, w)
        if flags & {"nnan", "fast"}:
            p = d.or_(p, nan)
        if flags & {"ninf", "fast"}:
            p = d.or_(p, inf)
    return p


def fminmax_lane(d: AnyDomain, op: str, a: Val, b: Val, w: int, flags: frozenset[str],
                 choose: Callable[[str], Any]) -> Val:
    """llvm.minnum / maxnum, minimum / maximum and minimumnum / maximumnum on one lane of
    IEEE values given by their bits (LangRef, LLVM 22), computed on the bits as fcmp is:
    - minimum / maximum (IEEE-754 2019): a NaN operand gives NaN; -0 < +0;
    - minimumnum / maximumnum (IEEE minimumNumber): a NaN operand is ignored (NaN only
      when both are); -0 < +0;
    - minnum / maxnum (IEEE-754 2008 minNum): a NaN operand is ignored; operands that
      compare equal (+0 and -0) give either one, and a signaling NaN operand either
      makes the result NaN or counts as a quiet one: both choices (`choose(tag)`, a
      boolean of the run) are LangRef's nondeterminism, not ours to fix.
    `nsz`: +0 and -0 give either one; nnan / ninf as for fbin_lane. A NaN result is
    canonical, as fbin's."""
    e, m = FLOAT_FORMATS[w]
    na, _, ka = _float_class(d, a.v, w)
    nb, _, kb = _float_class(d, b.v, w)
    lower = op.startswith("min")
    a_wins = d.slt(ka, kb, w + 1) if lower else d.slt(kb, ka, w + 1)
    b_wins = d.slt(kb, ka, w + 1) if lower else d.slt(ka, kb, w + 1)
    either = op in ("minnum", "maxnum") or "nsz" in flags
    # equal: the same bits, or +0 and -0, where -0 is the lower (the sign bit's or / and)
    tie = d.ite(d.eq(choose("tie"), d.const(1, 1), 1), a.v, b.v, w) if either else \
        (d.bor(a.v, b.v, w) if lower else d.band(a.v, b.v, w))
    ordered = d.ite(a_wins, a.v, d.ite(b_wins, b.v, tie, w), w)
    nan = d.const((((1 << e) - 1) << m) | (1 << (m - 1)), w)  # the canonical quiet NaN
    if op in ("minimum", "maximum"):
        r = d.ite(d.or_(na, nb), nan, ordered, w)
    else:
        r = d.ite(d.and_(na, nb), nan, d.ite(na, b.v, d.ite(nb, a.v, ordered, w), w), w)
        if op in ("minnum", "maxnum"):
            def signaling(x: Any, nan_x: Any) -> Any:
                return d.and_(nan_x, d.eq(d.band(x, d.const(1 << (m - 1), w), w), d.const(0, w), w))
            snan = d.or_(signaling(a.v, na), signaling(b.v, nb))
            r = d.ite(d.and_(snan, d.eq(choose("snan"), d.const(1, 1), 1)), nan, r, w)
    p = d.or_(d.or_(a.p, b.p), _fp_flags_poison(d, [a.v, b.v, r], w, flags))
    return Val(r, p, d.or_(a.u, b.u))


def funary_lane(d: AnyDomain, op: str, a: Val, w: int, flags: frozenset[str] = frozenset(),
                approximation: Any = None) -> Val:
    """llvm.sqrt (correctly rounded, to nearest even) and llvm.floor / ceil / trunc /
    round (half away from zero) / roundeven / rint / nearbyint (LLVM's default
    environment: to nearest even) on one lane: IEEE, a NaN result canonical (the
    domain's `funary`); nnan/ninf make NaN/infinite operands or results poison.
    `approximation` (w+1 bits, approximating flags only): its top bit set, its low w
    bits are the result instead (`approximation_kind`)."""
    r = d.funary(op, a.v, w)
    nan, inf = _funary_class(d, op, a.v, w)  # the result's, read off the operand: no circuit
    if approximation is not None:
        taken, value = _approximate(d, approximation, w)
        r = d.ite(taken, value, r, w)
        nan_v, inf_v, _ = _float_class(d, value, w)
        nan, inf = d.bite(taken, nan_v, nan), d.bite(taken, inf_v, inf)
    p = d.or_(a.p, _fp_flags_poison(d, [a.v], w, flags))
    if flags & {"nnan", "fast"}:
        p = d.or_(p, nan)
    if flags & {"ninf", "fast"}:
        p = d.or_(p, inf)
    return Val(r, p, a.u)


def _funary_class(d: AnyDomain, op: str, x: Any, w: int) -> tuple[Any, Any]:
    """(NaN, infinite) of op's IEEE result on x: a square root is NaN below -0 and
    infinite at +inf only; a rounding keeps its operand's class."""
    nan, inf, key = _float_class(d, x, w)
    if op != "sqrt":
        return nan, inf
    below = d.slt(key, d.const(0, w + 1), w + 1)  # -0's key is 0
    return d.or_(nan, below), d.and_(inf, d.not_(below))


APPROXIMATION = "approx"  # the first word of an approximation choice's kind


def _approximate(d: AnyDomain, c: Any, w: int) -> tuple[Any, Any]:
    """An approximation choice (w+1 bits) read: (whether taken, the value it takes)."""
    return d.eq(d.lshr(c, d.const(w, w + 1), w + 1), d.const(1, w + 1), w + 1), d.trunc(c, w + 1, w)


def approximation_kind(op: str, w: int, flags: frozenset[str]) -> str | None:
    """The kind of choice a math intrinsic's w-bit result is under flags that let it be
    other than IEEE's (`afn`, `fast`, ...: LangRef bounds none of them), named by the
    operation, its width and those flags: two executions of one kind on the same
    operand allow the same values. None: the result is IEEE's.
    A run makes the choice (w+1 bits): the exact result (top bit clear) or any value.
    Any value over-approximates whatever the flags allow, so a target's choices keep a
    proof sound; a source's are never searched (any value is not an approximation):
    checks/refinement.py answers one with the target's own choice of the same kind on
    the same operand, else the exact result, which every such flag allows."""
    approximating = sorted(flags & set(APPROXIMATING))
    return ".".join((APPROXIMATION, op, str(w), *approximating)) if approximating else None


def is_approximation(key: Key) -> bool:
    """Whether a choice's key is an approximation's (`approximation_kind`)."""
    return isinstance(key[0], str) and key[0].split(".")[0] == APPROXIMATION


KEEPS_CLASS = ("an approximation (afn, fast) is NaN only where the IEEE result is NaN, and infinite only "
               "where it is infinite (LangRef bounds approximations not at all)")


def approximation_keeps_class(d: AnyDomain, op: str, x: Any, c: Any, w: int) -> Any:
    """What a refutation assumes of an approximation choice c (w+1 bits) of op(x)
    (KEEPS_CLASS, listed in its verdict): taken, its value is NaN exactly where IEEE's
    result is, and infinite exactly where it is."""
    taken, value = _approximate(d, c, w)
    nan_r, inf_r = _funary_class(d, op, x, w)
    nan_v, inf_v, _ = _float_class(d, value, w)

    def iff(a: Any, b: Any) -> Any:
        return d.or_(d.and_(a, b), d.and_(d.not_(a), d.not_(b)))
    return d.or_(d.not_(taken), d.and_(iff(nan_r, nan_v), iff(inf_r, inf_v)))


def approximation_site(key: Key, *progs: Program | None) -> str:
    """An approximation choice's instruction as reports name it: `sqrt.afn at f.ll:9:3`."""
    ins = next((i for p in progs if p is not None for i in p.instructions() if i.uid == key[1]), None)
    if ins is None:
        return str(key[0])
    return f"{ins.op}.{'.'.join(ins.attrs.flags)}" + (f" at {ins.loc}" if ins.loc is not None else "")


def approximated(choices: Mapping[Key, int]) -> Key | None:
    """The first approximation among concrete choices that is not the exact result."""
    for k, v in choices.items():
        if is_approximation(k) and v >> int(str(k[0]).split(".")[2]):
            return k
    return None


def fbin_lane(d: AnyDomain, op: str, a: Val, b: Val, w: int, flags: frozenset[str] = frozenset()) -> Val:
    """fadd/fsub/fmul/fdiv on one lane (LangRef): IEEE, round to nearest even, a NaN
    result canonical (the domain's `fbin`); nnan/ninf make NaN/infinite operands or
    results poison."""
    r = d.fbin(op, a.v, b.v, w)
    p = d.or_(d.or_(a.p, b.p), _fp_flags_poison(d, [a.v, b.v, r], w, flags))
    return Val(r, p, d.or_(a.u, b.u))


def fma_lane(d: AnyDomain, a: Val, b: Val, c: Val, w: int, fused: Any, flags: frozenset[str] = frozenset()) -> Val:
    """a * b + c on one lane: rounded once where `fused` (llvm.fma always; llvm.fmuladd
    by a choice, since LangRef leaves unspecified whether the product is rounded
    first), else the fmul's rounding then the fadd's. nnan/ninf as for fbin_lane."""
    one = d.fma(a.v, b.v, c.v, w)
    r = one if d.is_true(fused) else d.ite(fused, one, d.fma(a.v, b.v, c.v, w, fused=False), w)
    p = d.or_(d.any_([a.p, b.p, c.p]), _fp_flags_poison(d, [a.v, b.v, c.v, r], w, flags))
    return Val(r, p, d.any_([a.u, b.u, c.u]))


def choice_site(ins: Instr, it: int) -> tuple[int, int]:
    """The (instruction, scalar iteration) a nondeterministic choice belongs to. A
    legality harness's copy of a loop instruction for a later lane is the same
    execution as the original's in that iteration (attribute `instance`: the
    original's uid and the lane's distance), so both make the same choice."""
    uid, ahead = ins.attrs.instance or (ins.uid, 0)
    return uid, it + ahead


def fcast_lane(d: AnyDomain, op: str, x: Val, wf: int, wt: int, flags: frozenset[str] = frozenset()) -> Val:
    """fptosi/fptoui (toward zero; poison when the value does not fit, LangRef),
    sitofp/uitofp (round to nearest even), fpext (exact) and fptrunc (rounded)."""
    if op in ("fptosi", "fptoui"):
        v, fits = d.f2i(x.v, wf, wt, op == "fptosi")
        return Val(v, d.or_(x.p, d.not_(fits)), x.u)
    if op in ("sitofp", "uitofp"):
        p = x.p
        if op == "uitofp" and "nneg" in flags:  # nneg: poison when the operand is negative
            p = d.or_(p, d.slt(x.v, d.const(0, wf), wf))
        return Val(d.i2f(x.v, wf, wt, op == "sitofp"), p, x.u)
    return Val(d.fconv(x.v, wf, wt), x.p, x.u)


def select_lane(d: AnyDomain, c: Val, a: Val, b: Val, w: int) -> Val:
    t = d.eq(c.v, d.const(1, 1), 1)
    # a poison arm's value bits are never observed, so the other arm's stand for
    # them: `select %inb, %off, poison` (an inbounds GEP) stays the bare offset
    if d.is_true(a.p):
        v = b.v
    elif d.is_true(b.p):
        v = a.v
    else:
        v = d.ite(t, a.v, b.v, w)
    return Val(v, d.or_(c.p, d.bite(t, a.p, b.p)), d.or_(c.u, d.bite(t, a.u, b.u)))


def freeze_lane(d: AnyDomain, x: Val, key: tuple[Any, ...], w: int) -> Val:
    """freeze: x itself unless poison (or undef); then one arbitrary fixed value."""
    bad = d.or_(x.p, x.u)
    if d.is_false(bad):
        return Val(x.v, d.F, d.F)
    return Val(d.ite(bad, d.choose(key, w), x.v, w), d.F, d.F)


def cast_lane(d: AnyDomain, op: str, x: Val, wf: int, wt: int, flags: frozenset[str]) -> Val:
    r = getattr(d, op)(x.v, wf, wt)
    p = x.p
    if op == "zext" and "nneg" in flags:
        p = d.or_(p, d.slt(x.v, d.const(0, wf), wf))
    if op == "trunc":
        if "nuw" in flags:
            p = d.or_(p, d.not_(d.eq(d.zext(r, wt, wf), x.v, wf)))
        if "nsw" in flags:
            p = d.or_(p, d.not_(d.eq(d.sext(r, wt, wf), x.v, wf)))
    return Val(r, p, x.u)


def abs_lane(d: AnyDomain, x: Val, w: int, int_min_poison: bool) -> Val:
    neg = d.slt(x.v, d.const(0, w), w)
    r = d.ite(neg, d.sub(d.const(0, w), x.v, w), x.v, w)
    p = x.p
    if int_min_poison:
        p = d.or_(p, d.eq(x.v, d.const(1 << (w - 1), w), w))
    return Val(r, p, x.u)


def bitcount_lane(d: AnyDomain, op: str, x: Val, w: int, zero_poison: bool) -> Val:
    """llvm.cttz / llvm.ctlz / llvm.ctpop on one lane: trailing or leading zero bits (w
    for zero, poison then if zero_poison), or set bits."""
    bits = [d.not_(d.eq(d.band(x.v, d.const(1 << k, w), w), d.const(0, w), w)) for k in range(w)]
    if op == "ctpop":
        r = d.const(0, w)
        for b in bits:
            r = d.add(r, d.ite(b, d.const(1, w), d.const(0, w), w), w)
        return Val(r, x.p, x.u)
    r = d.const(w, w)
    order = reversed(range(w)) if op == "cttz" else range(w)
    for k in order:  # the last bit written wins: the lowest set bit (cttz), the highest (ctlz)
        r = d.ite(bits[k], d.const(k if op == "cttz" else w - 1 - k, w), r, w)
    p = d.or_(x.p, d.eq(x.v, d.const(0, w), w)) if zero_poison else x.p
    return Val(r, p, x.u)


# ------------------------------------------------------------ vector reductions

def known_zero(d: AnyDomain, x: Val, w: int) -> Any:
    return d.and_(d.not_(poison_of(d, x)), d.eq(x.v, d.const(0, w), w))


def known_nonzero(d: AnyDomain, x: Val, w: int) -> Any:
    return d.and_(d.not_(poison_of(d, x)), d.not_(d.eq(x.v, d.const(0, w), w)))


def count_leading(d: AnyDomain, lanes: Sequence[Val], w: int, want_zero: bool, rw: int) -> Val:
    """CLSZ (want_zero) / CLSNZ of seed 000: lanes counted from lane 1 while they are
    zero (non-zero); poison if the lane that stops the count is poison; lanes after
    it do not matter. All lanes counted gives VF."""
    counted = known_zero if want_zero else known_nonzero
    prefix = d.T
    poison = d.F
    n = d.const(0, rw)
    for x in lanes:
        poison = d.or_(poison, d.and_(prefix, poison_of(d, x)))
        prefix = d.and_(prefix, counted(d, x, w))
        n = d.ite(prefix, d.add(n, d.const(1, rw), rw), n, rw)
    return Val(n, poison, d.F)


def reduce_lanes(d: AnyDomain, op: str, lanes: Sequence[Val], w: int) -> Val:
    """anyof / allones (llvm.vector.reduce.or/and on i1): poison if any lane is."""
    p = d.any_([poison_of(d, x) for x in lanes])
    ones = [d.eq(x.v, d.const(0 if op == "anyof" else 1, 1), 1) for x in lanes]
    r = d.not_(d.all_(ones)) if op == "anyof" else d.all_(ones)
    return Val(d.from_bool(r), p, d.F)


def cttz_elts(d: AnyDomain, lanes: Sequence[Val], w: int, rw: int, rule: str, zero_poison: bool) -> Val:
    """llvm.experimental.cttz.elts: the number of lanes, from lane 0, before the first
    non-zero one (all lanes if none; poison then if `zero_poison`). A poison lane makes
    the result poison: any poison lane under "any-poison" (the rule in LLVM's current
    language reference), only one up to the first non-zero lane under "first-true"."""
    n = count_leading(d, lanes, w, True, rw)
    p = n.p if rule == "first-true" else d.any_([poison_of(d, x) for x in lanes])
    if zero_poison:
        p = d.or_(p, d.all_([known_zero(d, x, w) for x in lanes]))
    return Val(n.v, p, d.F)


def reduce_int(d: AnyDomain, kind: str, lanes: Sequence[Val], w: int) -> Val:
    """llvm.vector.reduce.<kind>: the lanes combined left to right; poison if any lane is
    (undef lanes count as poison: a conservative reading)."""
    p = d.any_([d.or_(x.p, x.u) for x in lanes])
    acc = lanes[0].v
    for x in lanes[1:]:
        if kind in ("umin", "umax", "smin", "smax"):
            lt = d.ult if kind[0] == "u" else d.slt
            acc = d.ite(lt(x.v, acc, w) if kind.endswith("min") else lt(acc, x.v, w), x.v, acc, w)
        else:
            acc = {"or": d.bor, "and": d.band, "xor": d.bxor, "add": d.add, "mul": d.mul}[kind](acc, x.v, w)
    return Val(acc, p, d.F)


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
