"""The driver: from what the front end read to one verdict per question, for every
command and proof suites alike.

A reader gives what a function is (frontend/read.py) at a given room and vscale;
`answer` fans out over what it finds and merges:
- scalable vectors: read and answered at every vscale the function may run with
  (`merge_vscales`: proved only where every vscale is, else the smallest vscale's
  counterexample, or its unknown);
- several outermost loops (legality checks): each loop answered on the program of
  it in its context (transforms/in_context.py, checks/in_context.py), the verdicts
  of all of them together;
- a loop nest: answered one outer iteration at a time (checks/nested.py), with
  whole runs of the first outer iterations where that gives a counterexample;
- programs: answered by checks/dispatch.decide, first with every pointer parameter
  at its object's start, again with room before those a run may go before
  (checks/param_start.py); each verdict lists the assumptions they were read under.
A read that fails (LLUnsupported, UserError) is the caller's to report."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import NamedTuple, TypeGuard

from verifier.analysis.loops import LoopShapeError, NestedLoop, find_loops
from verifier.checks.dispatch import TRANSLATION_TRIP, Request, Scope, decide, stated_seconds
from verifier.checks.in_context import in_context
from verifier.checks.nested import PEELED, confirmed, iteration_pair, merge_outer, prefix_pair
from verifier.checks.param_start import guard_proofs, room_needed
from verifier.checks.verdict import (
    Check,
    CoverageKind,
    Verdict,
    VerdictKind,
    note_assumptions,
    worst,
)
from verifier.frontend.read import LoopNest, Programs, Read, Scalable, programs_of
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Loc, Program
from verifier.smt.budget import deadline
from verifier.transforms.in_context import NoContext, loop_in_context, outermost_headers
from verifier.transforms.outer_iteration import CONTINUES, MARK, NoIteration, OuterLoop

Pair = tuple[Program, Program | None]
Reader = Callable[[frozenset[str], int | None], Read]  # (room, vscale) -> what the function is there
Loader = Callable[[frozenset[str]], Pair]  # room -> the programs to answer on
Guard = Callable[[Request, Program, Callable[[], list[Verdict]]], list[Verdict]]


class Answer(NamedTuple):
    """The verdicts, and the programs they were answered on (the last ones read)."""

    verdicts: list[Verdict]
    source: Program
    target: Program | None


def answer(requests: Sequence[Request], read: Reader, guard: Guard | None = None, first: Read | None = None) -> Answer:
    """The verdicts of every request on what `read` gives (module docstring; `first`:
    what it gave at no room and no vscale, where the caller read that already).
    `guard` wraps each request's work (the command line turns a bug into an unknown)."""
    return _answer_read(requests, read, read(frozenset(), None) if first is None else first, None, guard)


def _answer_read(requests: Sequence[Request], read: Reader, first: Read, vscale: int | None,
                 guard: Guard | None) -> Answer:
    """`answer` on `first`, which `read` gave at no room and `vscale`."""
    if isinstance(first, Scalable):
        if vscale is not None:  # a reader that ignores the vscale it is given
            raise LLUnsupported("scalable vectors read again at a chosen vscale", first.loc)
        return _each_vscale(requests, read, first, guard)
    if _several_loops(first, requests):
        return _each_loop(requests, read, first.source, vscale, guard)
    if isinstance(first, LoopNest):
        return _nested(requests, read, first, vscale, guard)
    return answer_programs(requests, lambda room: programs_of(read(room, vscale)), first.pair, guard)


LEGALITY = frozenset({Check.HOIST, Check.SPECULATE, Check.FREEZE})  # the checks asked of one loop at a time


