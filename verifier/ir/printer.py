"""Print a Program as readable text in the model language's notation, one block per
paragraph (labels, phis, branches), so a program (a model, a listing, what the LLVM front end read) can be read and diffed."""

from __future__ import annotations

from verifier.ir.opcodes import (
    ANNOTATIONS,
    CMP_PREDICATES,
    OPCODES,
    Opcode,
    Operands,
    Syntax,
    spell,
)
from verifier.ir.program import (
    ArrayDecl,
    Block,
    Branch,
    Const,
    Extent,
    FuncDecl,
    Halt,
    Instr,
    Jump,
    Operand,
    PoisonConst,
    Program,
    Ref,
    Undef,
    given,
)
from verifier.ir.types import I1, I64, Type, VecType, elem_of, to_signed, with_elem


def operand(op: Operand) -> str:
    if isinstance(op, Ref):
        return op.name
    if isinstance(op, Const):
        return str(op.value)
    if isinstance(op, Undef):
        return f"undef({op.type})"
    if isinstance(op, PoisonConst):
        return f"poison({op.type})"
    return str(op)


def extent(e: Extent) -> str:
    if isinstance(e, tuple):
        return f"({extent(e[1])} {e[0]} {extent(e[2])})"
    return str(e)


def _words(i: Instr, o: Opcode) -> str:
    """The dotted words after an operation's name or symbol: its attribute, flags, switches."""
    words = [spell(i.attrs.of(o.attr))] if o.attr and o.syntax is not Syntax.COMPARE else []
    words += list(i.attrs.flags)
    words += [s for s in o.switches if i.attrs.of(s)]
    return "".join("." + w for w in words)


def _bare_type(i: Instr, o: Opcode, k: int) -> Type | None:
    """The type the block form's reader (frontend/blocks.py) gives a bare literal at
    operand k of i by its operation's rule; None where it cannot tell."""
    ty, rule = i.type, o.operands
    if rule is Operands.SAME:
        return ty
    if rule is Operands.SELECT:
        return (with_elem(ty, I1) if ty else I1) if k == 0 else ty
    if rule is Operands.ELEM:
        return elem_of(ty) if ty else None
    if rule is Operands.INSERT:
        return [ty, elem_of(ty) if ty else None, I64][k]
    if rule in (Operands.INDEX, Operands.EXTRACT):
        return I64 if rule is Operands.INDEX or k == 1 else None
    return None


def _literal(i: Instr, o: Opcode, k: int) -> str:
    """Operand k as written: a literal with its type (`i32(5)`) where the reader would
    give a bare one another type (a comparison of literals, a shuffle's constant vector)."""
    a = i.args[k]
    if not isinstance(a, Const) or o.operands is Operands.OWN or (i.masked and k == len(i.args) - 1):
        return operand(a)
    if o.operands is Operands.COMPARED:
        refs = [x for x in i.args if isinstance(x, Ref)]
        bare = None if refs else I64  # (beside a named value: its type, which the IR gives both)
        return operand(a) if bare in (None, a.type) else f"{a.type}({a.value})"
    return operand(a) if _bare_type(i, o, k) == a.type else f"{a.type}({a.value})"


def instr(i: Instr) -> str:
    """One instruction in block form (frontend/blocks.py reads it back)."""
    o = OPCODES[i.op]
    args = [_literal(i, o, k) for k in range(len(i.args))]
    mask = ""
    if i.masked:
        mask = f"when ({args[-1]}) "
        args = args[:-1]
    rhs = _RHS.get(o.syntax, _by_name)(i, o, args)
    notes = "".join(f" !{k} {_note(i.attrs.of(k), kind)}" for k, kind in ANNOTATIONS.items()
                    if i.attrs.of(k) is not None)
    if i.dest is None:
        return mask + rhs + notes
    return f"{mask}{i.dest}: {i.type} = {rhs}{notes}"


def _infix(i: Instr, o: Opcode, args: list[str]) -> str:
    """`a OP b`: an infix operation (`+nsw`) or comparison (`<u`), with its flags."""
    sym = o.symbols[0] if o.syntax is Syntax.INFIX else CMP_PREDICATES[given(i.attrs.pred, i, "predicate")]
    words = _words(i, o)
    if words and not sym[-1].isalpha():
        words = words[1:]  # +nsw, but /u.exact
    return f"{args[0]} {sym}{words} {args[1]}"


