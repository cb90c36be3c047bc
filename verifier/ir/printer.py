"""Print a Program as readable text in the model language's notation, one block per
paragraph (labels, phis, branches), so a generated form can be read and diffed."""

from __future__ import annotations

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
)
from verifier.ir.types import VecType, to_signed

_INFIX = {"add": "+", "sub": "-", "mul": "*", "sdiv": "/", "udiv": "/u", "srem": "%", "urem": "%u",
          "shl": "<<", "ashr": ">>", "lshr": ">>u", "and": "&", "or": "|", "xor": "^"}
_CMP = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
        "ult": "<u", "ule": "<=u", "ugt": ">u", "uge": ">=u"}


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


def instr(i: Instr) -> str:
    args = [operand(a) for a in i.args]
    mask = ""
    if i.masked:
        mask = f"when ({args[-1]}) "
        args = args[:-1]
    flags = "".join("." + f if k else f for k, f in enumerate(i.attrs.get("flags", ())))
    if i.op in _INFIX:
        sep = "." if flags and _INFIX[i.op][-1].isalpha() else ""  # /u.exact, but /exact
        rhs = f"{args[0]} {_INFIX[i.op]}{sep}{flags} {args[1]}"
    elif i.op == "icmp":
        rhs = f"{args[0]} {_CMP[i.attrs['pred']]} {args[1]}"
    elif i.op == "load":
        arr = i.attrs["array"]
        w = i.attrs.get("width")
        rhs = f"{arr}[{args[0]} .. {args[0]}+{w})" if w else f"{arr}[{args[0]}]"
    elif i.op == "store":
        arr = i.attrs["array"]
        w = i.attrs.get("width")
        where = f"{arr}[{args[0]} .. {args[0]}+{w})" if w else f"{arr}[{args[0]}]"
        return f"{mask}{where} = {args[1]}"
    elif i.op == "call":
        rhs = f"{i.attrs['callee']}({', '.join(args)})"
    elif i.op == "out":
        return f"out {i.attrs['name']} = {args[0]}"
    elif i.op == "assume":
        return f"assume {args[0]}"
    elif i.op in ("zext", "sext", "trunc", "bitcast"):
        t = i.type.elem if isinstance(i.type, VecType) and i.op != "bitcast" else i.type
        rhs = f"{i.op}({args[0]}, {t})"
    elif i.op == "shuffle":
        rhs = f"shuffle({args[0]}, {args[1]}, [{', '.join(map(str, i.attrs['mask']))}])"
    elif i.op == "reduce":
        rhs = f"reduce.{i.attrs['kind']}({args[0]})"
    elif i.op == "cttz_elts":
        zp = ", zero_poison" if i.attrs.get("zero_poison") else ""
        rhs = f"cttz_elts({args[0]}{zp}) /* {i.attrs.get('rule', 'any-poison')} */"
    elif i.op in ("prefix", "iota", "splat"):
        assert isinstance(i.type, VecType)
        rhs = f"{i.op}({args[0]}, {i.type.lanes})"
    else:
        rhs = f"{i.op}({', '.join(args)})"
    if i.dest is None:
        return mask + rhs
    return f"{mask}{i.dest}: {i.type} = {rhs}"


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
            lines.append(f"  effect {f.name}({params})")
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
