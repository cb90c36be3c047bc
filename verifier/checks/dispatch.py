"""One dispatch of the checks, shared by every command and proof suites.

A `Request` names one question (a check and its options); `decide` answers it on
programs already read. Reading them (with the room a pointer parameter may need, at
each vscale, one outer iteration of a nest at a time) is the driver's
(verifier/driver.py). What callers do differently is a named option here, never a
second copy of the dispatch (the command line also hoists at VF 1, `scalar_hoist`;
suites combine the per-exit verdicts themselves)."""

from __future__ import annotations

import contextlib
import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from verifier.analysis.exits import analyse
from verifier.analysis.loops import LoopShapeError, dead_loop_headers, find_loops
from verifier.checks.added_ub import Limits
from verifier.checks.completion import complete
from verifier.checks.freeze import freeze_invariance
from verifier.checks.lanes import lane_relation
from verifier.checks.legality import hoistability, speculation_safety
from verifier.checks.rewrite import Rewrite, rewrite_obligation
from verifier.checks.translation import equivalence
from verifier.checks.verdict import (
    Check,
    Coverage,
    EveryTripCount,
    Verdict,
    VerdictKind,
)
from verifier.ir.program import Program
from verifier.semantics.lane_ops import approximated, approximation_site
from verifier.smt.budget import Budget, deadline, take_safety_net
from verifier.transforms.vector_loop import Form, ReductionOrder


class Scope(StrEnum):
    """Which trip counts a proof must cover: all of them if the induction closes and
    else up to the bound (DEFAULT), all of them or unknown (UNBOUNDED), or only up to
    the bound (BOUNDED)."""

    DEFAULT = "default"
    UNBOUNDED = "unbounded"
    BOUNDED = "bounded"


TRANSLATION_TRIP = 16  # a pair of programs: the source's trip bound unless one is given


@dataclass(frozen=True)
class Request:
    """One question about a loop (and, for equiv, a target read beside it)."""

    check: Check
    vf: int = 4
    max_trip: int | None = None  # None: the check's own default (equiv 4*VF, legality 2*VF)
    timeout: float = 60.0
    scope: Scope = Scope.DEFAULT
    form: Form = Form.SIMPLE  # equiv without a target: the emitted form (verifier/pairs.py)
    guards: bool = False  # equiv without a target: the simple form's runtime guards
    freeze: bool = True  # speculate, freeze: the vector loop freezes its exit conditions
    repair: bool = False  # speculate: derive the extents and guards that would make it safe
    needed_extents: bool = False  # speculate: also the smallest extents a proved exit's proof needs
    scalar_hoist: bool = False  # hoist: also at VF 1 (the scalar loop's own iterations)
    exit: str | None = None  # hoist, speculate: only exits whose label starts with this
    both_llvm: bool = False  # equiv of a pair whose target is LLVM IR: translation validation (checks/translation.py)
    value: str | None = None  # lanes: the value whose relation is asked
    relation: str | None = None  # lanes: the relation claimed (default: the analysis's proposal)
    rewrite: Rewrite = Rewrite.EXIT  # rewrite: which
    force: bool = False  # rewrite: even where the rewrite's conditions fail
    block: str | None = None  # rewrite: the conditional block to rewrite at (default: the first that qualifies)
    # a bounded proof for runs of at least this many iterations is accepted as proved
    # (the suite's `bounded = N`, the command line's --bounded); else a bounded proof
    # is proved only where the unwinding assertion makes it complete, and unknown
    accept_bounded: int | None = None
    reduction: ReductionOrder = ReductionOrder.ORDERED  # equiv without a target: how the form vectorizes a reduction

    @property
    def bound(self) -> int:
        """The trip bound that the search for pointers before a parameter's start uses."""
        return self.max_trip or 4 * self.vf


ONE_VERDICT = frozenset({Check.EQUIV, Check.REWRITE, Check.FREEZE})  # checks whose request is one verdict


def decide(req: Request, src: Program, tgt: Program | None = None) -> list[Verdict]:
    """The verdicts of `req` on programs read: one for equiv, one per data-dependent
    exit for the legality checks (none when the loop has none). A bounded proof is
    proved only where it covers every input (checks/completion.py)."""
    def deeper(bound: int, budget: Budget) -> list[Verdict]:
        return _decide(dataclasses.replace(req, max_trip=bound, timeout=budget.seconds, scope=Scope.BOUNDED),
                       src, tgt, budget)

    dead = _dead_loop(req, src)
    if dead is not None:
        return [dead]
    take_safety_net()
    budget = Budget.of(req.timeout)
    # the whole request stops by wall-clock time too (smt/budget.deadline): a check of
    # one verdict after its timeout's net, the legality checks after that of their
    # timeout times their exits (each exit has a timeout of its own); the lane prover's
    # facts each have their own timeout
    with _wall_net(req, src):
        # what the check spent, where it did not say per verdict (legality does)
        vs = [v.but(work=budget.spent()) if v.work is None else v for v in _decide(req, src, tgt, budget)]
        out = [_exact_approximations(complete(v, src, req.accept_bounded, req.timeout, deeper), src, tgt)
               for v in vs]
    if take_safety_net():  # a question was cut by wall-clock time: an unknown may be that
        return [v.but(wall_clock=v.verdict is VerdictKind.UNKNOWN) for v in out]
    return out


