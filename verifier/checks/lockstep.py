"""Bounded equivalence of a loop with a vector form (one the tool generates, or opt's
output read as one), one vector iteration at a time (issue 22): the induction step
of transforms/step.py, chained from the loop's start instead of entered from every
state.

The source runs as K = max_trip // VF + 1 steps of VF iterations each (its step
program, transforms/step.py); step k starts in the state step k-1 cut at: its
header phis (window parameters: `q` = k, every other carried value picked with the
value and poison the cut emitted) and its memory. Step 0 is the loop's own start.
The target's step k (one vector iteration, or VF iterations of its scalar loop if
it hands over) starts in the *source's* state at step k, not in its own.

The obligation: on every input where the whole chained source runs within the
bound and without UB, no step k that the source reaches (every earlier source
step cut, no earlier target step handed over) shows a divergence: target UB, an
event, memory, the cut state (`step.*`), or at the source's end its live-outs.

Why that proves the bounded refinement: by induction over k, the target's state at
its k-th vector header visit refines the source's at its header visit k*VF. Base:
step 0 is both programs from their start. Step: the target's step k from the
source's state refines the source's step k (checked); the target's real state
refines that state, and the semantics is monotone, so its real step k refines too,
and so does the state it cuts at. A target that hands over runs the source's own
loop from a state that refines the source's (a form that keeps the loop and the code
after it as its scalar loop, which is checked block by block): nothing
after it needs comparing. Traces, memory and states compose
step by step because every step but the one that ends stops at a cut; live-outs
are compared at the end only, which is exact because the source writes them
outside its loop only (checked, else not applicable).

Where this is not exact the check is not applied (`None`, the caller unrolls the
whole programs): calls with effects that return a value or write memory (the value
and the contents written depend on the trace position, which restarts with each
step; an effect without either is only an event, compared step by step, and where
one may end the run each step's such choices are its own), source code before the loop that stores, calls or
makes a nondeterministic choice (each step runs it again), an fmuladd (its rounding
is a choice that refinement.py answers by the target's; here it would be quantified
over, which the solver does not finish), or a cut state that may be undef. Every counterexample is replayed on the whole programs; one that
does not replay is not shown (the caller falls back to the whole unrolling).

The free step: the same step from any state the window allows (transforms/
window.py, the loop's start among them), which over-approximates every step of the
chain: alone it is the induction of transforms/step.py, a proof for every trip count
(`unbounded`). It is
asked first, within a few times its encoding's time (a wrong form's answer there
can take far longer than its first step's), then the loop's first vector iteration,
where most bugs show, then the free step again, then the chain step by step.

Concrete tests (checks/falsify.py) come first: a handful before any solver call,
more once the free step has not closed at once. A test's counterexample is a replay
of the whole programs on an input where the source made no nondeterministic
choice, so it is one outright; at VF 64 it takes a fraction of the solver's search
(whose query carries 64 lanes of events), and a passing test concludes nothing.

The cost: K steps of VF iterations against K vector iterations, each pair local,
instead of a K-iteration vector run against a K*VF-iteration scalar run that the
solver must relate as a whole; steps encoded only when asked about, and no solver
call while encoding (the step programs' unroll bounds are known).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import networkx as nx

from verifier.analysis.loops import find_loops, reachable_cfg
from verifier.checks.falsify import TRIES, ConcreteTests
from verifier.checks.mismatch import mismatch_terms
from verifier.checks.refinement import check_compatible, hard_ops, vacuous
from verifier.checks.replay import concrete, replay, replay_fuel, source_fuel
from verifier.checks.shares import (
    ABSTRACT_FLOOR,
    ABSTRACT_MINIMIZE,
    ABSTRACT_STEPS_SHARE,
    FREE_FLOOR,
    FREE_FLOOR_UNBOUNDED,
    FREE_PER_ENCODING,
    FREE_SHARE,
    FREE_SHARE_UNBOUNDED,
    MINIMIZE_FLOOR,
    MINIMIZE_SHARE,
    TEST_SHARE,
)
from verifier.checks.staged import (
    CEGAR_ROUNDS,
    VERDICTS,
    Abstract,
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
from verifier.ir.opcodes import FMAS
from verifier.ir.program import Program, approximates, chooses, uses_floats
from verifier.ir.types import I1, I64, elem_of
from verifier.semantics.ops import UndefReading, Val
from verifier.semantics.refines import value_refines
from verifier.semantics.symbolic import (
    EncodingTimeout,
    SymResult,
    Unroll,
    encode,
    make_inputs,
    unset_value,
)
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms
from verifier.smt.budget import Budget, Stopwatch, seconds_of
from verifier.smt.solver import (
    SolverStatus,
    check,
    check_racing,
    fresh_context,
    new_solver,
)
from verifier.transforms.step import CUT, END, HANDED, KIND
from verifier.transforms.vector_loop import VectorForm
from verifier.transforms.window import Q, carried_params

STEP_OUT = "step."  # the outs a step program adds: its kind and its cut state
# concrete tests (checks/falsify.py): a few before any solver call (milliseconds each),
# more, within TEST_SHARE of the budget and the free step's first try, where that try
# does not close
QUICK_TESTS = 6


def applicable(prog: Program, form: VectorForm) -> str | None:
    """Why the chained check would not be exact for `prog` and `form` (None: it is)."""
    for p in (prog, form.program):
        for f in p.funcs.values():
            if not f.pure and f.ret is not None:
                return f"{f.name} returns a value and has effects"
            # (what a call writes is a choice at its point of the trace, which restarts with
            # each step; whether it ends the run is too, but a run that ends there is one
            # of its step's, fresh in each (SymInputs.segment): only its replay may fail)
            if not f.pure and f.writes:
                return f"{f.name} may write memory, a choice at its point of the trace"
    if form.remainder:
        return "the target's scalar loop is a remainder loop, entered after a vector iteration's lanes"
    loops = find_loops(prog)
    if len(loops) != 1:
        return "the model has more than one loop"
    body = loops[0].blocks
    before = nx.ancestors(reachable_cfg(prog), loops[0].header) - body
    if form.scalar_header and (form.scalar_header != loops[0].header
                               or not _keeps_loop(prog, form.program, loops[0].header, body)):
        return "the form's scalar loop is not the source's loop and the code after it"
    for name, blk in prog.blocks.items():
        for ins in blk.instrs:
            if ins.op in FMAS:  # refinement.py answers its rounding choice by the target's (_witness)
                return f"the loop runs {ins.op}, whose rounding the chain would quantify over"
            if approximates(ins):  # likewise, and no value but an approximation may answer it
                return f"the loop runs {ins.op} with {' '.join(ins.attrs.flags)}, an approximation"
            if ins.op == "out" and name in body:
                return f"the loop writes live-out {ins.out!r} inside it"
            if name in before and ins.op in ("store", "call", "freeze"):
                return f"code before the loop runs {ins.op}"
    return None


def lockstep(prog: Program, form: VectorForm, src_step: Program, tgt_step: Program, max_trip: int,
             budget: Budget, minimize_budget: float = 30.0, unbounded: bool = False,
             concrete_tests: bool = True) -> Verdict | None:
    """Does `form` refine `prog` on every input whose loop runs at most max_trip
    iterations? `src_step`/`tgt_step`: transforms/step.py's programs (the target's
    with `mark_handover`). None where the chained check does not apply or its
    counterexample does not replay (the caller checks the whole programs).
    `unbounded`: a proof by the free step covers every trip count and says so (its
    coverage `unbounded`), and that step gets most of the time. `concrete_tests`:
    run checks/falsify.py's tests before the solver's searches (off: the solver alone)."""
    if applicable(prog, form) is not None:
        return None
    sw, timeout = Stopwatch(), budget.seconds
    tests = ConcreteTests(prog, form.program, form.vf, max_trip, enabled=concrete_tests)
    found = tests.run(QUICK_TESTS, timeout)
    if found is not None:
        return _tested(prog, form, found, tests, sw())

    def attempt(within: Budget, abstract: frozenset[str]) -> Verdict | None:
        return _lockstep(prog, form, src_step, tgt_step, max_trip, within,
                         min(minimize_budget, ABSTRACT_MINIMIZE) if abstract else minimize_budget, unbounded, tests,
                         abstract)

    # divisions uninterpreted first (as in refinement); the vacuity of an abstract proof
    # may take as much again
    abstract: Abstract[Verdict] = Abstract(
        hard_ops(prog, form.program), lambda: Budget.of(min(timeout, max(ABSTRACT_FLOOR, ABSTRACT_STEPS_SHARE * timeout))),
        vacuity_budget=budget.again, vacuous=lambda within, ops: vacuous(prog, max_trip, within, ops),
        abstracts=lambda v: v.counterexample is None or v.counterexample is not tests.found)
    stages = Stages(budget.remainder, abstract=abstract)
    v = ask_staged(attempt, stages, VERDICTS)
    return None if v is None else dataclasses.replace(v, seconds=sw())


def _tested(prog: Program, form: VectorForm, cex: Counterexample, tests: ConcreteTests, seconds: float) -> Verdict:
    """The verdict of a counterexample that a concrete test found (checks/falsify.py)."""
    return Verdict(f"{prog.name} -> {form.program.name}", Check.EQUIV, VerdictKind.COUNTEREXAMPLE,
                   seconds, counterexample=cex,
                   coverage=Coverage(found_in=f"concrete test {tests.tried} (inputs made to reach the loop's "
                                              "exits), shrunk"))


def _keeps_loop(prog: Program, tgt: Program, header: str, body: frozenset[str]) -> bool:
    """`tgt` holds `prog`'s loop and every block after it unchanged (the phis' values
    from inside the loop included): a target that hands over runs the source's code."""
    for name in nx.descendants(reachable_cfg(prog), header) | {header}:
        s, t = prog.blocks[name], tgt.blocks.get(name)
        if t is None or s.instrs != t.instrs or s.term != t.term:
            return False
        if [(ph.dest, [x for x in ph.incoming if x[0] in body]) for ph in s.phis] != \
                [(ph.dest, [x for x in ph.incoming if x[0] in body]) for ph in t.phis]:
            return False
    return True