def _several_loops(first: Read, requests: Sequence[Request]) -> TypeGuard[Programs | LoopNest]:
    """Whether `first` is one LLVM function (no pair) with several outermost loops
    and every request a legality check, which is asked of each loop in its context."""
    if isinstance(first, Scalable) or first.target is not None or not requests:
        return False
    if Path(first.source.file).suffix != ".ll":
        return False  # (a model has one loop: the language says so, and its checks raise the usage error)
    if any(r.check not in LEGALITY for r in requests):
        return False
    try:
        return len(outermost_headers(first.source)) > 1
    except LoopShapeError:
        return False  # (irreducible: the reading says so where it is answered)


def _each_loop(requests: Sequence[Request], read: Reader, whole: Program, vscale: int | None,
               guard: Guard | None) -> Answer:
    """`answer` for each outermost loop of `whole` on the program of it in its
    context, read alike at every room (checks/in_context.py says what stands)."""
    out: list[Verdict] = []
    latest = {"whole": whole}  # the function as last read (at the room the verdicts were answered with)
    for header in outermost_headers(whole):
        def sliced(room: frozenset[str], at: int | None, header: str = header) -> Read:
            r = read(room, at)
            latest["whole"] = programs_of(r)[0]
            return _in_context(r, header)

        try:
            found = _answer_read(requests, sliced, sliced(frozenset(), vscale), vscale, guard)
        except LLUnsupported as u:
            shown = whole.display.get(header, header)
            out += [Verdict(whole.name, r.check, VerdictKind.UNKNOWN, 0.0, vf=r.vf, reason=f"the loop at {shown}: {u}",
                            loc=_header_loc(whole, header)) for r in requests]
            continue
        ctx = loop_in_context(latest["whole"], header)
        out += [in_context(v, ctx, latest["whole"]) for v in found.verdicts]
    return Answer(out, whole, None)


def _in_context(read: Read, header: str) -> Read:
    """The read of the loop at `header` in its context: programs, or a nest where it
    holds loops; a loop beside it that cannot be taken out is unsupported, named."""
    src = programs_of(read)[0]
    try:
        prog = loop_in_context(src, header).program
    except NoContext as e:
        raise LLUnsupported(str(e), _header_loc(src, header)) from None
    try:
        find_loops(prog)
    except NestedLoop as e:
        return LoopNest(f"{e.what} (at block {prog.display.get(e.block or '', e.block)})", _header_loc(prog, header),
                        prog)
    return Programs(prog)


def _header_loc(prog: Program, header: str) -> Loc | None:
    """Where a loop's header is in the input (its first phi or instruction with a place)."""
    b = prog.blocks.get(header)
    return next((x.loc for x in b.phis + b.instrs if x.loc is not None), None) if b is not None else None


def answer_programs(requests: Sequence[Request], load: Loader, first: Pair, guard: Guard | None = None) -> Answer:
    """The verdicts of every request on the programs `load` reads (`first`: those it
    read with no room): with room before the pointer parameters a run may go before,
    where one may (checks/param_start.py), each verdict listing the assumptions they
    were read under and pointing at the loop where the check does not say where."""

    def all_of(src: Program, tgt: Program | None) -> list[Verdict]:
        out: list[Verdict] = []
        for req in requests:
            step = partial(decide, req, src, tgt)
            out.extend(guard(req, src, step) if guard is not None else step())
        return out

    bound = max((r.bound for r in requests), default=TRANSLATION_TRIP)
    timeout = max((r.timeout for r in requests), default=60.0)
    # the whole answer, room and all, within the net of what its requests state
    stated = [stated_seconds(r, first[0]) for r in requests]
    with deadline(sum(x for x in stated if x is not None)) if stated and None not in stated \
            else contextlib.nullcontext():
        vs, src, tgt = _with_room(load, first, all_of, bound, timeout)
    here = loop_loc(src)
    return Answer([v.but(loc=v.loc or here) for v in note_assumptions(vs, src, tgt)], src, tgt)


