"""Iteration-set splitting (seed 001, "Internal Control Flow"): a loop whose branch
on a monotone condition takes one way and then, for good, the other becomes two
loops, the first for the iterations before the condition turns, the second for the
rest with the branch gone.

    loop 1: the original, but where the branch first goes the other way it leaves
            to `split` (the iteration is not finished: loop 2 starts it again);
    split:  takes the header's values of that iteration;
    loop 2: a copy of the loop entered from `split`, the branch always going the
            other way; its exits go where the loop's went.

Sound when the condition, once turned, stays turned (the persistence lemma that
checks/rewrite.py proves), and when starting the interrupted iteration again gives
what it gave: the part of the iteration before the branch has no effect and makes
no nondeterministic choice (freeze, undef). Values of the loop read after it must
come through phis of the exit blocks (LCSSA), which gain loop 2's incoming values.
"""

from __future__ import annotations

import networkx as nx

from verifier.analysis.exits import single_loop
from verifier.analysis.loops import Loop, reachable_cfg, uses_outside
from verifier.ir.opcodes import OPCODES
from verifier.ir.printer import instr as instr_text
from verifier.ir.program import (
    Block,
    Branch,
    Fresh,
    Instr,
    Jump,
    Operand,
    Phi,
    Program,
    Ref,
    Undef,
    copy_program,
)
from verifier.transforms.exit_from_condition import Candidate, Unbuildable

SUFFIX = ".split"


def split_iterations(prog: Program, cand: Candidate) -> Program:
    """Two loops for `prog`'s one, split where the branch in `cand.block` turns."""
    lp = single_loop(prog)
    _check_restartable(prog, lp.blocks, lp.header, cand.block)
    _check_lcssa(prog, lp)
    inside = {ph.dest for b in lp.blocks for ph in prog.blocks[b].phis} | \
        {i.dest for b in lp.blocks for i in prog.blocks[b].instrs if i.dest}
    p = copy_program(prog)
    fresh = Fresh.of(p, None)
    names = {b: fresh.name(b + SUFFIX) for b in lp.body_order}
    values = {v: fresh.name(v + SUFFIX) for v in sorted(inside)}
    split = fresh.name("split")

    def renamed(op: Operand) -> Operand:
        return Ref(values[op.name]) if isinstance(op, Ref) and op.name in values else op

    # loop 1: leave to `split` where the branch first goes the skipped way
    t = p.blocks[cand.block].term
    assert isinstance(t, Branch)
    if t.other == cand.skip:
        t.other = split
    else:
        t.then = split
    for ph in p.blocks[cand.skip].phis:
        ph.incoming = [(b, op) for b, op in ph.incoming if b != cand.block]
    carried = [Phi(fresh.uid(), fresh.name(ph.dest + ".at_split"), ph.type, [(cand.block, Ref(ph.dest))], ph.loc)
               for ph in p.blocks[lp.header].phis]
    # loop 2: a renamed copy, entered from `split`, the branch always the skipped way
    copies = {names[b]: _loop2_block(prog.blocks[b], cand, names, values, fresh) for b in lp.body_order}
    for ph in copies[names[lp.header]].phis:
        k = next(i for i, (src, _) in enumerate(ph.incoming) if src not in names.values())
        scalar = next(q for q, v in values.items() if v == ph.dest)
        ph.incoming[k] = (split, Ref(next(c.dest for c in carried if c.incoming[0][1] == Ref(scalar))))
    # the exits: loop 2's exiting blocks bring their own values
    for b in lp.exiting:
        for x in prog.blocks[b].successors():
            for ph in p.blocks[x].phis if x not in lp.blocks else []:
                came = dict(ph.incoming).get(b)
                if came is not None:
                    ph.incoming.append((names[b], renamed(came)))
    blocks = list(p.blocks.items())
    at = max(k for k, (n, _) in enumerate(blocks) if n in lp.blocks) + 1
    blocks[at:at] = [(split, Block(split, carried, [], Jump(names[lp.header])))] + list(copies.items())
    p.blocks = dict(blocks)
    _drop_unreachable(p)  # each loop's copy of the side it never takes
    p.name = f"{prog.name}.split"
    return p


def _check_lcssa(prog: Program, lp: Loop) -> None:
    """Only an exit block's phi, from an exiting block, may read the loop's values
    after it (it gains loop 2's value); Unbuildable otherwise."""
    for use in uses_outside(prog, lp):
        if use.pred is None or use.pred not in lp.exiting or use.block not in prog.blocks[use.pred].successors():
            raise Unbuildable(f"{use.value} is read after the loop other than by a phi of an exit block on the "
                              f"edge from the loop ({use.user}): splitting needs LCSSA form")


def _loop2_block(old: Block, cand: Candidate, names: dict[str, str], values: dict[str, str], fresh: Fresh) -> Block:
    """Loop 2's copy of `old`: renamed, and the candidate's branch always the skipped way."""
    def renamed(op: Operand) -> Operand:
        return Ref(values[op.name]) if isinstance(op, Ref) and op.name in values else op

    b = old.name
    phis = [Phi(fresh.uid(), values[ph.dest], ph.type,
                [(names.get(src, src), renamed(op)) for src, op in ph.incoming
                 if not (b == cand.skip and src == cand.block)], ph.loc) for ph in old.phis]
    instrs = [Instr(fresh.uid(), i.op, [renamed(a) for a in i.args], i.type,
                    values[i.dest] if i.dest else None, i.attrs.but(), i.loc) for i in old.instrs]
    term = old.term
    if b == cand.block:
        new_term: Jump | Branch = Jump(names[cand.skip])
    elif isinstance(term, Branch):
        new_term = Branch(renamed(term.cond), names.get(term.then, term.then), names.get(term.other, term.other),
                          fresh.uid(), term.loc)
    else:
        assert isinstance(term, Jump)
        new_term = Jump(names.get(term.target, term.target))
    return Block(names[b], phis, instrs, new_term)


def _drop_unreachable(p: Program) -> None:
    """`p` without the blocks its entry does not reach, nor phi entries from them."""
    live = set(reachable_cfg(p).nodes)
    p.blocks = {n: b for n, b in p.blocks.items() if n in live}
    for blk in p.blocks.values():
        for ph in blk.phis:
            ph.incoming = [(b, op) for b, op in ph.incoming if b in live]


def _check_restartable(prog: Program, loop: frozenset[str], header: str, block: str) -> None:
    """The part of an iteration up to the branch in `block` can run again: no effect,
    no freeze, no undef (loop 2 starts the interrupted iteration anew)."""
    g = reachable_cfg(prog).subgraph(loop).copy()
    g.remove_edges_from([(u, v) for u, v in list(g.edges) if v == header])
    before = {b for b in loop if b == block or (nx.has_path(g, header, b) and nx.has_path(g, b, block))}
    for b in sorted(before):
        for ins in prog.blocks[b].instrs:
            if OPCODES[ins.op].effect or ins.op == "freeze" or any(isinstance(a, Undef) for a in ins.args):
                raise Unbuildable(f"`{instr_text(ins)}` in {b} runs before the branch in {block}: the split "
                                  "would run it twice in the iteration where the condition turns")