@dataclasses.dataclass
class _Step:
    """Step k of the chain, encoded, and what the obligation asks of it: the source
    reaches it and has no UB in it or before (`ok`); both reach it (the target handed
    over at no earlier step: `compared`); they diverge in it (`bad`), or do so in a
    way the whole runs show too (`hard`: UB, an event, memory, a live-out; the cut
    state alone may differ where the whole runs do not); the source ends in it
    (`ends`, with `ok`: its runs within the bound, by the step they end in)."""
    src: SymResult
    tgt: SymResult
    ok: Any
    compared: Any
    bad: Any
    hard: Any
    ends: Any
    # what the next step starts from: the source reached it without UB, and both did
    reach: Any
    both_reach: Any


class _Chain:
    """The steps, encoded on demand (a counterexample in step 0 needs no other)."""

    def __init__(self, prog: Program, form: VectorForm, src_step: Program, tgt_step: Program,
                 abstract: frozenset[str], budget: Budget | None = None) -> None:
        self.form, self.src_step, self.abstract, self.budget = form, src_step, abstract, budget
        self.tgt_step = dataclasses.replace(tgt_step, arrays=list(prog.arrays))
        self.inputs = make_inputs(prog, others=[form.program])
        # source choices are quantified: the memory comparison's index then inside
        # (mismatch_terms); decided once, from the code, for every step
        self.quantified = any(chooses(i) for i in src_step.instructions()) or bool(src_step.undef_uses())
        self.carried = {q.name: q.type for q in src_step.params if q.name.startswith("window.") and q.name != Q}
        self.scalars = [n.removeprefix("window.").removesuffix(".pick") for n in self.carried if n.endswith(".pick")]
        self.steps: list[_Step] = []
        self.others: list[_Step] = []  # steps outside the chain (free)

    def __getitem__(self, k: int) -> _Step:
        while len(self.steps) <= k:
            self.steps.append(self._next())
        return self.steps[k]

    def free(self) -> _Step:
        """A step from any state the window allows (transforms/window.py: the
        induction's step), which over-approximates every step of the chain: unsat
        there settles them all."""
        params = dict(self.inputs.params)
        for name, ty in [(Q, I64), *self.carried.items()]:
            params[name] = terms.bv_var(f"free!{name}", ty.bits)
        self.others.append(self._step(params, None, "free"))
        return self.others[-1]

    def _next(self) -> _Step:
        """The next step, from the state the last one cut at (the loop's start first)."""
        d = Z3Domain()
        k = len(self.steps)
        prev = self.steps[-1] if self.steps else None
        params = dict(self.inputs.params)
        params[Q] = terms.bv_val(k, I64.bits)
        for name, ty in self.carried.items():
            params[name] = terms.bv_val(0, ty.bits)
        if prev is not None:
            for scalar in self.scalars:
                val, pick, pois = carried_params(scalar)
                cut = prev.src.outs[STEP_OUT + scalar]
                assert isinstance(cut, Val)  # (never undef-tainted: a source's run reads undef as
                # CHOSEN, and check_loops refuses a target that carries a value computed from it)
                params[val] = d.term(cut.v, self.carried[val].bits)
                params[pick] = terms.bv_val(1, I1.bits)
                params[pois] = terms.ite(d.bterm(cut.p), terms.bv_val(1, 1), terms.bv_val(0, 1))
        return self._step(params, prev, str(k))

    def _step(self, params: dict[str, Any], prev: _Step | None, label: str) -> _Step:
        d = Z3Domain()
        at = self.inputs.segment(f"{label}!", params, prev.src.memory if prev is not None else self.inputs.memory)
        vf = self.form.vf
        s = encode(self.src_step, at, f"src{label}!", Unroll(bound=vf + 2, budget=self.budget), self.abstract,
                   UndefReading.CHOSEN)
        t = encode(self.tgt_step, at, f"tgt{label}!", Unroll(bound=vf + 2, per_loop=self.form.step_unroll(),
                                                             budget=self.budget),
                   self.abstract)
        reach = prev.reach if prev is not None else terms.bool_val(True)
        compared = prev.both_reach if prev is not None else terms.bool_val(True)
        ok = terms.and_(reach, d.bterm(d.not_(s.ub)), d.bterm(d.not_(s.exceeded)))
        step_types = {n: ty for n, ty in s.out_types.items() if n.startswith(STEP_OUT)}
        model_types = {n: ty for n, ty in s.out_types.items() if not n.startswith(STEP_OUT)}
        parts = mismatch_terms(self.src_step, at, dataclasses.replace(s, out_types=step_types), t, self.quantified)
        # a run a call ends (it did not return) ends in this step, with no state or results
        stopped = d.bterm(s.stopped)
        ended = terms.and_(terms.not_(stopped), _is(d, s.outs[KIND], END))
        outs = [d.bterm(d.not_(value_refines(d, s.outs[n], t.outs.get(n, unset_value(d, ty)), elem_of(ty).bits)))
                for n, ty in model_types.items()]
        seen = terms.or_(*[v for name, v in parts.items() if name != "live-out"], terms.and_(ended, terms.or_(*outs)))
        cut = terms.and_(terms.not_(stopped), _is(d, s.outs[KIND], CUT))
        handed = _is(d, t.outs[HANDED], 1) if HANDED in t.outs else terms.bool_val(False)
        return _Step(s, t, ok, compared, terms.or_(seen, parts["live-out"]), seen,
                     terms.and_(ok, terms.or_(ended, stopped)),
                     terms.and_(ok, cut), terms.and_(compared, cut, terms.not_(handed)))


