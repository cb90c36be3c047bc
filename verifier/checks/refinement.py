"""Refinement (docs/proved.md): the target refines the source when, on every
input where the source has no UB, the target has no UB, emits the same trace, and
leaves the same memory and live-outs (a poison source value allows anything).

Bounded: the source's loops run at most `max_trip` iterations each (inputs where
they would run longer are excluded and the coverage says so); the target's loops
are unrolled as far as those inputs can take them, which the solver decides. When
no input is left at all, the verdict is unknown ("vacuous"), never proved.
A satisfying model is minimised, turned into concrete Inputs and replayed by the
interpreter; only a replay that reproduces the failure is shown.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verifier.checks.mismatch import mismatch_terms
from verifier.checks.replay import concrete, model_inputs, out_types, replay, replay_fuel
from verifier.checks.shares import (
    ABSTRACT_FLOOR,
    ABSTRACT_MINIMIZE,
    ABSTRACT_SHARE,
    MINIMIZE_LEAST,
    SHORT_MINIMIZE_SHARE,
    SHORT_SHARE,
    VACUITY_EXACT,
)
from verifier.checks.staged import VERDICTS, Abstract, Stages, ask_staged
from verifier.checks.verdict import (
    Bounded,
    Check,
    Coverage,
    Verdict,
    VerdictKind,
)
from verifier.errors import UserError
from verifier.ir.opcodes import FMAS, NONLINEAR
from verifier.ir.program import Const, Instr, Program, uses_floats
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.semantics.lane_ops import (
    KEEPS_CLASS,
    approximation_keeps_class,
    approximation_site,
    is_approximation,
)
from verifier.semantics.ops import UndefReading
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
from verifier.smt.solver import (
    Answer,
    BackgroundCheck,
    SolverStatus,
    check,
    check_racing,
    fresh_context,
    new_solver,
    set_timeout,
)


class _OutOfTime(Exception):
    """The obligation's time budget ran out before the main query."""


def check_compatible(src: Program, tgt: Program) -> None:
    """Both programs must read the same environment: parameters, arrays, functions."""
    sp = {p.name: p.type for p in src.params}
    tp = {p.name: p.type for p in tgt.params}
    if sp != tp:
        hint = ""
        if {Path(src.file).suffix, Path(tgt.file).suffix} == {".loop", ".ll"}:
            hint = ("; a model is compared with LLVM IR written from it: the model's parameters and, for each "
                    "array, its size in bytes (`verifier vectorize MODEL --emit-llvm OUT.ll` writes the model as "
                    "LLVM IR to OUT.scalar.ll, and its form to OUT.ll)")
        raise UserError(f"{tgt.file}: parameters differ from {src.file}: "
                        f"{_fmt(sp, src.display)} vs {_fmt(tp, tgt.display)}{hint}")
    for a in tgt.arrays:
        try:
            sa = src.array(a.name)
        except KeyError:
            raise UserError(f"{tgt.file}: array {a.name!r} is not declared in {src.file}") from None
        if sa.elem != a.elem:
            raise UserError(f"{tgt.file}: array {a.name!r} is {a.elem}[], but {sa.elem}[] in {src.file}")
    if sorted(tgt.aliases) != sorted(src.aliases) or sorted(tgt.windows) != sorted(src.windows):
        raise UserError(f"{tgt.file}: alias declarations differ from {src.file}")
    for name, f in tgt.funcs.items():
        g = src.funcs.get(name)
        if g is not None and g != f:
            raise UserError(f"{tgt.file}: function {name!r} is declared differently in {src.file}")
        if g is None and f.pure:
            raise UserError(f"{tgt.file}: pure function {name!r} is not declared in {src.file}")
    souts = out_types(src)
    touts = out_types(tgt)
    for n, t in souts.items():
        if n in touts and touts[n] != t:
            raise UserError(f"{tgt.file}: live-out {n!r} is {touts[n]}, but {t} in {src.file}")


