"""Arrays out of a query, for the bit-blasting engine (smt/solver.check_racing), which
takes no arrays: each distinct read `select(A, i)` of an array constant becomes a fresh
bit-vector, and two reads of one array are equal where their indices are
(Ackermann's reduction).

Sound for proofs: the reduced query is satisfiable exactly when the original is,
wherever the arrays are only read (reads through stores, constant arrays and
`ite`s of arrays are first rewritten into reads of the array constants; any other
array term left, an array equality say, and there is no reduction). A model of the
array constants gives one of the reduced query (each read its element), and a model
of the reduced query gives one of the arrays (each read's index mapped to its value,
consistently by the added equalities). Only an unsat answer is taken from it.

The pairs whose indices z3's rewriter already tells apart (`4 + 16*q` and
`5 + 16*q`) add nothing; past MAX_READS reads of one array the quadratic number of
pairs is not worth it, and there is no reduction either."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

import z3

MAX_READS = 256  # reads of one array, at most (pairs: about 32,000)
MAX_TERMS = 5_000  # distinct subterms, at most (z3's Python API walks some 10,000 a second, and slows the main check meanwhile)
CANCEL_EVERY = 256  # terms or pairs between two looks at whether the reduction is still wanted


def _never() -> bool:
    return False


def without_arrays(formulas: list[Any], cancelled: Callable[[], bool] = _never) -> list[Any] | None:
    """`formulas` (of one context) with their array reads as bit-vectors, or None where
    the reduction does not apply (an array term other than a read, too many reads or
    terms) or `cancelled()` came true meanwhile (it is asked every few hundred terms)."""
    prepared = _read_only(formulas, cancelled)
    if prepared is None:
        return None
    fs, reads = prepared
    by_array: dict[int, list[tuple[Any, Any]]] = {}
    subs: list[tuple[Any, Any]] = []
    for k, r in enumerate(reads):
        v = z3.Const(f"ackermann!{k}", r.sort())
        subs.append((r, v))
        by_array.setdefault(r.arg(0).get_id(), []).append((r.arg(1), v))
    if max((len(rs) for rs in by_array.values()), default=0) > MAX_READS:
        return None
    out = [z3.substitute(f, *subs) for f in fs] if subs else list(fs)
    for rs in by_array.values():
        tied = _tied([(z3.substitute(i, *subs), v) for i, v in rs], cancelled)  # (an index may read an array)
        if tied is None:
            return None
        out += tied
    return out


def _read_only(formulas: list[Any], cancelled: Callable[[], bool]) -> tuple[list[Any], list[Any]] | None:
    """`formulas` rewritten to read array constants only (_through_stores), and their
    reads; None where the reduction does not apply."""
    terms = _all_terms(formulas, cancelled)
    if terms is None:
        return None
    fs = _through_stores(formulas, terms)
    reads = _reads(fs, cancelled)
    return None if reads is None else (fs, reads)


def _tied(reads: list[tuple[Any, Any]], cancelled: Callable[[], bool]) -> list[Any] | None:
    """For reads (index, value) of one array: equal values where the indices are
    equal, for each pair whose indices z3's rewriter does not tell apart; None once
    `cancelled()`."""
    out = []
    for n, ((i, v), (j, w)) in enumerate(combinations(reads, 2)):
        if n % CANCEL_EVERY == 0 and cancelled():
            return None
        same = z3.simplify(_same(i, j))
        if not z3.is_false(same):
            out.append(z3.Implies(same, v == w))
    return out


def _same(i: Any, j: Any, depth: int = 3) -> Any:
    """`i == j`, split over an `ite` that is an index or one of its summands (a
    remainder's `ite(c, q + 16, q) + 3` against a vector lane's `q + 5`: `c` or
    false, where z3's rewriter leaves a comparison of two sums of 64 bits)."""
    for x, y in ((i, j), (j, i)):
        t = _summand_ite(x) if depth else None
        if t is not None:
            return z3.If(t.arg(0), _same(z3.substitute(x, (t, t.arg(1))), y, depth - 1),
                         _same(z3.substitute(x, (t, t.arg(2))), y, depth - 1))
    return z3.simplify(i == j)


def _summand_ite(x: Any) -> Any:
    """An `ite` that is `x` or a summand of it, if any."""
    for t in x.children() if z3.is_app_of(x, z3.Z3_OP_BADD) else [x]:
        if z3.is_app_of(t, z3.Z3_OP_ITE):
            return t
    return None


def _through_stores(fs: list[Any], terms: list[Any]) -> list[Any]:
    """`fs` (whose subterms are `terms`) with each read of a store, an `ite` of arrays
    or a constant array rewritten into reads of what they are made of (read-over-write)."""
    subs: list[tuple[Any, Any]] = []

    def read(a: Any, i: Any) -> Any:
        if z3.is_store(a):
            return z3.If(i == a.arg(1), a.arg(2), read(a.arg(0), i))
        if z3.is_app_of(a, z3.Z3_OP_ITE):
            return z3.If(a.arg(0), read(a.arg(1), i), read(a.arg(2), i))
        if z3.is_K(a):
            return a.arg(0)
        return z3.Select(a, i)

    for e in terms:
        if z3.is_select(e) and not _constant(e.arg(0)):
            # (children first: a read inside this one's index or store is rewritten already)
            a, i = (z3.substitute(x, *subs) if subs else x for x in (e.arg(0), e.arg(1)))
            subs.append((e, read(a, i)))
    return [z3.simplify(z3.substitute(f, *subs)) for f in fs] if subs else fs


def _all_terms(fs: list[Any], cancelled: Callable[[], bool]) -> list[Any] | None:
    """Every subterm of `fs` once, children before their parents; None past MAX_TERMS
    or once `cancelled()`."""
    out: list[Any] = []
    seen: set[int] = set()
    todo: list[tuple[Any, bool]] = [(f, False) for f in reversed(fs)]
    while todo:
        e, expanded = todo.pop()
        if expanded:
            out.append(e)
            continue
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if len(seen) > MAX_TERMS or (len(seen) % CANCEL_EVERY == 0 and cancelled()):
            return None
        todo.append((e, True))
        todo.extend((c, False) for c in reversed(e.children()))
    return out


def _reads(fs: list[Any], cancelled: Callable[[], bool]) -> list[Any] | None:
    """The distinct reads of array constants in `fs`; None where another array term
    is left (or _all_terms gives none)."""
    terms = _all_terms(fs, cancelled)
    if terms is None:
        return None
    reads = []
    for e in terms:
        if z3.is_select(e) and _constant(e.arg(0)):
            reads.append(e)
        elif z3.is_quantifier(e) or (z3.is_array(e) and not _constant(e)) or any(map(z3.is_array, e.children())):
            return None  # an array made or used other than by a read
    return reads


def _constant(a: Any) -> bool:
    return bool(z3.is_const(a) and a.decl().kind() == z3.Z3_OP_UNINTERPRETED)
