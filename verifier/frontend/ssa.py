"""The .loop parser's state and its SSA construction on the fly (Braun et al.,
"Simple and Efficient Construction of Static Single Assignment Form"): the tokens,
the blocks being built, each variable's definition per block; reading one walks the
predecessors and places phis, sealing a block once all its predecessors are known.
The parser's layers build on it: expressions (frontend/expressions.py), then
declarations and statements (frontend/parser.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from verifier.errors import UserError
from verifier.frontend.lexer import Token, tokenize
from verifier.ir.program import (
    ArrayDecl,
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
    Param,
    Phi,
    Ref,
    Undef,
)
from verifier.ir.types import I1, Type

KEYWORDS = {"loop", "array", "alias", "window", "const", "effect", "pure", "assume", "if", "else", "do",
            "while", "break", "when", "out", "true", "false", "undef", "poison"}


@dataclass(frozen=True)
class _Missing:
    """A variable not assigned on some path; an error if a live phi keeps it."""

    var: str
    loc: Loc


@dataclass
class _LoopCtx:
    exit: str
    loc: Loc
    breaks: int = 0  # `break` statements so far (limits.MAX_EXITS)


@dataclass
class _Builder:
    blocks: dict[str, Block] = field(default_factory=dict)
    preds: dict[str, list[str]] = field(default_factory=dict)
    sealed: set[str] = field(default_factory=set)
    dead: set[str] = field(default_factory=set)
    defs: dict[str, dict[str, Operand]] = field(default_factory=dict)
    incomplete: dict[str, dict[str, Phi]] = field(default_factory=dict)
    names: dict[str, int] = field(default_factory=dict)
    ids: Fresh = field(default_factory=lambda: Fresh(set(), None, 1))  # the transforms' allocator of ids



@dataclass(frozen=True)
class Lit:
    """An integer literal whose type comes from where it is used."""

    value: int
    loc: Loc


@dataclass(frozen=True)
class TV:
    """A typed value: an operand and its type."""

    op: Operand
    type: Type


Expr = Lit | TV




def _describe(t: Token) -> str:
    if t.kind == "eof":
        return "the end of the file"
    return f"{t.text!r}"




class SSABuilder:
    """Tokens, blocks under construction and SSA variables (module docstring)."""

    def __init__(self, text: str, file: str) -> None:
        self.file = file
        self.toks = tokenize(text, file)
        self.pos = 0
        self.b = _Builder()
        self.cur = ""
        self.var_types: dict[str, Type] = {}
        self.consts: dict[str, int] = {}
        self.params: list[Param] = []
        self.arrays: dict[str, ArrayDecl] = {}
        self.funcs: dict[str, FuncDecl] = {}
        self.aliases: list[tuple[str, str]] = []
        self.windows: list[str] = []  # views declared with `window a, b`
        # each effect's `reads(...)` and `writes(...)` as written (resolve_effects)
        self.effect_sets: dict[str, dict[str, tuple[Token, ...]]] = {}
        self.loops: list[_LoopCtx] = []
        self.loop_count = 0
        self.masks: list[TV] = []
        self.depth = 0  # expressions within each other
        self.blocks = 0  # statements within each other

    # ------------------------------------------------------------ tokens
    def peek(self, k: int = 0) -> Token:
        return self.toks[min(self.pos + k, len(self.toks) - 1)]

    def next(self) -> Token:
        t = self.toks[self.pos]
        self.pos = min(self.pos + 1, len(self.toks) - 1)
        return t

    def at(self, text: str) -> bool:
        t = self.peek()
        return t.kind in ("op", "name") and t.text == text

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.next()
            return True
        return False

    def expect(self, text: str, what: str | None = None) -> Token:
        t = self.peek()
        if t.kind in ("op", "name") and t.text == text:
            return self.next()
        raise UserError(f"expected {what or repr(text)}, found {_describe(t)}", t.loc)

    def expect_name(self, what: str) -> Token:
        t = self.peek()
        if t.kind != "name" or t.text in KEYWORDS:
            raise UserError(f"expected {what}, found {_describe(t)}", t.loc)
        return self.next()

    def expect_int(self, what: str) -> int:
        t = self.peek()
        if t.kind == "int":
            self.next()
            return int(t.text, 0)
        if t.kind == "name" and t.text in self.consts:
            self.next()
            return self.consts[t.text]
        raise UserError(f"expected {what}, found {_describe(t)}", t.loc)

    # ------------------------------------------------------------ IR building
    def new_block(self, hint: str) -> str:
        n = self.b.names.get(hint, 0)
        self.b.names[hint] = n + 1
        name = hint if n == 0 else f"{hint}{n}"
        self.b.blocks[name] = Block(name)
        self.b.preds[name] = []
        return name

    def fresh_uid(self) -> int:
        return self.b.ids.uid()

    def fresh_name(self, hint: str) -> str:
        n = self.b.names.get("%" + hint, 0)
        self.b.names["%" + hint] = n + 1
        return hint if n == 0 else f"{hint}.{n}"

    def emit(self, op: str, args: list[Operand], ty: Type | None, loc: Loc, dest: bool = True,
             **attrs: Any) -> Operand:
        ins = Instr(self.fresh_uid(), op, args, ty, self.fresh_name("t") if dest else None,
                    Attrs(**attrs), loc)
        self.b.blocks[self.cur].instrs.append(ins)
        return Ref(ins.dest) if ins.dest else Const(0, I1)

    def edge(self, a: str, b: str) -> None:
        self.b.preds[b].append(a)

    def jump(self, target: str) -> None:
        self.b.blocks[self.cur].term = Jump(target)
        self.edge(self.cur, target)

    def branch(self, cond: Operand, then: str, other: str, loc: Loc) -> None:
        self.b.blocks[self.cur].term = Branch(cond, then, other, self.fresh_uid(), loc)
        self.edge(self.cur, then)
        self.edge(self.cur, other)

    def write_var(self, var: str, block: str, val: Operand) -> None:
        self.b.defs.setdefault(var, {})[block] = val

    def read_var(self, var: str, block: str, loc: Loc) -> Operand:
        d = self.b.defs.get(var, {})
        if block in d:
            return d[block]
        return self.read_var_rec(var, block, loc)

    def read_var_rec(self, var: str, block: str, loc: Loc) -> Operand:
        ty = self.var_types[var]
        val: Operand
        if block not in self.b.sealed:
            phi = Phi(self.fresh_uid(), self.fresh_name(var), ty, [], loc)
            self.b.incomplete.setdefault(block, {})[var] = phi
            self.b.blocks[block].phis.append(phi)
            val = Ref(phi.dest)
        elif block in self.b.dead:
            val = Undef(ty)
        elif len(self.b.preds[block]) == 0:
            val = _Missing(var, loc)  # type: ignore[assignment]
        elif len(self.b.preds[block]) == 1:
            val = self.read_var(var, self.b.preds[block][0], loc)
        else:
            phi = Phi(self.fresh_uid(), self.fresh_name(var), ty, [], loc)
            self.b.blocks[block].phis.append(phi)
            self.write_var(var, block, Ref(phi.dest))
            self.add_phi_operands(var, phi, block, loc)
            val = Ref(phi.dest)
        self.write_var(var, block, val)
        return val

    def add_phi_operands(self, var: str, phi: Phi, block: str, loc: Loc) -> None:
        for p in self.b.preds[block]:
            phi.incoming.append((p, self.read_var(var, p, loc)))

    def seal(self, block: str) -> None:
        for var, phi in self.b.incomplete.pop(block, {}).items():
            self.add_phi_operands(var, phi, block, phi.loc or Loc(self.file, 0, 0))
        self.b.sealed.add(block)

    def start_dead_block(self) -> None:
        name = self.new_block("dead")
        self.b.dead.add(name)
        self.b.sealed.add(name)
        self.cur = name

    # ------------------------------------------------------------ program