class NotChained(Exception):
    """The chain would not be exact here (the caller checks the whole programs)."""


def _is(d: Z3Domain, v: Any, c: int) -> Any:
    """Live-out `v` (an i8 constant flag) is c and not poison."""
    assert isinstance(v, Val)
    return terms.and_(terms.not_(d.bterm(v.p)), d.term(v.v, 8) == c)


def _lockstep(prog: Program, form: VectorForm, src_step: Program, tgt_step: Program, max_trip: int,
              whole: Budget, minimize_budget: float, unbounded: bool, tests: ConcreteTests,
              abstract: frozenset[str] = frozenset()) -> Verdict | None:
    """Step 0 first, then step 1, ...: is there a divergence in step k? Asked over
    the steps up to k only (any continuation: an over-approximation, so unsat
    settles step k); a model is asked for again among the runs that end in step k,
    then k+1, ... without UB, and replayed, so the first counterexample is in the
    earliest step that has one, of the shortest run. An abstract question (`abstract`
    uninterpreted) is asked again with exact_at's facts until its model replays, or
    CEGAR_ROUNDS times. None where the chain would not be exact (NotChained)."""
    sw = Stopwatch()
    check_compatible(prog, form.program)
    fresh_context(uses_floats(prog, form.program))
    run = _Lockstep(prog, form, max_trip, minimize_budget, tests, abstract, sw, whole)
    run.chain = _Chain(prog, form, src_step, tgt_step, abstract, whole)
    run.race = not run.chain.quantified and not hard_ops(prog, form.program)
    try:
        return run.decide(unbounded)
    except NotChained:
        return None
    except EncodingTimeout:
        return run.verdict(VerdictKind.UNKNOWN, reason="solver timeout: encoding the steps took all of the time")


