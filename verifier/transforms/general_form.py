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
that representation. Exits must dominate the latch (exits inside conditional code
are not generated); only induction variables may feed the exit conditions.
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.analysis.exits import Exit, analyse
from verifier.ir.opcodes import OPCODES
from verifier.ir.program import Block, Branch, Const, Halt, Instr, Jump, Operand, Phi, Program, Ref
from verifier.ir.types import I1
from verifier.transforms.lanes import LaneBuilder, Unsupported
from verifier.transforms.vector_loop import (
    VectorForm,
    build_vector_loop,
    close_vector_loop,
    insert_before,
    latch_value,
)


@dataclass
class GeneralForm(VectorForm):
    pass


def general_form(prog: Program, vf: int) -> GeneralForm:
    """The general form of `prog`'s loop at vector factor `vf`."""
    le = analyse(prog)
    lp = le.loop
    if len(lp.latches) != 1:
        raise Unsupported("the loop has more than one latch")
    for e in le.exits:
        if e.block not in lp.exits_dominating_latch:
            raise Unsupported(f"exit {e.name} (block {e.block}) sits in conditional code: exits are "
                              "generated only where they dominate the latch")
    b = LaneBuilder(prog, le, vf)
    p = b.p
    head = p.blocks[lp.header]
    carried = [ph for ph in head.phis if ph.dest not in le.inductions]
    vl = build_vector_loop(b, le, carried)
    dd = le.data_dependent

    # the top: every lane's induction values, the exits' slices, frozen
    top = vl.start
    remaps: list[dict[str, Operand]] = [dict(b.lane_values(top, j)) for j in range(vf)]
    lanes = _Lanes(remaps, {ph.dest: latch_value(ph, le) for ph in carried}, _loop_defs(prog, lp.blocks))
    for ph in carried:
        remaps[0][ph.dest] = Ref(vl.vphis[ph.dest].dest)
    hoisted: set[int] = set()
    taken: dict[int, list[Operand]] = {}
    for e in dd:
        top, conds = b.vector_slice(top, e, {}, vl.scalar.name, remaps)
        hoisted |= set(e.slice)
        taken[e.index] = [b.taken(top, e, c) for c in conds]

    # lane activity: A^1 = 1, A^j+1 = A^j & ~C1^j & .. & ~Ck^j   (P0's lanes), written
    # as the and of the exits' negations, as the body's Pk_LOOP are: lane j+1's mask
    # then contains lane j's conjuncts literally (the trace encoding's linear case)
    active: list[Operand] = [Const(1, I1)]
    for j in range(vf):
        acc = active[j]
        for e in dd:
            acc = _and(b, top, acc, _not(b, top, taken[e.index][j]), "P0", j + 2)
        active.append(acc)

    body = insert_before(p, b.fresh("vec.body"), vl.scalar.name)
    top.term = Jump(body.name)

    # block predicates (if-conversion) and the body, instruction by instruction
    pred: dict[str, list[Operand]] = {}
    edge: dict[tuple[str, str], list[Operand]] = {}
    exit_pred: dict[int, list[Operand]] = {}
    by_block = {e.block: e for e in le.exits}
    for name in lp.body_order:
        src = prog.blocks[name]
        if name == lp.header:
            pred[name] = active[:vf]
        else:
            ins_edges = [edge[(q, name)] for q in lp.body_order if name in prog.blocks[q].successors()]
            pred[name] = _or_edges(b, body, ins_edges, vf)
        for ph in src.phis if name != lp.header else []:
            for j in range(vf):
                incoming = [(edge[(q, name)][j], lanes.get(j, op)) for q, op in ph.incoming]
                val = incoming[-1][1]
                for cond, op in reversed(incoming[:-1]):
                    val = b.emit_lane(body, "select", [cond, op, val], ph.type, ph.dest, j + 1, tag="v")
                remaps[j][ph.dest] = val
        for ins in src.instrs:
            if ins.uid in hoisted:
                continue
            for j in range(vf):
                args = [lanes.get(j, a) for a in ins.args]
                attrs = ins.attrs.but()
                if _needs_mask(ins):
                    args.append(pred[name][j])
                    attrs.masked = True
                new = b.emit_lane(body, ins.op, args, ins.type, ins.dest or ins.op, j + 1, tag="v", attrs=attrs)
                body.instrs[-1].loc = ins.loc
                if ins.dest:
                    remaps[j][ins.dest] = new
        t = src.term
        if isinstance(t, Jump):
            edge[(name, t.target)] = pred[name]
        elif isinstance(t, Branch):
            ex = by_block.get(name)
            stay = t.other if t.then not in lp.blocks else t.then
            if ex is not None and not ex.countable:
                k = ex.index
                exit_pred[k] = [_and(b, body, pred[name][j], taken[k][j], f"P{k}_EXIT", j + 1) for j in range(vf)]
                edge[(name, stay)] = [_and(b, body, pred[name][j], _not(b, body, taken[k][j]),
                                             f"P{k}_LOOP", j + 1) for j in range(vf)]
            elif ex is not None:
                edge[(name, stay)] = pred[name]  # countable: every lane passes it in the vector loop
            else:
                fc = [b.emit_lane(body, "freeze", [lanes.get(j, t.cond)], I1, f"{name}.cond", j + 1)
                      for j in range(vf)]
                edge[(name, t.then)] = [_and(b, body, pred[name][j], fc[j], f"{t.then}.pred")
                                        for j in range(vf)]
                edge[(name, t.other)] = [_and(b, body, pred[name][j], _not(b, body, fc[j]), f"{t.other}.pred") for j in range(vf)]

    # AllOnes(P_end): on to the next vector iteration; else the exiting lane's exit
    latch = insert_before(p, b.fresh("vec.latch"), vl.scalar.name)
    first_exit = insert_before(p, b.fresh("vec.exit"), vl.scalar.name)
    body.term = Branch(active[vf], latch.name, first_exit.name, b.ids.uid()) if dd else Jump(latch.name)
    last = {name: lanes.get(vf - 1, Ref(name)) for name in lanes.defs}
    close_vector_loop(vl, b, le, latch, last)
    dispatch = first_exit
    for k, e in enumerate(dd):
        if k + 1 < len(dd):
            here: Operand = Const(0, I1)
            for j in range(vf):
                here = _or(b, dispatch, here, exit_pred[e.index][j], f"P{e.index}_EXIT.any")
            code = insert_before(p, b.fresh(f"vec.exit.C{e.index}"), vl.scalar.name)
            nxt = insert_before(p, b.fresh("vec.exit"), vl.scalar.name)
            dispatch.term = Branch(here, code.name, nxt.name, b.ids.uid())
            dispatch = nxt
        else:
            code = dispatch
        _exit_code(b, prog, lp.blocks, e, code, exit_pred[e.index], lanes)

    p.name = f"{prog.name}_general_vf{vf}"
    return GeneralForm.of(vl, p, vf, lp.header)