def _with_room(load: Loader, first: Pair, all_of: Callable[[Program, Program | None], list[Verdict]],
               max_trip: int, timeout: float) -> tuple[list[Verdict], Program, Program | None]:
    """The verdicts on `first`; where a run may form a pointer before a parameter's
    start, on the programs read again with room before those (`load`), the first
    attempt's time counted in theirs. Room a model cannot give leaves the first."""
    src, tgt = first
    vs = all_of(src, tgt)
    vs, need = room_needed(src, vs, max_trip, timeout)
    if not need:
        return vs, src, tgt
    spent = sum(v.seconds for v in vs)
    try:
        src2, tgt2 = load(need)
    except LLUnsupported:
        return vs, src, tgt
    vs2, _ = guard_proofs(src2, all_of(src2, tgt2), max_trip, timeout)
    return [v.but(seconds=v.seconds + spent / len(vs2)) for v in vs2], src2, tgt2


def _each_vscale(requests: Sequence[Request], read: Reader, scalable: Scalable, guard: Guard | None) -> Answer:
    """`answer` at every vscale the function may run with, merged (merge_vscales);
    vscales after one that refutes every answer are not read (larger ones cannot
    change that verdict)."""
    runs: list[tuple[int, list[Verdict]]] = []
    last: Answer | None = None
    for vscale in scalable.vscales.checked:
        last = _answer_read(requests, read, read(frozenset(), vscale), vscale, guard)
        runs.append((vscale, last.verdicts))
        if last.verdicts and all(v.verdict is VerdictKind.COUNTEREXAMPLE for v in last.verdicts):
            break
    assert last is not None  # a range holds at least one vscale
    merged = merge_vscales(runs, scalable.vscales.declared)
    return Answer([_narrowed(v, scalable) for v in merged], last.source, last.target)


def _narrowed(v: Verdict, scalable: Scalable) -> Verdict:
    """`v`, saying so where its counterexample is at a vscale the source may run with
    and the target's own vscale_range excludes (a target may not assume that range)."""
    theirs = scalable.target_vscales
    if v.verdict is not VerdictKind.COUNTEREXAMPLE or theirs is None or v.vscale is None \
            or v.vscale in theirs.checked:
        return v
    return v.but(advice=[*v.advice, (
        f"vscale {v.vscale} is one the source may run with ({scalable.vscales.declared}) and the target's "
        f"{theirs.declared} excludes: the target assumes a vscale its source does not promise. If both run "
        f"on the same machine, give the source the same vscale_range (compile both for the same target "
        f"features), and the pair is checked at those vscales")])


def _nested(requests: Sequence[Request], read: Reader, nest: LoopNest, vscale: int | None,
            guard: Guard | None) -> Answer:
    """`answer` for a function whose loops nest, one outer iteration at a time
    (checks/nested.py): on the iteration programs from any outer state; where that
    gives a counterexample, again on whole runs: the first outer iteration's programs,
    then (for a pair) the first 2 and 3 iterations peeled. A nest those programs
    cannot stand for raises LLUnsupported, naming why."""
    def cut(make: Callable[[Pair], Pair]) -> Loader:
        """A loader of the programs `make` cuts from those `read` gives at a room."""
        def at(room: frozenset[str]) -> Pair:
            try:
                return make(programs_of(read(room, vscale)))
            except (NoIteration, LoopShapeError) as e:
                raise LLUnsupported(f"{nest.what}: {e}", nest.loc) from None
        return at

    def outlined(first: bool) -> Loader:
        return cut(lambda progs: iteration_pair(progs, first)[0])

    try:
        start, outer = iteration_pair(nest.pair, False)
    except (NoIteration, LoopShapeError) as e:  # (irreducible control flow inside the nest)
        raise LLUnsupported(f"{nest.what}: {e}", nest.loc) from None
    if start[1] is None and all(r.check in LEGALITY for r in requests) and _loop_count(start[0]) > 1:
        return _inner_loops(requests, cut, start[0], outer, guard)
    if start[1] is None:
        _no_loop_beside(nest, start[0])
    vs, src, tgt = answer_programs(requests, outlined(False), start, guard)
    shown = src.display.get(outer.header, outer.header)
    found: list[tuple[str, list[Verdict]]] = []
    if any(v.verdict is VerdictKind.COUNTEREXAMPLE for v in vs):
        at_first = outlined(True)
        found.append((f"the first iteration of the outer loop at {shown}, a whole run (the event "
                      f"{MARK}() marks where the iteration starts; {CONTINUES} = 0: the run leaves the loop)",
                      answer_programs(requests, at_first, at_first(frozenset()), guard).verdicts))
        if tgt is not None:
            found += _peeled(requests, vs, found, cut, shown, guard)
    return Answer(merge_outer(vs, found, shown, outer.states()), src, tgt)