@dataclasses.dataclass
class _Lockstep:
    """One lockstep check's questions over its chain of steps (see `_lockstep`)."""

    prog: Program
    form: VectorForm
    max_trip: int
    minimize_budget: float
    tests: ConcreteTests
    abstract: frozenset[str]
    sw: Stopwatch
    whole: Budget
    chain: _Chain = dataclasses.field(init=False)
    race: bool = False
    facts: list[Any] = dataclasses.field(default_factory=list)  # exact_at's facts, kept for every question
    coverage: Coverage = dataclasses.field(default_factory=Coverage)

    def __post_init__(self) -> None:
        self.coverage = Coverage(Bounded(self.max_trip, lockstep=self.steps, complete=False))

    @property
    def steps(self) -> int:
        return self.max_trip // self.form.vf + 1

    def verdict(self, v: VerdictKind, **kw: Any) -> Verdict:
        return Verdict(f"{self.prog.name} -> {self.form.program.name}", Check.EQUIV, v, self.sw(),
                       coverage=self.coverage, **kw)

    def decide(self, unbounded: bool) -> Verdict:
        """Every step at once where the induction's free state closes; a wrong form's
        answer there can take far longer than its first step's, so that is asked
        first within a few times its encoding's time, then the loop's first vector
        iteration (where most bugs show), then the free step again, then step by step."""
        whole, timeout, chain = self.whole, self.whole.seconds, self.chain
        t1 = whole.spent()
        free = chain.free()
        first_try = min(timeout, max(FREE_FLOOR_UNBOUNDED if unbounded else FREE_FLOOR,
                                     FREE_PER_ENCODING * (whole.spent() - t1)))
        closes = self.ask(terms.and_(free.ok, free.bad), 0, replayed=False, budget=first_try,
                          inputs_of="the induction step's inputs")
        if isinstance(closes, Verdict):
            return closes
        if closes is not True:
            found = self.first_step(first_try)
            if found is not None:
                return found
            if closes is None:
                share = FREE_SHARE_UNBOUNDED if unbounded else FREE_SHARE
                closes = self.ask(terms.and_(free.ok, free.bad), 0, replayed=False, budget=share * timeout)
        if closes is True:
            # the free state may run where the loop's own start never does (a source that
            # faults on every input): the whole source is asked too where tests found no
            # input it runs
            v = _unless_vacuous(self.verdict, free.ok, whole.remainder(), self.max_trip, self.tests,
                                self.prog if self.tests.testable else None)
            if unbounded and v.verdict is VerdictKind.PROVED:  # the induction: every trip count
                return v.but(coverage=Coverage(EveryTripCount(window=self.form.vf)))
            return v
        for k in range(1, self.steps):
            found = self.settle(k)
            if found is not None:
                return found
        return _unless_vacuous(self.verdict, terms.or_(*[chain[k].ends for k in range(self.steps)]),
                               whole.remainder(), self.max_trip, self.tests)

    def first_step(self, first_try: float) -> Verdict | None:
        """No proof at once: a bug, likely. The concrete tests first, then the solver on
        the first step, within a share of the time and no longer than the solver's first
        try: a correct form that takes the free step a little longer than that loses no
        more to tests than to the try (each test at VF 64 runs hundreds of iterations)."""
        tested = self.tests.run(TRIES, min(TEST_SHARE * self.whole.seconds, first_try, self.whole.rest()))
        if tested is not None:
            return _tested(self.prog, self.form, tested, self.tests, self.sw())
        return self.settle(0)

    def ask(self, body: Any, k: int, replayed: bool, budget: float | None = None,
            inputs_of: str | None = None) -> Verdict | bool | None:
        """True: unsat; False: sat, but (`replayed`) no model replays; None: no answer
        within `budget`; or the verdict. `inputs_of`: a sat answer's inputs (the free
        step's: its state dropped) are replayed on the whole programs all the same,
        found in what it names."""
        chain = self.chain
        universal = [v for st in [*chain.steps, *chain.others] for v in st.src.choices.values()]
        query = terms.forall(universal, body) if universal else body

        def once(facts: list[Any]) -> tuple[Verdict | bool | None, Any]:
            """One question; a sat answer's model that does not replay comes second."""
            left = self.whole.left()
            if left <= 0:
                return self.verdict(VerdictKind.UNKNOWN, reason="solver timeout"), None
            if budget is not None:
                left = min(left, budget)
            solver = new_solver(left, chain.quantified)  # fresh: the minimizer's preferences stay in it
            solver.add(query, *facts)
            ans = check_racing(solver, left) if self.race else check(solver)
            if ans.status is SolverStatus.UNKNOWN:
                return (None if budget is not None else self.verdict(VerdictKind.UNKNOWN, reason=ans.reason)), None
            if ans.status is SolverStatus.SAT and inputs_of is not None:
                return self.inputs_replayed(solver, seconds_of(ans.units), inputs_of) or False, None
            if ans.status is SolverStatus.UNSAT or not replayed:
                return ans.status is SolverStatus.UNSAT, None
            found = self.replayed(solver, k, seconds_of(ans.units))
            return (found, None) if isinstance(found, Verdict) else (False, found)

        # an abstract model that does not replay: its uninterpreted operations right where it got them wrong
        rounds = CEGAR_ROUNDS if self.abstract and replayed else 1
        return refine_abstraction(once, [query] if self.abstract else [], self.facts, rounds)

    def replayed(self, solver: terms.Solver, k: int, solved_in: float) -> Verdict | terms.Model:
        """The sat answer's model, minimized, as a replayed counterexample; else the
        model (it does not replay)."""
        chain, form, prog = self.chain, self.form, self.prog
        compared = [st.compared for st in chain.steps]
        choices = _target_choices(form, chain, solver.model(), compared)
        spend = min(self.minimize_budget, max(MINIMIZE_FLOOR, MINIMIZE_SHARE * solved_in),
                    self.whole.rest())
        model, inputs = concrete(solver, chain.inputs, prog, choices, spend, solved_in, chain[k].src.header_guards,
                                 choices_of=lambda m: _target_choices(form, chain, m, compared))
        cex = replay(prog, form.program, inputs, replay_fuel(prog, form.program, self.max_trip))
        return model if cex is None else self.verdict(VerdictKind.COUNTEREXAMPLE, counterexample=cex)

    def inputs_replayed(self, solver: terms.Solver, solved_in: float, found_in: str) -> Verdict | None:
        """The model's inputs (parameters within the bound first, so that the runs end)
        replayed on the whole programs: a counterexample if they diverge."""
        prog, form = self.prog, self.form
        _, inputs = concrete(solver, self.chain.inputs, prog, {}, MINIMIZE_FLOOR, solved_in, limit=self.max_trip)
        cex = replay(prog, form.program, inputs, replay_fuel(prog, form.program, self.max_trip),
                     source_fuel(prog, self.max_trip))
        if cex is None:
            return None
        self.coverage = self.coverage.but(found_in=found_in)
        return self.verdict(VerdictKind.COUNTEREXAMPLE, counterexample=cex)

    def in_runs(self, k: int, bad: Any, ends: range) -> Verdict | bool | None:
        """A divergence `bad` in step k of a run that ends in one of the steps `ends`
        within the bound: the verdict, True (none), or False (one, but no model
        replays)."""
        for end in ends:
            found = self.ask(terms.and_(self.chain[k].compared, bad, self.chain[end].ends), end, replayed=True)
            if found is not True:
                if isinstance(found, Verdict) and found.verdict is VerdictKind.COUNTEREXAMPLE:
                    self.coverage = self.coverage.but(found_in=f"vector iteration {k + 1}, checked step by step")
                    return found.but(coverage=self.coverage)
                return found
        return True

    def settle(self, k: int) -> Verdict | None:
        """Step k has no divergence (None), or the verdict; NotChained if it may have
        one that the whole runs do not show. The runs that end in step k are asked
        first (most counterexamples), then every continuation at once (an
        over-approximation: unsat settles the step), then the runs ending later."""
        st = self.chain[k]
        found = self.in_runs(k, st.bad, range(k, k + 1))
        if found is True:
            found = self.ask(terms.and_(st.ok, st.compared, st.bad), k, replayed=False)
            if found is False:
                found = self.in_runs(k, st.bad, range(k + 1, self.steps))
        if found is False:  # one the whole runs do not show, maybe: those they would
            found = self.in_runs(k, st.hard, range(k, self.steps))
            if isinstance(found, Verdict):
                return found
            raise NotChained
        return found if isinstance(found, Verdict) else None


