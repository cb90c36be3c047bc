"""Lane relations proved (seed 002's classes, seed 001's uniform lanes): each claim of
analysis/lanes.py is a solver question over one vector iteration.

Lane k of vector iteration q is scalar iteration VF*q + k. A relation holds when any
two lanes it relates that both run the value and hold non-poison values agree with
it (a poison lane is refined by whatever the vector code puts there): for
`uniform`, v_k = v_j; for `strided s`, v_k = v_j + s*(k - j) (mod 2^w). Immediate UB
anywhere in the run makes it undefined, so runs with UB are left out.

- Proof: the loop from the window state (transforms/window.py: any state a vector
  iteration can start in, the induction exact) for VF iterations; unsat for the
  violation is a proof for every vector iteration of every run.
- Refutation: the loop from its real start, for its first few vector iterations,
  the whole run inside the bound; a model is replayed by the interpreter, which must
  show the same two lanes disagreeing, before it is reported. A violation only the
  window finds (a state the first iterations do not reach) is `unknown`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verifier.analysis.exits import analyse
from verifier.analysis.lanes import (
    RANDOM,
    UNIFORM,
    Aligned,
    Fact,
    LaneClass,
    LaneEvolution,
    lane_evolution,
    parse_relation,
)
from verifier.checks.replay import run_model
from verifier.checks.shares import LANE_RUN, SPLIT_AFTER
from verifier.checks.verdict import Check, LaneWitness, Verdict, VerdictKind
from verifier.errors import UserError
from verifier.ir.opcodes import NONLINEAR
from verifier.ir.program import Const, Program, Ref, copy_program, uses_floats
from verifier.ir.types import IntType, mask, to_signed
from verifier.semantics.interpreter import RunStatus
from verifier.semantics.ops import UndefReading, Val
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
from verifier.smt.budget import Budget, Stopwatch
from verifier.smt.solver import SolverStatus, check, fresh_context, new_solver, set_timeout
from verifier.transforms.window import NoWindow, Q, enter_window, entry_block

FIRST_ITERATIONS = 2  # vector iterations from the loop's start searched for a refutation
REPLAY_FUEL = 200_000  # blocks a replayed run may visit
DEEP_ITERATIONS = 128  # scalar iterations a search from the start may unroll to reach a window's refutation


@dataclass(frozen=True)
class LaneVerdict:
    """What the solver says about one fact: the relation that holds (`holds`, RANDOM
    when none was proved), the proposal's verdict, and the evidence."""

    fact: Fact
    holds: LaneClass
    verdict: VerdictKind
    seconds: float
    pre: Aligned | None = None  # the precondition the proof needs (None: it holds without)
    witness: LaneWitness | None = None  # lanes that break the proposal (random: that differ)
    without_pre: LaneWitness | None = None  # the proof needs `pre`: a run without it
    reason: str | None = None


@dataclass
class _Query:
    """One encoding shared by every claim: a solver holding `ok` (no UB, and for the
    refutation search the whole run inside the bound). `abstract`: the nonlinear
    operations are uninterpreted (a proof there holds; a model must be replayed)."""

    prog: Program
    inputs: SymInputs
    res: SymResult
    solver: terms.Solver
    groups: int  # vector iterations encoded: 1 for the window
    abstract: bool = False
    window: bool = False




def lane_verdicts(prog: Program, vf: int, timeout: float = 20.0,
                  evolution: LaneEvolution | None = None) -> tuple[LaneEvolution, list[LaneVerdict], str | None]:
    """Every value and branch fact of `prog`'s loop at `vf`, decided; and why the window
    was not available (claims then are at best unknown), or None."""
    ev = evolution or lane_evolution(prog, vf)
    # each fact may take `timeout`; the run as a whole at most LANE_RUN of them (a
    # loop of thousands of values would otherwise run for hours), the rest unknown
    run_budget = Budget.of(LANE_RUN * timeout)
    prover = LaneProver(prog, vf, timeout, run_budget)
    out = []
    for f in ev.values + ev.branches:
        if not run_budget.exhausted():
            out.append(prover.decide(f))
        else:
            out.append(LaneVerdict(f, holds=RANDOM, verdict=VerdictKind.UNKNOWN, seconds=0.0,
                                   reason=f"not decided: the run's time ({LANE_RUN} x --timeout) was spent"))
    return ev, out, prover.no_window