def _not(b: LaneBuilder, blk: Block, x: Operand) -> Operand:
    return b.emit(blk, "xor", [x, Const(1, I1)], I1, "not", flags=())


def _or(b: LaneBuilder, blk: Block, x: Operand, y: Operand, hint: str) -> Operand:
    if x == Const(0, I1):
        return y
    return b.emit(blk, "or", [x, y], I1, hint, flags=())


def _and(b: LaneBuilder, blk: Block, x: Operand, y: Operand, hint: str, lane: int = 0) -> Operand:
    """x and y; with `lane`, that lane of the family `hint` (a predicate's lanes)."""
    if x == Const(1, I1):
        return y
    if lane:
        return b.emit_lane(blk, "and", [x, y], I1, hint, lane, flags=())
    return b.emit(blk, "and", [x, y], I1, hint, flags=())


def _or_edges(b: LaneBuilder, blk: Block, edges: list[list[Operand]], vf: int) -> list[Operand]:
    out: list[Operand] = []
    for j in range(vf):
        acc: Operand = Const(0, I1)
        for e in edges:
            acc = _or(b, blk, acc, e[j], "pred")
        out.append(acc)
    return out


def _needs_mask(ins: Instr) -> bool:
    """Instructions that may fault or have an effect run only in active lanes (an
    `assume` too: a lane that does not run the iteration assumes nothing)."""
    if ins.op == "call":
        return not (ins.decl.pure and ins.decl.speculatable)
    return OPCODES[ins.op].faults  # an assume too: UB when false


