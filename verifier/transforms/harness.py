"""Legality harnesses: the scalar loop with its exit conditions' slices evaluated
early, as a program in our IR; checks/added_ub.py asks whether it adds UB.

Speculation (seed 000, "Speculatability"): at the start of every vector iteration
(every VF-th iteration, when the countable exits let all VF lanes run) each
selected exit's slice is evaluated for lanes 1..VF, the induction variables
stepped per lane, in the memory of that moment. The results are frozen, or (with
freeze=False) branched on, as a vector loop would. Any immediate UB this adds is
a speculation failure, named by instruction, lane and iteration.

Hoisting (seed 000, "Hoistability"): the slices are evaluated without faulting at
the vector iteration's start, and at each exit the hoisted value of that lane is
checked against the value the loop computes there.
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.analysis.exits import Exit, analyse
from verifier.ir.program import (
    Attrs,
    Branch,
    Const,
    Instr,
    Jump,
    Operand,
    Phi,
    Program,
    Ref,
)
from verifier.ir.types import I1, I64
from verifier.transforms.lanes import Guard, LaneBuilder


@dataclass
class Harness:
    program: Program
    exits: tuple[Exit, ...]
    clones: dict[int, tuple[int, int, int]]  # harness uid -> (original uid, lane, exit index)
    checks: dict[int, int]  # check_same uid -> exit index
    # all added code runs at the vector iteration's start (speculation), not at
    # later iterations' exits (hoisting): then a shorter window checks all of it
    added_at_start: bool = True


def speculation_harness(prog: Program, vf: int, exits: tuple[int, ...] | None = None,
                        freeze: bool = True, guards: tuple[Guard, ...] = ()) -> Harness:
    """The loop plus, at every vector iteration's start, the slices of the selected
    data-dependent exits (all by default) for VF lanes; `guards` puts the simple
    form's runtime guards before the loads they name."""
    le = analyse(prog)
    chosen = tuple(e for e in le.data_dependent if exits is None or e.index in exits)
    b = LaneBuilder(prog, le, vf)
    head, rest = b.split_header()
    _, start = b.counter(head)
    check = b.add_block("spec.check", head.name)
    head.term = Branch(start, check.name, rest.name, b.ids.uid())
    pre = b.precondition(check)
    lanes = b.add_block("spec.lanes", check.name)
    check.term = Branch(pre, lanes.name, rest.name, b.ids.uid())
    conds: list[Operand] = []
    by_load = {g.load_uid: g for g in guards}
    for e in chosen:
        lanes, lane_conds = b.vector_slice(lanes, e, by_load, rest.name, effects_ahead=True)
        conds += lane_conds
    if freeze:
        for c in conds:
            b.emit(lanes, "freeze", [c], I1, "spec.frozen")
        lanes.term = Jump(rest.name)
    else:
        any_c: Operand = Const(0, I1)
        for c in conds:
            any_c = b.emit(lanes, "or", [any_c, c], I1, "spec.any", flags=())
        use = b.add_block("spec.use", lanes.name)
        use.term = Jump(rest.name)
        lanes.term = Branch(any_c, use.name, rest.name, b.ids.uid())
    return Harness(_same_executions(b), chosen, b.clones, {})


def hoist_harness(prog: Program, vf: int = 1, exits: tuple[int, ...] | None = None) -> Harness:
    """The loop plus, at each vector iteration's start, the selected exits' slices for
    VF lanes (never faulting), checked at every exit against the loop's own value."""
    le = analyse(prog)
    chosen = tuple(e for e in le.data_dependent if exits is None or e.index in exits)
    b = LaneBuilder(prog, le, vf)
    head, rest = b.split_header()
    lane_no, start = b.counter(head)
    lp = le.loop
    checks: dict[int, int] = {}
    for e in chosen:
        b.check_merged(e)
        current: list[Operand] = []
        for j in range(vf):
            env = b.exit_lane_values(head, e, j, nofault=True)
            new = b.clone_slice(head, e, j, env, nofault=True)
            if vf == 1:
                current.append(new)
                continue
            # carry lane j's hoisted value to the iteration that uses it
            old = b.fresh_lane(f"hoisted.C{e.index}", j + 1)
            cur = b.emit_lane(head, "select", [start, new, Ref(old)], I1, f"hoisted.C{e.index}", j + 1)
            inc = [(blk, Const(0, I1) if blk not in b.loop_blocks else cur)
                   for blk, _ in b.p.blocks[lp.header].phis[0].incoming]
            b.p.blocks[lp.header].phis.append(Phi(b.ids.uid(), old, I1, inc))
            b.types[old] = I1
            current.append(cur)
        expected = current[0]
        for j in range(1, vf):
            is_j = b.emit(head, "icmp", [lane_no, Const(j, I64)], I1, "spec.is.lane", pred="eq")
            expected = b.emit(head, "select", [is_j, current[j], expected], I1, f"hoisted.C{e.index}")
        blk = b.p.blocks[rest.name if e.block == lp.header else e.block]
        ins = Instr(b.ids.uid(), "check_same", [e.cond, expected, Const(1, I1)], None, None,
                    Attrs(what=f"{e.name} hoisted to the start of the vector iteration"))
        blk.instrs.append(ins)
        checks[ins.uid] = e.index
    return Harness(_same_executions(b), chosen, b.clones, checks, added_at_start=False)


def _same_executions(b: LaneBuilder) -> Program:
    """Mark each lane copy as the execution of its original that it evaluates early
    (lane L at a vector iteration's start is the scalar iteration L - 1 later), so a
    nondeterministic choice there (freeze, fmuladd's rounding) is the loop's own."""
    for blk in b.p.blocks.values():
        for ins in blk.instrs:
            if ins.uid in b.clones:
                orig, lane, _ = b.clones[ins.uid]
                ins.attrs.instance = (orig, lane - 1)
    return b.p
