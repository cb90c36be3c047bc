"""Translation validation of a `.ll` pair (issue 6, item 4): the target refines the
source for every trip count where the induction over one vector iteration closes,
else for trip counts up to the bound (one vector iteration at a time where the chain
applies, checks/lockstep.py; else the whole programs unrolled).

The induction (transforms/step.py over transforms/recognize.py's reading of opt's
output): the base case compares both programs up to their first loop header visit
(the vector header's phis against the source header's, or both ending); the step,
from every state the window allows, compares one vector iteration with VF source
iterations. Both proved: every run of the target is a chain of such steps, so it
refines the source's (the step's states may be unreachable; a failure there only
sends the question to the bounded check, which alone shows counterexamples)."""

from __future__ import annotations

from verifier.analysis.exits import analyse
from verifier.checks.falsify import ConcreteTests
from verifier.checks.first_iteration import first_vector_iteration
from verifier.checks.lockstep import applicable, lockstep
from verifier.checks.refinement import refinement
from verifier.checks.shares import (
    BASE_CASE_SHARE,
    INDUCTION_SHARE,
    INDUCTION_SHARE_REMAINDER,
    REMAINDER_SHARE,
    SHORT_SHARE,
    TESTS_AFTER_INDUCTION_SHARE,
)
from verifier.checks.staged import VERDICTS, Stages, ask_staged
from verifier.checks.verdict import Check, Coverage, EveryTripCount, Verdict, VerdictKind
from verifier.errors import UserError
from verifier.ir.printer import program as program_text
from verifier.ir.program import Program
from verifier.smt.budget import Budget, Stopwatch
from verifier.transforms.forwarders import without_forwarders
from verifier.transforms.recognize import recognize
from verifier.transforms.step import (
    guarded_source_step,
    remainder_steps,
    source_prefix,
    source_step,
    target_prefix,
    target_step,
)
from verifier.transforms.window import NoWindow


def equivalence(src: Program, tgt: Program, llvm: bool, max_trip: int, budget: Budget,
                induction: bool = True) -> Verdict:
    """`verifier equiv`'s check of a pair (the CLI's and the suite's): `translation`
    for two `.ll` functions; for models, the induction (seed 000's hand-written
    listings, for every trip count) and else the bounded refinement check. `induction`
    False: the bounded check alone (a deeper bound after the induction failed)."""
    if llvm:
        return translation(src, tgt, max_trip, budget, induction)
    sw = Stopwatch()
    why = inductive(src, tgt, budget) if induction else "not tried (bounded check requested)"
    if isinstance(why, Verdict):
        return why.but(seconds=sw())
    return _why_bounded(short_first(src, tgt, max_trip, budget.remainder()), why).but(seconds=sw())


def _why_bounded(v: Verdict, why: str) -> Verdict:
    """A proof the induction did not give, saying why it is bounded (`why`)."""
    if v.verdict is VerdictKind.PROVED and not v.coverage.complete:
        return v.but(coverage=v.coverage.but(why_bounded=why))
    return v


SHORT_TRIP = 1  # the bound a counterexample is looked for at first


def short_first(src: Program, tgt: Program, max_trip: int, budget: Budget) -> Verdict:
    """The bounded refinement check, first at SHORT_TRIP in a share of the time: a
    target whose unrolling meets divisions or long feasibility questions shows its
    counterexample there in seconds, where the whole bound may take the whole limit.
    Only a (replayed) counterexample is taken from the short look; else the bound asked."""
    def short() -> Verdict:
        return refinement(src, tgt, SHORT_TRIP, budget.share(SHORT_SHARE))

    v = ask_staged(lambda within, _: refinement(src, tgt, max_trip, within),
                   Stages(budget.remainder, short if max_trip > SHORT_TRIP else None), VERDICTS)
    assert v is not None  # (refinement answers)
    return v


def translation(src: Program, tgt: Program, max_trip: int, budget: Budget, induction: bool = True) -> Verdict:
    """Does `tgt` refine `src`? For every trip count if the induction closes, else
    bounded (checks/refinement.py) with the reason in the coverage."""
    sw = Stopwatch()
    if program_text(without_forwarders(src)) == program_text(without_forwarders(tgt)):
        # the pass left the function as it was, but for blocks that only jump on
        # (transforms/forwarders.py): every program refines itself (the target's
        # choices are the source's own), for every input
        # (whatever the reading left out: it reads the two alike)
        return Verdict(f"{src.name} -> {tgt.name}", Check.EQUIV, VerdictKind.PROVED, sw(),
                       coverage=Coverage(EveryTripCount(identical=True)), reads_model=False)
    why = inductive(src, tgt, budget) if induction else "not tried (bounded check requested)"
    if isinstance(why, Verdict):
        return why.but(seconds=sw())
    tested = _tested(src, tgt, max_trip, budget) if induction else None
    if tested is not None:
        return tested.but(seconds=sw())
    v = _chained(src, tgt, max_trip, budget.remainder())
    if v is None or (v.verdict is VerdictKind.UNKNOWN and budget.left() >= 1.0):
        v = short_first(src, tgt, max_trip, budget.remainder())
    return _why_bounded(v, why).but(seconds=sw())


