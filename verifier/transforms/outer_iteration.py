"""One iteration of an outer loop, entered from any state it can be in: how a loop
nest is checked with the one-level machinery (its inner loops become the program's
own loops once the outer back edge is cut).

`outer_iteration` rewrites a function whose one outermost loop O holds loops:

- O's header phis take, from the preheader, a state the new parameters choose:
  `outer.I` (value) and `outer.I.poison` for the I-th phi, picked when `outer.pick`
  holds, else the phi's own start value;
- each back edge goes to a block writing the next state, the values the phis would
  take, as live-outs `outer.next.I`, and `outer.continues` = 1, and ending the run;
- every edge leaving O writes `outer.continues` = 0 on its way to the code after O;
- an event `outer.iteration()` marks where the iteration starts, so a trace splits
  into the code before O and the iteration.

Why one iteration decides the whole loop, for a source S and target T rewritten
alike (same phis by position and type): the code before O only reads objects O
never writes, and stores nothing or chooses nothing (refused otherwise), so rerun
from the memory of any iteration's start it computes what it computed once. The
I-th iteration of a run of T is then a run of T's iteration program (the parameters
give its phis and memory; `outer.pick` false for the first), and likewise for S. If
T's iteration refines S's for every input, T's state after each iteration refines
S's (LLVM's semantics is monotone in that order, so S's iteration from T's state is
refined by S's from its own), with equal events (the marker splits an iteration
program's events into those of the code before O, rerun alike in every one, and
the iteration's own); the last iteration runs the code after O on both. So T refines S, for every number of outer iterations; a proof on
the iteration programs is one on the functions. A counterexample is one only where
the state is reachable: `first=True` builds the program of runs that leave O in its
first iteration (the source's back edge is UB: no such run), which are whole runs;
`outer_prefix` peels the first k iterations, exactly the function on runs that
leave O within them, where a counterexample of a later iteration is looked for.

The same rewrite of the source alone is its inner loops' legality question from any
state the outer loop can give them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from verifier.analysis.loops import Nest, loop_nest, reachable_cfg
from verifier.ir.program import (
    Attrs,
    Block,
    Branch,
    Const,
    Fresh,
    FuncDecl,
    Halt,
    Instr,
    Jump,
    Operand,
    Param,
    Phi,
    PoisonConst,
    Program,
    Ref,
    chooses,
    copy_program,
    sharing,
)
from verifier.ir.types import I1, IntType

PICK = "outer.pick"
CONTINUES = "outer.continues"
MARK = "outer.iteration"


class NoIteration(Exception):
    """The nest's shape lets no iteration program stand for its outer loop."""


@dataclass(frozen=True)
class OuterLoop:
    """The outer loop a program's iteration program was cut from, for reports."""

    header: str
    carried: tuple[str, ...]  # its header phis, in order (the I of `outer.I`)
    counted: tuple[tuple[str, int, int], ...] = ()  # phis assumed in their range (counted_range), as shown

    def states(self) -> str:
        """The outer states an iteration program is checked from, for reports."""
        if not self.counted:
            return "any state"
        held = ", ".join(f"{name} in [{lo}, {hi}]" for name, lo, hi in self.counted)
        return f"any state where {held} (the range its count keeps it in)"


def state_params(i: int) -> tuple[str, str]:
    """The parameters that give the I-th header phi's value at the iteration's start."""
    return f"outer.{i}", f"outer.{i}.poison"


def next_out(i: int) -> str:
    """The live-out that holds the I-th header phi's value for the next iteration."""
    return f"outer.next.{i}"


def outer_loop(prog: Program, header: str | None = None) -> tuple[Nest, str]:
    """The one outermost loop of `prog` that holds loops (of one level only), and the
    block it is entered from; NoIteration where the nest has another shape. Loops
    before or after it that hold none are code before or after it, like any other.
    `header`: the outermost loop with that header, even one that holds no loop (a
    target whose inner loop the vectorizer turned into straight-line code)."""
    nests = loop_nest(prog)
    deep = [n for n in nests if n.inner]
    named = [n for n in nests if n.header == header]
    if named:
        o = named[0]
    elif len(deep) == 1:
        o = deep[0]
    else:
        raise NoIteration(f"{len(deep) or 'no'} loop nests (one outer loop holding loops is read)")
    if o.depth > 2:
        raise NoIteration("loops nested three deep")
    head = prog.blocks[o.header]
    outside = {b for ph in head.phis for b, _ in ph.incoming if b not in o.blocks}
    preds = {b.name for b in prog.blocks.values() if o.header in b.successors() and b.name not in o.blocks}
    if len(preds | outside) != 1:
        raise NoIteration("an outer loop entered from more than one block")
    return o, (preds | outside).pop()


