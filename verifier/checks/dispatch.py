"""One dispatch of the checks, shared by the command line and proof suites.

A `Request` names one question (a check and its options); `decide` answers it on
programs already read; `answer` reads them with the room a pointer parameter may
need (`param_start.with_room`) and lists the assumptions they were read under.
What the two callers still do differently is a named option here, never a second
copy of the dispatch (the command line also hoists at VF 1, `scalar_hoist`;
suites combine the per-exit verdicts themselves)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

from verifier.analysis.exits import analyse
from verifier.analysis.loops import find_loops
from verifier.checks.added_ub import Limits
from verifier.checks.completion import complete
from verifier.checks.forms import form_equivalence, inductive_equivalence
from verifier.checks.freeze import freeze_invariance
from verifier.checks.lanes import lane_relation
from verifier.checks.legality import hoistability, speculation_safety
from verifier.checks.nested import PEELED, confirmed, iteration_pair, merge_outer, prefix_pair
from verifier.checks.param_start import with_room
from verifier.checks.rewrite import Rewrite, rewrite_obligation
from verifier.checks.translation import equivalence
from verifier.checks.verdict import (
    Check,
    CoverageKind,
    Verdict,
    VerdictKind,
    coverage_kind,
    note_assumptions,
    worst,
)
from verifier.frontend.llvm.scalable import ScalableVectors
from verifier.frontend.unsupported import LLUnsupported, NestedLoops
from verifier.ir.program import Loc, Program
from verifier.semantics.ops import approximated, approximation_site
from verifier.smt.budget import Budget, take_safety_net
from verifier.transforms.outer_iteration import CONTINUES, MARK, NoIteration
from verifier.transforms.reductions import ReductionOrder
from verifier.transforms.vector_loop import Form


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
    form: Form = Form.SIMPLE  # equiv without a target: the generated form
    guards: bool = False  # equiv: add the runtime guards the speculation repair proves
    freeze: bool = True  # speculate, freeze: the vector loop freezes its exit conditions
    repair: bool = False  # speculate: derive the extents and guards that would make it safe
    needed_extents: bool = False  # speculate: also the smallest extents a proved exit's proof needs
    scalar_hoist: bool = False  # hoist: also at VF 1 (the scalar loop's own iterations)
    exit: str | None = None  # hoist, speculate: only exits whose label starts with this
    both_llvm: bool = False  # equiv of a pair read from LLVM IR (.ll) on both sides
    value: str | None = None  # lanes: the value whose relation is asked
    relation: str | None = None  # lanes: the relation claimed (default: the analysis's proposal)
    rewrite: Rewrite = Rewrite.EXIT  # rewrite: which
    force: bool = False  # rewrite: even where the rewrite's conditions fail
    block: str | None = None  # rewrite: the conditional block to rewrite at (default: the first that qualifies)
    # a bounded proof for runs of at least this many iterations is accepted as proved
    # (the suite's `bounded = N`, the command line's --bounded); else a bounded proof
    # is proved only where the unwinding assertion makes it complete, and unknown
    accept_bounded: int | None = None
    reduction: ReductionOrder = ReductionOrder.ORDERED  # equiv: how a generated form vectorizes a reduction

    @property
    def bound(self) -> int:
        """The trip bound that the search for pointers before a parameter's start uses."""
        return self.max_trip or 4 * self.vf


def decide(req: Request, src: Program, tgt: Program | None = None) -> list[Verdict]:
    """The verdicts of `req` on programs read: one for equiv, one per data-dependent
    exit for the legality checks (none when the loop has none). A bounded proof is
    proved only where it covers every input (checks/completion.py)."""
    def deeper(bound: int, budget: Budget) -> list[Verdict]:
        return _decide(dataclasses.replace(req, max_trip=bound, timeout=budget.seconds, scope=Scope.BOUNDED),
                       src, tgt, budget)

    take_safety_net()
    budget = Budget.of(req.timeout)
    vs = _decide(req, src, tgt, budget)
    for v in vs:  # what the check spent, where it did not say per verdict (legality does)
        v.work = budget.spent() if v.work is None else v.work
    out = [_exact_approximations(complete(v, src, req.accept_bounded, req.timeout, deeper), src, tgt) for v in vs]
    if take_safety_net():  # a question was cut by wall-clock time: an unknown may be that
        for v in out:
            v.wall_clock = v.verdict is VerdictKind.UNKNOWN
    return out


def _exact_approximations(v: Verdict, *progs: Program | None) -> Verdict:
    """A counterexample whose runs take an approximation other than the exact result
    (`afn sqrt`, semantics/ops.approximation_kind) is unknown: the solver picked that
    value from all of them, and LangRef does not say which ones the flags allow."""
    cex = v.counterexample
    taken = approximated(cex.inputs.choices) if v.verdict is VerdictKind.COUNTEREXAMPLE and cex else None
    if taken is None:
        return v
    v.verdict, v.counterexample = VerdictKind.UNKNOWN, None
    v.reason = (f"the only runs found to go wrong take a value of {approximation_site(taken, *progs)} other "
                f"than its exact result; LangRef does not bound the approximations those flags allow, so that "
                f"value may be none of them")
    return v


