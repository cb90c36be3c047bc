"""The z3 domain's memories: pairs of z3 arrays (values, poison) read and written
case by case where an index is an if-then-else tree of constants."""

from __future__ import annotations

from typing import Any

import z3

from verifier.ir.types import mask
from verifier.semantics.z3domain.base import IndexMemo, _b, _bv, _mk_ite

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


