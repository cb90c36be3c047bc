"""Calls: LLVM's intrinsics (reductions, cttz.elts, min/max, abs, masked accesses,
the active lane mask, fma, fabs, bit counts, assume and its bundles, traps) and
calls to other functions (pure, effects as events, calls that fill memory)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from verifier.frontend.llvm.memory import masked_access
from verifier.frontend.llvm.objects import NULL_OBJECT, align_unknown, aligned, event_pointer
from verifier.frontend.llvm.state import FnState, MemObject, key
from verifier.frontend.llvm.text import (
    CallFacts,
    bundle_value,
    bundles,
    clean,
    declared_parameters,
    effects_of,
    fp_flags,
    has_attr,
    has_bundles,
    instruction_body,
    noreturn,
    operand_text,
    parameters_of,
    ty_of,
)
from verifier.frontend.llvm.values import (
    POISONING,
    exact_fast_math,
    is_null,
    named_pointer,
    operand,
    pointer,
)
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.opcodes import APPROXIMATING, FMINMAX, FUNARY, OPCODES, REDUCE_KINDS, llvm_binary
from verifier.ir.program import Block, Const, FuncDecl, Loc, Operand, Ref
from verifier.ir.types import I1, I64, IntType, Type, VecType, elem_of

_INTRINSIC_BINOPS = llvm_binary(intrinsic=True)  # llvm.umin -> umin, ... (the opcode table's `llvm`)


def _bundle_value(st: FnState, blk: Block, text: str, kind: str, ptr: str) -> Operand | None:
    """The integer argument of bundle `kind` on `ptr` where it is an SSA value
    (`"dereferenceable"(ptr %p, i64 %n)`): our i64 operand for it, or None."""
    written = bundle_value(text, kind, ptr)
    if written is None:
        return None
    ty, name = written
    ours = next((o for o, shown in st.display.items() if shown == name), None)
    if ours is None:
        return None
    if ty == "i64":
        return Ref(ours)
    return st.emit(blk, "zext", [Ref(ours)], I64, st.fresh(f"{ours}.i64"), None, flags=())


def _assume_bundles(st: FnState, blk: Block, text: str, loc: Loc) -> None:
    """`llvm.assume` operand bundles: "align"(p, A[, off]), "dereferenceable"(p, N) and
    "nonnull"(p) are facts at that point (UB if false); "ignore" says nothing."""
    for kind, ptr, ints in bundles(text):
        if kind == "ignore":
            continue
        found = named_pointer(st, ptr) if ptr else None
        if found is None or kind not in _BUNDLE_FACTS:
            raise LLUnsupported(f'an assume bundle "{kind}"' + ("" if found or not ptr else f" on {ptr}"), loc)
        off = st.offsets.get(found[1])
        if off is None:
            raise LLUnsupported(f'an assume bundle "{kind}" on a pointer of unknown origin', loc)
        ok = _BUNDLE_FACTS[kind](_Bundle(st, blk, st.objects[found[0]], off, ints, text, loc, ptr))
        if ok is not None:  # (None: nothing the model does not know already)
            st.emit(blk, "assume", [ok], None, None, loc)


@dataclass(frozen=True)
class _Bundle:
    """An assume bundle on a pointer into `obj` at unit offset `off`."""

    st: FnState
    blk: Block
    obj: MemObject
    off: Operand
    ints: list[int]
    text: str
    loc: Loc
    ptr: str  # the pointer as written (`%p`)

    def emit(self, op: str, args: list[Operand], ty: Type, base: str, **kw: Any) -> Operand:
        return self.st.emit(self.blk, op, args, ty, self.st.fresh(base), self.loc, flags=(), **kw)


def _nonnull_bundle(b: _Bundle) -> Operand | None:
    """"nonnull"(p): p is not the null of a parameter that may be null."""
    if not (b.obj.may_be_null and b.obj.null_tested):
        return None
    at0 = b.emit("icmp", [b.off, Const(0, I64)], I1, "ptr.at0", pred="ne")
    real = b.emit("xor", [Ref(f"{b.obj.name}.null"), Const(1, I1)], I1, "ptr.real")
    return b.emit("or", [at0, real], I1, "ptr.nonnull")


def _dereferenceable_bundle(b: _Bundle) -> Operand:
    """"dereferenceable"(p, n): the n bytes from p are within the object, n unsigned:
    0 <= start <= size and n <=u size - start (no sum that wraps: p + n in 64 bits took
    n = 2^64-1 over a 1-byte object for "inside")."""
    n: Operand | None = Const(b.ints[0] & ((1 << 64) - 1), I64) if b.ints else None
    if n is None:
        n = _bundle_value(b.st, b.blk, b.text, "dereferenceable", b.ptr)
    if n is None:
        raise LLUnsupported('an assume bundle "dereferenceable" whose size is not an integer', b.loc)
    obj = b.obj
    size: Operand = Const(obj.size, I64) if obj.size is not None else Ref(f"{obj.name}.bytes")
    start = b.emit("mul", [b.off, Const(obj.unit, I64)], I64, "deref.at")
    room = b.emit("sub", [size, start], I64, "deref.room")
    fits = b.emit("icmp", [n, room], I1, "deref.fits", pred="ule")
    below = b.emit("icmp", [start, size], I1, "deref.below", pred="sle")
    inside = b.emit("and", [fits, below], I1, "deref.inside")
    nonneg = b.emit("icmp", [start, Const(0, I64)], I1, "deref.nonneg", pred="sge")
    return b.emit("and", [inside, nonneg], I1, "deref.ok")


def _align_bundle(b: _Bundle) -> Operand | None:
    """"align"(p, A[, off]): p - off is A-aligned (nothing where the object's alignment
    and whole-unit offsets imply it)."""
    ints = b.ints
    if not ints or ints[0] <= 0 or ints[0] & (ints[0] - 1):
        raise LLUnsupported('an assume bundle "align" without a power-of-two alignment', b.loc)
    align, extra = ints[0], (ints[1] if len(ints) > 1 else 0)
    if not align_unknown(b.obj, align) and extra % align == 0:
        return None
    return aligned(b.st, b.blk, b.obj, b.off, align, b.loc, extra)


_BUNDLE_FACTS: dict[str, Callable[[_Bundle], Operand | None]] = {
    "nonnull": _nonnull_bundle, "dereferenceable": _dereferenceable_bundle, "align": _align_bundle,
}


def _active_lane_mask(st: FnState, blk: Block, args: list[Any], ty: Type | None, dest: str | None, loc: Loc) -> None:
    """llvm.get.active.lane.mask(base, n): lane k is base + k < n (unsigned; the sum
    taken without wrapping, so a lane past the type's range is off), read as
    base < n and k < n - base, in the operands' own width."""
    if not isinstance(ty, VecType):
        raise LLUnsupported("llvm.get.active.lane.mask of a scalar", loc)
    aty = ty_of(args[0], loc)
    assert isinstance(aty, IntType)
    base, n = operand(st, blk, args[0], loc), operand(st, blk, args[1], loc)
    below = st.emit(blk, "icmp", [base, n], I1, st.fresh("alm.below"), loc, pred="ult", flags=())
    room = st.emit(blk, "sub", [n, base], aty, st.fresh("alm.room"), loc, flags=())  # (wraps only where not below)
    acc: Operand = Const(0, ty)
    for k in range(ty.lanes):
        fits = st.emit(blk, "icmp", [Const(k, aty), room], I1, st.fresh("alm.fits"), loc, pred="ult", flags=())
        on = st.emit(blk, "and", [below, fits], I1, st.fresh("alm.on"), loc, flags=())
        acc = st.emit(blk, "insertelt", [acc, on, Const(k, I64)], ty,
                      dest if k == ty.lanes - 1 and dest else st.fresh("alm.mask"), loc)


def _purity(st: FnState, facts: CallFacts, ty: Type | None, invoke: bool) -> tuple[bool, bool]:
    """Whether a call is pure (a function of its arguments), and whether it returns. A
    callee that only reads memory computes a function of its arguments while the
    function changes no memory (memory is then the same for the source and the target);
    one that writes anywhere, or reads what no pointer reaches (I/O), is an event. (An
    invoke's unwinding is its own branch: only a call unwinds out of the function.)"""
    returns = facts.willreturn and (facts.nounwind or invoke)
    return returns and _reads_only_arguments(facts, bool(st.stores) or ty is None), returns


def _reads_only_arguments(facts: CallFacts, other_matters: bool) -> bool:
    """The callee writes nothing and reads only what its arguments reach (and other
    memory only where that cannot change during the function: `other_matters` false)."""
    writes = any("write" in acc for _, acc in facts.memory)
    hidden = any("read" in acc for loc, acc in facts.memory if loc not in ("other", "argmem"))
    return not writes and not hidden and not ("read" in facts.access("other") and other_matters)


def _declared(st: FnState, fname: str, ptys: tuple[IntType, ...], ty: Type | None, pure: bool, returns: bool,
              other: frozenset[str] | set[str], decl: str, head: str) -> FuncDecl:
    """The declaration of a callee as the model has it: an event reaches what the
    function's calls may reach (st.reached); its result may be poison unless noundef."""
    reached = st.reached if not pure else ()
    return FuncDecl(fname, ptys, ty if isinstance(ty, IntType) else None, pure, speculatable="speculatable" in decl,
                    ret_poison=not pure and ty is not None and not has_attr(head, "noundef"),
                    writes=reached if "write" in other else (), reads=reached if "read" in other else (),
                    willreturn=returns)


def _int_types(name: str, args: list[Any], loc: Loc) -> tuple[IntType, ...]:
    """The argument types of a call whose arguments are all integers (or IEEE bits)."""
    tys = [ty_of(a, loc) for a in args]
    ints = tuple(t for t in tys if isinstance(t, IntType))
    if len(ints) != len(tys):
        raise LLUnsupported(f"a call to @{name} with vector arguments", loc)
    return ints


def _opaque_call(st: FnState, blk: Block, ins: Any, name: str, args: list[Any], decl: str, loc: Loc,
                 ty: Type | None, dest: str | None, facts: CallFacts, invoke: bool) -> None:
    """A call that takes pointers (`init_mem(p, 1024)`, LLVM's tests' way to fill an
    alloca): an event whose arguments are each pointer's object and byte offset. It may
    write any byte (poison too) of what it can reach; that is the memory the model
    starts from, provided nothing reads or writes memory before the call. So it must
    be in the entry block before any access (else outside the subset)."""
    effects = effects_of(facts)
    returns = facts.willreturn and (facts.nounwind or invoke or facts.noreturn)
    if ty is not None:
        raise LLUnsupported(f"a call to @{name} with a pointer argument that returns a value", loc)
    if effects in ("none", "read") and returns:
        return  # it writes nothing and returns nothing: no effect a caller can see but the event
    if blk.name != st.entry or st.touched:
        raise LLUnsupported(f"a call to @{name} with a pointer argument after the function accessed memory "
                            "(only calls that fill memory before any access are read)", loc)
    ops: list[Operand] = []
    ptys: list[IntType] = []
    for a in args:
        o, t = _event_argument(st, blk, name, a, loc)
        ops += o
        ptys += t
    fname = clean(name)
    # (what it writes is the memory the run starts from: no write of its own)
    st.funcs[fname] = FuncDecl(fname, tuple(ptys), None, False, willreturn=returns)
    st.emit(blk, "call", ops, None, None, loc, callee=fname, func=st.funcs[fname])
    st.trapped = noreturn(operand_text(ins), decl)


def _event_argument(st: FnState, blk: Block, name: str, a: Any, loc: Loc) -> tuple[list[Operand], list[IntType]]:
    """An argument of an event that takes pointers: a pointer as its object and byte
    offset (two i64), an integer as itself."""
    if str(a.type) == "ptr":
        ops = [Const(NULL_OBJECT, I64), Const(0, I64)] if is_null(a) else \
            event_pointer(st, blk, *pointer(st, a, loc), loc)
        return list(ops), [I64, I64]
    t = ty_of(a, loc)
    if not isinstance(t, IntType):
        raise LLUnsupported(f"a call to @{name} with a vector argument", loc)
    return [operand(st, blk, a, loc)], [t]


def translate_call(st: FnState, blk: Block, ins: Any, ops: list[Any], text: str, loc: Loc, ty: Type | None,
                   dest: str | None, invoke: bool = False) -> None:
    """A call or invoke (`ops`: its arguments, then the callee): an intrinsic by its
    entry in _INTRINSICS, any other function by what its attributes let it do."""
    callee = ops[-1]
    name = callee.name
    args = ops[:-1]
    if has_bundles(text) and name != "llvm.assume":
        raise LLUnsupported(f"operand bundles on a call to @{name}", loc)
    if not name.startswith("llvm."):
        _noundef_arguments(st, blk, callee, args, text, loc)
        _function_call(st, blk, ins, callee, args, text, loc, ty, dest, invoke)
        return
    call = _Call(st, blk, ins, name, args, text, loc, ty, dest)
    for applies, translate in _INTRINSICS:
        if applies(call):
            translate(call)
            return
    raise LLUnsupported(f"intrinsic @{name}", loc)


def _noundef_arguments(st: FnState, blk: Block, callee: Any, args: list[Any], text: str, loc: Loc) -> None:
    """Passing poison to a `noundef` parameter is immediate UB (LangRef): for each
    integer or pointer argument whose parameter the callee declares `noundef`, or which the call
    site marks so, UB where it is poison (poison compares to poison: the
    `icmp eq x, x` of _return_attrs); a pointer is poison where its offset is."""
    params = declared_parameters(st.lines, callee.name)
    site = parameters_of(instruction_body(text), callee.name)
    for k, a in enumerate(args):
        said = [x[k] for x in (params, site) if k < len(x)]
        if not any(has_attr(x.split("%", 1)[0], "noundef") for x in said):
            continue
        v = _maybe_poison(st, blk, a, loc)
        if v is None:
            continue
        same = st.emit(blk, "icmp", [v, v], I1, st.fresh("arg.defined"), loc, pred="eq")
        st.emit(blk, "assume", [same], None, None, loc, why="poison passed to a noundef parameter")


def _maybe_poison(st: FnState, blk: Block, a: Any, loc: Loc) -> Operand | None:
    """What carries an argument's poison: an integer itself; a pointer its offset (an
    out-of-bounds `inbounds` GEP's is poison); None for anything else, and for a
    pointer the model cannot place (the call refuses that itself)."""
    if str(a.type) == "ptr":
        k = key(a)
        return st.offsets[k] if k in st.prov and k in st.offsets and not is_null(a) else None
    return operand(st, blk, a, loc) if isinstance(ty_of(a, loc), IntType) else None


@dataclass(frozen=True)
class _Call:
    """A call of an intrinsic being translated."""

    st: FnState
    blk: Block
    ins: Any
    name: str
    args: list[Any]
    text: str
    loc: Loc
    ty: Type | None
    dest: str | None

    @property
    def base(self) -> str:
        """`llvm.umin.i32` -> umin."""
        return self.name.split(".")[1]

    def arg(self, k: int) -> Operand:
        return operand(self.st, self.blk, self.args[k], self.loc)

    def every_arg(self) -> list[Operand]:
        return [operand(self.st, self.blk, a, self.loc) for a in self.args]

    def flag_true(self, k: int) -> bool:
        """Whether argument k is the literal `i1 true` (zero_is_poison and friends)."""
        return operand_text(self.args[k]).endswith("true")

    def emit(self, op: str, args: list[Operand], **kw: Any) -> None:
        self.st.emit(self.blk, op, args, self.ty, self.dest, self.loc, **kw)


def _reduce(c: _Call) -> None:
    kind = c.name.split(".")[3]
    if kind not in REDUCE_KINDS:
        raise LLUnsupported(f"intrinsic @{c.name}", c.loc)
    c.emit("reduce", [c.arg(0)], kind=kind)


def _cttz_elts(c: _Call) -> None:
    c.emit("cttz_elts", [c.arg(0)], rule=c.st.opts.cttz_elts, zero_poison=c.flag_true(1))


def _float_unary_op(c: _Call) -> str | None:
    return next((o for o in FUNARY if OPCODES[o].llvm == f"llvm.{c.base}"), None)


def _float_unary(c: _Call) -> None:
    """llvm.sqrt.f32, llvm.floor.v4f64, ...: every flag kept (the approximating ones:
    semantics/ops.py)."""
    op = _float_unary_op(c)
    assert op is not None
    fmf = set(fp_flags(c.text, "call"))
    if "fast" in fmf:
        fmf = (fmf - {"fast"}) | set(POISONING) | set(APPROXIMATING)
    c.emit(op, [c.arg(0)], flags=tuple(sorted(fmf)))


def _float_minmax(c: _Call) -> None:
    """llvm.minnum.f32 and friends: the fast-math flags that change them."""
    fmf = set(fp_flags(c.text, "call"))
    kept = {"nnan", "ninf", "nsz"} if "fast" in fmf else fmf & {"nnan", "ninf", "nsz"}
    c.emit(c.base, c.every_arg(), flags=tuple(sorted(kept)))


def _binop_row(c: _Call) -> str | None:
    return next((r for n, r in _INTRINSIC_BINOPS.items() if c.name.startswith(n + ".")), None)


def _binop(c: _Call) -> None:
    row = _binop_row(c)
    assert row is not None
    c.emit(row, c.every_arg(), flags=())


def _abs(c: _Call) -> None:
    c.emit("abs", [c.arg(0)], int_min_poison=c.flag_true(1))


def _masked(c: _Call) -> None:
    which = c.name.split(".")[2]
    kind = {"gather": "load", "scatter": "store"}.get(which, which)
    masked_access(c.st, c.blk, c.ins, kind, c.args, c.text, c.loc, c.ty, c.dest)


def _lane_mask(c: _Call) -> None:
    _active_lane_mask(c.st, c.blk, c.args, c.ty, c.dest, c.loc)


def _fma(c: _Call) -> None:
    fmf = exact_fast_math(c.text, "call", f"@{c.name}", POISONING | {"contract"}, c.loc)
    c.emit(c.base, c.every_arg(), flags=tuple(sorted(fmf - {"contract"})))


def _fabs(c: _Call) -> None:
    """Clears the sign bit (a NaN stays a NaN)."""
    if set(fp_flags(c.text, "call")) & {"nnan", "ninf", "fast"}:
        raise LLUnsupported("llvm.fabs with nnan or ninf", c.loc)
    assert c.ty is not None
    w = elem_of(c.ty).bits
    c.emit("and", [c.arg(0), Const((1 << (w - 1)) - 1, c.ty)], flags=())


def _bit_count(c: _Call) -> None:
    c.emit(c.base, [c.arg(0)], zero_poison=c.base != "ctpop" and c.flag_true(1))


def _assume(c: _Call) -> None:
    _assume_bundles(c.st, c.blk, c.text, c.loc)
    c.st.emit(c.blk, "assume", [c.arg(0)], None, None, c.loc)


def _vscale(c: _Call) -> None:
    """A constant of the run: the vscale the function is read at."""
    assert c.ty is not None and c.st.opts.vscale is not None  # the reading asks for one first
    c.emit("add", [Const(c.st.opts.vscale, c.ty), Const(0, c.ty)], flags=())


def _stepvector(c: _Call) -> None:
    """<0, 1, ..., n-1>."""
    if not isinstance(c.ty, VecType):
        raise LLUnsupported(f"@{c.name} of type {c.ty}", c.loc)
    c.emit("vec", [Const(k, c.ty.elem) for k in range(c.ty.lanes)])


def _no_code(c: _Call) -> None:
    """llvm.lifetime.*, llvm.dbg.*: nothing a run can observe."""


def _trap(c: _Call) -> None:
    """Not UB (LangRef): the program stops, which is observable; debugtrap goes on."""
    st, fname = c.st, f"llvm.{c.base}"
    st.funcs[fname] = FuncDecl(fname, _int_types(c.name, c.args, c.loc), None, False)
    st.emit(c.blk, "call", c.every_arg(), None, None, c.loc, callee=fname, func=st.funcs[fname])
    st.trapped = c.base != "debugtrap"


def _base_in(*bases: str) -> Callable[[_Call], bool]:
    return lambda c: c.base in bases


def _prefix(prefix: str) -> Callable[[_Call], bool]:
    return lambda c: c.name.startswith(prefix)


# each intrinsic's translation, the first that applies (the order matters only where
# two could: a reduction or cttz.elts before a row whose `llvm` name shares a prefix)
_INTRINSICS: list[tuple[Callable[[_Call], bool], Callable[[_Call], None]]] = [
    (_prefix("llvm.vector.reduce."), _reduce),
    (_prefix("llvm.experimental.cttz.elts."), _cttz_elts),
    (lambda c: _float_unary_op(c) is not None, _float_unary),
    (lambda c: c.base in FMINMAX, _float_minmax),
    (lambda c: _binop_row(c) is not None, _binop),
    (_base_in("abs"), _abs),
    (lambda c: c.base == "masked" and c.name.split(".")[2] in ("load", "store", "gather", "scatter"), _masked),
    (_prefix("llvm.get.active.lane.mask."), _lane_mask),
    (_base_in("fma", "fmuladd"), _fma),
    (_base_in("fabs"), _fabs),
    (_base_in("cttz", "ctlz", "ctpop"), _bit_count),
    (_base_in("assume"), _assume),
    (_base_in("vscale"), _vscale),
    (_base_in("stepvector"), _stepvector),
    (_base_in("lifetime", "dbg"), _no_code),
    (_base_in("trap", "ubsantrap", "debugtrap"), _trap),
]


def _returns_an_integer(name: str, ty: Type | None, ins: Any, loc: Loc) -> None:
    """A call returns nothing or an integer (IEEE bits included), else it is not read."""
    if ty is not None and not isinstance(ty, IntType):
        raise LLUnsupported(f"a call to @{name} returning {ins.type}", loc)


def _return_attributes(text: str, decl: str, name: str) -> str:
    """What the call and the declaration of @name say before the callee's name (the
    return value's attributes among them)."""
    return instruction_body(text).split(f"@{name}(", 1)[0] + " " + decl.split(f"@{name}(", 1)[0]


def _allocated_size(st: FnState, blk: Block, ins: Any, loc: Loc) -> None:
    """Where an allocator's `allocsize` is given at run time, the object the call
    returns holds at least that many bytes, or it is null (an assumption where its
    free size is less: the allocator gave no such object)."""
    factors = st.allocated_sizes.get(key(ins))
    if factors is None:
        return
    name = st.prov[key(ins)]
    obj = st.objects[name]
    if len(factors) != 1:
        raise LLUnsupported(f"an object @{obj.returned_by} allocates of two sizes' product known at run time "
                            "(allocsize with two arguments)", loc)
    n = operand(st, blk, factors[0], loc)
    t = ty_of(factors[0], loc)
    if t != I64:
        n = st.emit(blk, "zext", [n], I64, st.fresh(f"{name}.asked"), loc, flags=())
    ok = st.emit(blk, "icmp", [n, Ref(f"{name}.bytes")], I1, st.fresh(f"{name}.sized"), loc, pred="ule")
    none: Operand = Ref(f"{name}.null") if obj.null_tested else \
        st.emit(blk, "icmp", [Ref(f"{name}.bytes"), Const(0, I64)], I1, st.fresh(f"{name}.none"), loc, pred="eq")
    st.emit(blk, "assume", [st.emit(blk, "or", [ok, none], I1, st.fresh(f"{name}.sized"), loc, flags=())], None,
            None, loc)


def _function_call(st: FnState, blk: Block, ins: Any, callee: Any, args: list[Any], text: str, loc: Loc,
                   ty: Type | None, dest: str | None, invoke: bool) -> None:
    """A call to a function other than an intrinsic: pure where its attributes let it
    be, else an event (one that fills memory where it takes a pointer)."""
    name = callee.name
    decl = operand_text(callee)
    facts = st.facts_of(ins)
    if any(str(a.type) == "ptr" for a in args):
        _opaque_call(st, blk, ins, name, args, decl, loc, ty, dest, facts, invoke)
        return
    _returns_an_integer(name, ty, ins, loc)
    pure, returns = _purity(st, facts, ty, invoke)
    ptys = _int_types(name, args, loc)
    if str(ins.type) == "ptr":
        dest = None  # a pointer: its object (objects.call_results) is the result, fixed below
        _allocated_size(st, blk, ins, loc)
    if pure and ty is None:
        return  # no effect, no result
    # one that never returns: the front end ends the run after its event (st.trapped)
    returns = returns or (not pure and facts.noreturn)
    fname = clean(name)
    f = _declared(st, fname, ptys, ty, pure, returns, facts.access("other"), decl, _return_attributes(text, decl, name))
    if st.funcs.get(fname, f) != f:
        raise LLUnsupported(f"calls to @{name} with other attributes than its first call's", loc)
    st.funcs[fname] = f
    st.emit(blk, "call", [operand(st, blk, a, loc) for a in args], ty, dest, loc, callee=fname, func=f)
    # a call that does not return (abort, exit) ends the program after its event; the
    # `unreachable` after it is never reached, so it must not make the run UB
    st.trapped = not pure and noreturn(text, decl)
