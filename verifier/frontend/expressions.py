"""The .loop language's expressions: precedence levels, typing (literals take their
type from where they are used), builtins and conversions, each lowered into the
block being built (frontend/ssa.py)."""

from __future__ import annotations

from typing import Any

from verifier.errors import UserError
from verifier.frontend.blocks import check_flags, op_words
from verifier.frontend.lexer import Token, base_operator, operator_parts
from verifier.frontend.ssa import KEYWORDS, TV, Expr, Lit, SSABuilder, _describe
from verifier.ir.opcodes import COMPARE_SYMBOLS, INFIX_OPS, OPCODES, Opcode, Operands, Syntax
from verifier.ir.program import (
    ArrayDecl,
    Const,
    FuncDecl,
    Instr,
    Loc,
    Operand,
    PoisonConst,
    Ref,
    Undef,
)
from verifier.ir.types import I1, I64, IntType, Type, VecType, elem_of, lanes_of, with_elem
from verifier.limits import MAX_EXPR_DEPTH, lanes_problem


def _typed_by_row(o: Opcode) -> bool:
    """A call-like operation whose table row alone types it (`by_rule`)."""
    return o.syntax is Syntax.CALL and o.operands in (Operands.SAME, Operands.COMPARED)


# the operations written as calls in the structured form: the table's builtins, and
# every call-like operation whose row alone types it (fadd, fcmp.olt, cttz.zero_poison)
BUILTINS = {o.name for o in OPCODES.values()
            if (o.structured and o.syntax in (Syntax.CALL, Syntax.CONVERSION, Syntax.LANES)) or _typed_by_row(o)}
LEVELS = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="],
          ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]


