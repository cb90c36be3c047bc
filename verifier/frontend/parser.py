"""The .loop language: a recursive-descent parser that lowers straight into SSA IR.

SSA is built on the fly (Braun et al., "Simple and Efficient Construction of
Static Single Assignment Form"): variables are names that may be reassigned;
reading one walks predecessors and places phis, sealing blocks once all their
predecessors are known. Every mistake is a UserError at file:line:col.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from verifier.analysis.loops import LoopShapeError, find_loops
from verifier.errors import UserError, read_source
from verifier.frontend.blocks import at_label, check_flags, check_ssa, op_words, parse_blocks
from verifier.frontend.lexer import Token, base_operator, operator_parts, tokenize
from verifier.ir.opcodes import COMPARE_SYMBOLS, INFIX_OPS, OPCODES, Opcode, Operands, Syntax
from verifier.ir.program import (
    ArrayDecl,
    Attrs,
    Block,
    Branch,
    Const,
    Extent,
    Fresh,
    FuncDecl,
    Halt,
    Instr,
    Jump,
    Loc,
    Operand,
    Param,
    Phi,
    PoisonConst,
    Program,
    Ref,
    Undef,
    map_operands,
)
from verifier.ir.types import I1, I64, IntType, Type, VecType, elem_of, lanes_of, with_elem
from verifier.limits import (
    MAX_BLOCK_DEPTH,
    MAX_EXITS,
    MAX_EXPR_DEPTH,
    MAX_MODEL_BYTES,
    lanes_problem,
)

KEYWORDS = {"loop", "array", "alias", "window", "const", "effect", "pure", "assume", "if", "else", "do",
            "while", "break", "when", "out", "true", "false", "undef", "poison"}


def _typed_by_row(o: Opcode) -> bool:
    """A call-like operation whose table row alone types it (`by_rule`)."""
    return o.syntax is Syntax.CALL and o.operands in (Operands.SAME, Operands.COMPARED)


# the operations written as calls in the structured form: the table's builtins, and
# every call-like operation whose row alone types it (fadd, fcmp.olt, cttz.zero_poison)
BUILTINS = {o.name for o in OPCODES.values()
            if (o.structured and o.syntax in (Syntax.CALL, Syntax.CONVERSION, Syntax.LANES)) or _typed_by_row(o)}
LEVELS = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="],
          ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]


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


def parse_file(path: str | Path) -> Program:
    p = Path(path)
    return parse(read_source(p, MAX_MODEL_BYTES, "a .loop model"), str(p))


def parse(text: str, file: str = "<model>") -> Program:
    """The model in `text` (`file` names it in errors)."""
    p = _Parser(text, file)
    # reading a variable walks back through the blocks before (Braun et al.'s SSA
    # construction), a call per block: 250 `if`s in a row passed Python's default 1,000
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, SSA_RECURSION))
    try:
        return p.program()
    except RecursionError:
        raise UserError(f"too many branches in a row: reading a variable back through them took more than "
                        f"{SSA_RECURSION} calls", p.peek().loc) from None
    finally:
        sys.setrecursionlimit(old)


SSA_RECURSION = 50_000  # calls deep, while a model is parsed (Python-to-Python calls use no C stack in 3.11)


class _Parser:
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
    def program(self) -> Program:
        self.expect("loop", "'loop' to start a model")
        name = self.expect_name("the loop's name").text
        self.expect("(")
        entry = self.new_block("entry")
        self.b.sealed.add(entry)
        self.cur = entry
        if not self.at(")"):
            while True:
                t = self.expect_name("a parameter name")
                self.expect(":", "':' and the parameter's type")
                ty = self.parse_type()
                if not isinstance(ty, IntType):
                    raise UserError("parameters must be integers", t.loc)
                if t.text in self.var_types:
                    raise UserError(f"parameter {t.text!r} declared twice", t.loc)
                self.params.append(Param(t.text, ty))
                self.b.names["%" + t.text] = 1  # SSA names derived from it start at N.1
                self.var_types[t.text] = ty
                self.write_var(t.text, entry, Ref(t.text))
                if not self.accept(","):
                    break
        self.expect(")", "',' or ')' after a parameter")
        open_tok = self.expect("{", "'{' to open the loop model")
        while not self.at("}"):
            if self.peek().kind == "eof":
                raise UserError("unterminated block: expected '}' before the end of the file "
                                f"(opened at line {open_tok.loc.line})", self.peek().loc)
            if at_label(self):
                return self.finish_blocks(name)
            self.item(top=True)
        self.next()
        if self.peek().kind != "eof":
            raise UserError(f"expected the end of the file, found {_describe(self.peek())}", self.peek().loc)
        self.b.blocks[self.cur].term = Halt()
        return self.finish(name)

    def finish_blocks(self, name: str) -> Program:
        """The rest of a model in block form (frontend/blocks.py)."""
        if any(b.instrs or b.phis for b in self.b.blocks.values()):
            raise UserError("a model is either statements or labelled blocks, not both: "
                            "put the declarations first, then the blocks", self.peek().loc)
        self.resolve_effects()  # (every declaration comes before the blocks)
        blocks, entry = parse_blocks(self)
        self.next()
        if self.peek().kind != "eof":
            raise UserError(f"expected the end of the file, found {_describe(self.peek())}", self.peek().loc)
        prog = Program(name, self.params, list(self.arrays.values()), self.funcs, self.aliases,
                       blocks, entry, dict(self.consts), self.file, windows=tuple(self.windows))
        check_ssa(prog)
        try:
            find_loops(prog)
        except LoopShapeError as e:
            raise UserError(f"{e} is not supported", Loc(self.file, 1, 1)) from None
        return prog

    def finish(self, name: str) -> Program:
        blocks = _prune_unreachable(self.b.blocks, "entry")
        _remove_trivial_phis(blocks)
        for blk in blocks.values():
            for ph in blk.phis:
                for _, op in ph.incoming:
                    if isinstance(op, _Missing):
                        raise UserError(f"{op.var!r} is not assigned on every path to this use", op.loc)
            for ins in blk.instrs:
                for op in ins.args:
                    if isinstance(op, _Missing):
                        raise UserError(f"{op.var!r} is not assigned on every path to this use", op.loc)
        self.resolve_effects()
        prog = Program(name, self.params, list(self.arrays.values()), self.funcs, self.aliases,
                       blocks, "entry", dict(self.consts), self.file, windows=tuple(self.windows))
        try:
            find_loops(prog)
        except LoopShapeError as e:
            raise UserError(f"{e} is not supported", Loc(self.file, 1, 1)) from None
        return prog

    # ------------------------------------------------------------ items
    def item(self, top: bool) -> None:
        t = self.peek()
        if t.kind == "op" and t.text == ";":
            self.next()
            return
        if t.kind != "name":
            raise UserError(f"expected a statement, found {_describe(t)}", t.loc)
        decl = {"array": self.decl_array, "alias": self.decl_alias, "window": self.decl_alias, "const": self.decl_const,
                "effect": self.decl_effect, "pure": self.decl_pure}.get(t.text)
        if decl is not None:
            if not top or self.loops:
                raise UserError(f"'{t.text}' declarations belong at the top level of the model", t.loc)
            self.next()
            decl(t)
            return
        self.statement()

    def decl_array(self, kw: Token) -> None:
        t = self.expect_name("the array's name")
        if t.text in self.arrays or t.text in self.var_types:
            raise UserError(f"{t.text!r} is already declared", t.loc)
        self.expect(":", "':' and the element type")
        ty = self.parse_type()
        if not isinstance(ty, IntType):
            raise UserError("array elements must be integers", t.loc)
        if not self.at("["):
            raise UserError(f"expected '[' and the dereferenceable extent of {t.text!r} "
                            f"(e.g. {t.text}: {ty}[N]), found {_describe(self.peek())}", self.peek().loc)
        self.next()
        extent = self.parse_extent()
        self.expect("]", "']' after the extent")
        init = readonly = False
        while self.peek().kind == "name" and self.peek().text in ("init", "readonly"):
            if self.next().text == "init":
                init = True
            else:
                readonly = True
        contents = self.array_contents(t, ty, extent) if self.accept("=") else None
        # given contents are a constant (LLVM's constant global): never poison, and a
        # store to it is UB (read-only)
        self.arrays[t.text] = ArrayDecl(t.text, ty, extent, init or contents is not None,
                                        readonly or contents is not None, t.loc, contents)

    def array_contents(self, name: Token, ty: IntType, extent: Extent) -> tuple[int, ...]:
        """`= [1, -2, ...]`: every element's initial value (a constant table); the
        extent must be that many elements."""
        self.expect("[", "'[' and the array's initial values")
        values: list[int] = []
        while not self.at("]"):
            if values:
                self.expect(",", "',' or ']'")
            neg = self.accept("-")
            t = self.peek()
            if t.kind != "int":
                raise UserError(f"expected an integer initial value of {name.text!r}, found {_describe(t)}", t.loc)
            self.next()
            values.append((-int(t.text, 0) if neg else int(t.text, 0)) & ((1 << ty.bits) - 1))
        self.expect("]", "']' after the initial values")
        if extent != len(values):
            raise UserError(f"{name.text!r} has {len(values)} initial values; its extent must be that number",
                            name.loc)
        return tuple(values)

    def parse_extent(self) -> Extent:
        size = [0]  # operators and parentheses: an extent is a tree, walked recursively later

        def grow(t: Token) -> None:
            size[0] += 1
            if size[0] > MAX_EXPR_DEPTH:
                raise UserError(f"extent too large (more than {MAX_EXPR_DEPTH} operators and parentheses)", t.loc)

        def atom() -> Extent:
            t = self.peek()
            if t.kind == "int":
                self.next()
                return int(t.text, 0)
            if self.at("("):
                grow(self.next())
                e = add()
                self.expect(")")
                return e
            if t.kind == "name" and t.text in self.consts:
                self.next()
                return self.consts[t.text]
            if t.kind == "name" and any(p.name == t.text for p in self.params):
                self.next()
                return t.text
            if t.kind == "name":
                raise UserError(f"unknown name {t.text!r} in an extent (extents use parameters "
                                "and constants)", t.loc)
            raise UserError(f"expected an extent (a number, a parameter, or + - * / of them), "
                            f"found {_describe(t)}", t.loc)

        def mul() -> Extent:
            e = atom()
            while self.peek().kind == "op" and self.peek().text in ("*", "/", "%"):
                grow(self.peek())
                op = self.next().text
                e = (op, e, atom())
            return e

        def add() -> Extent:
            e = mul()
            while self.peek().kind == "op" and self.peek().text in ("+", "-"):
                grow(self.peek())
                op = self.next().text
                e = (op, e, mul())
            return e

        return add()

    def decl_alias(self, kw: Token) -> None:
        a = self.expect_name("an array name")
        self.expect(",", "',' between the two arrays that may alias")
        b = self.expect_name("an array name")
        for t in (a, b):
            if t.text not in self.arrays:
                raise UserError(f"unknown array {t.text!r}", t.loc)
        if self.arrays[a.text].elem != self.arrays[b.text].elem:
            raise UserError("arrays that may alias must have the same element type", b.loc)
        order = list(self.arrays)
        if order.index(a.text) >= order.index(b.text):
            raise UserError(f"in `alias a, b` the view b must be declared after a ({b.text} is not)", b.loc)
        if (a.text, b.text) in self.aliases:
            raise UserError(f"alias {a.text}, {b.text} is declared twice", b.loc)
        if b.text in self.windows or (kw.text == "window" and any(v == b.text for _, v in self.aliases)):
            raise UserError(f"a window ({b.text}) has exactly one object: no other alias or window of it", b.loc)
        for t in (a, b):
            if self.arrays[t.text].contents is not None:
                raise UserError(f"{t.text} has given contents (a constant table): an object of its own, never a "
                                f"view nor viewed (`{kw.text}` names arrays that may share an object)", t.loc)
        if self.arrays[b.text].init and not self.arrays[a.text].init:
            raise UserError(f"{b.text} is `init` (never poison) but may be a view of {a.text}'s object, which is "
                            f"not: declare {a.text} `init` too, or {b.text} without it", b.loc)
        if kw.text == "window":
            self.windows.append(b.text)
        self.aliases.append((a.text, b.text))

    def decl_const(self, kw: Token) -> None:
        t = self.expect_name("the constant's name")
        self.expect("=", "'=' and the constant's value")
        neg = self.accept("-")
        v = self.expect_int("an integer constant")
        if t.text in self.consts or t.text in self.var_types:
            raise UserError(f"{t.text!r} is already declared", t.loc)
        self.consts[t.text] = -v if neg else v

    def decl_effect(self, kw: Token) -> None:
        """`effect f(i8)`, or with a result: `effect f(i8) -> i32 [maybe_poison]` (the
        result a function of the trace so far and the arguments; poison where allowed),
        then what else it does: `reads(a, b)`, `writes(a)` (`*`: every array it may
        write), `willreturn` (without it the call may end the run, as exit() would).
        An effect reads and writes no array unless it says so."""
        t = self.expect_name("the function's name")
        params = self.parse_param_types()
        ret: IntType | None = None
        if self.accept("->"):
            rt = self.parse_type()
            if not isinstance(rt, IntType):
                raise UserError("an effect returns an integer", t.loc)
            ret = rt
        may_poison = ret is not None and self.peek().kind == "name" and self.peek().text == "maybe_poison"
        if may_poison:
            self.next()
        sets: dict[str, tuple[Token, ...]] = {}
        returns = False
        while self.peek().kind == "name" and self.peek().text in ("reads", "writes", "willreturn"):
            word = self.next()
            if word.text == "willreturn":
                returns = True
                continue
            if word.text in sets:
                raise UserError(f"{word.text}(...) is given twice", word.loc)
            self.expect("(", f"'(' and the arrays {t.text} {word.text}")
            names: list[Token] = []
            while not self.at(")"):
                if names:
                    self.expect(",", "',' or ')'")
                names.append(self.next() if self.at("*") else self.expect_name("an array's name, or *"))
            self.expect(")", "')'")
            sets[word.text] = tuple(names)
        self.effect_sets[t.text] = sets
        self.declare_func(FuncDecl(t.text, params, ret, False, ret_poison=may_poison, willreturn=returns), t)

    def resolve_effects(self) -> None:
        """Each effect's `reads(...)` and `writes(...)` as array names (`*`: every array
        a call may write: all but a table of given contents, a constant; `readonly` forbids
        the loop's own stores, not a callee's, as LLVM's `readonly` parameter), once every
        array is declared; calls made before take the completed declaration."""
        done: dict[str, FuncDecl] = {}
        for name, sets in self.effect_sets.items():
            arrays: dict[str, tuple[str, ...]] = {}
            for word, toks in sets.items():
                out: list[str] = []
                for tok in toks:
                    if tok.text == "*":
                        out += [a.name for a in self.arrays.values() if a.contents is None]
                        continue
                    a = self.arrays.get(tok.text)
                    if a is None:
                        raise UserError(f"{tok.text!r} is not a declared array", tok.loc)
                    if word == "writes" and a.contents is not None:
                        raise UserError(f"{name} cannot write {tok.text}: its contents are given (a constant)",
                                        tok.loc)
                    out.append(a.name)
                arrays[word] = tuple(dict.fromkeys(out))
            done[name] = dataclasses.replace(self.funcs[name], reads=arrays.get("reads", ()),
                                             writes=arrays.get("writes", ()))
        self.funcs.update(done)
        for blk in self.b.blocks.values():
            for ins in blk.instrs:
                if ins.op == "call" and ins.attrs.func is not None and ins.attrs.func.name in done:
                    ins.attrs = ins.attrs.but(func=done[ins.attrs.func.name])

    def decl_pure(self, kw: Token) -> None:
        t = self.expect_name("the function's name")
        params = self.parse_param_types()
        self.expect("->", "'->' and the result type of a pure function")
        ret = self.parse_type()
        if not isinstance(ret, IntType):
            raise UserError("pure functions return an integer", t.loc)
        spec = self.peek().kind == "name" and self.peek().text == "speculatable"
        if spec:
            self.next()
        self.declare_func(FuncDecl(t.text, params, ret, True, spec), t)

    def declare_func(self, f: FuncDecl, t: Token) -> None:
        if f.name in self.funcs or f.name in BUILTINS:
            raise UserError(f"function {f.name!r} is already declared", t.loc)
        self.funcs[f.name] = f

    def parse_param_types(self) -> tuple[IntType, ...]:
        self.expect("(", "'(' and the parameter types")
        out: list[IntType] = []
        if not self.at(")"):
            while True:
                loc = self.peek().loc
                ty = self.parse_type()
                if not isinstance(ty, IntType):
                    raise UserError("function parameters are integers (a vector argument calls "
                                    "the function once per lane)", loc)
                out.append(ty)
                if not self.accept(","):
                    break
        self.expect(")", "',' or ')'")
        return tuple(out)

    @staticmethod
    def check_lanes(n: int, loc: Loc) -> int:
        """`n`, a vector's lane count within limits.MAX_LANES (a UserError at `loc` if not)."""
        problem = lanes_problem(n)
        if problem is not None:
            raise UserError(problem, loc)
        return n

    def parse_type(self) -> Type:
        t = self.peek()
        if t.kind == "op" and t.text == "<":
            self.next()
            lanes = self.expect_int("the number of lanes")
            self.check_lanes(lanes, t.loc)
            self.expect("x", "'x' in a vector type like <4 x i8>")
            elem = self.parse_type()
            if not isinstance(elem, IntType):
                raise UserError("vector lanes must be integers", t.loc)
            self.expect(">", "'>' to close the vector type")
            return VecType(lanes, elem)
        if t.kind == "name" and t.text.startswith("i") and t.text[1:].isdigit():
            bits = int(t.text[1:]) if len(t.text) <= 4 else 0
            if not 1 <= bits <= 64:
                raise UserError(f"integer widths are i1 to i64, not {t.text}", t.loc)
            self.next()
            return IntType(bits)
        raise UserError(f"expected a type (i1..i64 or <N x iK>), found {_describe(t)}", t.loc)

    # ------------------------------------------------------------ statements
    def block_or_statement(self) -> None:
        self.blocks += 1
        try:
            self._block_or_statement()
        finally:
            self.blocks -= 1

    def _block_or_statement(self) -> None:
        if self.blocks > MAX_BLOCK_DEPTH:
            raise UserError(f"statements nested too deeply (more than {MAX_BLOCK_DEPTH} levels)", self.peek().loc)
        if self.at("{"):
            open_tok = self.next()
            while not self.at("}"):
                if self.peek().kind == "eof":
                    raise UserError("unterminated block: expected '}' before the end of the file "
                                    f"(opened at line {open_tok.loc.line})", self.peek().loc)
                self.item(top=False)
            self.next()
        else:
            self.item(top=False)

    def statement(self) -> None:
        t = self.peek()
        kw = t.text
        if kw == "if":
            self.stmt_if()
        elif kw == "do":
            self.stmt_do()
        elif kw == "while":
            self.stmt_while()
        elif kw == "break":
            self.next()
            if not self.loops:
                raise UserError("'break' outside a loop", t.loc)
            self.loops[-1].breaks += 1
            if self.loops[-1].breaks > MAX_EXITS:
                raise UserError(f"more than {MAX_EXITS} exits from one loop (each is checked on its own)", t.loc)
            self.jump(self.loops[-1].exit)
            self.start_dead_block()
        elif kw == "when":
            self.next()
            self.expect("(", "'(' and a mask")
            m = self.expr()
            self.expect(")", "')' after the mask")
            if isinstance(m, Lit) or not (isinstance(m.type, VecType) and m.type.elem == I1):
                raise UserError("'when' takes a mask of type <N x i1>", t.loc)
            self.masks.append(m)
            self.block_or_statement()
            self.masks.pop()
        elif kw == "out":
            self.next()
            n = self.expect_name("the name of a live-out value")
            if self.accept("="):
                v = self.typed(self.expr(), None, n.loc)
                self.assign(n.text, v, n.loc)
            elif n.text not in self.var_types:
                raise UserError(f"unknown name {n.text!r}", n.loc)
            val = self.read_var(n.text, self.cur, n.loc)
            self.emit("out", [val], None, n.loc, dest=False, name=n.text)
        elif kw == "assume":
            self.next()
            c = self.cond(self.expr(), t.loc, "an assumption")
            self.emit("assume", [c], None, t.loc, dest=False)
        elif t.kind == "name" and kw not in KEYWORDS:
            nxt = self.peek(1)
            if nxt.kind == "op" and nxt.text in ("=", ":"):
                self.stmt_assign()
            elif nxt.kind == "op" and nxt.text == "[":
                self.stmt_store()
            elif nxt.kind == "op" and nxt.text == "(":
                self.stmt_call()
            else:
                raise UserError(f"expected '=', '[' or '(' after {kw!r}, found {_describe(nxt)}", nxt.loc)
        else:
            raise UserError(f"expected a statement, found {_describe(t)}", t.loc)

    def stmt_assign(self) -> None:
        n = self.next()
        if n.text in self.consts or n.text in self.arrays:
            raise UserError(f"cannot assign to {n.text!r}: it is a constant or an array", n.loc)
        if "." in n.text:
            raise UserError(f"{n.text!r}: names with '.' belong to the block form (the SSA names it prints); "
                            "a variable's name has none", n.loc)
        want: Type | None = None
        if self.accept(":"):
            want = self.parse_type()
        self.expect("=", "'='")
        e = self.expr()
        want = want or self.var_types.get(n.text)
        v = self.typed(e, want, n.loc)
        if want is not None and v.type != want:
            raise UserError(f"type mismatch: {n.text!r} is {want}, the value is {v.type}", n.loc)
        self.assign(n.text, v, n.loc)

    def assign(self, var: str, v: TV, loc: Loc) -> None:
        old = self.var_types.get(var)
        if old is not None and old != v.type:
            raise UserError(f"type mismatch: {var!r} is {old}, the value is {v.type}", loc)
        self.var_types[var] = v.type
        op = v.op
        blk = self.b.blocks[self.cur]
        if isinstance(op, Ref) and blk.instrs and blk.instrs[-1].dest == op.name and op.name.startswith("t"):
            ins = blk.instrs[-1]
            ins.dest = self.fresh_name(var)
            op = Ref(ins.dest)
        self.write_var(var, self.cur, op)

    def stmt_store(self) -> None:
        n = self.next()
        arr = self.array_named(n)
        self.next()  # '['
        idx, width = self.index(arr, n.loc)
        self.expect("=", "'=' and the value to store")
        elem = arr.elem
        want: Type = VecType(width, elem) if width else (with_elem(idx.type, elem))
        v = self.typed(self.expr(), want, n.loc)
        if v.type != want:
            raise UserError(f"type mismatch: storing {v.type} into {n.text}[] needs {want}", n.loc)
        args: list[Operand] = [idx.op, v.op]
        attrs: dict[str, object] = {"array": arr.name}
        if width:
            attrs["width"] = width
        self.emit_maybe_masked("store", args, None, n.loc, _lanes(want), dest=False, **attrs)

    def index(self, arr: ArrayDecl, loc: Loc) -> tuple[TV, int]:
        """Parse `e]` (an element or a gather) or `s .. s+K)` (K contiguous lanes)."""
        start = self.typed(self.expr(), I64, loc)
        if isinstance(elem_of(start.type), IntType) and self.accept(".."):
            if isinstance(start.type, VecType):
                raise UserError("a vector range starts at a scalar index", loc)
            end_loc = self.peek().loc
            mark = len(self.b.blocks[self.cur].instrs)
            end = self.expr()
            self.expect(")", "')' to close the range a[s .. s+K)")
            width = self.range_width(start, end, end_loc, mark)
            return start, width
        self.expect("]", "']' after the index")
        return start, 0

    def range_width(self, start: TV, end: Expr, loc: Loc, mark: int) -> int:
        instrs = self.b.blocks[self.cur].instrs
        if isinstance(end, Lit) and isinstance(start.op, Const):
            width = end.value - start.op.value
            if width > 0:
                return self.check_lanes(width, loc)
        if isinstance(end, TV) and isinstance(end.op, Ref) and len(instrs) == mark + 1:
            ins = instrs[-1]
            if ins.op == "add" and ins.dest == end.op.name and ins.args[0] == start.op \
                    and isinstance(ins.args[1], Const) and ins.args[1].value > 0:
                instrs.pop()
                return self.check_lanes(ins.args[1].value, loc)
        raise UserError("expected the end of a vector range as start + constant, e.g. a[i .. i+VF)", loc)

    def stmt_call(self) -> None:
        n = self.next()
        if n.text in BUILTINS:
            raise UserError(f"the value of {n.text}(...) is unused", n.loc)
        args = self.call_args()
        f = self.funcs.get(n.text)
        if f is None:
            # An undeclared call statement declares an effectful function from its use.
            types = []
            for a, loc in args:
                if isinstance(a, Lit):
                    raise UserError(f"declare {n.text!r} (effect {n.text}(...)) to pass it literals", loc)
                types.append(elem_of(a.type))
            f = FuncDecl(n.text, tuple(types), None, False, willreturn=False)
            self.funcs[n.text] = f
        self.emit_call(f, args, n.loc, want_value=False)

    def emit_call(self, f: FuncDecl, args: list[tuple[Expr, Loc]], loc: Loc, want_value: bool) -> TV | None:
        if len(args) != len(f.params):
            raise UserError(f"{f.name} takes {len(f.params)} argument(s), {len(args)} given", loc)
        lanes = {a.type.lanes for a, _ in args if isinstance(a, TV) and isinstance(a.type, VecType)}
        if len(lanes) > 1:
            raise UserError("vector width mismatch among the arguments", loc)
        n = lanes.pop() if lanes else None
        ops: list[Operand] = []
        for (a, aloc), pt in zip(args, f.params, strict=True):
            want: Type = VecType(n, pt) if n else pt
            v = self.typed(a, want, aloc)
            if elem_of(v.type) != pt:
                raise UserError(f"type mismatch: {f.name} expects {pt}, the argument is {v.type}", aloc)
            ops.append(v.op)
        if self.masks and not n:
            raise UserError("a call under 'when' needs vector arguments (one call per active lane)", loc)
        if want_value:
            assert f.ret is not None
            rt: Type = VecType(n, f.ret) if n else f.ret
            return TV(self.emit_maybe_masked("call", ops, rt, loc, n, func=f, callee=f.name), rt)
        self.emit_maybe_masked("call", ops, None, loc, n, dest=False, func=f, callee=f.name)
        return None

    def emit_maybe_masked(self, op: str, args: list[Operand], ty: Type | None, loc: Loc,
                          lanes: int | None, dest: bool = True, **attrs: object) -> Operand:
        """Emit an operation; under `when (m)` a vector one gets m as its mask."""
        if lanes and self.masks:
            m = self.masks[-1]
            n = lanes
            assert isinstance(m.type, VecType)
            if m.type.lanes != n:
                raise UserError(f"vector width mismatch: the mask has {m.type.lanes} lanes, "
                                f"the operation {n}", loc)
            return self.emit(op, [*args, m.op], ty, loc, dest=dest, masked=True, **attrs)
        return self.emit(op, args, ty, loc, dest=dest, **attrs)

    def stmt_if(self) -> None:
        t = self.next()
        self.expect("(", "'(' after 'if'")
        c = self.cond(self.expr(), t.loc, "an 'if' condition")
        self.expect(")", "')' after the condition")
        then = self.new_block("then")
        other = self.new_block("else")
        self.branch(c, then, other, t.loc)
        self.seal(then)
        self.seal(other)
        self.cur = then
        self.block_or_statement()
        then_end = self.cur
        has_else = self.accept("else")
        join = self.new_block("join")
        self.cur = then_end
        self.jump(join)
        self.cur = other
        if has_else:
            self.block_or_statement()
        self.jump(join)
        self.seal(join)
        self.cur = join

    def enter_loop(self, t: Token) -> str:
        if self.loops:
            raise UserError("nested loops are not supported", t.loc)
        self.loop_count += 1
        exit_block = self.new_block("exit")
        self.loops.append(_LoopCtx(exit_block, t.loc))
        return exit_block

    def stmt_do(self) -> None:
        t = self.next()
        exit_block = self.enter_loop(t)
        header = self.new_block("loop")
        self.jump(header)
        self.cur = header
        if not self.at("{"):
            raise UserError(f"expected '{{' after 'do', found {_describe(self.peek())}", self.peek().loc)
        self.block_or_statement()
        wt = self.expect("while", "'while (condition)' to close the do-loop")
        self.expect("(", "'(' after 'while'")
        c = self.cond(self.expr(), wt.loc, "the loop condition")
        self.expect(")", "')' after the loop condition")
        self.branch(c, header, exit_block, wt.loc)
        self.seal(header)
        self.seal(exit_block)
        self.loops.pop()
        self.cur = exit_block

    def stmt_while(self) -> None:
        t = self.next()
        self.expect("(", "'(' after 'while'")
        exit_block = self.enter_loop(t)
        header = self.new_block("loop")
        self.jump(header)
        self.cur = header
        e = self.expr()
        self.expect(")", "')' after the loop condition")
        if isinstance(e, Lit) or (isinstance(e.op, Const) and e.type == I1):
            value = e.value if isinstance(e, Lit) else e.op.value  # type: ignore[union-attr]
            if not value:
                raise UserError("'while (false)' never runs its body", t.loc)
            body = header
        else:
            c = self.cond(e, t.loc, "the loop condition")
            body = self.new_block("body")
            self.branch(c, body, exit_block, t.loc)
            self.seal(body)
            self.cur = body
        if not self.at("{"):
            raise UserError(f"expected '{{' to open the loop body, found {_describe(self.peek())}", self.peek().loc)
        self.block_or_statement()
        self.jump(header)
        self.seal(header)
        self.seal(exit_block)
        self.loops.pop()
        self.cur = exit_block

    def cond(self, e: Expr, loc: Loc, what: str) -> Operand:
        v = self.typed(e, I1, loc)
        if v.type != I1:
            hint = " (reduce a vector with anyof(...) or allones(...))" if isinstance(v.type, VecType) else ""
            raise UserError(f"{what} must be i1, not {v.type}{hint}", loc)
        return v.op

    # ------------------------------------------------------------ expressions
    def typed(self, e: Expr, want: Type | None, loc: Loc) -> TV:
        """Give a literal its type (from `want`, else i64); typed values pass through."""
        if isinstance(e, TV):
            return e
        ty = want or I64
        bits = elem_of(ty).bits
        if not -(1 << (bits - 1)) <= e.value < (1 << bits) and not (bits == 1 and e.value in (0, 1)):
            raise UserError(f"literal {e.value} does not fit in {elem_of(ty)}", e.loc)
        return TV(Const(e.value & ((1 << bits) - 1), ty), ty)

    def expr(self, level: int = 0) -> Expr:
        self.depth += 1
        if self.depth > MAX_EXPR_DEPTH:
            raise UserError(f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)", self.peek().loc)
        try:
            return self._expr(level)
        finally:
            self.depth -= 1

    def _expr(self, level: int) -> Expr:
        if level == len(LEVELS):
            return self.unary()
        lhs = self.expr(level + 1)
        ops = LEVELS[level]
        if ops[0] == "<":
            return self.relational(lhs)
        while True:
            t = self.peek()
            if t.kind != "op" or base_operator(t.text) not in ops:
                return lhs
            self.next()
            rhs = self.expr(level + 1)
            lhs = self.binary(t, lhs, rhs)

    def relational(self, lhs: Expr) -> Expr:
        """`a < b`, and chains `0 <= x < K` meaning (0 <= x) & (x < K)."""
        result: Expr | None = None
        while True:
            t = self.peek()
            if t.kind != "op" or base_operator(t.text) not in ("<", "<=", ">", ">="):
                return result if result is not None else lhs
            self.next()
            rhs = self.expr(len(LEVELS) - 2)
            c = self.binary(t, lhs, rhs)
            result = c if result is None else self.binary(Token("op", "&", t.loc), result, c)
            lhs = rhs

    def unify(self, a: Expr, b: Expr, loc: Loc) -> tuple[TV, TV]:
        if isinstance(a, Lit) and isinstance(b, TV):
            a = self.typed(a, b.type, loc)
        elif isinstance(b, Lit) and isinstance(a, TV):
            b = self.typed(b, a.type, loc)
        ta, tb = self.typed(a, None, loc), self.typed(b, None, loc)
        if isinstance(ta.type, VecType) and not isinstance(tb.type, VecType):
            tb = self.splat(tb, ta.type.lanes, loc)
        elif isinstance(tb.type, VecType) and not isinstance(ta.type, VecType):
            ta = self.splat(ta, tb.type.lanes, loc)
        if ta.type != tb.type:
            if isinstance(ta.type, VecType) and isinstance(tb.type, VecType) and ta.type.lanes != tb.type.lanes:
                raise UserError(f"vector width mismatch: {ta.type} and {tb.type}", loc)
            raise UserError(f"type mismatch: {ta.type} and {tb.type} (convert with zext/sext/trunc)", loc)
        return ta, tb

    def splat(self, v: TV, lanes: int, loc: Loc) -> TV:
        assert isinstance(v.type, IntType)
        vt = VecType(lanes, v.type)
        if isinstance(v.op, Const):
            return TV(Const(v.op.value, vt), vt)
        return TV(self.emit("splat", [v.op], vt, loc), vt)

    def binary(self, t: Token, a: Expr, b: Expr) -> Expr:
        text = t.text
        base = base_operator(text)
        if isinstance(a, Lit) and isinstance(b, Lit) and base in ("+", "-", "*", "<<", ">>", "&", "|", "^", "/", "%"):
            return Lit(_fold(base, a.value, b.value, t.loc), a.loc)
        if text in ("&&", "||"):
            ta, tb = self.unify(a, b, t.loc)
            if elem_of(ta.type) != I1:
                raise UserError(f"'{text}' takes i1 operands, not {ta.type}", t.loc)
            if text == "&&":
                args = [ta.op, tb.op, Const(0, ta.type)]
            else:
                args = [ta.op, Const(1, ta.type), tb.op]
            return TV(self.emit("select", args, ta.type, t.loc), ta.type)
        ta, tb = self.unify(a, b, t.loc)
        sym, flags = operator_parts(text)
        if sym in COMPARE_SYMBOLS:
            check_flags(OPCODES["icmp"], flags, t.loc)
            rt = with_elem(ta.type, I1)
            return TV(self.emit("icmp", [ta.op, tb.op], rt, t.loc, pred=COMPARE_SYMBOLS[sym], flags=flags), rt)
        o = INFIX_OPS[sym]
        check_flags(o, flags, t.loc)
        return TV(self.emit_maybe_masked(o.name, [ta.op, tb.op], ta.type, t.loc,
                                         _lanes(ta.type), flags=flags), ta.type)

    def unary(self) -> Expr:
        t = self.peek()
        if t.kind == "op" and t.text in ("-", "!", "~"):
            self.next()
            self.depth += 1  # `- - - x` nests as parentheses do
            if self.depth > MAX_EXPR_DEPTH:
                raise UserError(f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)", t.loc)
            try:
                x = self.unary()
            finally:
                self.depth -= 1
            if isinstance(x, Lit):
                if t.text == "-":
                    return Lit(-x.value, t.loc)
                raise UserError(f"'{t.text}' needs a typed operand, not a bare literal", t.loc)
            if t.text == "-":
                return TV(self.emit_maybe_masked("sub", [Const(0, x.type), x.op], x.type, t.loc,
                                                 _lanes(x.type), flags=()), x.type)
            if t.text == "!" and elem_of(x.type) != I1:
                raise UserError(f"'!' takes an i1 operand, not {x.type} (use ~ for bitwise not)", t.loc)
            return TV(self.emit("xor", [x.op, Const(-1 & ((1 << elem_of(x.type).bits) - 1), x.type)],
                                x.type, t.loc, flags=()), x.type)
        return self.primary()

    def primary(self) -> Expr:
        t = self.next()
        if t.kind == "int":
            return Lit(int(t.text, 0), t.loc)
        if t.kind == "op" and t.text == "(":
            e = self.expr()
            self.expect(")", "')'")
            return e
        if t.kind == "name":
            if t.text in ("true", "false"):
                return TV(Const(1 if t.text == "true" else 0, I1), I1)
            if t.text in ("undef", "poison"):
                self.expect("(", f"'(' and a type: {t.text}(i8)")
                ty = self.parse_type()
                self.expect(")")
                return TV(Undef(ty) if t.text == "undef" else PoisonConst(ty), ty)
            if t.text in self.consts:
                return Lit(self.consts[t.text], t.loc)
            if self.at("(") and t.text not in self.var_types:
                return self.call_expr(t)
            if self.at("[") and t.text in self.arrays:
                return self.load(t)
            if t.text in self.arrays:
                raise UserError(f"array {t.text!r} must be indexed: {t.text}[i]", t.loc)
            if t.text in self.var_types:
                return TV(self.read_var(t.text, self.cur, t.loc), self.var_types[t.text])
            if t.text in KEYWORDS:
                raise UserError(f"expected an expression, found keyword {t.text!r}", t.loc)
            raise UserError(f"unknown name {t.text!r}", t.loc)
        raise UserError(f"expected an expression, found {_describe(t)}", t.loc)

    def array_named(self, t: Token) -> ArrayDecl:
        if t.text not in self.arrays:
            raise UserError(f"unknown array {t.text!r}", t.loc)
        return self.arrays[t.text]

    def load(self, t: Token) -> Expr:
        arr = self.array_named(t)
        self.next()  # '['
        idx, width = self.index(arr, t.loc)
        if width:
            rt: Type = VecType(width, arr.elem)
            return TV(self.emit_maybe_masked("load", [idx.op], rt, t.loc, width, array=arr.name, width=width), rt)
        rt = with_elem(idx.type, arr.elem)
        return TV(self.emit_maybe_masked("load", [idx.op], rt, t.loc, _lanes(rt), array=arr.name), rt)

    def call_args(self) -> list[tuple[Expr, Loc]]:
        self.expect("(")
        args: list[tuple[Expr, Loc]] = []
        if not self.at(")"):
            while True:
                loc = self.peek().loc
                args.append((self.expr(), loc))
                if not self.accept(","):
                    break
        self.expect(")", "',' or ')' in the argument list")
        return args

    def type_arg(self) -> Type:
        self.expect(",", "',' and a type")
        return self.parse_type()

    def call_expr(self, t: Token) -> Expr:
        name = t.text
        if name in self.funcs:
            f = self.funcs[name]
            if f.ret is None:
                raise UserError(f"{name} is an effect without a result (declare one: effect {name}(...) -> i32): "
                                "it has no value to use", t.loc)
            r = self.emit_call(f, self.call_args(), t.loc, want_value=True)
            assert r is not None
            return r
        head = name.split(".")[0]
        if head != name and head in OPCODES and _typed_by_row(OPCODES[head]):  # fcmp.olt(x, y)
            return self.by_rule(OPCODES[head], op_words(OPCODES[head], t), self.call_args(), t.loc)
        if name not in BUILTINS:
            raise UserError(f"unknown function {name!r} (declare it: pure {name}(i8) -> i8, or effect {name}(i8))", t.loc)
        return self.builtin(t)

    def builtin(self, t: Token) -> Expr:
        """A call of a builtin: those whose operands or result the table row cannot
        type (conversions, lane builders, select, lane reductions, extract, vec) by
        their own method, every other by its row (by_rule)."""
        name, loc = t.text, t.loc
        if name in ("zext", "sext", "trunc", "bitcast"):
            self.expect("(")
            x = self.typed(self.expr(), None, loc)
            to = self.type_arg()
            self.expect(")")
            return self.conversion(name, x, to, loc)
        if name in ("prefix", "iota", "splat"):
            return self._lane_builder(name, loc)
        args = self.call_args()
        arity = {"freeze": 1, "select": 3, "clsz": 1, "clsnz": 1, "anyof": 1, "allones": 1,
                 "extract": 2, "smin": 2, "smax": 2, "umin": 2, "umax": 2, "abs": 1}.get(name)
        if arity is not None and len(args) != arity:
            raise UserError(f"{name} takes {arity} argument(s), {len(args)} given", loc)
        if name in ("freeze", "abs"):
            x = self.typed(args[0][0], None, loc)
            return TV(self.emit(name, [x.op], x.type, loc), x.type)
        if name in ("smin", "smax", "umin", "umax"):
            a, b = self.unify(args[0][0], args[1][0], loc)
            return TV(self.emit(name, [a.op, b.op], a.type, loc, flags=()), a.type)
        own = {"select": self._select, "clsz": self._lane_reduction, "clsnz": self._lane_reduction,
               "anyof": self._lane_reduction, "allones": self._lane_reduction, "extract": self._extract,
               "vec": self._vec}.get(name)
        if own is not None:
            return own(name, args, loc)
        return self.by_rule(OPCODES[name], op_words(OPCODES[name], t), args, loc)

    def _lane_builder(self, name: str, loc: Loc) -> Expr:
        """prefix(n, VF), iota(start, VF), splat(x, VF): a scalar and a lane count."""
        self.expect("(")
        x = self.typed(self.expr(), I64, loc)
        self.expect(",", "',' and the number of lanes")
        n = self.check_lanes(self.expect_int("the number of lanes"), loc)
        self.expect(")")
        if isinstance(x.type, VecType):
            raise UserError(f"{name} takes a scalar", loc)
        rt: Type = VecType(n, I1) if name == "prefix" else VecType(n, x.type)
        return TV(self.emit(name, [x.op], rt, loc), rt)

    def _select(self, name: str, args: list[tuple[Expr, Loc]], loc: Loc) -> Expr:
        c = self.typed(args[0][0], I1, args[0][1])
        a, b = self.unify(args[1][0], args[2][0], loc)
        if elem_of(c.type) != I1:
            raise UserError(f"select's condition must be i1 or <N x i1>, not {c.type}", args[0][1])
        if isinstance(c.type, VecType):
            if not isinstance(a.type, VecType):
                a, b = self.splat(a, c.type.lanes, loc), self.splat(b, c.type.lanes, loc)
            if a.type.lanes != c.type.lanes:  # type: ignore[union-attr]
                raise UserError(f"vector width mismatch: {c.type} and {a.type}", loc)
        return TV(self.emit("select", [c.op, a.op, b.op], a.type, loc), a.type)

    def _lane_reduction(self, name: str, args: list[tuple[Expr, Loc]], loc: Loc) -> Expr:
        """clsz, clsnz (i64 counts), anyof, allones (i1 of an i1 vector)."""
        x = self.typed(args[0][0], None, loc)
        if not isinstance(x.type, VecType):
            raise UserError(f"{name} takes a vector, not {x.type}", args[0][1])
        if name in ("anyof", "allones") and x.type.elem != I1:
            raise UserError(f"{name} takes a vector of i1, not {x.type}", args[0][1])
        rt = I64 if name in ("clsz", "clsnz") else I1
        return TV(self.emit(name, [x.op], rt, loc), rt)

    def _extract(self, name: str, args: list[tuple[Expr, Loc]], loc: Loc) -> Expr:
        v = self.typed(args[0][0], None, loc)
        if not isinstance(v.type, VecType):
            raise UserError(f"extract takes a vector, not {v.type}", args[0][1])
        lane_no = self.typed(args[1][0], I64, args[1][1])
        if isinstance(lane_no.type, VecType):
            raise UserError("extract's lane number is a scalar", args[1][1])
        return TV(self.emit("extract", [v.op, lane_no.op], v.type.elem, loc), v.type.elem)

    def _vec(self, name: str, args: list[tuple[Expr, Loc]], loc: Loc) -> Expr:
        """vec(a, b, ...): a vector of scalars of one type."""
        if not args:
            raise UserError("vec needs at least one lane", loc)
        first = next((a for a, _ in args if isinstance(a, TV)), None)
        ty = first.type if first is not None else I64
        if isinstance(ty, VecType):
            raise UserError("vec takes scalars", loc)
        lanes = [self.typed(a, ty, aloc) for a, aloc in args]
        for v, (_, aloc) in zip(lanes, args, strict=True):
            if v.type != ty:
                raise UserError(f"type mismatch: vec lanes are {ty}, this one is {v.type}", aloc)
        rt = VecType(len(lanes), ty)
        return TV(self.emit("vec", [v.op for v in lanes], rt, loc), rt)

    def by_rule(self, o: Opcode, attrs: dict[str, Any], args: list[tuple[Expr, Loc]], loc: Loc) -> Expr:
        """A builtin typed by its table row alone (ir/opcodes.py): operands of one type,
        the result that type (Operands.SAME) or i1 lanes of it (COMPARED)."""
        if o.arity is not None and len(args) != o.arity:
            raise UserError(f"{o.name} takes {o.arity} argument(s), {len(args)} given", loc)
        assert _typed_by_row(o) and args, o.name
        known = [e.type for e, _ in args if isinstance(e, TV)]
        want = next((t for t in known if isinstance(t, VecType)), known[0] if known else None)
        typed = [self.typed(e, want, at) for e, at in args]
        ty = typed[0].type if want is None else want
        typed = [self.splat(t, ty.lanes, at) if isinstance(ty, VecType) and not isinstance(t.type, VecType) else t
                 for t, (_, at) in zip(typed, args, strict=True)]
        for t, (_, at) in zip(typed, args, strict=True):
            if t.type != ty:
                raise UserError(f"type mismatch: {o.name}'s operands are {ty}, this one is {t.type}", at)
        rt = with_elem(ty, I1) if o.operands is Operands.COMPARED else ty
        return TV(self.emit(o.name, [t.op for t in typed], rt, loc, **attrs), rt)

    def conversion(self, name: str, x: TV, to: Type, loc: Loc) -> TV:
        if name == "bitcast":
            if elem_of(x.type).bits * (lanes_of(x.type) or 1) != elem_of(to).bits * (lanes_of(to) or 1):
                raise UserError(f"bitcast regroups the bits of one total width (<N x i1> and iN, "
                                f"<16 x i8> and <4 x i32>), not {x.type} to {to}", loc)
            return TV(self.emit("bitcast", [x.op], to, loc), to)
        if isinstance(to, VecType):
            raise UserError(f"{name} takes the lane type (e.g. {name}(x, i64)), not {to}", loc)
        fb, tb = elem_of(x.type).bits, to.bits
        if (name == "trunc" and tb >= fb) or (name != "trunc" and tb <= fb):
            raise UserError(f"{name} from {elem_of(x.type)} to {to} is not a {'narrowing' if name == 'trunc' else 'widening'}", loc)
        rt = with_elem(x.type, to)
        return TV(self.emit(name, [x.op], rt, loc, flags=()), rt)


