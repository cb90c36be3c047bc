"""Seed 001, "Internal Control Flow": a conditional block on a monotone induction
turned into an early exit.

    loop:  cmp = iv < a;  if (cmp) goto then else goto inc     ; iv rises, no wrap
    then:  ... (effects) ...
    inc:   iv.next = iv + 1; if (iv.next == n) goto exit else goto loop

Once `iv < a` is false it stays false (iv rises without wrapping and a does not
change), and an iteration that takes the not-taken path does nothing observable: no
store, no call with an effect, no exit but the latch's, no value of the loop used
after it. So the first such iteration may leave the loop for the latch's exit block
instead: `if (cmp) goto then else goto exit`. The iterations it skips change only
values nobody reads; the original reaches the same exit in the same state (when it
ends at all: the rewrite also ends where the original would have run forever
without effect). `recognise` checks each of these conditions and names the first
that fails; the checks (checks/rewrite.py) prove the result refines the original.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from verifier.analysis.exits import Induction, inductions, single_loop
from verifier.analysis.loops import Loop, dominates, reachable_cfg, uses_outside
from verifier.ir.opcodes import OPCODES
from verifier.ir.printer import instr as instr_text
from verifier.ir.program import Branch, Instr, Loc, Operand, Program, Ref, copy_program, given

# predicates true then false as their left operand rises, and their mirror images
_FALLS = {"slt": "nsw", "sle": "nsw", "ult": "nuw", "ule": "nuw"}
_RISES = {"sgt": "nsw", "sge": "nsw", "ugt": "nuw", "uge": "nuw"}
_SWAP = {"slt": "sgt", "sle": "sge", "ult": "ugt", "ule": "uge", "sgt": "slt", "sge": "sle", "ugt": "ult",
         "uge": "ule", "eq": "eq", "ne": "ne"}


@dataclass(frozen=True)
class Candidate:
    """A conditional block whose not-taken side may become an exit: the branch in
    `block` on `cond` goes to `skip` on the iterations to drop (when `cond` is
    `skip_when`) and the rewrite sends those to `exit_to`."""

    block: str
    cond: str
    skip: str
    skip_when: bool
    exit_to: str
    latch: str
    iv: str | None = None
    loc: Loc | None = None


@dataclass(frozen=True)
class Refusal:
    """Why the branch in `block` cannot become an exit."""

    block: str
    reason: str
    loc: Loc | None = None

    def __str__(self) -> str:
        at = f" (line {self.loc.line})" if self.loc else ""
        return f"the branch in {self.block}{at}: {self.reason}"


def conditional_blocks(prog: Program, lp: Loop) -> list[str]:
    """In-loop branches that are not exits: both ways stay in the loop, the back edge
    not among them."""
    out = []
    for b in lp.body_order:
        t = prog.blocks[b].term
        if isinstance(t, Branch) and t.then != t.other and {t.then, t.other} <= lp.blocks - {lp.header}:
            out.append(b)
    return out


def recognise(prog: Program, split: bool = False) -> tuple[list[Candidate], list[Refusal]]:
    """Every conditional block of the loop that may become an early exit, and for the
    others the first condition that fails. `split`: only the monotone condition is
    asked for (iteration-set splitting keeps the skipped iterations' effects)."""
    lp = single_loop(prog)
    ivs = inductions(prog, lp)
    found: list[Candidate] = []
    refused: list[Refusal] = []
    blocks = conditional_blocks(prog, lp)
    if not blocks:
        return [], [Refusal(lp.header, "the loop has no conditional block (a branch with both ways inside it)")]
    for b in blocks:
        t = prog.blocks[b].term
        assert isinstance(t, Branch)
        try:
            found.append(_recognise(prog, lp, ivs, b, t, split))
        except _No as e:
            refused.append(Refusal(b, str(e), t.loc))
    return found, refused


class _No(Exception):
    pass


def _recognise(prog: Program, lp: Loop, ivs: dict[str, Induction], b: str, t: Branch, split: bool) -> Candidate:
    latch, exit_to = _latch_exit(prog, lp)
    defs = {i.dest: i for blk in lp.blocks for i in prog.blocks[blk].instrs if i.dest}
    inside = set(defs) | {ph.dest for blk in lp.blocks for ph in prog.blocks[blk].phis}
    cmp = defs.get(t.cond.name) if isinstance(t.cond, Ref) else None
    if cmp is None or cmp.op != "icmp":
        raise _No(f"its condition is not a comparison computed in the loop ({_show(t.cond, defs)})")
    pred = given(cmp.attrs.pred, cmp, "predicate")
    iv, other = None, None
    for k, (x, y) in enumerate((cmp.args, cmp.args[::-1])):
        iv = _induction_of(x, ivs)
        if iv is not None and not _varies(y, inside):
            other = y
            pred = pred if k == 0 else _SWAP[pred]
            break
    if iv is None or other is None:
        raise _No(f"{_show(t.cond, defs)} does not compare the induction with a loop-invariant value, "
                  "so it need not be monotone (it may turn true again after it turned false)")
    falls = iv.step > 0 and pred in _FALLS or iv.step < 0 and pred in _RISES
    rises = iv.step > 0 and pred in _RISES or iv.step < 0 and pred in _FALLS
    if not (falls or rises):
        raise _No(f"{_show(t.cond, defs)} ({pred}) is not monotone in {iv.phi}")
    need = (_FALLS | _RISES)[pred]
    if need not in iv.flags:
        raise _No(f"{iv.phi} may wrap ({iv.update} has no {need}), so {_show(t.cond, defs)} may turn again")
    if rises:
        raise _No(f"{_show(t.cond, defs)} is false first and then true: the iterations it skips come first, "
                  "which no early exit drops")
    g = reachable_cfg(prog)
    if not dominates(nx.immediate_dominators(g, prog.entry), b, latch):
        raise _No("it does not run in every iteration (it does not dominate the latch)")
    skip = t.other
    if not split:
        _quiet_when_skipped(prog, lp, b, t.then, latch)
        _not_read_after(prog, lp, inside, exit_to, latch)
    return Candidate(b, t.cond.name, skip, False, exit_to, latch, iv.phi, t.loc)  # type: ignore[union-attr]


def _latch_exit(prog: Program, lp: Loop) -> tuple[str, str]:
    if len(lp.latches) != 1:
        raise _No("the loop has more than one latch")
    latch = lp.latches[0]
    outs = [s for s in prog.blocks[latch].successors() if s not in lp.blocks]
    if len(outs) != 1:
        raise _No(f"the latch {latch} does not leave the loop: no exit for the skipped iterations to take")
    return latch, outs[0]


def _induction_of(x: Operand, ivs: dict[str, Induction]) -> Induction | None:
    if not isinstance(x, Ref):
        return None
    return ivs.get(x.name) or next((iv for iv in ivs.values() if iv.update == x.name), None)


def _varies(x: Operand, inside: set[str]) -> bool:
    return isinstance(x, Ref) and x.name in inside


def _show(cond: Operand, defs: dict[str, Instr]) -> str:
    if isinstance(cond, Ref) and cond.name in defs:
        return f"`{instr_text(defs[cond.name])}`"
    return f"`{cond}`"


def skipped_blocks(prog: Program, lp: Loop, b: str, taken: str, latch: str) -> set[str]:
    """The blocks an iteration runs when the branch in `b` does not go to `taken`."""
    g = nx.DiGraph()
    for blk in lp.blocks:
        for s in prog.blocks[blk].successors():
            if s in lp.blocks and s != lp.header and not (blk == b and s == taken):
                g.add_edge(blk, s)
        g.add_node(blk)
    ran = nx.descendants(g, lp.header) | {lp.header}
    return {blk for blk in ran if blk == latch or latch in nx.descendants(g, blk)}


def _quiet_when_skipped(prog: Program, lp: Loop, b: str, taken: str, latch: str) -> None:
    for blk in sorted(skipped_blocks(prog, lp, b, taken, latch)):
        for ins in prog.blocks[blk].instrs:
            if OPCODES[ins.op].effect:
                where = f" (line {ins.loc.line})" if ins.loc else ""
                raise _No(f"an iteration that skips the block still runs `{instr_text(ins)}`{where} in {blk}, "
                          "an observable effect")
        t = prog.blocks[blk].term
        if blk != latch and isinstance(t, Branch) and not {t.then, t.other} <= lp.blocks:
            raise _No(f"an iteration that skips the block may still leave the loop at {blk}")


def _not_read_after(prog: Program, lp: Loop, inside: set[str], exit_to: str, latch: str) -> None:
    """No value of the loop is read after it: by a phi anywhere after it, an
    instruction or a branch (analysis/loops.uses_outside)."""
    for use in uses_outside(prog, lp):
        raise _No(f"{use.value} is read after the loop ({use.user}), and the iterations an early exit skips "
                  "would still change it")


def forced(prog: Program) -> Candidate | None:
    """The first conditional block taken as if it qualified (`--force`): its else side
    becomes the exit. None when the loop has none or its latch does not leave."""
    lp = single_loop(prog)
    blocks = conditional_blocks(prog, lp)
    if not blocks:
        return None
    try:
        latch, exit_to = _latch_exit(prog, lp)
    except _No:
        return None
    t = prog.blocks[blocks[0]].term
    if not isinstance(t, Branch) or not isinstance(t.cond, Ref):
        return None  # a branch on a constant: nothing to rewrite
    return Candidate(blocks[0], t.cond.name, t.other, False, exit_to, latch, None, t.loc)


class Unbuildable(Exception):
    """The rewrite would not be a program: a value read after the loop is not computed
    yet where the new exit leaves."""


def exit_from_condition(prog: Program, cand: Candidate) -> Program:
    """`prog` with the branch in `cand.block` leaving to `cand.exit_to` where it went
    to `cand.skip`; the exit block's phis take from it what they take from the latch."""
    lp = single_loop(prog)
    idom = nx.immediate_dominators(reachable_cfg(prog), prog.entry)
    home = prog.def_blocks()
    for use in uses_outside(prog, lp):
        if use.pred not in (None, cand.latch) and use.block == cand.exit_to:
            continue  # an exit block's phi from another exit: the new exit adds none to it
        if not dominates(idom, home[use.value], cand.block):
            raise Unbuildable(f"{use.value} is read after the loop ({use.user}) but not yet computed where the "
                              f"branch in {cand.block} would leave")
    p = copy_program(prog)
    t = p.blocks[cand.block].term
    assert isinstance(t, Branch)
    if cand.skip == t.other:
        t.other = cand.exit_to
    else:
        t.then = cand.exit_to
    for ph in p.blocks[cand.skip].phis:
        ph.incoming = [(b, op) for b, op in ph.incoming if b != cand.block]
    for ph in p.blocks[cand.exit_to].phis:
        ph.incoming.append((cand.block, dict(ph.incoming)[cand.latch]))
    p.name = f"{prog.name}.exit_from_condition"
    return p