def _fmt(d: dict[str, Any], display: dict[str, str]) -> str:
    """Parameters as the input names them (LLVM: `%0`; a derived one `%0.bytes`)."""
    def shown(k: str) -> str:
        head, dot, rest = k.partition(".")
        return display.get(head, head) + dot + rest
    return "(" + ", ".join(f"{shown(k)}: {v}" for k, v in d.items()) + ")"


def _cases_at_stops(inputs: SymInputs, s: SymResult, body: Any, parts: dict[str, Any]) -> list[Any]:
    """`body` (the source runs well and a part mismatches) as cases to ask one at a
    time, each unsat exactly when it is:
    1. every call returns (the stop choices false). A run whose source does not end
       inside a call is this run (the target ending where the source does not is a
       trace mismatch either way).
    2. the source's run ends inside a call, and where every call returns the same
       inputs give it UB (or a longer run) after that call: only the trace and the
       target's UB before it are compared. Where the source's returning run has no
       UB, case 1 covers the run that ends early, its prefix.
    Each is far simpler for the solver than the whole (which took a seed listing 2.5
    times as long, and the second case alone, without its "UB after", longer still)."""
    if not inputs.stops or Z3Domain().is_false(s.stopped):
        return [body]
    returns = [(x, terms.bool_val(False)) for x in inputs.stops.values()]
    before = [v for k, v in parts.items() if k not in ("memory", "live-out")]
    source_ok = _source_ok(s)
    return [terms.substitute(body, *returns),
            terms.and_(Z3Domain().bterm(s.stopped), source_ok, terms.not_(terms.substitute(source_ok, *returns)),
                       terms.or_(*before))]


SHORT_FIRST = 8  # bounds from which shorter runs are asked first (refinement)


def refinement(src: Program, tgt: Program, max_trip: int, budget: Budget,
               check_name: Check = Check.EQUIV, minimize_budget: float = 30.0,
               target_unroll: dict[str, int] | None = None, ignore: frozenset[str] = frozenset(),
               param_limit: int | None = None, short_first: bool = True) -> Verdict:
    """Does `tgt` refine `src` on every input whose source loops run <= max_trip times?
    `param_limit` asks the minimizer for parameters within +-param_limit first.
    `ignore` leaves out kinds of divergence (mismatch_terms' keys) a caller looks
    past: then "proved" only means none of the others.
    `target_unroll` gives header visits for target loops whose bound the caller
    knows (a recognized form); a wrong one makes the target exceed it, which is
    reported as unknown, never as a proof.

    Where the programs multiply or divide two unknowns, a first attempt (a quarter of
    the budget) leaves those operations uninterpreted: unsat for every function is
    unsat for the real one, so its proof stands once the source is shown to have an
    input at all under the real semantics; its counterexample stands only if the
    interpreter replays it. Anything else goes on to the exact encoding.

    From a bound of SHORT_FIRST on, runs of a quarter of the bound are asked first
    (a quarter of the time): most bugs show in a vector iteration or two, and a
    target that runs on past the source's exit (a broken exit test) is unrolled
    to its cap at the full bound. Only a counterexample is taken from there. Not
    `short_first`: no such look (an induction step, whose target is unrolled as far at
    any bound, so that the look costs as much as the question)."""
    timeout = budget.seconds

    def short() -> Verdict:
        return refinement(src, tgt, max_trip // 4, budget.share(SHORT_SHARE), check_name,
                          min(minimize_budget, SHORT_MINIMIZE_SHARE * timeout), target_unroll, ignore, param_limit)

    def attempt(within: Budget, abstract: frozenset[str]) -> Verdict:
        return _refinement(src, tgt, max_trip, within, check_name,
                           min(minimize_budget, ABSTRACT_MINIMIZE) if abstract else minimize_budget,
                           target_unroll, abstract, ignore, param_limit)

    abstract: Abstract[Verdict] = Abstract(
        hard_ops(src, tgt), lambda: Budget.of(min(budget.rest(), max(ABSTRACT_FLOOR, ABSTRACT_SHARE * timeout))),
        vacuity_budget=budget.remainder, vacuous=lambda within, ops: vacuous(src, max_trip, within, ops))
    stages = Stages(budget.remainder, short if short_first and max_trip >= SHORT_FIRST else None, abstract)
    v = ask_staged(attempt, stages, VERDICTS)
    assert v is not None  # (every attempt answers)
    return v