def _decide(req: Request, src: Program, tgt: Program | None, budget: Budget) -> list[Verdict]:
    """decide's verdicts as the checks give them, bounded proofs as they are: a check
    of one verdict spends `budget`; legality gives each exit `req.timeout` of its own,
    and the lane prover each fact."""
    if req.check is Check.EQUIV:
        if tgt is not None:
            return [_every_trip_count(req, equivalence(src, tgt, req.both_llvm, req.max_trip or TRANSLATION_TRIP,
                                                       budget, induction=req.scope is not Scope.BOUNDED))]
        if req.scope is Scope.BOUNDED:
            return [form_equivalence(src, req.vf, req.bound, budget, req.guards, req.form,
                                     order=req.reduction)]
        return [inductive_equivalence(src, req.vf, req.bound, budget, req.guards, req.form,
                                      order=req.reduction,
                                      require_unbounded=req.scope is Scope.UNBOUNDED)]
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


Loader = Callable[[frozenset[str]], tuple[Program, Program | None]]
Guard = Callable[[Request, Program, Callable[[], list[Verdict]]], list[Verdict]]



def _every_trip_count(req: Request, v: Verdict) -> Verdict:
    """A proof that covers only bounded trip counts, where the request wants every
    one (Scope.UNBOUNDED: `unbounded = true`, --unbounded), is unknown, saying why."""
    if req.scope is Scope.UNBOUNDED and v.verdict is VerdictKind.PROVED and not v.coverage.get("unbounded"):
        v.verdict = VerdictKind.UNKNOWN
        v.reason = f"no proof for every trip count: {v.coverage.get('why_bounded', 'bounded only')}"
    return v


def answer(requests: Sequence[Request], load: Loader, first: tuple[Program, Program | None],
           guard: Guard | None = None) -> tuple[list[Verdict], Program, Program | None]:
    """The verdicts of every request on the programs `load` reads (`first`: those it
    read with no room), each verdict listing the assumptions they were read under.
    `guard` wraps each request's work (the command line turns a bug into an unknown)."""

    def all_of(src: Program, tgt: Program | None) -> list[Verdict]:
        out: list[Verdict] = []
        for req in requests:
            step = partial(decide, req, src, tgt)
            out.extend(guard(req, src, step) if guard is not None else step())
        return out

    bound = max((r.bound for r in requests), default=TRANSLATION_TRIP)
    timeout = max((r.timeout for r in requests), default=60.0)
    vs, src, tgt = with_room(lambda room: first if not room else load(room), all_of, bound, timeout)
    note_assumptions(vs, src, tgt)
    here = loop_loc(src)
    for v in vs:
        v.loc = v.loc or here
    return vs, src, tgt


_STRENGTH = [CoverageKind.NONE, CoverageKind.REPLAY, CoverageKind.BOUNDED, CoverageKind.EVERY_INPUT,
             CoverageKind.EVERY_TRIP_COUNT]  # what a proof covers, weakest first
ScalableLoader = Callable[[frozenset[str], int | None], tuple[Program, Program | None]]


def answer_each_vscale(requests: Sequence[Request], load: ScalableLoader,
                       guard: Guard | None = None) -> tuple[list[Verdict], Program, Program | None]:
    """`answer` on the programs `load` reads (at room, vscale). A function with scalable
    vectors is read and answered at every vscale it may run with (frontend/llvm/
    scalable.py), and the answers merged (`merge_vscales`): proved only where every
    vscale is; else the smallest vscale's counterexample, or its unknown. A read that
    fails (LLUnsupported, UserError) is the caller's to report, as for `answer`."""
    try:
        first = load(frozenset(), None)
    except NestedLoops as nl:
        return answer_nested(requests, load, nl, guard)
    except ScalableVectors as sv:
        runs = []
        for vscale in sv.vscales.checked:
            at = partial(_at_vscale, load, vscale)
            vs, src, tgt = answer(requests, at, at(frozenset()), guard)
            runs.append((vscale, vs))
            if vs and all(v.verdict is VerdictKind.COUNTEREXAMPLE for v in vs):
                break  # every answer is refuted at this vscale: larger ones cannot change that
        return merge_vscales(runs, sv.vscales.declared), src, tgt
    return answer(requests, lambda room: load(room, None), first, guard)