def _unless_vacuous(verdict: Any, src_ok: Any, budget: Budget, max_trip: int, tests: ConcreteTests,
                    whole: Program | None = None) -> Verdict:
    """Proved, unless no input runs the source without UB: `src_ok` (the chain's runs
    within the bound, or the free step's) unsat, or `whole` run within max_trip
    iterations without UB on no input (refinement.vacuous). A concrete test's run
    without UB within the bound (ConcreteTests.witness) answers both: its first
    vector iteration is a step the free state allows, and it is one of the chain's
    runs."""
    if tests.witness is not None:
        return verdict(VerdictKind.PROVED)  # type: ignore[no-any-return]
    feas = new_solver(budget.seconds)
    feas.add(src_ok)
    if check(feas).status is SolverStatus.UNSAT:
        return verdict(VerdictKind.UNKNOWN,  # type: ignore[no-any-return]
                       reason=f"vacuous: no input satisfies the source's assumptions without UB within "
                              f"{max_trip} iterations, so there is nothing to check (a loop that runs "
                              f"longer needs a larger --max-trip)")
    if whole is not None and vacuous(whole, max_trip, budget.remainder()):
        return verdict(VerdictKind.UNKNOWN,  # type: ignore[no-any-return]
                       reason=f"vacuous: no input runs the source without UB within {max_trip} iterations "
                              f"(the induction's step does, from a state the loop's start never reaches), so "
                              f"there is nothing to check (a loop that runs longer needs a larger --max-trip)")
    return verdict(VerdictKind.PROVED)  # type: ignore[no-any-return]


def _target_choices(form: VectorForm, chain: _Chain, model: terms.Model, compared: list[Any]) -> dict[Any, Any]:
    """The target steps' nondeterministic choices under the whole target's keys: a
    choice in the vector loop at step k is the whole run's in iteration k; one before
    it the first step's; one after it (the scalar loop's, the exits') that of the last
    step compared in `model`."""
    loop = next(lp for lp in find_loops(form.program) if lp.header == form.vector_header)
    in_loop = {i.uid for b in loop.blocks for i in form.program.blocks[b].instrs}
    before = nx.ancestors(reachable_cfg(form.program), form.vector_header) - loop.blocks
    early = {i.uid for b in before for i in form.program.blocks[b].instrs}
    out: dict[Any, Any] = {}
    last = max(k for k, g in enumerate(compared) if terms.is_true(model.eval(g, model_completion=True)))
    for k, st in enumerate(chain.steps[:last + 1]):
        for key, v in st.tgt.choices.items():
            uid = key[1]
            if uid in in_loop:  # a step's vector loop is no loop (the back edge is cut)
                out[(key[0], uid, k, *key[3:])] = v
            elif uid not in early or k == 0:
                out[key] = v  # later steps overwrite: the last one's after the loop
    return out