class _Lanes:
    """Each lane's value of a scalar name: what the lane computed, a carried header
    phi's value (the vector phi in lane 1, the previous lane's latch value after), or
    the name itself for a loop invariant."""

    def __init__(self, remaps: list[dict[str, Operand]], carried: dict[str, Operand], defs: set[str]) -> None:
        self.remaps, self.carried, self.defs = remaps, carried, defs

    def get(self, j: int, op: Operand) -> Operand:
        if not isinstance(op, Ref) or op.name not in self.defs:
            return op
        if op.name in self.remaps[j]:
            return self.remaps[j][op.name]
        if op.name in self.carried and j > 0:
            latch = self.carried[op.name]
            if isinstance(latch, Ref) and latch.name in self.defs and latch.name not in self.remaps[j - 1] \
                    and latch.name not in self.carried:
                raise Unsupported(f"{op.name!r} is read before the previous lane computes it "
                                  "(a recurrence across lanes, not vectorized here)")
            return self.get(j - 1, latch)
        raise Unsupported(f"{op.name!r} is read before it is computed in lane {j + 1}")


def _loop_defs(prog: Program, blocks: frozenset[str] | set[str]) -> set[str]:
    return {d for n in blocks for d in [ph.dest for ph in prog.blocks[n].phis]
            + [i.dest for i in prog.blocks[n].instrs if i.dest]}


def _exit_code(b: LaneBuilder, prog: Program, loop_blocks: frozenset[str] | set[str], e: Exit, code: Block,
               exiting: list[Operand], lanes: _Lanes) -> None:
    """Exit e taken in the lane where `exiting` (Pe_EXIT, one-hot) holds: the code after
    the loop, cloned, reading each loop value as that lane computed it."""
    region: list[str] = []
    work = [e.target]
    while work:
        n = work.pop()
        if n in region or n in loop_blocks:
            continue
        region.append(n)
        work.extend(prog.blocks[n].successors())
    subst: dict[str, Operand] = {}
    vf = len(exiting)
    for n in region:
        blk = prog.blocks[n]
        ops = [op for ph in blk.phis for q, op in ph.incoming if q in region or (n == e.target and q == e.block)]
        ops += [a for i in blk.instrs for a in i.args]
        if isinstance(blk.term, Branch):
            ops.append(blk.term.cond)
        for op in ops:
            if isinstance(op, Ref) and op.name in lanes.defs and op.name not in subst:
                val = lanes.get(vf - 1, op)
                for j in reversed(range(vf - 1)):
                    val = b.emit(code, "select", [exiting[j], lanes.get(j, op), val], b.types[op.name],
                                 f"{op.name}.exit")
                subst[op.name] = val
    names = {n: b.fresh(f"{n}.C{e.index}") for n in region}
    for n in region:
        blk = prog.blocks[n]
        for d in [ph.dest for ph in blk.phis] + [i.dest for i in blk.instrs if i.dest]:
            subst[d] = Ref(b.fresh(f"{d}.C{e.index}"))

    def s(op: Operand) -> Operand:
        return subst.get(op.name, op) if isinstance(op, Ref) else op

    for n in region:
        blk = prog.blocks[n]
        new = Block(names[n])
        for ph in blk.phis:
            inc = [(names[q], s(op)) for q, op in ph.incoming if q in region]
            inc += [(code.name, s(op)) for q, op in ph.incoming if n == e.target and q == e.block]
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
        b.p.blocks[new.name] = new
    code.term = Jump(names[e.target])
