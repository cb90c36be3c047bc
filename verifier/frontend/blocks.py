"""The block form of the .loop language: SSA blocks written out, as `verifier
show` and `ir/printer.py` print them, so a vectorized listing can be saved, edited
and checked like any other model.

    loop name(N: i64) {
      array a: i8[N]                 // declarations as in the structured form
    entry:                           // a label: a name and ':' alone on its line
      t: i1 = N >= 1                 // one instruction per line, its type given
      when (m) x.2: i8 = a[i]        // masked (predicated) instruction
      i: i64 = phi [entry: 0, body: i.2]
      if (t) goto body else goto exit
      end                            // the program ends here
    }

Every operand is a name or an integer; an integer takes its type from where it is
used (the other operand, the result, the array's elements, the callee's parameter).
Two passes: the statements first (each value's type known from its definition),
then the instructions, so operands may refer to values defined further down.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import networkx as nx

from verifier.analysis.loops import dominates, reachable_cfg
from verifier.errors import UserError
from verifier.frontend.lexer import Token, operator_parts
from verifier.ir.opcodes import (
    ANNOTATIONS,
    COMPARE_SYMBOLS,
    INFIX_OPS,
    OPCODES,
    Opcode,
    Operands,
    Syntax,
    spell,
    unspell,
)
from verifier.ir.program import (
    ArrayDecl,
    Attrs,
    Block,
    Branch,
    Const,
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
)
from verifier.ir.types import I1, I64, Type, VecType, elem_of, with_elem


class _Parser(Protocol):
    """What the block form needs of the model parser that reads the declarations
    before the blocks (frontend/parser.py): its token cursor and the declared names."""

    arrays: dict[str, ArrayDecl]
    funcs: dict[str, FuncDecl]
    consts: dict[str, int]
    params: list[Param]

    def peek(self, k: int = 0) -> Token: ...
    def next(self) -> Token: ...
    def at(self, text: str) -> bool: ...
    def accept(self, text: str) -> bool: ...
    def expect(self, text: str, what: str | None = None) -> Token: ...
    def expect_name(self, what: str) -> Token: ...
    def expect_int(self, what: str) -> int: ...
    def parse_type(self) -> Type: ...

_BY_NAME = (Syntax.CALL, Syntax.CONVERSION, Syntax.LANES, Syntax.SHUFFLE)  # written name(...)
_MASKABLE = tuple(o.name for o in OPCODES.values() if o.maskable)

# an operand before typing: a name, or an integer literal waiting for its type
RawOp = tuple[str, int | str | Type | Const, Loc]
# ("ref", name, loc) | ("int", value, loc) | ("undef"/"poison", type, loc) | ("typed", Const, loc): `i32(5)`


@dataclass
class _Stmt:
    kind: str  # def | store | call | out | assume | phi
    loc: Loc
    op: str = ""
    dest: str | None = None
    type: Type | None = None
    args: list[RawOp] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)
    mask: RawOp | None = None
    incoming: list[tuple[str, RawOp]] = field(default_factory=list)


@dataclass
class _RawBlock:
    name: str
    loc: Loc
    stmts: list[_Stmt] = field(default_factory=list)
    term: tuple[str, list[object], Loc] | None = None


def at_label(p: _Parser) -> bool:
    """A label: a name and ':' with nothing after them on the line."""
    a, b, c = p.peek(), p.peek(1), p.peek(2)
    return a.kind == "name" and b.text == ":" and (c.kind == "eof" or c.loc.line > b.loc.line)


def parse_blocks(p: _Parser) -> tuple[dict[str, Block], str]:
    """The blocks up to the model's closing '}' (not consumed); and the entry block."""
    raw: list[_RawBlock] = []
    while not p.at("}"):
        if p.peek().kind == "eof":
            raise UserError("expected '}' to close the model", p.peek().loc)
        if at_label(p):
            raw.append(_new_block(p, raw))
        else:
            _statement(p, _open_block(p, raw))
    for r in raw:
        if r.term is None:
            raise UserError(f"block {r.name} does not end with goto, if ... goto or end", r.loc)
    return _Lower(p, raw).blocks(), raw[0].name if raw else "entry"


def _new_block(p: _Parser, raw: list[_RawBlock]) -> _RawBlock:
    """A label (`name:`) starts a block; each name once."""
    t = p.next()
    p.next()
    if any(r.name == t.text for r in raw):
        raise UserError(f"block {t.text!r} is defined twice", t.loc)
    return _RawBlock(t.text, t.loc)


