"""One loop of a function that has several, in its context: the program the legality
checks ask about a loop L when other loops stand beside it (one after another, on
other paths, a find before a verification loop).

`loop_in_context(prog, header)` keeps L (a loop, or a nest with its inner loops) and
the code around it, and takes every other outermost loop M out, as M relates to L:

- **apart** (no path joins M and L: a loop on the other side of a branch, such as
  the copy loop unswitching made): M is cut, each edge into it ends the run. A run
  that goes through L never enters M, so for L's questions (what evaluating L's exits
  early adds inside L) the program is exact.
- **after** (L's exits lead to M): M is cut, the run ends where it would enter M.
  Runs are the same up to there; what they lose is the code after, whose UB could
  excuse what an early evaluation does in L. So a proof stands (fewer excuses, never
  more), and a counterexample stands once the whole function's own run on its inputs
  is shown free of UB (checks/in_context.py).
- **before** (M leads to L): M becomes one block at its header that does in one step
  anything M may do: an event that may not return and may write every object M writes
  (arbitrary contents, poison too), each value M defines and code after it uses as
  the result of an event of its own (any value or poison), and a choice among M's
  exit edges. Every run of M is one of these; so a proof from them holds for every
  state M leaves L in, and a counterexample may start from a state no run of M leaves:
  it is unknown, saying so.

M that both leads to L and follows it would share a cycle with L: then L and M are
inside one outer loop, not two outermost loops, and the nest is read as one.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from verifier.analysis.loops import Nest, loop_nest, reachable_cfg
from verifier.ir.program import (
    Attrs,
    Block,
    Branch,
    Const,
    Fresh,
    FuncDecl,
    Instr,
    Jump,
    Loc,
    Operand,
    Program,
    Ref,
    copy_program,
    sharing,
)
from verifier.ir.types import I1, IntType

I32 = IntType(32)

LOOP_EVENT = "loop"  # the prefix of the events that stand for a loop before L


class NoContext(Exception):
    """A loop beside L that this reading cannot take out (named)."""


@dataclass(frozen=True)
class InContext:
    """The program of loop `header` in its context, and how each other loop was taken out."""

    program: Program
    header: str
    before: tuple[str, ...]  # loops before it, each one step of anything it may do
    after: tuple[str, ...]  # loops after it, cut
    apart: tuple[str, ...]  # loops on other paths, cut
    # blocks of the loops before it, and whether one of them leaves a value or writes
    # memory that the code up to and in L reads (else, to L, all it decides is which
    # way the run goes on)
    before_blocks: frozenset[str] = frozenset()
    before_leaves: bool = False  # (or an event is on the way: its results depend on where in the trace it is)
    any_way: bool = False  # L's start state is the same whichever way the run comes to it (_any_way)


def outermost_headers(prog: Program) -> list[str]:
    """The headers of `prog`'s outermost loops, in program order."""
    return [n.header for n in loop_nest(prog)]


def loop_in_context(prog: Program, header: str) -> InContext:
    """The program in which the outermost loop at `header` is the only outermost loop
    (module docstring); NoContext where a loop before it cannot be taken as one step."""
    nests = loop_nest(prog)
    g = reachable_cfg(prog)
    target = next(n for n in nests if n.header == header)
    before, after, apart = _relations(nests, g, target)
    p = copy_program(prog)
    fresh = Fresh.of(p, "c")
    for m in after + apart:
        _cut(p, m, fresh)
    reaching = _up_to(prog, g, target, before)
    depends = _read_by(prog, reaching, target)
    mem = _memory_read(prog, reaching, target, depends)
    leaves = bool(before) and _events_matter(prog, reaching, target, depends)
    for m in before:
        live, written = _one_step(p, prog, m, fresh)
        leaves |= bool(depends & set(live)) or bool(mem & written)
    _drop_unreachable(p)
    return InContext(p, header, tuple(m.header for m in before), tuple(m.header for m in after),
                     tuple(m.header for m in apart), frozenset(b for m in before for b in m.blocks), leaves,
                     _any_way(prog, reaching - target.blocks, depends, target))


def _relations(nests: list[Nest], g: nx.DiGraph[str], target: Nest) -> tuple[list[Nest], list[Nest], list[Nest]]:
    """The outermost loops other than `target`: those before it (a path leads from
    them to it), after it (from it to them), and apart (neither)."""
    before, after, apart = [], [], []
    for m in nests:
        if m.header == target.header:
            continue
        if nx.has_path(g, m.header, target.header):
            before.append(m)
        elif nx.has_path(g, target.header, m.header):
            after.append(m)
        else:
            apart.append(m)
    return before, after, apart


