"""Where a step of the induction enters a target's loop from (transforms/step.py),
when the target's code before its loops does not go there on every input.

A step compares the source and the target from one state at a loop header, each
running its own code before the loop first. A real run of the target visits the
header only on inputs whose code before the loops leads to the block the header is
entered from (LLVM's `%min.iters.check` sends short trip counts to the scalar loop
instead): on other inputs no such visit exists, and the step need not cover them.

- `reached` is that condition: whether the target's code before its loops gets to a
  block, computed as the target computes it. It is copied into the source step as an
  assumption, so the inputs where it fails leave the step vacuous (they are the base
  case's, transforms/step.source_prefix, to compare). Copied code must compute the
  same value in both programs: only operations without memory, effects, faults or
  choices, over the parameters the two programs share; anything else is NoWindow.
  The condition is built with `select`, not `and`/`or`: a branch not taken may test
  poison without making the condition poison (which would leave real runs out).
- `jump_to` makes the target go straight from such a block to the one its header is
  entered from, past a loop between them (the vector loop before LLVM's remainder
  loop): the window's free state at the header stands for whatever that loop left;
  the code it skips may have no effects, unless the caller shows why skipping them
  keeps every real run covered (step.remainder_steps).
"""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx

from verifier.analysis.exits import folded
from verifier.analysis.loops import every_loop, find_loops, reachable_cfg
from verifier.ir.opcodes import opcode
from verifier.ir.program import (
    Attrs,
    Block,
    Branch,
    Const,
    Fresh,
    Instr,
    Jump,
    Operand,
    Program,
    Ref,
    Undef,
    chooses,
    copy_program,
)
from verifier.ir.types import I1, IntType, mask
from verifier.transforms.window import NoWindow

TRUE, FALSE = Const(1, I1), Const(0, I1)
_NOT_COPIED = ("call", "freeze", "assume", "out", "load", "store")


def acyclic_entry(p: Program, pre: str) -> str:
    """The nearest block that dominates `pre` (itself included) and that no loop
    precedes: every run that reaches `pre` passed it, before any loop."""
    g = reachable_cfg(p)
    idom = nx.immediate_dominators(g, p.entry)
    in_loops = {b for lp in find_loops(p) for b in lp.blocks}
    b = pre
    while in_loops & (nx.ancestors(g, b) | {b}):
        if idom[b] == b:
            raise NoWindow(f"every path to {pre} runs a loop")
        b = idom[b]
    return b


def copier(tgt: Program, region: set[str] | None, fresh: Fresh) -> tuple[list[Instr], Callable[[Operand], Operand]]:
    """A function copying the code `tgt` computes an operand with into another
    program (names and ids from `fresh`), and the list it appends that code to:
    parameters and constants as they are, values defined in `region` (default:
    outside every loop) by code that computes the same in any program over the same
    parameters (module docstring); anything else is NoWindow."""
    if region is None:
        in_loops = {b for lp in find_loops(tgt) for b in lp.blocks}
        region = set(tgt.blocks) - in_loops
    out: list[Instr] = []
    renamed: dict[str, Operand] = {}
    params = {q.name for q in tgt.params}
    defs = {i.dest: (b.name, i) for b in tgt.blocks.values() for i in b.instrs if i.dest}
    # a phi of one incoming value is that value (an outer loop's state at the start of
    # one of its iterations: transforms/outer_iteration.py)
    single = {ph.dest: (b.name, ph.incoming[0][1]) for b in tgt.blocks.values() for ph in b.phis
              if len(ph.incoming) == 1}

    def copy(op: Operand) -> Operand:
        if not isinstance(op, Ref) or op.name in params:
            return op
        if op.name in renamed:
            return renamed[op.name]
        if op.name in single and single[op.name][0] in region:
            renamed[op.name] = copy(single[op.name][1])
            return renamed[op.name]
        home = defs.get(op.name)
        if home is None or home[0] not in region:
            raise NoWindow(f"the target's code before its loops tests {op.name!r}, which it does not compute there")
        ins = home[1]
        if not copyable(ins, tgt):
            raise NoWindow(f"the target's code before its loops tests a value its {ins.op} computes")
        args = [copy(a) for a in ins.args]
        dest = fresh.name(f"guard.{op.name}")
        out.append(Instr(fresh.uid(), ins.op, args, ins.type, dest, ins.attrs))
        renamed[op.name] = Ref(dest)
        return renamed[op.name]

    return out, copy


def reached(tgt: Program, block: str, into: Program) -> tuple[list[Instr], Operand]:
    """Instructions for `into` (fresh names and ids) computing whether `tgt`'s code
    before its loops reaches `block`, and that condition."""
    g = reachable_cfg(tgt)
    region = nx.ancestors(g, block) | {block}
    fresh = Fresh.of(into, "g")
    out, copy = copier(tgt, region, fresh)

    def select(c: Operand, a: Operand, b: Operand, hint: str) -> Operand:
        if c == TRUE:
            return a
        if c == FALSE:
            return b
        if a == TRUE and b == FALSE:
            return c
        dest = fresh.name(hint)
        out.append(Instr(fresh.uid(), "select", [c, a, b], I1, dest, Attrs()))
        return Ref(dest)

    reach: dict[str, Operand] = {}
    for b in nx.topological_sort(g.subgraph(region)):
        if b == tgt.entry:
            reach[b] = TRUE
            continue
        r: Operand = FALSE
        for q in g.predecessors(b):
            if q not in region:
                continue
            t = tgt.blocks[q].term
            edge: Operand
            if isinstance(t, Jump) or (isinstance(t, Branch) and t.then == t.other):
                edge = TRUE
            elif isinstance(t, Branch):
                c = copy(t.cond)
                edge = c if t.then == b else select(c, FALSE, TRUE, "guard.not")
            else:
                raise NoWindow(f"the target's way to {block} leaves {q} by a {type(t).__name__}")
            taken = select(reach[q], edge, FALSE, "guard.edge")
            r = select(r, TRUE, taken, "guard.reach") if r != FALSE else taken
        reach[b] = r
    return out, reach[block]