def hard_ops(*progs: Program, among: frozenset[str] = NONLINEAR) -> frozenset[str]:
    """The operations (of `among`; by default those the opcode table calls nonlinear, which
    z3 bit-blasts into large circuits) the programs apply to two unknowns: the ones an
    uninterpreted first attempt changes (by a constant they stay exact)."""
    def hard(i: Instr) -> bool:
        unknowns = sum(not isinstance(x, Const) for x in i.args)
        return unknowns >= 2 if i.op in FMAS else unknowns == len(i.args)  # an FMA is large even by constants
    return frozenset(i.op for p in progs for i in p.instructions() if i.op in among and hard(i))


def _source_ok(s: SymResult) -> Any:
    """The source ran within the bound and without UB."""
    d = Z3Domain()
    return terms.and_(d.bterm(d.not_(s.exceeded)), d.bterm(d.not_(s.ub)))




def vacuous(src: Program, max_trip: int, budget: Budget, abstract: frozenset[str] = frozenset()) -> bool:
    """No input runs the source within max_trip iterations without UB (exact semantics);
    False when the solver cannot tell, as for the exact check's own vacuity test.
    With `abstract` operations uninterpreted first: no input there is none at all,
    and an input the interpreter runs without UB (poison-free memory first) is one;
    then the exact question gets a few seconds (this guards against reporting a
    vacuous proof, it does not make one)."""
    fresh_context(uses_floats(src))
    try:
        return _vacuous(src, max_trip, budget, abstract)
    except EncodingTimeout:
        return False  # not shown vacuous: the proof stands on its own unsat


def _vacuous(src: Program, max_trip: int, budget: Budget, abstract: frozenset[str]) -> bool:
    if abstract:
        inputs = make_inputs(src)
        solver = new_solver(budget.left())
        solver.add(_source_ok(encode(src, inputs, "src!", Unroll(bound=max_trip + 1, budget=budget), abstract, UndefReading.CHOSEN)))
        clean = [p == terms.const_array(p.domain(), terms.bool_val(False)) for _, p in inputs.memory.values()
                 if p is not None and terms.is_array(p)]
        for extra in ([terms.and_(*clean)] if clean else []) + [terms.bool_val(True)]:
            a = check(solver, extra)
            if a.status is SolverStatus.UNSAT and terms.is_true(extra):
                return True
            if a.status is SolverStatus.SAT:
                r = run(src, model_inputs(solver.model(), src, inputs, {}), fuel=replay_fuel(src, src, max_trip),
                        undef=UndefReading.CHOSEN)
                if r.status is RunStatus.OK:
                    return False
    inputs = make_inputs(src)
    solver = new_solver(max(0.1, budget.at_most(VACUITY_EXACT)))
    solver.add(_source_ok(encode(src, inputs, "src!", Unroll(bound=max_trip + 1, budget=budget), undef=UndefReading.CHOSEN)))
    return check(solver).status is SolverStatus.UNSAT


def _refinement(src: Program, tgt: Program, max_trip: int, budget: Budget, check_name: Check,
                minimize_budget: float, target_unroll: dict[str, int] | None,
                abstract: frozenset[str] = frozenset(), ignore: frozenset[str] = frozenset(),
                param_limit: int | None = None) -> Verdict:
    """The refinement check, with `abstract` operations uninterpreted (see refinement);
    unknown where encoding the programs outlasts the time."""
    sw = Stopwatch()
    try:
        return _refined(src, tgt, max_trip, budget, check_name, minimize_budget, target_unroll, abstract,
                        ignore, param_limit)
    except EncodingTimeout:
        return Verdict(f"{src.name} -> {tgt.name}", check_name, VerdictKind.UNKNOWN, sw(),
                       reason="solver timeout: encoding the programs took all of the time")


