"""Seed 000's "simple" vectorized form ("General vs. Simple"), as a program in our IR.

    vector loop (while all VF lanes would continue past their countable exits):
        the data-dependent exits' slices for VF lanes, frozen;
        anyof(freeze(C1^) | ... | freeze(Ck^))  -> leave for the scalar loop
        the body for VF lanes, if-converted (transforms/if_convert.py): every lane
            runs, conditional code in it under its branches' predicates, a
            reduction carried lane to lane
    scalar loop: the original loop, resumed at the vector iteration's first lane,
        which takes every exit and computes every live-out.

"For VF lanes" means as vector code runs it: each instruction for lanes 1..VF
before the next instruction (LaneBuilder), so effectful calls are issued per call
site in lane order and memory is accessed instruction by instruction. Where that
order differs from the scalar loop's, the refinement check says so.

A value carried from one iteration to the next (a reduction) is carried lane to
lane, in the scalar loop's order; the scalar loop resumes with the last lane's.
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.analysis.exits import analyse
from verifier.ir.program import Branch, Const, Operand, Program, Ref
from verifier.ir.types import I1
from verifier.transforms.if_convert import carry, if_convert, last_lane
from verifier.transforms.lanes import Guard, LaneBuilder
from verifier.transforms.reductions import ReductionOrder
from verifier.transforms.vector_loop import (
    VectorForm,
    build_vector_loop,
    close_vector_loop,
    insert_before,
)


@dataclass
class SimpleForm(VectorForm):
    guards: tuple[Guard, ...] = ()


def simple_form(prog: Program, vf: int, guards: tuple[Guard, ...] = (),
                order: ReductionOrder = ReductionOrder.ORDERED) -> SimpleForm:
    """The simple form of `prog`'s loop at vector factor `vf`; `guards` are runtime
    checks (from the speculation repair) that also leave for the scalar loop; `order`
    how reductions are vectorized (transforms/reductions.py)."""
    le = analyse(prog)
    lp = le.loop
    b = LaneBuilder(prog, le, vf)
    p = b.p
    head = p.blocks[lp.header]
    carried = [ph for ph in head.phis if ph.dest not in le.inductions]
    vl = build_vector_loop(b, le, carried)
    scalar = vl.scalar

    # anyof(freeze(C^)) over every data-dependent exit, guards first where given
    blk = vl.start
    any_c: Operand = Const(0, I1)
    by_load = {g.load_uid: g for g in guards}
    # the slices read a carried value (a running sum the exit tests) as the general
    # form's do: lane 1 the vector phi, later lanes its recurrence run on from there
    at_start: list[dict[str, Operand]] = [dict(b.lane_values(blk, j)) for j in range(vf)]
    for ph in carried:
        at_start[0][ph.dest] = Ref(vl.vphis[ph.dest].dest)
    for e in le.data_dependent:
        blk, conds = b.vector_slice(blk, e, by_load, scalar.name, at_start)
        for c in conds:
            any_c = b.emit(blk, "or", [any_c, b.taken(blk, e, c)], I1, "anyof", flags=())
    body = insert_before(p, b.fresh("vec.body"), scalar.name)
    blk.term = Branch(any_c, scalar.name, body.name, b.ids.uid())

    # the body for VF lanes, if-converted, every lane active; its exits cannot be taken
    remaps: list[dict[str, Operand]] = [dict(b.lane_values(body, j)) for j in range(vf)]
    lanes, inloop = carry(b, prog, le, vl, carried, remaps, order)
    if_convert(b, prog, le, body, lanes, [Const(1, I1)] * vf, None, set())
    close_vector_loop(vl, b, le, body, last_lane(b, body, lanes, inloop, vf))
    p.name = f"{prog.name}_simple_vf{vf}"
    sf = SimpleForm.of(vl, p, vf, lp.header)
    sf.guards = guards
    return sf