def _dead_loop(req: Request, src: Program) -> Verdict | None:
    """A legality check of a function whose only loop is dead code (no path from the
    entry reaches it): proved, for every input, since no run executes it."""
    if req.check in (Check.EQUIV, Check.REWRITE, Check.LANES) or find_loops(src):
        return None
    headers = dead_loop_headers(src)
    if not headers:
        return None
    b = src.blocks[headers[0]]
    loc = next((x.loc for x in b.phis if x.loc is not None), None) or \
        next((x.loc for x in b.instrs if x.loc is not None), getattr(b.term, "loc", None))
    why = "the loop is dead code: no path from the function's entry reaches it, so no run executes it"
    return Verdict(src.name, req.check, VerdictKind.PROVED, 0.0, vf=req.vf, loc=loc,
                   coverage=Coverage(EveryTripCount(argument=why)))


def _wall_net(req: Request, src: Program) -> contextlib.AbstractContextManager[None]:
    """The wall-clock net of the whole request (decide)."""
    seconds = stated_seconds(req, src)
    return contextlib.nullcontext() if seconds is None else deadline(seconds)


def stated_seconds(req: Request, src: Program) -> float | None:
    """The seconds a request may take by what it states: its timeout for a check of
    one verdict, times the data-dependent exits for the legality checks (each exit has
    the timeout of its own; hoist at VF 1 too, twice); None where the question says no
    total (the lane prover's facts each have their own timeout)."""
    if req.check in ONE_VERDICT:
        return req.timeout
    if req.check not in (Check.HOIST, Check.SPECULATE):
        return None
    if not find_loops(src):  # (a dead loop is answered at once: _dead_loop)
        return req.timeout
    try:
        exits = len(analyse(src).data_dependent)
    except LoopShapeError:  # the check itself says why it cannot read the loop
        return None
    phases = 2 if req.check is Check.HOIST and req.scalar_hoist else 1
    return req.timeout * max(1, exits) * phases


def _exact_approximations(v: Verdict, *progs: Program | None) -> Verdict:
    """A counterexample whose runs take an approximation other than the exact result
    (`afn sqrt`, semantics/ops.approximation_kind) is unknown: the solver picked that
    value from all of them, and LangRef does not say which ones the flags allow."""
    cex = v.counterexample
    taken = approximated(cex.inputs.choices) if v.verdict is VerdictKind.COUNTEREXAMPLE and cex else None
    if taken is None:
        return v
    return v.but(verdict=VerdictKind.UNKNOWN, counterexample=None,
                 reason=f"the only runs found to go wrong take a value of {approximation_site(taken, *progs)} other "
                        f"than its exact result; LangRef does not bound the approximations those flags allow, so "
                        f"that value may be none of them")


def _decide(req: Request, src: Program, tgt: Program | None, budget: Budget) -> list[Verdict]:
    """decide's verdicts as the checks give them, bounded proofs as they are: a check
    of one verdict spends `budget`; legality gives each exit `req.timeout` of its own,
    and the lane prover each fact."""
    if req.check is Check.EQUIV:
        if tgt is None:  # (the form is emitted, then checked as a pair: verifier/pairs.form_verdict)
            raise ValueError("equiv without a target: ask verifier.pairs.form_verdict, which emits the form")
        return [_every_trip_count(req, equivalence(src, tgt, req.both_llvm, req.max_trip or TRANSLATION_TRIP,
                                                   budget, induction=req.scope is not Scope.BOUNDED))]
    if req.check is Check.LANES:
        return [lane_relation(src, req.vf, req.value or "", req.relation, req.timeout)]
    if req.check is Check.REWRITE:
        return [_every_trip_count(req, rewrite_obligation(src, req.rewrite, req.force, req.max_trip or 8,
                                                          budget, req.block))]
    if req.check is Check.FREEZE:
        k = len(analyse(src).data_dependent)
        return [freeze_invariance(k, req.vf, budget, "seed" if req.freeze else "nofreeze", src.name)] if k else []
    limits = Limits(req.max_trip, req.timeout, inductive=req.scope is not Scope.BOUNDED)
    if req.check is Check.HOIST:
        vfs = sorted({1, req.vf}) if req.scalar_hoist else [req.vf]
        vs = [v for vf in vfs for v in hoistability(src, vf, limits)]
    else:
        vs = speculation_safety(src, req.vf, limits, freeze=req.freeze, repair=req.repair,
                                needed_extents=req.needed_extents)
    if req.exit is not None:
        vs = [v for v in vs if (v.subject or "").startswith(req.exit)]
    return vs


def _every_trip_count(req: Request, v: Verdict) -> Verdict:
    """A proof that covers only bounded trip counts, where the request wants every
    one (Scope.UNBOUNDED: `unbounded = true`, --unbounded), is unknown, saying why."""
    if req.scope is Scope.UNBOUNDED and v.verdict is VerdictKind.PROVED and not v.coverage.unbounded:
        return v.but(verdict=VerdictKind.UNKNOWN,
                     reason=f"no proof for every trip count: {v.coverage.why_bounded or 'bounded only'}")
    return v
