"""The refinement relation, defined once over the domain: the solver's query asks
for its negation on z3 terms (checks/refinement.py `mismatch_terms`), and the
replay of a counterexample evaluates it on the two concrete runs (`compare_runs`).

A target value refines a source value when the source's is poison (LLVM lets a
transformation make it anything), or the target's is not and equal. An undef lane is
the value its use chose (ops.UndefReading): a check quantifies the source's choices
over every value, so `undef` is refined by any value but poison (poison is less
defined than undef), and a value computed from it by the values it can take.
An event refines when the callee is the same and every argument refines; a memory
cell and a live-out lane refine as values do. Immediate UB, the trace's length and
termination are compared by the callers: they are facts of a run, not of a value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from verifier.semantics.ops import Val, Value, is_vec

if TYPE_CHECKING:  # the protocol only: the semantics itself needs no z3
    from verifier.semantics.domain import AnyDomain

ARG_BITS = 64  # event arguments are compared as i64 (the trace widens them)
CALLEE_BITS = 16  # a callee's trace id


def cell_refines(d: AnyDomain, sv: Any, s_poison: Any, tv: Any, t_poison: Any, w: int) -> Any:
    """(tv, t_poison) refines (sv, s_poison): the source is poison, or the target is
    not and holds the same value."""
    return d.or_(s_poison, d.and_(d.not_(t_poison), d.eq(sv, tv, w)))


def val_refines(d: AnyDomain, s: Val, t: Val, w: int) -> Any:
    """One lane: a poison source lane allows anything; else the target is not poison
    and equal (an undef lane is its chosen value, see above)."""
    return cell_refines(d, s.v, s.p, t.v, t.p, w)


def value_refines(d: AnyDomain, s: Value, t: Value, w: int) -> Any:
    """A scalar or a vector: every lane refines."""
    if is_vec(s):
        assert isinstance(s, tuple) and isinstance(t, tuple)
        return d.all_([val_refines(d, a, b, w) for a, b in zip(s, t, strict=True)])
    assert isinstance(s, Val) and isinstance(t, Val)
    return val_refines(d, s, t, w)


def event_refines(d: AnyDomain, s_callee: Any, t_callee: Any, s_args: Sequence[tuple[Any, Any]],
                  t_args: Sequence[tuple[Any, Any]]) -> Any:
    """One trace event: the same callee, and each argument (value, poison) refines."""
    same = [d.eq(s_callee, t_callee, CALLEE_BITS)]
    same += [cell_refines(d, sv, sp, tv, tp, ARG_BITS) for (sv, sp), (tv, tp) in zip(s_args, t_args, strict=False)]
    return d.all_(same)