def _open_block(p: _Parser, raw: list[_RawBlock]) -> _RawBlock:
    """The block the next statement goes in: the last one, which must not have ended."""
    if not raw:
        raise UserError("expected a block label (a name and ':' on its own line) before the first instruction",
                        p.peek().loc)
    if raw[-1].term is not None:
        raise UserError(f"block {raw[-1].name} already ended (goto/if/end); expected a label", p.peek().loc)
    return raw[-1]


def _statement(p: _Parser, blk: _RawBlock) -> None:
    """One line of a block, with the `!key value` annotations after an instruction."""
    count = len(blk.stmts)
    _line(p, blk)
    while p.at("!"):
        bang = p.next()
        if len(blk.stmts) == count or blk.stmts[-1].kind == "phi":
            raise UserError("an annotation (`!key value`) follows an instruction", bang.loc)
        key = p.expect_name("an annotation's name")
        kind = ANNOTATIONS.get(key.text)
        if kind is None:
            raise UserError(f"unknown annotation {key.text!r} (known: {', '.join(ANNOTATIONS)})", key.loc)
        v = p.next()
        if v.kind != ("str" if kind == "text" else "name"):
            raise UserError(f"!{key.text} takes {'a quoted text' if kind == 'text' else 'a name'}", v.loc)
        blk.stmts[-1].attrs[key.text] = v.text


def _line(p: _Parser, blk: _RawBlock) -> None:
    """One line of a block: its terminator, or a statement (under a `when` mask)."""
    loc = p.peek().loc
    if _terminator(p, blk):
        return
    mask = _when(p) if p.peek().text == "when" else None
    if p.at("assume") and p.peek(1).text != ":":
        p.next()
        blk.stmts.append(_Stmt("assume", loc, "assume", args=[_operand(p)], mask=mask))
    elif p.at("out") and p.peek(1).text != ":" and mask is None:
        p.next()
        n = p.expect_name("the live-out's name")
        ty = p.parse_type() if p.accept(":") else None
        p.expect("=")
        blk.stmts.append(_Stmt("out", loc, "out", type=ty, args=[_operand(p)], attrs={"name": n.text}))
    else:
        _named_statement(p, blk, p.expect_name("an instruction"), mask, loc)


def _terminator(p: _Parser, blk: _RawBlock) -> bool:
    """`goto L`, `end` or `if (c) goto A else goto B`, read into `blk.term`; False
    where the line is none. (`goto` and `end` start a statement unless a value is
    named so, LLVM's %end: `end: i64 = ...`.)"""
    t = p.peek()
    named = p.peek(1).text == ":"
    if t.text in ("goto", "end") and not named:
        p.next()
        blk.term = ("goto", [_label(p)], t.loc) if t.text == "goto" else ("end", [], t.loc)
        return True
    if t.text != "if":
        return False
    p.next()
    p.expect("(")
    c = _operand(p)
    p.expect(")")
    p.expect("goto")
    a = _label(p)
    p.expect("else")
    p.expect("goto")
    blk.term = ("if", [c, a, _label(p)], t.loc)
    return True


def _when(p: _Parser) -> RawOp:
    """`when (mask)` before a statement: the mask."""
    p.next()
    p.expect("(")
    mask = _operand(p)
    p.expect(")")
    return mask


def _named_statement(p: _Parser, blk: _RawBlock, name: Token, mask: RawOp | None, loc: Loc) -> None:
    """A statement that starts with a name: a typed value (`x: i32 = ...`), a store
    (`a[i] = v`) or a call of a declared effect."""
    if p.accept(":"):
        blk.stmts.append(_typed_value(p, name, mask, loc))
    elif p.at("["):
        arr = _array(p, name)
        p.next()
        idx, width = _index(p)
        p.expect("=")
        attrs: dict[str, object] = {"array": arr, **({"width": width} if width else {})}
        blk.stmts.append(_Stmt("store", loc, "store", args=[idx, _operand(p)], attrs=attrs, mask=mask))
    elif p.at("("):
        f = p.funcs.get(name.text)
        if f is None or f.pure:
            raise UserError(f"expected a call of a declared effect, found {name.text!r}", name.loc)
        blk.stmts.append(_Stmt("call", loc, "call", args=_args(p), attrs={"func": f, "callee": f.name}, mask=mask))
    else:
        raise UserError(f"expected ':' and a type, '[' (a store) or '(' (a call) after {name.text!r}", p.peek().loc)