def _tested(src: Program, tgt: Program, max_trip: int, budget: Budget) -> Verdict | None:
    """Concrete tests (checks/falsify.py) where the induction did not close, before the
    bounded checks: a target whose step the solver could not even encode in time (a
    float square root in every lane) may fail one of a few dozen inputs in a second,
    where the bounded checks would time out too. A failing test is a counterexample
    from the real start, replayed; passing ones prove nothing."""
    try:
        vf = recognize(src, analyse(src), tgt).vf
    except (NoWindow, UserError):
        vf = TESTS_VF
    tests = ConcreteTests(src, tgt, vf, max_trip, long_runs=TESTS_LONG_RUNS)
    found = tests.run(TESTS_AFTER_INDUCTION, budget.part(TESTS_AFTER_INDUCTION_SHARE).seconds)
    if found is None:
        return None
    return Verdict(f"{src.name} -> {tgt.name}", Check.EQUIV, VerdictKind.COUNTEREXAMPLE, 0.0, counterexample=found,
                   coverage=Coverage(found_in=f"concrete test {tests.tried} (inputs made to reach the loop's exits), "
                                              "shrunk"))


TESTS_AFTER_INDUCTION = 32  # inputs tried at most (the round_exit mutant whose lane 1 reads i + 2 failed the 9th-16th)
TESTS_VF = 4  # the tests' vector factor where the target is not read as a vector form
# the source's runs these tests follow, in iterations: past any bound the solver could
# unroll (an overlap of two arrays that shows only once the source ran 128 iterations)
TESTS_LONG_RUNS = 1024


def _chained(src: Program, tgt: Program, max_trip: int, budget: Budget) -> Verdict | None:
    """The bounded check one vector iteration at a time (checks/lockstep.py), where
    the target reads as a vector form and the chain applies; else None."""
    try:
        le = analyse(src)
        form = recognize(src, le, tgt)
        if applicable(src, form) is not None:
            return None
        step = (source_step(src, le, form.vf), target_step(form, src, le, mark_handover=True))
    except (NoWindow, UserError):
        return None
    v = lockstep(src, form, *step, max_trip, budget)
    return None if v is None else v.but(model=f"{src.name} -> {tgt.name}")


def inductive(src: Program, tgt: Program, whole: Budget) -> Verdict | str:
    """The proof for every trip count, or why there is none, in its share of the
    check's `whole` budget."""
    sw = Stopwatch()
    budget = whole.share(INDUCTION_SHARE)
    try:
        le = analyse(src)
        form = recognize(src, le, tgt)
        if form.remainder:
            budget = whole.share(INDUCTION_SHARE_REMAINDER)
        base = (source_prefix(src, le, form.bound is not None), target_prefix(form))
        step = (guarded_source_step(form, src, le), target_step(form, src, le))
        rest = remainder_steps(form, src, le) if form.remainder else None
    except (NoWindow, UserError) as e:
        return f"the induction does not apply: {e}"
    first = refinement(*base, 1, budget.share(BASE_CASE_SHARE), minimize_budget=1.0,
                       target_unroll=form.step_unroll() if form.remainder else None)
    if first.verdict is not VerdictKind.PROVED:
        return "the programs differ before their loops: " + (first.reason or first.verdict)
    if rest is not None:
        # the remainder loop's step (one scalar iteration from any state) is cheap: the
        # same code on both sides, in LLVM's output
        tail = refinement(*rest, 1, budget.share(REMAINDER_SHARE), minimize_budget=1.0,
                          target_unroll={form.scalar_header: 2})
        if tail.verdict is not VerdictKind.PROVED:
            return "the induction over one iteration of the target's remainder loop does not close: " + (
                tail.reason or (tail.counterexample.divergence.summary if tail.counterexample else tail.verdict))
    one = refinement(*step, form.vf, budget.remainder(), minimize_budget=1.0,
                     target_unroll=form.step_unroll(), short_first=False)
    found = one.counterexample if one.verdict is VerdictKind.COUNTEREXAMPLE else None
    if found is not None or one.approximation is not None:
        # the step's state may be unreachable; the loop's first vector iteration is not,
        # and far cheaper than unrolling every trip count up to the bound (approximations:
        # the step's unknown may be a mismatch no approximation explains from the start)
        first = first_vector_iteration(src, form, *step, budget.remainder(),
                                       None if found is None else found.inputs, 4 * form.vf)
        if first.verdict is VerdictKind.COUNTEREXAMPLE:
            return first.but(model=f"{src.name} -> {tgt.name}", form=None)
    if one.verdict is not VerdictKind.PROVED:
        return "the induction over one vector iteration does not close: " + (
            one.reason or (one.counterexample.divergence.summary if one.counterexample else one.verdict))
    return Verdict(f"{src.name} -> {tgt.name}", Check.EQUIV, VerdictKind.PROVED, sw(),
                   coverage=Coverage(EveryTripCount(window=form.vf, remainder=form.remainder)))
