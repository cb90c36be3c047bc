"""An LLVM function as the emitter reads it: plain data (blocks, instructions,
operands as LLVM writes them), every value and block named, and the one loop with
its header, latch, preheader, exits and the blocks that dominate its latch.

The emitter rewrites LLVM text, so it keeps LLVM's own spelling of everything it
does not change; this module is the only one of the emitter that talks to
llvmlite. Unnamed values and blocks get names (`%t5`, `%bb3`) first: the emitted
function adds values, and LLVM's numbered names must stay consecutive."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx

from verifier.analysis.loops import dominates
from verifier.errors import UserError
from verifier.frontend.llvm.module import attributes, read_module
from verifier.frontend.llvm.text import instruction_lines, type_text

_PLAIN_NAME = re.compile(r"^[-a-zA-Z$._][-a-zA-Z$._0-9]*$")
_CASE = re.compile(r"i\d+ (-?\d+|true|false), label %([-a-zA-Z$._0-9]+|\"[^\"]*\")")


class EmitUnsupported(Exception):
    """A construct the emitter does not lower, with the source line it is on."""

    def __init__(self, what: str, line: int | None = None) -> None:
        super().__init__(what + (f" (line {line})" if line else ""))
        self.what = what
        self.line = line


def ref(name: str) -> str:
    """A local name as LLVM writes it (`%x`, or `%"x y"`)."""
    return f"%{name}" if _PLAIN_NAME.match(name) else f'%"{name}"'


@dataclass(frozen=True)
class Val:
    """An operand: its LLVM spelling without the type (`%t4`, `0`, `poison`), its
    type, and the name of the instruction or argument it is (None: a constant)."""

    text: str
    type: str
    name: str | None


@dataclass
class Ins:
    """One instruction: `text` as LLVM prints it (metadata included), `ops` its
    operands (a call's callee last, a branch's in LLVM's order: cond, false, true)."""

    name: str | None
    opcode: str
    type: str
    ops: list[Val]
    text: str
    block: str
    line: int | None
    incoming: list[str] = field(default_factory=list)  # a phi's blocks, in order of ops

    @property
    def shown(self) -> str:
        """The instruction for a message: its first line (a switch spans several)."""
        first = self.text.splitlines()[0].rstrip()
        return first + " ..." if "\n" in self.text else first

    @property
    def cases(self) -> list[tuple[str, str]]:
        """A switch's cases as (value, target block), read from its text (LLVM no longer
        keeps the values among the operands)."""
        body = self.text.split("[", 1)[1] if "[" in self.text else ""
        return [(v, n.strip('"')) for v, n in _CASE.findall(body)]

    @property
    def callee(self) -> str | None:
        return self.ops[-1].text.lstrip("@") if self.opcode == "call" else None


@dataclass
class Blk:
    label: str
    instrs: list[Ins]

    @property
    def term(self) -> Ins:
        return self.instrs[-1]

    @property
    def phis(self) -> list[Ins]:
        return [i for i in self.instrs if i.opcode == "phi"]

    def successors(self) -> list[str]:
        t = self.term
        if t.opcode == "switch":  # cond, default, then (value, label) pairs
            return list(dict.fromkeys(o.name for o in t.ops if o.type == "label" and o.name))
        if t.opcode != "br":
            return []
        names = [o.name for o in t.ops if o.type == "label" and o.name]
        return names if len(t.ops) == 1 else names[::-1]  # LLVM keeps (cond, false, true)


@dataclass
class Func:
    """The function, its blocks in order, and the module's text with it named."""

    name: str
    blocks: dict[str, Blk]
    module_text: str
    function_text: str
    args: list[Val]
    arg_attrs: dict[str, str]  # each argument's attributes as LLVM spells them
    globals: dict[str, str]  # each global's value type (`[100 x i64]`), by name without the @

    def defs(self) -> dict[str, Ins]:
        return {i.name: i for b in self.blocks.values() for i in b.instrs if i.name}


@dataclass(frozen=True)
class Loop:
    header: str
    latch: str
    preheader: str
    blocks: tuple[str, ...]  # in a topological order of the body (back edge removed), header first
    dominate_latch: frozenset[str]  # blocks every iteration that reaches the latch runs
    exits: tuple[tuple[str, str], ...]  # (exiting block, exit block), in body order


def read_function(path: Path, func: str | None) -> Func:
    """Function `func` (the only defined one if None) of the module at `path`."""
    mod = read_module(path)
    try:
        defined = [f for f in mod.functions if not f.is_declaration]
        if func is None:
            if len(defined) != 1:
                raise UserError(f"{path}: {len(defined)} functions defined; choose one with --func")
            fn = defined[0]
        else:
            found = [f for f in defined if f.name == func]
            if not found:
                raise UserError(f"{path}: no function @{func} is defined here")
            fn = found[0]
        lines = _instruction_lines(path.read_text(), fn.name)
        _name_all(fn)
        text = str(mod)
        globals_ = {g.name: type_text(g.global_value_type) for g in mod.global_variables}
        return _read(fn, text, lines, _instruction_texts(text, fn.name), globals_)
    finally:
        mod.close()


def _instruction_lines(text: str, name: str) -> list[int]:
    """The 1-based file line of each instruction of @name, in order (the front end's
    reading of the text: a switch's case lines are none)."""
    lines = text.splitlines()
    define = next((k for k, line in enumerate(lines)
                   if line.startswith("define") and f"@{name}(" in line.replace('"', "")), None)
    return [] if define is None else [k + 1 for k in instruction_lines(lines, define)]


def _instruction_texts(module_text: str, name: str) -> list[str]:
    """Each instruction of @name as the module's text prints it (a switch with its case
    lines): its metadata numbered as the module numbers it (an instruction printed
    alone numbers them for its function only, which the module's `!N` lines do not
    define where the module holds another function)."""
    lines = module_text.splitlines()
    define = next((k for k, line in enumerate(lines)
                   if line.startswith("define") and f"@{name}(" in line.replace('"', "")), None)
    if define is None:
        return []
    at = instruction_lines(lines, define)
    out = []
    for k in at:
        end = k
        if lines[k].split(";", 1)[0].rstrip().endswith("["):
            while end + 1 < len(lines) and not lines[end].strip().startswith("]"):
                end += 1
        out.append("\n".join(lines[k:end + 1]).strip())
    return out


def _name_all(fn: Any) -> None:
    """Name LLVM's numbered values after their numbers (`%5` -> `%v5`, as the front end
    does): the source and the emitted function then read with the same names."""
    values = [*fn.arguments, *(v for b in fn.blocks for v in (b, *b.instructions))]
    taken = {v.name for v in values}
    numbered = [v for v in values if not v.name and str(v.type) != "void"]
    for slot, v in enumerate(numbered):
        v.name = _free(f"v{slot}", taken)


def _free(want: str, taken: set[str]) -> str:
    """`want`, or `want_1`, `want_2`, ... : the first not in `taken` (which takes it)."""
    name, k = want, 0
    while name in taken:
        k += 1
        name = f"{want}_{k}"
    taken.add(name)
    return name


def _val(o: Any) -> Val:
    kind = o.value_kind.name
    ty = str(o.type)
    if kind in ("instruction", "argument", "basic_block"):
        return Val(ref(o.name), ty, o.name)
    if kind == "function" or kind == "global_variable":
        return Val(f"@{o.name}", ty, None)
    text = str(o).strip()
    return Val(text[len(ty) + 1:] if text.startswith(ty + " ") else text, ty, None)


def _read(fn: Any, module_text: str, lines: list[int], texts: list[str], globals_: dict[str, str]) -> Func:
    blocks: dict[str, Blk] = {}
    k = 0
    for b in fn.blocks:
        instrs = []
        for i in b.instructions:
            ins = _ins(i, b.name, lines[k] if k < len(lines) else None)
            if k < len(texts) and texts[k].split(" ", 1)[0] == ins.text.split(" ", 1)[0]:
                ins.text = texts[k]  # (the same instruction, its metadata numbered as the module's)
            instrs.append(ins)
            k += 1
        blocks[b.name] = Blk(b.name, instrs)
    text = str(fn)
    return Func(fn.name, blocks, module_text, text[text.index("define"):], [_val(a) for a in fn.arguments],
                {a.name: attributes(a) for a in fn.arguments}, globals_)


def _ins(i: Any, block: str, line: int | None) -> Ins:
    """llvmlite's instruction `i` of `block` as plain data."""
    inc = [bb.name for bb in i.incoming_blocks] if i.opcode == "phi" else []
    return Ins(i.name or None, i.opcode, str(i.type), [_val(o) for o in i.operands], str(i).strip(), block, line, inc)


def find_loop(f: Func, header: str | None = None) -> Loop:
    """The function's innermost loop, in simplified form (one latch, one preheader): its
    one loop, or in a nest the loop inside the others (as LLVM's loop vectorizer
    takes only innermost loops); it runs within the outer loop's iteration. Where
    there are several, `header` (`%12` or `12`) names the one to take."""
    entry = next(iter(f.blocks))
    g = nx.DiGraph()
    g.add_node(entry)
    g.add_edges_from((b.label, s) for b in f.blocks.values() for s in b.successors())
    idom = nx.immediate_dominators(g, entry)
    latch, header = _back_edge(f, g, idom, entry, header)
    body = _body(g, header, latch)
    order = _body_order(f, g, body, header, latch)
    exits = tuple((b, s) for b in order for s in f.blocks[b].successors() if s not in body)
    doms = frozenset(b for b in body if dominates(idom, b, latch))
    return Loop(header, latch, _preheader(g, header, body), order, doms, exits)


def _preheader(g: nx.DiGraph, header: str, body: set[str]) -> str:
    """The one block outside the loop that enters it."""
    outside = [p for p in g.predecessors(header) if p not in body]
    if len(outside) != 1:
        raise EmitUnsupported(f"the loop at %{header} is entered from {len(outside)} blocks, not one preheader")
    return str(outside[0])


def _body(g: nx.DiGraph, header: str, latch: str) -> set[str]:
    """The natural loop of back edge latch -> header: the blocks that reach the latch
    without passing the header (a one-block loop is its own latch)."""
    if latch == header:
        return {header}
    reach: set[str] = nx.ancestors(g.subgraph(n for n in g if n != header), latch)
    return {header, latch} | reach


def _body_order(f: Func, g: nx.DiGraph, body: set[str], header: str, latch: str) -> tuple[str, ...]:
    """The body's blocks in a topological order (back edge removed), header first, ties
    in the function's order."""
    acyclic = g.subgraph(body).copy()
    acyclic.remove_edge(latch, header)
    rest = nx.lexicographical_topological_sort(acyclic, key=list(f.blocks).index)
    return (header, *(n for n in rest if n != header))


def _back_edge(f: Func, g: nx.DiGraph, idom: dict[str, str], entry: str, chosen: str | None) -> tuple[str, str]:
    """The innermost loop's one back edge (latch, header): of the edges to a block that
    dominates their source (analysis/loops.dominates), the one whose loop holds no
    other loop's header (of several, the one at `chosen`)."""
    back = [(u, v) for u, v in g.edges if (u in idom or u == entry) and dominates(idom, v, u)]
    if not back:
        raise EmitUnsupported(f"@{f.name} has no loop")
    headers = [v for _, v in back]
    if len(set(headers)) != len(headers):
        raise EmitUnsupported(f"@{f.name} has a loop with {len(back)} back edges: the emitter takes one loop "
                              "with one latch")
    inner = _innermost(g, back)
    shown = ", ".join(f"%{v}" for _, v in inner)
    if chosen is not None:
        want = chosen.removeprefix("%")
        picked = [(u, v) for u, v in inner if want in (v, v.removeprefix("v"))]  # (`%4` is read as block v4)
        if not picked:
            raise UserError(f"--loop {chosen}: @{f.name} has no innermost loop there (its innermost loops are at "
                            f"{shown})")
        return picked[0]
    if len(inner) != 1:
        raise EmitUnsupported(f"@{f.name} has {len(inner)} innermost loops (at {shown}): the emitter vectorizes "
                              "one loop, the one `verifier vectorize --loop` names")
    return inner[0]


def _innermost(g: nx.DiGraph, back: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The back edges whose natural loop holds no other loop's header."""
    headers = {v for _, v in back}
    return [(u, v) for u, v in back if not (headers - {v}) & _body(g, v, u)]