def _typed_value(p: _Parser, name: Token, mask: RawOp | None, loc: Loc) -> _Stmt:
    """`x: T = ...` (after the ':'), under `mask` where the operation may be masked."""
    ty = p.parse_type()
    p.expect("=")
    st = _rhs(p, name.loc)
    st.dest, st.type, st.mask = name.text, ty, mask
    if mask is None:
        return st
    if st.kind == "phi":
        raise UserError("a phi cannot be masked", loc)
    if not OPCODES[st.op].maskable:
        raise UserError(f"{st.op} cannot be masked (only {', '.join(_MASKABLE)})", loc)
    return st


def _rhs(p: _Parser, loc: Loc) -> _Stmt:
    """The right-hand side of `x: T = ...`: a phi, a load, a call, an operation by
    name, or an infix operation."""
    t, after = p.peek(), p.peek(1).text
    if t.text == "phi" and after == "[":
        return _phi_rhs(p, loc)
    if t.kind == "name" and after == "[" and t.text in p.arrays:
        return _load_rhs(p, t, loc)
    if t.kind == "name" and after == "(" and t.text not in ("undef", "poison") and not _typed_literal(p):
        p.next()
        f = p.funcs.get(t.text)
        if f is not None:
            return _Stmt("def", loc, "call", args=_args(p), attrs={"func": f, "callee": f.name})
        return _named_op(p, t, loc)
    return _infix_rhs(p, loc)


def _load_rhs(p: _Parser, t: Token, loc: Loc) -> _Stmt:
    """`a[i]` (or `a[i .. i+W)`, a W-lane load) as a value."""
    p.next()
    p.next()
    idx, width = _index(p)
    attrs: dict[str, object] = {"array": t.text, **({"width": width} if width else {})}
    return _Stmt("def", loc, "load", args=[idx], attrs=attrs)


def _phi_rhs(p: _Parser, loc: Loc) -> _Stmt:
    """`phi [ L: v, ... ]`."""
    p.next()
    p.next()
    inc: list[tuple[str, RawOp]] = []
    while not p.accept("]"):
        b = _label(p)
        p.expect(":")
        inc.append((b, _operand(p)))
        if not p.at("]"):
            p.expect(",", "',' or ']'")
    return _Stmt("phi", loc, "phi", incoming=inc)


def _infix_rhs(p: _Parser, loc: Loc) -> _Stmt:
    """`a OP b`: an infix operation or comparison (with its flags: `+nsw`, `<u`)."""
    a = _operand(p)
    op = p.peek()
    if op.kind != "op" or operator_parts(op.text)[0] not in INFIX_OPS | COMPARE_SYMBOLS:
        raise UserError(f"expected an operator after the first operand, found {op.text or op.kind!r}", op.loc)
    p.next()
    sym, flags = operator_parts(op.text)
    if sym in COMPARE_SYMBOLS:
        o, attrs = OPCODES["icmp"], {"pred": COMPARE_SYMBOLS[sym]}
    else:
        o, attrs = INFIX_OPS[sym], {}
    check_flags(o, flags, op.loc)
    return _Stmt("def", loc, o.name, args=[a, _operand(p)], attrs={**attrs, "flags": flags})


def _named_op(p: _Parser, t: Token, loc: Loc) -> _Stmt:
    """`name[.attr][.flag...](...)`: an operation written by name (after the name)."""
    o = OPCODES.get(t.text.split(".")[0])
    if o is None or o.syntax not in _BY_NAME:
        raise UserError(f"unknown operation or function {t.text!r}", t.loc)
    attrs = op_words(o, t)
    if o.syntax in (Syntax.CONVERSION, Syntax.LANES):
        return _Stmt("def", loc, o.name, args=[_with_type_or_lanes(p, o)], attrs=attrs)
    if o.syntax is Syntax.SHUFFLE:
        a, b, lanes = _shuffle_args(p)
        return _Stmt("def", loc, o.name, args=[a, b], attrs={**attrs, "mask": lanes})
    args = _args(p)
    if o.arity is not None and len(args) != o.arity:
        raise UserError(f"{o.name} takes {o.arity} operand(s), {len(args)} given", t.loc)
    if not args:
        raise UserError(f"{o.name} takes at least one operand", t.loc)
    return _Stmt("def", loc, o.name, args=args, attrs=attrs)