def _events_matter(prog: Program, reaching: set[str], target: Nest, depends: set[str]) -> bool:
    """Whether an event up to or in L may act differently once the loops before it
    are one step each (a call's result and what it writes are choices made at its
    place in the trace, which that moves): one in L, or one whose result L depends on
    or that writes memory L reads."""
    mem = _memory_read(prog, reaching, target, depends)
    return any(i.op == "call" and not i.decl.pure and (b in target.blocks or i.dest in depends
                                                       or bool(sharing(prog, set(i.decl.writes)) & mem))
               for b in reaching for i in prog.blocks[b].instrs)


def _any_way(prog: Program, on_the_way: set[str], depends: set[str], target: Nest) -> bool:
    """Whether L's start state is the same whichever way the run comes to it: none of
    the values it depends on is a phi on the way, and nothing on the way stores to
    memory it accesses."""
    mem = _memory_read(prog, on_the_way | target.blocks, target, depends)
    phis = {ph.dest for b in on_the_way for ph in prog.blocks[b].phis}
    return not (phis & depends) and not any(i.op == "store" and i.array in mem
                                            for b in on_the_way for i in prog.blocks[b].instrs)


def _cut(p: Program, m: Nest, fresh: Fresh) -> None:
    """Every edge into loop `m` ends the run instead (a block that halts), and m's
    blocks go."""
    end = fresh.name(f"{m.header}.cut")
    p.blocks[end] = Block(end)
    for name, b in list(p.blocks.items()):
        if name not in m.blocks:
            _retarget(b, m.header, end)
    for name in m.blocks:
        del p.blocks[name]


def _retarget(b: Block, old: str, new: str) -> None:
    """Block `b`'s edges to `old` go to `new` instead."""
    t = b.term
    if isinstance(t, Jump) and t.target == old:
        b.term = Jump(new)
    elif isinstance(t, Branch):
        b.term = Branch(t.cond, new if t.then == old else t.then, new if t.other == old else t.other, t.uid, t.loc)


def _up_to(prog: Program, g: nx.DiGraph[str], target: Nest, before: list[Nest]) -> set[str]:
    """The blocks that run up to and in loop `target`, outside the loops before it."""
    inside = {b for m in before for b in m.blocks}
    return {b for b in prog.blocks if b not in inside and b in g
            and (b in target.blocks or nx.has_path(g, b, target.header))}


def _one_step(p: Program, orig: Program, m: Nest, fresh: Fresh) -> tuple[list[str], set[str]]:
    """Loop `m` (before L) as one block at its header doing anything it may do
    (module docstring): its event, its live-outs as events' results, its exit chosen.
    Returns the values it leaves and the objects it may write."""
    shown = orig.display.get(m.header, m.header)
    live, written = _live_outs(orig, m), _writes(orig, m)
    types = orig.value_types()
    at = next((x.loc for x in orig.blocks[m.header].phis + orig.blocks[m.header].instrs if x.loc is not None), None)
    step = Block(m.header)
    name = fresh.name(f"{LOOP_EVENT}.{m.header}")
    p.funcs[name] = FuncDecl(name, (), None, False, writes=tuple(sorted(written)), willreturn=False)
    step.instrs.append(Instr(fresh.uid(), "call", [], None, None, Attrs(func=p.funcs[name], callee=name), at))
    for v in live:
        ty = types[v]
        if not isinstance(ty, IntType):
            raise NoContext(f"the loop at {shown} leaves a value of type {ty} ({orig.display.get(v, v)})")
        f = fresh.name(f"{LOOP_EVENT}.{m.header}.out")
        p.funcs[f] = FuncDecl(f, (), ty, False, ret_poison=True)
        step.instrs.append(Instr(fresh.uid(), "call", [], ty, v, Attrs(func=p.funcs[f], callee=f), at))
    for n in m.blocks:
        del p.blocks[n]
    p.blocks[m.header] = step
    edges = [(n, s) for n in sorted(m.blocks) for s in orig.blocks[n].successors() if s not in m.blocks]
    _choose_exit(p, step, edges, m.header, fresh, at)
    p.display.setdefault(m.header, shown)
    return live, written


def _live_outs(prog: Program, m: Nest) -> list[str]:
    """The values loop `m` defines that code outside it reads (NoContext where it
    writes the function's result itself)."""
    instrs = [i for n in m.blocks for i in prog.blocks[n].instrs]
    if any(i.op == "out" for i in instrs):
        raise NoContext(f"the loop at {prog.display.get(m.header, m.header)} writes the function's result")
    defined = {ph.dest for n in m.blocks for ph in prog.blocks[n].phis} | {i.dest for i in instrs if i.dest}
    used = _used_outside(prog, m)
    return [v for v in sorted(defined) if v in used]


def _writes(prog: Program, m: Nest) -> set[str]:
    """The objects loop `m` may write (a store, a call that may), and those sharing one."""
    instrs = [i for n in m.blocks for i in prog.blocks[n].instrs]
    return sharing(prog, {i.array for i in instrs if i.op == "store"}
                   | {a for i in instrs if i.op == "call" for a in i.decl.writes})


