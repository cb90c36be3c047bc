"""What loop-simplify and LCSSA add, taken out again: a phi with one incoming value
(LCSSA's `%x.lcssa = phi [%x, %loop]`) is that value, and a forwarding block (a
preheader, a dedicated exit block: no instructions, a jump, and phis only its
target's phis read on its edge) is bypassed, its predecessors jumping straight to
its target, whose phis take the values they took from it on those edges (its own
phis' values where they read one). Phis' incoming values are then put in one order.

Sound: a one-incoming phi copies its value, and a forwarding block computes
nothing, faults nowhere and observes nothing, so every run of the result is a run
of the input with those copies and visits left out. A block is kept where
bypassing it would give its target two edges from one predecessor (a branch to
both), where it is the entry, or where it jumps to itself.

checks/translation.py compares a pair this way: a function opt only re-simplified
(loop-simplify's blocks, no vectorization) is the same program, proved at once.
"""

from __future__ import annotations

from verifier.ir.program import Branch, Jump, Operand, Program, Ref, copy_program, map_operands


def without_forwarders(prog: Program) -> Program:
    """`prog` with its one-incoming phis replaced by their values and its empty
    forwarding blocks bypassed (a copy; `prog` is unchanged)."""
    p = copy_program(prog)
    _copies_replaced(p)
    changed = True
    while changed:
        changed = False
        for name, blk in list(p.blocks.items()):
            if name == p.entry or blk.instrs or not isinstance(blk.term, Jump):
                continue
            target = blk.term.target
            if target == name or not _only_forwarded(p, name, target):
                continue
            preds = [b for b in p.blocks.values() if name in b.successors()]
            target_preds = {b.name for b in p.blocks.values() if target in b.successors()}
            if not preds or any(b.name in target_preds for b in preds):
                continue  # an edge from one predecessor twice, or an unreachable block
            for b in preds:
                t = b.term
                if isinstance(t, Jump):
                    t.target = target
                elif isinstance(t, Branch):
                    t.then = target if t.then == name else t.then
                    t.other = target if t.other == name else t.other
            own = {ph.dest: ph.incoming for ph in blk.phis}
            for ph in p.blocks[target].phis:
                incoming: list[tuple[str, Operand]] = []
                for src, op in ph.incoming:
                    if src != name:
                        incoming.append((src, op))
                    elif isinstance(op, Ref) and op.name in own:
                        incoming += own[op.name]  # a dedicated exit's phi, merged into the target's
                    else:
                        incoming += [(b.name, op) for b in preds]
                ph.incoming = incoming
            del p.blocks[name]
            changed = True
    for blk in p.blocks.values():  # a phi's incoming values are a set: one order to compare
        for ph in blk.phis:
            ph.incoming.sort(key=lambda e: e[0])
    return p


def _only_forwarded(p: Program, name: str, target: str) -> bool:
    """Block `name`'s phis (a dedicated exit block's) are used only by `target`'s
    phis on the edge from `name`: bypassing it may merge them into those."""
    mine = {ph.dest for ph in p.blocks[name].phis}
    if not mine:
        return True
    for blk in p.blocks.values():
        for ph in blk.phis:
            if any(isinstance(op, Ref) and op.name in mine and (blk.name != target or src != name)
                   for src, op in ph.incoming):
                return False
        uses = [a for ins in blk.instrs for a in ins.args]
        if isinstance(blk.term, Branch):
            uses.append(blk.term.cond)
        if any(isinstance(a, Ref) and a.name in mine for a in uses):
            return False
    return True


def _copies_replaced(p: Program) -> None:
    """Every phi with one incoming value replaced, in every use, by that value."""
    same: dict[str, Operand] = {}
    for blk in p.blocks.values():
        keep = []
        for ph in blk.phis:
            if len(ph.incoming) == 1:
                same[ph.dest] = ph.incoming[0][1]
            else:
                keep.append(ph)
        blk.phis = keep

    def sub(op: Operand) -> Operand:
        while isinstance(op, Ref) and op.name in same:
            op = same[op.name]
        return op

    map_operands(p.blocks, sub)
