"""Seed 000's "general" (predicated) vectorized form, as a program in our IR.

    vector loop (while all VF lanes would pass the countable exits: the seed's
    `i < N - N % VF`, for any countable exit and no induction overflow):
        the data-dependent exits' slices for VF lanes, hoisted and frozen: C1^..Ck^
        lane predicates: lane 1 runs; lane j+1 runs iff lane j ran and took no exit
            (P0 = 2^(CLSZ(C1^|..|Ck^)+1) - 1); a block's predicate is its lane's, and-ed
            with the earlier exits' negations (Pi_LOOP) and the branch conditions of
            conditional code (if-conversion: phis become selects)
        the body for VF lanes, instruction by instruction, each lane's instruction
            under its predicate where it may fault or has an effect (masked loads,
            stores and calls), slices' values reused from the top
        no exit taken (AllOnes(P_end)): next vector iteration
        else: exit i at the exiting lane (Pi_EXIT = P0 & Ci^ & ~(C1^|..|Ci-1^)): the exit's
            code, with every live value extracted from that lane
    scalar remainder: the original loop, entered only when the vector loop stops
        without an early exit.

Lanes are per-lane scalar values (as in the simple form); a live-out is the select
over the one-hot exit predicates Pi_EXIT^j, which is Extract(X^, CLSNZ(EMask(X))) in
that representation. An exit inside conditional code (`if (m[i]) { if (a[i] == 0)
break; }`) is taken in a lane where the lane reaches its block and its condition
holds: "reaches" is the and/or of the lane's frozen conditions of the branches that
decide whether the block runs (analysis/exits.control_guards, whose conditions are in
the exit's slice, so hoisted with it); any other branch's direction does not change
whether the block runs, so it counts as true both ways. Only induction variables may
feed the exit conditions.
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.analysis.exits import Exit, LoopExits, analyse, control_guards
from verifier.ir.program import Block, Branch, Const, Halt, Instr, Jump, Operand, Phi, Program, Ref
from verifier.ir.types import I1
from verifier.transforms.if_convert import Lanes, and_, carry, if_convert, last_lane, not_, or_
from verifier.transforms.lanes import LaneBuilder, Unsupported
from verifier.transforms.reductions import InLoop, ReductionOrder
from verifier.transforms.vector_loop import (
    VectorForm,
    build_vector_loop,
    close_vector_loop,
    insert_before,
)


@dataclass
class GeneralForm(VectorForm):
    pass


def general_form(prog: Program, vf: int, order: ReductionOrder = ReductionOrder.ORDERED) -> GeneralForm:
    """The general form of `prog`'s loop at vector factor `vf`; `order` how
    reductions are vectorized (transforms/reductions.py)."""
    le = analyse(prog)
    lp = le.loop
    if len(lp.latches) != 1:
        raise Unsupported("the loop has more than one latch")
    b = LaneBuilder(prog, le, vf)
    p = b.p
    head = p.blocks[lp.header]
    carried = [ph for ph in head.phis if ph.dest not in le.inductions]
    vl = build_vector_loop(b, le, carried)
    dd = le.data_dependent

    # the top: every lane's induction values, the exits' slices, frozen
    top = vl.start
    remaps: list[dict[str, Operand]] = [dict(b.lane_values(top, j)) for j in range(vf)]
    lanes, inloop = carry(b, prog, le, vl, carried, remaps, order)
    hoisted: set[int] = set()
    taken: dict[int, list[Operand]] = {}
    for e in dd:
        top, conds = b.vector_slice(top, e, {}, vl.scalar.name, remaps)
        hoisted |= set(e.slice)
        taken[e.index] = [b.taken(top, e, c) for c in conds]
        if e.block not in lp.exits_dominating_latch:  # conditional code: the lane must reach it
            taken[e.index] = [and_(b, top, _reaches(b, top, prog, le, e.block, remaps[j], j), t,
                                   f"C{e.index}.reached", j + 1) for j, t in enumerate(taken[e.index])]

    # lane activity: A^1 = 1, A^j+1 = A^j & ~C1^j & .. & ~Ck^j   (P0's lanes), written
    # as the and of the exits' negations, as the body's Pk_LOOP are: lane j+1's mask
    # then contains lane j's conjuncts literally (the trace encoding's linear case)
    active: list[Operand] = [Const(1, I1)]
    for j in range(vf):
        acc = active[j]
        for e in dd:
            acc = and_(b, top, acc, not_(b, top, taken[e.index][j]), "P0", j + 2)
        active.append(acc)

    body = insert_before(p, b.fresh("vec.body"), vl.scalar.name)
    top.term = Jump(body.name)
    exit_pred = if_convert(b, prog, le, body, lanes, active[:vf], taken, hoisted).exit_pred

    # AllOnes(P_end): on to the next vector iteration; else the exiting lane's exit
    latch = insert_before(p, b.fresh("vec.latch"), vl.scalar.name)
    first_exit = insert_before(p, b.fresh("vec.exit"), vl.scalar.name)
    body.term = Branch(active[vf], latch.name, first_exit.name, b.ids.uid()) if dd else Jump(latch.name)
    close_vector_loop(vl, b, le, latch, last_lane(b, latch, lanes, inloop, vf))
    dispatch = first_exit
    for k, e in enumerate(dd):
        if k + 1 < len(dd):
            here: Operand = Const(0, I1)
            for j in range(vf):
                here = or_(b, dispatch, here, exit_pred[e.index][j], f"P{e.index}_EXIT.any")
            code = insert_before(p, b.fresh(f"vec.exit.C{e.index}"), vl.scalar.name)
            nxt = insert_before(p, b.fresh("vec.exit"), vl.scalar.name)
            dispatch.term = Branch(here, code.name, nxt.name, b.ids.uid())
            dispatch = nxt
        else:
            code = dispatch
        _exit_code(b, prog, lp.blocks, e, code, exit_pred[e.index], lanes, inloop)

    p.name = f"{prog.name}_general_vf{vf}"
    return GeneralForm.of(vl, p, vf, lp.header)


def _reaches(b: LaneBuilder, top: Block, prog: Program, le: LoopExits, block: str, lane: dict[str, Operand],
             j: int) -> Operand:
    """Whether lane j's iteration reaches `block` (module docstring): block predicates
    over the iteration's blocks in body order, a deciding branch's edges under its
    frozen condition in this lane, every other edge as its source's predicate."""
    lp = le.loop
    deciding = control_guards(prog, lp)[block]
    pred: dict[str, Operand] = {lp.header: Const(1, I1)}
    edges: dict[tuple[str, str], Operand] = {}
    for name in lp.body_order:
        if name != lp.header:
            pred[name] = Const(0, I1)
            for (_, s), cond in edges.items():
                if s == name:
                    pred[name] = or_(b, top, pred[name], cond, f"{block}.reach")
        if name == block:
            return pred[name]
        t = prog.blocks[name].term
        if isinstance(t, Branch) and name in deciding:
            c = lane.get(t.cond.name, t.cond) if isinstance(t.cond, Ref) else t.cond
            fc = b.emit(top, "freeze", [c], I1, f"{name}.cond.lane{j + 1}")
            edges[(name, t.then)] = and_(b, top, pred[name], fc, f"{t.then}.reach")
            edges[(name, t.other)] = and_(b, top, pred[name], not_(b, top, fc), f"{t.other}.reach")
        else:
            for s in prog.blocks[name].successors():
                edges[(name, s)] = pred[name]
    raise AssertionError(f"block {block} is not in the loop's body")


