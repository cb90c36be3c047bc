"""The semantics of one lane (docs/semantics.md): what each operation computes on
scalar values with their poison and undef, and the reductions across a vector's lanes.
The one rule table (ops.py) applies these to instructions, lane by lane; both are
written against a Domain (domain.py), so the concrete interpreter and the z3 encoder
run the same rules. A scalar value is a Val (value, poison, undef); a vector is a
tuple of Vals, lane 1 first."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from verifier.ir.opcodes import APPROXIMATING
from verifier.ir.program import Instr, Program
from verifier.ir.types import mask, to_signed
from verifier.semantics.inputs import Key

if TYPE_CHECKING:  # the protocol only: the semantics itself needs no z3
    from verifier.semantics.domain import AnyDomain


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


class Val(NamedTuple):
    v: Any
    p: Any  # poison
    u: Any  # computed from a TAINTED undef use (a branch on it is UB)


Value = Val | tuple[Val, ...]


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


def _ovf_linear(d: AnyDomain, a: Any, b: Any, w: int, signed: bool, sub: bool) -> Any:
    """Whether a + b (a - b with `sub`) wraps: against the constant's threshold where b
    is one (but the signed minimum), else the result one bit wider compared."""
    if type(b) is int and not (signed and to_signed(b, w) == -(1 << (w - 1))):
        return _ovf_const(d, a, b, w, signed, sub)
    ext = d.sext if signed else d.zext
    op = d.sub if sub else d.add
    wide = op(ext(a, w, w + 1), ext(b, w, w + 1), w + 1)
    return d.not_(d.eq(wide, ext(op(a, b, w), w, w + 1), w + 1))


def _ovf_add(d: AnyDomain, a: Any, b: Any, w: int, signed: bool) -> Any:
    return _ovf_linear(d, a, b, w, signed, False)


def _ovf_sub(d: AnyDomain, a: Any, b: Any, w: int, signed: bool) -> Any:
    return _ovf_linear(d, a, b, w, signed, True)


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