def _loop_count(prog: Program) -> int:
    """How many loops `prog` has one after another (1 where they nest or are
    irreducible: the reading that takes it says so)."""
    try:
        return len(find_loops(prog))
    except LoopShapeError:
        return 1


def _inner_loops(requests: Sequence[Request], cut: Callable[[Callable[[Pair], Pair]], Loader], iteration: Program,
                 outer: OuterLoop, guard: Guard | None) -> Answer:
    """`_nested`'s answer where one outer iteration holds several loops (a find, then a
    loop verifying what it found: std::search_n): each in its context within the
    iteration program (checks/in_context.py), from any outer state and, where that
    gives a counterexample, in the first outer iteration (checks/nested.py)."""
    shown = iteration.display.get(outer.header, outer.header)
    out: list[Verdict] = []
    for header in outermost_headers(iteration):
        def asked(first: bool, header: str = header) -> list[Verdict]:
            latest: dict[str, Program] = {}

            def make(progs: Pair) -> Pair:
                latest["whole"] = iteration_pair(progs, first)[0][0]
                try:
                    return loop_in_context(latest["whole"], header).program, None
                except NoContext as e:
                    raise LLUnsupported(str(e), _header_loc(latest["whole"], header)) from None

            load = cut(make)
            vs = answer_programs(requests, load, load(frozenset()), guard).verdicts
            return [in_context(v, loop_in_context(latest["whole"], header), latest["whole"]) for v in vs]

        vs = asked(False)
        found: list[tuple[str, list[Verdict]]] = []
        if any(v.verdict is VerdictKind.COUNTEREXAMPLE for v in vs):
            found.append((f"the first iteration of the outer loop at {shown}, a whole run", asked(True)))
        out += merge_outer(vs, found, shown, outer.states())
    return Answer(out, iteration, None)


def _no_loop_beside(nest: LoopNest, iteration: Program) -> None:
    """A loop beside the nest stays in the iteration program: translation validation
    runs it as code before or after, the legality checks take one loop."""
    loops = find_loops(iteration)
    if len(loops) > 1:
        at = ", ".join(iteration.display.get(lp.header, lp.header) for lp in loops)
        raise LLUnsupported(f"{nest.what}: loops besides the nest (its outer iteration holds {len(loops)}, at {at}; "
                            "the legality checks take one loop or one loop nest)", nest.loc)


def _peeled(requests: Sequence[Request], vs: list[Verdict], found: list[tuple[str, list[Verdict]]],
            cut: Callable[[Callable[[Pair], Pair]], Loader], shown: str,
            guard: Guard | None) -> list[tuple[str, list[Verdict]]]:
    """A pair's counterexamples of a later outer iteration: runs that leave the loop
    within k of them, for each k of PEELED until every counterexample of `vs` is
    confirmed by a whole run (`found` and those before)."""
    more: list[tuple[str, list[Verdict]]] = []
    bounded = [dataclasses.replace(r, scope=Scope.BOUNDED, accept_bounded=1) for r in requests]
    for k in PEELED:
        if all(v.verdict is not VerdictKind.COUNTEREXAMPLE or confirmed(j, found + more) for j, v in enumerate(vs)):
            break
        at_k = cut(partial(prefix_pair, k=k))
        try:
            more.append((f"the first {k} iterations of the outer loop at {shown}, a whole run (each iteration a "
                         f"copy of the loop's blocks: {shown}.o1 is the second's)",
                         answer_programs(bounded, at_k, at_k(frozenset()), guard).verdicts))
        except LLUnsupported:
            break
    return more


