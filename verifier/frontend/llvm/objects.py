"""Memory objects of one function, before any instruction is translated: which
object every pointer points into (provenance), each object's unit (the gcd of its
access sizes and GEP strides), which objects may overlap, and the entry's facts
about their sizes, base addresses and null flags; then the address arithmetic the
instructions use (an offset's address, alignment, a pointer shown as a value)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from verifier.frontend.layout import FieldStep, initializer_bytes
from verifier.frontend.llvm.state import FnState, MemObject, key
from verifier.frontend.llvm.text import (
    access_size,
    align_of,
    alloca_form,
    allocation,
    bundles,
    call_site_attrs,
    const_gep,
    dereferenceable,
    effects_of,
    gep_source_type,
    global_facts,
    has_attr,
    int_vector_lanes,
    is_int_type,
    lane_type,
    names_value,
    operand_text,
    pointer_lanes,
    qualifiers,
    returned_attrs,
    type_text,
)
from verifier.frontend.llvm.values import (
    callee,
    int_const,
    is_null,
    named_pointer,
    pointer,
    unknown_origin,
)
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import ArrayDecl, Block, Const, Extent, Loc, Operand, Param, Ref
from verifier.ir.types import I1, I64, IntType, mask


def trace_provenance(st: FnState, fn: Any, mod: Any) -> None:
    """Which object every pointer value points into, in passes: the globals and the
    function's own objects, a fixed point over the values derived from one object,
    the phis over several, the objects that need an address, and which pointers may
    be the null literal."""
    _globals(st, mod, fn)
    _local_objects(st, fn)
    call_results(st, fn)
    own_objects(st, fn)
    _one_object(st, fn)
    _several_objects(st, fn)
    _addressed(st, fn)
    _nullable(st, fn)


def _globals(st: FnState, mod: Any, fn: Any) -> None:
    """The module's globals, each an object at offset 0 (a constant one's bytes known):
    every one where the function calls what may reach them, else those it names (one it
    neither names nor lets a callee reach is memory it cannot see, whichever module of
    a pair has it)."""
    body = str(fn)
    calls = any(i.opcode == "invoke" or (i.opcode == "call" and not callee(i).startswith("llvm."))
                for b in fn.blocks for i in b.instructions)  # (an indirect call's callee has no name)
    for g in mod.global_variables:
        if not calls and not names_value(body, operand_text(g).split()[0]):
            continue
        gname = st.names[key(g)]
        text = operand_text(g)
        vt = type_text(g.global_value_type)
        head = f"{text.split()[0]} ="  # the global's own line (`@g = global ...`)
        loc = Loc(str(st.path), next((k + 1 for k, line in enumerate(st.lines) if line.startswith(head)), 1), 1)
        size = st.layout.size(vt, loc)
        constant, init, poison_init = global_facts(text)
        obj = MemObject(gname, size, size, align_of(text), constant, constant=constant)
        if constant:  # only a constant global's bytes are known at entry (LangRef)
            obj.image = initializer_bytes(st.layout, vt, init, loc)
            obj.poison_init = poison_init
        st.objects[gname] = obj
        st.prov[key(g)] = gname
        st.offsets[key(g)] = Const(0, I64)


def _local_objects(st: FnState, fn: Any) -> None:
    """The function's allocas, constant GEPs into globals, and GEPs on null."""
    for b in fn.blocks:
        for ins in b.instructions:
            if ins.opcode == "alloca":
                _alloca(st, ins, list(fn.blocks)[0])
            for o in ins.operands:
                if str(o.type) == "ptr" and o.is_constant and key(o) not in st.prov:
                    _const_gep(st, o, st.loc_of(operand_text(ins), ins))
            if ins.opcode == "getelementptr" and is_null(list(ins.operands)[0]):
                st.prov[key(ins)] = null_object(st)


def call_results(st: FnState, fn: Any) -> None:
    """A pointer a call returns outside every loop (once per run: `malloc(24)`,
    `__errno_location()`), from a named function of integer arguments, points into an
    object of its own, as a parameter does (at its start, or `before` units in where a
    run may form a pointer before it), of any size but what the call's attributes give
    (`dereferenceable(N)`, `dereferenceable_or_null(N)`, `allocsize`: instructions fix
    a runtime one where the call is), null unless `nonnull` or dereferenceable says
    not. `noalias` (an allocator's result) keeps it apart from every other object
    until it escapes (_escaped_allocations); without it the object may share memory
    with the parameters' and globals' at any offset (overlaps), as a parameter's may,
    and calls may reach it. Its contents are any bytes, poison too, as a parameter's;
    an allocator's own (allockind) are refused where the function loads them and no
    call fills them (declare_objects). A call with pointer arguments keeps its refusal
    (intrinsics._opaque_call). One in a loop may return a new pointer each time, which
    is no one object, unless it is a function of its arguments (memory(none),
    willreturn, nounwind: `__errno_location()`) and they are constants: then every
    such call of it returns the same pointer, one object."""
    cyclic = _in_cycles(fn)
    same: dict[tuple[str, ...], str] = {}  # a pure callee and its constant arguments -> their object
    for b in fn.blocks:
        for ins in b.instructions:
            name = callee(ins)
            args = list(ins.operands)[:-1]
            if str(ins.type) != "ptr" or not _direct(ins) or name.startswith("llvm.") \
                    or any(str(a.type) == "ptr" for a in args):
                continue
            fixed = _function_of_constants(st, ins, args)
            if fixed and (name, *map(operand_text, args)) in same:
                st.prov[key(ins)] = obj = same[(name, *map(operand_text, args))]
                st.offsets[key(ins)] = Ref(f"{obj}.before") if obj in st.room else Const(0, I64)
            elif fixed or key(b) not in cyclic:
                _call_result(st, ins, name)
                if fixed:
                    same[(name, *map(operand_text, args))] = st.prov[key(ins)]


def _direct(ins: Any) -> bool:
    """Whether call `ins` calls a function by its name (a call through a pointer has
    no declaration whose attributes the call_results reading takes)."""
    return bool(ins.opcode == "call" and list(ins.operands)[-1].value_kind.name == "function")


def _function_of_constants(st: FnState, ins: Any, args: list[Any]) -> bool:
    """Whether call `ins` returns the same pointer whenever it is made: a function of
    its arguments (no memory, returns) and they are constants."""
    facts = st.facts_of(ins)
    return effects_of(facts) == "none" and facts.returns and all(a.is_constant for a in args)