def _with_type_or_lanes(p: _Parser, o: Opcode) -> RawOp:
    """`(x, T)` or `(x, W)`: the operand (the type or the lane count is also in the
    result's type)."""
    p.expect("(")
    x = _operand(p)
    p.expect(",")
    if o.syntax is Syntax.CONVERSION:
        p.parse_type()
    else:
        p.expect_int("the number of lanes")
    p.expect(")")
    return x


def _shuffle_args(p: _Parser) -> tuple[RawOp, RawOp, list[int]]:
    """`(a, b, [l0, l1, ...])`: a shuffle's two vectors and its lane numbers."""
    p.expect("(")
    a = _operand(p)
    p.expect(",")
    b = _operand(p)
    p.expect(",")
    p.expect("[")
    lanes: list[int] = []
    while not p.accept("]"):
        neg = p.accept("-")
        lanes.append(-p.expect_int("a lane number") if neg else p.expect_int("a lane number"))
        if not p.at("]"):
            p.expect(",", "',' or ']'")
    p.expect(")")
    return a, b, lanes


def op_words(o: Opcode, t: Token) -> dict[str, Any]:
    """The attributes the dotted words after an operation's name give (`fcmp.olt.nnan`:
    the predicate, then flags and switches, ir/opcodes.py); a wrong one is an error."""
    head, *words = t.text.split(".")
    attrs: dict[str, Any] = {}
    if o.attr:
        value = unspell(o, words[0]) if words else None
        if value is None:
            raise UserError(f"{head} needs its {o.attr}: {head}.{spell(o.attr_values[0])} "
                            f"(one of {', '.join(spell(v) for v in o.attr_values)})", t.loc)
        attrs[o.attr] = value
        words = words[1:]
    flags = tuple(w for w in words if w not in o.switches)
    check_flags(o, flags, t.loc)
    attrs.update({w: True for w in words if w in o.switches})
    if o.flags:
        attrs["flags"] = flags
    return attrs


def check_flags(o: Opcode, flags: tuple[str, ...], loc: Loc) -> None:
    """A flag the operation does not take is the user's mistake."""
    bad = [f for f in flags if f not in o.flags]
    if bad:
        takes = f"it takes {', '.join(o.flags + o.switches)}" if o.flags or o.switches else "it takes none"
        raise UserError(f"flag {bad[0]!r} does not apply to {o.name} ({takes})", loc)


def _label(p: _Parser) -> str:
    """A block name: any name, keywords too (`loop`, `else` are common labels)."""
    t = p.next()
    if t.kind != "name":
        raise UserError(f"expected a block name, found {t.text or t.kind!r}", t.loc)
    return t.text


def _array(p: _Parser, t: Token) -> str:
    if t.text not in p.arrays:
        raise UserError(f"{t.text!r} is not a declared array", t.loc)
    return t.text


def _index(p: _Parser) -> tuple[RawOp, int]:
    """`[i]` or `[i .. i+W)`, after the '['."""
    idx = _operand(p)
    if p.accept("]"):
        return idx, 0
    p.expect("..", "']' or '..'")
    _operand(p)
    p.expect("+")
    width = p.expect_int("the access width")
    p.expect(")")
    return idx, width


def _args(p: _Parser) -> list[RawOp]:
    p.expect("(")
    out: list[RawOp] = []
    while not p.accept(")"):
        out.append(_operand(p))
        if not p.at(")"):
            p.expect(",", "',' or ')'")
    return out


def _typed_literal(p: _Parser) -> bool:
    """Whether an operand starts here that is an integer literal with its type
    (`i32(5)`, `<4 x i32>(0)`: where no rule tells a literal's type)."""
    t = p.peek()
    if t.kind == "op" and t.text == "<":
        return True
    return t.kind == "name" and t.text[:1] == "i" and t.text[1:].isdigit() and p.peek(1).text == "(" \
        and t.text not in p.funcs


