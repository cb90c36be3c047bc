"""The z3 domain's small term helpers: a value as a bit-vector or boolean term,
powers of two, and n-ary and/or/ite that fold what is known."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from verifier.smt.budget import ITE_UNITS, charge


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