def _call_result(st: FnState, ins: Any, name: str) -> None:
    """The object call `ins` (to @name) returns a pointer to (call_results)."""
    text = operand_text(ins)
    decl = operand_text(list(ins.operands)[-1])
    at = returned_attrs(text, decl, name)
    kind, sized = allocation(decl + " " + call_site_attrs(text, st.groups))
    obj_name = st.names[key(ins)]
    obj = MemObject(obj_name, None, dereferenceable(at), align_of(at), noalias=has_attr(at, "noalias"),
                    where=st.loc_of(text, ins), returned_by=name, allocated=kind)
    or_null = dereferenceable(at, or_null=True)
    if not obj.deref and or_null:
        obj.deref, obj.or_null = or_null, True
    if sized and not obj.deref:
        _allocated_bytes(st, obj, ins, sized)
    obj.may_be_null = (obj.deref == 0 or obj.or_null) and not has_attr(at, "nonnull")
    st.objects[obj_name] = obj
    st.prov[key(ins)] = obj_name
    # (into its object, as a parameter: at its start, or `before` units in where a run
    # may form a pointer before it: checks/param_start.py asks for the room)
    st.offsets[key(ins)] = Ref(f"{obj_name}.before") if obj_name in st.room else Const(0, I64)


def _allocated_bytes(st: FnState, obj: MemObject, ins: Any, sized: tuple[int, ...]) -> None:
    """What allocsize (the arguments at `sized`) says of call `ins`'s object: that many
    bytes, or null; a product of constants now, else fixed where the call runs
    (intrinsics._allocated_size)."""
    args = list(ins.operands)[:-1]
    factors = [args[k] for k in sized if k < len(args)]
    known = [int_const(a) for a in factors]
    obj.or_null = True
    if all(c is not None and c >= 0 for c in known):
        obj.deref = math.prod(c for c in known if c is not None)
    else:
        st.allocated_sizes[key(ins)] = tuple(factors)


def _fixed_point(fn: Any, step: Callable[[Any], bool]) -> None:
    """`step` over every instruction of `fn`, again while any step changed something."""
    changed = True
    while changed:
        changed = False
        for b in fn.blocks:
            for ins in b.instructions:
                changed |= step(ins)


def _one_object(st: FnState, fn: Any) -> None:
    """A fixed point: a GEP, phi, select or load whose known pointer operands all point
    into one object points into it (a loaded pointer is noted as loaded)."""
    def step(ins: Any) -> bool:
        vector_gep = ins.opcode == "getelementptr" and str(ins.type).endswith("x ptr>")
        if (str(ins.type) != "ptr" and not vector_gep) or key(ins) in st.prov:
            return False
        srcs = [o for o in ins.operands if str(o.type) == "ptr" and key(o) in st.prov]
        if ins.opcode == "load" and srcs:
            st.loaded.add(key(ins))
        objs = {st.prov[key(o)] for o in srcs}
        if ins.opcode not in ("getelementptr", "phi", "select", "load") or len(objs) != 1:
            return False
        st.prov[key(ins)] = objs.pop()
        return True

    _fixed_point(fn, step)


def _several_objects(st: FnState, fn: Any) -> None:
    """Phis and selects over pointers into several objects: a value kept as an address
    and an object number, which `ret`, `ptrtoint`, `icmp` and other such phis and
    selects may use (each reads only the address, or returns both), so each of those
    objects gets a base address (the fixed point before gave a phi the one object its
    known operands agreed on; one whose operands turn out to point into several becomes
    such a value too, and whatever else uses it, a load or a getelementptr, is refused
    where it is used: see pointer)."""
    def step(ins: Any) -> bool:
        if ins.opcode not in ("phi", "select") or str(ins.type) != "ptr":
            return False
        k = key(ins)
        ptrs = list(ins.operands)[1:] if ins.opcode == "select" else list(ins.operands)
        into = frozenset[str]().union(*(frozenset({st.prov[key(o)]}) if key(o) in st.prov
                                        else st.multi.get(key(o), frozenset()) for o in ptrs if not is_null(o)))
        if len(into) <= 1 or st.multi.get(k) == into:
            return False
        st.prov.pop(k, None)
        st.multi[k] = into
        return True

    _fixed_point(fn, step)


def _addressed(st: FnState, fn: Any) -> None:
    """The objects that need a base address: one a returned pointer points into, one a
    phi over several objects may, and one holding loaded pointers (their offsets are
    their addresses less its own), which also gets room before its start."""
    returned = _returned_objects(st, fn) if st.opts.ret_address else []
    holding = [st.prov[k] for k in st.loaded] + _holding_pointer_vectors(st, fn)
    for n in [*returned, *(n for objs in st.multi.values() for n in objs), *holding]:
        st.objects[n].addressed = True
    st.room |= {n for n in holding if st.objects[n].size is None}


def _returned_objects(st: FnState, fn: Any) -> list[str]:
    """The objects the pointers `ret` returns point into."""
    rets = [o for b in fn.blocks for ins in b.instructions if ins.opcode == "ret" for o in ins.operands]
    return [st.prov[key(o)] for o in rets if str(o.type) == "ptr" and key(o) in st.prov]


def _holding_pointer_vectors(st: FnState, fn: Any) -> list[str]:
    """The objects vectors of pointers are loaded from (memory.pointer_vector_load)."""
    loads = [ins for b in fn.blocks for ins in b.instructions if ins.opcode == "load" and pointer_lanes(str(ins.type))]
    return [st.prov[key(list(ins.operands)[0])] for ins in loads if key(list(ins.operands)[0]) in st.prov]


def _nullable(st: FnState, fn: Any) -> None:
    """A fixed point: the pointers that may be the null literal (a loaded one, or a
    GEP, phi or select with a null or nullable pointer operand)."""
    def step(ins: Any) -> bool:
        if str(ins.type) != "ptr" or key(ins) in st.nullable:
            return False
        if key(ins) in st.loaded or key(ins) in st.own_loaded or _from_null(st, ins):
            st.nullable.add(key(ins))
            return True
        return False

    _fixed_point(fn, step)


def _from_null(st: FnState, ins: Any) -> bool:
    """A GEP, phi or select with a null or nullable pointer operand."""
    if ins.opcode not in ("getelementptr", "phi", "select"):
        return False
    ptrs = list(ins.operands)[:1] if ins.opcode == "getelementptr" else list(ins.operands)
    return any(is_null(o) or key(o) in st.nullable for o in ptrs)


def _const_gep(st: FnState, o: Any, loc: Loc) -> None:
    """A constant-expression getelementptr on a global with constant indices points
    into that global, at a constant byte offset (anything else stays unknown)."""
    found = const_gep(operand_text(o))
    if found is None:
        return
    source, gname, indices = found
    obj = named_pointer(st, gname)
    if obj is None or not indices:
        return
    at = 0
    for idx, step in zip(indices, st.layout.gep_steps(source, list(indices), loc), strict=True):
        at += step.offset if isinstance(step, FieldStep) else idx * step
    st.prov[key(o)] = obj[0]
    st.const_geps[key(o)] = at