def _fold(op: str, a: int, b: int, loc: Loc) -> int:
    if op in ("/", "%") and b == 0:
        raise UserError("division by zero in a constant expression", loc)
    if op in ("<<", ">>") and not 0 <= b < 64:
        raise UserError("shift amount out of range in a constant expression", loc)
    return {
        "+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "<<": lambda: a << b,
        ">>": lambda: a >> b, "&": lambda: a & b, "|": lambda: a | b, "^": lambda: a ^ b,
        "/": lambda: int(a / b), "%": lambda: a - int(a / b) * b,
    }[op]()


def _lanes(t: Type) -> int | None:
    return t.lanes if isinstance(t, VecType) else None


def _describe(t: Token) -> str:
    if t.kind == "eof":
        return "the end of the file"
    return f"{t.text!r}"


def _remove_trivial_phis(blocks: dict[str, Block]) -> None:
    """Drop phis whose incoming values are all one value (or the phi itself)."""
    changed = True
    while changed:
        changed = False
        subst: dict[str, Operand] = {}
        for blk in blocks.values():
            keep = []
            for ph in blk.phis:
                vals = {op for _, op in ph.incoming if op != Ref(ph.dest)}
                if len(vals) == 1:
                    subst[ph.dest] = vals.pop()
                    changed = True
                else:
                    keep.append(ph)
            blk.phis = keep
        if subst:
            _substitute(blocks, subst)


def _substitute(blocks: dict[str, Block], subst: dict[str, Operand]) -> None:
    def s(op: Operand) -> Operand:
        seen = 0
        while isinstance(op, Ref) and op.name in subst and seen < 1000:
            op = subst[op.name]
            seen += 1
        return op

    map_operands(blocks, s)


def _prune_unreachable(blocks: dict[str, Block], entry: str) -> dict[str, Block]:
    seen = {entry}
    work = [entry]
    while work:
        for s in blocks[work.pop()].successors():
            if s not in seen:
                seen.add(s)
                work.append(s)
    kept = {n: b for n, b in blocks.items() if n in seen}
    for blk in kept.values():
        for ph in blk.phis:
            ph.incoming = [(b, op) for b, op in ph.incoming if b in seen]
    return kept
