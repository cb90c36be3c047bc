"""Exits of the loop and the dependence slices of their conditions (seed 000:
"Hoistability", "Speculatability").

An exit is a branch in the loop with one successor outside it. Its condition's
slice is the set of loop instructions it depends on through SSA operands, down
to the header phis (the iteration's inputs), together with the slices of the
in-loop branches that decide whether the exit's block runs (its guards: a lane's
exit is taken only where its guards let it get there). A countable exit's slice reads no
memory and calls nothing (the trip-count test, `i < N`); every other exit is
data-dependent and must be hoisted and speculated to vectorize the loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from verifier.analysis.loops import Loop, find_loops
from verifier.errors import UserError
from verifier.ir.opcodes import OPCODES
from verifier.ir.program import Branch, Const, Instr, Operand, Phi, PoisonConst, Program, Ref
from verifier.ir.types import IntType, mask


def _touches_state(op: str) -> bool:
    """An operation an exit's count may not depend on: memory, effects, faults."""
    o = OPCODES[op]
    return o.memory or o.effect or o.faults


@dataclass(frozen=True)
class Induction:
    """A header phi that starts at `start` and steps by the constant `step`
    (through instruction `update`, whose flags the lanes keep)."""

    phi: str
    start: Operand
    step: int  # signed: the constant's signed value, negated for sub
    update: str
    flags: tuple[str, ...]
    op: str = "add"  # the update's opcode, add or sub
    ustep: int = 1  # the constant as an unsigned number (what nuw reads)
    # an inbounds GEP's step: the sum is poison unless it is <=u limit (the object's
    # extent in units, defined before the loop); `update` is then that select
    limit: Operand | None = None

    def lane_offset(self, lane: int, bits: int) -> int | None:
        """The constant that steps the phi by `lane` iterations in one `op`, or None
        when one operation cannot: the flags' poison would differ from `lane` steps."""
        signed = (self.step if self.op == "add" else -self.step) * lane
        if "nsw" in self.flags and not -(1 << (bits - 1)) <= signed < (1 << (bits - 1)):
            return None
        if "nuw" in self.flags and self.ustep * lane >= (1 << bits):
            return None
        return (self.ustep * lane) & ((1 << bits) - 1)


@dataclass(frozen=True)
class Exit:
    """An exit: `block` branches out when `cond` is `exit_when`. Data-dependent exits are
    C1..Ck in body order (the seed's names); countable exits are L1, L2, ..."""

    index: int
    block: str
    cond: Operand
    exit_when: bool
    target: str
    slice: tuple[int, ...]  # uids of the slice's instructions, in program order
    carried: tuple[str, ...]  # header phis the slice reads
    countable: bool
    uid: int  # the branch

    @property
    def name(self) -> str:
        return f"L{self.index}" if self.countable else f"C{self.index}"


@dataclass(frozen=True)
class Lagging:
    """A header phi holding induction `induction`'s previous value (`j = i; i = i + s`,
    as clang keeps a[i-1]) from a constant start one step behind the induction's: in
    every iteration t it is `start + s * t` (wrapping), or poison where the induction
    was. Not an induction itself (its update is the phi, not an add)."""

    phi: str
    induction: str
    start: Const


@dataclass(frozen=True)
class LoopExits:
    loop: Loop
    exits: tuple[Exit, ...]
    inductions: dict[str, Induction]
    instrs: dict[int, Instr]  # uid -> instruction, for the loop's blocks
    lagging: dict[str, Lagging] = field(default_factory=dict)

    @property
    def data_dependent(self) -> tuple[Exit, ...]:
        return tuple(e for e in self.exits if not e.countable)

    @property
    def countable(self) -> tuple[Exit, ...]:
        return tuple(e for e in self.exits if e.countable)


