"""Seed 000's "simple" vectorized form ("General vs. Simple"), as a program in our IR.

    vector loop (while all VF lanes would continue past their countable exits):
        the data-dependent exits' slices for VF lanes, frozen;
        anyof(freeze(C1^) | ... | freeze(Ck^))  -> leave for the scalar loop
        the body for VF lanes, unpredicated
    scalar loop: the original loop, resumed at the vector iteration's first lane,
        which takes every exit and computes every live-out.

"For VF lanes" means as vector code runs it: each instruction for lanes 1..VF
before the next instruction (LaneBuilder), so effectful calls are issued per call
site in lane order and memory is accessed instruction by instruction. Where that
order differs from the scalar loop's, the refinement check says so.

The body must be straight-line apart from its exits, and carry from one iteration
to the next only induction variables and values that only the exits read (the
last lane's goes on): Unsupported otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.analysis.exits import analyse
from verifier.ir.program import Branch, Const, Operand, Program, Ref
from verifier.ir.types import I1
from verifier.transforms.lanes import Guard, LaneBuilder, Unsupported
from verifier.transforms.vector_loop import (
    VectorForm,
    build_vector_loop,
    close_vector_loop,
    insert_before,
)


@dataclass
class SimpleForm(VectorForm):
    guards: tuple[Guard, ...] = ()


def simple_form(prog: Program, vf: int, guards: tuple[Guard, ...] = ()) -> SimpleForm:
    """The simple form of `prog`'s loop at vector factor `vf`; `guards` are runtime
    checks (from the speculation repair) that also leave for the scalar loop."""
    le = analyse(prog)
    lp = le.loop
    b = LaneBuilder(prog, le, vf)
    p = b.p
    head = p.blocks[lp.header]
    used_in_body = {a.name for n in lp.body_order for i in p.blocks[n].instrs for a in i.args if isinstance(a, Ref)}
    used_in_body |= {t.cond.name for n in lp.body_order
                     if isinstance(t := p.blocks[n].term, Branch) and isinstance(t.cond, Ref)}
    carried = [ph for ph in head.phis if ph.dest not in le.inductions]
    header_phis = {ph.dest for ph in head.phis}
    for ph in carried:
        from_latch = [op for blk_name, op in ph.incoming if blk_name in lp.blocks]
        if ph.dest in used_in_body or any(isinstance(op, Ref) and op.name in header_phis for op in from_latch):
            raise Unsupported(f"the loop carries {ph.dest!r} from one iteration to the next "
                              "(a reduction or recurrence, not vectorized here)")
    for name in lp.body_order:
        blk = p.blocks[name]
        if name != lp.header and blk.phis:
            raise Unsupported(f"block {name} merges values (conditional code in the body)")
        t = blk.term
        if isinstance(t, Branch) and (t.then in lp.blocks) == (t.other in lp.blocks):
            raise Unsupported(f"block {name} branches inside the loop (conditional code in the body): "
                              "the simple form is generated for straight-line bodies only")
    vl = build_vector_loop(b, le, carried)
    scalar = vl.scalar

    # anyof(freeze(C^)) over every data-dependent exit, guards first where given
    blk = vl.start
    any_c: Operand = Const(0, I1)
    by_load = {g.load_uid: g for g in guards}
    for e in le.data_dependent:
        blk, conds = b.vector_slice(blk, e, by_load, scalar.name)
        for c in conds:
            any_c = b.emit(blk, "or", [any_c, b.taken(blk, e, c)], I1, "anyof", flags=())
    body = insert_before(p, b.fresh("vec.body"), scalar.name)
    blk.term = Branch(any_c, scalar.name, body.name, b.ids.uid())

    # the body for VF lanes, instruction by instruction; its exits cannot be taken
    remaps: list[dict[str, Operand]] = [dict(b.lane_values(body, j)) for j in range(vf)]
    for name in lp.body_order:
        for ins in prog.blocks[name].instrs:
            for j in range(vf):
                args = [remaps[j].get(a.name, a) if isinstance(a, Ref) else a for a in ins.args]
                new = b.emit_lane(body, ins.op, args, ins.type, ins.dest or ins.op, j + 1, tag="v", attrs=ins.attrs)
                body.instrs[-1].loc = ins.loc
                if ins.dest:
                    remaps[j][ins.dest] = new
    close_vector_loop(vl, b, le, body, remaps[vf - 1])
    p.name = f"{prog.name}_simple_vf{vf}"
    sf = SimpleForm.of(vl, p, vf, lp.header)
    sf.guards = guards
    return sf

