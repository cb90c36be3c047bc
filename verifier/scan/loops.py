"""Which functions of a module a scan looks at: those with a loop that has a
data-dependent exit. Read structurally from the module (llvmlite's values), before
and independently of the front end, so that a loop the front end cannot read is
still counted, and reported as unknown with the front end's reason.

A loop is a strongly connected part of the control-flow graph; it exits on data
where a branch that leaves it depends, through the loop's own instructions, on a
load or a call in the loop (`a[i] == x`, `*p != 0`, `f(i)`). A branch on the
induction alone (`i < n`, `p != end`) is the countable exit.

A loop that walks a linked structure (`p = p->next`, `i = next[i]`: a value it
addresses memory with is carried from one iteration to the next through a load)
is counted apart: no lane's address is known before the previous lane's load, so
no vectorizer can run its iterations side by side.

A loop whose exit on data goes with a call that may write memory or may not return
(`while (deflate(&s) == Z_OK)`, `while ((n = fread(...)) > 0)`: LangRef's memory
and `willreturn`/`nounwind` facts, from the callee and the call site) is counted
apart too: a vector iteration would make the calls of lanes the scalar loop never
reaches, or make them out of order, so no vectorizer takes it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import networkx as nx

_READS = ("load", "call", "invoke")  # opcodes whose result is data the loop did not compute


@dataclass(frozen=True)
class LoopCensus:
    """A function's loops, and how many of them exit on data."""

    loops: int
    early_exit: int  # exits on data, and does not walk a linked structure
    chasing: int = 0  # exits on data, walking a linked structure
    calling: int = 0  # exits on data, making calls with effects (writes memory, may not return)


def census(fn: Any, groups: dict[str, str] | None = None) -> LoopCensus:
    """The loops of llvmlite function `fn` and those with a data-dependent exit;
    `groups` are the module's attribute groups (`#7`), for what its calls may do."""
    blocks = {b: b for b in fn.blocks}  # an operand naming a block -> the block itself
    loops = _loops(blocks)
    on_data = [scc for scc in loops if _exits_on_data(scc, blocks)]
    chasing = [scc for scc in on_data if _chases_pointers(scc)]
    calling = [scc for scc in on_data if scc not in chasing and _calls_with_effects(scc, groups or {})]
    return LoopCensus(len(loops), len(on_data) - len(chasing) - len(calling), len(chasing), len(calling))


def exits_on_vectors(fn: Any) -> bool:
    """Whether a loop of llvmlite function `fn` (the vectorizer's output) leaves on a
    branch computed, in the loop, from a vector value (`any_of` of a compare of
    lanes): LLVM vectorized an early exit there, not only a loop on a count."""
    blocks = {b: b for b in fn.blocks}
    return any(_leaves_on(scc, blocks, _is_vector) for scc in _loops(blocks))


def _is_vector(ins: Any) -> bool:
    return str(ins.type).startswith("<")


def _leaves_on(scc: set[Any], blocks: dict[Any, Any], found: Callable[[Any], bool]) -> bool:
    """Whether a branch leaving the loop `scc` is computed, inside it, from an
    instruction `found` holds of."""
    inside = {ins: ins for b in scc for ins in b.instructions}  # an operand -> its instruction
    for b in scc:
        if all(s in scc for s in _successors(b, blocks)):
            continue
        term = list(b.instructions)[-1]
        if any(_computed_from(c, inside, found) for c in term.operands if c not in blocks):
            return True
    return False


def _loops(blocks: dict[Any, Any]) -> list[set[Any]]:
    """The control-flow graph's loops: its strongly connected parts that cycle."""
    g: nx.DiGraph[Any] = nx.DiGraph()
    g.add_nodes_from(blocks)
    g.add_edges_from((b, s) for b in blocks for s in _successors(b, blocks))
    return [scc for scc in nx.strongly_connected_components(g) if len(scc) > 1 or g.has_edge(*[next(iter(scc))] * 2)]


def _successors(block: Any, blocks: dict[Any, Any]) -> list[Any]:
    """The blocks `block`'s terminator may go to."""
    term = list(block.instructions)[-1]
    return [blocks[o] for o in term.operands if o in blocks]


def _exits_on_data(scc: set[Any], blocks: dict[Any, Any]) -> bool:
    """Whether a branch leaving the loop `scc` depends on a load or call inside it."""
    return _leaves_on(scc, blocks, lambda v: v.opcode in _READS)


def _chases_pointers(scc: set[Any]) -> bool:
    """Whether a phi the loop computes an address from is carried through a load."""
    inside = {ins: ins for b in scc for ins in b.instructions}
    for ins in inside:
        if ins.opcode in ("load", "store"):
            address = list(ins.operands)[0 if ins.opcode == "load" else 1]
            for phi in _phis_behind(address, inside):
                if any(_reads_data(v, inside) for v in phi.operands):
                    return True
    return False


def _phis_behind(value: Any, inside: dict[Any, Any]) -> list[Any]:
    """The loop's phis `value` is computed from, through the loop's instructions other
    than loads (a loaded value is data, not the address's own computation)."""
    todo, seen, phis = [value], set(), []
    while todo:
        v = inside.get(todo.pop())
        if v is None or v in seen or v.opcode == "load":
            continue
        seen.add(v)
        if v.opcode == "phi":
            phis.append(v)
        else:
            todo.extend(v.operands)
    return phis


def _reads_data(value: Any, inside: dict[Any, Any]) -> bool:
    """Whether `value` is computed, within the loop, from a load or a call there."""
    return _computed_from(value, inside, lambda v: v.opcode in _READS)


def _computed_from(value: Any, inside: dict[Any, Any], found: Callable[[Any], bool]) -> bool:
    """Whether `value` is computed, within the loop, from an instruction `found` holds of."""
    todo, seen = [value], set()
    while todo:
        v = inside.get(todo.pop())
        if v is None or v in seen:
            continue
        seen.add(v)
        if found(v):
            return True
        todo.extend(v.operands)
    return False


def _calls_with_effects(scc: set[Any], groups: dict[str, str]) -> bool:
    """Whether the loop makes a call that may write memory or may not return (an
    intrinsic's facts are its declaration's, as any other callee's)."""
    from verifier.frontend.llvm.text import call_facts, call_site_attrs, effects_of, operand_text

    for b in scc:
        for ins in b.instructions:
            if ins.opcode not in ("call", "invoke") or _harmless(ins):
                continue
            # (LLVM prints a declaration's attributes in a comment above it)
            facts = call_facts(operand_text(list(ins.operands)[-1]), call_site_attrs(operand_text(ins), groups))
            if not facts.returns or effects_of(facts) not in ("none", "read"):
                return True
    return False


def _harmless(ins: Any) -> bool:
    """A call that is no event: the markers LLVM places (lifetimes, debug values,
    assumptions), whatever their declarations say."""
    name = str(list(ins.operands)[-1].name)
    return name.startswith(("llvm.lifetime.", "llvm.dbg.", "llvm.assume", "llvm.experimental.noalias.scope.decl"))