def answer_nested(requests: Sequence[Request], load: ScalableLoader, nl: NestedLoops,
                  guard: Guard | None = None) -> tuple[list[Verdict], Program, Program | None]:
    """`answer` for a function whose loops nest (`nl`: as `load` read it), one outer
    iteration at a time (checks/nested.py): on the iteration programs from any outer
    state; where that gives a counterexample, again on whole runs: the first outer
    iteration's programs, then (for a pair) the first 2 and 3 iterations peeled.
    A nest those programs cannot stand for raises LLUnsupported, naming why."""
    def cut(make: Callable[[tuple[Program | None, Program | None]], tuple[Program, Program | None]]) -> Loader:
        """A loader of the programs `make` cuts from those `load` reads."""
        def at(room: frozenset[str]) -> tuple[Program, Program | None]:
            try:
                progs: tuple[Program | None, Program | None] = load(room, None)
            except NestedLoops as again:
                progs = again.programs
            try:
                return make(progs)
            except NoIteration as e:
                raise LLUnsupported(f"{nl.what}: {e}", nl.loc) from None
        return at

    def outlined(first: bool) -> Loader:
        return cut(lambda progs: iteration_pair(progs, first)[0])

    def peeled(k: int) -> Loader:
        return cut(lambda progs: prefix_pair(progs, k))

    try:
        start, outer = iteration_pair(nl.programs, False)
    except NoIteration as e:
        raise LLUnsupported(f"{nl.what}: {e}", nl.loc) from None
    if start[1] is None and len(loops := find_loops(start[0])) > 1:
        # a loop beside the nest stays in the iteration program: translation validation
        # runs it as code before or after, the legality checks take one loop
        at = ", ".join(start[0].display.get(lp.header, lp.header) for lp in loops)
        raise LLUnsupported(f"{nl.what}: loops besides the nest (its outer iteration holds {len(loops)}, at {at}; "
                            "the legality checks take one loop or one loop nest)", nl.loc)
    vs, src, tgt = answer(requests, outlined(False), start, guard)
    shown = src.display.get(outer.header, outer.header)
    found: list[tuple[str, list[Verdict]]] = []
    if any(v.verdict is VerdictKind.COUNTEREXAMPLE for v in vs):
        at_first = outlined(True)
        found.append((f"the first iteration of the outer loop at {shown}, a whole run (the event "
                      f"{MARK}() marks where the iteration starts; {CONTINUES} = 0: the run leaves the loop)",
                      answer(requests, at_first, at_first(frozenset()), guard)[0]))
        for k in PEELED if tgt is not None else ():
            if all(v.verdict is not VerdictKind.COUNTEREXAMPLE or confirmed(k_, found) for k_, v in enumerate(vs)):
                break
            # a bug of a later outer iteration: runs that leave the loop within k of them
            bounded = [dataclasses.replace(r, scope=Scope.BOUNDED, accept_bounded=1) for r in requests]
            at_k = peeled(k)
            try:
                found.append((f"the first {k} iterations of the outer loop at {shown}, a whole run (each "
                              f"iteration a copy of the loop's blocks: {shown}.o1 is the second's)",
                              answer(bounded, at_k, at_k(frozenset()), guard)[0]))
            except LLUnsupported:
                break
    return merge_outer(vs, found, shown, outer.states()), src, tgt


def _at_vscale(load: ScalableLoader, vscale: int, room: frozenset[str]) -> tuple[Program, Program | None]:
    return load(room, vscale)


def merge_vscales(runs: list[tuple[int, list[Verdict]]], declared: str) -> list[Verdict]:
    """One verdict per question from the verdicts at each vscale (`runs`, in increasing
    vscale; the same questions at each): the first counterexample, else the first
    unknown, each naming its vscale; else a proof covering every vscale, with the
    weakest coverage among them (a bounded one if any is)."""
    out = []
    for k in range(max(len(vs) for _, vs in runs)):
        missing = [vscale for vscale, vs in runs if k >= len(vs)]
        if missing:  # the same function at each vscale asks the same questions; if not, no answer
            like = next(vs[k] for _, vs in runs if k < len(vs))
            out.append(dataclasses.replace(like, verdict=VerdictKind.UNKNOWN, counterexample=None, vscale=missing[0],
                                           reason=f"not answered at vscale {missing[0]} (its reading asked other "
                                                  "questions)"))
            continue
        at = [(vscale, vs[k]) for vscale, vs in runs]
        kind = worst(v.verdict for _, v in at)
        found = next(((vscale, v) for vscale, v in at if v.verdict is kind), None) \
            if kind is not VerdictKind.PROVED else None
        if found is not None:
            if kind is VerdictKind.UNKNOWN and all(v.reason == found[1].reason for _, v in at):
                # the same at every vscale (a missing --assume): no one vscale to name
                found[1].coverage.update({"vscales": [vscale for vscale, _ in at], "vscale_range": declared})
            else:
                found[1].vscale = found[0]
        if found is None:
            found = min(at, key=lambda a: _STRENGTH.index(coverage_kind(a[1].coverage)))
            found[1].coverage.update({"vscales": [vscale for vscale, _ in at], "vscale_range": declared})
        v = found[1]
        v.seconds = sum(w.seconds for _, w in at)
        v.work = sum(w.work or 0.0 for _, w in at)
        v.wall_clock = v.wall_clock and v.verdict is VerdictKind.UNKNOWN
        out.append(v)
    return out


def loop_loc(prog: Program) -> Loc | None:
    """Where the first loop of `prog` starts in its input (its header's first located
    phi, instruction or branch), so reports can point at it; None without a loop."""
    loops = find_loops(prog)
    if not loops:
        return None
    b = prog.blocks[loops[0].header]
    locs: list[Loc | None] = [ph.loc for ph in b.phis] + [i.loc for i in b.instrs] + [getattr(b.term, "loc", None)]
    return next((loc for loc in locs if loc is not None), None)
