"""The loop body for VF lanes, if-converted: what both vectorized forms run in their
vector body (seed 000, "Predication").

Each block gets a predicate per lane: the header's is the lane's activity, another
block's the or of its incoming edges'; a branch inside the body splits its block's
predicate by the frozen condition (a poison condition is UB in the scalar loop, so
any choice refines it), a phi becomes a select over its incoming edges. Instructions
that may fault or have an effect run under their block's predicate (masked loads,
stores and calls); the rest run in every lane, as vector code does.

A header phi that is not an induction (a reduction, `s += x`) is carried lane to
lane: lane 1 reads the vector loop's phi, lane j+1 what lane j passes to the back
edge. That is the scalar loop's own order of operations, so it is correct for any
operation, floating point included; a reassociated reduction is `transforms/
reductions.py`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from verifier.analysis.exits import LoopExits
from verifier.ir.opcodes import OPCODES
from verifier.ir.program import Block, Branch, Const, Instr, Jump, Operand, Phi, Program, Ref
from verifier.ir.types import I1
from verifier.transforms.lanes import LaneBuilder, Unsupported
from verifier.transforms.reductions import (
    InLoop,
    ReductionOrder,
    find_reduction,
    identity,
    reductions,
)
from verifier.transforms.vector_loop import VectorLoop, latch_value


class Lanes:
    """Each lane's value of a scalar name: what the lane computed, a carried header
    phi's value (the vector phi in lane 1, the previous lane's latch value after), or
    the name itself for a loop invariant."""

    def __init__(self, remaps: list[dict[str, Operand]], carried: dict[str, Operand], defs: set[str],
                 deferred: frozenset[str] = frozenset()) -> None:
        self.remaps, self.carried, self.defs = remaps, carried, defs
        # an ordered reduction's steps: emitted lane after lane once the rest of the
        # body is (lane j+1's step needs lane j's whole iteration's value)
        self.deferred = deferred

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


def carry(b: LaneBuilder, prog: Program, le: LoopExits, vl: VectorLoop, carried: list[Phi],
          remaps: list[dict[str, Operand]], order: ReductionOrder) -> tuple[Lanes, InLoop | None]:
    """The lanes of a vector body whose carried header phis go lane to lane
    (ordered), or start from their reduction's identity in every lane (in-loop)."""
    latch = {ph.dest: latch_value(ph, le) for ph in carried}
    if order is ReductionOrder.ORDERED or not carried:
        steps: set[str] = set()
        for ph in carried:
            remaps[0][ph.dest] = Ref(vl.vphis[ph.dest].dest)
            try:
                steps |= find_reduction(prog, le, ph, latch[ph.dest]).chain - {ph.dest}
            except Unsupported:
                pass  # a recurrence: lane to lane as the body's order allows (Lanes.get says where not)
        return Lanes(remaps, latch, loop_defs(prog, le.loop.blocks), frozenset(steps)), None
    lanes = Lanes(remaps, latch, loop_defs(prog, le.loop.blocks))
    reds = reductions(prog, le, carried, latch)
    for red in reds.values():
        for lane in remaps:
            lane[red.phi] = identity(red)
    return lanes, InLoop(reds, {ph: Ref(vl.vphis[ph].dest) for ph in reds})


def last_lane(b: LaneBuilder, blk: Block, lanes: Lanes, inloop: InLoop | None, vf: int) -> dict[str, Operand]:
    """What the back edge carries: the last lane's values; an in-loop reduction's
    whole value, combined in `blk`."""
    last = {name: lanes.get(vf - 1, Ref(name)) for name in lanes.defs}
    if inloop is not None:
        for red in inloop.reds.values():
            last[red.update] = inloop.whole(b, blk, lanes.get, vf - 1, red.update)
    return last


def loop_defs(prog: Program, blocks: frozenset[str] | set[str]) -> set[str]:
    """Every name the loop's blocks define."""
    return {d for n in blocks for d in [ph.dest for ph in prog.blocks[n].phis]
            + [i.dest for i in prog.blocks[n].instrs if i.dest]}


@dataclass
class Predicated:
    """What the if-converted body leaves for the code after it."""
    exit_pred: dict[int, list[Operand]] = field(default_factory=dict)  # Pi_EXIT per lane, by exit index