def _exit_code(b: LaneBuilder, prog: Program, loop_blocks: frozenset[str] | set[str], e: Exit, code: Block,
               exiting: list[Operand], lanes: Lanes, inloop: InLoop | None) -> None:
    """Exit e taken in the lane where `exiting` (Pe_EXIT, one-hot) holds: the code after
    the loop, cloned, reading each loop value as that lane computed it."""
    region = _after_exit(prog, loop_blocks, e.target)
    subst = _exit_lane_values(b, prog, region, e, code, exiting, lanes, inloop)
    names = {n: b.fresh(f"{n}.C{e.index}") for n in region}
    for n in region:
        blk = prog.blocks[n]
        for d in [ph.dest for ph in blk.phis] + [i.dest for i in blk.instrs if i.dest]:
            subst[d] = Ref(b.fresh(f"{d}.C{e.index}"))
    for n in region:
        b.p.blocks[names[n]] = _cloned(b, prog.blocks[n], names, subst, code.name if n == e.target else None, e.block)
    code.term = Jump(names[e.target])


def _after_exit(prog: Program, loop_blocks: frozenset[str] | set[str], target: str) -> list[str]:
    """The blocks reached from an exit's target without entering the loop, in order."""
    region: list[str] = []
    work = [target]
    while work:
        n = work.pop()
        if n in region or n in loop_blocks:
            continue
        region.append(n)
        work.extend(prog.blocks[n].successors())
    return region