class LaneProver:
    """Decides facts about one loop at one VF (the encodings are built once, lazily:
    first with divisions and multiplications uninterpreted, then exact)."""

    def __init__(self, prog: Program, vf: int, timeout: float = 20.0, budget: Budget | None = None) -> None:
        self.prog, self.vf, self.timeout = prog, vf, timeout
        self.budget = budget  # the run's: spent, an encoding stops (EncodingTimeout): the fact is unknown
        # the fact being decided gets `timeout` in all, its questions and encodings
        # together (decide, lane_relation): past it, what is left is unknown
        self.fact_budget: Budget | None = None
        self.d = Z3Domain("")
        self.no_window: str | None = None
        self.hard = frozenset(i.op for i in prog.instructions() if i.op in NONLINEAR)
        self.types = prog.value_types()
        fresh_context(uses_floats(prog))
        self._queries: dict[tuple[str, bool], _Query | None] = {}
        self._model: Any = None
        try:
            self.window(False)
        except EncodingTimeout:  # each fact tries again within its own time, and is unknown if it runs out
            pass

    # ------------------------------------------------------------ encodings
    def window(self, abstract: bool) -> _Query | None:
        """The loop from any vector iteration's start, for one vector iteration."""
        key = ("window", abstract)
        if key not in self._queries:
            self._queries[key] = self._window(abstract)
        return self._queries[key]

    def _window(self, abstract: bool) -> _Query | None:
        le = analyse(self.prog)
        p = copy_program(self.prog)
        try:
            header = le.loop.header
            enter_window(p, header, entry_block(p, le), {ph.dest: ph.dest for ph in p.blocks[header].phis},
                         le, self.vf)
        except NoWindow as e:
            self.no_window = str(e)
            return None
        inputs = make_inputs(p)
        res = encode(p, inputs, "", Unroll(bound=self.vf, budget=self._until()), self.hard if abstract else frozenset(),
                     UndefReading.CHOSEN)
        s = new_solver(self.timeout)
        s.add(self.d.bterm(self.d.not_(res.ub)))
        return _Query(p, inputs, res, s, 1, abstract, window=True)

    def first(self, abstract: bool = False, groups: int = FIRST_ITERATIONS) -> _Query:
        """The loop from its real start, every run of at most `groups` vector iterations."""
        key = (f"first{groups}", abstract)
        q = self._queries.get(key)
        if q is None:
            inputs = make_inputs(self.prog)
            res = encode(self.prog, inputs, "", Unroll(bound=self.vf * groups, budget=self._until()),
                         self.hard if abstract else frozenset(), UndefReading.CHOSEN)
            s = new_solver(self.timeout)
            d = self.d
            s.add(d.bterm(d.not_(res.ub)), d.bterm(d.not_(res.exceeded)))
            q = self._queries[key] = _Query(self.prog, inputs, res, s, groups, abstract)
        assert q is not None
        return q

    # ------------------------------------------------------------ formulas
    def _lane(self, q: _Query, f: Fact, it: int) -> tuple[Any, Any, Any] | None:
        """(runs, poison, value) of the fact's subject in scalar iteration `it`."""
        v = q.res.values.get((f.subject, it))
        g = q.res.block_guards.get((f.block, it))
        if v is None or g is None or not isinstance(v, Val):
            return None
        return g, self.d.or_(v.p, v.u), v.v

    def violation(self, q: _Query, f: Fact, cls: LaneClass) -> list[Any]:
        """Each way two related lanes, both running and non-poison, break `cls` (one
        term per pair of lanes)."""
        d = self.d
        bits = self._bits(f)
        out: list[Any] = []
        for g in range(q.groups):
            for j, k in cls.pairs(self.vf):
                a, b = self._lane(q, f, g * self.vf + j), self._lane(q, f, g * self.vf + k)
                if a is None or b is None:
                    continue
                want = d.term(a[2], bits) + terms.bv_val((cls.stride * (k - j)) & mask(bits), bits)
                out.append(terms.and_(d.bterm(a[0]), d.bterm(b[0]), d.bterm(d.not_(a[1])), d.bterm(d.not_(b[1])),
                                  d.term(b[2], bits) != want))
        return out

    def precondition(self, q: _Query, pre: Aligned) -> Any:
        start = pre.start
        bits = self._start_bits(pre)
        if isinstance(start, Const):
            v: Any = terms.bv_val(start.value, bits)
            poison: Any = False
        elif isinstance(start, Ref):
            val = q.res.values.get((start.name, -1))
            if not isinstance(val, Val):
                return terms.bool_val(False)
            v, poison = self.d.term(val.v, bits), self.d.or_(val.p, val.u)
        else:
            return terms.bool_val(False)
        at = v + terms.bv_val(pre.offset & mask(bits), bits)
        ok = [terms.urem(at, terms.bv_val(pre.modulus, bits)) == 0, self.d.bterm(self.d.not_(poison))]
        if pre.nonneg:
            ok.append(at >= 0)
        return terms.and_(ok)

    def _bits(self, f: Fact) -> int:
        ty = self.types.get(f.subject)
        return ty.bits if isinstance(ty, IntType) else 1

    def _start_bits(self, pre: Aligned) -> int:
        ty = self.types.get(pre.iv)
        return ty.bits if isinstance(ty, IntType) else 64

    # ------------------------------------------------------------ questions
    def holds(self, f: Fact, cls: LaneClass, pre: Aligned | None) -> tuple[VerdictKind, LaneWitness | None, str]:
        """Whether `cls` holds for `f` in every vector iteration (under `pre`): proved,
        refuted with a replayed witness, or unknown with the reason."""
        reason = ""
        tiers = (True, False) if self.hard else (False,)
        deep: list[int] = []  # how many vector iterations from the start a window refutation needs
        for abstract in tiers:
            q = self.window(abstract)
            if q is None:
                reason = f"no window over every vector iteration: {self.no_window}"
                break
            a = self._ask(q, f, cls, pre)
            if a is SolverStatus.UNSAT:
                return VerdictKind.PROVED, None, ""
            if a is SolverStatus.SAT:  # the window state's inputs may reach it from the real start
                w = self._replay(q, f, cls)
                if w is not None:
                    return VerdictKind.COUNTEREXAMPLE, w, ""
                if not abstract:
                    deep = [self._model.eval(q.inputs.params[Q], model_completion=True).as_long() + 1]
            reason = "the solver timed out" if a is SolverStatus.UNKNOWN else \
                "it fails only from a vector-iteration start the first iterations do not reach"
        depths = [FIRST_ITERATIONS] + [g for g in deep if FIRST_ITERATIONS < g <= DEEP_ITERATIONS // self.vf]
        for groups in depths:
            for abstract in tiers:
                q = self.first(abstract, groups)
                a = self._ask(q, f, cls, pre)
                if a is SolverStatus.SAT:
                    w = self._replay(q, f, cls)
                    if w is not None:
                        return VerdictKind.COUNTEREXAMPLE, w, ""
                    if not abstract:
                        reason = "a refutation the interpreter did not confirm"
                elif a is SolverStatus.UNSAT:
                    break  # none this deep (uninterpreted operations cover the real ones)
        if self.window(False) is None:
            reason += f"; it holds in the first {depths[-1]} vector iterations"
        return VerdictKind.UNKNOWN, None, reason

    def _ask(self, q: _Query, f: Fact, cls: LaneClass, pre: Aligned | None) -> SolverStatus:
        """Whether some related pair breaks `cls`: all pairs in one query first, then,
        if that times out, pair by pair (small queries; divisions make the big one hard).
        A refutation search tries small parameters first (a run a reader can follow)."""
        parts = self.violation(q, f, cls)
        if not parts:
            return SolverStatus.UNSAT
        budget = Budget.of(self._time_left(self.timeout))
        if not q.window and self._check(q, pre, terms.and_(terms.or_(parts), self._small(q)), SPLIT_AFTER) \
                is SolverStatus.SAT:
            return SolverStatus.SAT
        first = self._check(q, pre, terms.or_(parts), min(self.timeout, SPLIT_AFTER))
        if first is not SolverStatus.UNKNOWN or len(parts) == 1:
            return first
        status = SolverStatus.UNSAT
        for part in parts:
            left = budget.left()
            if left <= 0:
                return SolverStatus.UNKNOWN
            a = self._check(q, pre, part, left)
            if a is SolverStatus.SAT:
                return a
            if a is SolverStatus.UNKNOWN:
                status = a
        return status

    def _small(self, q: _Query) -> Any:
        """Every integer parameter between -64 and 64 (tried first for refutations)."""
        out = [terms.and_(v >= -64, v <= 64) if v.size() > 7 else terms.bool_val(True) for v in q.inputs.params.values()]
        return terms.and_(out) if out else terms.bool_val(True)

    def _until(self) -> Budget | None:
        """The budget the current question spends: the run's or the fact's, whichever has less left."""
        ends = [b for b in (self.budget, self.fact_budget) if b is not None]
        return min(ends, key=Budget.left) if ends else None

    def _time_left(self, seconds: float) -> float:
        """`seconds`, or what is left before _until() if that is less (maybe <= 0)."""
        until = self._until()
        return seconds if until is None else until.at_most(seconds)

    def _check(self, q: _Query, pre: Aligned | None, bad: Any, seconds: float) -> SolverStatus:
        seconds = self._time_left(seconds)
        if seconds <= 0:
            return SolverStatus.UNKNOWN
        s = q.solver
        s.push()
        try:
            if pre is not None:
                s.add(self.precondition(q, pre))
            s.add(bad)
            set_timeout(s, seconds)
            a = check(s)
            if a.status is SolverStatus.SAT:
                self._model = s.model()
            return a.status
        finally:
            s.pop()

    def _possible(self, f: Fact, pre: Aligned) -> bool:
        """Some vector iteration without UB runs the subject under `pre` (else a proof
        under it says nothing)."""
        q = self.window(False) or self.first()
        runs = [self._lane(q, f, it) for it in range(q.groups * self.vf)]
        s = q.solver
        s.push()
        try:
            s.add(self.precondition(q, pre), terms.or_([self.d.bterm(r[0]) for r in runs if r is not None] or [False]))
            set_timeout(s, max(0.001, self._time_left(self.timeout)))
            return check(s).status is not SolverStatus.UNSAT  # unknown: not shown impossible
        finally:
            s.pop()

    def _replay(self, q: _Query, f: Fact, cls: LaneClass) -> LaneWitness | None:
        """Run the loop from its real start on the model's inputs (the original program's
        parameters and memory) and find two lanes of some vector iteration that break
        `cls`; None if the run has UB, does not finish, or keeps the relation."""
        fuel = REPLAY_FUEL
        if q.window:  # a window state: worth a run from the start only if it is near
            at = self._model.eval(q.inputs.params[Q], model_completion=True).as_long()
            if at > REPLAY_FUEL // (self.vf * len(self.prog.blocks)):
                return None
            fuel = (at + 2) * self.vf * len(self.prog.blocks) + 64
        inputs, r = run_model(self._model, self.prog, q.inputs, {} if q.window else q.res.choices, fuel,
                              watch=frozenset({f.subject}))
        if r.status is not RunStatus.OK:
            return None
        bits = self._bits(f)
        ran = {it for blk, it in r.path if blk == f.block}
        last = max((it for _, it in r.history), default=-1)
        for g in range(last // self.vf + 1):
            for j, k in cls.pairs(self.vf):
                a = r.history.get((f.subject, g * self.vf + j))
                b = r.history.get((f.subject, g * self.vf + k))
                if not (isinstance(a, Val) and isinstance(b, Val)) or a.p or a.u or b.p or b.u \
                        or g * self.vf + j not in ran or g * self.vf + k not in ran:
                    continue
                if (b.v - a.v - cls.stride * (k - j)) & mask(bits):
                    return LaneWitness(inputs, g, (j, k), (a.v & mask(bits), b.v & mask(bits)), bits)
        return None

    def decide(self, f: Fact) -> LaneVerdict:
        """f's verdict within the prover's timeout; unknown where that or the run's
        budget runs out first (encoding included)."""
        sw = Stopwatch()
        self.fact_budget = Budget.of(self.timeout)
        try:
            return self._decide(f)
        except EncodingTimeout:
            return LaneVerdict(f, holds=RANDOM, verdict=VerdictKind.UNKNOWN, seconds=sw(),
                               reason="solver timeout: encoding the loop took all of the time")

    def _decide(self, f: Fact) -> LaneVerdict:
        sw = Stopwatch()

        def done(**kw: Any) -> LaneVerdict:
            return LaneVerdict(f, seconds=sw(), **kw)

        if f.cls == RANDOM:
            # seed 002's "blending of the same value": lanes may agree all the same
            kind, w, why = self.holds(f, UNIFORM, None)
            if kind is VerdictKind.PROVED:
                return done(holds=UNIFORM, verdict=VerdictKind.PROVED,
                            reason="uniform after all: the solver proves what the rules missed (the same value on every path)")
            return done(holds=f.cls, verdict=kind, witness=w, reason=why or None)
        pre, hint = f.pre, None
        if pre is not None and isinstance(pre.start, Const):  # a known start: the precondition is decided
            bits = self._start_bits(pre)
            at = to_signed((pre.start.value + pre.offset) & mask(bits), bits)
            aligned = at % pre.modulus == 0 and (at >= 0 or not pre.nonneg)
            pre, hint = None, None if aligned else pre
        if pre is None:
            kind, w, why = self.holds(f, f.cls, None)
            if not why and kind is VerdictKind.COUNTEREXAMPLE and hint is not None:
                why = f"it would hold if {hint}"
            return done(holds=f.cls if kind is VerdictKind.PROVED else RANDOM, verdict=kind, witness=w,
                        reason=why or None)
        kind, w, why = self.holds(f, f.cls, pre)
        if kind is VerdictKind.PROVED and not self._possible(f, pre):
            return done(holds=RANDOM, verdict=VerdictKind.UNKNOWN,
                        reason=f"vacuous: no vector iteration runs it when {pre}")
        if kind is not VerdictKind.PROVED:
            return done(holds=RANDOM, verdict=kind, witness=w, reason=why or None)
        bare, w2, _ = self.holds(f, f.cls, None)
        if bare is VerdictKind.PROVED:
            return done(holds=f.cls, verdict=VerdictKind.PROVED)
        return done(holds=f.cls, verdict=VerdictKind.PROVED, pre=pre, without_pre=w2,
                    reason=f"only when {pre}")


def lane_relation(prog: Program, vf: int, value: str, relation: str | None, timeout: float = 20.0) -> Verdict:
    """One value's relation as a verdict (proof suites): the analysis's proposal, or the
    `relation` named (under the proposal's precondition, if it has one)."""
    sw = Stopwatch()
    ev = lane_evolution(prog, vf)
    fact = next((f for f in ev.values if prog.display.get(f.subject, f.subject) == value or f.subject == value),
                None)
    if fact is None:
        raise UserError(f"{prog.file}: no value {value!r} in the loop (its values: "
                        f"{', '.join(f.subject for f in ev.values)})")
    prover = LaneProver(prog, vf, timeout, Budget.of(timeout))
    if relation is None:
        v = prover.decide(fact)
        kind, w = v.verdict, v.witness
        shown, pre = str(v.holds if v.verdict is VerdictKind.PROVED else fact.cls), v.pre
        reason = v.reason
    else:
        cls = parse_relation(relation)
        pre = fact.pre
        try:
            kind, w, why = prover.holds(fact, cls, pre)
        except EncodingTimeout:
            kind, w, why = VerdictKind.UNKNOWN, None, "solver timeout: encoding the loop took all of the time"
        shown, reason = str(cls), why or None
    if w is not None:
        reason = f"{w}, with {w.inputs.params}"
    subject = f"{value}: {shown}" + (f" when {pre}" if pre is not None and kind is VerdictKind.PROVED else "")
    return Verdict(prog.name, Check.LANES, kind, sw(), reason=reason, vf=vf, subject=subject, lanes=w)