class Expressions(SSABuilder):
    """Expressions, on top of the SSA construction."""

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
        if isinstance(end, Lit) and isinstance(start.op, Const) and end.value > start.op.value:
            return self.check_lanes(end.value - start.op.value, loc)
        added = instrs[-1] if isinstance(end, TV) and isinstance(end.op, Ref) and len(instrs) == mark + 1 else None
        if added is not None and _plus_constant(added, start.op, end):
            instrs.pop()
            assert isinstance(added.args[1], Const)
            return self.check_lanes(added.args[1].value, loc)
        raise UserError("expected the end of a vector range as start + constant, e.g. a[i .. i+VF)", loc)

    def emit_call(self, f: FuncDecl, args: list[tuple[Expr, Loc]], loc: Loc, want_value: bool) -> TV | None:
        if len(args) != len(f.params):
            raise UserError(f"{f.name} takes {len(f.params)} argument(s), {len(args)} given", loc)
        n = _call_lanes(args, loc)
        ops = [self.argument(f, a, pt, n, aloc) for (a, aloc), pt in zip(args, f.params, strict=True)]
        if self.masks and not n:
            raise UserError("a call under 'when' needs vector arguments (one call per active lane)", loc)
        if want_value:
            assert f.ret is not None
            rt: Type = VecType(n, f.ret) if n else f.ret
            return TV(self.emit_maybe_masked("call", ops, rt, loc, n, func=f, callee=f.name), rt)
        self.emit_maybe_masked("call", ops, None, loc, n, dest=False, func=f, callee=f.name)
        return None

    def argument(self, f: FuncDecl, a: Expr, pt: IntType, n: int | None, loc: Loc) -> Operand:
        """Argument `a` of a call to f, as its parameter type `pt` (in `n` lanes)."""
        v = self.typed(a, VecType(n, pt) if n else pt, loc)
        if elem_of(v.type) != pt:
            raise UserError(f"type mismatch: {f.name} expects {pt}, the argument is {v.type}", loc)
        return v.op

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
            raise UserError(_mismatch(ta.type, tb.type), loc)
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
            return self.named(t)
        raise UserError(f"expected an expression, found {_describe(t)}", t.loc)

    def named(self, t: Token) -> Expr:
        """An expression that starts with a name: true/false, undef(T)/poison(T), a
        constant, a call, an array element or a variable."""
        if t.text in ("true", "false"):
            return TV(Const(1 if t.text == "true" else 0, I1), I1)
        if t.text in ("undef", "poison"):
            return self.undef_or_poison(t)
        if t.text in self.consts:
            return Lit(self.consts[t.text], t.loc)
        if self.at("(") and t.text not in self.var_types:
            return self.call_expr(t)
        if t.text in self.arrays:
            return self.element(t)
        if t.text in self.var_types:
            return TV(self.read_var(t.text, self.cur, t.loc), self.var_types[t.text])
        if t.text in KEYWORDS:
            raise UserError(f"expected an expression, found keyword {t.text!r}", t.loc)
        raise UserError(f"unknown name {t.text!r}", t.loc)

    def element(self, t: Token) -> Expr:
        """`a[i]`: an array is read only indexed."""
        if not self.at("["):
            raise UserError(f"array {t.text!r} must be indexed: {t.text}[i]", t.loc)
        return self.load(t)

    def undef_or_poison(self, t: Token) -> TV:
        """`undef(T)` or `poison(T)` (after the name)."""
        self.expect("(", f"'(' and a type: {t.text}(i8)")
        ty = self.parse_type()
        self.expect(")")
        return TV(Undef(ty) if t.text == "undef" else PoisonConst(ty), ty)

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
        typed, ty = self.same_typed(o.name, args)
        rt = with_elem(ty, I1) if o.operands is Operands.COMPARED else ty
        return TV(self.emit(o.name, [t.op for t in typed], rt, loc, **attrs), rt)

    def same_typed(self, name: str, args: list[tuple[Expr, Loc]]) -> tuple[list[TV], Type]:
        """Operands of one type: a vector operand's where there is one (scalars splat to
        its lanes), else the first typed one's (literals take it)."""
        known = [e.type for e, _ in args if isinstance(e, TV)]
        want = next((t for t in known if isinstance(t, VecType)), known[0] if known else None)
        typed = [self.typed(e, want, at) for e, at in args]
        ty = typed[0].type if want is None else want
        return [self.of_type(name, t, ty, at) for t, (_, at) in zip(typed, args, strict=True)], ty

    def of_type(self, name: str, t: TV, ty: Type, at: Loc) -> TV:
        """Operand `t` of `name` as a `ty`: a scalar splat to a vector's lanes; any other
        type is a mismatch."""
        v = self.splat(t, ty.lanes, at) if isinstance(ty, VecType) and not isinstance(t.type, VecType) else t
        if v.type != ty:
            raise UserError(f"type mismatch: {name}'s operands are {ty}, this one is {v.type}", at)
        return v

    def conversion(self, name: str, x: TV, to: Type, loc: Loc) -> TV:
        if name == "bitcast":
            if elem_of(x.type).bits * (lanes_of(x.type) or 1) != elem_of(to).bits * (lanes_of(to) or 1):
                raise UserError(f"bitcast regroups the bits of one total width (<N x i1> and iN, "
                                f"<16 x i8> and <4 x i32>), not {x.type} to {to}", loc)
            return TV(self.emit("bitcast", [x.op], to, loc), to)
        if isinstance(to, VecType):
            raise UserError(f"{name} takes the lane type (e.g. {name}(x, i64)), not {to}", loc)
        narrowing = name == "trunc"
        if (to.bits < elem_of(x.type).bits) != narrowing or to.bits == elem_of(x.type).bits:
            raise UserError(f"{name} from {elem_of(x.type)} to {to} is not a {'narrowing' if narrowing else 'widening'}",
                            loc)
        rt = with_elem(x.type, to)
        return TV(self.emit(name, [x.op], rt, loc, flags=()), rt)



def _mismatch(a: Type, b: Type) -> str:
    """Why operands of types a and b do not go together."""
    if isinstance(a, VecType) and isinstance(b, VecType) and a.lanes != b.lanes:
        return f"vector width mismatch: {a} and {b}"
    return f"type mismatch: {a} and {b} (convert with zext/sext/trunc)"


def _plus_constant(ins: Instr, start: Operand, end: Expr) -> bool:
    """Whether `ins` computes `end` as start + a positive constant."""
    return (ins.op == "add" and isinstance(end, TV) and isinstance(end.op, Ref) and ins.dest == end.op.name
            and ins.args[0] == start and isinstance(ins.args[1], Const) and ins.args[1].value > 0)


def _call_lanes(args: list[tuple[Expr, Loc]], loc: Loc) -> int | None:
    """The one lane count of a call's vector arguments (None: all scalars)."""
    lanes = {a.type.lanes for a, _ in args if isinstance(a, TV) and isinstance(a.type, VecType)}
    if len(lanes) > 1:
        raise UserError("vector width mismatch among the arguments", loc)
    return lanes.pop() if lanes else None


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
