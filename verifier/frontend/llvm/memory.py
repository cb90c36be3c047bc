"""Instructions that touch memory or compare pointers: getelementptr (offsets in the
object's units, inbounds as poison), loads and stores (alignment, wide and masked
accesses, volatile loads as events, loaded pointers) and icmp of pointers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verifier.frontend.layout import FieldStep
from verifier.frontend.llvm.objects import (
    address,
    align_unknown,
    aligned,
    event_pointer,
    gep_base,
    gep_steps,
    shown_pointer,
)
from verifier.frontend.llvm.state import FnState, MemObject, key
from verifier.frontend.llvm.text import (
    align_of,
    attachment,
    masked_align,
    operand_text,
    parse_type,
    pointer_lanes,
    tuple_text,
    ty_of,
    typed_integers,
)
from verifier.frontend.llvm.values import int_const, operand, pointer
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Block, Const, FuncDecl, Loc, Operand, PoisonConst, Ref
from verifier.ir.types import I1, I64, IntType, Type, VecType, elem_of, mask, to_signed


def gep(st: FnState, blk: Block, ins: Any, text: str, loc: Loc, flags: tuple[str, ...]) -> None:
    """getelementptr: the offset into its base's object, index by index in the object's
    units; a mark where a parameter's pointer may go before its start; with inbounds,
    poison outside the object (one past its end allowed)."""
    ops = list(ins.operands)
    _read_flags(flags, loc)
    obj_name, base = gep_base(st, ops[0], loc)
    obj = st.objects[obj_name]
    g = _Gep(st, blk, obj, st.names.get(key(ins)) or st.fresh("gep"), loc, _offset_flags(flags),
             pointer_lanes(str(ins.type)))  # a vector GEP: one offset per lane
    if g.lanes and str(ops[0].type) != "ptr":
        raise LLUnsupported("a getelementptr on a vector of pointers", loc)
    acc = g.offset(base, ops[1:], gep_steps(st, ins, text, loc))
    if obj.size is None and not obj.local and obj.name not in st.room and not (isinstance(acc, Const) and acc.value == 0):
        g.mark_start(acc)
    st.offsets[key(ins)] = g.result(acc, "inbounds" in flags)
    if key(ops[0]) in st.nulls:
        st.nulls[key(ins)] = st.nulls[key(ops[0])]


def _read_flags(flags: tuple[str, ...], loc: Loc) -> None:
    """Refuses nuw without inbounds: nuw says the address does not wrap, which turns on
    where the object is; with inbounds it is the same as the offset's own no-wrap (the
    model's reading)."""
    if "nuw" in flags and "inbounds" not in flags:
        raise LLUnsupported("a getelementptr nuw without inbounds (its no-wrap is of the address, not of the "
                            "offset into the object that the model reads)", loc)


def _offset_flags(flags: tuple[str, ...]) -> tuple[str, ...]:
    """The flags of a GEP's offset arithmetic: inbounds implies nusw, so it does not
    wrap (signed; unsigned too with nuw)."""
    return (("nsw",) if {"inbounds", "nusw"} & set(flags) else ()) + (("nuw",) if "nuw" in flags else ())