def _refined(src: Program, tgt: Program, max_trip: int, budget: Budget, check_name: Check,
             minimize_budget: float, target_unroll: dict[str, int] | None,
             abstract: frozenset[str], ignore: frozenset[str], param_limit: int | None) -> Verdict:
    """The bounded query in stages: encode the source, unroll the target as far as
    runs of the source reach (`_Feasibility`), ask for a mismatch in each case of
    where the runs stop (each unsat: proved, unless vacuous), and a sat answer
    decoded, minimized and replayed (`_decoded`)."""
    sw, timeout = Stopwatch(), budget.seconds
    check_compatible(src, tgt)
    fresh_context(uses_floats(src, tgt))
    # The environment (extents, init, read-only, aliasing) is the source's: a target
    # may not rely on more than the source was given.
    tgt = dataclasses.replace(tgt, arrays=list(src.arrays))
    name = f"{src.name} -> {tgt.name}"

    def verdict(v: VerdictKind, **kw: Any) -> Verdict:
        return Verdict(name, check_name, v, sw(), **kw)

    inputs = make_inputs(src, others=[tgt])
    # A loop of trip count T runs its header T+1 times when the header holds the exit
    # test (while loops), so T+1 header visits cover trip counts up to T in every shape.
    s = encode(src, inputs, "src!", Unroll(bound=max_trip + 1, budget=budget), abstract, UndefReading.CHOSEN)
    # source choices a function of the target's run answers (`_witness`: an unsat answer
    # with it is a proof); the others stay universally quantified
    universal = [v for k, v in s.choices.items() if not _witnessed(k, s)]
    quantified = bool(universal)
    src_ok = _source_ok(s)
    feas = _Feasibility(src_ok, budget)
    cap = 4 * max_trip + 8
    try:
        t = encode(tgt, inputs, "tgt!", Unroll(bound=max_trip + 1, feasible=feas.feasible, cap=cap,
                                               narrow=feas.narrow, per_loop=dict(target_unroll or {}),
                                               budget=budget), abstract)
    except _OutOfTime:
        return verdict(VerdictKind.UNKNOWN, reason="solver timeout (while unrolling the target)")
    # the mismatch's memory indices (free where nothing is quantified)
    idx: list[Any] = []
    parts = {k: v for k, v in mismatch_terms(src, inputs, s, t, quantified, idx).items() if k not in ignore}
    bad = terms.or_(*parts.values())
    witness = _witness(s, t)
    # the source's approximations take the witness's answer for good: any other value
    # is no approximation, so no search may pick one (semantics/ops.approximation_kind)
    answered = [(s.choices[k], w) for k, w in witness.items() if is_approximation(k)]
    searched = {k: v for k, v in s.choices.items() if not is_approximation(k)}
    refuted = [(s.choices[k], w) for k, w in witness.items() if not is_approximation(k)]
    # no source loop can run past the bound (its header is unreachable there): every input
    coverage = Coverage(Bounded(max_trip, s.unrolled, t.unrolled, quantified=quantified,
                                complete=Z3Domain().is_false(s.exceeded)))
    remaining = budget.left()
    if remaining <= 0:
        return verdict(VerdictKind.UNKNOWN, reason="solver timeout", coverage=coverage)
    # A proof must not be vacuous: some input must satisfy the source (a witness from
    # the unrolling, or a model of the feasibility solver, checked beside the main query).
    vacuity = None if feas.last or abstract else BackgroundCheck(feas.solver, remaining)  # abstract: the caller checks
    # bit-blasting races the SMT solver, except where it would blast multiplications
    # or divisions of unknowns (division at VF 64: seconds -> over the budget)
    race = not quantified and not hard_ops(src, tgt)
    asked = _ask_each_case(_cases_at_stops(inputs, s, terms.and_(src_ok, bad), parts), answered, refuted, universal,
                           searched, idx, race, budget)
    ans = asked.ans
    if ans.status is not SolverStatus.UNSAT and vacuity is not None:
        vacuity.cancel()
    if ans.status is SolverStatus.UNSAT:
        if vacuity is not None and vacuity.result().status is SolverStatus.UNSAT:
            return verdict(VerdictKind.UNKNOWN, coverage=coverage,
                           reason=f"vacuous: no input satisfies the source's assumptions without UB "
                                  f"within {max_trip} iterations, so there is nothing to check (a loop "
                                  f"that runs longer needs a larger --max-trip)")
        return verdict(VerdictKind.PROVED, coverage=coverage)
    if ans.status is SolverStatus.UNKNOWN:
        return verdict(VerdictKind.UNKNOWN, reason=ans.reason, coverage=coverage)
    return _decoded(src, tgt, s, t, inputs, asked, parts, coverage, verdict,
                    _Limits(max_trip, cap, timeout, minimize_budget, param_limit), budget)


