"""Does a legality harness add UB to the loop it was built from? (`harness_verdict`)

A harness (transforms/harness.py) is the loop plus early evaluation whose results
nothing observes, so it refines the loop exactly when the added code has no UB on
a run where the loop's own code has none. One encoding of the harness answers
that: its UB sites split into the model's own (uids of the original program) and
the added ones. This is the refinement question of checks/refinement.py for this
special shape, without a second program, traces or memory to compare.

Nondeterminism (freeze, undef) of the model's own code is quantified: a run is a
counterexample only if *no* choice gives the loop UB (a choice of the source that
is UB excuses the target, as in refinement).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from verifier.analysis.exits import analyse
from verifier.analysis.undef import undef_reaching_ub
from verifier.checks.falsify import ConcreteTests, concrete_witness
from verifier.checks.refinement import hard_ops
from verifier.checks.replay import concrete, from_window_start, replay, replay_fuel
from verifier.checks.shares import COARSE_SHARE, MINIMIZE_LEAST, PROBE_TEST_SHARE, WINDOW_SHARE
from verifier.checks.staged import (
    CEGAR_ROUNDS,
    Abstract,
    Judge,
    Stages,
    ask_staged,
    refine_abstraction,
)
from verifier.checks.verdict import (
    Bounded,
    Check,
    Counterexample,
    Coverage,
    EveryTripCount,
    Verdict,
    VerdictKind,
)
from verifier.ir.opcodes import DIVISIONS, FMAS
from verifier.ir.program import Branch, Program, uses_floats
from verifier.semantics.inputs import Inputs
from verifier.semantics.symbolic import (
    EncodingTimeout,
    SymInputs,
    SymResult,
    Unroll,
    encode,
    make_inputs,
)
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms
from verifier.smt.budget import Budget, Stopwatch, seconds_of
from verifier.smt.solver import Answer, SolverStatus, check, fresh_context, new_solver
from verifier.transforms.harness import Harness
from verifier.transforms.window import NoWindow, Q, vector_window


@dataclass
class AddedUB:
    status: SolverStatus  # UNSAT: no added UB; SAT: inputs found; UNKNOWN: undecided (reason)
    reason: str = ""
    inputs: Inputs | None = None
    unrolled: dict[str, int] = field(default_factory=dict)
    quantified: bool = False


@dataclass(frozen=True)
class Limits:
    """How hard to try: the trip bound of the bounded fallback (None: 2 VF), the time
    per exit, and whether to try the unbounded (one vector iteration) proof first."""
    max_trip: int | None = None
    timeout: float = 60.0
    inductive: bool = True

    def trip(self, vf: int) -> int:
        return self.max_trip or max(2 * vf, 4)


def original_uids(prog: Program) -> set[int]:
    """The uids of the model's own UB sites: instructions and branches."""
    uids = {i.uid for i in prog.instructions()}
    uids |= {b.term.uid for b in prog.blocks.values() if isinstance(b.term, Branch)}
    return uids


def undef_reason(harness: Program) -> str | None:
    """Why a harness over code that uses `undef` is not checked: the harness reads its
    own code's UB as the source's (an excuse) and its added code's as the target's,
    but both compute with the same values; whether a branch on one computed from undef
    is UB depends on all of undef's choices at once (ops.UndefReading), so neither
    reading is safe for both (and code the harness adds, such as a window's start value,
    may carry the model's undef). None where no undef in the harness reaches an
    operand that can be UB or memory (analysis/undef.py): then the harness's question,
    added UB, does not depend on the reading."""
    where = undef_reaching_ub(harness)
    if not where:
        return None
    at = f" at {where[0]}" if where[0] is not None else ""
    return (f"unsupported: `undef`{at} in a legality check (whether code that branches on a value computed "
            f"from it has UB depends on every value it can take; freeze it, or write poison where any value will do)")


# left uninterpreted in a first attempt (divisions, and fused multiply-adds, whose
# exact circuits are large): an unsat answer there is unsat for the real operations
FIRST_ABSTRACTED = DIVISIONS | frozenset(FMAS)
FIRST_TESTS = 8  # concrete tests before bounded_failure's solver questions


@dataclass
class _Query:
    inputs: SymInputs
    result: SymResult
    added: terms.BoolTerm  # the added code has UB
    ok: terms.BoolTerm  # the model's own code has none (and the run fits the bound)
    own_choices: list[terms.BVTerm]


def _encode(harness: Program, own: set[int], bound: int, truncated: bool,
            abstract: frozenset[str] = frozenset(), budget: Budget | None = None) -> _Query:
    fresh_context(uses_floats(harness))
    d = Z3Domain()
    inputs = make_inputs(harness)
    r = encode(harness, inputs, "h!", Unroll(bound=bound, budget=budget), abstract)
    added = d.bterm(d.any_([c for c, uid in r.ub_sites if uid not in own]))
    ok = d.bterm(d.not_(d.any_([c for c, uid in r.ub_sites if uid in own])))
    if not truncated:
        ok = terms.and_(ok, d.bterm(d.not_(r.exceeded)))
    return _Query(inputs, r, added, ok, [v for k, v in r.choices.items() if k[1] in own])