def check_before(prog: Program, o: Nest) -> None:
    """Refuse code before the outer loop whose rerun from a later iteration's memory
    would differ from its one run: stores, nondeterministic choices, loads of objects
    the loop writes (by a store, or a call that may write them), calls that may write
    them too; and loops writing objects the input never makes poison."""
    written = sharing(prog, {i.array for b in o.blocks for i in prog.blocks[b].instrs if i.op == "store"}
                      | {a for b in o.blocks for i in prog.blocks[b].instrs if i.op == "call" for a in i.decl.writes})
    for name in sorted(written):
        if prog.array(name).init:
            raise NoIteration(f"the outer loop writes {prog.display.get(name, name)}, whose cells the model's "
                              "input never makes poison")
    before = nx.ancestors(reachable_cfg(prog), o.header) - o.blocks
    if prog.uses_undef_in(before):
        raise NoIteration("a nondeterministic choice (undef) before the outer loop")
    for b in sorted(before):
        blk = prog.blocks[b]
        for ins in blk.instrs:
            if ins.op == "store":
                raise NoIteration("a store before the outer loop")
            if ins.op == "load" and ins.array in written:
                raise NoIteration(f"a load before the outer loop of {prog.display.get(ins.array, ins.array)}, "
                                  "which the loop writes")
            if chooses(ins):
                raise NoIteration("a nondeterministic choice (freeze or undef) before the outer loop")
            if ins.op == "call" and set(ins.decl.writes) & written:
                raise NoIteration(f"a call before the outer loop that may write what the loop writes "
                                  f"({', '.join(sorted(prog.display.get(a, a) for a in set(ins.decl.writes) & written))})")


def counted_range(prog: Program, o: Nest, pre: str, ph: Phi) -> tuple[int, int] | None:
    """[lo, hi] (unsigned) holding `ph` at every visit of O's header, for an outer
    loop that counts: `ph` starts at the constant lo, its one back edge (from the latch
    L) carries `ph + 1`, and L goes back only while that is `!= C` or `<u C` (lo <u C):
    then hi = C - 1. By induction over visits: lo is in range, and from ph <= C - 1 the
    sum ph + 1 <= C does not wrap, so going on (it is not C) it is at most C - 1. None
    for any other phi."""
    incoming = dict(ph.incoming)
    if not isinstance(ph.type, IntType) or len(o.latches) != 1 or not isinstance(incoming.get(pre), Const):
        return None
    latch = o.latches[0]
    lo, w = incoming[pre].value, ph.type.bits  # type: ignore[union-attr]
    defs = {i.dest: i for b in o.blocks for i in prog.blocks[b].instrs if i.dest}
    nxt = incoming.get(latch)
    step = defs.get(nxt.name) if isinstance(nxt, Ref) else None
    one, me = Const(1, ph.type), Ref(ph.dest)
    if step is None or step.op != "add" or list(step.args) not in ([me, one], [one, me]):
        return None
    term = prog.blocks[latch].term
    test = defs.get(term.cond.name) if isinstance(term, Branch) and isinstance(term.cond, Ref) else None
    if test is None or test.op != "icmp" or not isinstance(term, Branch):
        return None
    a, b = test.args
    pred = str(test.attrs.pred)
    if isinstance(a, Const) and b == nxt:  # C pred next: the same test swapped
        a, b, pred = b, a, {"eq": "eq", "ne": "ne", "ugt": "ult"}.get(pred, "")
    if a != nxt or not isinstance(b, Const):
        return None
    c = b.value & ((1 << w) - 1)
    back_on = {"eq": False, "ne": True, "ult": True}.get(pred)  # going back while the test is this
    if back_on is None or (term.then == o.header) != back_on or (term.other == o.header) == back_on:
        return None
    if not lo < c:
        return None
    return lo, c - 1