def if_convert(b: LaneBuilder, prog: Program, le: LoopExits, body: Block, lanes: Lanes,
               active: list[Operand], taken: dict[int, list[Operand]] | None, hoisted: set[int]) -> Predicated:
    """Emit `prog`'s loop body into `body` for len(active) lanes, lane j running where
    active[j] holds. `taken` gives each data-dependent exit's per-lane condition (the
    general form: Pi_EXIT and Pi_LOOP come from it); None where no lane can take an
    exit in this body (the simple form, behind its anyof). Instructions whose uid is
    in `hoisted` were emitted before (their lanes are in `lanes`)."""
    lp = le.loop
    vf = len(active)
    pred: dict[str, list[Operand]] = {}
    edge: dict[tuple[str, str], list[Operand]] = {}
    out = Predicated()
    by_block = {e.block: e for e in le.exits}
    steps: list[tuple[str, Phi | Instr]] = []  # the deferred steps, in body order, with their block
    for name in lp.body_order:
        src = prog.blocks[name]
        if name == lp.header:
            pred[name] = active
        else:
            ins_edges = [edge[(q, name)] for q in lp.body_order if name in prog.blocks[q].successors()]
            pred[name] = _or_edges(b, body, ins_edges, vf)
        for ph in src.phis if name != lp.header else []:
            if ph.dest in lanes.deferred:
                steps.append((name, ph))
                continue
            for j in range(vf):
                _merge(b, body, lanes, edge, name, ph, j)
        for ins in src.instrs:
            if ins.uid in hoisted:
                continue
            if ins.dest in lanes.deferred:
                steps.append((name, ins))
                continue
            for j in range(vf):
                _lane_instr(b, body, lanes, ins, pred[name][j], taken is not None, j)
        t = src.term
        if isinstance(t, Jump):
            edge[(name, t.target)] = pred[name]
        elif isinstance(t, Branch):
            ex = by_block.get(name)
            stay = t.other if t.then not in lp.blocks else t.then
            if ex is not None and not ex.countable and taken is not None:
                k = ex.index
                out.exit_pred[k] = [and_(b, body, pred[name][j], taken[k][j], f"P{k}_EXIT", j + 1)
                                    for j in range(vf)]
                edge[(name, stay)] = [and_(b, body, pred[name][j], not_(b, body, taken[k][j]),
                                           f"P{k}_LOOP", j + 1) for j in range(vf)]
            elif ex is not None:
                # countable: every lane passes it in the vector loop; data-dependent
                # without `taken`: the form left before this body where any lane takes it
                edge[(name, stay)] = pred[name]
            else:
                fc = [b.emit_lane(body, "freeze", [lanes.get(j, t.cond)], I1, f"{name}.cond", j + 1)
                      for j in range(vf)]
                edge[(name, t.then)] = [and_(b, body, pred[name][j], fc[j], f"{t.then}.pred")
                                        for j in range(vf)]
                edge[(name, t.other)] = [and_(b, body, pred[name][j], not_(b, body, fc[j]), f"{t.other}.pred")
                                         for j in range(vf)]
    for j in range(vf):  # an ordered reduction's steps, lane after lane
        for name, step in steps:
            if isinstance(step, Phi):
                _merge(b, body, lanes, edge, name, step, j)
            else:
                _lane_instr(b, body, lanes, step, pred[name][j], taken is not None, j)
    return out


def _merge(b: LaneBuilder, body: Block, lanes: Lanes, edge: dict[tuple[str, str], list[Operand]], name: str,
           ph: Phi, j: int) -> None:
    """Phi `ph` of block `name` in lane j: a select over its incoming edges' predicates."""
    incoming = [(edge[(q, name)][j], lanes.get(j, op)) for q, op in ph.incoming]
    val = incoming[-1][1]
    for cond, op in reversed(incoming[:-1]):
        val = b.emit_lane(body, "select", [cond, op, val], ph.type, ph.dest, j + 1, tag="v")
    lanes.remaps[j][ph.dest] = val


def _lane_instr(b: LaneBuilder, body: Block, lanes: Lanes, ins: Instr, pred: Operand, predicated: bool,
                j: int) -> None:
    """Instruction `ins` in lane j, masked by `pred` where it may fault or has an
    effect (`predicated`: always, even by a true predicate, as the general form does)."""
    args = [lanes.get(j, a) for a in ins.args]
    attrs = ins.attrs.but()
    if needs_mask(ins) and (predicated or pred != Const(1, I1)):
        args.append(pred)
        attrs.masked = True
    new = b.emit_lane(body, ins.op, args, ins.type, ins.dest or ins.op, j + 1, tag="v", attrs=attrs)
    body.instrs[-1].loc = ins.loc
    if ins.dest:
        lanes.remaps[j][ins.dest] = new


def not_(b: LaneBuilder, blk: Block, x: Operand) -> Operand:
    return b.emit(blk, "xor", [x, Const(1, I1)], I1, "not", flags=())


def or_(b: LaneBuilder, blk: Block, x: Operand, y: Operand, hint: str) -> Operand:
    if x == Const(0, I1):
        return y
    return b.emit(blk, "or", [x, y], I1, hint, flags=())


def and_(b: LaneBuilder, blk: Block, x: Operand, y: Operand, hint: str, lane: int = 0) -> Operand:
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
            acc = or_(b, blk, acc, e[j], "pred")
        out.append(acc)
    return out


def needs_mask(ins: Instr) -> bool:
    """Instructions that may fault or have an effect run only in active lanes (an
    `assume` too: a lane that does not run the iteration assumes nothing)."""
    if ins.op == "call":
        return not (ins.decl.pure and ins.decl.speculatable)
    return OPCODES[ins.op].faults  # an assume too: UB when false
