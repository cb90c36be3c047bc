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
from verifier.ir.program import Block, Branch, Const, Jump, Operand, Phi, Program, Ref
from verifier.ir.types import I1, IntType
from verifier.transforms.lanes import Guard, LaneBuilder, Unsupported


@dataclass
class SimpleForm:
    program: Program
    vf: int
    guards: tuple[Guard, ...]
    vector_header: str
    scalar_header: str

    def unroll(self, max_trip: int) -> dict[str, int]:
        """Header visits that cover every run of the loop of at most max_trip
        iterations: each vector iteration completes VF of them, the scalar loop
        finishes the rest (a wrong bound shows as unknown, never as a proof)."""
        return {self.vector_header: max_trip // self.vf + 2, self.scalar_header: max_trip + 1}


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
    outside = {blk for ph in head.phis for blk, _ in ph.incoming if blk not in lp.blocks}
    if len(outside) != 1:
        raise Unsupported("the loop is entered from more than one block")
    pre = outside.pop()

    # blocks: vector header, check, body; the scalar loop's new entry
    vh = _insert_before(p, b.fresh("vec.header"), lp.header)
    vcheck = _insert_before(p, b.fresh("vec.check"), lp.header)
    scalar = _insert_before(p, b.fresh("scalar.entry"), lp.header)
    scalar.term = Jump(lp.header)
    vphis: dict[str, Phi] = {}
    for name, iv in le.inductions.items():
        ty = b.types[name]
        assert isinstance(ty, IntType)
        vname = b.fresh(f"{name}.vec")
        b.uid += 1
        vphis[name] = Phi(b.uid, vname, ty, [(pre, iv.start)])
        vh.phis.append(vphis[name])
        b.types[vname] = ty
    b.iv_base = {name: Ref(ph.dest) for name, ph in vphis.items()}
    for ph in carried:  # a value only the exits read: the last lane's
        vname = b.fresh(f"{ph.dest}.vec")
        b.uid += 1
        start = next(op for blk_name, op in ph.incoming if blk_name == pre)
        vphis[ph.dest] = Phi(b.uid, vname, ph.type, [(pre, start)])
        vh.phis.append(vphis[ph.dest])
        b.types[vname] = ph.type

    # all VF lanes continue past every countable exit, and no induction overflows
    ok = b.precondition(vh, all_lanes=True)
    b.uid += 1
    vh.term = Branch(ok, vcheck.name, scalar.name, b.uid)

    # anyof(freeze(C^)) over every data-dependent exit, guards first where given
    blk = vcheck
    any_c: Operand = Const(0, I1)
    by_load = {g.load_uid: g for g in guards}
    for e in le.data_dependent:
        blk, conds = b.vector_slice(blk, e, by_load, scalar.name)
        for c in conds:
            fc = b.emit(blk, "freeze", [c], I1, f"C{e.index}.frozen")
            taken = fc if e.exit_when else b.emit(blk, "xor", [fc, Const(1, I1)], I1, f"C{e.index}.leaves", flags=())
            any_c = b.emit(blk, "or", [any_c, taken], I1, "anyof", flags=())
    body = _insert_before(p, b.fresh("vec.body"), scalar.name)
    b.uid += 1
    blk.term = Branch(any_c, scalar.name, body.name, b.uid)

    # the body for VF lanes, instruction by instruction; its exits cannot be taken
    remaps: list[dict[str, Operand]] = [dict(b.lane_values(body, j)) for j in range(vf)]
    for name in lp.body_order:
        for ins in prog.blocks[name].instrs:
            for j in range(vf):
                args = [remaps[j].get(a.name, a) if isinstance(a, Ref) else a for a in ins.args]
                new = b.emit(body, ins.op, args, ins.type, f"{ins.dest or ins.op}.v{j + 1}", **ins.attrs)
                body.instrs[-1].loc = ins.loc
                if ins.dest:
                    remaps[j][ins.dest] = new
    for ph in head.phis:
        latch = next(op for blk_name, op in ph.incoming if blk_name in lp.blocks)
        last = remaps[vf - 1].get(latch.name, latch) if isinstance(latch, Ref) else latch
        vphis[ph.dest].incoming.append((body.name, last))
    body.term = Jump(vh.name)

    # the scalar loop starts where the vector loop stopped
    pb = p.blocks[pre]
    if isinstance(pb.term, Jump):
        pb.term = Jump(vh.name)
    elif isinstance(pb.term, Branch):
        t = pb.term
        pb.term = Branch(t.cond, vh.name if t.then == lp.header else t.then,
                         vh.name if t.other == lp.header else t.other, t.uid, t.loc)
    for ph in head.phis:
        ph.incoming = [(scalar.name, Ref(vphis[ph.dest].dest)) if blk_name == pre else (blk_name, op)
                       for blk_name, op in ph.incoming]
    p.name = f"{prog.name}_simple_vf{vf}"
    return SimpleForm(p, vf, guards, vh.name, lp.header)


def _insert_before(p: Program, name: str, before: str) -> Block:
    blk = Block(name)
    items = list(p.blocks.items())
    at = next(k for k, (n, _) in enumerate(items) if n == before)
    items.insert(at, (name, blk))
    p.blocks = dict(items)
    return blk