def outer_iteration(prog: Program, first: bool = False, source: bool = False,
                    header: str | None = None, ranges: bool = False) -> tuple[Program, OuterLoop]:
    """`prog` cut to one iteration of its outer loop (module docstring; `header`: as
    outer_loop takes it). `first`: the first iteration only, from the loop's own
    start; there a `source`'s back edge is UB, so its only runs are whole runs that
    leave the loop in that iteration. `ranges`: a later iteration's state of a counted
    phi (counted_range) is assumed in its range, which every run's is: for a source
    (or a program checked alone) only, where states outside it are UB, so that a
    target's states, equal to a source's, are checked in the range too."""
    o, pre_name = outer_loop(prog, header)
    check_before(prog, o)
    p = copy_program(prog)
    fresh = Fresh.of(p, "o")
    head, pre = p.blocks[o.header], p.blocks[pre_name]

    def emit(blk: Block, op: str, args: list[Operand], ty: IntType | None, hint: str | None, **attrs: Any) -> Ref:
        dest = fresh.name(hint) if hint is not None else None
        blk.instrs.append(Instr(fresh.uid(), op, args, ty, dest, Attrs(**attrs)))
        return Ref(dest or "")

    new_params: list[Param] = [] if first else [Param(PICK, I1)]
    counted: list[tuple[str, int, int]] = []
    nexts: dict[str, list[Operand]] = {latch: [] for latch in o.latches}  # each back edge's next state
    for i, ph in enumerate(head.phis):
        if not isinstance(ph.type, IntType):
            raise NoIteration(f"the outer loop carries a vector value {p.display.get(ph.dest, ph.dest)}")
        incoming = dict(ph.incoming)
        start = incoming[pre_name]
        for latch in o.latches:
            nexts[latch].append(incoming[latch])
        if not first:
            val, pois = state_params(i)
            new_params += [Param(val, ph.type), Param(pois, I1)]
            havoc = emit(pre, "select", [Ref(pois), PoisonConst(ph.type), Ref(val)], ph.type, f"{val}.havoc")
            span = counted_range(prog, o, pre_name, ph) if ranges else None
            if span is not None:
                counted.append((prog.display.get(ph.dest, ph.dest), *span))
                ge = emit(pre, "icmp", [havoc, Const(span[0], ph.type)], I1, f"{val}.from", pred="uge")
                le = emit(pre, "icmp", [havoc, Const(span[1], ph.type)], I1, f"{val}.to", pred="ule")
                inside = emit(pre, "and", [ge, le], I1, f"{val}.in")
                emit(pre, "assume", [emit(pre, "select", [Ref(PICK), inside, Const(1, I1)], I1, f"{val}.counted")],
                     None, None, why=f"a state of the counted {prog.display.get(ph.dest, ph.dest)} outside "
                                     f"[{span[0]}, {span[1]}], which no run reaches")
            start = emit(pre, "select", [Ref(PICK), havoc, start], ph.type, f"{val}.start")
        ph.incoming = [(pre_name, start)]
    p.params = new_params + list(p.params)
    mark = FuncDecl(MARK, (), None, False)
    p.funcs[MARK] = mark
    head.instrs.insert(0, Instr(fresh.uid(), "call", [], None, None, Attrs(func=mark, callee=MARK)))

    ends: set[str] = set()
    for latch in o.latches:
        nxt = Block(fresh.name("outer.next"))
        if first and source:
            emit(nxt, "assume", [Const(0, I1)], None, None,
                 why="a run that goes on with the outer loop (only its first iteration is followed)")
        for i, v in enumerate(nexts[latch]):
            emit(nxt, "out", [v], None, None, name=next_out(i))
        emit(nxt, "out", [Const(1, I1)], None, None, name=CONTINUES)
        p.blocks[nxt.name] = nxt
        ends.add(nxt.name)
        _redirect(p, latch, o.header, nxt.name)

    for b in sorted(o.blocks, key=list(p.blocks).index):
        for x in dict.fromkeys(p.blocks[b].successors()):
            if x in o.blocks or x in ends:
                continue
            leave = Block(fresh.name("outer.exit"), term=Jump(x))
            emit(leave, "out", [Const(0, I1)], None, None, name=CONTINUES)
            p.blocks[leave.name] = leave
            _redirect(p, b, x, leave.name)
            for ph in p.blocks[x].phis:
                ph.incoming = [(leave.name if q == b else q, v) for q, v in ph.incoming]
    p.display.update({PICK: "the outer iteration is a later one"})
    for i, ph in enumerate(head.phis):
        shown = prog.display.get(ph.dest, ph.dest)
        val, pois = state_params(i)
        p.display.update({val: f"{shown} (outer state)", pois: f"{shown} poison (outer state)"})
    return p, OuterLoop(o.header, tuple(ph.dest for ph in head.phis), tuple(counted))