@dataclass(frozen=True)
class _Gep:
    """One getelementptr being translated: its object, result name, the flags of its
    offset arithmetic (`ar`), and its lanes (0: a scalar pointer)."""

    st: FnState
    blk: Block
    obj: MemObject
    dest: str
    loc: Loc
    ar: tuple[str, ...]
    lanes: int

    @property
    def oty(self) -> Type:
        return VecType(self.lanes, I64) if self.lanes else I64

    @property
    def bty(self) -> Type:
        return VecType(self.lanes, I1) if self.lanes else I1

    def offset(self, base: Operand, indices: list[Any], steps: list[int | FieldStep]) -> Operand:
        """`base` moved by each index, in the object's units (a struct field: a constant
        offset, whole units by measure_units); a vector GEP's offset per lane."""
        acc = base
        for idx, step in zip(indices, steps, strict=True):
            if not isinstance(step, FieldStep):
                acc = self.index(acc, idx, step)
            elif step.offset:
                acc = self.add(acc, Const(step.offset // self.obj.unit, I64), I64)
        if self.lanes and not isinstance(acc, Ref):  # every index scalar: the same offset in each lane
            acc = self.st.emit(self.blk, "add", [acc, Const(0, self.oty)], self.oty,
                               self.st.fresh(f"{self.dest}.splat"), self.loc, flags=())
        return acc

    def result(self, acc: Operand, inbounds: bool) -> Operand:
        """The GEP's offset, named: with inbounds, poison unless in bounds of the object
        or one past its end."""
        st, obj = self.st, self.obj
        if not inbounds:
            return st.emit(self.blk, "add", [acc, Const(0, self.oty)], self.oty, self.dest, self.loc, flags=())
        limit = Const(obj.size // obj.unit, self.oty) if obj.size is not None else Ref(obj.units or "")
        ok = st.emit(self.blk, "icmp", [acc, limit], self.bty, st.fresh(f"{self.dest}.inbounds"), self.loc, pred="ule")
        return st.emit(self.blk, "select", [ok, acc, PoisonConst(self.oty)], self.oty, self.dest, self.loc)

    def add(self, acc: Operand, off: Operand, ty: Type) -> Operand:
        return self.st.emit(self.blk, "add", [acc, off], ty, self.st.fresh(f"{self.dest}.sum"), self.loc,
                            flags=self.ar)

    def index(self, acc: Operand, idx: Any, stride: int) -> Operand:
        """`acc` plus an array index times its stride, in the object's units (a constant
        one folded; a narrower one sign-extended; a vector index per lane)."""
        st, loc = self.st, self.loc
        pty = parse_type(str(idx.type), loc)
        if pty is None:
            raise LLUnsupported(f"a getelementptr index of type {idx.type}", loc)
        vidx = isinstance(pty, VecType)
        ity = elem_of(pty)
        i = operand(st, self.blk, idx, loc)
        if ity.bits > 64:
            raise LLUnsupported("a getelementptr index wider than 64 bits", loc)
        wty: Type = VecType(self.lanes, I64) if vidx else I64
        units = self.folded(i, ity, stride) if isinstance(i, Const) and not vidx else None
        if units is not None:
            return self.add(acc, Const(units & mask(64), I64), I64)
        if ity.bits < 64:
            i = st.emit(self.blk, "sext", [i], wty, st.fresh(f"{self.dest}.idx"), loc, flags=())
        # a scalar offset plus a lane's index is that lane's offset (scalars splat)
        return self.add(acc, self._scaled(i, stride, wty), self.oty if vidx or self.lanes else I64)

    def folded(self, i: Const, ity: IntType, stride: int) -> int | None:
        """A constant index's offset in the object's units, where it folds to whole units
        within 64 bits (an induction's step stays a constant); a negative one under nuw
        is poison in the multiplication: not folded."""
        off = to_signed(i.value, ity.bits) * stride
        if off % self.obj.unit == 0 and -(1 << 63) <= off < (1 << 63) and not (off < 0 and "nuw" in self.ar):
            return off // self.obj.unit
        return None

    def _scaled(self, i: Operand, stride: int, wty: Type) -> Operand:
        """An index times its stride, in the object's units."""
        st, unit = self.st, self.obj.unit
        if stride % unit:  # a byte offset in whole units (_known_zeros): an exact shift
            ratio = unit // stride
            if unit % stride or ratio & (ratio - 1):
                raise LLUnsupported(f"a getelementptr stride of {stride} bytes into {unit}-byte units", self.loc)
            return st.emit(self.blk, "ashr", [i, Const(ratio.bit_length() - 1, wty)], wty,
                           st.fresh(f"{self.dest}.off"), self.loc, flags=("exact",))
        if stride != unit:
            return st.emit(self.blk, "mul", [i, Const(stride // unit, wty)], wty, st.fresh(f"{self.dest}.off"),
                           self.loc, flags=self.ar)
        return i

    def mark_start(self, acc: Operand) -> None:
        """A parameter is taken to point at its object's start: mark where a pointer
        before it is formed (checks/param_start.py asks whether any run does)."""
        st, loc = self.st, self.loc
        if self.lanes:
            ge = st.emit(self.blk, "icmp", [acc, Const(0, self.oty)], self.bty, st.fresh(f"{self.dest}.ge"), loc,
                         pred="sge")
            st.emit(self.blk, "allones", [ge], I1, st.fresh(f"{self.dest}.fromstart"), loc, start_of=self.obj.name)
        else:
            st.emit(self.blk, "icmp", [acc, Const(0, I64)], I1, st.fresh(f"{self.dest}.fromstart"), loc, pred="sge",
                    start_of=self.obj.name)


def volatile_load(st: FnState, blk: Block, obj_name: str, off: Operand, ty: Type | None, loc: Loc,
                   dest: str | None) -> None:
    """A volatile load is an observable event (LangRef: it may touch memory no plain
    access can, such as a device register) whose value comes from outside: an
    effectful call `volatile.load(object, byte offset)` with a result that may be
    poison. It reads nothing of the model's memory and cannot fault here."""
    if not isinstance(ty, IntType):
        raise LLUnsupported(f"a volatile load of {ty}", loc)
    fname = f"volatile.load.i{ty.bits}"
    st.volatile_loaded.add(obj_name)
    st.funcs[fname] = FuncDecl(fname, (I64, I64), ty, False, ret_poison=True)
    st.emit(blk, "call", event_pointer(st, blk, obj_name, off, loc), ty, dest, loc, callee=fname,
            func=st.funcs[fname])


def volatile_store(st: FnState, blk: Block, obj_name: str, off: Operand, value: Operand, ty: Type | None,
                   loc: Loc) -> None:
    """A volatile store is an observable event (LangRef: the number and order of
    volatile operations is kept, and it may touch memory no plain access can): an
    effectful call `volatile.store(object, byte offset, value)`, whose value may be
    poison. It writes nothing of the model's memory, so the function may not also
    access that object with plain loads or stores (module._translate refuses it);
    like a volatile load it cannot fault here."""
    if not isinstance(ty, IntType):
        raise LLUnsupported(f"a volatile store of {ty}", loc)
    fname = f"volatile.store.i{ty.bits}"
    st.funcs[fname] = FuncDecl(fname, (I64, I64, ty), None, False)
    st.emit(blk, "call", [*event_pointer(st, blk, obj_name, off, loc), value], None, None, loc, callee=fname,
            func=st.funcs[fname])
    st.touched = True
    st.volatile_stored.setdefault(obj_name, loc)


LOAD_METADATA = ("range", "nonnull", "noundef", "dereferenceable", "dereferenceable_or_null", "align")

# what a load's metadata says (LangRef): !range and !nonnull make the value poison
# where it fails, !noundef makes a poison value UB. The others claim what the model
# cannot say of its values (a loaded pointer's extent or alignment): a function that
# has one is unknown, named, never read as if it had none (a target may not assume it)
_UNREAD_MD = ("dereferenceable", "dereferenceable_or_null", "align")


def loaded(st: FnState, blk: Block, v: Operand, ty: Type, text: str, loc: Loc, dest: str) -> Operand:
    """The value a load gives, `v` as read from memory, under its metadata: poison
    outside its `!range` (ints) or where `!nonnull` fails (a pointer's bits, 0), UB
    where `!noundef` is and it is poison. `dest` names the result where any applies."""
    for kind in _UNREAD_MD:
        if attachment(text, kind) is not None:
            raise LLUnsupported(f"!{kind} metadata on a load (what it claims of the pointer loaded is not read)", loc)
    if not any(attachment(text, k) for k in ("range", "nonnull", "noundef")):
        return v
    if not isinstance(ty, IntType):
        raise LLUnsupported(f"metadata on a load of {ty}", loc)
    bad = _outside_range(st, blk, v, ty, text, loc, dest)
    if attachment(text, "nonnull") is not None:
        null = st.emit(blk, "icmp", [v, Const(0, ty)], I1, st.fresh(f"{dest}.null"), loc, pred="eq")
        bad = null if bad is None else st.emit(blk, "or", [bad, null], I1, st.fresh(f"{dest}.bad"), loc, flags=())
    if bad is not None:
        v = st.emit(blk, "select", [bad, PoisonConst(ty), v], ty, st.fresh(f"{dest}.md"), loc)
    if attachment(text, "noundef") is not None:
        same = st.emit(blk, "icmp", [v, v], I1, st.fresh(f"{dest}.defined"), loc, pred="eq")
        st.emit(blk, "assume", [same], None, None, loc, why="a !noundef load of poison")
    return v


def _outside_range(st: FnState, blk: Block, v: Operand, ty: IntType, text: str, loc: Loc,
                   dest: str) -> Operand | None:
    """Whether loaded value `v` is outside the load's `!range` (None: it has none)."""
    node = attachment(text, "range")
    if node is None:
        return None
    bounds = typed_integers(tuple_text(st.lines, node) or "")
    if not bounds or len(bounds) % 2:
        raise LLUnsupported(f"!range !{node}: expected pairs of integers", loc)
    ins_: list[Operand] = []
    for lo, hi in zip(bounds[::2], bounds[1::2], strict=True):
        d = st.emit(blk, "sub", [v, Const(lo & mask(ty.bits), ty)], ty, st.fresh(f"{dest}.range"), loc, flags=())
        ins_.append(st.emit(blk, "icmp", [d, Const((hi - lo) & mask(ty.bits), ty)], I1,
                            st.fresh(f"{dest}.inrange"), loc, pred="ult"))
    ok = ins_[0]
    for more in ins_[1:]:
        ok = st.emit(blk, "or", [ok, more], I1, st.fresh(f"{dest}.inrange"), loc, flags=())
    return st.emit(blk, "xor", [ok, Const(1, I1)], I1, st.fresh(f"{dest}.outside"), loc, flags=())


def pointer_load(st: FnState, blk: Block, ins: Any, obj_name: str, off: Operand, text: str, loc: Loc) -> None:
    """`load ptr`: the 8 bytes read are an address (poison if any byte is). Address 0 is
    null; any other is a pointer into the object it was loaded from (its object is read
    in bytes, so every address is an offset there; an address outside the object is a
    pointer past it, and an access through it UB). That provenance is stronger than
    LLVM's, where a loaded pointer may point into any object: the model is exact for
    the memories it allows (a counterexample stands), and a proof is unknown unless
    the user opts into Assumption.LOADED_POINTERS_IN_OBJECT."""
    name = st.names.get(key(ins)) or st.fresh("ptr")
    bits = st.fresh(f"{name}.bits")
    raw = loaded(st, blk, access(st, blk, ins, obj_name, off, I64, text, loc, bits, None), I64, text, loc, bits)
    own = st.own_loaded.get(key(ins))
    if own is not None:  # its own object (objects.own_objects): at `before` units in, where the bits say
        target = st.objects[own]
        st.nulls[key(ins)] = st.emit(blk, "icmp", [raw, Const(0, I64)], I1, st.fresh(f"{name}.isnull"), loc,
                                      pred="eq", flags=())
        # poison where the bits are (x & 0 is x's poison): a poison pointer's accesses are UB
        taint = st.emit(blk, "and", [raw, Const(0, I64)], I64, st.fresh(f"{name}.taint"), loc, flags=())
        st.offsets[key(ins)] = st.emit(blk, "add", [Ref(f"{own}.before"), taint], I64, name, loc, flags=())
        start = st.emit(blk, "mul", [Ref(f"{own}.before"), Const(target.unit, I64)], I64, st.fresh(f"{own}.in"),
                        loc, flags=())
        st.emit(blk, "sub", [raw, start], I64, f"{own}.addr", loc, flags=())
        return
    obj = st.objects[obj_name]
    st.nulls[key(ins)] = st.emit(blk, "icmp", [raw, Const(0, I64)], I1, st.fresh(f"{name}.isnull"), loc,
                                  pred="eq", flags=())
    st.offsets[key(ins)] = st.emit(blk, "sub", [raw, Ref(f"{obj.name}.addr")], I64, name, loc, flags=())
    st.loaded_offsets.add(name)


def pointer_vector_load(st: FnState, blk: Block, ins: Any, obj_name: str, off: Operand, text: str,
                        loc: Loc) -> None:
    """`load <N x ptr>`: N addresses (8 bytes each, poison if any byte is), read for
    what a null test needs of them, which is exact: a lane is null where its bits are
    0. Whatever else uses such a vector has no value here (refused where it is used)."""
    lanes = pointer_lanes(str(ins.type))
    if not lanes:
        raise LLUnsupported(f"a load of {ins.type}", loc)
    name = st.names.get(key(ins)) or st.fresh("ptrs")
    raw = access(st, blk, ins, obj_name, off, VecType(lanes, I64), text, loc, st.fresh(f"{name}.bits"), None)
    st.nulls[key(ins)] = st.emit(blk, "icmp", [raw, Const(0, VecType(lanes, I64))], VecType(lanes, I1),
                                 st.fresh(f"{name}.isnull"), loc, pred="eq", flags=())


def pointer_vector_icmp(st: FnState, blk: Block, ops: list[Any], pred: str, ty: Type | None, dest: str | None,
                        loc: Loc) -> None:
    """icmp eq/ne of a loaded vector of pointers (pointer_vector_load) with null in every lane."""
    loaded = _loaded_against_null(st, ops)
    if pred not in ("eq", "ne") or loaded is None or not isinstance(ty, VecType):
        raise LLUnsupported(f"icmp {pred} of vectors of pointers other than loaded ones with null", loc)
    flag = st.nulls[key(loaded)]
    if pred == "eq":
        st.emit(blk, "or", [flag, Const(0, ty)], ty, dest, loc, flags=())
    else:
        st.emit(blk, "xor", [flag, Const(1, ty)], ty, dest, loc, flags=())


def _loaded_against_null(st: FnState, ops: list[Any]) -> Any | None:
    """Of two operands, the loaded vector of pointers compared with a null vector (None
    unless one is each)."""
    nulls = [o.is_constant and operand_text(o).endswith(("zeroinitializer", "null)")) for o in ops]
    loaded = [o for o in ops if key(o) in st.nulls and not o.is_constant]
    return loaded[0] if sum(nulls) == 1 and len(loaded) == 1 else None


def not_null(st: FnState, blk: Block, ptr: Any, loc: Loc) -> None:
    """An access through a pointer that may be the null literal: UB if it is."""
    flag = st.nulls.get(key(ptr))
    if flag is not None:
        ok = st.emit(blk, "xor", [flag, Const(1, I1)], I1, st.fresh("ptr.nonnull"), loc, flags=())
        st.emit(blk, "assume", [ok], None, None, loc, why="an access through a null pointer")


def access(st: FnState, blk: Block, ins: Any, obj_name: str, off: Operand, ty: Type | None, text: str, loc: Loc,
            dest: str | None, value: Operand | None, mask: Operand | None = None) -> Operand:
    obj = st.objects[obj_name]
    st.touched = True
    st.plain_objects.add(obj_name)
    if value is not None:
        st.plain_stored.add(obj_name)
    if ty is None:
        raise LLUnsupported("a load or store of a pointer", loc)
    wide = _wider_than_unit(obj, ty, loc)
    align = align_of(text)
    if align_unknown(obj, align):  # misaligned: UB
        st.emit(blk, "assume", [aligned(st, blk, obj, off, align, loc)], None, None, loc)
    if wide and isinstance(ty, VecType):
        return _wide_vector_access(st, blk, obj, off, ty, loc, dest, value, mask)
    if wide:
        assert isinstance(ty, IntType)
        return _wide_access(st, blk, obj, off, ty, loc, dest, value)
    return _unit_access(st, blk, obj, off, ty, loc, dest, value, mask)


def _wider_than_unit(obj: MemObject, ty: Type, loc: Loc) -> bool:
    """Whether an access of `ty` (per lane) spans several of the object's units; one
    that is neither a unit nor whole units of it is unsupported."""
    lane = ty.elem if isinstance(ty, VecType) else ty
    wide = lane.bits > obj.unit * 8 and lane.bits % (obj.unit * 8) == 0
    if lane.bits != obj.unit * 8 and not wide:
        raise LLUnsupported(f"an access of {ty} to {obj.name}, which is also accessed in {obj.unit}-byte units", loc)
    return wide


def _unit_access(st: FnState, blk: Block, obj: MemObject, off: Operand, ty: Type, loc: Loc, dest: str | None,
                 value: Operand | None, mask: Operand | None) -> Operand:
    """A load (value None) or store of whole units of the object, a vector one of a
    unit per lane, masked where `mask` is given."""
    attrs: dict[str, Any] = {"array": obj.name, **({"width": ty.lanes} if isinstance(ty, VecType) else {})}
    args: list[Operand] = [off] if value is None else [off, value]
    if mask is not None:
        attrs["masked"] = True
        args.append(mask)
    return st.emit(blk, "load" if value is None else "store", args, ty if value is None else None, dest, loc, **attrs)


def _wide_access(st: FnState, blk: Block, obj: MemObject, off: Operand, ty: IntType, loc: Loc, dest: str | None,
                 value: Operand | None) -> Operand:
    """A scalar access wider than the object's unit (a struct read by fields of
    several sizes): one access per unit, little-endian; a load is poison if any unit
    read is, as LLVM's byte-wise load is for an integer. (Scalar code stays scalar:
    the legality checks and the lane analyses take no vector code.)"""
    unit = IntType(obj.unit * 8)
    n = ty.bits // unit.bits
    acc: Operand | None = None
    for j in range(n):
        at = st.emit(blk, "add", [off, Const(j, I64)], I64, st.fresh("wide.at"), loc, flags=()) if j else off
        if value is not None:
            part = st.emit(blk, "lshr", [value, Const(j * unit.bits, ty)], ty, st.fresh("wide.part"), loc,
                           flags=()) if j else value
            low = st.emit(blk, "trunc", [part], unit, st.fresh("wide.unit"), loc, flags=())
            st.emit(blk, "store", [at, low], None, None, loc, array=obj.name)
            continue
        piece = st.emit(blk, "load", [at], unit, st.fresh("wide.unit"), loc, array=obj.name)
        ext = st.emit(blk, "zext", [piece], ty, st.fresh("wide.ext"), loc, flags=())
        if j:
            ext = st.emit(blk, "shl", [ext, Const(j * unit.bits, ty)], ty, st.fresh("wide.shl"), loc, flags=())
        acc = ext if acc is None else st.emit(blk, "or", [acc, ext], ty,
                                              dest if j == n - 1 and dest else st.fresh("wide.or"), loc, flags=())
    return acc if acc is not None else Const(0, I1)


def _wide_vector_access(st: FnState, blk: Block, obj: MemObject, off: Operand, ty: VecType, loc: Loc,
                        dest: str | None, value: Operand | None, mask: Operand | None) -> Operand:
    """A vector access whose lanes are several of the object's units (<4 x i32> to an
    object also read in bytes): the units as one vector, regrouped by a bitcast (a lane
    read is poison if any unit of it is, as for LLVM's load of a wider lane); a mask
    covers each lane's units."""
    k = ty.elem.bits // (obj.unit * 8)
    units = VecType(ty.lanes * k, IntType(obj.unit * 8))
    attrs: dict[str, Any] = {"array": obj.name, "width": units.lanes}
    args: list[Operand] = [off]
    if value is not None:
        args.append(st.emit(blk, "bitcast", [value], units, st.fresh("wide.units"), loc))
    if mask is not None:
        spread = tuple(j // k for j in range(units.lanes))
        attrs["masked"] = True
        args.append(st.emit(blk, "shuffle", [mask, mask], VecType(units.lanes, I1), st.fresh("wide.mask"), loc,
                            mask=spread))
    if value is not None:
        return st.emit(blk, "store", args, None, None, loc, **attrs)
    read = st.emit(blk, "load", args, units, st.fresh("wide.units"), loc, **attrs)
    return st.emit(blk, "bitcast", [read], ty, dest, loc)


def masked_access(st: FnState, blk: Block, ins: Any, kind: str, args: list[Any], text: str, loc: Loc,
                   ty: Type | None, dest: str | None) -> None:
    """llvm.masked.load(p, [i32 align,] mask, passthru) and llvm.masked.store(v, p, [i32
    align,] mask): lanes whose mask is off do not touch memory; a load's off lanes are
    the passthru's. A poison mask lane is UB (the IR's masked accesses; LangRef does not
    say, and InstCombine reads such a lane as either)."""
    ptr = args[0] if kind == "load" else args[1]
    align, rest = _masked_alignment(args[1:] if kind == "load" else args[2:], text)
    obj_name, off = pointer(st, ptr, loc)
    not_null(st, blk, ptr, loc)
    mask_v = operand(st, blk, rest[0], loc)
    vty = ty if kind == "load" else ty_of(args[0], loc)
    if not isinstance(vty, VecType):
        raise LLUnsupported(f"llvm.masked.{kind} of {vty}", loc)
    unit_bits = st.objects[obj_name].unit * 8
    if str(ptr.type).endswith("x ptr>") and vty.elem.bits != unit_bits:  # (a wide access is contiguous)
        raise LLUnsupported(f"a gather or scatter of {vty.elem} lanes from {obj_name}, which is also accessed in "
                            f"{unit_bits // 8}-byte units", loc)
    access_text = f"align {align}"
    if kind == "store":
        access(st, blk, ins, obj_name, off, vty, access_text, loc, None, operand(st, blk, args[0], loc),
                mask=mask_v)
        return
    raw = access(st, blk, ins, obj_name, off, vty, access_text, loc, st.fresh("masked.load"), None, mask=mask_v)
    st.emit(blk, "select", [mask_v, raw, operand(st, blk, rest[1], loc)], vty, dest, loc)


def _masked_alignment(rest: list[Any], text: str) -> tuple[int, list[Any]]:
    """A masked access's alignment (the old form's i32 operand, else the pointer's
    `align` attribute), and its operands after it (mask, passthru)."""
    if rest and str(rest[0].type) == "i32":
        return int_const(rest[0]) or 1, rest[1:]
    return masked_align(text), rest


_SIGNED_OFFSET = {"eq": "eq", "ne": "ne", "ult": "slt", "ule": "sle", "ugt": "sgt", "uge": "sge",
                  "slt": "slt", "sle": "sle", "sgt": "sgt", "sge": "sge"}


def _null_icmp(st: FnState, blk: Block, p: Any, pred: str, dest: str | None, loc: Loc) -> None:
    """icmp eq/ne of pointer `p` with null: a loaded pointer is null where its bits are
    0 (pointer_load); any other only at offset 0 of an object at null or of a parameter
    that is null (<obj>.null), or where it is the null literal itself."""
    if pred not in ("eq", "ne"):
        raise LLUnsupported(f"icmp {pred} of a pointer with null", loc)
    if key(p) in st.loaded or key(p) in st.own_loaded:
        st.emit(blk, "or" if pred == "eq" else "xor", [st.nulls[key(p)], Const(0 if pred == "eq" else 1, I1)],
                I1, dest, loc, flags=())
        return
    obj_name, off = pointer(st, p, loc)
    obj = st.objects[obj_name]
    at0 = st.emit(blk, "icmp", [off, Const(0, I64)], I1, st.fresh("ptr.at0"), loc, pred="eq", flags=())
    is_null = (at0 if obj.at_null else
               st.emit(blk, "and", [at0, Ref(f"{obj.name}.null")], I1, st.fresh("ptr.null"), loc, flags=())
               if obj.may_be_null else Const(0, I1))
    if key(p) in st.nulls:  # the null literal itself, or a null parameter at offset 0
        is_null = st.emit(blk, "or", [st.nulls[key(p)], is_null], I1, st.fresh("ptr.null"), loc, flags=())
    if pred == "eq":
        st.emit(blk, "or", [is_null, Const(0, I1)], I1, dest, loc, flags=())
    else:
        st.emit(blk, "xor", [is_null, Const(1, I1)], I1, dest, loc, flags=())


def _address_icmp(st: FnState, blk: Block, keys: list[int | None], pred: str, ty: Type | None, dest: str | None,
                  loc: Loc, flags: tuple[str, ...]) -> None:
    """icmp of two pointers' addresses (shown_pointer: None is the null literal)."""
    (at_a, _), (at_b, _) = (shown_pointer(st, blk, k, loc) for k in keys)
    st.emit(blk, "icmp", [at_a, at_b], ty, dest, loc, pred=pred, flags=flags)


def _null_or_shown(st: FnState, blk: Block, ops: list[Any], pred: str, ty: Type | None, dest: str | None,
                   loc: Loc, kept: tuple[str, ...]) -> bool:
    """pointer_icmp where an operand is null, may be null, or may point into one of
    several objects (by address, shown_pointer's); False for any other."""
    nulls = [operand_text(o).endswith("null") and o.is_constant for o in ops]
    keys = [None if n else key(o) for o, n in zip(ops, nulls, strict=True)]
    if any(k in st.multi_vals for k in keys) or (not any(nulls) and any(k in st.nulls for k in keys)):
        _address_icmp(st, blk, keys, pred, ty, dest, loc, kept)  # (0 where null)
    elif all(nulls):
        st.emit(blk, "icmp", [Const(0, I64), Const(0, I64)], ty, dest, loc, pred=pred, flags=())
    elif any(nulls):
        if kept:
            raise LLUnsupported("icmp samesign of a pointer and null", loc)
        _null_icmp(st, blk, ops[1 if nulls[0] else 0], pred, dest, loc)
    else:
        return False
    return True


def pointer_icmp(st: FnState, blk: Block, ops: list[Any], pred: str, ty: Type | None, dest: str | None,
                  loc: Loc, flags: tuple[str, ...] = ()) -> None:
    """icmp of two pointers into one object compares their offsets (addresses do not
    wrap: signed offsets); against null, a pointer is null only at offset 0 of a
    parameter that is null (<obj>.null, whose object then has no bytes). Pointers
    into two objects compare by address (<obj>.addr; one of them is never accessed,
    see measure_units), as do two that may be null (loaded, or selected with null):
    a null one's address is 0, and one that may point into one of several objects.
    `samesign` (poison where the addresses' sign bits differ) is kept where addresses
    are compared; two offsets into one object say nothing of the sign bits (unknown)."""
    kept = tuple(f for f in flags if f == "samesign")
    if _null_or_shown(st, blk, ops, pred, ty, dest, loc, kept):
        return
    (oa, a), (ob, b) = pointer(st, ops[0], loc), pointer(st, ops[1], loc)
    if oa != ob:  # two objects (one never accessed, see measure_units): their addresses
        st.emit(blk, "icmp", [address(st, blk, st.objects[oa], a, loc), address(st, blk, st.objects[ob], b, loc)],
                ty, dest, loc, pred=pred, flags=kept)
        return
    if kept:
        raise LLUnsupported("icmp samesign of two pointers into one object (the model compares their offsets, "
                            "which say nothing of the addresses' sign bits)", loc)
    st.emit(blk, "icmp", [a, b], ty, dest, loc, pred=_SIGNED_OFFSET[pred], flags=())
