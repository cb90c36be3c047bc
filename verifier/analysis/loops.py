"""Loop structure in seed 003's vocabulary: header, latch, exiting and exit blocks,
preheader and guard, computed on the CFG with networkx (dominators, back edges)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

from verifier.ir.printer import instr as instr_text
from verifier.ir.program import Block, Branch, Instr, Phi, Program, Ref
from verifier.ir.types import Type, VecType


class LoopShapeError(Exception):
    """The CFG has a shape the tool does not handle (nested or irreducible loops);
    `block` names where."""

    def __init__(self, what: str, block: str | None = None) -> None:
        super().__init__(f"{what} (at block {block})" if block else what)
        self.what, self.block = what, block


class NestedLoop(LoopShapeError):
    """find_loops met a loop inside a loop (`block`: the inner loop's first block);
    `loop_nest` reads such a CFG."""

    def __init__(self, block: str) -> None:
        super().__init__("a nested loop", block)


@dataclass(frozen=True)
class Loop:
    header: str
    blocks: frozenset[str]
    latches: tuple[str, ...]
    exiting: tuple[str, ...]
    exits: tuple[str, ...]
    preheader: str | None
    guard: str | None
    exits_dominating_latch: tuple[str, ...]
    body_order: tuple[str, ...]  # topological order of the blocks, back edges removed


def cfg(prog: Program) -> nx.DiGraph:
    g = nx.DiGraph()
    for b in prog.blocks.values():
        g.add_node(b.name)
        for s in b.successors():
            g.add_edge(b.name, s)
    return g


def reachable_cfg(prog: Program) -> nx.DiGraph:
    g = cfg(prog)
    return g.subgraph(nx.descendants(g, prog.entry) | {prog.entry}).copy()


def dead_loop_headers(prog: Program) -> list[str]:
    """The first block (in program order) of each cycle of the CFG that no path from
    the entry reaches: a loop that is dead code (`br i1 false` to it, folded)."""
    g = cfg(prog)
    live = nx.descendants(g, prog.entry) | {prog.entry}
    rank = _block_rank(prog)
    dead = [scc for scc in nx.strongly_connected_components(g.subgraph(set(g) - live))
            if len(scc) > 1 or g.has_edge(next(iter(scc)), next(iter(scc)))]
    return sorted((min(scc, key=rank) for scc in dead), key=rank)


def dominates(idom: dict[str, str], a: str, b: str) -> bool:
    while True:
        if a == b:
            return True
        parent = idom.get(b)
        if parent is None or parent == b:
            return False
        b = parent


def find_loops(prog: Program) -> list[Loop]:
    """Every natural loop, in program order. Loops may follow one another but not nest."""
    g = reachable_cfg(prog)
    idom = nx.immediate_dominators(g, prog.entry)
    headers: dict[str, list[str]] = {}
    for u, v in g.edges:
        if dominates(idom, v, u):
            headers.setdefault(v, []).append(u)
    loops = [_loop(prog, g, idom, scc, headers) for scc in nx.strongly_connected_components(g)
             if len(scc) > 1 or g.has_edge(next(iter(scc)), next(iter(scc)))]
    rank = _block_rank(prog)
    loops.sort(key=lambda lp: rank(lp.header))
    return loops


def _loop(prog: Program, g: nx.DiGraph, idom: dict[str, str], scc: set[str], headers: dict[str, list[str]]) -> Loop:
    """The natural loop a cycle of the CFG is: one header (else irreducible, or a
    nest), its latches, exiting and exit blocks in body order, preheader and guard."""
    h = _one_header(prog, scc, headers)
    latches = tuple(sorted(headers[h]))
    order = _acyclic_order(prog, g, scc, h, latches)
    exiting = tuple(b for b in order if any(s not in scc for s in g.successors(b)))
    exits = tuple(dict.fromkeys(s for b in exiting for s in g.successors(b) if s not in scc))
    preheader, guard = _preheader_and_guard(prog, g, h, scc)
    dom_latch = tuple(b for b in exiting if all(dominates(idom, b, latch) for latch in latches))
    return Loop(h, frozenset(scc), latches, exiting, exits, preheader, guard, dom_latch, order)


def _one_header(prog: Program, scc: set[str], headers: dict[str, list[str]]) -> str:
    """The cycle's one header (none: irreducible control flow; several: a nest)."""
    rank = _block_rank(prog)
    hs = [h for h in scc if h in headers]
    if not hs:
        raise LoopShapeError("irreducible control flow (a cycle with more than one entry)", min(scc, key=rank))
    if len(hs) != 1:
        raise NestedLoop(sorted(hs, key=rank)[1])
    return hs[0]


def _acyclic_order(prog: Program, g: nx.DiGraph, scc: set[str], h: str, latches: tuple[str, ...]) -> tuple[str, ...]:
    """The loop's blocks in a topological order of its body without the back edges (a
    cycle left: an inner loop, a nest)."""
    rank = _block_rank(prog)
    body = g.subgraph(scc).copy()
    body.remove_edges_from([(latch, h) for latch in latches])
    if not nx.is_directed_acyclic_graph(body):
        raise NestedLoop(min((u for u, _ in nx.find_cycle(body)), key=rank))
    return tuple(nx.lexicographical_topological_sort(body, key=rank))


def _preheader_and_guard(prog: Program, g: nx.DiGraph, h: str, scc: set[str]) -> tuple[str | None, str | None]:
    """The loop's one block outside it that enters it (None where it branches: then it
    is the guard), and the guard: the branch before a preheader entered from one."""
    outside_preds = [p for p in g.predecessors(h) if p not in scc]
    if len(outside_preds) != 1:
        return None, None
    preheader: str = outside_preds[0]
    if isinstance(prog.blocks[preheader].term, Branch):
        return None, preheader
    pre_preds = list(g.predecessors(preheader))
    guard = pre_preds[0] if len(pre_preds) == 1 and isinstance(prog.blocks[pre_preds[0]].term, Branch) else None
    return preheader, guard


@dataclass(frozen=True)
class Nest:
    """A loop with the loops inside it (LLVM's loop tree): `header`, its `blocks`
    (the inner loops' too), the blocks branching back to the header, and the loops
    one level down, in program order."""

    header: str
    blocks: frozenset[str]
    latches: tuple[str, ...]
    inner: tuple[Nest, ...]

    @property
    def depth(self) -> int:
        """1 for a loop with no loop inside, 2 for one holding such loops, ..."""
        return 1 + max((q.depth for q in self.inner), default=0)


def loop_nest(prog: Program) -> list[Nest]:
    """The outermost natural loops of `prog`, each with the loops it holds, in program
    order. Irreducible control flow (a cycle entered at two blocks) raises LoopShapeError."""
    g = reachable_cfg(prog)
    return _nests(prog, g, nx.immediate_dominators(g, prog.entry))


def _nests(prog: Program, g: nx.DiGraph, idom: dict[str, str]) -> list[Nest]:
    """The outermost loops of the subgraph `g` (dominators `idom` of the whole CFG)."""
    rank = _block_rank(prog)
    out: list[Nest] = []
    for scc in nx.strongly_connected_components(g):
        if len(scc) == 1 and not g.has_edge(next(iter(scc)), next(iter(scc))):
            continue
        h = _header(scc, idom, rank)
        latches = tuple(sorted(u for u in g.predecessors(h) if u in scc))
        body = g.subgraph(scc).copy()
        body.remove_edges_from([(u, h) for u in latches])
        out.append(Nest(h, frozenset(scc), latches, tuple(_nests(prog, body, idom))))
    out.sort(key=lambda n: rank(n.header))
    return out


def _header(scc: set[str], idom: dict[str, str], rank: Callable[[str], str]) -> str:
    """A cycle's header: the one block of it that dominates every other (else the
    control flow is irreducible)."""
    hs = [h for h in scc if all(dominates(idom, h, b) for b in scc)]
    if len(hs) != 1:
        raise LoopShapeError("irreducible control flow (a cycle with more than one entry)", min(scc, key=rank))
    return hs[0]


def every_loop(prog: Program) -> list[Loop]:
    """Every loop of `prog`, nested ones too, outer ones first (so `loop_of` maps a
    block to its innermost loop): what the interpreter needs to count iterations.
    Without nesting, find_loops' own loops; with it, each loop's header, blocks,
    latches, exiting and exit blocks (no preheader or guard is named)."""
    try:
        return find_loops(prog)
    except NestedLoop:
        pass
    g = reachable_cfg(prog)
    out: list[Loop] = []
    todo = loop_nest(prog)
    while todo:
        n = todo.pop(0)
        exiting = tuple(b for b in sorted(n.blocks, key=_block_rank(prog))
                        if any(s not in n.blocks for s in g.successors(b)))
        exits = tuple(dict.fromkeys(s for b in exiting for s in g.successors(b) if s not in n.blocks))
        out.append(Loop(n.header, n.blocks, n.latches, exiting, exits, None, None, (), ()))
        todo.extend(n.inner)
    return out


def _block_rank(prog: Program) -> Callable[[str], str]:
    """A sort key putting blocks in the program's order."""
    index = {name: k for k, name in enumerate(prog.blocks)}
    return lambda name: f"{index[name]:08d}"


def loop_of(loops: list[Loop]) -> dict[str, Loop]:
    """The loop containing each block (blocks outside loops are absent)."""
    return {b: lp for lp in loops for b in lp.blocks}


def vector_exits(prog: Program) -> list[str]:
    """The exiting blocks, in every loop, whose branch depends on a vector value
    computed in that loop (an any-of of an exit mask: a vectorized early exit). A
    vectorizer's output with none vectorized only loops that exit on a count."""
    out = []
    types = prog.value_types()
    for lp in every_loop(prog):
        defs = {i.dest: i for b in lp.blocks for i in prog.blocks[b].instrs if i.dest}
        phis = {ph.dest: ph for b in lp.blocks for ph in prog.blocks[b].phis}
        out += [b for b in lp.exiting
                if (c := _branch_on(prog.blocks[b])) is not None and _from_a_vector(c, defs, phis, types)]
    return out


def _branch_on(blk: Block) -> str | None:
    """The value a block's branch tests (None: no branch, or a constant condition)."""
    t = blk.term
    return t.cond.name if isinstance(t, Branch) and isinstance(t.cond, Ref) else None


def _from_a_vector(name: str, defs: dict[str, Instr], phis: dict[str, Phi], types: dict[str, Type]) -> bool:
    """Whether loop value `name` is computed from a vector value of the loop."""
    todo, seen = [name], set()
    while todo:
        n = todo.pop()
        if n in seen or (n not in defs and n not in phis):
            continue
        seen.add(n)
        if isinstance(types.get(n), VecType):
            return True
        args = defs[n].args if n in defs else [v for _, v in phis[n].incoming]
        todo.extend(a.name for a in args if isinstance(a, Ref))
    return False


@dataclass(frozen=True)
class OutsideUse:
    """A use, outside loop `lp`, of a value the loop defines: by a phi (`phi`, the
    incoming edge's block `pred`), an instruction (`instr`), or a branch condition."""

    value: str
    block: str
    phi: str | None = None
    pred: str | None = None
    instr: str | None = None

    @property
    def user(self) -> str:
        """The user, for a message: `x in B`, `` `y = f(x)` in B``, `the branch of B`."""
        if self.phi is not None:
            return f"{self.phi} in {self.block}"
        if self.instr is not None:
            return f"`{self.instr}` in {self.block}"
        return f"the branch that ends {self.block}"


def uses_outside(prog: Program, lp: Loop) -> list[OutsideUse]:
    """Every use of a value `lp` defines (its phis and instructions) outside it: phis
    anywhere after it (not only its exit blocks'), instructions, and branch conditions
    (a rewrite that changes what the loop leaves with must see all of them)."""
    inside = {ph.dest for b in lp.blocks for ph in prog.blocks[b].phis} | \
        {i.dest for b in lp.blocks for i in prog.blocks[b].instrs if i.dest}
    return [u for name, blk in prog.blocks.items() if name not in lp.blocks for u in _uses_in(name, blk, inside)]


def _uses_in(name: str, blk: Block, inside: set[str]) -> list[OutsideUse]:
    """The uses block `name` makes of the values in `inside`."""
    out = [OutsideUse(op.name, name, phi=ph.dest, pred=pred) for ph in blk.phis for pred, op in ph.incoming
           if isinstance(op, Ref) and op.name in inside]
    out += [OutsideUse(op.name, name, instr=instr_text(ins)) for ins in blk.instrs for op in ins.args
            if isinstance(op, Ref) and op.name in inside]
    cond = _branch_on(blk)
    return out + ([OutsideUse(cond, name)] if cond in inside else [])