def copyable(ins: Instr, prog: Program | None) -> bool:
    """Whether a copy of `ins` computes what it computes wherever its operands are the
    same: no memory, effects, faults, choices or undef (`prog`: the program `ins` is
    in, whose constants alone may compute a divisor)."""
    o = opcode(ins.op)
    return not (ins.op in _NOT_COPIED or o.memory or o.effect or _may_fault(ins, prog) or chooses(ins)
                or any(isinstance(a, Undef) for a in ins.args))


def _may_fault(ins: Instr, prog: Program | None) -> bool:
    """Whether `ins` may be UB: a division is not where its divisor is a constant
    other than 0 (and, signed, -1), written so or computed by constants alone
    (analysis/exits.folded: a scalable vector's vscale * VF at the vscale read)."""
    if not opcode(ins.op).faults:
        return False
    if ins.op not in ("udiv", "urem", "sdiv", "srem") or not isinstance(ins.type, IntType):
        return True
    d = ins.args[1]
    if isinstance(d, Ref) and prog is not None:
        d = folded(prog, d) or d
    return not isinstance(d, Const) or not _safe_divisor(d.value & mask(ins.type.bits), ins.type.bits,
                                                          ins.op[0] == "s")


def _safe_divisor(v: int, w: int, signed: bool) -> bool:
    """Whether dividing by the `w`-bit constant `v` never faults: not 0, nor -1 signed."""
    return v != 0 and not (signed and v == mask(w))


def assume_reached(src: Program, tgt: Program, block: str) -> Program:
    """`src` (a step) assuming, before anything else, that `tgt` reaches `block`
    (unchanged where it always does)."""
    code, cond = reached(tgt, block, src)
    if cond == TRUE:
        return src
    uid = max(i.uid for i in code) + 1
    return prepend(src, tgt, code + [Instr(uid, "assume", [cond], None, None, Attrs())])


def prepend(src: Program, tgt: Program, code: list[Instr]) -> Program:
    """A copy of `src` that runs `code` (copied from `tgt` by `copier`, with names and
    ids fresh in `src`) first."""
    missing = {q.name for q in tgt.params} - {q.name for q in src.params}
    if missing:
        raise NoWindow(f"the target's parameters {sorted(missing)} are not the source's")
    p = copy_program(src)
    entry = p.blocks[p.entry]
    entry.instrs = code + entry.instrs
    return p


def _no_act(blk: Block, where: str) -> None:
    """NoWindow where `blk` runs a call, a store, an output, an effect or another
    memory operation than a load."""
    for ins in blk.instrs:
        o = opcode(ins.op)
        if ins.op in ("call", "store", "out") or o.effect or (o.memory and ins.op != "load"):
            raise NoWindow(f"the target's {blk.name} runs {ins.op} {where}")


def jump_to(p: Program, src: str, pre: str, skipped_acts: bool = False) -> None:
    """Make block `src` of `p` jump straight to `pre` (a successor of it, or `src` is
    `pre`), and drop the blocks no longer reached. `pre`'s code may have no effects:
    a real run reaches `pre` on either way, and the step's trace must be the base
    case's up to `src`. The code dropped may have none either, unless `skipped_acts`
    (transforms/step.remainder_steps, which says why its stores, calls and ends may
    be skipped)."""
    if src == pre:
        return
    if pre not in p.blocks[src].successors() and not (skipped_acts and not p.blocks[pre].phis):
        # (a block without phis may be jumped to from further away: seed 000's listing
        # enters its remainder only after its vector loop's header test)
        raise NoWindow(f"{pre} is not entered from {src}, where the target's code before its loops ends")
    before = reachable_cfg(p)
    in_loops = set().union(*(lp.blocks for lp in every_loop(p)))
    p.blocks[src].term = Jump(pre)
    live = set(nx.descendants(reachable_cfg(p), p.entry)) | {p.entry}
    dropped = [b for b in p.blocks if b not in live]
    for name in ([] if skipped_acts else dropped) + [pre]:
        _no_act(p.blocks[name], "between its loops")
    # skipped code outside the loops that leads on to `pre` (a middle block) may have no
    # effects: window.check_loops vouches only for what the loops write, and the base
    # case and the steps compare only the loops' events
    for name in dropped if skipped_acts else []:
        if name not in in_loops and name in before and nx.has_path(before, name, pre):
            _no_act(p.blocks[name], "between its loops, outside them")
    for name in [b for b in p.blocks if b not in live]:
        del p.blocks[name]
    for blk in p.blocks.values():
        for ph in blk.phis:
            ph.incoming = [(b, op) for b, op in ph.incoming if b in live]