def const_gep_offsets(st: FnState) -> None:
    """Each constant-expression GEP's offset in its object's units (a unit divides it:
    the object's unit is made the gcd with it first)."""
    for k, at in st.const_geps.items():
        obj = st.objects[st.prov[k]]
        obj.unit = math.gcd(obj.unit, at) or obj.unit
    for k, at in st.const_geps.items():
        st.offsets[k] = Const((at // st.objects[st.prov[k]].unit) & mask(64), I64)


def _alloca(st: FnState, ins: Any, entry: Any) -> None:
    """`alloca T[, iN count][, align A]`: a local object, its own (no other pointer
    reaches it unless the function passes it on), of constant size, or of `count`
    elements known at run time (a VLA, `alloca(n)`): then its bytes are a free size
    that the alloca itself fixes (instructions._alloca), which must come before
    anything the function does that could be observed (in the entry block, before any
    call or store), so that no run is taken back past an event."""
    text = operand_text(ins)
    loc = st.loc_of(text, ins)
    form = alloca_form(text)
    if form is None:
        raise LLUnsupported("an alloca form", loc)
    allocated, count, align = form
    elem = st.layout.size(allocated, loc)
    name = st.names[key(ins)]
    if count is None:
        _runtime_alloca(st, ins, entry, loc)
        st.objects[name] = MemObject(name, None, 0, align, local=True, where=loc)
        st.dynamic_allocas[key(ins)] = (list(ins.operands)[0], elem)
    else:
        st.objects[name] = MemObject(name, elem * count, elem * count, align, local=True, where=loc)
    st.prov[key(ins)] = name
    st.offsets[key(ins)] = Const(0, I64)


def _runtime_alloca(st: FnState, ins: Any, entry: Any, loc: Loc) -> None:
    """Refuses an alloca of a runtime size where its size could not be fixed before
    every event: outside the entry block (a VLA in a loop, after a stacksave), or
    after a call or store there."""
    if not any(key(i) == key(ins) for i in entry.instructions):
        raise LLUnsupported("an alloca of a runtime size outside the entry block (a VLA in a loop or a "
                            "nested scope)", loc)
    for before in entry.instructions:
        if key(before) == key(ins):
            return
        if before.opcode in ("call", "invoke", "store") and not callee(before).startswith("llvm.lifetime"):
            raise LLUnsupported("an alloca of a runtime size after a call or store (its size is fixed "
                                "before anything the function does)", loc)


def null_object(st: FnState) -> str:
    """The object a GEP on `null` points into: no bytes (every access UB, an inbounds
    GEP poison unless it stays at 0, LangRef), at address 0, shown as null. (The null
    literal itself stays outside `prov`: a phi or select over it is a nullable pointer.)"""
    name = next((o.name for o in st.objects.values() if o.at_null), None)
    if name is None:
        name = st.fresh("null")
        st.display[name] = "null"
        st.objects[name] = MemObject(name, 0, 0, 1, readonly=True, at_null=True)
    return name


def gep_base(st: FnState, v: Any, loc: Loc) -> tuple[str, Operand]:
    """A GEP's base pointer: its object and offset, the null literal's own object at 0."""
    if is_null(v):
        return null_object(st), Const(0, I64)
    return pointer(st, v, loc)


def _trailing_zeros(c: int) -> int:
    return 64 if c == 0 else (c & -c).bit_length() - 1


def _const_zeros(v: Any) -> int:
    """A constant's known trailing zeros: a scalar's, or the fewest of a vector's lanes
    (`<i64 0, i64 16>`, `splat (i64 4)`, `zeroinitializer`; a poison or undef lane
    may be taken as any value); 0 for anything else (a constant expression)."""
    c = int_const(v)
    if c is not None:
        return _trailing_zeros(c)
    lanes = int_vector_lanes(operand_text(v))
    if lanes is None:
        return 0
    return min((64 if x is None else _trailing_zeros(x) for x in lanes), default=64)


def _known_zeros(fn: Any) -> dict[int, int]:
    """For each integer SSA value (each lane of an integer vector), how many low bits
    are always zero (LLVM's known trailing zeros, 64 for zero): a byte-offset GEP
    `gep i8, p, %off` with %off stepping by 4 then moves in 4-byte units (LLVM 20+
    writes pointer inductions and constant offsets this way, and the vectorized
    forms' gathers `gep i8, p, <4 x i64> %offs` a splat of such an offset plus a
    constant step). An optimistic fixpoint over phis."""
    tz: dict[int, int] = {}

    def of(v: Any) -> int:
        if v.is_constant:
            return _const_zeros(v)
        return tz.get(key(v), 0)

    def step(ins: Any) -> int:
        ops = list(ins.operands)
        op = ins.opcode
        if op == "phi":
            return min(of(o) for o in ops)
        if op in ("add", "sub", "or", "xor"):
            return min(of(ops[0]), of(ops[1]))
        if op == "and":
            return max(of(ops[0]), of(ops[1]))
        if op == "mul":
            return min(64, of(ops[0]) + of(ops[1]))
        if op == "shl" and (c := int_const(ops[1])) is not None and c >= 0:
            return min(64, of(ops[0]) + c)
        if op in ("zext", "sext"):
            return of(ops[0])
        if op in ("insertelement", "shufflevector"):  # the lanes of both vectors (and the inserted value)
            return min(of(ops[0]), of(ops[1]))
        if op == "extractelement":
            return of(ops[0])
        return 0

    ints = [ins for b in fn.blocks for ins in b.instructions
            if is_int_type(str(ins.type)) or is_int_type(lane_type(str(ins.type)) or "")]
    for ins in ints:
        tz[key(ins)] = 64  # top: every value starts as a multiple of everything
    changed = True
    while changed:
        changed = False
        for ins in ints:
            new = min(step(ins), tz[key(ins)])
            if new != tz[key(ins)]:
                tz[key(ins)] = new
                changed = True
    return tz


def _index_stride(tz: dict[int, int], idx: Any, stride: int) -> int:
    """The bytes a GEP index moves in: its stride times the index's known power of two
    (a constant index: the whole offset; zero moves nothing)."""
    if idx.is_constant:
        c = int_const(idx)
        if c is not None:
            return abs(c) * stride
        zeros = _const_zeros(idx)  # a vector's lanes
        return 0 if zeros == 64 else stride << min(zeros, 12)
    return stride << min(tz.get(key(idx), 0), 12)


@dataclass
class _Seen:
    """What measure_units gathers over a function before it settles the objects."""

    tz: dict[int, int]  # known trailing zeros of index values (by value key)
    compared: list[tuple[set[str], Loc]] = field(default_factory=list)  # objects compared by address
    as_int: set[str] = field(default_factory=set)  # objects whose addresses ptrtoint reads
    bytewise: set[str] = field(default_factory=set)  # objects pointers are loaded from: read in bytes
    stores: bool = False  # the function stores to memory: pointers that may overlap are aliased
    # where pointers are stored to and loaded from: (object, block, index in it[, place])
    pointers_stored: list[tuple[str, Any, int, Loc]] = field(default_factory=list)
    pointers_loaded: list[tuple[str, Any, int]] = field(default_factory=list)
    pointed_from: list[tuple[str, set[str]]] = field(default_factory=list)  # (memory, objects stored there)
    at: tuple[Any, int] = (None, 0)  # the instruction measured now: its block and index


def own_objects(st: FnState, fn: Any) -> None:
    """In a function that stores nothing, a pointer loaded outside every loop (once per
    run: `std::find(v.begin(), v.end(), x)` with `v` by reference) points into an
    object of its own, any size, at `before` units in, whose address is the loaded
    bits less that offset (memory.pointer_load); one only tested for null needs none.
    That covers every pointer LLVM allows there (any object, the one it was loaded
    from included: with no store, two views of the same bytes read alike), so no
    assumption is needed. Where memory is written, or the load repeats, the pointer is
    taken to point into the object it was loaded from
    (Assumption.LOADED_POINTERS_IN_OBJECT). A test that names null in its text counts
    as a null test (at worst a pointer then keeps that assumption)."""
    if st.stores or not st.opts.own_objects:
        return
    used = _used_but_by_null_tests(fn)
    cyclic = _in_cycles(fn)
    for ins in (i for b in fn.blocks if key(b) not in cyclic for i in b.instructions):
        if key(ins) in used and _plain_pointer_load(ins):
            _own_object(st, ins)


def _used_but_by_null_tests(fn: Any) -> set[Any]:
    """The values some instruction reads, but for a test against null."""
    return {key(o) for b in fn.blocks for ins in b.instructions
            if not (ins.opcode == "icmp" and "null" in operand_text(ins)) for o in ins.operands}


def _in_cycles(fn: Any) -> set[Any]:
    """The blocks of `fn` on a cycle of its CFG (in a loop)."""
    g = _cfg(fn)
    return {n for c in nx.strongly_connected_components(g) for n in c if len(c) > 1 or g.has_edge(n, n)}


def _cfg(fn: Any) -> nx.DiGraph[Any]:
    """`fn`'s control-flow graph over its blocks' keys."""
    g: nx.DiGraph[Any] = nx.DiGraph()
    for b in fn.blocks:
        g.add_node(key(b))
        term = list(b.instructions)[-1] if list(b.instructions) else None
        g.add_edges_from((key(b), key(o)) for o in (list(term.operands) if term is not None else [])
                         if str(o.type) == "label")
    return g


def _plain_pointer_load(ins: Any) -> bool:
    """A load of a pointer, neither volatile nor atomic."""
    return bool(ins.opcode == "load" and str(ins.type) == "ptr"
                and not {"volatile", "atomic"} & set(qualifiers(operand_text(ins), "load")))


def _own_object(st: FnState, ins: Any) -> None:
    """The object loaded pointer `ins` points into, its own (own_objects)."""
    name = f"{st.names[key(ins)]}.obj"
    st.objects[name] = MemObject(name, None, loaded=True)
    st.display[name] = f"*{st.display.get(st.names[key(ins)], st.names[key(ins)])}"
    st.prov[key(ins)] = name
    st.own_loaded[key(ins)] = name
    st.room.add(name)


def measure_units(st: FnState, fn: Any) -> None:
    """Each object's unit: the gcd of its access sizes and the bytes its GEP indices
    move in; whether it is accessed, and compared by address with another object."""
    seen = _Seen(_known_zeros(fn))
    for b in fn.blocks:
        for k, ins in enumerate(b.instructions):
            seen.at = (b, k)
            text = operand_text(ins)
            loc = st.loc_of(text, ins)
            called = callee(ins)
            if ins.opcode in ("load", "store") or called.startswith(("llvm.masked.load.", "llvm.masked.store.")):
                _measure_access(st, seen, ins, text, called, loc)
            elif ins.opcode == "call":
                _measure_call(st, ins, text, called)
            else:
                _measure_address(st, seen, ins, text, loc)
    _escaped_by_address(st, seen)
    _escaped_through_memory(st, seen)
    _escaped_allocations(st)
    _settle_units(st, seen)
    _pointers_read_back(st, seen, fn)


def _escaped_by_address(st: FnState, seen: _Seen) -> None:
    """An object of the function's own (a local) or a call's whose address is read
    (ptrtoint, a stored pointer) escapes: the integer may go anywhere, and a callee
    may rebuild the pointer from it and write through it."""
    for name in seen.as_int:
        obj = st.objects[name]
        if obj.local or obj.returned_by:
            obj.escapes = True


def _escaped_allocations(st: FnState) -> None:
    """A `noalias` call's object that escaped is no longer apart from what other calls
    return (one may hand its pointer back: `p = malloc(n); g = p; q = get();`): it
    overlaps as a parameter's may."""
    for obj in st.objects.values():
        if obj.returned_by and obj.noalias and obj.escapes:
            obj.noalias = False


def _escaped_through_memory(st: FnState, seen: _Seen) -> None:
    """The objects whose pointers are stored where a call may reach them (a global, a
    parameter's memory not marked noalias, an escaped object's) escape: a callee may
    then write them (reached_by_calls). Stored in memory no call reaches (a noalias
    output), they do not. Until nothing more escapes: an escaped object's memory may
    hold pointers too."""
    grew = True
    while grew:
        grew = False
        for memory, names in seen.pointed_from:
            if reached_by_calls(st.objects[memory]):
                for n in names:
                    grew |= not st.objects[n].escapes
                    st.objects[n].escapes = True


def _measure_call(st: FnState, ins: Any, text: str, called: str) -> None:
    """A call: the objects it may write escape; an `align` assume raises one's alignment."""
    if not called.startswith("llvm."):
        _measure_escapes(st, ins)
    elif called == "llvm.assume":
        _measure_assumed_align(st, text)


def _measure_address(st: FnState, seen: _Seen, ins: Any, text: str, loc: Loc) -> None:
    """What reads a pointer's address: ptrtoint, a pointer icmp, a getelementptr."""
    if ins.opcode == "ptrtoint":
        ptr = list(ins.operands)[0]
        names = {st.prov[key(ptr)]} if key(ptr) in st.prov else st.multi.get(key(ptr))
        if not names:
            raise unknown_origin(st, ptr, "ptrtoint of", loc)
        seen.as_int |= names
    elif ins.opcode == "icmp" and str(list(ins.operands)[0].type) == "ptr":
        _measure_compare(st, seen, ins, text, loc)
    elif ins.opcode == "getelementptr":
        _measure_gep(st, seen, ins, text, loc)


def _measure_access(st: FnState, seen: _Seen, ins: Any, text: str, called: str, loc: Loc) -> None:
    """A load or store (masked too): its object is accessed, in units of its size."""
    # a load's pointer comes first, a store's (masked too) after the value
    load = ins.opcode == "load" or called.startswith("llvm.masked.load.")
    ptr = list(ins.operands)[0 if load else 1]
    obj = st.objects.get(st.prov.get(key(ptr), ""))
    if obj is None:
        raise unknown_origin(st, ptr, "an access through", loc)
    ty = str(ins.type) if load else str(list(ins.operands)[0].type)
    seen.stores |= not load
    pointers = _pointers_moved(st, seen, ins, obj, ty, load, loc)
    lane = lane_type(ty)  # a vector access moves whole lanes
    if not pointers:
        obj.unit = math.gcd(obj.unit, access_size("i64" if ty == "ptr" else lane or ty, loc))
    obj.access_align = max(obj.access_align, align_of(text))
    obj.least_align = min(obj.least_align or align_of(text), align_of(text))
    obj.accessed = True
    obj.read_from |= load


def _pointers_moved(st: FnState, seen: _Seen, ins: Any, obj: MemObject, ty: str, load: bool, loc: Loc) -> bool:
    """Whether the access loads pointers (its object then read in bytes); a store of
    one pointer is measured as its address (_measure_pointer_store)."""
    if not load and ty == "ptr" and ins.opcode == "store":
        _measure_pointer_store(st, seen, list(ins.operands)[0], obj, loc)
        return False
    if not _pointer_valued(ins, ty, load, loc):
        return False
    seen.bytewise.add(obj.name)  # its pointers are addresses: any byte may start one
    seen.pointers_loaded.append((obj.name, *seen.at))
    return True


def _measure_pointer_store(st: FnState, seen: _Seen, value: Any, obj: MemObject, loc: Loc) -> None:
    """`store ptr %v, ptr %p`: the 8 bytes are %v's address, as ptrtoint reads it (so
    %v's objects' addresses are read, _addressed_objects), and where a call may reach
    the memory it is stored to, those objects escape (_escaped_through_memory). A
    pointer to a local is refused (its uninitialized bytes are undef, which the model
    does not hold)."""
    seen.pointers_stored.append((obj.name, *seen.at, loc))
    if is_null(value):
        return
    names = {st.prov[key(value)]} if key(value) in st.prov else st.multi.get(key(value))
    if not names:
        raise unknown_origin(st, value, "a store of", loc)
    local = sorted(n for n in names if st.objects[n].local)
    if local:  # (a local's escape would also stand for a call filling it: declare_objects)
        raise LLUnsupported(f"a store of a pointer to local memory ({', '.join(st.display.get(n, n) for n in local)})",
                            loc)
    st.stores_pointers = True
    seen.as_int |= names
    seen.pointed_from.append((obj.name, set(names)))


def _pointer_valued(ins: Any, ty: str, load: bool, loc: Loc) -> bool:
    """Whether an access of type `ty` loads pointers (a pointer or a vector of them);
    one that stores them (or a masked one) is unsupported."""
    if ins.opcode == "load" and (ty == "ptr" or bool(pointer_lanes(ty))):
        return True
    if ty == "ptr" or "x ptr>" in ty:
        raise LLUnsupported(f"a {'load' if load else 'store'} of {ty} (pointer-valued memory other than a load)", loc)
    return False


def _measure_escapes(st: FnState, ins: Any) -> None:
    """A call to a function that may write through its pointer arguments: their objects escape."""
    args = list(ins.operands)[:-1]
    if not any(str(o.type) == "ptr" for o in args):
        return
    if effects_of(st.facts_of(ins)) not in ("argmem", "any"):
        return
    for o in args:
        if str(o.type) == "ptr" and key(o) in st.prov:
            st.objects[st.prov[key(o)]].escapes = True


def _measure_assumed_align(st: FnState, text: str) -> None:
    """An `align` assume bundle raises its object's known alignment."""
    for kind, ptr, args in bundles(text):
        if kind == "align" and (found := named_pointer(st, ptr)) is not None and args:
            obj = st.objects[found[0]]
            obj.access_align = max(obj.access_align, args[0])


def _measure_compare(st: FnState, seen: _Seen, ins: Any, text: str, loc: Loc) -> None:
    """A pointer comparison: against null (the object is tested), or between two objects."""
    names = {n for o in ins.operands for n in ({st.prov[key(o)]} if key(o) in st.prov else st.multi.get(key(o), ()))}
    if "null" in text:
        for name in names:
            st.objects[name].null_tested = True
    elif len(names) >= 2:
        seen.compared.append((names, loc))


def _measure_gep(st: FnState, seen: _Seen, ins: Any, text: str, loc: Loc) -> None:
    """A getelementptr: its object's unit divides the bytes each index moves in."""
    base = list(ins.operands)[0]
    obj = st.objects.get(null_object(st) if is_null(base) else st.prov.get(key(base), ""))
    if obj is None:
        raise unknown_origin(st, list(ins.operands)[0], "a getelementptr from", loc)
    for idx, step in zip(list(ins.operands)[1:], gep_steps(st, ins, text, loc), strict=True):
        moves = step.offset if isinstance(step, FieldStep) else _index_stride(seen.tz, idx, step)
        obj.unit = math.gcd(obj.unit, moves)


def _settle_units(st: FnState, seen: _Seen) -> None:
    """The units the options add, bytewise objects, and the objects whose addresses
    are read or compared (refused where two such objects are both accessed)."""
    for name, unit in st.opts.units:
        if name in st.objects:
            st.objects[name].unit = math.gcd(st.objects[name].unit, unit)
    for obj in st.objects.values():
        obj.unit = 1 if obj.name in seen.bytewise else obj.unit or 1
    if seen.stores or st.opts.overlap:
        _overlap_unit(st)
    _addressed_objects(st, seen)


def _overlap_unit(st: FnState) -> None:
    """Aliased objects (overlaps): one unit, each access whole units of it, and a unit
    each base is aligned to wherever it is accessed: two pointers may be any multiple
    of that apart (`align 1` accesses of i32 may overlap by 2 bytes)."""
    group = overlap_group(st)
    unit = math.gcd(*(o.unit for o in group), *(max(o.align, o.least_align) for o in group)) if group else 0
    for o in group:
        o.unit = unit


def _addressed_objects(st: FnState, seen: _Seen) -> None:
    """The objects whose addresses ptrtoint reads or icmp compares; refused where two
    of them are both read or written: their contents are free apart from each other,
    but their addresses may overlap (a model with both would hold memories no machine
    has)."""
    if len([n for n in seen.as_int if st.objects[n].accessed]) > 1:
        raise LLUnsupported("ptrtoint of pointers into two objects that are both read or written "
                            f"({', '.join(st.display.get(n, n) for n in sorted(seen.as_int))})", st.at(st.start_line))
    for n in seen.as_int:
        st.objects[n].addressed = True
    _compared_objects(st, seen)
    if seen.stores or st.opts.overlap:
        _no_addressed_windows(st)


def _no_addressed_windows(st: FnState) -> None:
    """Refuses reading the address of a pointer that may share memory with another
    the function writes through (overlaps: a window at some offset): the model does
    not tie a window's base address to the memory it shares, so it would hold a
    pointer aliasing another at offset 0 with a different address."""
    shared = sorted(o.name for o in overlap_group(st) if o.addressed)
    if shared:
        raise LLUnsupported(f"the address of {', '.join(st.display.get(n, n) for n in shared)} (ptrtoint, a stored "
                            "pointer or a comparison), where it may share memory with another pointer the function "
                            "writes through", st.at(st.start_line))


def _pointers_read_back(st: FnState, seen: _Seen, fn: Any) -> None:
    """Refuses a pointer load that may run after a pointer store to memory it may
    share: a loaded pointer is read as pointing into the object it came from or one of
    its own (pointer_load), while the stored one points where the function's own
    pointer did, a provenance the stored bytes (its address alone) do not keep. A load
    no path leads to from such a store (`p = *pp; ...; *pp = p + n`) reads memory as
    the function found it."""
    if not seen.pointers_stored or not seen.pointers_loaded:
        return
    g = _cfg(fn)
    for stored, sb, sk, loc in seen.pointers_stored:
        later = [name for name, lb, lk in seen.pointers_loaded if _runs_after(g, (sb, sk), (lb, lk))]
        if any(may_overlap(st, loaded, stored) for loaded in later):
            raise LLUnsupported(f"a load of a pointer from memory the function may have stored a pointer to "
                                f"({st.display.get(stored, stored)})", loc)


def _runs_after(g: nx.DiGraph[Any], first: tuple[Any, int], then: tuple[Any, int]) -> bool:
    """Whether instruction `then` (block, index) may run after `first`: later in its
    block, or in a block a path from first's leads to (its own again round a cycle)."""
    if key(first[0]) == key(then[0]) and then[1] > first[1]:
        return True
    return any(s == key(then[0]) or nx.has_path(g, s, key(then[0])) for s in g.successors(key(first[0])))


def may_overlap(st: FnState, x: str, y: str) -> bool:
    """Whether objects `x` and `y` may share bytes: the same object, or two that are
    neither noalias, local, at null, nor both of known size (overlaps' candidates)."""
    a, b = st.objects.get(x), st.objects.get(y)
    if a is None or b is None:
        return False
    return x == y or not (_kept_apart(a) or _kept_apart(b) or (a.size is not None and b.size is not None))


def _kept_apart(o: MemObject) -> bool:
    """An object no other one may share bytes with: noalias, a local, or at null."""
    return o.noalias or o.local or o.at_null


def _compared_objects(st: FnState, seen: _Seen) -> None:
    """The objects icmp compares by address (refused where two of them are accessed)."""
    for names, loc in seen.compared:
        objs = [st.objects[n] for n in sorted(names)]
        if sum(o.accessed for o in objs) > 1:
            raise LLUnsupported("icmp of pointers into two objects that are both read or written", loc)
        for o in objs:
            o.addressed = True


def gep_steps(st: FnState, ins: Any, text: str, loc: Loc) -> list[int | FieldStep]:
    """What each GEP index does: a byte stride, or a struct field's byte offset."""
    source = gep_source_type(text)
    if source is None:
        raise LLUnsupported("a getelementptr form", loc)
    return st.layout.gep_steps(source, [int_const(i) for i in list(ins.operands)[1:]], loc)


def declare_objects(st: FnState, pre: Block) -> list[ArrayDecl]:
    """Array declarations, and the entry's facts about sizes and base addresses."""
    arrays = []
    for obj in st.objects.values():
        extent: Extent = obj.size // obj.unit if obj.size is not None else _runtime_extent(st, pre, obj)
        size_op: Operand = Const(obj.size, I64) if obj.size is not None else Ref(f"{obj.name}.bytes")
        _address_facts(st, pre, obj, size_op)
        _uninitialized(st, obj)
        contents = _contents(obj)
        arrays.append(ArrayDecl(obj.name, IntType(obj.unit * 8), extent, init=_poison_free(st, obj, contents),
                                readonly=obj.readonly, contents=contents))
    _allocations_apart(st, pre)
    # (a pair's target: also what its source's calls reach, LLOptions.source_reached)
    st.reached = tuple(obj.name for obj in st.objects.values()
                       if reached_by_calls(obj) or obj.name in st.opts.source_reached)
    return arrays


def _uninitialized(st: FnState, obj: MemObject) -> None:
    """Refuses memory whose bytes may be undef where the function reads them: a
    local's that no call fills, an allocator's that no call fills and is loaded."""
    shown = st.display.get(obj.name, obj.name)
    if obj.local and obj.accessed and not obj.escapes:
        raise LLUnsupported(f"local memory ({shown}) that no call fills: its uninitialized bytes are undef, which "
                            "the model does not hold", obj.where)
    if obj.allocated and obj.read_from and not obj.escapes:
        raise LLUnsupported(f"a load of the memory @{obj.returned_by} allocates, which no call fills ({shown}, "
                            f"allockind(\"{obj.allocated}\")): its contents are the allocator's (uninitialized "
                            "bytes are undef), which the model does not hold", obj.where)


def _poison_free(st: FnState, obj: MemObject, contents: object) -> bool:
    """Whether the object holds no poison at entry. Memory may hold poison: any object
    the function did not write itself (parameters, globals with or without an
    initializer). A constant global holds its initializer; where its bytes are unknown
    (padding, a pointer) they are fixed values, never poison, unless the initializer
    says poison or undef."""
    if not st.opts.memory_poison or contents is not None:
        return True
    return obj.constant and obj.image is not None and not obj.poison_init


def _runtime_extent(st: FnState, pre: Block, obj: MemObject) -> Extent:
    """An object of a size known at run time: a parameter of its bytes, its extent in
    units (once, for inbounds GEPs and the inductions they step), and the entry's
    assumption that it holds the bytes the pointer is dereferenceable for (with room
    before the pointer where asked; or null, for dereferenceable_or_null)."""
    size = f"{obj.name}.bytes"
    st.params.append(Param(size, I64))
    obj.units = st.fresh(f"{obj.name}.units")
    st.emit(pre, "sdiv", [Ref(size), Const(obj.unit, I64)], I64, obj.units, flags=())
    need: Operand = Const(obj.deref, I64)
    if obj.name in st.room:
        need = _room_before(st, pre, obj, need)
    ok = st.emit(pre, "icmp", [need, Ref(size)], I1, st.fresh(f"{obj.name}.deref"), pred="sle")
    if obj.or_null:  # dereferenceable_or_null: or null (where nothing tests for null: no bytes,
        # null or an object of none, which is more runs than LLVM's)
        none: Operand = Ref(f"{obj.name}.null") if obj.null_tested or obj.name in st.opts.nulls else \
            st.emit(pre, "icmp", [Ref(size), Const(0, I64)], I1, st.fresh(f"{obj.name}.none"), pred="eq")
        ok = st.emit(pre, "or", [ok, none], I1, st.fresh(f"{obj.name}.deref"), flags=())
    st.emit(pre, "assume", [ok], None, None)
    return ("/", size, obj.unit)


def _room_before(st: FnState, pre: Block, obj: MemObject, need: Operand) -> Operand:
    """Room before the pointer: 0 <= before <= units, and before's bytes + `need` are
    what the object must hold."""
    before = f"{obj.name}.before"
    st.params.append(Param(before, I64))
    lo = st.emit(pre, "icmp", [Const(0, I64), Ref(before)], I1, st.fresh(f"{before}.ok"), pred="sle")
    hi = st.emit(pre, "icmp", [Ref(before), Ref(obj.units or "")], I1, st.fresh(f"{before}.ok"), pred="sle")
    st.emit(pre, "assume", [st.emit(pre, "and", [lo, hi], I1, st.fresh(f"{before}.ok"), flags=())], None, None)
    room = st.emit(pre, "mul", [Ref(before), Const(obj.unit, I64)], I64, st.fresh(f"{before}.bytes"),
                   flags=("nsw", "nuw"))
    # (nsw: a sum past 2^63 is poison, and an assume of poison UB: it wrapped to a
    # negative need that any size met, and a "pointer" 2^63 bytes in)
    return st.emit(pre, "add", [room, need], I64, st.fresh(f"{obj.name}.need"), flags=("nsw", "nuw"))


def _allocations_apart(st: FnState, pre: Block) -> None:
    """Two allocations of their own (globals, allocas) whose base addresses the model
    holds share no byte (LangRef: distinct allocated objects do not overlap); one of no
    bytes may be anywhere. Parameters may point into one another (overlaps)."""
    own = [o for o in st.objects.values() if _allocation(o) and _has_address(st, o)]
    for k, a in enumerate(own):
        for b in own[k + 1:]:
            apart = st.emit(pre, "or", [_ends_before(st, pre, a, b), _ends_before(st, pre, b, a)], I1,
                            st.fresh("apart"), flags=())
            for x in (a, b):
                empty = st.emit(pre, "icmp", [_size_of(x), Const(0, I64)], I1, st.fresh(f"{x.name}.none"), pred="eq")
                apart = st.emit(pre, "or", [apart, empty], I1, st.fresh("apart"), flags=())
            st.emit(pre, "assume", [apart], None, None)


def _allocation(o: MemObject) -> bool:
    """An allocation of the function's own or the module's (an alloca, a global), or a
    `noalias` call's (an allocator's: LangRef's noalias result is storage disjoint
    from every other object)."""
    return (o.local or o.size is not None or (o.noalias and bool(o.returned_by))) and not o.at_null \
        and not o.loaded


def _size_of(o: MemObject) -> Operand:
    return Const(o.size, I64) if o.size is not None else Ref(f"{o.name}.bytes")


def _ends_before(st: FnState, pre: Block, x: MemObject, y: MemObject) -> Operand:
    """Whether object x's last byte is below y's base address."""
    end = st.emit(pre, "add", [Ref(f"{x.name}.addr"), _size_of(x)], I64, st.fresh(f"{x.name}.end"), flags=())
    return st.emit(pre, "icmp", [end, Ref(f"{y.name}.addr")], I1, st.fresh(f"{x.name}.below"), pred="ule")


def _address_facts(st: FnState, pre: Block, obj: MemObject, size_op: Operand) -> None:
    """The object's base address where the function reads, compares or aligns it
    (a parameter: aligned, its bytes not wrapping, not null unless empty), and a
    pointer parameter that may be null (a flag: an object of no bytes at 0)."""
    has_addr = _has_address(st, obj)
    obj.null_tested |= obj.name in st.opts.nulls
    null_param = obj.may_be_null and obj.null_tested
    empty = st.emit(pre, "icmp", [size_op, Const(0, I64)], I1, st.fresh(f"{obj.name}.empty"), pred="eq") \
        if has_addr or null_param else None
    nonzero = None
    if obj.at_null:
        st.emit(pre, "add", [Const(0, I64), Const(0, I64)], I64, f"{obj.name}.addr", flags=())
    elif has_addr:
        assert empty is not None
        nonzero = _base_address(st, pre, obj, size_op, empty)
    if null_param:
        assert empty is not None
        _null_parameter(st, pre, obj, empty, nonzero if has_addr else None)


def _has_address(st: FnState, obj: MemObject) -> bool:
    """Whether the model needs the object's base address: the function reads,
    compares or aligns it (a loaded pointer's own object: its address is computed
    where it is loaded)."""
    if obj.loaded:
        return False
    return align_unknown(obj, obj.access_align) or obj.name in st.opts.addrs or obj.addressed


def _base_address(st: FnState, pre: Block, obj: MemObject, size_op: Operand, empty: Operand) -> Operand:
    """A parameter of the base address: aligned (at `before` units in, with room), its
    bytes not wrapping around the address space (so that addresses compare as offsets
    do), and not 0 (null) unless the object is empty. Returns `addr != 0`."""
    addr = f"{obj.name}.addr"
    st.params.append(Param(addr, I64))
    if obj.align > 1:
        at: Operand = Ref(addr) if obj.name not in st.room else address(
            st, pre, obj, Ref(f"{obj.name}.before"), st.at(st.start_line))
        low = st.emit(pre, "and", [at, Const(obj.align - 1, I64)], I64, st.fresh(f"{obj.name}.low"), flags=())
        ok = st.emit(pre, "icmp", [low, Const(0, I64)], I1, st.fresh(f"{obj.name}.aligned"), pred="eq")
        st.emit(pre, "assume", [ok], None, None)
    room = st.emit(pre, "sub", [Const(mask(64), I64), size_op], I64, st.fresh(f"{obj.name}.room"), flags=())
    ok = st.emit(pre, "icmp", [Ref(addr), room], I1, st.fresh(f"{obj.name}.nowrap"), pred="ule")
    st.emit(pre, "assume", [ok], None, None)
    nonzero = st.emit(pre, "icmp", [Ref(addr), Const(0, I64)], I1, st.fresh(f"{obj.name}.nonzero"), pred="ne")
    st.emit(pre, "assume", [st.emit(pre, "or", [nonzero, empty], I1, st.fresh(f"{obj.name}.notnull"), flags=())],
            None, None)
    return nonzero


def _null_parameter(st: FnState, pre: Block, obj: MemObject, empty: Operand, nonzero: Operand | None) -> None:
    """A pointer parameter that may be null: a flag, and where it is set an object of
    no bytes (at address 0 where its address is read)."""
    st.params.append(Param(f"{obj.name}.null", I1))
    if nonzero is not None:
        at0 = st.emit(pre, "xor", [nonzero, Const(1, I1)], I1, st.fresh(f"{obj.name}.at0"), flags=())
        empty = st.emit(pre, "and", [empty, at0], I1, st.fresh(f"{obj.name}.empty"), flags=())
    real = st.emit(pre, "xor", [Ref(f"{obj.name}.null"), Const(1, I1)], I1, st.fresh(f"{obj.name}.real"), flags=())
    st.emit(pre, "assume", [st.emit(pre, "or", [real, empty], I1, st.fresh(f"{obj.name}.nullsize"), flags=())],
            None, None)


def reached_by_calls(obj: MemObject) -> bool:
    """Whether a callee may reach `obj` without being handed a pointer to it (LangRef's
    "other" memory): a global (a constant one it cannot write), or a pointer
    parameter's object, unless the function's own (an alloca) or a `noalias`
    parameter's that never escaped to a call."""
    if obj.constant or obj.at_null:
        return False
    if obj.local or obj.noalias:
        return obj.escapes
    return True


def _contents(obj: MemObject) -> tuple[int, ...] | None:
    """A constant global's initial contents in units (little-endian), if every byte is
    known."""
    if not obj.constant or obj.image is None or None in obj.image or obj.size is None:
        return None
    data = bytes(b for b in obj.image if b is not None)  # every byte (checked above)
    return tuple(int.from_bytes(data[k:k + obj.unit], "little")
                 for k in range(0, obj.size - obj.size % obj.unit, obj.unit))


def align_unknown(obj: MemObject, align: int) -> bool:
    """Whether an access claiming `align` at a whole-unit offset may be misaligned."""
    return align > obj.align or obj.unit % align != 0


def _overlap_candidates(st: FnState) -> tuple[list[MemObject], list[MemObject]]:
    """The objects overlaps pairs: free (parameters that are neither noalias nor
    unaccessed) and fixed (accessed globals and sized parameters)."""
    accessed = [o for o in st.objects.values() if o.accessed and not o.local]
    free = [o for o in accessed if o.size is None and not o.noalias]
    fixed = [o for o in accessed if o.size is not None and not o.at_null]
    return free, fixed


def overlap_group(st: FnState) -> list[MemObject]:
    """The objects overlaps may alias with one another (all of its pairs connect them):
    they are read in one unit, the gcd of theirs, so that any may be a window on
    another at any offset (an `int *` beside a `char *`)."""
    free, fixed = _overlap_candidates(st)
    return free + fixed if free and (len(free) > 1 or fixed) else []


def overlaps(st: FnState, arrays: list[ArrayDecl]) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """Pointers that may overlap, as the IR's aliases and windows. The candidates are
    the parameters that are neither noalias nor unaccessed (only their address
    matters); each may share a global's object or another candidate's, at any element
    offset. Globals and locals never overlap each other. Where memory is written this
    matters. Two candidates: the second may be a window on the first. Three or more
    and no global: every later one is a window on the first's object (apart is a far
    offset: the flat encoding, far cheaper to solve than a choice per pointer). With
    globals: each may be a window on a global or on an earlier candidate."""
    free, fixed = _overlap_candidates(st)
    elems = {a.name: a.elem for a in arrays}
    flat = len(free) > 2 and not fixed  # every later candidate a window on the first's object
    pairs = []
    for k, view in enumerate(free):
        for whole in fixed + free[:min(k, 1) if flat else k]:
            if elems[whole.name] != elems[view.name]:
                raise _units_differ(st, whole, view)
            pairs.append((whole.name, view.name))
    return pairs, tuple(o.name for o in free[1:]) if flat else ()


def _units_differ(st: FnState, whole: MemObject, view: MemObject) -> LLUnsupported:
    shown = [st.display.get(o.name, o.name) for o in (whole, view)]
    return LLUnsupported(f"pointers {shown[0]} and {shown[1]} that may overlap, read in units of "
                         f"{whole.unit} and {view.unit} bytes", st.at(st.start_line))


NULL_OBJECT = mask(64)  # the object number of the null pointer


def object_number(st: FnState, name: str) -> Const:
    """An object's number where a pointer is shown as a value (events, returned
    pointers): objects in name order, the same in a source and its target."""
    if st.objects[name].at_null:
        return Const(NULL_OBJECT, I64)
    return Const(sorted(n for n, o in st.objects.items() if not o.at_null).index(name), I64)


def shown_pointer(st: FnState, blk: Block, k: int | None, loc: Loc | None) -> tuple[Operand, Operand]:
    """A pointer as (address, object number), computed at the end of `blk`: the null
    literal (k None) is (0, NULL_OBJECT); a pointer into one object is its address
    there, or null where its null flag says so."""
    if k is None:
        return Const(0, I64), Const(NULL_OBJECT, I64)
    if k in st.multi_vals:
        return st.multi_vals[k]
    if k not in st.prov or k not in st.offsets:
        raise LLUnsupported("a pointer of unknown origin", loc)
    obj = st.objects[st.prov[k]]
    at = address(st, blk, obj, st.offsets[k], loc or st.at(st.start_line))
    which: Operand = object_number(st, obj.name)
    if k in st.nulls:
        null = st.nulls[k]
        at = st.emit(blk, "select", [null, Const(0, I64), at], I64, st.fresh("ptr.at"), loc)
        which = st.emit(blk, "select", [null, Const(NULL_OBJECT, I64), which], I64, st.fresh("ptr.object"), loc)
    return at, which


def address(st: FnState, blk: Block, obj: MemObject, off: Operand, loc: Loc) -> Operand:
    """The address `off` units into `obj`, from its free base address <obj>.addr."""
    scaled = st.emit(blk, "mul", [off, Const(obj.unit, I64)], I64, st.fresh("addr.off"), loc, flags=())
    return st.emit(blk, "add", [Ref(f"{obj.name}.addr"), scaled], I64, st.fresh("addr"), loc, flags=())


def aligned(st: FnState, blk: Block, obj: MemObject, off: Operand, align: int, loc: Loc, extra: int = 0) -> Operand:
    """Whether the address `off` units into `obj`, less `extra` bytes, is a multiple of
    `align`."""
    addr = address(st, blk, obj, off, loc)
    if extra:
        addr = st.emit(blk, "sub", [addr, Const(extra, I64)], I64, st.fresh("addr"), loc, flags=())
    low = st.emit(blk, "and", [addr, Const(align - 1, I64)], I64, st.fresh("addr.low"), loc, flags=())
    return st.emit(blk, "icmp", [low, Const(0, I64)], I1, st.fresh("aligned"), loc, pred="eq", flags=())


def event_pointer(st: FnState, blk: Block, obj_name: str, off: Operand, loc: Loc) -> list[Operand]:
    """A pointer as an event's arguments: its object's number and its offset in bytes."""
    unit = st.objects[obj_name].unit
    at = st.emit(blk, "mul", [off, Const(unit, I64)], I64, st.fresh("arg.bytes"), loc, flags=()) \
        if unit != 1 else off
    return [object_number(st, obj_name), at]