def _redirect(p: Program, block: str, old: str, new: str) -> None:
    """`block`'s edges to `old` now go to `new`."""
    blk = p.blocks[block]
    t = blk.term
    if isinstance(t, Jump) and t.target == old:
        blk.term = Jump(new)
    elif isinstance(t, Branch):
        blk.term = Branch(t.cond, new if t.then == old else t.then, new if t.other == old else t.other, t.uid, t.loc)


def outer_prefix(prog: Program, k: int, source: bool, header: str | None = None) -> Program:
    """`prog` with its outer loop's first `k` iterations peeled into copies one after
    another, each holding its own copy of the inner loops (so they follow one another
    and none nests): exactly the function on runs that leave the outer loop within
    `k` iterations. A run that would go on is cut: UB in a `source` (no such run),
    else it ends writing `outer.continues` = 1, as every edge out of the loop writes
    0. Where `outer_iteration(first=True)` finds no whole run that differs, a bug of
    a later outer iteration is looked for here. `header`: as outer_loop takes it."""
    o, pre_name = outer_loop(prog, header)
    p = copy_program(prog)
    defined = {ph.dest for b in o.blocks for ph in p.blocks[b].phis} | \
        {i.dest for b in o.blocks for i in p.blocks[b].instrs if i.dest is not None}
    _no_use_after(p, o, defined)
    names = Fresh.of(p, None)
    fresh = Fresh.of(p, "o")
    fresh.taken = names.taken
    order = [b for b in p.blocks if b in o.blocks]
    bmaps: list[dict[str, str]] = [{b: b for b in order}]
    vmaps: list[dict[str, str]] = [{v: v for v in defined}]
    copies: dict[str, Block] = {}
    for c in range(1, k):
        bmaps.append({b: names.name(f"{b}.o{c}") for b in order})
        vmaps.append({v: names.name(f"{v}.o{c}") for v in sorted(defined)})
        for b in order:
            copy = _copied(p.blocks[b], bmaps[c], vmaps[c], fresh)
            copies[copy.name] = copy
        _display_copy(p, order, bmaps[c], vmaps[c], c)
    # the copies go right after the loop's own blocks, in order
    items = list(p.blocks.items())
    at = max(k for k, (name, _) in enumerate(items) if name in o.blocks) + 1
    p.blocks = dict(items[:at] + list(copies.items()) + items[at:])
    cut = _chain(p, o, pre_name, bmaps, vmaps, fresh, source)
    _leave_from_every_copy(p, o, bmaps, vmaps, fresh, cut)
    return p


def _sub(vmap: dict[str, str]) -> Callable[[Operand], Operand]:
    """An operand renamed by `vmap`."""
    return lambda a: Ref(vmap[a.name]) if isinstance(a, Ref) and a.name in vmap else a


def _no_use_after(p: Program, o: Nest, defined: set[str]) -> None:
    """NoIteration where a value of the outer loop is used after it other than by a phi."""
    for b, blk in p.blocks.items():
        if b in o.blocks:
            continue
        used = [a for i in blk.instrs for a in i.args] + ([blk.term.cond] if isinstance(blk.term, Branch) else [])
        if any(isinstance(a, Ref) and a.name in defined for a in used):
            raise NoIteration("a value of the outer loop used after it other than by a phi (no LCSSA form)")