def _ask_each_case(cases: list[Any], answered: list[tuple[Any, Any]], refuted: list[tuple[Any, Any]],
                   universal: list[Any], searched: dict[str, Any], idx: list[Any], race: bool,
                   budget: Budget) -> _Asked:
    """The mismatch asked in each case of where the runs stop, until one is not unsat:
    the approximations answered by the witness, the witness's other choices refuted
    one by one where nothing is quantified, the rest universally quantified."""
    for every in cases:  # each must be unsat
        body = terms.substitute(every, *answered) if answered else every  # (z3 rewrites even with none)
        main = terms.substitute(body, *refuted) if refuted else body
        solver = new_solver(max(0.1, budget.left()), bool(universal))
        solver.add(terms.forall(universal, main) if universal else main)
        ans = check_racing(solver, budget.left()) if race else check(solver)
        if refuted and not universal:
            ans = _refute_witness(solver, ans, body, searched, idx, budget)
        if ans.status is not SolverStatus.UNSAT:
            break
    return _Asked(solver, ans, every, body, searched, idx, bool(refuted and not universal))


class _Feasibility:
    """Which target iterations some run of the source reaches (the target is unrolled
    that far, and no farther): a solver over the source's runs, its choices free (an
    over-approximation, so the unrolling stays sound), and the last model it found."""

    def __init__(self, src_ok: Any, budget: Budget) -> None:
        self.solver = new_solver(budget.seconds)
        self.solver.add(src_ok)
        self.budget = budget
        self.last: list[terms.Model] = []

    def _check(self, *assumptions: Any) -> Any:
        left = self.budget.left()
        if left <= 0:
            raise _OutOfTime
        set_timeout(self.solver, left)
        return check(self.solver, *assumptions)

    def feasible(self, guard: Any) -> bool:
        if guard is True:
            return True
        if self.last and terms.is_true(self.last[0].eval(guard, model_completion=True)):
            return True  # the last witness already reaches this iteration
        r = self._check(guard)
        if r.status is SolverStatus.UNKNOWN:
            return True
        if r.status is SolverStatus.SAT:
            self.last[:] = [self.solver.model()]
        return r.status is SolverStatus.SAT

    def narrow(self, guard: Any, term: Any, width: int) -> int | None:
        """The one value `term` takes wherever `guard` holds, if the last model shows it."""
        if not self.last:
            return None
        c = self.last[0].eval(term, model_completion=True)
        if not terms.is_bv_value(c):
            return None
        if self._check(Z3Domain().bterm(guard), term != c).status is not SolverStatus.UNSAT:
            return None
        return int(c.as_long())


