"""Verdicts (docs/architecture.md "Verdicts and exit codes"): proved | counterexample | unknown."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from verifier.ir.program import ASSUMPTION_HELP, PAIR_READINGS, Assumption, Loc, Program
from verifier.ir.types import elem_of, shown_int
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run


class VerdictKind(StrEnum):
    """What a check concluded; the value is what reports and suites spell."""

    PROVED = "proved"
    COUNTEREXAMPLE = "counterexample"
    UNKNOWN = "unknown"

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self]

    @property
    def severity(self) -> int:
        """Where the kind stands among several answers to one question: a
        counterexample beats an unknown, which beats a proof."""
        return SEVERITY.index(self)


EXIT_CODES = {VerdictKind.PROVED: 0, VerdictKind.COUNTEREXAMPLE: 1, VerdictKind.UNKNOWN: 3}
SEVERITY = (VerdictKind.PROVED, VerdictKind.UNKNOWN, VerdictKind.COUNTEREXAMPLE)


def worst(kinds: Iterable[VerdictKind]) -> VerdictKind:
    """The answer several answers make together (proved when there are none)."""
    return max(kinds, key=lambda k: k.severity, default=VerdictKind.PROVED)


class Check(StrEnum):
    """The questions: refinement of a target or a generated form, and the seed's
    three legality checks; the value is what reports and suites spell."""

    EQUIV = "equiv"
    HOIST = "hoist"
    SPECULATE = "speculate"
    FREEZE = "freeze"
    LANES = "lanes"  # how a value's lanes relate (seed 002, seed 001's uniform lanes)
    REWRITE = "rewrite"  # a loop rewrite of seed 001 refines the loop
    ALL = "all"  # the command line's every check: a verdict given before any ran (an input none can read)


class DivergenceKind(StrEnum):
    """Where a target's run first departs from the source's."""

    TARGET_UB = "target-ub"
    TRACE = "trace"
    MEMORY = "memory"
    LIVE_OUT = "live-out"


@dataclass
class Divergence:
    """Where the target first departs from the source."""

    kind: DivergenceKind
    summary: str
    instruction: str | None = None
    loc: Loc | None = None
    lane: int | None = None
    iteration: int | None = None
    position: int | None = None  # trace position, memory index


@dataclass
class Counterexample:
    """Concrete inputs and both replayed runs, with where they first differ."""

    inputs: Inputs
    source: Run
    target: Run
    divergence: Divergence
    source_name: str
    target_name: str
    # element width of each target value, so reports can show lanes signed
    target_bits: dict[str, int] = field(default_factory=dict)
    # the target's values that are one lane of a family (Program.lanes): lane tables
    target_lanes: dict[str, tuple[str, int]] = field(default_factory=dict)
    # the source's live-outs the input types as IEEE floats (Program.floats): name -> width
    floats: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, inputs: Inputs, src: Program, tgt: Program, source: Run, target: Run,
           divergence: Divergence) -> Counterexample:
        """The counterexample of two replayed runs, with what reports read of the target."""
        return cls(inputs, source, target, divergence, src.name, tgt.name, value_bits(tgt), dict(tgt.lanes),
                   dict(src.floats))


@dataclass
class PredicateCounterexample:
    """Lane conditions under which a vector predicate differs from what the scalar
    run defines (the freeze check: no program runs, the seed's formulas alone)."""

    conditions: list[list[str]]  # [exit][lane]: "0", "1" or "poison"
    scalar_exit: str  # e.g. "lane 2 by C1", or "no exit in these lanes"
    predicate: str
    lane: int | None
    expected: str
    got: str

    def summary(self) -> str:
        where = f" lane {self.lane}" if self.lane else ""
        return (f"{self.predicate}{where} is {self.got} but the scalar run (leaving at {self.scalar_exit}) "
                f"defines {self.expected}")


@dataclass
class LongerRun:
    """A run of the source past the bound a bounded answer covers, without UB before
    it (the unwinding assertion's witness, replayed): why that answer is not complete."""

    inputs: Inputs
    iterations: int  # the header visits the interpreter counted (at least)
    bound: int  # the bound it goes past


class CoverageKind(StrEnum):
    """Which inputs a verdict's answer speaks for (reports label `coverage` with it)."""

    EVERY_TRIP_COUNT = "every-trip-count"  # an induction (or an argument) covers every trip count
    EVERY_INPUT = "every-input"  # no source loop can run past the bound: bounded is complete
    BOUNDED = "bounded"  # inputs whose source loops run at most max_trip iterations
    REPLAY = "replay"  # a counterexample found by replaying a candidate's inputs
    NONE = "none"  # no answer, or nothing to cover


@dataclass(frozen=True)
class Bounded:
    """Inputs whose source loops run at most `max_trip` iterations (each loop's header
    visits unrolled, per side). `complete`: whether the unwinding assertion made the
    bound cover every input (at `unwound`; None: not asked, False: it did not)."""

    max_trip: int
    source_unrolled: dict[str, int] | None = None
    target_unrolled: dict[str, int] | None = None
    lockstep: int | None = None  # vector iterations checked step by step
    quantified: bool | None = None  # source choices universally quantified
    complete: bool | None = None
    unwound: int | None = None
    accepted_bounded: int | None = None  # a bounded answer the caller accepted as proved (`bounded = N`)


@dataclass(frozen=True)
class EveryTripCount:
    """Every trip count: an induction over one vector iteration (`window` scalar
    iterations, its inductions left free, the scalar remainder loop's iterations too)
    closed; or an `argument` covers the `runs` past the `bounded` check (a rewrite's);
    or the target is its source (`identical`)."""

    window: int | None = None
    inductions_free: bool = False
    remainder: bool = False
    quantified: bool | None = None
    argument: str | None = None
    runs: str | None = None
    identical: bool = False
    bounded: Bounded | None = None


@dataclass(frozen=True)
class NoExtent:
    """No proof's extent: no answer, or a counterexample found by a concrete run."""


Extent = EveryTripCount | Bounded | NoExtent


@dataclass(frozen=True)
class Coverage:
    """What a verdict covers: its `extent` (one of three shapes, each with its own
    fields) and what applies to any of them: where a counterexample was found, why no
    proof for every trip count was made, the operations a proof left uninterpreted,
    the vscales it holds for, and which outer iterations of a nest it is about.
    `kind` names it for reports; `json()` writes it in the schema's flat shape."""

    extent: Extent = NoExtent()
    found_in: str | None = None  # where a counterexample was found (a concrete test, a step)
    why_bounded: str | None = None  # why no proof for every trip count was made
    abstracted: tuple[str, ...] = ()  # operations left uninterpreted in the proof
    vscales: tuple[int, ...] = ()  # scalable vectors: every vscale the answer holds for, each checked on its own
    vscale_range: str | None = None  # ... the function's vscale_range as declared ("no vscale_range" without one)
    outer_loop: str | None = None  # a loop nest: which iterations of its outer loop the answer is about
    in_context: str | None = None  # a function of several loops: which loop, and how the others were taken

    @property
    def kind(self) -> CoverageKind:
        e = self.extent
        if isinstance(e, EveryTripCount):
            return CoverageKind.EVERY_TRIP_COUNT
        if isinstance(e, Bounded):
            return CoverageKind.EVERY_INPUT if e.complete else CoverageKind.BOUNDED
        return CoverageKind.REPLAY if self.found_in else CoverageKind.NONE

    @property
    def unbounded(self) -> bool:
        """Every trip count."""
        return isinstance(self.extent, EveryTripCount)

    @property
    def complete(self) -> bool:
        """A bounded answer the unwinding assertion made cover every input."""
        return isinstance(self.extent, Bounded) and bool(self.extent.complete)

    @property
    def bounded(self) -> Bounded | None:
        """The bounded check's extent (an argument's, beyond every trip count)."""
        e = self.extent
        return e if isinstance(e, Bounded) else e.bounded if isinstance(e, EveryTripCount) else None

    def but(self, **changes: Any) -> Coverage:
        return dataclasses.replace(self, **changes)

    def bounded_but(self, **changes: Any) -> Coverage:
        """This coverage with its bounded extent changed (it must have one)."""
        assert isinstance(self.extent, Bounded)
        return self.but(extent=dataclasses.replace(self.extent, **changes))

    def json(self) -> dict[str, Any]:
        """The schema's flat record: the kind, then every field that is set."""
        out: dict[str, Any] = {"kind": self.kind.value}
        e = self.extent
        if isinstance(e, EveryTripCount):
            out["unbounded"] = True
            out.update(_set_fields(e, skip=("bounded",)))
            if e.bounded is not None:
                out.update({k: v for k, v in _set_fields(e.bounded).items() if k not in out})
        elif isinstance(e, Bounded):
            out.update(_set_fields(e))
        out.update(_set_fields(self, skip=("extent",)))
        return out


def _set_fields(obj: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A dataclass's fields that are set (other than their default), as JSON values."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.name in skip or value == f.default:
            continue
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


@dataclass(frozen=True)
class LaneWitness:
    """A run (its inputs) in which two lanes of one vector iteration break a relation;
    the interpreter has replayed it."""

    inputs: Inputs
    iteration: int  # the vector iteration, from 0
    lanes: tuple[int, int]  # from 0 (shown from 1, as every report numbers lanes)
    values: tuple[int, int]
    bits: int

    def __str__(self) -> str:
        j, k = self.lanes
        a, b = (shown_int(v, self.bits) for v in self.values)
        return f"vector iteration {self.iteration}: lane {j + 1} holds {a}, lane {k + 1} holds {b}"


@dataclass
class Verdict:
    model: str
    check: Check
    verdict: VerdictKind
    seconds: float
    reason: str | None = None
    counterexample: Counterexample | None = None
    vf: int | None = None
    form: str | None = None
    coverage: Coverage = field(default_factory=Coverage)
    subject: str | None = None  # what the check is about, e.g. an exit "C2 (line 13)"
    advice: list[str] = field(default_factory=list)  # what would make it safe, proved or not
    # assumptions stronger than LLVM's semantics the models were read under (ir.Assumption)
    assumptions: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # our name -> the input's (LLVM: v4 -> %4)
    # whether the answer depends on the model's code (the freeze check's reasons about
    # the lane predicates alone: no assumption about memory can weaken it)
    reads_model: bool = True
    # where in the input the verdict is about: the exit's branch, else the loop's header
    loc: Loc | None = None
    # the freeze check's counterexample (lane conditions, not program runs)
    predicates: PredicateCounterexample | None = None
    # a bounded answer's reason not to cover every input (checks/completion.py)
    longer_run: LongerRun | None = None
    # seconds of budget its questions used (smt/budget.py: the same on any machine);
    # None until the check's caller measured it. `seconds` is wall-clock, for reports
    work: float | None = None
    # unknown because a question's wall-clock safety net fired, not its budget: the
    # one answer that may differ between machines (a suite reports a TIMEOUT)
    wall_clock: bool = False
    # a lane relation's counterexample (check lanes): two lanes of one vector iteration
    lanes: LaneWitness | None = None
    # an unknown that turns on an approximation (semantics/ops.approximation_kind): the
    # instruction whose approximations LangRef leaves unbounded, as reports name it
    approximation: str | None = None
    # scalable vectors: the vscale this counterexample or unknown is at (a proof's
    # coverage lists every vscale it holds for: `vscales`)
    vscale: int | None = None

    @property
    def exit_code(self) -> int:
        return self.verdict.exit_code

    def but(self, **changes: Any) -> Verdict:
        """This verdict with `changes` (a check returns a new verdict, never edits one)."""
        return dataclasses.replace(self, **changes)

    def rename_file(self, old: str, new: str) -> None:
        """Every position in `old` now said to be in `new` (a module the tool wrote and
        removes, named as the user knows it: `opt`'s output)."""
        def moved(loc: Loc | None) -> Loc | None:
            return Loc(new, loc.line, loc.col) if loc is not None and loc.file == old else loc

        self.loc = moved(self.loc)
        if self.reason is not None:  # an unsupported construct of that module, say
            self.reason = self.reason.replace(f"{old}:", f"{new}:")
        cx = self.counterexample
        if cx is not None:
            cx.divergence.loc = moved(cx.divergence.loc)
            # a summary names a position too (where a poison was made)
            cx.divergence.summary = cx.divergence.summary.replace(f"{old}:", f"{new}:")
            for run in (cx.source, cx.target):
                if run.ub is not None:
                    run.ub = dataclasses.replace(run.ub, loc=moved(run.ub.loc))


def value_bits(prog: Program) -> dict[str, int]:
    """Each SSA value's element width (for showing lanes as signed numbers)."""
    return {name: elem_of(t).bits for name, t in prog.value_types().items()}


def note_assumptions(verdicts: list[Verdict], *progs: Program | None, names: tuple[str, ...] = ()) -> list[Verdict]:
    """The verdicts, each listing the assumptions its models were read under (and
    `names`, those the user asked for when no model could be read), and showing values
    by the names the input gives them. A proof of a model read under an assumption the
    user did not opt into (Program.unassumed) is unknown, naming the assumption."""
    found, needed, display = _readings(progs)
    found |= set(names)
    out = []
    for v in verdicts:
        v = v.but(assumptions=sorted(found | set(v.assumptions)), names={**display, **v.names})
        if v.verdict is VerdictKind.PROVED and needed and v.reads_model:
            # exact only for the memories an assumption allows: a proof is not one
            v = v.but(verdict=VerdictKind.UNKNOWN, reason=_proved_only_where(needed)
                      + (f" ({v.reason})" if v.reason else ""))
        out.append(v)
    return out


def _readings(progs: tuple[Program | None, ...]) -> tuple[set[str], set[str], dict[str, str]]:
    """The assumptions the programs were read under, those of them the user did not
    opt into (a pair's own, PAIR_READINGS, only where two programs are compared), and
    the names they show values by (the source's win)."""
    found: set[str] = set()
    needed: set[str] = set()
    display: dict[str, str] = {}
    pair = sum(p is not None for p in progs) > 1
    for p in reversed(progs):
        if p is not None:
            found |= {a for a in p.assumptions if pair or a not in PAIR_READINGS}
            needed |= {a for a in p.unassumed if pair or a not in PAIR_READINGS}
            display.update(p.display)
    return found, needed, display


def _proved_only_where(needed: set[str]) -> str:
    """Why a proof under assumptions `needed`, which the user did not opt into, is no
    proof: what they allow, and the options that accept it."""
    what = "; ".join(ASSUMPTION_HELP[Assumption(n)] for n in sorted(needed))
    opt = " ".join(f"--assume {n}" for n in sorted(needed))
    vscale = Assumption.VSCALE_AT_MOST_16.value in needed
    others = "vscales" if needed == {Assumption.VSCALE_AT_MOST_16.value} else \
        "memories and vscales" if vscale else "memories"
    return f"proved only where {what}: LLVM allows other {others}; {opt} accepts the proof"
