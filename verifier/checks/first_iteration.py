"""The loop's own first vector iteration, where the induction step failed from a state
the loop may never reach: the step's counterexample, and the first vector iteration
from the loop's real start, replayed on the whole programs (checks/translation.py's
induction asks for it)."""

from __future__ import annotations

import dataclasses

from verifier.checks.refinement import refinement
from verifier.checks.replay import from_window_start, replay, replay_fuel, source_fuel
from verifier.checks.shares import (
    FIRST_ITERATION_MINIMIZE,
    FIRST_ITERATION_MINIMIZE_CAP,
    FIRST_ITERATION_SHARE,
)
from verifier.checks.verdict import Check, Counterexample, Coverage, Verdict, VerdictKind
from verifier.ir.program import Program
from verifier.semantics.inputs import Inputs
from verifier.smt.budget import Budget, Stopwatch
from verifier.transforms.vector_loop import VectorForm
from verifier.transforms.window import Q, at_loop_start


def first_vector_iteration(prog: Program, vform: VectorForm, src: Program, tgt: Program,
                           budget: Budget, step_inputs: Inputs | None = None,
                           max_trip: int | None = None) -> Verdict:
    """The induction step from the loop's start state only (window.at_loop_start):
    a divergence there is replayed on the whole scalar loop and the whole form, and
    only a replay that diverges is a counterexample; anything else is unknown.

    The step's own live-outs (the state at its cut) may differ where the whole
    programs do not (one side ends on the iteration the other cuts at), so UB, trace
    and memory divergences are asked for first. The inputs of the step's own
    counterexample (`step_inputs`, window state dropped) are replayed before any of it:
    whatever state the step started from, a replay that diverges is real. Replays
    run as long as a bounded check up to `max_trip` (default 4*VF) would unroll."""
    sw = Stopwatch()
    vf = vform.vf

    def verdict(cex: Counterexample | None = None, found_in: str = "") -> Verdict:
        if cex is None:
            return Verdict(prog.name, Check.EQUIV, VerdictKind.UNKNOWN, sw(), vf=vf,
                           reason="the first vector iteration shows no divergence of the whole programs")
        return Verdict(prog.name, Check.EQUIV, VerdictKind.COUNTEREXAMPLE, sw(), vf=vf,
                       counterexample=cex, coverage=Coverage(found_in=found_in))

    bound = max_trip or 4 * vf
    fuel = replay_fuel(prog, vform.program, bound)
    # the step's inputs may make the loop run far past the bound (a huge N): only runs
    # of up to about `bound` source iterations are replayed
    src_fuel = source_fuel(prog, bound)

    def replayed(inputs: Inputs) -> Counterexample | None:
        """The whole programs' divergence on `inputs` (a window's moved to its start)."""
        q = inputs.params.get(Q)
        inputs = dataclasses.replace(inputs, params={p.name: inputs.params[p.name] for p in prog.params})
        cex = replay(prog, vform.program, inputs, fuel, src_fuel)
        # a step's calls' choices are keyed by its own trace: moved to where it starts
        moved = from_window_start(prog, inputs, vf * q, src_fuel) if cex is None and q is not None else None
        if moved is not None:
            cex = replay(prog, vform.program, moved, fuel, src_fuel)
        return cex

    found = replayed(step_inputs) if step_inputs is not None else None
    if found is not None:
        return verdict(found, "the induction step's inputs")
    src0, tgt0 = at_loop_start(src), at_loop_start(tgt)
    for ignore in (frozenset({"live-out"}), frozenset()):
        left = budget.left()
        if left <= 0:
            break
        # the minimizer's budget comes out of the same time (it ran 10 s past a 60 s budget)
        v = refinement(src0, tgt0, vf, budget.part(FIRST_ITERATION_SHARE), check_name=Check.EQUIV,
                       ignore=ignore,
                       minimize_budget=min(FIRST_ITERATION_MINIMIZE_CAP, FIRST_ITERATION_MINIMIZE * left), target_unroll=vform.step_unroll(),
                       param_limit=bound)
        found = replayed(v.counterexample.inputs) if v.counterexample is not None else None
        if found is not None:
            return verdict(found, "the first vector iteration")
    return verdict()