@dataclass(frozen=True)
class _Asked:
    """A sat answer of the mismatch query, and what was asked: the case (`every`), it
    with the approximations answered (`body`), the choices searched, the memory
    indices, and whether the witness's choices were refuted one by one."""

    solver: Any
    ans: Any
    every: Any
    body: Any
    searched: dict[str, Any]
    idx: list[Any]
    witness_refuted: bool


@dataclass(frozen=True)
class _Limits:
    max_trip: int
    cap: int
    timeout: float
    minimize_budget: float
    param_limit: int | None


def _decoded(src: Program, tgt: Program, s: Any, t: Any, inputs: Any, asked: _Asked, parts: dict[str, Any],
             coverage: Coverage, verdict: Callable[..., Verdict], lim: _Limits, budget: Budget) -> Verdict:
    """A sat answer as a verdict: unknown where an approximation may explain it, else
    minimized, read back and replayed (a counterexample only where the replay shows
    the divergence)."""
    found = asked.solver.model()
    approximate = _approximating(found, s)
    if approximate is not None:
        # a counterexample only if no source choice at all, an approximation's any value
        # included, matches the run (then none of the values LangRef allows does)
        sigma = _source_answer(found, asked.every, s.choices, asked.idx, budget, _keeping_class(s))
        if sigma is not None:
            if isinstance(sigma, str):
                return verdict(VerdictKind.UNKNOWN, coverage=coverage, reason=sigma)
            site = approximation_site(approximate, src)
            return verdict(VerdictKind.UNKNOWN, coverage=coverage, approximation=site, reason=(
                f"the target differs from the source where the source's {site} gives the exact result or "
                f"the target's own value on the same operand, but another value matches; whether one that "
                f"those flags allow (LangRef does not bound them) does is not decided"))
    # the minimizer within the time limit (a tenth of it at least: a counterexample is
    # shown minimized that far, whatever the solver took)
    spend = min(lim.minimize_budget, max(MINIMIZE_LEAST * lim.timeout, budget.left()))
    model, cex_inputs = concrete(asked.solver, inputs, src, t.choices, spend, seconds_of(asked.ans.units),
                                 s.header_guards, lim.param_limit)
    if ((asked.witness_refuted and _source_answer(model, asked.body, asked.searched, asked.idx, budget) is not None)
            or (approximate is not None
                and _source_answer(model, asked.every, s.choices, asked.idx, budget, _keeping_class(s)) is not None)):
        # minimizing left the checked ground: a source choice matches the smaller run
        model, cex_inputs = found, model_inputs(found, src, inputs, t.choices)
    cex = replay(src, tgt, cex_inputs, replay_fuel(src, tgt, lim.max_trip))
    if cex is not None:
        return verdict(VerdictKind.COUNTEREXAMPLE, counterexample=cex, coverage=coverage,
                       assumptions=[] if approximate is None else [KEEPS_CLASS])
    exceeded = parts.get("target unrolling exceeded", terms.bool_val(False))
    if terms.is_true(model.eval(exceeded, model_completion=True)):
        return verdict(VerdictKind.UNKNOWN, coverage=coverage,
                       reason="a target loop needs more iterations than it was unrolled for "
                              f"(at most {lim.cap}, or the generator's bound) to finish some source "
                              "run; raise --max-trip or check termination")
    return verdict(VerdictKind.UNKNOWN, coverage=coverage,
                   reason="internal error: the solver's counterexample did not replay "
                          f"(a bug in the tool: please report it, with these inputs: {_shown_inputs(cex_inputs)})")


def _shown_inputs(inp: Inputs) -> str:
    """The inputs a report of a replay failure needs to reproduce it (parameters, the
    first elements of each array, the calls that do not return, the choices made)."""
    arrays = {k: ["poison" if x is None else x for x in v[:16]] for k, v in inp.arrays.items()}
    return json.dumps({"params": inp.params, "arrays": arrays, "stops": sorted(inp.stops),
                       "choices": {"/".join(map(str, k)): v for k, v in inp.choices.items() if v}}, sort_keys=True)


