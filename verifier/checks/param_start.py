"""The `.ll` front end's one assumption about inputs: a pointer parameter points at
its object's start, so a GEP before it is poison (inbounds) and an access there UB.
C allows `p[-1]` when p points into an array, and a reverse walk (`while (e != b)
{ --e; ... }`) does nothing else; on such runs the model's source has UB that the
real one has not, and a proof would silently skip them.

`start_of_object` asks whether any run of the source, with no UB before, forms such
a pointer: the front end marks every GEP on a parameter's object with `start_of`;
here a run that fails a mark branches to `assume false` (new code) and ends, and the
added-UB machinery of the legality checks (window first, for every trip count; else
bounded) answers. Where it cannot rule such a run out, a proof is unknown."""

from __future__ import annotations

from verifier.analysis.exits import analyse
from verifier.analysis.loops import find_loops
from verifier.checks.added_ub import added_ub, original_uids
from verifier.checks.shares import WINDOW_FIRST_SHARE
from verifier.checks.verdict import Verdict, VerdictKind
from verifier.errors import UserError
from verifier.ir.program import (
    Attrs,
    Block,
    Branch,
    Const,
    Fresh,
    Halt,
    Instr,
    Program,
    Ref,
    copy_program,
    split_block,
)
from verifier.ir.types import I1
from verifier.semantics.interpreter import RunStatus, run
from verifier.smt.budget import Budget
from verifier.smt.solver import SolverStatus
from verifier.transforms.window import NoWindow, vector_window


def start_assumed(prog: Program) -> Program:
    """`prog` where, after every mark, a run that formed a pointer before a
    parameter's start goes to a block whose only instruction is `assume false` and
    ends there: UB of new code, and no UB of the model's own code after it (which the
    poison pointer would otherwise cause)."""
    out = copy_program(prog)
    fresh = Fresh.of(out, "s")
    halt = Block(fresh.name("before.start"), [], [Instr(fresh.uid(), "assume", [Const(0, I1)], None, None, Attrs())],
                 Halt())
    todo = list(out.blocks)
    while todo:
        name = todo.pop()
        blk = out.blocks[name]
        cut = next((k for k, i in enumerate(blk.instrs) if i.attrs.start_of is not None and i.dest), None)
        if cut is None:
            continue
        mark = blk.instrs[cut]
        rest = split_block(out, name, cut + 1, fresh.name(name))
        blk.term = Branch(Ref(mark.dest or ""), rest.name, halt.name, fresh.uid(), mark.loc)
        todo.append(rest.name)  # its later marks
    out.blocks[halt.name] = halt
    return out


def start_of_object(prog: Program, max_trip: int, budget: Budget) -> str | None:
    """None when no run of `prog` forms a pointer before a pointer parameter's start
    (for every trip count where one iteration from any state shows it, else for runs
    whose loops stay within `max_trip` iterations); else why that was not shown."""
    return _start_of_object(prog, max_trip, budget)[0]


def marked_objects(prog: Program) -> frozenset[str]:
    """The pointer parameters' objects whose GEPs carry a start-of-object mark."""
    return frozenset(str(i.attrs.start_of) for i in prog.instructions() if i.attrs.start_of is not None)


def _start_of_object(prog: Program, max_trip: int, budget: Budget) -> tuple[str | None, frozenset[str]]:
    """start_of_object, with the objects a run may form a pointer before (the one a
    replayed run shows, else every marked one)."""
    if not any(i.attrs.start_of is not None for i in prog.instructions()):
        return None, frozenset()
    checked = start_assumed(prog)
    own = original_uids(prog)
    if len(find_loops(prog)) == 1:
        try:  # (the marks split blocks: the loop is read off `checked` itself)
            w = vector_window(checked, checked, analyse(checked), 1)
        except (NoWindow, UserError):
            w = None
        if w is not None:
            r = added_ub(w.program, own | w.assumes, 1, budget.share(WINDOW_FIRST_SHARE), truncated=True, witness=checked)
            if r.status is SolverStatus.UNSAT:
                return None, frozenset()
    r = added_ub(checked, own, max_trip + 1, budget.remainder(), truncated=False)
    if r.status is SolverStatus.UNSAT:
        return None, frozenset()
    every = marked_objects(prog)
    if r.status is SolverStatus.SAT and r.inputs is not None:
        fuel = (4 * max_trip + 10) * len(checked.blocks) * 4
        ran = run(checked, r.inputs, fuel=fuel)
        if ran.status is RunStatus.UB and ran.ub is not None and ran.ub.uid not in own and len(ran.path) >= 2:
            blk, it = ran.path[-2]  # the marked block, which branched to the halt
            term = checked.blocks[blk].term
            at = f" at {term.loc}" if isinstance(term, Branch) and term.loc else ""
            marks = [i for i in checked.blocks[blk].instrs if i.attrs.start_of is not None]
            objs = frozenset({str(marks[-1].attrs.start_of)}) if marks else every
            return (f"a run forms a pointer before the start of a pointer parameter's object{at}"
                    + (f" (iteration {it})" if it >= 0 else ""), objs)
        return "a run may form a pointer before the start of a pointer parameter's object (not replayed)", every
    return f"whether a run forms a pointer before a parameter's start was not decided ({r.reason})", every


def guard_proofs(prog: Program, verdicts: list[Verdict], max_trip: int,
                 timeout: float) -> tuple[list[Verdict], frozenset[str]]:
    """The verdicts, with the proofs among them that read the model turned into
    unknowns where `start_of_object` fails (within `timeout` seconds): the model of
    `prog` left out runs the real function has; and the objects that need room before
    their parameter's pointer (empty when nothing was turned)."""
    if not any(v.verdict is VerdictKind.PROVED and v.reads_model for v in verdicts):
        return verdicts, frozenset()
    why, objs = _start_of_object(prog, max_trip, Budget.of(timeout))
    if why is None:
        return verdicts, frozenset()
    reason = f"{why}; the model takes a pointer parameter to point at its object's start, so such runs were not checked"
    return [v.but(verdict=VerdictKind.UNKNOWN, reason=reason) if v.verdict is VerdictKind.PROVED and v.reads_model
            else v for v in verdicts], objs


def room_needed(src: Program, verdicts: list[Verdict], max_trip: int,
                timeout: float) -> tuple[list[Verdict], frozenset[str]]:
    """The pointer parameters whose object needs room before their start for the
    verdicts on `src` to stand: where a run may form a pointer before one, the proofs
    among `verdicts` become unknowns (guard_proofs); where there is no answer and the
    model may have left such runs out, those too. Each question gets `timeout` seconds.
    Returns the verdicts (so turned) and those parameters; none: the verdicts stand as
    they are (the driver reads the programs again with room otherwise)."""
    verdicts, need = guard_proofs(src, verdicts, max_trip, timeout)
    if not need and any(v.verdict is VerdictKind.UNKNOWN and v.reads_model for v in verdicts) and marked_objects(src):
        # no answer (e.g. vacuous: every run of the model leaves the object's start):
        # with room the runs it left out are there to check
        why, objs = _start_of_object(src, max_trip, Budget.of(timeout))
        need = objs if why is not None else frozenset()
    return verdicts, need
