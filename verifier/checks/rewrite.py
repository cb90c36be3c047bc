"""Proofs of loop rewrites (seed 001, "Internal Control Flow"): the rewritten loop
refines the original.

- Bounded: `refinement` on every input whose loop runs at most `max_trip` times
  (a counterexample is replayed on both programs).
- Every trip count: for a rewrite `recognise` accepted, the refinement for longer
  runs follows from what it checked (the skipped iterations have no effect, run no
  other exit, and nothing after the loop reads what they change) and one lemma the
  solver proves here: once the condition sends an iteration to the skipped side, the
  next iteration goes there too (from any state an iteration can start in: the
  window of transforms/window.py at VF 1). The original then runs only skipped
  iterations to its latch's exit, in the state the rewrite leaves in. The coverage
  says this holds for the runs of the original that end (a loop that would run
  forever without effect ends in the rewrite).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from verifier.analysis.exits import analyse
from verifier.checks.refinement import refinement
from verifier.checks.verdict import Check, EveryTripCount, Verdict, VerdictKind
from verifier.errors import UserError
from verifier.ir.program import Program, copy_program, uses_floats
from verifier.semantics.ops import UndefReading, Val
from verifier.semantics.symbolic import Unroll, encode, make_inputs
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms
from verifier.smt.budget import Budget, Stopwatch
from verifier.smt.solver import SolverStatus, check, fresh_context, new_solver
from verifier.transforms.exit_from_condition import (
    Candidate,
    Unbuildable,
    exit_from_condition,
    forced,
    recognise,
)
from verifier.transforms.split import split_iterations
from verifier.transforms.window import NoWindow, enter_window, entry_block


class Rewrite(StrEnum):
    """The rewrites of a conditional block: made an early exit, or the iteration set
    split where its condition turns."""

    EXIT = "exit-from-condition"
    SPLIT = "split"


SPLIT_ARGUMENT = ("the second loop runs the original's remaining iterations with the branch the way "
                  "the solver proved it stays once turned, and the interrupted iteration restarts "
                  "without effect or choice")
ARGUMENT = ("the skipped iterations have no effect and nothing after the loop reads what they change; "
            "the solver proved that once an iteration is skipped the next one is too")


def rewrite_verdict(src: Program, tgt: Program, cand: Candidate, recognised: bool, max_trip: int,
                    budget: Budget, what: str = "exit") -> Verdict:
    """Does `tgt` (the rewrite of `src` at `cand`) refine `src`: bounded, and for every
    trip count when `recognised` and the persistence lemma holds."""
    sw = Stopwatch()
    v = refinement(src, tgt, max_trip, budget, check_name=Check.REWRITE)
    at = f" (line {cand.loc.line})" if cand.loc else ""
    subject = (f"split where the condition in {cand.block}{at} turns" if what == "split" else
               f"exit from the condition in {cand.block}{at}")
    coverage = v.coverage
    if v.verdict is VerdictKind.PROVED:
        if not recognised:
            coverage = coverage.but(why_bounded="forced: the rewrite's conditions were not checked")
        else:
            why = skipping_persists(src, cand, budget.again())  # as much again: a question of its own
            if why is None:
                coverage = coverage.but(extent=EveryTripCount(
                    argument=SPLIT_ARGUMENT if what == "split" else ARGUMENT, runs="every run of the original that ends",
                    bounded=coverage.bounded))
            else:
                coverage = coverage.but(why_bounded=why)
    return v.but(model=src.name, subject=subject, coverage=coverage, seconds=sw())


def skipping_persists(src: Program, cand: Candidate, budget: Budget) -> str | None:
    """None when the solver proves: from any iteration start, an iteration whose branch
    in `cand.block` goes to the skipped side is followed, if the loop goes on, by one
    that does too. Otherwise why not (the rewrite stays bounded)."""
    le = analyse(src)
    p = copy_program(src)
    header = le.loop.header
    try:
        enter_window(p, header, entry_block(p, le), {ph.dest: ph.dest for ph in p.blocks[header].phis}, le, 1)
    except NoWindow as e:
        return f"no window over every iteration: {e}"
    fresh_context(uses_floats(p))
    res = encode(p, make_inputs(p), "", Unroll(bound=2), undef=UndefReading.CHOSEN)
    d = Z3Domain("")

    def skipped(k: int) -> terms.BoolTerm | None:
        c = res.values.get((cand.cond, k))
        g = res.block_guards.get((cand.block, k))
        if not isinstance(c, Val) or g is None:
            return None
        return terms.and_(d.bterm(g), d.term(c.v, 1) == (1 if cand.skip_when else 0))

    first, second = skipped(0), skipped(1)
    again = res.block_guards.get((header, 1))
    if first is None or again is None:
        return "the loop never comes back to its header after a skipped iteration"
    s = new_solver(budget.seconds)
    s.add(d.bterm(d.not_(res.ub)), first, d.bterm(again), terms.not_(second) if second is not None else terms.bool_val(True))
    a = check(s)
    if a.status is SolverStatus.UNSAT:
        return None
    if a.status is SolverStatus.SAT:
        return "from some iteration start, a skipped iteration is followed by one that is not"
    return f"the persistence lemma: {a.reason}"


@dataclass(frozen=True)
class Rewritten:
    """A rewrite made: the block it turns at, the rewritten program, and whether the
    block met the rewrite's conditions (else forced)."""

    cand: Candidate
    program: Program
    recognised: bool


def rewritten(src: Program, rewrite: Rewrite, force: bool, block: str | None = None) -> Rewritten | list[str]:
    """The rewrite (`exit` from a condition, or `split`) of `src`'s first qualifying
    conditional block (`block`, if named), or with `force` of its first conditional
    block; else why not (the refusals, one per block). UserError for a `block` the
    loop has no conditional block of that name."""
    split = rewrite is Rewrite.SPLIT
    found, refused = recognise(src, split=split)
    if block is not None:
        found = [c for c in found if c.block == block]
        refused = [r for r in refused if r.block == block]
        if not found and not refused:
            raise UserError(f"--block {block}: no conditional block of that name in the loop")
    cand = found[0] if found else forced(src) if force else None
    if cand is None:
        return [str(r) for r in refused]
    try:
        tgt = split_iterations(src, cand) if split else exit_from_condition(src, cand)
    except Unbuildable as e:
        return [str(e)]
    return Rewritten(cand, tgt, bool(found))


def rewrite_obligation(src: Program, rewrite: Rewrite, force: bool, max_trip: int, budget: Budget,
                       block: str | None = None) -> Verdict:
    """A rewrite question (a suite's, the command line's): the rewrite of `src`'s first
    qualifying block (or, with `force`, of its first conditional block) refines it. A
    refusal has no run to show: it is `unknown`, with the reasons."""
    r = rewritten(src, rewrite, force, block)
    if not isinstance(r, Rewritten):
        return Verdict(src.name, Check.REWRITE, VerdictKind.UNKNOWN, 0.0, reason=f"refused: {'; '.join(r)}")
    return rewrite_verdict(src, r.program, r.cand, r.recognised, max_trip, budget,
                           "split" if rewrite is Rewrite.SPLIT else "exit")