def _operand(p: _Parser) -> RawOp:
    if _typed_literal(p):
        loc = p.peek().loc
        ty = p.parse_type()
        p.expect("(", "'(' and the value of a typed literal such as i32(5)")
        neg = p.accept("-")
        v = p.expect_int("the literal's value")
        p.expect(")")
        return ("typed", Const((-v if neg else v) & _mask(ty), ty), loc)
    t = p.next()
    if t.kind == "int":
        return ("int", int(t.text, 0), t.loc)
    if t.text == "-" and p.peek().kind == "int":
        return ("int", -int(p.next().text, 0), t.loc)
    if t.text in ("undef", "poison"):
        p.expect("(")
        ty = p.parse_type()
        p.expect(")")
        return (t.text, ty, t.loc)
    if t.kind == "name":
        return ("ref", t.text, t.loc)
    raise UserError(f"expected a value (a name or an integer), found {t.text or t.kind!r}", t.loc)


class _Lower:
    """The second pass: operands typed, instructions and blocks built."""

    def __init__(self, p: _Parser, raw: list[_RawBlock]) -> None:
        self.p, self.raw = p, raw
        self.types: dict[str, Type] = {q.name: q.type for q in p.params}
        self.names = {r.name for r in raw}
        for r in raw:
            for s in r.stmts:
                if s.dest is not None and s.type is not None:
                    if s.dest in self.types:
                        raise UserError(f"{s.dest!r} is defined twice", s.loc)
                    self.types[s.dest] = s.type
        self.ids = Fresh(set(), None, 1)  # the transforms' allocator of ids

    def next_uid(self) -> int:
        return self.ids.uid()

    def ref_type(self, o: RawOp) -> Type | None:
        """The type of a named value or a typed literal (None: a literal to be typed)."""
        if isinstance(o[1], Const):
            return o[1].type
        return self.types.get(o[1]) if o[0] == "ref" else None  # type: ignore[arg-type]

    def exact(self, o: RawOp, want: Type | None, lanewise: bool = False) -> Operand:
        """op, for an operand whose type is the rule's, not only a hint for a literal
        (a value of an arithmetic operation, a select's arms, a phi's incoming values,
        a branch's condition): a named value of another type is an error at its place.
        `lanewise`: an operation on lanes, where a scalar of the lanes' type splats."""
        t = self.ref_type(o)
        splats = lanewise and isinstance(want, VecType) and t == want.elem
        if want is not None and t is not None and t != want and not splats:
            shown = f"{o[1].type}({o[1].value})" if isinstance(o[1], Const) else o[1]
            raise UserError(f"type mismatch: {shown!r} is {t}, expected {want}", o[2])
        return self.op(o, want)

    def lanes_of(self, o: RawOp, want: Type) -> Operand:
        """op, for a call's argument: a value of the parameter's type, or a vector of
        them (one call per lane); another named value is an error at its place."""
        t = self.ref_type(o)
        if t is not None and elem_of(t) != want:
            raise UserError(f"type mismatch: {o[1]!r} is {t}, expected {want} (or a vector of {want})", o[2])
        return self.op(o, want)

    def op(self, o: RawOp, want: Type | None) -> Operand:
        kind, val, loc = o
        if isinstance(val, Const):
            return val
        if kind == "ref":
            assert isinstance(val, str)
            return self.named(val, want, loc)
        if kind in ("undef", "poison"):
            assert not isinstance(val, (int, str))
            return Undef(val) if kind == "undef" else PoisonConst(val)
        assert isinstance(val, int)
        if want is None:
            raise UserError("cannot tell this integer's type here: name a value instead", loc)
        return Const(val & _mask(want), want)

    def named(self, name: str, want: Type | None, loc: Loc) -> Operand:
        """A name as an operand: a constant's value (of type `want`, else i64) or a
        defined value."""
        if name in self.p.consts:
            return Const(self.p.consts[name] & _mask(want or I64), want or I64)
        if name not in self.types:
            raise UserError(f"{name!r} is not defined", loc)
        return Ref(name)

    def blocks(self) -> dict[str, Block]:
        out: dict[str, Block] = {}
        for r in self.raw:
            blk = Block(r.name)
            for s in r.stmts:
                if s.kind == "phi":
                    assert s.dest is not None and s.type is not None
                    for b, _ in s.incoming:
                        if b not in self.names:
                            raise UserError(f"no block named {b!r}", s.loc)
                    blk.phis.append(Phi(self.next_uid(), s.dest, s.type,
                                        [(b, self.exact(o, s.type)) for b, o in s.incoming], s.loc))
                    continue
                blk.instrs.append(self.instr(s))
            blk.term = self.term(r)
            out[r.name] = blk
        return out

    def term(self, r: _RawBlock) -> Jump | Branch | Halt:
        assert r.term is not None
        kind, args, loc = r.term
        for name in args[1:] if kind == "if" else args:
            if name not in self.names:
                raise UserError(f"no block named {name!r}", loc)
        if kind == "goto":
            return Jump(str(args[0]))
        if kind == "end":
            return Halt()
        cond = args[0]
        return Branch(self.exact(cond, I1), str(args[1]), str(args[2]), self.next_uid(), loc)  # type: ignore[arg-type]

    def instr(self, s: _Stmt) -> Instr:
        ty = s.type
        args = self.typed_args(s)
        attrs = Attrs(**s.attrs)
        if s.mask is not None:
            lanes = _lanes_of(ty) or _lanes_of(self.ref_type(s.args[0]) if s.args else None)
            args.append(self.op(s.mask, VecType(lanes, I1) if lanes else I1))
            attrs.masked = True
        return Instr(self.next_uid(), s.op, args, None if s.op == "out" else ty, s.dest, attrs, s.loc)

    def typed_args(self, s: _Stmt) -> list[Operand]:
        """The operands typed by the operation's rule (ir/opcodes.py: Operands), each
        rule by its method (`_BY_RULE`); Operands.OWN by the syntax (own_args)."""
        return _BY_RULE.get(OPCODES[s.op].operands, _Lower.own_args)(self, s)

    def same_args(self, s: _Stmt) -> list[Operand]:
        """Operands.SAME: the result's type (a literal: a named operand's, else the result's)."""
        ty, a = s.type, s.args
        if ty is not None:
            return [self.exact(x, ty, lanewise=True) for x in a]
        return [self.op(x, next((t for j, y in enumerate(a) if j != k and (t := self.ref_type(y))), ty))
                for k, x in enumerate(a)]

    def compared_args(self, s: _Stmt) -> list[Operand]:
        """Operands.COMPARED: both sides of one type, a named operand's."""
        named = [t for t in map(self.ref_type, s.args) if t is not None]
        side = next((t for t in named if isinstance(t, VecType)), named[0] if named else None)
        return [self.exact(x, side, lanewise=True) if side is not None else self.op(x, I64) for x in s.args]

    def select_args(self, s: _Stmt) -> list[Operand]:
        ty, a = s.type, s.args
        return [self.exact(a[0], with_elem(ty, I1) if ty else I1, lanewise=True), self.exact(a[1], ty, lanewise=True),
                self.exact(a[2], ty, lanewise=True)]

    def elem_args(self, s: _Stmt) -> list[Operand]:
        return [self.op(x, elem_of(s.type) if s.type else None) for x in s.args]

    def index_args(self, s: _Stmt) -> list[Operand]:
        return [self.op(x, I64) for x in s.args]

    def insert_args(self, s: _Stmt) -> list[Operand]:
        ty, a = s.type, s.args
        return [self.op(a[0], ty), self.op(a[1], elem_of(ty) if ty else None), self.op(a[2], I64)]

    def extract_args(self, s: _Stmt) -> list[Operand]:
        return [self.op(s.args[0], None), self.op(s.args[1], I64)]

    def named_args(self, s: _Stmt) -> list[Operand]:
        return [self.op(x, None) for x in s.args]

    def own_args(self, s: _Stmt) -> list[Operand]:
        """Operands of the operations whose syntax types them (Operands.OWN)."""
        a = s.args
        if s.op in ("load", "store"):
            return self.memory_args(s)
        if s.op == "call":
            f = s.attrs["func"]
            assert isinstance(f, FuncDecl)
            return [self.lanes_of(x, f.params[k]) if k < len(f.params) else self.op(x, None) for k, x in enumerate(a)]
        if s.op == "assume":
            return [self.exact(a[0], I1)]
        assert s.op == "out"
        return [self.op(a[0], s.type or I64)]


    def memory_args(self, s: _Stmt) -> list[Operand]:
        """A load's index (of any width: sign-extended), a store's index and value (the
        array's elements, or a vector of them)."""
        arr = self.p.arrays[str(s.attrs["array"])]
        w = s.attrs.get("width")
        elems = VecType(int(w), arr.elem) if isinstance(w, int) else arr.elem
        if s.op == "store":
            return [self.op(s.args[0], I64), self.exact(s.args[1], elems)]
        if s.type is not None and s.type != elems:
            raise UserError(f"type mismatch: {arr.name} holds {arr.elem} elements, so this load gives "
                            f"{elems}, not {s.type}", s.loc)
        return [self.op(s.args[0], I64)]


