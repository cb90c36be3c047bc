"""Loop-closed SSA, as LLVM's LCSSA pass leaves a loop: every exit edge goes through
a block of its own (a dedicated exit), and every value a loop defines that code
after the loop uses reaches that code through a one-incoming phi in those blocks
(`%x.lcssa = phi [%x, %exiting]`), merged by phis where exit paths join.

The LLVM emitter reads loops in this form (what clang's pipeline gives it), and the
lowering of models (emit/lower.py) brings a model's loops to it. Sound: it is the
inverse of forwarders.without_forwarders. A forwarding block computes nothing and
faults nowhere, a one-incoming phi copies its value, and a merge phi takes on each
edge the copy that reaches that edge, which is the value the use read before.
"""

from __future__ import annotations

import networkx as nx

from verifier.analysis.loops import dominates, every_loop, reachable_cfg
from verifier.analysis.ssa import SsaReader
from verifier.ir.program import (
    Block,
    Branch,
    Fresh,
    Jump,
    Operand,
    Phi,
    PoisonConst,
    Program,
    Ref,
    copy_program,
)
from verifier.ir.types import Type


def loop_closed(prog: Program, headers: frozenset[str] | None = None) -> Program:
    """`prog` with each loop's exits dedicated and its values used after it passed
    through LCSSA phis (a copy; `prog` is unchanged). `headers`: only the loops with
    these headers (default: every loop)."""
    p = copy_program(prog)
    fresh = Fresh.of(p, None)
    done: set[str] = set()
    while True:
        loop = next((lp for lp in every_loop(p) if lp.header not in done
                     and (headers is None or lp.header in headers)), None)
        if loop is None:
            return p
        done.add(loop.header)
        _close(p, loop.blocks, fresh)


def _close(p: Program, body: frozenset[str], fresh: Fresh) -> None:
    """The loop `body` of `p` closed: dedicated exits, and every value of the loop used
    after it read through an LCSSA phi (merged where exit paths join)."""
    used = _used_after(p, body)
    exits = _dedicated_exits(p, body, fresh)
    if not used:
        return
    types = p.value_types()
    preds: dict[str, list[str]] = {n: [] for n in p.blocks}
    for n, blk in p.blocks.items():
        for s in dict.fromkeys(blk.successors()):
            preds[s].append(n)
    idom = nx.immediate_dominators(reachable_cfg(p), p.entry)
    where = p.def_blocks()
    for v in used:
        at = Reader(p, preds, v, types[v], fresh)
        for e, b in exits.items():
            if dominates(idom, where[v], b):
                at.exits[e] = b
            else:  # no path through this exit reaches a use of v (v does not dominate it)
                at.defs[e] = PoisonConst(types[v])
        for name, blk in p.blocks.items():
            if name not in body and name not in exits:
                _read_through(blk, name, Ref(v), at)


def _used_after(p: Program, body: frozenset[str]) -> list[str]:
    """The loop's values read outside it (a phi's operand counts where it comes from
    outside), in the order of their first use."""
    defined = {ph.dest for b in body for ph in p.blocks[b].phis}
    defined |= {i.dest for b in body for i in p.blocks[b].instrs if i.dest is not None}
    used: list[str] = []
    for name, blk in p.blocks.items():
        for op, frm in _uses(blk):
            outside = name not in body or (frm is not None and frm not in body)
            if isinstance(op, Ref) and op.name in defined and op.name not in used and outside:
                used.append(op.name)
    return used


def _dedicated_exits(p: Program, body: frozenset[str], fresh: Fresh) -> dict[str, str]:
    """Each exit edge through a block of its own: the new block -> the exiting block
    it leaves from."""
    exits: dict[str, str] = {}
    for b in sorted(body, key=list(p.blocks).index):
        for s in dict.fromkeys(p.blocks[b].successors()):
            if s in body:
                continue
            e = fresh.name(f"{s}.loopexit")
            p.blocks[e] = Block(e, [], [], Jump(s))
            _retarget(p.blocks[b], s, e)
            for ph in p.blocks[s].phis:
                ph.incoming = [(e if frm == b else frm, op) for frm, op in ph.incoming]
            exits[e] = b
    return exits


def _read_through(blk: Block, name: str, v: Ref, at: Reader) -> None:
    """Every read of `v` in `blk` (named `name`) made through `at` (a phi's operand at
    the predecessor it comes from)."""
    for ph in blk.phis:
        ph.incoming = [(frm, at(frm) if op == v else op) for frm, op in ph.incoming]
    for ins in blk.instrs:
        ins.args = [at(name) if op == v else op for op in ins.args]
    if isinstance(blk.term, Branch) and blk.term.cond == v:
        blk.term.cond = at(name)


def _uses(blk: Block) -> list[tuple[Operand, str | None]]:
    """Every operand `blk` reads, with the predecessor a phi's operand comes from."""
    out: list[tuple[Operand, str | None]] = [(op, frm) for ph in blk.phis for frm, op in ph.incoming]
    out += [(op, None) for i in blk.instrs for op in i.args]
    if isinstance(blk.term, Branch):
        out.append((blk.term.cond, None))
    return out


def _retarget(blk: Block, old: str, new: str) -> None:
    if isinstance(blk.term, Jump) and blk.term.target == old:
        blk.term = Jump(new)
    elif isinstance(blk.term, Branch):
        t = blk.term
        blk.term = Branch(t.cond, new if t.then == old else t.then, new if t.other == old else t.other, t.uid, t.loc)


class Reader(SsaReader[Operand]):
    """The value of `v` at a block after the loop (analysis/ssa.SsaReader's placement):
    an exit's LCSSA phi (`exits`: a dedicated exit v reaches -> its exiting block, where
    v is itself), or where exit paths join, a phi over what each predecessor has."""

    def __init__(self, p: Program, preds: dict[str, list[str]], v: str, t: Type, fresh: Fresh,
                 unreached: Operand | None = None) -> None:
        super().__init__(preds, unreached)
        self.p, self.v, self.t, self.fresh = p, v, t, fresh
        self.exits: dict[str, str] = {}

    def defined(self, block: str) -> Operand | None:
        return Ref(self.v) if block in self.exits.values() else None

    def joins(self, block: str) -> bool:
        return block in self.exits or super().joins(block)

    def new_phi(self, block: str) -> Operand:
        d = self.fresh.name(f"{self.v}.lcssa" if block in self.exits else f"{self.v}.merge")
        self.p.blocks[block].phis.append(Phi(self.fresh.uid(), d, self.t, []))
        return Ref(d)

    def fill(self, block: str, phi: Operand, incoming: list[tuple[str, Operand]]) -> None:
        ph = next(ph for ph in self.p.blocks[block].phis if Ref(ph.dest) == phi)
        ph.incoming = incoming