_STRENGTH = [CoverageKind.NONE, CoverageKind.REPLAY, CoverageKind.BOUNDED, CoverageKind.EVERY_INPUT,
             CoverageKind.EVERY_TRIP_COUNT]  # what a proof covers, weakest first


def merge_vscales(runs: list[tuple[int, list[Verdict]]], declared: str) -> list[Verdict]:
    """One verdict per question from the verdicts at each vscale (`runs`, in increasing
    vscale; the same questions at each): the first counterexample, else the first
    unknown, each naming its vscale; else a proof covering every vscale, with the
    weakest coverage among them (a bounded one if any is)."""
    out = []
    for k in range(max(len(vs) for _, vs in runs)):
        missing = [vscale for vscale, vs in runs if k >= len(vs)]
        if missing:  # the same function at each vscale asks the same questions; if not, no answer
            out.append(_unanswered(next(vs[k] for _, vs in runs if k < len(vs)), missing[0]))
            continue
        out.append(_merged([(vscale, vs[k]) for vscale, vs in runs], declared))
    return out


def _unanswered(like: Verdict, vscale: int) -> Verdict:
    """An unknown for a question the reading at `vscale` did not ask (`like`: its verdict elsewhere)."""
    return like.but(verdict=VerdictKind.UNKNOWN, counterexample=None, vscale=vscale,
                    reason=f"not answered at vscale {vscale} (its reading asked other questions)")


def _merged(at: list[tuple[int, Verdict]], declared: str) -> Verdict:
    """One question's verdict from its verdicts at each vscale (merge_vscales), with the
    time and work of them all."""
    v = _chosen(at, declared)
    return v.but(seconds=sum(w.seconds for _, w in at), work=sum(w.work or 0.0 for _, w in at),
                 wall_clock=v.wall_clock and v.verdict is VerdictKind.UNKNOWN)


def _chosen(at: list[tuple[int, Verdict]], declared: str) -> Verdict:
    """The verdict that stands for all of `at`: the first of the worst kind, naming its
    vscale; a proof with the weakest coverage, covering every vscale."""
    kind = worst(v.verdict for _, v in at)
    every = tuple(vscale for vscale, _ in at)
    if kind is VerdictKind.PROVED:
        v = min((w for _, w in at), key=lambda w: _STRENGTH.index(w.coverage.kind))
        return v.but(coverage=v.coverage.but(vscales=every, vscale_range=declared))
    vscale, v = next((vscale, v) for vscale, v in at if v.verdict is kind)
    if kind is VerdictKind.UNKNOWN and all(w.reason == v.reason for _, w in at):
        # the same at every vscale (a missing --assume): no one vscale to name
        return v.but(coverage=v.coverage.but(vscales=every, vscale_range=declared))
    return v.but(vscale=vscale)


def loop_loc(prog: Program) -> Loc | None:
    """Where the first loop of `prog` starts in its input (its header's first located
    phi, instruction or branch), so reports can point at it; None without a loop."""
    loops = find_loops(prog)
    if not loops:
        return None
    b = prog.blocks[loops[0].header]
    locs: list[Loc | None] = [ph.loc for ph in b.phis] + [i.loc for i in b.instrs] + [getattr(b.term, "loc", None)]
    return next((loc for loc in locs if loc is not None), None)


__all__ = ["Answer", "Reader", "answer", "answer_programs", "loop_loc", "merge_vscales"]
