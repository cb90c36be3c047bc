"""The .loop language: a recursive-descent parser that lowers straight into SSA IR.

Three layers, each a class on the one before: SSA construction on the fly
(frontend/ssa.py: variables are names that may be reassigned; reading one walks
predecessors and places phis), expressions (frontend/expressions.py), and here the
declarations and statements. Every mistake is a UserError at file:line:col.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from pathlib import Path

from verifier.analysis.loops import LoopShapeError, find_loops
from verifier.errors import UserError, read_source
from verifier.frontend.blocks import at_label, check_ssa, parse_blocks
from verifier.frontend.expressions import BUILTINS, Expressions, _lanes
from verifier.frontend.lexer import Token
from verifier.frontend.ssa import KEYWORDS, TV, Lit, _describe, _LoopCtx, _Missing
from verifier.ir.program import (
    ArrayDecl,
    Block,
    Const,
    Extent,
    FuncDecl,
    Halt,
    Loc,
    Operand,
    Param,
    Program,
    Ref,
    map_operands,
)
from verifier.ir.types import I1, IntType, Type, VecType, elem_of, with_elem
from verifier.limits import (
    MAX_BLOCK_DEPTH,
    MAX_EXITS,
    MAX_EXPR_DEPTH,
    MAX_MODEL_BYTES,
)


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


class _Parser(Expressions):
    """Declarations and statements, on top of expressions and the SSA construction."""

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
        words = self.array_words()
        init, readonly = "init" in words, "readonly" in words
        contents = self.array_contents(t, ty, extent) if self.accept("=") else None
        # given contents are a constant (LLVM's constant global): never poison, and a
        # store to it is UB (read-only)
        self.arrays[t.text] = ArrayDecl(t.text, ty, extent, init or contents is not None,
                                        readonly or contents is not None, t.loc, contents)

    def array_words(self) -> set[str]:
        """The words after an array's extent: `init`, `readonly` (either, both, none)."""
        words = set()
        while self.peek().kind == "name" and self.peek().text in ("init", "readonly"):
            words.add(self.next().text)
        return words

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
        self.alias_arrays(a, b)
        if (a.text, b.text) in self.aliases:
            raise UserError(f"alias {a.text}, {b.text} is declared twice", b.loc)
        if b.text in self.windows or (kw.text == "window" and any(v == b.text for _, v in self.aliases)):
            raise UserError(f"a window ({b.text}) has exactly one object: no other alias or window of it", b.loc)
        self.may_share(kw, a, b)
        if kw.text == "window":
            self.windows.append(b.text)
        self.aliases.append((a.text, b.text))

    def alias_arrays(self, a: Token, b: Token) -> None:
        """`alias a, b` names two declared arrays of one element type, b after a."""
        for t in (a, b):
            if t.text not in self.arrays:
                raise UserError(f"unknown array {t.text!r}", t.loc)
        if self.arrays[a.text].elem != self.arrays[b.text].elem:
            raise UserError("arrays that may alias must have the same element type", b.loc)
        order = list(self.arrays)
        if order.index(a.text) >= order.index(b.text):
            raise UserError(f"in `alias a, b` the view b must be declared after a ({b.text} is not)", b.loc)

    def may_share(self, kw: Token, a: Token, b: Token) -> None:
        """Arrays that may share an object: neither a constant table, and a view that is
        `init` only of an object that is."""
        for t in (a, b):
            if self.arrays[t.text].contents is not None:
                raise UserError(f"{t.text} has given contents (a constant table): an object of its own, never a "
                                f"view nor viewed (`{kw.text}` names arrays that may share an object)", t.loc)
        if self.arrays[b.text].init and not self.arrays[a.text].init:
            raise UserError(f"{b.text} is `init` (never poison) but may be a view of {a.text}'s object, which is "
                            f"not: declare {a.text} `init` too, or {b.text} without it", b.loc)

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
            elif word.text in sets:
                raise UserError(f"{word.text}(...) is given twice", word.loc)
            else:
                sets[word.text] = self.effect_arrays(t, word)
        self.effect_sets[t.text] = sets
        self.declare_func(FuncDecl(t.text, params, ret, False, ret_poison=may_poison, willreturn=returns), t)

    def effect_arrays(self, f: Token, word: Token) -> tuple[Token, ...]:
        """The arrays in `reads(a, b)` or `writes(*)`."""
        self.expect("(", f"'(' and the arrays {f.text} {word.text}")
        names: list[Token] = []
        while not self.at(")"):
            if names:
                self.expect(",", "',' or ')'")
            names.append(self.next() if self.at("*") else self.expect_name("an array's name, or *"))
        self.expect(")", "')'")
        return tuple(names)

    def resolve_effects(self) -> None:
        """Each effect's `reads(...)` and `writes(...)` as array names (`*`: every array
        a call may write: all but a table of given contents, a constant; `readonly` forbids
        the loop's own stores, not a callee's, as LLVM's `readonly` parameter), once every
        array is declared; calls made before take the completed declaration."""
        done: dict[str, FuncDecl] = {}
        for name, sets in self.effect_sets.items():
            arrays = {word: self.effect_names(name, word, toks) for word, toks in sets.items()}
            done[name] = dataclasses.replace(self.funcs[name], reads=arrays.get("reads", ()),
                                             writes=arrays.get("writes", ()))
        self.funcs.update(done)
        for blk in self.b.blocks.values():
            for ins in blk.instrs:
                if ins.op == "call" and ins.attrs.func is not None and ins.attrs.func.name in done:
                    ins.attrs = ins.attrs.but(func=done[ins.attrs.func.name])

    def effect_names(self, name: str, word: str, toks: tuple[Token, ...]) -> tuple[str, ...]:
        """The arrays effect `name` reads or writes (`word`), by name (`*`: every array a
        call may write: all but a table of given contents)."""
        out: list[str] = []
        for tok in toks:
            if tok.text == "*":
                out += [a.name for a in self.arrays.values() if a.contents is None]
                continue
            a = self.arrays.get(tok.text)
            if a is None:
                raise UserError(f"{tok.text!r} is not a declared array", tok.loc)
            if word == "writes" and a.contents is not None:
                raise UserError(f"{name} cannot write {tok.text}: its contents are given (a constant)", tok.loc)
            out.append(a.name)
        return tuple(dict.fromkeys(out))

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
        own = _STATEMENTS.get(t.text)
        if own is not None:
            own(self)
        elif t.kind == "name" and t.text not in KEYWORDS:
            self.stmt_named()
        else:
            raise UserError(f"expected a statement, found {_describe(t)}", t.loc)

    def stmt_break(self) -> None:
        t = self.next()
        if not self.loops:
            raise UserError("'break' outside a loop", t.loc)
        self.loops[-1].breaks += 1
        if self.loops[-1].breaks > MAX_EXITS:
            raise UserError(f"more than {MAX_EXITS} exits from one loop (each is checked on its own)", t.loc)
        self.jump(self.loops[-1].exit)
        self.start_dead_block()

    def stmt_when(self) -> None:
        t = self.next()
        self.expect("(", "'(' and a mask")
        m = self.expr()
        self.expect(")", "')' after the mask")
        if isinstance(m, Lit) or not (isinstance(m.type, VecType) and m.type.elem == I1):
            raise UserError("'when' takes a mask of type <N x i1>", t.loc)
        self.masks.append(m)
        self.block_or_statement()
        self.masks.pop()

    def stmt_out(self) -> None:
        self.next()
        n = self.expect_name("the name of a live-out value")
        if self.accept("="):
            v = self.typed(self.expr(), None, n.loc)
            self.assign(n.text, v, n.loc)
        elif n.text not in self.var_types:
            raise UserError(f"unknown name {n.text!r}", n.loc)
        val = self.read_var(n.text, self.cur, n.loc)
        self.emit("out", [val], None, n.loc, dest=False, name=n.text)

    def stmt_assume(self) -> None:
        t = self.next()
        c = self.cond(self.expr(), t.loc, "an assumption")
        self.emit("assume", [c], None, t.loc, dest=False)

    def stmt_named(self) -> None:
        """A statement that starts with a name: an assignment, a store or a call."""
        kw, nxt = self.peek().text, self.peek(1)
        how = {"=": _Parser.stmt_assign, ":": _Parser.stmt_assign, "[": _Parser.stmt_store,
               "(": _Parser.stmt_call}.get(nxt.text) if nxt.kind == "op" else None
        if how is None:
            raise UserError(f"expected '=', '[' or '(' after {kw!r}, found {_describe(nxt)}", nxt.loc)
        how(self)

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


# the statements a keyword starts (_Parser.statement; a name starts the others)
_STATEMENTS: dict[str, Callable[[_Parser], None]] = {
    "if": _Parser.stmt_if, "do": _Parser.stmt_do, "while": _Parser.stmt_while, "break": _Parser.stmt_break,
    "when": _Parser.stmt_when, "out": _Parser.stmt_out, "assume": _Parser.stmt_assume,
}