def _accessed(prog: Program, blocks: frozenset[str] | set[str]) -> set[str]:
    """The objects `blocks` load or store, and any sharing one with them."""
    return sharing(prog, {i.array for b in blocks for i in prog.blocks[b].instrs if i.op in ("load", "store")})


def _memory_read(prog: Program, reaching: set[str], target: Nest, depends: set[str]) -> set[str]:
    """The objects L's start state and run read: those L accesses, and those the loads
    of values it `depends` on read on the way (and any sharing one with them)."""
    loads = {i.array for b in reaching for i in prog.blocks[b].instrs if i.op == "load" and i.dest in depends}
    return sharing(prog, loads) | _accessed(prog, target.blocks)


def _read_by(prog: Program, reaching: set[str], target: Nest) -> set[str]:
    """The values loop `target` depends on: those it reads, and, through the code up
    to it (`reaching`), what those are computed from and what is stored to memory they
    read (a branch there only picks the way, which checks/in_context.py compares)."""
    defs = _definitions(prog, reaching)
    seen: set[str] = set()
    todo = [op.name for b in target.blocks for op in prog.blocks[b].operands() if isinstance(op, Ref)]
    mem: set[str] = set()
    while todo:
        _close(seen, todo, defs)
        grown = _memory_read(prog, reaching, target, seen)
        if grown != mem:
            todo = [op.name for b in reaching for i in prog.blocks[b].instrs if i.op == "store" and i.array in grown
                    for op in i.args if isinstance(op, Ref)]
            mem = grown
    return seen


def _definitions(prog: Program, blocks: set[str]) -> dict[str, list[Operand]]:
    """Each value `blocks` define, with the operands it is computed from (a phi's:
    every incoming value)."""
    defs: dict[str, list[Operand]] = {}
    for b in blocks:
        blk = prog.blocks[b]
        defs.update({ph.dest: [v for _, v in ph.incoming] for ph in blk.phis})
        defs.update({i.dest: list(i.args) for i in blk.instrs if i.dest is not None})
    return defs


def _close(seen: set[str], todo: list[str], defs: dict[str, list[Operand]]) -> None:
    """Adds to `seen` the values in `todo` and all they are computed from (`defs`)."""
    while todo:
        v = todo.pop()
        if v not in seen:
            seen.add(v)
            todo += [o.name for o in defs.get(v, []) if isinstance(o, Ref)]


def _used_outside(prog: Program, m: Nest) -> set[str]:
    """The values read outside loop `m` (a phi's incoming value from m's blocks too)."""
    out: set[str] = set()
    for name, b in prog.blocks.items():
        if name not in m.blocks:
            out |= {op.name for op in b.operands() if isinstance(op, Ref)}
    return out


def _choose_exit(p: Program, step: Block, edges: list[tuple[str, str]], header: str, fresh: Fresh,
                 at: Loc | None) -> None:
    """`step` ends on one of the loop's exit edges, chosen by an event's result: each
    edge its own block, so the phis of its target keep their incoming value per edge."""
    if not edges:  # a loop that never leaves: the run does not go on
        return
    arrive = []
    for exiting, target in edges:
        e = fresh.name(f"{header}.exit")
        p.blocks[e] = Block(e, term=Jump(target))
        for ph in p.blocks[target].phis:
            ph.incoming = [(e if b == exiting else b, v) for b, v in ph.incoming]
        arrive.append(e)
    if len(arrive) == 1:
        step.term = Jump(arrive[0])
        return
    f = fresh.name(f"{LOOP_EVENT}.{header}.exit")
    p.funcs[f] = FuncDecl(f, (), I32, False)
    which = fresh.name(f"{header}.which")
    step.instrs.append(Instr(fresh.uid(), "call", [], I32, which, Attrs(func=p.funcs[f], callee=f), at))
    cur = step
    for k, e in enumerate(arrive[:-1]):
        is_k = fresh.name(f"{header}.is")
        cur.instrs.append(Instr(fresh.uid(), "icmp", [Ref(which), Const(k, I32)], I1, is_k, Attrs(pred="eq")))
        nxt = fresh.name(f"{header}.or")
        p.blocks[nxt] = Block(nxt)
        cur.term = Branch(Ref(is_k), e, nxt, fresh.uid())
        cur = p.blocks[nxt]
    cur.term = Jump(arrive[-1])


def _drop_unreachable(p: Program) -> None:
    """Blocks no path from the entry reaches go, and phis forget edges from them."""
    g: nx.DiGraph[str] = nx.DiGraph()
    g.add_nodes_from(p.blocks)
    g.add_edges_from((n, s) for n, b in p.blocks.items() for s in b.successors() if s in p.blocks)
    keep = nx.descendants(g, p.entry) | {p.entry}
    p.blocks = {n: b for n, b in p.blocks.items() if n in keep}
    for b in p.blocks.values():
        for ph in b.phis:
            ph.incoming = [(src, v) for src, v in ph.incoming if src in keep]


__all__ = ["InContext", "NoContext", "loop_in_context", "outermost_headers"]