def single_loop(prog: Program) -> Loop:
    loops = find_loops(prog)
    if len(loops) != 1:
        # at the second loop's first statement with a place (none: the whole file)
        b = prog.blocks[loops[1].header] if len(loops) > 1 else None
        places = [x.loc for x in (b.phis + b.instrs if b else [])] + [getattr(b.term, "loc", None) if b else None]
        loc = next((x for x in places if x is not None), None)
        raise UserError(("" if loc else f"{prog.file}: ") + "expected a scalar loop (one loop), "
                        f"found {len(loops)} loops" + (" (this is the second)" if loc else ""), loc)
    return loops[0]


def inductions(prog: Program, lp: Loop) -> dict[str, Induction]:
    """Header phis of the form phi [outside: start, latch: phi +/- constant]."""
    defs = {i.dest: i for b in lp.blocks for i in prog.blocks[b].instrs if i.dest}
    out: dict[str, Induction] = {}
    for ph in prog.blocks[lp.header].phis:
        found = _induction(prog, lp, ph, defs)
        if found is not None:
            out[ph.dest] = found
    return out


def _induction(prog: Program, lp: Loop, ph: Phi, defs: dict[str, Instr]) -> Induction | None:
    """Header phi `ph` as an induction: one start from outside, one value back from
    inside that adds or subtracts a constant (through the front end's inbounds GEP)."""
    carried = _start_and_back(ph, lp)
    if carried is None or carried[1].name not in defs:
        return None
    start, op = carried
    upd, limit = _update_of(defs[op.name], defs)
    by = _constant_operand(prog, upd)
    if upd.op not in ("add", "sub") or upd.args[0] != Ref(ph.dest) or by is None:
        return None
    bits = by.type.bits if hasattr(by.type, "bits") else 64
    step = by.value - (1 << bits) if by.value >> (bits - 1) & 1 else by.value
    return Induction(ph.dest, start, -step if upd.op == "sub" else step, op.name, tuple(upd.attrs.flags),
                     upd.op, by.value & ((1 << bits) - 1), limit)


def _constant_operand(prog: Program, upd: Instr) -> Const | None:
    """The second operand of `upd` as a constant (folded where constants compute it)."""
    by = upd.args[1] if len(upd.args) > 1 else None
    return by if isinstance(by, Const) or by is None else folded(prog, by)


def _start_and_back(ph: Phi, lp: Loop) -> tuple[Operand, Ref] | None:
    """A header phi's one value from outside the loop and one value (a name) from
    inside it; None for any other phi."""
    inside = {op for b, op in ph.incoming if b in lp.blocks}
    outside = [op for b, op in ph.incoming if b not in lp.blocks]
    if len(outside) != 1 or len(inside) != 1:
        return None
    (back,) = inside
    return (outside[0], back) if isinstance(back, Ref) else None


def _update_of(upd: Instr, defs: dict[str, Instr]) -> tuple[Instr, Operand | None]:
    """The arithmetic under a back edge's value: through the front end's inbounds GEP
    (its limit too) or its plain getelementptr (its offset sum, + 0)."""
    limit = _inbounds_limit(upd, defs)
    if limit is not None:
        return defs[upd.args[1].name], limit  # type: ignore[union-attr]
    if upd.op == "add" and isinstance(upd.args[1], Const) and upd.args[1].value == 0 \
            and isinstance(upd.args[0], Ref) and upd.args[0].name in defs:
        return defs[upd.args[0].name], None
    return upd, None


def lagging(prog: Program, lp: Loop, ivs: dict[str, Induction]) -> dict[str, Lagging]:
    """Header phis that hold an induction's previous value (see Lagging)."""
    out: dict[str, Lagging] = {}
    for ph in prog.blocks[lp.header].phis:
        carried = _start_and_back(ph, lp)
        if ph.dest in ivs or carried is None or not isinstance(ph.type, IntType):
            continue
        start, back = carried
        iv = ivs.get(back.name)
        if iv is None or not isinstance(start, Const) or not isinstance(iv.start, Const) or start.type != ph.type:
            continue
        if (iv.start.value - iv.step - start.value) % (1 << ph.type.bits) == 0:
            out[ph.dest] = Lagging(ph.dest, iv.phi, start)
    return out