def added_ub(harness: Program, own: set[int], bound: int, budget: Budget, truncated: bool,
             minimize_budget: float = 30.0, witness: Program | None = None,
             confirm: Callable[[Inputs], bool] | None = None, proof_only: bool = False) -> AddedUB:
    """_added_ub, unknown where encoding the question outlasts its time, or where the
    model's own code uses undef (`undef_reason`)."""
    why = undef_reason(harness)
    if why is not None:
        return AddedUB(SolverStatus.UNKNOWN, why)
    try:
        return _added_ub(harness, own, bound, budget, truncated, minimize_budget, witness, confirm, proof_only)
    except EncodingTimeout:
        return AddedUB(SolverStatus.UNKNOWN, "solver timeout: encoding the question took all of its time")


def _added_ub(harness: Program, own: set[int], bound: int, budget: Budget, truncated: bool,
              minimize_budget: float = 30.0, witness: Program | None = None,
              confirm: Callable[[Inputs], bool] | None = None, proof_only: bool = False) -> AddedUB:
    """Is there an input on which the harness's added code has UB and the model's own
    code (sites `own`) has none? Loops are read for `bound` header visits: with
    `truncated`, runs longer than that are cut there (a window); otherwise inputs
    whose loop would run longer are left out (bounded coverage). A proof needs a run
    of `witness` (default: the harness) whose first `bound` iterations have no UB.
    `confirm` replays inputs concretely: a model of the first, abstracted attempt
    that it confirms is an answer (the interpreter runs the real operations), and
    spares the exact query, several times slower on a division or an FMA.
    `proof_only`: a sat answer comes without inputs (nothing will replay them)."""

    def ask(within: Budget, *fs: terms.BoolTerm, quantified: bool = False) -> tuple[terms.Solver, Answer]:
        # a fresh solver per question: z3 solves a one-shot bit-vector query by
        # bit-blasting, far faster than its incremental core after a first check
        s = new_solver(within.rest(0.001), quantified)
        s.add(*fs)
        return s, check(s)

    def body(q: _Query) -> list[terms.BoolTerm]:
        fs = [q.added, q.ok]
        if q.own_choices:  # no choice of the model's own may give it UB
            copies = [terms.fresh(v.sort(), "any") for v in q.own_choices]
            fs.append(terms.forall(copies, terms.substitute(q.ok, *zip(q.own_choices, copies, strict=True))))
        return fs

    def inputs_of(within: Budget, s: terms.Solver, q: _Query, ans: Answer) -> Inputs:
        """The (minimized) inputs of a sat answer to q, within the time limit (a tenth of
        it at least)."""
        spend = min(minimize_budget, max(MINIMIZE_LEAST * within.seconds, within.left()))
        return concrete(s, q.inputs, harness, q.result.choices, spend, seconds_of(ans.units),
                        q.result.header_guards)[1]

    def vacuous(within: Budget) -> AddedUB | None:
        """A proof must not be vacuous: some input runs without UB. A concrete run
        usually shows one; else the solver: a run that fits one header visit fits
        any bound, so that cheap question usually answers."""
        if concrete_witness(witness or harness, bound, bound, truncated) is not None:
            return None
        for b in sorted({1, bound}):
            _, a = ask(within, _encode(witness or harness, own, b, truncated, budget=within).ok)
            if a.status is SolverStatus.SAT:
                return None
        return AddedUB(SolverStatus.UNKNOWN, "vacuous: no input runs the loop without UB within the bound"
                       if a.status is SolverStatus.UNSAT else a.reason)

    def abstract(within: Budget, ops: frozenset[str]) -> AddedUB:
        """The question with `ops` uninterpreted: its unsat is unsat for the real
        operations; a model stands only where `confirm` replays it (the interpreter
        runs the real operations), and is asked again where it does not."""
        q = _encode(harness, own, bound, truncated, ops, within)
        fs, quantified = body(q), bool(q.own_choices)
        unconfirmed = AddedUB(SolverStatus.UNKNOWN, "the abstract question's model did not replay")

        def once(facts: list[terms.BoolTerm]) -> tuple[AddedUB, terms.Model | None]:
            s, ans = ask(within, *fs, *facts, quantified=quantified)
            if ans.status is SolverStatus.UNSAT:
                return AddedUB(SolverStatus.UNSAT, unrolled=q.result.unrolled, quantified=quantified), None
            if ans.status is not SolverStatus.SAT or confirm is None:
                return AddedUB(SolverStatus.UNKNOWN, ans.reason), None
            model = s.model()
            inputs = inputs_of(within, s, q, ans)
            if confirm(inputs):
                return AddedUB(SolverStatus.SAT, inputs=inputs, unrolled=q.result.unrolled, quantified=quantified), None
            return unconfirmed, model

        return refine_abstraction(once, fs, [], CEGAR_ROUNDS if confirm is not None else 1)

    def exact(within: Budget) -> AddedUB:
        q = _encode(harness, own, bound, truncated, budget=within)
        r = q.result
        quantified = bool(q.own_choices)
        if within.exhausted():
            return AddedUB(SolverStatus.UNKNOWN, "solver timeout", unrolled=r.unrolled)
        s, ans = ask(within, *body(q), quantified=quantified)
        if ans.status is SolverStatus.UNSAT:
            return vacuous(within) or AddedUB(SolverStatus.UNSAT, unrolled=r.unrolled, quantified=quantified)
        if ans.status is not SolverStatus.SAT or proof_only:
            return AddedUB(ans.status, ans.reason, unrolled=r.unrolled, quantified=quantified)
        return AddedUB(SolverStatus.SAT, inputs=inputs_of(within, s, q, ans), unrolled=r.unrolled,
                       quantified=quantified)

    def attempt(within: Budget, ops: frozenset[str]) -> AddedUB:
        return abstract(within, ops) if ops else exact(within)

    # divisions and FMAs uninterpreted first (cheap, and unsat there is unsat), within
    # the whole budget: the exact question gets what that stage leaves
    stages: Stages[AddedUB] = Stages(lambda: budget, abstract=Abstract(
        hard_ops(harness, among=FIRST_ABSTRACTED), lambda: budget, vacuity_budget=lambda: budget,
        vacuous=lambda within, _: vacuous(within) is not None))
    answer = ask_staged(attempt, stages, ANSWERS)
    assert answer is not None  # (every attempt answers)
    return answer


