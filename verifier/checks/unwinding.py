"""Unwinding assertions (CBMC's, for our bounded checks): does any run of a program
get past `bound` iterations of a loop without UB?

A bounded check covers the runs whose loops visit their headers at most `bound`
times (every bounded check here covers at least that many: the legality harness and
the refinement check unroll `bound + 1`, the chained check whole vector steps). If
no run of the source gets to a header's `bound + 1`-th visit without immediate UB on
the way, every other run has UB in the source within the part the check did unroll,
and a target may do anything there: the bounded answer then covers every input. The
question is asked of the source alone, nondeterministic choices existential (a run
that some choice makes longer counts), so unsat is a proof and sat is a witness.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from verifier.analysis.loops import find_loops
from verifier.checks.replay import model_inputs
from verifier.ir.program import Program, uses_floats
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.semantics.ops import UndefReading
from verifier.semantics.symbolic import EncodingTimeout, Unroll, encode, make_inputs
from verifier.semantics.z3domain import Z3Domain
from verifier.smt.budget import Budget
from verifier.smt.solver import SolverStatus, check, fresh_context, new_solver


class Unwound(StrEnum):
    """What the unwinding assertion concluded."""

    COMPLETE = "complete"  # no run gets past the bound without UB
    LONGER = "longer"  # a run does (its inputs, replayed, come with it)
    UNDECIDED = "undecided"  # the solver did not answer in time


@dataclass(frozen=True)
class Unwinding:
    status: Unwound
    bound: int
    inputs: Inputs | None = None  # a run past the bound without UB before it (replayed)
    iterations: int = 0  # how many iterations that run makes (at least), by the interpreter
    reason: str = ""


def unwinding(prog: Program, bound: int, budget: Budget) -> Unwinding:
    """Does some run of `prog` visit a loop header more than `bound` times with no
    immediate UB before that visit? A witness is replayed by the interpreter: one
    that does not replay (a bug) is reported undecided, never complete."""
    try:
        fresh_context(uses_floats(prog))
        d = Z3Domain()
        inputs = make_inputs(prog)
        r = encode(prog, inputs, "unwind!", Unroll(bound=bound, budget=budget), undef=UndefReading.CHOSEN)
    except EncodingTimeout:
        return Unwinding(Unwound.UNDECIDED, bound, reason="encoding the unwinding assertion took all of its time")
    if d.is_false(r.exceeded):
        return Unwinding(Unwound.COMPLETE, bound)
    s = new_solver(budget.rest(0.001))
    s.add(d.bterm(r.exceeded), d.bterm(d.not_(r.ub)))
    ans = check(s)
    if ans.status is SolverStatus.UNSAT:
        return Unwinding(Unwound.COMPLETE, bound)
    if ans.status is not SolverStatus.SAT:
        return Unwinding(Unwound.UNDECIDED, bound, reason=ans.reason)
    found = model_inputs(s.model(), prog, inputs, r.choices)
    longest = _replayed_iterations(prog, found, bound)
    if longest <= bound:
        return Unwinding(Unwound.UNDECIDED, bound, reason="internal error: the solver's longer run did not "
                         "replay (a bug in the tool: please report it)")
    return Unwinding(Unwound.LONGER, bound, found, longest)


def _replayed_iterations(prog: Program, inputs: Inputs, bound: int) -> int:
    """The most iterations any loop of `prog` makes on `inputs` before UB, by the
    interpreter (it stops a little past `bound`: only passing it matters)."""
    fuel = (bound + 4) * len(prog.blocks) * 4
    r = run(prog, inputs, fuel=fuel, undef=UndefReading.CHOSEN)
    headers = {lp.header for lp in find_loops(prog)}
    # header visits: UB within the last one came after the visit, which counts
    return max((n for h, n in r.iterations.items() if h in headers), default=0)