def _copied(old: Block, bmap: dict[str, str], vmap: dict[str, str], fresh: Fresh) -> Block:
    """A copy of `old` with its blocks and values renamed (fresh ids)."""
    f = _sub(vmap)
    phis = [Phi(fresh.uid(), vmap[ph.dest], ph.type, [(bmap.get(q, q), f(v)) for q, v in ph.incoming], ph.loc)
            for ph in old.phis]
    instrs = [Instr(fresh.uid(), i.op, [f(a) for a in i.args], i.type, vmap[i.dest] if i.dest is not None else None,
                    i.attrs.but(), i.loc) for i in old.instrs]
    t = old.term
    term: Jump | Branch | Halt = Halt()
    if isinstance(t, Jump):
        term = Jump(bmap.get(t.target, t.target))
    elif isinstance(t, Branch):
        term = Branch(f(t.cond), bmap.get(t.then, t.then), bmap.get(t.other, t.other), fresh.uid(), t.loc)
    return Block(bmap[old.name], phis, instrs, term)


def _display_copy(p: Program, order: list[str], bmap: dict[str, str], vmap: dict[str, str], c: int) -> None:
    """Copy c's blocks and values shown as the input's names with `.o<c>`."""
    for v, w in vmap.items():
        if v in p.display:
            p.display[w] = f"{p.display[v]}.o{c}"
    for b in order:
        if b in p.display:
            p.display[bmap[b]] = f"{p.display[b]}.o{c}"


def _chain(p: Program, o: Nest, pre_name: str, bmaps: list[dict[str, str]], vmaps: list[dict[str, str]],
           fresh: Fresh, source: bool) -> str:
    """Each copy's header entered from the copy before (the first from the preheader),
    and the last one's back edges cut to a block that ends the run (UB in a source);
    that block's name."""
    k = len(bmaps)
    carried = [(ph.dest, dict(ph.incoming)) for ph in p.blocks[o.header].phis]
    for c in range(k):
        for ph, (_, incoming) in zip(p.blocks[bmaps[c][o.header]].phis, carried, strict=True):
            ph.incoming = [(pre_name, incoming[pre_name])] if c == 0 else \
                [(bmaps[c - 1][latch], _sub(vmaps[c - 1])(incoming[latch])) for latch in o.latches]
    cut = Block(fresh.name("outer.cut"))
    if source:
        cut.instrs.append(Instr(fresh.uid(), "assume", [Const(0, I1)], None, None,
                                Attrs(why=f"a run that goes on past the outer loop's first {k} iterations")))
    cut.instrs.append(Instr(fresh.uid(), "out", [Const(1, I1)], None, None, Attrs(name=CONTINUES)))
    p.blocks[cut.name] = cut
    for c in range(k):
        for latch in o.latches:
            _redirect(p, bmaps[c][latch], bmaps[c][o.header], bmaps[c + 1][o.header] if c + 1 < k else cut.name)
    return cut.name


def _leave_from_every_copy(p: Program, o: Nest, bmaps: list[dict[str, str]], vmaps: list[dict[str, str]],
                           fresh: Fresh, cut: str) -> None:
    """The code after the loop entered from every copy, with that copy's values, each
    edge out through a block that writes `outer.continues` = 0."""
    inside = {b for m in bmaps for b in m.values()}
    for x, blk in p.blocks.items():
        if x in inside:
            continue
        for ph in blk.phis:
            extra = [(bmaps[c][q], _sub(vmaps[c])(v)) for q, v in ph.incoming if q in o.blocks
                     for c in range(1, len(bmaps))]
            ph.incoming = ph.incoming + extra
    for b in [b for m in bmaps for b in m.values()]:
        for x in dict.fromkeys(p.blocks[b].successors()):
            if x in inside or x == cut:
                continue
            leave = Block(fresh.name("outer.exit"), term=Jump(x))
            leave.instrs.append(Instr(fresh.uid(), "out", [Const(0, I1)], None, None, Attrs(name=CONTINUES)))
            p.blocks[leave.name] = leave
            _redirect(p, b, x, leave.name)
            for ph in p.blocks[x].phis:
                ph.incoming = [(leave.name if q == b else q, v) for q, v in ph.incoming]