# how the staged engine reads added_ub's answers (a sat answer of the abstract stage
# carries inputs only where they replayed)
ANSWERS: Judge[AddedUB] = Judge(refuted=lambda a: a.status is SolverStatus.SAT and a.inputs is not None,
                                proved=lambda a: a.status is SolverStatus.UNSAT,
                                stamp=lambda a, seconds, abstracted: a)


def _replay(prog: Program, h: Harness, inputs: Inputs, max_trip: int,
            drop: frozenset[str] = frozenset(), vf: int = 1) -> Counterexample | None:
    """The counterexample `inputs` give from the real start (the window's own
    parameters `drop` left out), None if the harness's run does not diverge. A
    window's calls' choices are keyed by its own trace: tried as they are, then moved
    to where the window's vector iteration (window.q) starts in the real run."""
    start = dataclasses.replace(inputs, params={k: v for k, v in inputs.params.items() if k not in drop})
    fuel = replay_fuel(prog, h.program, max_trip)
    cex = replay(prog, h.program, start, fuel, shared_choices=True)
    if cex is None and Q in inputs.params:
        moved = from_window_start(prog, start, vf * inputs.params[Q], fuel)
        if moved is not None:
            cex = replay(prog, h.program, moved, fuel, shared_choices=True)
    return cex


def bounded_failure(prog: Program, h: Harness, vf: int, limits: Limits,
                    budget: Budget) -> tuple[SolverStatus, Counterexample | None]:
    """harness_verdict's bounded question alone, for a search over many harnesses
    (repair's extents): "unsat" (proved for runs of at most limits.trip(vf)
    iterations, as harness_verdict's bounded proof), or "sat" with the replayed
    counterexample (not minimized: the search states that it exists, and its UB),
    or "unknown". Without the window, whose failing start states replay slowly;
    after a few concrete tests, whose failure is such a counterexample too."""
    # a few concrete tests first (checks/falsify.py): a failing one is a replayed
    # counterexample, in milliseconds (an index loaded from memory is out of range)
    tested = ConcreteTests(prog, h.program, vf, limits.trip(vf)).run(FIRST_TESTS, PROBE_TEST_SHARE * budget.seconds,
                                                                     shrunk=False)
    if tested is not None:
        return SolverStatus.SAT, tested
    found: list[Counterexample] = []
    r = AddedUB(SolverStatus.UNKNOWN)
    # first within one vector iteration of the start, where a too-small extent or a
    # missing guard shows, in a query half the size (its unsat covers too little)
    for max_trip in sorted({min(vf, limits.trip(vf)), limits.trip(vf)}):

        def confirm(i: Inputs, max_trip: int = max_trip) -> bool:
            cex = _replay(prog, h, i, max_trip)
            found[:] = [cex] if cex is not None else []
            return cex is not None

        r = added_ub(h.program, original_uids(prog), max_trip + 1, budget.remainder(0.001),
                     truncated=False, minimize_budget=0.0, confirm=confirm)
        if r.status is SolverStatus.SAT and r.inputs is not None and (found or confirm(r.inputs)):
            return SolverStatus.SAT, found[0]
    if r.status is SolverStatus.SAT:  # the solver's run does not replay: not an answer
        return SolverStatus.UNKNOWN, None
    return r.status, None