# how each rule of operands types them (_Lower.typed_args)
_BY_RULE: dict[Operands, Callable[[_Lower, _Stmt], list[Operand]]] = {
    Operands.SAME: _Lower.same_args, Operands.COMPARED: _Lower.compared_args, Operands.SELECT: _Lower.select_args,
    Operands.ELEM: _Lower.elem_args, Operands.INDEX: _Lower.index_args, Operands.INSERT: _Lower.insert_args,
    Operands.EXTRACT: _Lower.extract_args, Operands.NAMED: _Lower.named_args,
}


def _mask(t: Type) -> int:
    return (1 << elem_of(t).bits) - 1


def _lanes_of(t: Type | None) -> int | None:
    return t.lanes if isinstance(t, VecType) else None



def check_ssa(prog: Program) -> None:
    """A block-form model is SSA as LLVM's verifier requires it (the two-pass
    lowering lets an operand name a value defined further down): in every reachable
    block, a value is used only where its definition dominates the use (for a phi's
    incoming value, the end of that incoming block), and a phi names each
    predecessor once and nothing else. The checks downstream assume both."""
    g = reachable_cfg(prog)
    ssa = _Dominance(nx.immediate_dominators(g, prog.entry), {})
    for blk in prog.blocks.values():
        ssa.home.update((ph.dest, (blk.name, -1, ph.loc)) for ph in blk.phis)
        ssa.home.update((ins.dest, (blk.name, k, ins.loc)) for k, ins in enumerate(blk.instrs) if ins.dest is not None)
    for blk in prog.blocks.values():
        if blk.name in g:  # else unreachable: never runs, as in LLVM
            _check_block(prog, blk, sorted(g.predecessors(blk.name)), ssa)


