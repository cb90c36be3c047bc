"""One LLVM instruction into our IR: a table from LLVM's opcode to the function that
translates it (as the interpreter has one function per operation), each reading a
`Site`: the instruction with its text, place, operands, name, type and flags."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from verifier.frontend.llvm.intrinsics import translate_call
from verifier.frontend.llvm.memory import (
    LOAD_METADATA,
    access,
    gep,
    loaded,
    not_null,
    pointer_icmp,
    pointer_load,
    pointer_vector_icmp,
    pointer_vector_load,
    volatile_load,
    volatile_store,
)
from verifier.frontend.llvm.objects import shown_pointer
from verifier.frontend.llvm.state import FnState, key
from verifier.frontend.llvm.text import (
    FAST_MATH,
    aggregate_index,
    attachment,
    fcmp_form,
    float_types_ok,
    fneg_flags,
    has_attr,
    icmp_pred,
    ieee_width,
    instruction_body,
    int_flags,
    operand_text,
    parse_type,
    qualifiers,
    shuffle_mask,
    struct_fields,
    switch_values,
    ty_of,
)
from verifier.frontend.llvm.values import (
    POISONING,
    exact_fast_math,
    in_range,
    is_null,
    operand,
    pointer,
)
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.opcodes import FBINOPS, FCASTS, OPCODES, llvm_binary
from verifier.ir.program import (
    Block,
    Branch,
    Const,
    FuncDecl,
    Halt,
    Jump,
    Loc,
    Operand,
    Phi,
    PoisonConst,
    Ref,
    Undef,
)
from verifier.ir.types import I1, I64, IntType, Type, VecType, elem_of, lanes_of


@dataclass(frozen=True)
class Site:
    """An instruction being translated, with what every translation reads of it."""

    ins: Any  # llvmlite's instruction
    text: str  # as LLVM prints it
    loc: Loc
    ops: list[Any]  # its operands (a call's callee last)
    dest: str | None  # our name for its result
    ty: Type | None  # its result's type (None: a pointer, void or label)
    flags: tuple[str, ...]  # integer flags written after the opcode

    def kept(self, op: str) -> tuple[str, ...]:
        """The flags our operation `op` keeps (the opcode table's)."""
        return tuple(f for f in self.flags if f in OPCODES[op].flags)


def translate_block(st: FnState, b: Any) -> None:
    """Every instruction of LLVM block `b` into our block of the same name."""
    blk = st.blocks[st.names[key(b)]]
    for ins in b.instructions:
        _instr(st, blk, ins)
        if st.trapped:  # llvm.trap: the program stops here (what follows is unreachable)
            st.trapped = False
            blk.term = Halt()
            return


def _instr(st: FnState, blk: Block, ins: Any) -> None:
    text = operand_text(ins)
    loc = st.loc_of(text, ins)
    op = ins.opcode
    if op in _AGGREGATE:  # a struct value: its fields, not one value of ours
        _AGGREGATE[op](st, blk, Site(ins, text, loc, list(ins.operands), st.names.get(key(ins)), None, ()))
        return
    ty = parse_type(str(ins.type), loc) if _typed(op, str(ins.type)) else None
    site = Site(ins, text, loc, list(ins.operands), st.names.get(key(ins)), ty, int_flags(text, op))
    translate = _TRANSLATE.get(op)
    if translate is None:
        raise LLUnsupported(f"instruction {op}", loc)
    translate(st, blk, site)
    width = ieee_width(str(ins.type))
    if width is not None and site.dest is not None:
        st.floats[site.dest] = width


def _typed(op: str, ty: str) -> bool:
    """An instruction whose result has one of our types: not a label, nor a vector of
    pointers (a vector GEP, pointer_vector_load), nor `resume`'s landingpad."""
    pointers = op in ("getelementptr", "load") and ty.endswith("x ptr>")
    return ty != "label" and not pointers and op != "landingpad"


def _v(st: FnState, blk: Block, s: Site, k: int) -> Operand:
    """Operand k of the instruction, as our operand."""
    return operand(st, blk, s.ops[k], s.loc)


# ---------------------------------------------------------------- control flow

def _phi(st: FnState, blk: Block, s: Site) -> None:
    ins, loc, dest = s.ins, s.loc, s.dest
    if str(ins.type) == "ptr" and key(ins) in st.multi:
        _several_objects_phi(st, blk, s)
    elif str(ins.type) == "ptr":
        _pointer_phi(st, blk, s)
    else:
        assert dest is not None and s.ty is not None
        uid = st.ids.uid()
        blk.phis.append(Phi(uid, dest, s.ty, [(st.names[key(ib)], operand(st, blk, o, loc))
                                                 for ib, o in zip(list(ins.incoming_blocks), s.ops, strict=True)], loc))


def _phi_edges(st: FnState, s: Site) -> list[tuple[str, Any]]:
    """A pointer phi's incoming edges: (block, the value's key; None for null)."""
    return [(st.names[key(ib)], None if is_null(o) else key(o))
            for ib, o in zip(list(s.ins.incoming_blocks), s.ops, strict=True)]


def _several_objects_phi(st: FnState, blk: Block, s: Site) -> None:
    """A pointer phi over several objects: two phis, its address and its object's
    number (filled in after every block)."""
    name = s.dest or st.fresh("ptr")
    uid = st.ids.uid()
    at = Phi(uid, name, I64, [], s.loc)
    uid = st.ids.uid()
    which = Phi(uid, st.fresh(f"{name}.object"), I64, [], s.loc)
    blk.phis += [at, which]
    st.multi_vals[key(s.ins)] = (Ref(at.dest), Ref(which.dest))
    st.multi_phis.append((at, which, _phi_edges(st, s)))


def _pointer_phi(st: FnState, blk: Block, s: Site) -> None:
    """A pointer phi into one object: a phi of its offset (incoming offsets may be
    defined further down: filled in after every block), and of its null flag where it
    may be null."""
    ins, loc = s.ins, s.loc
    obj = st.prov.get(key(ins))
    if obj is None or any(st.prov.get(key(o)) != obj for o in s.ops if not is_null(o)):
        raise LLUnsupported("a pointer phi over several objects", loc)
    name = s.dest or st.fresh("ptr")
    st.offsets[key(ins)] = Ref(name)
    uid = st.ids.uid()
    phi = Phi(uid, name, I64, [], loc)
    blk.phis.append(phi)
    edges = _phi_edges(st, s)
    st.pointer_phis.append((phi, edges))
    if len({k for _, k in edges}) == 1 and edges[0][1] is not None:
        st.copy_of[key(ins)] = edges[0][1]  # LCSSA's copy of one value
    if key(ins) in st.nullable:
        uid = st.ids.uid()
        flag = Phi(uid, st.fresh(f"{name}.isnull"), I1, [], loc)
        blk.phis.append(flag)
        st.nulls[key(ins)] = Ref(flag.dest)
        st.null_phis.append((flag, edges))


def _br(st: FnState, blk: Block, s: Site) -> None:
    if len(s.ops) == 1:
        blk.term = Jump(st.names[key(s.ops[0])])
        return
    uid = st.ids.uid()
    blk.term = Branch(_v(st, blk, s, 0), st.names[key(s.ops[2])], st.names[key(s.ops[1])], uid, s.loc)


def _switch(st: FnState, blk: Block, s: Site) -> None:
    """One branch per distinct case target (its values or-ed), then the default; each
    target keeps a single predecessor edge, recorded for its phis in `st.edges`."""
    loc = s.loc
    cond = _v(st, blk, s, 0)
    cty = ty_of(s.ops[0], loc)
    default = st.names[key(s.ops[1])]
    values = switch_values(s.text)
    targets = [st.names[key(o)] for o in s.ops[2:]]
    if len(values) != len(targets):
        raise LLUnsupported("a switch whose case values are not integer literals", loc)
    by_target: dict[str, list[int]] = {}
    for v, t in zip(values, targets, strict=True):
        if t != default:
            by_target.setdefault(t, []).append(1 if v == "true" else 0 if v == "false" else int(v))
    cur = blk
    for t, vals in by_target.items():
        hits = [st.emit(cur, "icmp", [cond, Const(v, cty)], I1, st.fresh("switch.case"), loc, pred="eq")
                for v in vals]
        c = hits[0]
        for h in hits[1:]:
            c = st.emit(cur, "or", [c, h], I1, st.fresh("switch.any"), loc)
        nxt = Block(st.fresh("switch.next"))
        st.blocks[nxt.name] = nxt
        uid = st.ids.uid()
        cur.term = Branch(c, t, nxt.name, uid, loc)
        st.edges[(blk.name, t)] = cur.name
        cur = nxt
    cur.term = Jump(default)
    st.edges[(blk.name, default)] = cur.name


def _ret(st: FnState, blk: Block, s: Site) -> None:
    ops, loc = s.ops, s.loc
    if not ops:
        pass
    elif key(ops[0]) in st.aggregates:  # a struct: each field a live-out of its own
        for k, v in enumerate(st.aggregates[key(ops[0])]):
            st.emit(blk, "out", [v], None, None, loc, name=f"ret.{k}")
    elif str(ops[0].type) == "ptr":
        _ret_pointer(st, blk, ops[0], loc)
    else:
        v = _return_attrs(st, blk, _v(st, blk, s, 0), ty_of(ops[0], loc), loc)
        st.emit(blk, "out", [v], None, None, loc, name="ret")
        width = ieee_width(str(ops[0].type))
        if width is not None:
            st.floats["ret"] = width
    blk.term = Halt()


def _ret_pointer(st: FnState, blk: Block, p: Any, loc: Loc) -> None:
    """A returned pointer: that may point into one of several objects, which one and
    where; into one object, its offset under a name that says which object, and
    whether it is null."""
    if st.opts.ret_address or key(p) in st.multi:
        ret_at, ret_obj = shown_pointer(st, blk, None if is_null(p) else key(p), loc)
        st.emit(blk, "out", [ret_at], None, None, loc, name="ret")
        st.emit(blk, "out", [ret_obj], None, None, loc, name="ret.object")
        return
    obj, off = pointer(st, p, loc)
    st.emit(blk, "out", [off], None, None, loc, name=f"ret.{obj}")
    st.emit(blk, "out", [st.nulls.get(key(p), Const(0, I1))], None, None, loc, name=f"ret.{obj}.null")


def _return_attrs(st: FnState, blk: Block, v: Operand, ty: Type, loc: Loc) -> Operand:
    """`range(iN a, b)` on the return value: poison outside [a, b); `noundef`: UB if poison."""
    head = st.lines[st.start_line]
    before = head.split("@", 1)[0]
    ok = in_range(st, blk, v, ty, before, "ret", loc) if isinstance(ty, IntType) else None
    if ok is not None:
        v = st.emit(blk, "select", [ok, v, PoisonConst(ty)], ty, st.fresh("ret"), loc)
    if has_attr(before, "noundef") and isinstance(ty, IntType):
        same = st.emit(blk, "icmp", [v, v], I1, st.fresh("ret.defined"), loc, pred="eq")
        st.emit(blk, "assume", [same], None, None, loc)  # poison compares to poison: UB
    return v


def _unreachable(st: FnState, blk: Block, s: Site) -> None:
    st.emit(blk, "assume", [Const(0, I1)], None, None, s.loc)
    blk.term = Halt()


# ---------------------------------------------------------------- integers and floats

def _int_binop(st: FnState, blk: Block, s: Site) -> None:
    op = _INT_BINOPS[s.ins.opcode]
    st.emit(blk, op, [_v(st, blk, s, 0), _v(st, blk, s, 1)], s.ty, s.dest, s.loc, flags=s.kept(op))


def _icmp(st: FnState, blk: Block, s: Site) -> None:
    pred = icmp_pred(s.text)
    if pred is None:
        raise LLUnsupported("an icmp form", s.loc)
    if str(s.ops[0].type) == "ptr":
        pointer_icmp(st, blk, s.ops, pred, s.ty, s.dest, s.loc, s.kept("icmp"))
        return
    if str(s.ops[0].type).endswith("x ptr>"):
        pointer_vector_icmp(st, blk, s.ops, pred, s.ty, s.dest, s.loc)
        return
    st.emit(blk, "icmp", [_v(st, blk, s, 0), _v(st, blk, s, 1)], s.ty, s.dest, s.loc, pred=pred,
            flags=s.kept("icmp"))


def _fcmp(st: FnState, blk: Block, s: Site) -> None:
    form = fcmp_form(s.text)
    if form is None:
        raise LLUnsupported("an fcmp form", s.loc)
    fmf, pred = form
    if set(fmf) - FAST_MATH:
        raise LLUnsupported(f"fcmp flags {' '.join(fmf)}", s.loc)
    st.emit(blk, "fcmp", [_v(st, blk, s, 0), _v(st, blk, s, 1)], s.ty, s.dest, s.loc, pred=pred,
            flags=tuple(f for f in fmf if f in OPCODES["fcmp"].flags))


def _float_binop(st: FnState, blk: Block, s: Site) -> None:
    op = s.ins.opcode
    fast = exact_fast_math(s.text, op, op, POISONING, s.loc)
    st.emit(blk, op, [_v(st, blk, s, 0), _v(st, blk, s, 1)], s.ty, s.dest, s.loc, flags=tuple(sorted(fast)))


def _float_cast(st: FnState, blk: Block, s: Site) -> None:
    op = s.ins.opcode
    if not float_types_ok(op, str(s.ops[0].type), str(s.ins.type)):
        raise LLUnsupported(f"{op} from {s.ops[0].type} to {s.ins.type}", s.loc)
    st.emit(blk, op, [_v(st, blk, s, 0)], s.ty, s.dest, s.loc, flags=s.kept(op))


def _fneg(st: FnState, blk: Block, s: Site) -> None:
    """Flips the sign bit (a NaN stays a NaN)."""
    fmf = fneg_flags(s.text)
    if fmf is None or set(fmf) & {"nnan", "ninf", "fast"}:
        raise LLUnsupported("fneg with nnan or ninf", s.loc)
    assert s.ty is not None
    w = elem_of(s.ty).bits
    st.emit(blk, "xor", [_v(st, blk, s, 0), Const(1 << (w - 1), s.ty)], s.ty, s.dest, s.loc, flags=())


def _select(st: FnState, blk: Block, s: Site) -> None:
    ins, ops, loc = s.ins, s.ops, s.loc
    if str(ins.type) != "ptr":
        st.emit(blk, "select", [operand(st, blk, o, loc) for o in ops], s.ty, s.dest, loc)
        return
    if key(ins) in st.multi:
        _several_objects_select(st, blk, s)
    else:
        _pointer_select(st, blk, s)


def _pointer_select(st: FnState, blk: Block, s: Site) -> None:
    """A select of pointers into one object (or null): a select of their offsets, and of
    their null flags where either may be null."""
    ins, ops, loc = s.ins, s.ops, s.loc
    if st.prov.get(key(ins)) is None:
        raise LLUnsupported("a select of pointers of unknown origin", loc)
    c = _v(st, blk, s, 0)
    a = Const(0, I64) if is_null(ops[1]) else pointer(st, ops[1], loc)[1]
    b = Const(0, I64) if is_null(ops[2]) else pointer(st, ops[2], loc)[1]
    name = s.dest or st.fresh("ptr")
    st.offsets[key(ins)] = st.emit(blk, "select", [c, a, b], I64, name, loc)
    if key(ins) in st.nullable:
        fa, fb = (Const(1, I1) if is_null(o) else st.nulls.get(key(o), Const(0, I1)) for o in ops[1:3])
        st.nulls[key(ins)] = st.emit(blk, "select", [c, fa, fb], I1, st.fresh(f"{name}.isnull"), loc)


def _several_objects_select(st: FnState, blk: Block, s: Site) -> None:
    """A select of pointers into several objects: a select of their addresses and of
    their objects' numbers (as a phi over several objects)."""
    c = _v(st, blk, s, 0)
    (at_a, which_a), (at_b, which_b) = (shown_pointer(st, blk, None if is_null(o) else key(o), s.loc)
                                        for o in s.ops[1:3])
    name = s.dest or st.fresh("ptr")
    at = st.emit(blk, "select", [c, at_a, at_b], I64, name, s.loc)
    which = st.emit(blk, "select", [c, which_a, which_b], I64, st.fresh(f"{name}.object"), s.loc)
    st.multi_vals[key(s.ins)] = (at, which)


def _freeze(st: FnState, blk: Block, s: Site) -> None:
    if str(s.ins.type) == "ptr":
        raise LLUnsupported("freeze of a pointer", s.loc)
    st.emit(blk, "freeze", [_v(st, blk, s, 0)], s.ty, s.dest, s.loc)


def _int_cast(st: FnState, blk: Block, s: Site) -> None:
    op = s.ins.opcode
    st.emit(blk, op, [_v(st, blk, s, 0)], s.ty, s.dest, s.loc, flags=s.kept(op))


def _bitcast(st: FnState, blk: Block, s: Site) -> None:
    """Bits regrouped: a mask to an integer and back (<W x i1> <-> iW), as InstCombine
    writes reduce.or; lanes of one total width (<16 x i8> <-> <4 x i32>); float <-> int
    of one width (floats are their bits here)."""
    fty, ty = ty_of(s.ops[0], s.loc), s.ty
    if fty == ty:
        st.emit(blk, "add", [_v(st, blk, s, 0), Const(0, fty)], ty, s.dest, s.loc, flags=())
        return
    if ty is None or elem_of(fty).bits * (lanes_of(fty) or 1) != elem_of(ty).bits * (lanes_of(ty) or 1):
        raise LLUnsupported(f"bitcast from {s.ops[0].type} to {s.ins.type}", s.loc)
    st.emit(blk, "bitcast", [_v(st, blk, s, 0)], ty, s.dest, s.loc)


# ---------------------------------------------------------------- vectors

def _lane_index(st: FnState, blk: Block, o: Any, loc: Loc) -> Operand:
    """An insertelement / extractelement position: a constant one as i64 (LLVM reads the
    index unsigned, so its value and whether it names a lane do not change), as the
    model language writes a literal position."""
    v = operand(st, blk, o, loc)
    return Const(v.value, I64) if isinstance(v, Const) and not isinstance(v.type, VecType) else v


def _insertelement(st: FnState, blk: Block, s: Site) -> None:
    st.emit(blk, "insertelt", [_v(st, blk, s, 0), _v(st, blk, s, 1), _lane_index(st, blk, s.ops[2], s.loc)],
            s.ty, s.dest, s.loc)


def _extractelement(st: FnState, blk: Block, s: Site) -> None:
    st.emit(blk, "extractelt", [_v(st, blk, s, 0), _lane_index(st, blk, s.ops[1], s.loc)], s.ty, s.dest, s.loc)


def _shufflevector(st: FnState, blk: Block, s: Site) -> None:
    assert isinstance(s.ty, VecType)
    lanes = shuffle_mask(s.text, s.ty.lanes)
    if lanes is None:
        raise LLUnsupported("a shufflevector mask", s.loc)
    st.emit(blk, "shuffle", [_v(st, blk, s, 0), _v(st, blk, s, 1)], s.ty, s.dest, s.loc, mask=tuple(lanes))


# ---------------------------------------------------------------- memory and calls

def _gep(st: FnState, blk: Block, s: Site) -> None:
    gep(st, blk, s.ins, s.text, s.loc, s.flags)


def _load(st: FnState, blk: Block, s: Site) -> None:
    words = qualifiers(s.text, "load")
    if "atomic" in words:
        raise LLUnsupported("an atomic load", s.loc)
    obj, off = pointer(st, s.ops[0], s.loc)
    if "volatile" in words:
        volatile_load(st, blk, obj, off, s.ty, s.loc, s.dest)
        return
    not_null(st, blk, s.ops[0], s.loc)
    if str(s.ins.type) == "ptr":
        pointer_load(st, blk, s.ins, obj, off, s.text, s.loc)
        return
    if str(s.ins.type).endswith("x ptr>"):
        pointer_vector_load(st, blk, s.ins, obj, off, s.text, s.loc)
        return
    if s.dest is not None and s.ty is not None and any(attachment(s.text, k) for k in LOAD_METADATA):
        read = access(st, blk, s.ins, obj, off, s.ty, s.text, s.loc, st.fresh(f"{s.dest}.read"), None)
        v = loaded(st, blk, read, s.ty, s.text, s.loc, s.dest)
        st.emit(blk, "add", [v, Const(0, s.ty)], s.ty, s.dest, s.loc, flags=())  # (a copy, poison kept)
        return
    access(st, blk, s.ins, obj, off, s.ty, s.text, s.loc, s.dest, None)


def _store(st: FnState, blk: Block, s: Site) -> None:
    words = qualifiers(s.text, "store")
    if "atomic" in words:
        raise LLUnsupported("an atomic store", s.loc)
    obj, off = pointer(st, s.ops[1], s.loc)
    vty = parse_type(str(s.ops[0].type), s.loc)
    if "volatile" in words:
        volatile_store(st, blk, obj, off, _v(st, blk, s, 0), vty, s.loc)
        return
    not_null(st, blk, s.ops[1], s.loc)
    if str(s.ops[0].type) == "ptr":  # its 8 bytes: the address (objects._measure_pointer_store)
        access(st, blk, s.ins, obj, off, I64, s.text, s.loc, None, _address_of(st, blk, s.ops[0], s.loc))
        return
    access(st, blk, s.ins, obj, off, vty, s.text, s.loc, None, _v(st, blk, s, 0))


def _address_of(st: FnState, blk: Block, v: Any, loc: Loc) -> Operand:
    """Pointer `v`'s address, as ptrtoint reads it (0 for null, and where `v` may be
    null and is)."""
    if is_null(v):
        return Const(0, I64)
    if key(v) in st.multi_vals:
        return st.multi_vals[key(v)][0]
    pointer(st, v, loc)  # (a pointer of unknown origin is named there)
    return shown_pointer(st, blk, key(v), loc)[0]


def _call(st: FnState, blk: Block, s: Site) -> None:
    translate_call(st, blk, s.ins, s.ops, s.text, s.loc, s.ty, s.dest)


def _invoke(st: FnState, blk: Block, s: Site) -> None:
    """A call that may unwind instead of returning (LangRef `invoke`): the call, then
    whether it unwound, which is the callee's doing: an event of its own whose answer,
    like any effect's result, is a function of the trace so far (so the same in the
    source and the target). A `nounwind` callee always returns."""
    ops, loc = s.ops, s.loc
    callee, normal, unwind = ops[-1], st.names[key(ops[-3])], st.names[key(ops[-2])]
    args = ops[:-3]
    if any(str(a.type) == "ptr" for a in args):  # (objects.py tracks pointers passed to calls only)
        raise LLUnsupported(f"an invoke of @{callee.name} with pointer arguments", loc)
    translate_call(st, blk, s.ins, [*args, callee], s.text, loc, s.ty, s.dest, invoke=True)
    if has_attr(operand_text(callee), "nounwind") or has_attr(instruction_body(s.text).split("(", 1)[0], "nounwind"):
        blk.term = Jump(normal)
        return
    fname = f"{callee.name}.unwinds"
    st.funcs[fname] = FuncDecl(fname, (), I1, False)
    unwinds = st.emit(blk, "call", [], I1, st.fresh(f"{callee.name}.unwinds"), loc, callee=fname,
                      func=st.funcs[fname])
    blk.term = Branch(unwinds, unwind, normal, st.ids.uid(), loc)


def _landingpad(st: FnState, blk: Block, s: Site) -> None:
    """Nothing to run: where an unwind lands. Its value, the exception, has no meaning
    here but to be resumed: any other use is of a struct, outside the subset."""


def _resume(st: FnState, blk: Block, s: Site) -> None:
    """The function unwinds to its caller: an event (`resume`) that ends the run, with
    no return value (a live-out not written is poison)."""
    st.funcs["resume"] = FuncDecl("resume", (), None, False)
    st.emit(blk, "call", [], None, None, s.loc, callee="resume", func=st.funcs["resume"])
    blk.term = Halt()


def _alloca(st: FnState, blk: Block, s: Site) -> None:
    """Nothing to run: its object (objects.trace_provenance) is the value. One of a
    runtime size (a VLA) fixes its object's free size here: count (unsigned) times the
    element's bytes, an assumption where the object's free size is not that (a product
    that wraps is poison: no run has it)."""
    if key(s.ins) not in st.dynamic_allocas:
        return
    count, elem = st.dynamic_allocas[key(s.ins)]
    name = st.names[key(s.ins)]
    n = operand(st, blk, count, s.loc)
    cty = ty_of(count, s.loc)
    if cty != I64:
        n = st.emit(blk, "zext", [n], I64, st.fresh(f"{name}.count"), s.loc, flags=())
    want = st.emit(blk, "mul", [n, Const(elem, I64)], I64, st.fresh(f"{name}.size"), s.loc, flags=("nuw",))
    ok = st.emit(blk, "icmp", [want, Ref(f"{name}.bytes")], I1, st.fresh(f"{name}.sized"), s.loc, pred="eq")
    st.emit(blk, "assume", [ok], None, None, s.loc)


def _ptrtoint(st: FnState, blk: Block, s: Site) -> None:
    """The address: the object's free base address plus the offset's bytes, 0 for a
    pointer that may be null where it is (a pointer that may point into one of several
    objects: its address as kept)."""
    addr = _address_of(st, blk, s.ops[0], s.loc)
    ty = s.ty
    assert isinstance(ty, IntType)
    if ty.bits == 64:
        st.emit(blk, "add", [addr, Const(0, I64)], ty, s.dest, s.loc, flags=())
    else:
        st.emit(blk, "trunc" if ty.bits < 64 else "zext", [addr], ty, s.dest, s.loc, flags=())


def _index(s: Site) -> int:
    k = aggregate_index(s.text)
    if k is None:
        raise LLUnsupported(f"{s.ins.opcode} with more than one index (a nested struct)", s.loc)
    return k


def _insertvalue(st: FnState, blk: Block, s: Site) -> None:
    """A struct value with field k set: its fields, the base's (undef, poison, zero or
    an earlier insertvalue) but for k."""
    fields = struct_fields(str(s.ins.type), s.loc)
    base = s.ops[0]
    if key(base) in st.aggregates:
        vals = list(st.aggregates[key(base)])
    elif base.is_constant:
        word = operand_text(base).split()[-1]
        if word not in ("undef", "poison", "zeroinitializer"):
            raise LLUnsupported(f"a struct constant {operand_text(base)}", s.loc)
        vals = [Undef(t) if word == "undef" else PoisonConst(t) if word == "poison" else Const(0, t)
                for t in fields]
    else:
        raise LLUnsupported("a struct value not built by insertvalue (a call's, a load's or a phi's)", s.loc)
    k = _index(s)
    vals[k] = _v(st, blk, s, 1)
    st.aggregates[key(s.ins)] = vals


def _extractvalue(st: FnState, blk: Block, s: Site) -> None:
    """Field k of a struct built by insertvalue, copied into the result's name."""
    agg = s.ops[0]
    if key(agg) not in st.aggregates:
        raise LLUnsupported("extractvalue of a struct not built by insertvalue (a call's, a load's or a phi's)",
                            s.loc)
    ty = parse_type(str(s.ins.type), s.loc)
    if not isinstance(ty, IntType) or s.dest is None:
        raise LLUnsupported(f"extractvalue of a {s.ins.type} field", s.loc)
    st.emit(blk, "add", [st.aggregates[key(agg)][_index(s)], Const(0, ty)], ty, s.dest, s.loc, flags=())


_AGGREGATE: dict[str, Callable[[FnState, Block, Site], None]] = {
    "insertvalue": _insertvalue, "extractvalue": _extractvalue}

_INT_BINOPS = llvm_binary(intrinsic=False)  # the opcode table's rows LLVM spells as instructions

# LLVM's opcode -> its translation; an opcode not here is outside the subset
_TRANSLATE: dict[str, Callable[[FnState, Block, Site], None]] = {
    "phi": _phi, "br": _br, "switch": _switch, "ret": _ret, "unreachable": _unreachable,
    **{op: _int_binop for op in _INT_BINOPS},
    "icmp": _icmp, "fcmp": _fcmp,
    **{op: _float_binop for op in FBINOPS},
    **{op: _float_cast for op in FCASTS},
    "fneg": _fneg, "select": _select, "freeze": _freeze,
    "zext": _int_cast, "sext": _int_cast, "trunc": _int_cast, "bitcast": _bitcast,
    "insertelement": _insertelement, "extractelement": _extractelement, "shufflevector": _shufflevector,
    "getelementptr": _gep, "load": _load, "store": _store, "call": _call, "alloca": _alloca,
    "invoke": _invoke, "landingpad": _landingpad, "resume": _resume,
    "ptrtoint": _ptrtoint,
}