WITNESSED = frozenset({"fused"})  # kinds of source choice `_witness` answers (and approximations)


def _witness_kind(key: Any) -> bool:
    return key[0] in WITNESSED or is_approximation(key)


def _witnessed(key: Any, s: SymResult) -> bool:
    return _witness_kind(key) and key in s.about


def _keeping_class(s: SymResult) -> Any:
    """What refuting assumes of the source's approximations (ops.KEEPS_CLASS): without
    it, any of them could be a NaN, poison under `nnan`, and every run would match."""
    d = Z3Domain()
    return terms.and_(*[d.bterm(approximation_keeps_class(d, str(k[0]).split(".")[1], s.about[k][1], v, s.about[k][0]))
                        for k, v in s.choices.items() if is_approximation(k) and k in s.about])


def _approximating(model: terms.Model, s: SymResult) -> Any:
    """The first approximation the model's source run takes (None: it takes none)."""
    d = Z3Domain()
    return next((k for k in s.choices if is_approximation(k)
                 and terms.is_true(model.eval(d.bterm(s.reached.get(k, True)), model_completion=True))), None)


def _witness(s: SymResult, t: SymResult) -> dict[Any, Any]:
    """For each source fmuladd's rounding (fused or not) and approximation (exact or
    not, semantics/ops.approximation_kind), a target's choice of the same kind on the
    same operands that the target's run executes, by rank: the n-th run of the same
    instruction for the source's n-th (a form's scalar loop is the source's own code),
    else of a scalar instruction (that loop read from another module: the run whose
    result the target goes on with where a vector iteration handed its lanes back),
    else of any one instruction (a vector fmuladd's lanes), else the n-th fmuladd run
    of all (one instruction per lane; lanes and remainder run the scalar iterations in
    order), else the first; else unfused (exact). Any function of the target's run is a
    strategy for the source, so no mismatch under it proves refinement."""
    d = Z3Domain()
    theirs = _ranked(t)
    out: dict[Any, Any] = {}
    for k, (v, (w, *ops), _ran, ranks) in _ranked(s).items():
        # (target key, its choice, whether it runs on the same operands, its ranks)
        cands = [(kt, vt, terms.and_(tran, *[d.term(a, w) == d.term(b, w) for a, b in zip(ops, ots, strict=True)]),
                  tranks)
                 for kt, (vt, (wt, *ots), tran, tranks) in theirs.items()
                 if kt[0] == k[0] and wt == w and len(ots) == len(ops) and vt.size() == v.size()]
        term: Any = terms.bv_val(0, v.size())  # the later If wins: least preferred first
        for _, vt, same, _ in reversed(cands):
            term = terms.ite(same, vt, term)
        for by in (0, 1):  # the n-th run of all, then of one instruction
            for _, vt, same, tranks in reversed(cands):
                term = terms.ite(terms.and_(tranks[by] == ranks[by], same), vt, term)
        term = _own_runs_first(term, k, ranks, cands)
        # the source's operands and path so far depend on its earlier choices: those
        # are answered already (in execution order), so the witness is the target's alone
        out[k] = terms.substitute(term, *[(s.choices[j], x) for j, x in out.items()]) if out else term
    return out


def _own_runs_first(term: Any, k: Any, ranks: tuple[Any, Any], cands: list[tuple[Any, Any, Any, Any]]) -> Any:
    """`term`, overridden by the n-th run of a scalar instruction (a form's scalar loop
    re-runs the iterations a vector iteration hands back; read from another module, it
    is a copy of the source's), and above all by the n-th run of the same instruction (a
    form's scalar loop is the source's own)."""
    for by_scalar in (True, False):
        for kt, vt, same, tranks in reversed(cands):
            if (kt[-1] == 0 and k[-1] == 0) if by_scalar else kt[1] == k[1]:
                term = terms.ite(terms.and_(tranks[1] == ranks[1], same), vt, term)
    return term