def _out(i: Instr, o: Opcode, args: list[str]) -> str:
    typed = f": {i.args[0].type}" if isinstance(i.args[0], Const) else ""
    return f"out {i.out}{typed} = {args[0]}"


def _conversion(i: Instr, o: Opcode, args: list[str]) -> str:
    t = i.type.elem if isinstance(i.type, VecType) and i.op != "bitcast" else i.type
    return f"{i.op}{_words(i, o)}({args[0]}, {t})"


def _lanes(i: Instr, o: Opcode, args: list[str]) -> str:
    assert isinstance(i.type, VecType)
    return f"{i.op}({args[0]}, {i.type.lanes})"


def _by_name(i: Instr, o: Opcode, args: list[str]) -> str:
    """An operation written by name: `smax(a, b)`, `fcmp.olt.nnan(a, b)`."""
    return f"{i.op}{_words(i, o)}({', '.join(args)})"


# how each syntax writes an instruction's right-hand side (the rest: by name)
_RHS = {
    Syntax.INFIX: _infix,
    Syntax.COMPARE: _infix,
    Syntax.LOAD: lambda i, o, args: _access(i, args[0]),
    Syntax.STORE: lambda i, o, args: f"{_access(i, args[0])} = {args[1]}",
    Syntax.FUNC_CALL: lambda i, o, args: f"{i.attrs.callee}({', '.join(args)})",
    Syntax.OUT: _out,
    Syntax.ASSUME: lambda i, o, args: f"assume {args[0]}",
    Syntax.CONVERSION: _conversion,
    Syntax.SHUFFLE: lambda i, o, args: f"shuffle({args[0]}, {args[1]}, "
                                       f"[{', '.join(map(str, given(i.attrs.mask, i, 'lanes')))}])",
    Syntax.LANES: _lanes,
}


def _note(v: object, kind: str) -> str:
    return '"' + str(v).replace('"', "'") + '"' if kind == "text" else str(v)


def _access(i: Instr, index: str) -> str:
    arr, w = i.array, i.attrs.width
    return f"{arr}[{index} .. {index}+{w})" if w else f"{arr}[{index}]"


def program(p: Program) -> str:
    """The whole program in block form: its head (parameters, constants, arrays,
    aliases, functions), then each block."""
    lines = [f"loop {p.name}({', '.join(f'{q.name}: {q.type}' for q in p.params)}) {{"]
    lines += [f"  const {c} = {v}" for c, v in p.consts.items()]
    lines += [_array(a) for a in p.arrays]
    lines += [f"  {'window' if y in p.windows else 'alias'} {x}, {y}" for x, y in p.aliases]
    lines += [_func(f) for f in p.funcs.values()]
    for b in p.blocks.values():
        lines += _block(b)
    lines.append("}")
    return "\n".join(lines)


def _array(a: ArrayDecl) -> str:
    attrs = "".join([" init" if a.init else "", " readonly" if a.readonly else ""])
    contents = "" if a.contents is None else f" = [{', '.join(str(to_signed(x, a.elem.bits)) for x in a.contents)}]"
    return f"  array {a.name}: {a.elem}[{extent(a.extent)}]{attrs}{contents}"


def _func(f: FuncDecl) -> str:
    params = ", ".join(str(t) for t in f.params)
    if f.pure:
        return f"  pure {f.name}({params}) -> {f.ret}{' speculatable' if f.speculatable else ''}"
    ret = f" -> {f.ret}{' maybe_poison' if f.ret_poison else ''}" if f.ret is not None else ""
    does = "".join([f" reads({', '.join(f.reads)})" if f.reads else "",
                    f" writes({', '.join(f.writes)})" if f.writes else "",
                    " willreturn" if f.willreturn else ""])
    return f"  effect {f.name}({params}){ret}{does}"


def _block(b: Block) -> list[str]:
    lines = [f"{b.name}:"]
    for ph in b.phis:
        inc = ", ".join(f"{blk}: {operand(op)}" for blk, op in ph.incoming)
        lines.append(f"  {ph.dest}: {ph.type} = phi [{inc}]")
    lines += ["  " + instr(i) for i in b.instrs]
    t = b.term
    if isinstance(t, Jump):
        lines.append(f"  goto {t.target}")
    elif isinstance(t, Branch):
        lines.append(f"  if ({operand(t.cond)}) goto {t.then} else goto {t.other}")
    elif isinstance(t, Halt):
        lines.append("  end")
    return lines