_FOLDED = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
           "shl": lambda a, b: a << b}


def folded(prog: Program, op: Operand) -> Const | None:
    """`op` as a constant where constants alone compute it by add, sub, mul or shl
    (wrapping): a scalable vector's step, vscale * VF, at the vscale it is read at.
    None where anything else is involved (or a shift reaches past the width)."""
    defs = {i.dest: i for b in prog.blocks.values() for i in b.instrs if i.dest}
    seen = 0

    def value(o: Operand) -> int | None:
        nonlocal seen
        seen += 1
        if isinstance(o, Const) and isinstance(o.type, IntType):
            return o.value & mask(o.type.bits)
        ins = defs.get(o.name) if isinstance(o, Ref) and seen < 32 else None
        if ins is None or ins.op not in _FOLDED or len(ins.args) != 2 or not isinstance(ins.type, IntType):
            return None
        a, b = value(ins.args[0]), value(ins.args[1])
        w = ins.type.bits
        if a is None or b is None or (ins.op == "shl" and b >= w):
            return None
        exact = _FOLDED[ins.op](a, b)
        small = 1 << (w - 1)
        if ins.attrs.flags and not (a < small and b < small and 0 <= exact < small):
            return None  # nsw/nuw: it may be poison (fold only what surely is not)
        return int(exact & mask(w))

    v = value(op)
    ty = defs[op.name].type if isinstance(op, Ref) and op.name in defs else None
    return Const(v, ty) if v is not None and isinstance(ty, IntType) else None


def _inbounds_limit(upd: Instr, defs: dict[str, Instr]) -> Operand | None:
    """For `select(sum <=u L, sum, poison)` (the front end's inbounds GEP), with L not
    computed in the loop: L; else None."""
    if not _selects_or_poison(upd, defs):
        return None
    test = defs.get(upd.args[0].name) if isinstance(upd.args[0], Ref) else None
    if test is None or test.op != "icmp" or test.attrs.pred != "ule" or test.args[0] != upd.args[1]:
        return None
    limit = test.args[1]
    if isinstance(limit, Ref) and limit.name in defs:
        return None
    return limit


def _selects_or_poison(upd: Instr, defs: dict[str, Instr]) -> bool:
    """`select(c, x, poison)` with c a value and x one the loop computes."""
    c, x, other = upd.args[:3] if upd.op == "select" else (None, None, None)
    return isinstance(other, PoisonConst) and isinstance(c, Ref) and isinstance(x, Ref) and x.name in defs


def analyse(prog: Program) -> LoopExits:
    """The loop's exits in body order, with slices and countability."""
    lp = single_loop(prog)
    instrs = {i.uid: i for b in lp.body_order for i in prog.blocks[b].instrs}
    defs = {i.dest: i for i in instrs.values() if i.dest}
    phis = _loop_phis(prog, lp)
    ivs = inductions(prog, lp)
    guards = control_guards(prog, lp)
    exits: list[Exit] = []
    counts = {True: 0, False: 0}
    for b in lp.body_order:
        t = prog.blocks[b].term
        if not _exits_loop(t, lp):
            continue
        assert isinstance(t, Branch)
        out_then = t.then not in lp.blocks
        # with the branches that decide whether the exit's block runs
        sl, carried = _slices(prog, [t, *(prog.blocks[g].term for g in guards[b])], defs, phis)
        countable = _countable(sl, carried, instrs, ivs)
        counts[countable] += 1
        exits.append(Exit(counts[countable], b, t.cond, out_then, t.then if out_then else t.other,
                          tuple(sorted(sl)), tuple(sorted(carried)), countable, t.uid))
    return LoopExits(lp, tuple(exits), ivs, instrs, lagging(prog, lp, ivs))


def _loop_phis(prog: Program, lp: Loop) -> dict[str, Phi]:
    return {ph.dest: ph for b in lp.blocks for ph in prog.blocks[b].phis}


def _exits_loop(t: object, lp: Loop) -> bool:
    """A branch with one edge out of the loop."""
    return isinstance(t, Branch) and (t.then not in lp.blocks) != (t.other not in lp.blocks)