def _ranked(r: SymResult) -> dict[Any, tuple[Any, tuple[Any, ...], Any, tuple[Any, Any]]]:
    """The witnessed choices of a run: (variable, about, whether the run makes it, its
    ranks among the executions that run: of any instruction, of its own)."""
    d = Z3Domain()
    zero = terms.bv_val(0, 16)
    count: dict[Any, Any] = {}
    out = {}
    for k, v in r.choices.items():
        if not _witness_kind(k) or k not in r.about:
            continue
        ran = d.bterm(r.reached.get(k, True))
        ranks = (count.get(None, zero), count.get(k[1], zero))
        out[k] = (v, r.about[k], ran, ranks)
        count[None], count[k[1]] = _counted(ranks[0], ran), _counted(ranks[1], ran)
    return out


def _counted(count: Any, ran: Any) -> Any:
    """`count` plus one where `ran` holds, folded where both are constants. (Not
    z3's simplify: on a long run's path conditions it took seconds per choice, outside
    any solver's time limit.)"""
    if terms.is_false(ran):
        return count
    if terms.is_true(ran) and terms.is_bv_value(count):
        return terms.bv_val(count.as_long() + 1, 16)
    return count + terms.ite(ran, terms.bv_val(1, 16), terms.bv_val(0, 16))


CEGAR_ROUNDS = 16


def _refute_witness(solver: terms.Solver, ans: Any, body: Any, choices: dict[Any, Any], idx: list[Any],
                    budget: Budget) -> Any:
    """The answer under the witness, refined until it stands for every source choice:
    a target run the witness does not match may be matched by other source choices;
    then the target must mismatch those too (one more instance of the universal
    quantifier, with memory indices `idx` of its own) and the solver is asked again."""
    for _ in range(CEGAR_ROUNDS):
        if ans.status is not SolverStatus.SAT:
            return ans
        sigma = _source_answer(solver.model(), body, choices, idx, budget)
        if sigma is None:
            return ans  # no source choice matches this run: a counterexample
        if isinstance(sigma, str):
            return Answer(SolverStatus.UNKNOWN, sigma, 0.0)
        solver.add(terms.substitute(body, *sigma, *[(i, terms.fresh(i.sort(), "mem")) for i in idx]))
        left = budget.left()
        if left <= 0:
            return Answer(SolverStatus.UNKNOWN, "solver timeout", 0.0)
        set_timeout(solver, left)
        ans = check(solver)
    return Answer(SolverStatus.UNKNOWN, f"source choices still match after {CEGAR_ROUNDS} refinements of the witness", 0.0) \
        if ans.status is SolverStatus.SAT else ans


def _source_answer(model: terms.Model, body: Any, choices: dict[Any, Any], idx: list[Any], budget: Budget,
                   within: Any = True) -> list[tuple[Any, Any]] | str | None:
    """Source choices under which the model's target run matches the source (or the
    source has UB), as a substitution; None when there are none (the run is a
    counterexample for every source choice); a reason when the solver cannot tell.
    The memory indices `idx` are the mismatch's own: no index may differ. `within`
    holds of every source choice asked for (what a refutation assumes of them)."""
    bad = terms.exists(idx, body) if idx else body
    # everything but the source choices as the model has it (completed: a symbol the
    # model leaves out is one value, not a free one): the choices become bound
    # variables for the evaluation, then fresh constants to solve for
    vs = list(choices.values())
    residual, mine = terms.fixed_but(model, terms.not_(bad) if within is True else terms.and_(terms.not_(bad), within),
                                     vs, "src")
    s = new_solver(budget.rest(0.001), quantified=True)
    s.add(residual)
    a = check(s)
    if a.status is SolverStatus.UNSAT:
        return None
    if a.status is not SolverStatus.SAT:
        return a.reason
    m = s.model()
    return [(v, m.eval(x, model_completion=True)) for v, x in zip(vs, mine, strict=True)]
