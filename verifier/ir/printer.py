"""Print a Program as readable text in the model language's notation, one block per
paragraph (labels, phis, branches), so a generated form can be read and diffed."""

from __future__ import annotations

from verifier.ir.opcodes import ANNOTATIONS, CMP_PREDICATES, OPCODES, Opcode, Syntax, spell
from verifier.ir.program import (
    Branch,
    Const,
    Extent,
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
from verifier.ir.types import VecType, to_signed


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


def instr(i: Instr) -> str:
    """One instruction in block form (frontend/blocks.py reads it back)."""
    o = OPCODES[i.op]
    args = [operand(a) for a in i.args]
    mask = ""
    if i.masked:
        mask = f"when ({args[-1]}) "
        args = args[:-1]
    words = _words(i, o)
    if o.syntax in (Syntax.INFIX, Syntax.COMPARE):
        sym = o.symbols[0] if o.syntax is Syntax.INFIX else CMP_PREDICATES[given(i.attrs.pred, i, "predicate")]
        if words and not sym[-1].isalpha():
            words = words[1:]  # +nsw, but /u.exact
        rhs = f"{args[0]} {sym}{words} {args[1]}"
    elif o.syntax is Syntax.LOAD:
        rhs = _access(i, args[0])
    elif o.syntax is Syntax.STORE:
        rhs = f"{_access(i, args[0])} = {args[1]}"
    elif o.syntax is Syntax.FUNC_CALL:
        rhs = f"{i.attrs.callee}({', '.join(args)})"
    elif o.syntax is Syntax.OUT:
        typed = f": {i.args[0].type}" if isinstance(i.args[0], Const) else ""
        rhs = f"out {i.out}{typed} = {args[0]}"
    elif o.syntax is Syntax.ASSUME:
        rhs = f"assume {args[0]}"
    elif o.syntax is Syntax.CONVERSION:
        t = i.type.elem if isinstance(i.type, VecType) and i.op != "bitcast" else i.type
        rhs = f"{i.op}{words}({args[0]}, {t})"
    elif o.syntax is Syntax.SHUFFLE:
        rhs = f"shuffle({args[0]}, {args[1]}, [{', '.join(map(str, given(i.attrs.mask, i, 'lanes')))}])"
    elif o.syntax is Syntax.LANES:
        assert isinstance(i.type, VecType)
        rhs = f"{i.op}({args[0]}, {i.type.lanes})"
    else:
        rhs = f"{i.op}{words}({', '.join(args)})"
    notes = "".join(f" !{k} {_note(i.attrs.of(k), kind)}" for k, kind in ANNOTATIONS.items()
                    if i.attrs.of(k) is not None)
    if i.dest is None:
        return mask + rhs + notes
    return f"{mask}{i.dest}: {i.type} = {rhs}{notes}"


def _note(v: object, kind: str) -> str:
    return '"' + str(v).replace('"', "'") + '"' if kind == "text" else str(v)


def _access(i: Instr, index: str) -> str:
    arr, w = i.array, i.attrs.width
    return f"{arr}[{index} .. {index}+{w})" if w else f"{arr}[{index}]"


def program(p: Program) -> str:
    lines = [f"loop {p.name}({', '.join(f'{q.name}: {q.type}' for q in p.params)}) {{"]
    for c, v in p.consts.items():
        lines.append(f"  const {c} = {v}")
    for a in p.arrays:
        attrs = "".join([" init" if a.init else "", " readonly" if a.readonly else ""])
        contents = "" if a.contents is None else \
            f" = [{', '.join(str(to_signed(x, a.elem.bits)) for x in a.contents)}]"
        lines.append(f"  array {a.name}: {a.elem}[{extent(a.extent)}]{attrs}{contents}")
    for x, y in p.aliases:
        lines.append(f"  {'window' if y in p.windows else 'alias'} {x}, {y}")
    for f in p.funcs.values():
        params = ", ".join(str(t) for t in f.params)
        if f.pure:
            lines.append(f"  pure {f.name}({params}) -> {f.ret}{' speculatable' if f.speculatable else ''}")
        else:
            ret = f" -> {f.ret}{' maybe_poison' if f.ret_poison else ''}" if f.ret is not None else ""
            does = "".join([f" reads({', '.join(f.reads)})" if f.reads else "",
                            f" writes({', '.join(f.writes)})" if f.writes else "",
                            " willreturn" if f.willreturn else ""])
            lines.append(f"  effect {f.name}({params}){ret}{does}")
    for b in p.blocks.values():
        lines.append(f"{b.name}:")
        for ph in b.phis:
            inc = ", ".join(f"{blk}: {operand(op)}" for blk, op in ph.incoming)
            lines.append(f"  {ph.dest}: {ph.type} = phi [{inc}]")
        for i in b.instrs:
            lines.append("  " + instr(i))
        t = b.term
        if isinstance(t, Jump):
            lines.append(f"  goto {t.target}")
        elif isinstance(t, Branch):
            lines.append(f"  if ({operand(t.cond)}) goto {t.then} else goto {t.other}")
        elif isinstance(t, Halt):
            lines.append("  end")
    lines.append("}")
    return "\n".join(lines)