def _exit_lane_values(b: LaneBuilder, prog: Program, region: list[str], e: Exit, code: Block,
                      exiting: list[Operand], lanes: Lanes, inloop: InLoop | None) -> dict[str, Operand]:
    """Each loop value the code after the exit reads, as the exiting lane computed it:
    a chain of selects over the one-hot `exiting` mask, in `code`."""
    subst: dict[str, Operand] = {}
    vf = len(exiting)
    for n in region:
        blk = prog.blocks[n]
        ops = [op for ph in blk.phis for q, op in ph.incoming if q in region or (n == e.target and q == e.block)]
        ops += [a for i in blk.instrs for a in i.args]
        if isinstance(blk.term, Branch):
            ops.append(blk.term.cond)
        for op in ops:
            if not isinstance(op, Ref) or op.name not in lanes.defs or op.name in subst:
                continue

            def at(j: int, op: Ref = op) -> Operand:
                if inloop is not None and op.name in inloop.of:  # the whole value, not lane j's part
                    return inloop.whole(b, code, lanes.get, j, op.name)
                return lanes.get(j, op)
            val = at(vf - 1)
            for j in reversed(range(vf - 1)):
                val = b.emit(code, "select", [exiting[j], at(j), val], b.types[op.name], f"{op.name}.exit")
            subst[op.name] = val
    return subst


def _cloned(b: LaneBuilder, blk: Block, names: dict[str, str], subst: dict[str, Operand], entered_from: str | None,
            exit_block: str) -> Block:
    """A copy of a block after the exit: renamed by `names` and `subst`; the exit's
    target (`entered_from` given) entered from the exit's code instead of the exiting
    block."""
    def s(op: Operand) -> Operand:
        return subst.get(op.name, op) if isinstance(op, Ref) else op

    new = Block(names[blk.name])
    for ph in blk.phis:
        inc = [(names[q], s(op)) for q, op in ph.incoming if q in names]
        inc += [(entered_from, s(op)) for q, op in ph.incoming if entered_from is not None and q == exit_block]
        phi_dest = s(Ref(ph.dest))
        assert isinstance(phi_dest, Ref)
        new.phis.append(Phi(b.ids.uid(), phi_dest.name, ph.type, inc, ph.loc))
        b.types[phi_dest.name] = ph.type
    for ins in blk.instrs:
        dest_ref = s(Ref(ins.dest)) if ins.dest else None
        dest = dest_ref.name if isinstance(dest_ref, Ref) else None
        new.instrs.append(Instr(b.ids.uid(), ins.op, [s(a) for a in ins.args], ins.type, dest, ins.attrs.but(), ins.loc))
        if dest is not None and ins.type is not None:
            b.types[dest] = ins.type
    t = blk.term
    if isinstance(t, Jump):
        new.term = Jump(names[t.target])
    elif isinstance(t, Branch):
        new.term = Branch(s(t.cond), names[t.then], names[t.other], b.ids.uid(), t.loc)
    else:
        new.term = Halt()
    return new