def _check_block(prog: Program, blk: Block, preds: list[str], ssa: _Dominance) -> None:
    """check_ssa for one reachable block, whose predecessors are `preds`."""
    for ph in blk.phis:
        _phi_names_each_predecessor(ph, blk.name, preds)
        for b, op in ph.incoming:
            ssa.check(op, b, len(prog.blocks[b].instrs) + 1, ph.loc, b)
    for k, ins in enumerate(blk.instrs):
        for op in ins.args:
            ssa.check(op, blk.name, k, ins.loc)
    if isinstance(blk.term, Branch):
        ssa.check(blk.term.cond, blk.name, len(blk.instrs), blk.term.loc)


def _phi_names_each_predecessor(ph: Phi, block: str, preds: list[str]) -> None:
    named = [b for b, _ in ph.incoming]
    if sorted(named) == preds:
        return
    stranger = sorted(set(named) - set(preds))
    twice = sorted(b for b in set(named) if named.count(b) > 1)
    missing = sorted(set(preds) - set(named))
    why = f"block {stranger[0]} is not a predecessor" if stranger else \
        f"block {twice[0]} is named twice" if twice else f"predecessor {missing[0]} has no incoming value"
    raise UserError(f"phi {ph.dest!r} must name each predecessor of {block} once ({', '.join(preds)}): {why}",
                    ph.loc)


@dataclass
class _Dominance:
    """Each value's home (its block, position: phis -1, place) and the dominator tree."""

    idom: dict[str, str]
    home: dict[str, tuple[str, int, Loc | None]]

    def reaches(self, where: str, k: int, block: str, at: int) -> bool:
        """A definition at position `k` of block `where` dominates position `at` of `block`."""
        return k < at if where == block else dominates(self.idom, where, block)

    def check(self, op: Operand, block: str, at: int, loc: Loc | None, edge: str = "") -> None:
        """`op`, used at position `at` of `block` (a phi's incoming value: at the end of
        block `edge`), is defined where it dominates the use."""
        if not isinstance(op, Ref) or op.name not in self.home:
            return  # a parameter, a constant
        where, k, defined = self.home[op.name]
        if self.reaches(where, k, block, at):
            return
        line = f" (line {defined.line})" if defined else ""
        if where == block and not edge:
            raise UserError(f"{op.name!r} is used before its definition{line}", loc)
        to = f"the end of block {edge}, where this phi's value comes from" if edge else "this use"
        raise UserError(f"{op.name!r} is defined in block {where}{line}, which is not on every path to {to}", loc)
