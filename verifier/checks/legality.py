"""Legality checks of seed 000: hoistability and speculation safety, one verdict per
data-dependent exit. Each builds a harness (transforms/harness.py), the loop plus
the exit's slice evaluated early, and asks whether the harness adds UB
(checks/added_ub.py): first for every trip count by one vector iteration from any
state the loop can be in at a vector iteration's start (transforms/window.py),
else for runs up to a bound from the real start. Counterexamples are replayed by
the interpreter from the real start before they are shown."""

from __future__ import annotations

from collections.abc import Callable

from verifier.analysis.exits import Exit, analyse
from verifier.checks.added_ub import Limits, harness_verdict
from verifier.checks.repair import extent_requirements, guard_repair
from verifier.checks.shares import REPAIR_SHARE
from verifier.checks.verdict import Check, Verdict, VerdictKind
from verifier.ir.printer import instr as instr_text
from verifier.ir.program import Branch, Instr, Loc, Program, sharing
from verifier.semantics.ops import UBKind
from verifier.smt.budget import Budget, Stopwatch
from verifier.transforms.harness import Harness, hoist_harness, speculation_harness
from verifier.transforms.lanes import Unsupported

__all__ = ["Limits", "hoistability", "speculation_safety"]



def speculation_safety(prog: Program, vf: int, limits: Limits = Limits(), freeze: bool = True,
                       repair: bool = False, needed_extents: bool = False) -> list[Verdict]:
    """Per data-dependent exit: does evaluating its slice for VF lanes at the vector
    iteration's start add immediate UB (frozen conditions, or branched on unfrozen)?
    With `repair`, failures come with the extents and runtime guards that fix them;
    with `needed_extents`, proved exits too with the smallest extents their proof
    needs (a question of its own, several bounded checks: nothing is broken there)."""
    out = []
    for e, v, h in _per_exit(prog, Check.SPECULATE, vf, limits,
                             lambda e: speculation_harness(prog, vf, (e.index,), freeze=freeze)):
        sw = Stopwatch()
        # the verdict's budget covers its repair: what the check left of it, and a
        # share of it at least (a repair's questions are bounded checks of their own)
        budget = Budget.of(max(REPAIR_SHARE * limits.timeout, limits.timeout - (v.work or 0.0)))
        advice = list(v.advice)
        if (repair and v.verdict is VerdictKind.COUNTEREXAMPLE) or (needed_extents and v.verdict is VerdictKind.PROVED):
            advice = extent_requirements(prog, e, vf, limits, freeze, checked=v, budget=budget)
        if repair and v.verdict is VerdictKind.COUNTEREXAMPLE and h is not None:
            advice.append(guard_repair(prog, e, vf, v, h, limits, freeze, budget=budget).advice)
        # the verdict's time is all of its work
        out.append(v.but(advice=advice, seconds=v.seconds + sw(), work=(v.work or 0.0) + budget.spent()))
    return out


def hoistability(prog: Program, vf: int = 1, limits: Limits = Limits()) -> list[Verdict]:
    """Per data-dependent exit: does its slice, evaluated at the start of the (vector)
    iteration, give the value the loop computes at the exit whenever it gets there?"""
    le = analyse(prog)
    out = []
    for e, v, _ in _per_exit(prog, Check.HOIST, vf, limits, lambda e: hoist_harness(prog, vf, (e.index,))):
        if v.verdict is VerdictKind.COUNTEREXAMPLE and v.counterexample is not None:
            writers = _writers_before(prog, e, le.instrs)
            if writers:
                v.counterexample.divergence.summary += "; written before the exit by " + ", ".join(writers)
        out.append(v)
    return out


def _label(e: Exit, prog: Program) -> tuple[str, Loc | None]:
    """An exit's name as verdicts show it, and where its branch is."""
    br_loc = next((b.term.loc for b in prog.blocks.values()
                   if isinstance(b.term, Branch) and b.term.uid == e.uid), None)
    return (f"{e.name} (line {br_loc.line})" if br_loc else e.name), br_loc


def _per_exit(prog: Program, check: Check, vf: int, limits: Limits,
              build: Callable[[Exit], Harness]) -> list[tuple[Exit, Verdict, Harness | None]]:
    """One harness question per data-dependent exit."""
    le = analyse(prog)
    originals = {i.uid: i for i in prog.instructions()}
    out: list[tuple[Exit, Verdict, Harness | None]] = []
    for e in le.data_dependent:
        sw, budget = Stopwatch(), Budget.of(limits.timeout)
        subject, loc = _label(e, prog)
        try:
            h = build(e)
        except Unsupported as u:
            v = Verdict(prog.name, check, VerdictKind.UNKNOWN, sw(), reason=str(u), vf=vf,
                        subject=subject, loc=loc)
            out.append((e, v, None))
            continue
        v = harness_verdict(prog, h, vf, limits, check, budget).but(work=budget.spent(), loc=loc, model=prog.name,
                                                                    vf=vf, subject=subject)
        _explain(v, h, originals, subject, le.loop.header)
        out.append((e, v, h))
    return out


def _explain(v: Verdict, h: Harness, originals: dict[int, Instr], subject: str, header: str) -> None:
    """Say in the seed's terms what went wrong in the counterexample of `v` (its
    divergence, which the check just built, is written in place)."""
    c = v.counterexample
    if c is None or c.target.ub is None:
        return
    ub = c.target.ub
    last = c.source.iterations.get(header, 0) - 1
    # how the scalar run ended there: it left the loop, or a call in it did not return
    left = (f"the scalar run had already ended in iteration {last}, inside {c.source.trace[-1]}, a call that may "
            "not return" if c.source.stopped and c.source.trace else f"the scalar loop had already left in "
            f"iteration {last}")
    if ub.uid in h.clones:
        orig_uid, lane, _ = h.clones[ub.uid]
        ins = originals[orig_uid]
        where = f" (line {ins.loc.line})" if ins.loc else ""
        scalar_it = ub.iteration + lane - 1
        c.divergence.summary = (
            f"speculating {subject} is unsafe: `{instr_text(ins)}`{where}: {ub.reason} in lane {lane} "
            f"of the vector iteration starting at scalar iteration {ub.iteration}, i.e. scalar "
            f"iteration {scalar_it}; {left}")
        c.divergence.instruction = instr_text(ins)
        c.divergence.lane = lane
        c.divergence.iteration = scalar_it
        c.divergence.loc = ins.loc
    elif ub.uid in h.checks:
        c.divergence.summary = (f"{subject} is not hoistable: {ub.reason} in scalar iteration {ub.iteration}")
    elif ub.kind in (UBKind.BRANCH_ON_POISON, UBKind.POISON_MASK):
        c.divergence.summary = (
            f"speculating {subject} without freeze is unsafe: a speculated lane's condition is poison "
            f"and the vector loop branches on it (vector iteration starting at scalar iteration "
            f"{ub.iteration}; {left}). Freeze the condition.")


def _writers_before(prog: Program, e: Exit, instrs: dict[int, Instr]) -> list[str]:
    """Stores and effectful calls in the loop that may change what e's slice loads."""
    arrays = {instrs[u].array for u in e.slice if instrs[u].op == "load"}
    arrays = sharing(prog, arrays)
    found = []
    for ins in instrs.values():
        if (ins.op == "store" and ins.array in arrays) or \
                (ins.op == "call" and not ins.decl.pure and arrays):
            line = f" (line {ins.loc.line})" if ins.loc else ""
            found.append(f"`{instr_text(ins)}`{line}")
    return found