def _countable(sl: set[int], carried: set[str], instrs: dict[int, Instr], ivs: dict[str, Induction]) -> bool:
    """An exit whose slice reads no memory or state and carries only inductions."""
    return not any(_touches_state(instrs[u].op) for u in sl) and carried <= ivs.keys()


def _slices(prog: Program, branches: list[Any], defs: dict[str, Instr], phis: dict[str, Phi]) -> tuple[set[int],
                                                                                                       set[str]]:
    """The union of the branches' conditions' slices (slice_of)."""
    sl: set[int] = set()
    carried: set[str] = set()
    for t in branches:
        assert isinstance(t, Branch)
        gs, gc = slice_of(t.cond, defs, phis)
        sl |= gs
        carried |= gc
    return sl, carried


def control_guards(prog: Program, lp: Loop) -> dict[str, set[str]]:
    """For each loop block, the blocks of the in-loop branches that decide whether it
    runs in an iteration (control dependence within one iteration, transitively).
    Exits are left out (as branches and as edges): the lane predicates order them,
    so a block after an exit is not guarded by it here. A vector loop
    must evaluate these branches' conditions for every lane to know whether a lane
    reaches an exit, so they belong to the exit's slice (seed 000: nested conditions
    are and-ed into the predicates)."""
    end = ("end",)  # the iteration's end: the back edge
    ipdom = nx.immediate_dominators(_iteration_graph(prog, lp, end).reverse(copy=True), end)
    direct: dict[str, set[str]] = {b: set() for b in lp.blocks}
    for a in (a for a in lp.blocks if _inner_branch(prog, lp, a)):
        t = prog.blocks[a].term
        assert isinstance(t, Branch)
        for s in (t.then, t.other):
            for node in _until_join(ipdom, end if s == lp.header else s, ipdom.get(a), end):
                direct[node].add(a)
    return {b: _closure(direct, b) for b in lp.blocks}


def _iteration_graph(prog: Program, lp: Loop, end: Any) -> nx.DiGraph:
    """One iteration's CFG: the loop's blocks and edges, the back edge going to `end`."""
    g: nx.DiGraph = nx.DiGraph()
    g.add_node(end)
    for b in lp.blocks:
        g.add_node(b)
        g.add_edges_from((b, end if s == lp.header else s) for s in prog.blocks[b].successors() if s in lp.blocks)
    return g


def _until_join(ipdom: dict[Any, Any], node: Any, join: Any, end: Any) -> list[str]:
    """The blocks from `node` up the post-dominator tree, before the branch's join
    (its immediate post-dominator) or the iteration's end."""
    out = []
    while node != join and node != end:
        out.append(node)
        node = ipdom[node]
    return out


def _inner_branch(prog: Program, lp: Loop, a: str) -> bool:
    """Whether block `a` ends in a two-way branch between blocks of the loop."""
    t = prog.blocks[a].term
    return isinstance(t, Branch) and t.then != t.other and t.then in lp.blocks and t.other in lp.blocks


def _closure(direct: dict[str, set[str]], b: str) -> set[str]:
    """What `b` depends on through `direct`, transitively."""
    seen: set[str] = set()
    work = list(direct[b])
    while work:
        a = work.pop()
        if a not in seen:
            seen.add(a)
            work.extend(direct[a])
    return seen


def slice_of(cond: Operand, defs: dict[str, Instr], phis: dict[str, Phi]) -> tuple[set[int], set[str]]:
    """The loop instructions `cond` depends on, and the loop phis it reaches."""
    seen: set[int] = set()
    carried: set[str] = set()
    work = [cond]
    while work:
        op = work.pop()
        if not isinstance(op, Ref):
            continue
        if op.name in phis:
            carried.add(op.name)
            continue
        ins = defs.get(op.name)
        if ins is None or ins.uid in seen:
            continue  # defined outside the loop: invariant
        seen.add(ins.uid)
        work.extend(ins.args)
    return seen, carried
