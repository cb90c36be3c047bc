"""A bounded proof is a proof only when it covers every input (issue 40, CBMC's
unwinding assertions): `complete` turns each bounded "proved" into one of

- proved for every input: the unwinding assertion (checks/unwinding.py) shows that
  no run of the source gets past the bound without UB; where it does not at the
  check's own bound, at a deeper bound the IR suggests (analysis/trip_bounds.py)
  or a doubling of it, up to MAX_TRIP, where the check is asked again;
- a counterexample found at such a deeper bound (replayed, as every one is);
- unknown, naming the bound reached and why it is not complete, with a run longer
  than the bound where the solver found one;
- or, where the caller accepts bounded answers (`accept_bounded`: the suite's
  `bounded = N`, the command line's --bounded), proved as bounded.
"""

from __future__ import annotations

from collections.abc import Callable

from verifier.analysis.trip_bounds import candidate_bounds
from verifier.checks.shares import COMPLETION_LEAST
from verifier.checks.unwinding import Unwinding, Unwound, unwinding
from verifier.checks.verdict import Bounded, CoverageKind, LongerRun, Verdict, VerdictKind
from verifier.ir.program import Program
from verifier.limits import MAX_TRIP
from verifier.smt.budget import Budget, Stopwatch

# doublings of the check's bound asked again for a counterexample even where the
# unwinding assertion fails there (a run that faults after 20 iterations, where the
# check stopped at 8); deeper ones only where the IR suggests a complete bound
SEARCH_LIMIT = 64


Deeper = Callable[[int, Budget], list[Verdict]]  # (bound, budget) -> the same question's verdict, bounded


def complete(v: Verdict, src: Program, accept_bounded: int | None, timeout: float, deeper: Deeper) -> Verdict:
    """`v` where it is no bounded proof; else as the module docstring says. `deeper`
    asks the same question bounded at another trip bound. The completion may spend
    what is left of the verdict's allowance of `timeout` seconds (COMPLETION_LEAST
    of it at least)."""
    extent = v.coverage.extent
    if v.verdict is not VerdictKind.PROVED or v.coverage.kind is not CoverageKind.BOUNDED:
        return v
    assert isinstance(extent, Bounded)
    bound = extent.max_trip
    why_bounded = v.coverage.why_bounded  # why the first try was bounded: deeper ones are by request
    if accept_bounded is not None and bound >= accept_bounded:
        return v.but(coverage=v.coverage.bounded_but(accepted_bounded=accept_bounded))
    sw = Stopwatch()
    budget = Budget.of(max(COMPLETION_LEAST * timeout, timeout - (v.work or 0.0)))
    first = v.seconds

    def spent(w: Verdict) -> Verdict:
        return w.but(seconds=first + sw())

    u = unwinding(src, bound, budget.remainder(0.001))
    if u.status is Unwound.COMPLETE:
        return spent(v.but(coverage=v.coverage.bounded_but(complete=True, unwound=bound)))
    longest = u
    searched = {bound * 2 ** k for k in range(1, 8) if bound * 2 ** k <= min(SEARCH_LIMIT, MAX_TRIP)}
    for b in sorted(searched | {k for k in candidate_bounds(src, MAX_TRIP) if k > bound}):
        if budget.exhausted():
            break
        ub = unwinding(src, b, budget.remainder(0.0))
        if ub.status is Unwound.UNDECIDED:
            continue
        if ub.status is Unwound.LONGER:
            longest = ub if ub.inputs is not None else longest
            if b not in searched:
                continue
        answer = _one(deeper(b, budget.remainder()), v)
        if answer is None:
            continue
        if answer.verdict is VerdictKind.COUNTEREXAMPLE:
            return spent(answer)
        if answer.verdict is VerdictKind.PROVED and why_bounded is not None:
            answer = answer.but(coverage=answer.coverage.but(why_bounded=why_bounded))
        if answer.verdict is VerdictKind.PROVED and ub.status is Unwound.COMPLETE:
            return spent(answer.but(coverage=answer.coverage.bounded_but(complete=True, unwound=b)))
        if answer.verdict is VerdictKind.PROVED:
            bound, v = b, answer  # proved deeper: the bound reached
            continue
        break  # unknown at a deeper bound: no more time to go deeper
    return spent(_incomplete(v, bound, longest, budget.exhausted()))


def _one(vs: list[Verdict], like: Verdict) -> Verdict | None:
    """The verdict among `vs` about what `like` is about (its exit, its VF)."""
    return next((w for w in vs if w.subject == like.subject and w.vf == like.vf), None)


def _incomplete(v: Verdict, bound: int, u: Unwinding, out_of_time: bool) -> Verdict:
    """The bounded proof `v` as unknown: the bound it reached, why that is not every
    input, and a longer run where one was found."""
    longer = None
    if u.inputs is not None:
        longer = LongerRun(u.inputs, u.iterations, u.bound)
        why = f"a run of the source goes past {u.bound} iterations without UB (it makes {u.iterations}: inputs below)"
    else:
        why = f"the unwinding assertion was not decided ({u.reason})" if u.reason else "longer runs may exist"
    more = ("the time limit ended the search for a complete bound" if out_of_time else
            f"no bound up to {MAX_TRIP} that the IR suggests covers every run")
    return v.but(verdict=VerdictKind.UNKNOWN, coverage=v.coverage.bounded_but(max_trip=bound, complete=False),
                 longer_run=longer,
                 reason=f"bounded only: no run of at most {bound} iterations goes wrong, but {why}; {more}. A suite "
                        f"accepts this answer with `bounded = {bound}`, the command line with --bounded --max-trip {bound}")
