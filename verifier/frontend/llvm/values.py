"""Operands of the `.ll` front end: SSA values, constants (integers, IEEE bits,
poison, undef, splats, constant vectors) and pointers as (object, offset)."""

from __future__ import annotations

from typing import Any

from verifier.frontend.layout import literal_bits
from verifier.frontend.llvm.state import FnState, key
from verifier.frontend.llvm.text import (
    clean,
    fp_flags,
    int_literal,
    operand_text,
    parse_type,
    range_attr,
    splat_literal,
)
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Block, Const, Loc, Operand, PoisonConst, Ref, Undef
from verifier.ir.types import I1, IntType, Type, VecType, mask


def const_operand(st: FnState, blk: Block, v: Any, ty: Type, loc: Loc) -> Operand:
    """A constant operand: integers, poison, undef, splats and constant vectors."""
    text = operand_text(v)
    body = text[len(str(v.type)):].strip() if text.startswith(str(v.type)) else text
    if body == "zeroinitializer":
        return Const(0, ty)
    lane_ty = ty.elem if isinstance(ty, VecType) else ty
    lane = splat_literal(body)
    if lane is not None:
        return Const(_int_lit(lane, lane_ty.bits, loc), ty)
    if isinstance(ty, VecType) and body.startswith("<"):
        return _vector_literal(st, body, ty, loc)
    return _literal(body, ty, loc)


def _vector_literal(st: FnState, body: str, ty: VecType, loc: Loc) -> Operand:
    """`<iN a, iN b, ...>`: one constant where every lane is the same, else a vector
    built once in the entry, which dominates every use (a phi's incoming value too)."""
    ops = [_literal(ln.strip().partition(" ")[2], ty.elem, loc) for ln in body.strip("<>").split(",")]
    if all(o == ops[0] for o in ops) and isinstance(ops[0], Const):
        return Const(ops[0].value, ty)
    return st.emit(st.pre, "vec", ops, ty, st.fresh("const"), loc)


def _literal(s: str, ty: Type, loc: Loc) -> Operand:
    """poison, undef or an integer (every lane of a vector type)."""
    s = s.strip()
    if s == "poison":
        return PoisonConst(ty)
    if s == "undef":
        return Undef(ty)
    return Const(_int_lit(s, (ty.elem if isinstance(ty, VecType) else ty).bits, loc), ty)


def _int_lit(s: str, bits: int, loc: Loc) -> int:
    """An integer literal, or a half/float/double literal's bits."""
    return literal_bits(s.strip(), bits, loc)


def operand(st: FnState, blk: Block, v: Any, loc: Loc) -> Operand:
    """An integer operand: an SSA value or a constant."""
    k = key(v)
    if k in st.names and not v.is_constant:
        if str(v.type) == "ptr":
            raise LLUnsupported("a pointer used as a value", loc)
        return Ref(st.names[k])
    ty = parse_type(str(v.type), loc)
    if ty is None:
        raise LLUnsupported(f"operand {operand_text(v)}", loc)
    return const_operand(st, blk, v, ty, loc)


def pointer(st: FnState, v: Any, loc: Loc) -> tuple[str, Operand]:
    """A pointer operand: its object and its offset there in the object's units."""
    k = key(v)
    if k not in st.prov or k not in st.offsets:
        raise unknown_origin(st, v, "", loc)
    return st.prov[k], st.offsets[k]


def unknown_origin(st: FnState, v: Any, use: str, loc: Loc | None) -> LLUnsupported:
    """The error for a use of a pointer the model cannot place in one object (`use`:
    what uses it, e.g. "an access through")."""
    if key(v) in st.multi:
        names = ", ".join(st.display.get(n, n) for n in sorted(st.multi[key(v)]))
        return LLUnsupported(f"a pointer phi over several objects ({names}) used other than by ret, ptrtoint, icmp, phi or select"
                             + (f" ({use} it)" if use else ""), loc)
    return LLUnsupported(f"{use} a pointer of unknown origin" if use else "a pointer of unknown origin", loc)


def unknown_pointer(loc: Loc | None) -> tuple[str, Operand]:
    """Refuses a pointer phi's incoming pointer whose object is unknown."""
    raise LLUnsupported("a pointer phi with an incoming pointer of unknown origin", loc)


def is_null(v: Any) -> bool:
    """Whether an operand is the null pointer literal."""
    return bool(v.is_constant) and str(v.type) == "ptr" and operand_text(v).endswith("null")


def int_const(v: Any) -> int | None:
    """A scalar integer constant operand's value (as printed, signed); else None."""
    return int_literal(operand_text(v)) if v.is_constant else None


def in_range(st: FnState, blk: Block, v: Operand, ty: IntType, attrs: str, what: str,
             loc: Loc) -> Operand | None:
    """Whether v lies in the `range(iN lo, hi)` its attributes give ([lo, hi), wrapping as
    LangRef's ranges do); None without one."""
    bounds = range_attr(attrs)
    if bounds is None:
        return None
    lo, hi = bounds[0] & mask(ty.bits), bounds[1] & mask(ty.bits)
    d = st.emit(blk, "sub", [v, Const(lo, ty)], ty, st.fresh(f"{what}.range"), loc, flags=())
    return st.emit(blk, "icmp", [d, Const((hi - lo) & mask(ty.bits), ty)], I1, st.fresh(f"{what}.inrange"), loc,
                   pred="ult")


def named_pointer(st: FnState, text: str) -> tuple[str, int] | None:
    """The object and value key of the pointer written `%x` or `@g` (None if unknown)."""
    want = clean(text)
    for k, name in st.names.items():
        if name == want and k in st.prov:
            return st.prov[k], k
    return None


def callee(ins: Any) -> str:
    """The name of the function a call instruction calls ('' for any other instruction)."""
    return str(list(ins.operands)[-1].name) if ins.opcode == "call" else ""


POISONING = frozenset({"nnan", "ninf"})  # fast-math flags that only make poison (LangRef)


def exact_fast_math(text: str, opcode: str, what: str, exact: frozenset[str], loc: Loc) -> set[str]:
    """The fast-math flags written on an instruction (`opcode`: its opcode in the
    text, "call" for an intrinsic); those outside `exact` (the ones modelled exactly
    for it: nnan and ninf make poison) allow other values, so they are `unknown`."""
    fmf = set(fp_flags(text, opcode))
    if fmf - exact:
        raise LLUnsupported(f"{what} with {' '.join(sorted(fmf))} (fast-math flags that allow other values)", loc)
    return fmf
