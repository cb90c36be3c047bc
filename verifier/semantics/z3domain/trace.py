"""The z3 domain's traces: slots of events with a symbolic length (SymTrace),
appending under a condition, merging at joins, and conjunct sets that let a
predicated append fill one slot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import z3
from z3 import z3core

from verifier.semantics.concrete import (
    TRACE_IDX,
)
from verifier.semantics.z3domain.base import _b, _bv, _mk_ite
from verifier.semantics.z3domain.memory import _pois_array

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