def harness_verdict(prog: Program, h: Harness, vf: int, limits: Limits, check: Check, budget: Budget,
                    minimize_budget: float = 30.0) -> Verdict:
    """Does harness h add UB to prog? First for every trip count, by one vector
    iteration from any vector-start state (transforms/window.py); if that finds
    no real counterexample, for runs of at most limits.trip(vf) iterations from the
    start. Every counterexample is replayed from the real start before it is shown."""
    sw = Stopwatch()
    max_trip = limits.trip(vf)
    own = original_uids(prog)
    name = f"{prog.name} -> {h.program.name}"

    def verdict(v: VerdictKind, **kw: Any) -> Verdict:
        return Verdict(name, check, v, sw(), **kw)

    last: list[tuple[Inputs, Counterexample | None]] = []  # the last replay (confirmed inside added_ub)

    def replayed(inputs: Inputs, drop: frozenset[str] = frozenset()) -> Counterexample | None:
        """The counterexample `inputs` give from the real start (the window's own
        parameters `drop` left out), None if the run does not diverge."""
        if last and last[0][0] is inputs:
            return last[0][1]
        cex = _replay(prog, h, inputs, max_trip, drop, vf)
        last[:] = [(inputs, cex)]
        return cex

    why = "not tried (bounded check requested)"
    w = None
    le = analyse(prog)
    if limits.inductive:
        try:
            w = vector_window(h.program, prog, le, vf)
        except NoWindow as nw:
            why = str(nw)
    # When all added code runs at the window's start, a window of 1 scalar iteration
    # checks all of it and asks more of the loop's own code (which may excuse added UB
    # only within the window): unsat there is unsat for VF too, and far cheaper.
    windows = sorted({1, vf}) if h.added_at_start else [vf]
    if w is not None:  # first with the inductions free: a proof only, in a slice of the time
        coarse = vector_window(h.program, prog, le, vf, coarse=True)
        for bound in windows:
            r = added_ub(coarse.program, own | coarse.assumes, bound,
                         Budget.of(budget.at_most(COARSE_SHARE * budget.seconds)),
                         truncated=True, witness=h.program, proof_only=True)
            if r.status is SolverStatus.UNSAT:
                return verdict(VerdictKind.PROVED, coverage=Coverage(EveryTripCount(
                    window=bound, inductions_free=True, quantified=r.quantified)))
    for bound in windows if w is not None else []:
        assert w is not None
        # a share of what is left: an undecided window must leave time for the bounded check
        # the window's facts about its state are the model's: where one fails, no such state
        r = added_ub(w.program, own | w.assumes, bound, budget.part(WINDOW_SHARE), truncated=True,
                     minimize_budget=minimize_budget, witness=h.program,
                     confirm=lambda i: replayed(i, frozenset(w.params)) is not None)
        cov = Coverage(EveryTripCount(window=bound, quantified=r.quantified))
        if r.status is SolverStatus.UNSAT:
            return verdict(VerdictKind.PROVED, coverage=cov)
        why = "one vector iteration from any start state " + (
            f"was not decided ({r.reason})" if r.status is SolverStatus.UNKNOWN else "found a state the loop may not reach")
        if r.status is SolverStatus.SAT and r.inputs is not None:
            cex = replayed(r.inputs, frozenset(w.params))
            if cex is not None:
                return verdict(VerdictKind.COUNTEREXAMPLE, counterexample=cex, coverage=cov)
    if budget.exhausted():
        return verdict(VerdictKind.UNKNOWN, reason="solver timeout")
    r = added_ub(h.program, own, max_trip + 1, budget.remainder(0.0), truncated=False, minimize_budget=minimize_budget,
                 confirm=lambda i: replayed(i) is not None)
    coverage = Coverage(Bounded(max_trip, target_unrolled=r.unrolled, quantified=r.quantified), why_bounded=why)
    if r.status is SolverStatus.UNSAT:
        return verdict(VerdictKind.PROVED, coverage=coverage)
    if r.status is SolverStatus.UNKNOWN or r.inputs is None:
        return verdict(VerdictKind.UNKNOWN, reason=r.reason, coverage=coverage)
    cex = replayed(r.inputs)
    if cex is None:
        return verdict(VerdictKind.UNKNOWN, coverage=coverage, reason="internal error: the solver's counterexample did "
                       "not replay (a bug in the tool: please report it)")
    return verdict(VerdictKind.COUNTEREXAMPLE, counterexample=cex, coverage=coverage)
