"""LLVM IR (.ll) front end (issue 6): one function of a module clang-22 or opt-22
wrote, read with llvmlite (LLVM 22's own parser), into our IR.

Memory: every pointer the function uses is traced to one object (a pointer
parameter or a global); a pointer value becomes an i64 offset into it, counted in
the object's *unit*: the gcd of the sizes of its accesses and GEP strides, so that
every access is whole units (an `int` array: 4 bytes). A parameter's object has a
free size `<p>.bytes` in bytes, at least its `dereferenceable(N)`, and a free base
address `<p>.addr` (aligned to its `align`) against which each access's `align` is
checked. Memory may hold poison (every object but a `constant` global, whose
initializer's bytes are read) unless the user assumes otherwise (`LLOptions.assume`).

Anything outside the supported subset raises `LLUnsupported` naming the construct;
the caller turns it into an `unknown` verdict (never a crash, never a proof).
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from verifier.analysis.loops import LoopShapeError, find_loops
from verifier.errors import UserError, read_source
from verifier.frontend.layout import FieldStep, Layout, initializer_bytes, literal_bits
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.opcodes import CTTZ_ELTS_RULES, FBINOPS, FCASTS, FCMP_PREDS, OPCODES, REDUCE_KINDS
from verifier.ir.program import (
    ArrayDecl,
    Assumption,
    Block,
    Branch,
    Const,
    Extent,
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
from verifier.ir.types import I1, I64, IntType, Type, VecType, elem_of, mask, to_signed

CTTZ_RULES = CTTZ_ELTS_RULES


@dataclass(frozen=True)
class LLOptions:
    """Semantic choices where LLVM's language reference has moved (issue 6, item 3)."""

    cttz_elts: str = "any-poison"  # or "first-true"
    # assumptions stronger than LLVM's semantics the user opted into (named; listed in verdicts)
    assume: frozenset[Assumption] = frozenset()
    # what the other function of a pair needs (parse_ll_pair): each object's unit
    # divides these, and these objects get a base address / a null flag
    units: tuple[tuple[str, int], ...] = ()
    addrs: frozenset[str] = frozenset()
    nulls: frozenset[str] = frozenset()
    overlap: bool = False  # pointers that may overlap are aliased even without a store
    # a returned pointer is shown as (object, address): the other function of the pair
    # returns a pointer that may point into one of several objects
    ret_address: bool = False
    # the null pointer's object (GEPs on null): declared when the other function has it
    null_object: bool = False
    # pointer parameters that may point past their object's start (a free room
    # `<p>.before` in front of them): given where a run may form a pointer before a
    # parameter (checks/param_start.py), instead of taking it to be the start
    room: frozenset[str] = frozenset()

    @property
    def memory_poison(self) -> bool:
        """Whether memory may hold poison at entry (LLVM's semantics: it may)."""
        return Assumption.MEMORY_HAS_NO_POISON not in self.assume


# ---------------------------------------------------------------- reading

def read_module(path: Path) -> Any:
    """The parsed module; a parse error is the user's, with file:line:col."""
    import llvmlite.binding as llvm

    text = read_source(path)
    try:
        mod = llvm.parse_assembly(text, context=llvm.create_context())  # named types keep their names
        mod.verify()
    except RuntimeError as e:
        m = re.search(r"<string>:(\d+):(\d+): error: (.*)", str(e))
        if m:
            raise UserError(m.group(3), Loc(str(path), int(m.group(1)), int(m.group(2)))) from None
        raise UserError(f"not valid LLVM IR: {str(e).strip().splitlines()[-1]}", Loc(str(path), 1, 1)) from None
    return mod


def _key(v: Any) -> int:
    """An identity for an llvmlite value (its hash is the address of the LLVM value)."""
    return hash(v)


_INT = re.compile(r"i(\d+)$")
_VEC = re.compile(r"<(\d+) x (\w+)>$")
# IEEE types are read as their bits; only fcmp (and fneg, fabs) look inside them
FLOAT_BITS = {"half": 16, "float": 32, "double": 64}


def parse_type(t: str, loc: Loc | None = None) -> Type | None:
    """iN, half/float/double (as their bits), <W x ...>; `ptr` and `void` as None
    (pointers are handled apart)."""
    t = t.strip()
    if t in ("ptr", "void"):
        return None
    m = _INT.match(t)
    if m:
        return IntType(int(m.group(1)))
    if t in FLOAT_BITS:
        return IntType(FLOAT_BITS[t])
    m = _VEC.match(t)
    if m:
        lane = parse_type(m.group(2), loc)
        if isinstance(lane, IntType):
            return VecType(int(m.group(1)), lane)
    raise LLUnsupported(f"type {t}", loc)


def _access_size(t: str, loc: Loc | None) -> int:
    """Bytes of a scalar or vector access: iN or <W x iN>, N a multiple of 8."""
    ty = parse_type(t.strip(), loc)
    if ty is None:
        raise LLUnsupported(f"the size of {t}", loc)
    bits = ty.elem.bits * ty.lanes if isinstance(ty, VecType) else ty.bits
    if bits % 8:
        raise LLUnsupported(f"memory access of {t} (not whole bytes)", loc)
    return bits // 8


def _align_of(text: str, default: int = 1) -> int:
    """The `align N` (or a parameter's `align(N)`) written in an instruction,
    parameter or global (default if none)."""
    m = re.search(r"\balign(?: |\()(\d+)", text)
    return int(m.group(1)) if m else default


def _clean(name: str) -> str:
    name = name.lstrip("%@")
    name = re.sub(r"[^A-Za-z0-9_.]", "_", name)
    return f"v{name}" if not name or name[0].isdigit() or name[0] == "." else name


# ---------------------------------------------------------------- objects

@dataclass
class MemObject:
    """A memory object the function reaches: a pointer parameter or a global."""

    name: str
    size: int | None  # exact bytes (a global), else free (a parameter: <name>.bytes)
    deref: int = 0  # bytes known dereferenceable (a parameter)
    align: int = 1  # known alignment of its base
    readonly: bool = False
    unit: int = 0  # bytes per element of our array (gcd of access and stride sizes)
    access_align: int = 1  # the largest `align` an access or an assume's align bundle claims
    may_be_null: bool = False  # a parameter without nonnull or dereferenceable(N > 0)
    null_tested: bool = False  # compared with null somewhere: <name>.null says whether it is
    noalias: bool = False  # a parameter marked noalias
    accessed: bool = False  # loaded from or stored to (else only its address matters)
    addressed: bool = False  # compared with a pointer into another object: by address
    units: str = ""  # the entry's value holding its free size in units (<name>.bytes / unit)
    constant: bool = False  # a `constant` global: its bytes are its initializer's, forever
    image: list[int | None] | None = None  # a constant global's bytes (None: unknown byte)
    poison_init: bool = False  # its initializer writes poison or undef somewhere
    local: bool = False  # an alloca: the function's own, never overlapping another object
    escapes: bool = False  # passed to a call that may write what it points to
    at_null: bool = False  # the null pointer's own (GEPs on null): no bytes, at address 0
    where: Loc | None = None  # where it is defined (an alloca)


_LABEL = re.compile(r'^("[^"]*"|[-\w.$]+):')  # a block's label line in a function's text

_FAST_MATH = {"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"}
_FLAGS = {"nuw", "nsw", "exact", "disjoint", "inbounds", "nusw", "samesign", "nneg"}


@dataclass
class _Fn:
    """Translation state of one function."""

    path: Path
    lines: list[str]
    opts: LLOptions
    names: dict[int, str] = field(default_factory=dict)
    blocks: dict[str, Block] = field(default_factory=dict)
    objects: dict[str, MemObject] = field(default_factory=dict)
    prov: dict[int, str] = field(default_factory=dict)  # pointer value -> object
    offsets: dict[int, Operand] = field(default_factory=dict)  # pointer value -> offset in units
    params: list[Param] = field(default_factory=list)
    funcs: dict[str, FuncDecl] = field(default_factory=dict)
    uid: int = 0
    taken: set[str] = field(default_factory=set)
    start_line: int = 0
    pointer_phis: list[tuple[Phi, list[tuple[str, int | None]]]] = field(default_factory=list)
    layout: Layout = field(default_factory=Layout)
    edges: dict[tuple[str, str], str] = field(default_factory=dict)  # (llvm pred, succ) -> our pred
    nullable: set[int] = field(default_factory=set)  # pointer values that may be the null literal
    nulls: dict[int, Operand] = field(default_factory=dict)  # ... and the i1 saying whether they are
    null_phis: list[tuple[Phi, list[tuple[str, int | None]]]] = field(default_factory=list)
    # pointer phis over pointers into several objects (only returned): their objects,
    # and the (address, object number) phis that stand for them
    multi: dict[int, frozenset[str]] = field(default_factory=dict)
    multi_vals: dict[int, tuple[Operand, Operand]] = field(default_factory=dict)
    multi_phis: list[tuple[Phi, Phi, list[tuple[str, int | None]]]] = field(default_factory=list)
    pre: Block = field(default_factory=lambda: Block("pre"))  # the entry's own facts, run first
    ins_locs: dict[int, Loc] = field(default_factory=dict)  # instruction -> its line, in text order
    display: dict[str, str] = field(default_factory=dict)  # our name -> LLVM's (`v4` -> `%4`)
    touched: bool = False  # a load or store has been translated (blocks go in order, entry first)
    stores: bool = False  # the function stores to memory somewhere
    trapped: bool = False  # the instruction just translated ends the program (llvm.trap)
    entry: str = ""  # the entry block's name
    # pointers loaded from memory (a linked structure's `p->next`): taken to point into
    # the object they were loaded from, or to be null (Assumption.LOADED_POINTERS_IN_OBJECT)
    loaded: set[int] = field(default_factory=set)
    # pointer parameters with free room in front of them (LLOptions.room, and those
    # whose objects hold loaded pointers: the nodes may lie before the one passed)
    room: set[str] = field(default_factory=set)

    def loc_of(self, text: str, ins: Any = None) -> Loc:
        """Where an instruction is: from the function's own text in order (`ins`), else
        the first line that starts like `text`."""
        if ins is not None and _key(ins) in self.ins_locs:
            return self.ins_locs[_key(ins)]
        first = text.strip().splitlines()[0].strip() if text.strip() else ""
        for k in range(self.start_line, len(self.lines)):
            if first and self.lines[k].strip().startswith(first[:60]):
                return Loc(str(self.path), k + 1, len(self.lines[k]) - len(self.lines[k].lstrip()) + 1)
        return Loc(str(self.path), self.start_line + 1, 1)

    def block_loc(self, name: str | None) -> Loc:
        """Where block `name` (ours: a cleaned label) starts in the function's text."""
        for k in range(self.start_line + 1, len(self.lines)):
            line = self.lines[k]
            if line.startswith("}"):
                break
            m = _LABEL.match(line)
            if m and name is not None and _clean(m.group(1).strip('"')) == name:
                return Loc(str(self.path), k + 1, 1)
        return Loc(str(self.path), self.start_line + 1, 1)

    def shown(self, llvm_name: str) -> str:
        """Our name for the LLVM value or block `%x` / `@x`, remembering how LLVM prints it."""
        ours = _clean(llvm_name)
        self.display[ours] = llvm_name
        return ours

    def fresh(self, hint: str) -> str:
        k = 0
        while f"{hint}.l{k}" in self.taken:
            k += 1
        self.taken.add(f"{hint}.l{k}")
        return f"{hint}.l{k}"

    def emit(self, blk: Block, op: str, args: list[Operand], ty: Type | None, dest: str | None,
             loc: Loc | None = None, **attrs: Any) -> Operand:
        self.uid += 1
        blk.instrs.append(Instr(self.uid, op, args, ty, dest, dict(attrs), loc))
        return Ref(dest) if dest is not None else Const(0, I1)


def parse_ll_file(path: str | Path, func: str | None = None, opts: LLOptions | None = None) -> Program:
    """Function `func` (the only defined one if None) of the module at `path`."""
    path = Path(path)
    opts = opts or LLOptions()
    if opts.cttz_elts not in CTTZ_RULES:
        raise UserError(f"--cttz-elts {opts.cttz_elts}: expected one of {', '.join(CTTZ_RULES)}")
    mod = read_module(path)
    defined = [f for f in mod.functions if not f.is_declaration]
    if func is None:
        if len(defined) != 1:
            raise UserError(f"{path}: {len(defined)} functions defined; choose one with --func "
                            f"({', '.join(f.name for f in defined)})")
        fn = defined[0]
    else:
        match = [f for f in defined if f.name == func]
        if not match:
            raise UserError(f"{path}: no function @{func} defined here "
                            f"(there are: {', '.join(f.name for f in defined) or 'none'})")
        fn = match[0]
    lines = read_source(path).splitlines()
    st = _Fn(path, lines, opts, layout=Layout.of_module(lines), room=set(opts.room))
    for k, line in enumerate(lines):
        if line.startswith("define") and f"@{fn.name}(" in line:
            st.start_line = k
            break
    prog = _translate(st, mod, fn)
    try:
        find_loops(prog)
    except LoopShapeError as e:
        where = f" (at block {st.display.get(e.block, e.block)})" if e.block else ""
        raise LLUnsupported(e.what + where, st.block_loc(e.block)) from None
    return prog


def parse_ll_pair(src: Path, tgt: Path, func: str | None = None,
                  opts: LLOptions | None = None) -> tuple[Program, Program]:
    """The same function of two modules, over one environment: where one side reads an
    object in smaller units, needs its base address or its null flag, both do."""
    both = opts or LLOptions()
    while True:  # the needs only grow (smaller units, more addresses): a few rounds at most
        a, b = parse_ll_file(src, func, both), parse_ll_file(tgt, func, both)
        na, nb = _needs(a), _needs(b)
        if na == nb:
            return a, b
        units = dict(both.units)
        for name, unit in na[0] | nb[0]:
            units[name] = math.gcd(units.get(name, 0), unit)
        grown = dataclasses.replace(both, units=tuple(sorted(units.items())), addrs=both.addrs | na[1] | nb[1],
                                    nulls=both.nulls | na[2] | nb[2],
                                    overlap=both.overlap or bool(a.aliases or b.aliases),
                                    ret_address=both.ret_address or na[4] or nb[4],
                                    null_object=both.null_object or na[5] or nb[5])
        if grown == both:
            return a, b  # the refinement check names what still differs
        both = grown


def _needs(p: Program) -> tuple[frozenset[tuple[str, int]], frozenset[str], frozenset[str], bool, bool, bool]:
    names = {q.name for q in p.params}
    returns_object = any(i.op == "out" and i.attrs.get("name") == "ret.object" for i in p.instructions())
    return (frozenset((a.name, a.elem.bits // 8) for a in p.arrays),
            frozenset(a.name for a in p.arrays if f"{a.name}.addr" in names),
            frozenset(a.name for a in p.arrays if f"{a.name}.null" in names), bool(p.aliases), returns_object,
            any(p.display.get(a.name) == "null" for a in p.arrays))


# ---------------------------------------------------------------- translation

def _operand_text(v: Any) -> str:
    return str(v).strip()


def _const(st: _Fn, blk: Block, v: Any, ty: Type, loc: Loc) -> Operand:
    """A constant operand: integers, poison, undef, splats and constant vectors."""
    text = _operand_text(v)
    body = text[len(str(v.type)):].strip() if text.startswith(str(v.type)) else text
    if body == "zeroinitializer":
        return Const(0, ty)
    lane_ty = ty.elem if isinstance(ty, VecType) else ty
    m = re.match(r"splat \((\w+) (.*)\)$", body)
    if m:
        return Const(_int_lit(m.group(2), lane_ty.bits, loc), ty)
    if isinstance(ty, VecType) and body.startswith("<"):
        ops = [_literal(ln.strip().partition(" ")[2], lane_ty, loc) for ln in body.strip("<>").split(",")]
        if all(o == ops[0] for o in ops) and isinstance(ops[0], Const):
            return Const(ops[0].value, ty)
        # built once in the entry, which dominates every use (a phi's incoming value too)
        return st.emit(st.pre, "vec", ops, ty, st.fresh("const"), loc)
    return _literal(body, ty, loc)


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


def _flags(text: str, opcode: str) -> tuple[str, ...]:
    """The flags written after the opcode (`add nuw nsw`, `icmp samesign ult`, ...)."""
    m = re.search(rf"\b{re.escape(opcode)}\b(.*)", text)
    out = []
    for tok in (m.group(1) if m else "").split():
        if tok in _FLAGS:
            out.append(tok)
        elif tok not in ("eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"):
            break
    return tuple(out)


def _translate(st: _Fn, mod: Any, fn: Any) -> Program:
    # names: arguments, blocks, instructions
    for a in fn.arguments:
        st.names[_key(a)] = st.shown(_operand_text(a).split()[-1])
    blocks = list(fn.blocks)
    for k, b in enumerate(blocks):
        first = str(b).lstrip("\n").splitlines()[0] if str(b).strip() else ""
        m = re.match(r"^([\w.$-]+):", first)
        st.names[_key(b)] = st.shown(f"%{m.group(1)}") if m else ("entry" if k == 0 else f"bb{k}")
        for ins in b.instructions:
            t = _operand_text(ins)
            if t.startswith("%"):
                st.names[_key(ins)] = st.shown(t.split("=")[0].strip())
    st.taken = set(st.names.values())
    st.ins_locs = _instruction_lines(st, blocks)
    st.entry = st.names[_key(blocks[0])]
    st.stores = any(ins.opcode == "store" or (ins.opcode == "call" and "@llvm.masked.store" in _operand_text(ins))
                    for b in blocks for ins in b.instructions)
    for b in blocks:
        st.blocks[st.names[_key(b)]] = Block(st.names[_key(b)])
    entry = st.blocks[st.names[_key(blocks[0])]]
    pre_blk = st.pre  # the entry's own facts (object sizes, alignment, poison parameters, constants)

    # parameters
    for a in fn.arguments:
        name = st.names[_key(a)]
        at = _attributes(a)
        loc = Loc(str(st.path), st.start_line + 1, 1)
        if str(a.type) == "ptr":
            deref = re.search(r"dereferenceable\((\d+)\)", at)
            obj = MemObject(name, None, int(deref.group(1)) if deref else 0, _align_of(at), "readonly" in at)
            obj.may_be_null = obj.deref == 0 and not re.search(r"\bnonnull\b", at)
            obj.noalias = bool(re.search(r"\bnoalias\b", at))
            st.objects[name] = obj
            st.prov[_key(a)] = name
            continue
        ty = parse_type(str(a.type), loc)
        if not isinstance(ty, IntType):
            raise LLUnsupported(f"parameter of type {a.type}", loc)
        _int_param(st, pre_blk, name, ty, at, loc)
    for g in mod.global_variables:
        st.names[_key(g)] = st.shown(f"@{g.name}")
    _provenance(st, fn, mod)
    if st.opts.null_object:
        _null_object(st)
    for a in fn.arguments:  # a parameter points `before` units into its object (declared in _objects)
        if str(a.type) == "ptr":
            name = st.names[_key(a)]
            st.offsets[_key(a)] = Ref(f"{name}.before") if name in st.room else Const(0, I64)
    _units(st, fn)
    arrays = _objects(st, pre_blk)

    for b in blocks:
        _block(st, b)
    for phi, incoming in st.pointer_phis:
        phi.incoming = [(blk, Const(0, I64)) if k is None else (blk, st.offsets[k]) if k in st.offsets
                        else _unknown_pointer(phi.loc) for blk, k in incoming]
    for phi, incoming in st.null_phis:
        phi.incoming = [(blk, Const(1, I1) if k is None else st.nulls.get(k, Const(0, I1))) for blk, k in incoming]
    for at_phi, which_phi, multi_in in st.multi_phis:
        pairs = [_shown_pointer(st, st.blocks[b], k, at_phi.loc) for b, k in multi_in]
        at_phi.incoming = [(b, a) for (b, _), (a, _) in zip(multi_in, pairs, strict=True)]
        which_phi.incoming = [(b, w) for (b, _), (_, w) in zip(multi_in, pairs, strict=True)]
    _split_edges(st)
    entry.instrs[:0] = pre_blk.instrs
    writes = any(i.op == "store" for b in st.blocks.values() for i in b.instrs)
    aliases, windows = _overlaps(st, arrays) if writes or st.opts.overlap else ([], ())
    needed = {Assumption.LOADED_POINTERS_IN_OBJECT} if st.loaded else set()
    prog = Program(_clean(fn.name), st.params, arrays, st.funcs, aliases, st.blocks, entry.name, file=str(st.path),
                   assumptions=tuple(sorted(st.opts.assume)),
                   unassumed=tuple(sorted(needed - st.opts.assume)), display=dict(st.display), windows=windows)
    return prog


def _in_range(st: _Fn, blk: Block, v: Operand, ty: IntType, attrs: str, what: str,
              loc: Loc) -> Operand | None:
    """Whether v lies in the `range(iN lo, hi)` its attributes give ([lo, hi), wrapping as
    LangRef's ranges do); None without one."""
    m = re.search(r"\brange\(i(\d+) (-?\d+), (-?\d+)\)", attrs)
    if not m:
        return None
    lo, hi = int(m.group(2)) & mask(ty.bits), int(m.group(3)) & mask(ty.bits)
    d = st.emit(blk, "sub", [v, Const(lo, ty)], ty, st.fresh(f"{what}.range"), loc, flags=())
    return st.emit(blk, "icmp", [d, Const((hi - lo) & mask(ty.bits), ty)], I1, st.fresh(f"{what}.inrange"), loc,
                   pred="ult")


def _int_param(st: _Fn, pre: Block, name: str, ty: IntType, attrs: str, loc: Loc) -> None:
    """An integer parameter: without `noundef` it may be poison; `range(iN a, b)` makes
    a value outside [a, b) poison, so with `noundef` the caller had UB there (such
    inputs are no run of the function)."""
    noundef = bool(re.search(r"\bnoundef\b", attrs))
    raw = name if noundef else f"{name}.value"
    st.params.append(Param(raw, ty))
    ok = _in_range(st, pre, Ref(raw), ty, attrs, name, loc)
    if noundef:
        if ok is not None:
            st.emit(pre, "assume", [ok], None, None, loc)
        return
    pois = f"{name}.poison"
    st.params.append(Param(pois, I1))
    poisoned: Operand = Ref(pois)
    if ok is not None:
        out = st.emit(pre, "xor", [ok, Const(1, I1)], I1, st.fresh(f"{name}.outside"), loc, flags=())
        poisoned = st.emit(pre, "or", [Ref(pois), out], I1, st.fresh(f"{name}.poisoned"), loc, flags=())
    st.emit(pre, "select", [poisoned, PoisonConst(ty), Ref(raw)], ty, name, loc)


def _instruction_lines(st: _Fn, blocks: list[Any]) -> dict[int, Loc]:
    """Each instruction's line and column, by walking the function's text in order
    (labels, comments, blank lines and a switch's case lines are no instructions), so
    two instructions with the same text get their own lines. Empty if the text and
    the parsed function disagree on the count (then loc_of searches)."""
    at: list[Loc] = []
    k = st.start_line + 1
    while k < len(st.lines):
        line = st.lines[k]
        body = line.split(";", 1)[0].strip() if not line.lstrip().startswith('"') else line.strip()
        if line.startswith("}"):
            break
        if body and not _LABEL.match(line):
            at.append(Loc(str(st.path), k + 1, len(line) - len(line.lstrip()) + 1))
            if body.endswith("["):  # a switch: its cases run to the closing bracket
                while k + 1 < len(st.lines) and not st.lines[k].strip().startswith("]"):
                    k += 1
        k += 1
    instrs = [ins for b in blocks for ins in b.instructions]
    if len(instrs) != len(at):
        return {}
    return {_key(ins): loc for ins, loc in zip(instrs, at, strict=True)}


def _split_edges(st: _Fn) -> None:
    """Phi edges out of a lowered switch come from the block that now branches to the
    target; an edge LLVM lists once per case (same block, same value) is kept once."""
    for name, blk in st.blocks.items():
        for phi in blk.phis:
            seen: list[tuple[str, Operand]] = []
            for pred, v in phi.incoming:
                pred = st.edges.get((pred, name), pred)
                if all(p != pred for p, _ in seen):
                    seen.append((pred, v))
            phi.incoming = seen


def _overlaps(st: _Fn, arrays: list[ArrayDecl]) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """Pointers that may overlap, as the IR's aliases and windows. The candidates are
    the parameters that are neither noalias nor unaccessed (only their address
    matters); each may share a global's object or another candidate's, at any element
    offset. Globals and locals never overlap each other. Where memory is written this
    matters. Two candidates: the second may be a window on the first. Three or more
    and no global: every later one is a window on the first's object (apart is a far
    offset: the flat encoding, far cheaper to solve than a choice per pointer). With
    globals: each may be a window on a global or on an earlier candidate."""
    free = [o for o in st.objects.values() if o.size is None and not o.noalias and o.accessed]
    fixed = [o for o in st.objects.values() if o.size is not None and o.accessed and not o.local and not o.at_null]
    elems = {a.name: a.elem for a in arrays}
    pairs = []
    for k, view in enumerate(free):
        for whole in fixed + free[:min(k, 1) if len(free) > 2 and not fixed else k]:
            if elems[whole.name] != elems[view.name]:
                raise LLUnsupported(f"pointers {whole.name} and {view.name} that may overlap, read in units of "
                                    f"{whole.unit} and {view.unit} bytes")
            pairs.append((whole.name, view.name))
    windows = tuple(o.name for o in free[1:]) if len(free) > 2 and not fixed else ()
    return pairs, windows


def _unknown_pointer(loc: Loc | None) -> tuple[str, Operand]:
    raise LLUnsupported("a pointer phi with an incoming pointer of unknown origin", loc)


def _attributes(v: Any) -> str:
    """A parameter's (or function's) attributes as LLVM spells them, from llvmlite."""
    return " ".join(a.decode() for a in v.attributes)


def _provenance(st: _Fn, fn: Any, mod: Any) -> None:
    """Which object every pointer value points into (a fixed point over phis)."""
    for g in mod.global_variables:
        gname = st.names[_key(g)]
        text = _operand_text(g)
        vt = str(g.global_value_type)
        loc = Loc(str(st.path), 1, 1)
        size = st.layout.size(vt, loc)
        constant = bool(re.search(r"\bconstant\b", text.split("=", 1)[-1][:60]))
        obj = MemObject(gname, size, size, _align_of(text), constant, constant=constant)
        if constant:  # only a constant global's bytes are known at entry (LangRef)
            obj.image = initializer_bytes(st.layout, vt, text.split("=", 1)[-1], loc)
            obj.poison_init = bool(re.search(r"\b(poison|undef)\b", text.split("=", 1)[-1]))
        st.objects[gname] = obj
        st.prov[_key(g)] = gname
        st.offsets[_key(g)] = Const(0, I64)
    for b in fn.blocks:
        for ins in b.instructions:
            if ins.opcode == "alloca":
                _alloca(st, ins)
            if ins.opcode == "getelementptr" and _is_null(list(ins.operands)[0]):
                st.prov[_key(ins)] = _null_object(st)
    changed = True
    while changed:
        changed = False
        for b in fn.blocks:
            for ins in b.instructions:
                vector_gep = ins.opcode == "getelementptr" and str(ins.type).endswith("x ptr>")
                if (str(ins.type) != "ptr" and not vector_gep) or _key(ins) in st.prov:
                    continue
                srcs = [o for o in ins.operands if str(o.type) == "ptr" and _key(o) in st.prov]
                if ins.opcode == "load" and srcs:
                    st.loaded.add(_key(ins))
                if ins.opcode in ("getelementptr", "phi", "select", "load") and srcs:
                    objs = {st.prov[_key(o)] for o in srcs}
                    if len(objs) == 1:
                        st.prov[_key(ins)] = objs.pop()
                        changed = True
    # phis over pointers into several objects: a value only `ret` may use (as an
    # address and an object number), so each of those objects gets a base address
    # (the fixed point above gave a phi the one object its known operands agreed on;
    # one whose operands turn out to point into several becomes such a value too, and
    # whatever was derived from it is refused where it is used: see _pointer)
    changed = True
    while changed:
        changed = False
        for b in fn.blocks:
            for ins in b.instructions:
                if ins.opcode != "phi" or str(ins.type) != "ptr":
                    continue
                k = _key(ins)
                ops = [o for o in ins.operands if not _is_null(o)]
                into = frozenset[str]().union(*(frozenset({st.prov[_key(o)]}) if _key(o) in st.prov
                                                else st.multi.get(_key(o), frozenset()) for o in ops))
                if len(into) > 1 and st.multi.get(k) != into:
                    st.prov.pop(k, None)
                    st.multi[k] = into
                    changed = True
    returned = [st.prov[_key(o)] for b in fn.blocks for ins in b.instructions if ins.opcode == "ret"
                for o in ins.operands if str(o.type) == "ptr" and _key(o) in st.prov] if st.opts.ret_address else []
    # an object holding loaded pointers: their offsets are their addresses less its own
    holding = [st.prov[k] for k in st.loaded]
    for n in [*returned, *(n for objs in st.multi.values() for n in objs), *holding]:
        st.objects[n].addressed = True
    st.room |= {n for n in holding if st.objects[n].size is None}
    # which of them may be the null literal (a phi or select with a null operand)
    changed = True
    while changed:
        changed = False
        for b in fn.blocks:
            for ins in b.instructions:
                if str(ins.type) != "ptr" or _key(ins) in st.nullable:
                    continue
                if _key(ins) in st.loaded:
                    st.nullable.add(_key(ins))
                    changed = True
                    continue
                if ins.opcode not in ("getelementptr", "phi", "select"):
                    continue
                ptrs = list(ins.operands)[:1] if ins.opcode == "getelementptr" else list(ins.operands)
                if any(_is_null(o) or _key(o) in st.nullable for o in ptrs):
                    st.nullable.add(_key(ins))
                    changed = True


def _alloca(st: _Fn, ins: Any) -> None:
    """`alloca T[, iN count][, align A]`: a local object of constant size, its own
    (no other pointer reaches it unless the function passes it on)."""
    text = _operand_text(ins)
    loc = st.loc_of(text, ins)
    m = re.search(r"=\s*alloca(?: inalloca)? (.*?)(?:, (i\d+) (\d+))?(?:, align (\d+))?(?:, addrspace\(\d+\))?\s*(?:,\s*!.*)?$",
                  text)
    if not m:
        raise LLUnsupported("an alloca of a size that is not a constant", loc)
    size = st.layout.size(m.group(1), loc) * (int(m.group(3)) if m.group(3) else 1)
    name = st.names[_key(ins)]
    st.objects[name] = MemObject(name, size, size, int(m.group(4) or 1), local=True, where=loc)
    st.prov[_key(ins)] = name
    st.offsets[_key(ins)] = Const(0, I64)


def _null_object(st: _Fn) -> str:
    """The object a GEP on `null` points into: no bytes (every access UB, an inbounds
    GEP poison unless it stays at 0, LangRef), at address 0, shown as null. (The null
    literal itself stays outside `prov`: a phi or select over it is a nullable pointer.)"""
    name = next((o.name for o in st.objects.values() if o.at_null), None)
    if name is None:
        name = st.fresh("null")
        st.display[name] = "null"
        st.objects[name] = MemObject(name, 0, 0, 1, readonly=True, at_null=True)
    return name


def _gep_base(st: _Fn, v: Any, loc: Loc) -> tuple[str, Operand]:
    """A GEP's base pointer: its object and offset, the null literal's own object at 0."""
    if _is_null(v):
        return _null_object(st), Const(0, I64)
    return _pointer(st, v, loc)


def _is_null(v: Any) -> bool:
    return bool(v.is_constant) and str(v.type) == "ptr" and _operand_text(v).endswith("null")


def _int_const(v: Any) -> int | None:
    """A scalar integer constant operand's value (as printed, signed); else None."""
    m = re.match(r"i\d+ (-?\d+)$", _operand_text(v)) if v.is_constant else None
    return int(m.group(1)) if m else None


def _known_zeros(fn: Any) -> dict[int, int]:
    """For each integer SSA value, how many low bits are always zero (LLVM's known
    trailing zeros, 64 for zero): a byte-offset GEP `gep i8, p, %off` with %off
    stepping by 4 then moves in 4-byte units (LLVM 20+ writes pointer inductions
    and constant offsets this way). An optimistic fixpoint over phis."""
    tz: dict[int, int] = {}

    def of(v: Any) -> int:
        if v.is_constant:
            c = _int_const(v)
            return 0 if c is None else 64 if c == 0 else (c & -c).bit_length() - 1
        return tz.get(_key(v), 0)

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
        if op == "shl" and (c := _int_const(ops[1])) is not None and c >= 0:
            return min(64, of(ops[0]) + c)
        if op in ("zext", "sext"):
            return of(ops[0])
        return 0

    ints = [ins for b in fn.blocks for ins in b.instructions if re.fullmatch(r"i\d+", str(ins.type))]
    for ins in ints:
        tz[_key(ins)] = 64  # top: every value starts as a multiple of everything
    changed = True
    while changed:
        changed = False
        for ins in ints:
            new = min(step(ins), tz[_key(ins)])
            if new != tz[_key(ins)]:
                tz[_key(ins)] = new
                changed = True
    return tz


def _index_stride(tz: dict[int, int], idx: Any, stride: int) -> int:
    """The bytes a GEP index moves in: its stride times the index's known power of two
    (a constant index: the whole offset; zero moves nothing)."""
    if idx.is_constant:
        c = _int_const(idx)
        return stride if c is None else abs(c) * stride
    return stride << min(tz.get(_key(idx), 0), 12)


def _units(st: _Fn, fn: Any) -> None:
    """Each object's unit: the gcd of its access sizes and the bytes its GEP indices
    move in; whether it is accessed, and compared by address with another object."""
    tz = _known_zeros(fn)
    compared: list[tuple[set[str], Loc]] = []
    as_int: set[str] = set()  # objects whose addresses ptrtoint reads
    bytewise: set[str] = set()  # objects pointers are loaded from: read in bytes
    for b in fn.blocks:
        for ins in b.instructions:
            text = _operand_text(ins)
            loc = st.loc_of(text, ins)
            masked = ins.opcode == "call" and re.search(r"@llvm\.masked\.(load|store)\.", text)
            if ins.opcode in ("load", "store") or masked:
                # a load's pointer comes first, a store's (masked too) after the value
                load = ins.opcode == "load" or (masked and "@llvm.masked.load." in text)
                ptr = list(ins.operands)[0 if load else 1]
                obj = st.objects.get(st.prov.get(_key(ptr), ""))
                if obj is None:
                    raise _unknown_origin(st, ptr, "an access through", loc)
                ty = str(ins.type) if load else str(list(ins.operands)[0].type)
                if ty == "ptr" and ins.opcode == "load":
                    bytewise.add(obj.name)  # its pointers are addresses: any byte may start one
                elif ty == "ptr" or "x ptr>" in ty:
                    raise LLUnsupported(f"a {'load' if load else 'store'} of {ty} (pointer-valued memory "
                                        "other than a scalar load)", loc)
                lane = re.match(r"<\d+ x (.*)>$", ty)  # a vector access moves whole lanes
                if ty != "ptr":
                    obj.unit = math.gcd(obj.unit, _access_size(lane.group(1) if lane else ty, loc))
                obj.access_align = max(obj.access_align, _align_of(text))
                obj.accessed = True
            elif ins.opcode == "call" and not list(ins.operands)[-1].name.startswith("llvm.") and any(
                    str(o.type) == "ptr" for o in list(ins.operands)[:-1]):
                writes = _memory_effects(_operand_text(list(ins.operands)[-1])) in ("argmem", "any")
                for o in list(ins.operands)[:-1]:
                    if str(o.type) == "ptr" and _key(o) in st.prov and writes:
                        st.objects[st.prov[_key(o)]].escapes = True
            elif ins.opcode == "call" and "@llvm.assume(" in text:
                for kind, ptr, args in _bundles(text):
                    if kind == "align" and (found := _named_pointer(st, ptr)) is not None and args:
                        obj = st.objects[found[0]]
                        obj.access_align = max(obj.access_align, args[0])
            elif ins.opcode == "ptrtoint":
                name = st.prov.get(_key(list(ins.operands)[0]))
                if name is None:
                    raise _unknown_origin(st, list(ins.operands)[0], "ptrtoint of", loc)
                as_int.add(name)
            elif ins.opcode == "icmp" and str(list(ins.operands)[0].type) == "ptr":
                names = {st.prov[_key(o)] for o in ins.operands if _key(o) in st.prov}
                if "null" in text:
                    for name in names:
                        st.objects[name].null_tested = True
                elif len(names) == 2:
                    compared.append((names, loc))
            elif ins.opcode == "getelementptr":
                base = list(ins.operands)[0]
                obj = st.objects.get(_null_object(st) if _is_null(base) else st.prov.get(_key(base), ""))
                if obj is None:
                    raise _unknown_origin(st, list(ins.operands)[0], "a getelementptr from", loc)
                for idx, step in zip(list(ins.operands)[1:], _gep_steps(st, ins, text, loc), strict=True):
                    moves = step.offset if isinstance(step, FieldStep) else _index_stride(tz, idx, step)
                    obj.unit = math.gcd(obj.unit, moves)
    for name, unit in st.opts.units:
        if name in st.objects:
            st.objects[name].unit = math.gcd(st.objects[name].unit, unit)
    for obj in st.objects.values():
        obj.unit = 1 if obj.name in bytewise else obj.unit or 1
    if len([n for n in as_int if st.objects[n].accessed]) > 1:
        raise LLUnsupported("ptrtoint of pointers into two objects that are both read or written "
                            f"({', '.join(st.display.get(n, n) for n in sorted(as_int))})")
    for n in as_int:
        st.objects[n].addressed = True
    for names, loc in compared:
        objs = [st.objects[n] for n in sorted(names)]
        if all(o.accessed for o in objs):
            # their contents are free apart from each other, but their addresses may
            # overlap: a model with both would hold memories no machine has
            raise LLUnsupported("icmp of pointers into two objects that are both read or written", loc)
        for o in objs:
            o.addressed = True


def _gep_steps(st: _Fn, ins: Any, text: str, loc: Loc) -> list[int | FieldStep]:
    """What each GEP index does: a byte stride, or a struct field's byte offset."""
    m = re.search(r"getelementptr(?: (?:inbounds|nuw|nusw|inrange\([^)]*\)))* (.*?), ptr", text)
    if not m:
        raise LLUnsupported("a getelementptr form", loc)
    return st.layout.gep_steps(m.group(1), [_int_const(i) for i in list(ins.operands)[1:]], loc)


def _objects(st: _Fn, pre: Block) -> list[ArrayDecl]:
    """Array declarations, and the entry's facts about sizes and base addresses."""
    arrays = []
    for obj in st.objects.values():
        elem = IntType(obj.unit * 8)
        extent: Extent
        if obj.size is not None:
            extent = obj.size // obj.unit
        else:
            size = f"{obj.name}.bytes"
            st.params.append(Param(size, I64))
            extent = ("/", size, obj.unit)
            # its extent in units, once, for inbounds GEPs (and the inductions they step)
            obj.units = st.fresh(f"{obj.name}.units")
            st.emit(pre, "sdiv", [Ref(size), Const(obj.unit, I64)], I64, obj.units, flags=())
            need: Operand = Const(obj.deref, I64)
            if obj.name in st.room:  # 0 <= before <= units, and before's bytes + deref fit
                before = f"{obj.name}.before"
                st.params.append(Param(before, I64))
                lo = st.emit(pre, "icmp", [Const(0, I64), Ref(before)], I1, st.fresh(f"{before}.ok"), pred="sle")
                hi = st.emit(pre, "icmp", [Ref(before), Ref(obj.units)], I1, st.fresh(f"{before}.ok"), pred="sle")
                st.emit(pre, "assume", [st.emit(pre, "and", [lo, hi], I1, st.fresh(f"{before}.ok"), flags=())],
                        None, None)
                room = st.emit(pre, "mul", [Ref(before), Const(obj.unit, I64)], I64, st.fresh(f"{before}.bytes"),
                               flags=("nsw", "nuw"))
                need = st.emit(pre, "add", [room, need], I64, st.fresh(f"{obj.name}.need"), flags=())
            ok = st.emit(pre, "icmp", [need, Ref(size)], I1, st.fresh(f"{obj.name}.deref"), pred="sle")
            st.emit(pre, "assume", [ok], None, None)
        size_op: Operand = Const(obj.size, I64) if obj.size is not None else Ref(f"{obj.name}.bytes")
        addr = f"{obj.name}.addr"
        has_addr = _align_unknown(obj, obj.access_align) or obj.name in st.opts.addrs or obj.addressed
        obj.null_tested |= obj.name in st.opts.nulls
        null_param = obj.may_be_null and obj.null_tested
        if has_addr or null_param:
            empty = st.emit(pre, "icmp", [size_op, Const(0, I64)], I1, st.fresh(f"{obj.name}.empty"), pred="eq")
        if obj.at_null:
            st.emit(pre, "add", [Const(0, I64), Const(0, I64)], I64, addr, flags=())
        elif has_addr:
            st.params.append(Param(addr, I64))
            if obj.align > 1:  # the parameter's pointer is aligned (at `before` units in, with room)
                at: Operand = Ref(addr) if obj.name not in st.room else _address(
                    st, pre, obj, Ref(f"{obj.name}.before"), Loc(str(st.path), st.start_line + 1, 1))
                low = st.emit(pre, "and", [at, Const(obj.align - 1, I64)], I64, st.fresh(f"{obj.name}.low"),
                              flags=())
                ok = st.emit(pre, "icmp", [low, Const(0, I64)], I1, st.fresh(f"{obj.name}.aligned"), pred="eq")
                st.emit(pre, "assume", [ok], None, None)
            # its bytes do not wrap around the address space (so that addresses
            # compare as offsets do)
            room = st.emit(pre, "sub", [Const(mask(64), I64), size_op], I64, st.fresh(f"{obj.name}.room"), flags=())
            ok = st.emit(pre, "icmp", [Ref(addr), room], I1, st.fresh(f"{obj.name}.nowrap"), pred="ule")
            st.emit(pre, "assume", [ok], None, None)
            # and no object with bytes lies at address 0 (null)
            nonzero = st.emit(pre, "icmp", [Ref(addr), Const(0, I64)], I1, st.fresh(f"{obj.name}.nonzero"), pred="ne")
            st.emit(pre, "assume", [st.emit(pre, "or", [nonzero, empty], I1, st.fresh(f"{obj.name}.notnull"),
                                            flags=())], None, None)
        if null_param:  # a null pointer: an object of no bytes (at address 0)
            st.params.append(Param(f"{obj.name}.null", I1))
            if has_addr:
                at0 = st.emit(pre, "xor", [nonzero, Const(1, I1)], I1, st.fresh(f"{obj.name}.at0"), flags=())
                empty = st.emit(pre, "and", [empty, at0], I1, st.fresh(f"{obj.name}.empty"), flags=())
            real = st.emit(pre, "xor", [Ref(f"{obj.name}.null"), Const(1, I1)], I1, st.fresh(f"{obj.name}.real"),
                           flags=())
            st.emit(pre, "assume", [st.emit(pre, "or", [real, empty], I1, st.fresh(f"{obj.name}.nullsize"),
                                            flags=())], None, None)
        if obj.local and obj.accessed and not obj.escapes:
            raise LLUnsupported(f"local memory ({st.display.get(obj.name, obj.name)}) that no call fills: its "
                                "uninitialized bytes are undef, which the model does not hold", obj.where)
        contents = _contents(obj)
        # Memory may hold poison at entry: any object the function did not write itself
        # (parameters, globals with or without an initializer). A constant global holds
        # its initializer; where its bytes are unknown (padding, a pointer) they are
        # fixed values, never poison, unless the initializer says poison or undef.
        init = (not st.opts.memory_poison or contents is not None
                or (obj.constant and obj.image is not None and not obj.poison_init))
        arrays.append(ArrayDecl(obj.name, elem, extent, init=init, readonly=obj.readonly, contents=contents))
    return arrays


def _contents(obj: MemObject) -> tuple[int, ...] | None:
    """A constant global's initial contents in units (little-endian), if every byte is
    known."""
    if not obj.constant or obj.image is None or None in obj.image or obj.size is None:
        return None
    data = obj.image
    return tuple(int.from_bytes(bytes(data[k:k + obj.unit]), "little")  # type: ignore[arg-type]
                 for k in range(0, obj.size - obj.size % obj.unit, obj.unit))


def _align_unknown(obj: MemObject, align: int) -> bool:
    """Whether an access claiming `align` at a whole-unit offset may be misaligned."""
    return align > obj.align or obj.unit % align != 0


def _block(st: _Fn, b: Any) -> None:
    blk = st.blocks[st.names[_key(b)]]
    for ins in b.instructions:
        _instr(st, blk, ins)
        if st.trapped:  # llvm.trap: the program stops here (what follows is unreachable)
            st.trapped = False
            blk.term = Halt()
            return


def _value(st: _Fn, blk: Block, v: Any, loc: Loc) -> Operand:
    """An integer operand: an SSA value or a constant."""
    k = _key(v)
    if k in st.names and not v.is_constant:
        if str(v.type) == "ptr":
            raise LLUnsupported("a pointer used as a value", loc)
        return Ref(st.names[k])
    ty = parse_type(str(v.type), loc)
    if ty is None:
        raise LLUnsupported(f"operand {_operand_text(v)}", loc)
    return _const(st, blk, v, ty, loc)


def _pointer(st: _Fn, v: Any, loc: Loc) -> tuple[str, Operand]:
    k = _key(v)
    if k not in st.prov or k not in st.offsets:
        raise _unknown_origin(st, v, "", loc)
    return st.prov[k], st.offsets[k]


def _unknown_origin(st: _Fn, v: Any, use: str, loc: Loc | None) -> LLUnsupported:
    """The error for a use of a pointer the model cannot place in one object (`use`:
    what uses it, e.g. "an access through")."""
    if _key(v) in st.multi:
        names = ", ".join(st.display.get(n, n) for n in sorted(st.multi[_key(v)]))
        return LLUnsupported(f"a pointer phi over several objects ({names}) used other than by ret"
                             + (f" ({use} it)" if use else ""), loc)
    return LLUnsupported(f"{use} a pointer of unknown origin" if use else "a pointer of unknown origin", loc)


def _instr(st: _Fn, blk: Block, ins: Any) -> None:
    text = _operand_text(ins)
    loc = st.loc_of(text, ins)
    op = ins.opcode
    ops = list(ins.operands)
    dest = st.names.get(_key(ins))
    vector_gep = op == "getelementptr" and str(ins.type).endswith("x ptr>")
    ty = parse_type(str(ins.type), loc) if str(ins.type) not in ("label",) and not vector_gep else None
    flags = _flags(text, op)
    if op == "phi":
        incoming = list(ins.incoming_blocks)
        if str(ins.type) == "ptr" and _key(ins) in st.multi:
            name = dest or st.fresh("ptr")
            st.uid += 1
            at = Phi(st.uid, name, I64, [], loc)
            st.uid += 1
            which = Phi(st.uid, st.fresh(f"{name}.object"), I64, [], loc)
            blk.phis += [at, which]
            st.multi_vals[_key(ins)] = (Ref(at.dest), Ref(which.dest))
            st.multi_phis.append((at, which, [(st.names[_key(ib)], None if _is_null(o) else _key(o))
                                              for ib, o in zip(incoming, list(ins.operands), strict=True)]))
            return
        if str(ins.type) == "ptr":
            obj = st.prov.get(_key(ins))
            if obj is None or any(st.prov.get(_key(o)) != obj for o in ops if not _is_null(o)):
                raise LLUnsupported("a pointer phi over several objects", loc)
            name = dest or st.fresh("ptr")
            st.offsets[_key(ins)] = Ref(name)
            # incoming offsets may be defined further down: filled in after every block
            st.uid += 1
            phi = Phi(st.uid, name, I64, [], loc)
            blk.phis.append(phi)
            edges = [(st.names[_key(ib)], None if _is_null(o) else _key(o)) for ib, o in zip(incoming, ops, strict=True)]
            st.pointer_phis.append((phi, edges))
            if _key(ins) in st.nullable:
                st.uid += 1
                flag = Phi(st.uid, st.fresh(f"{name}.isnull"), I1, [], loc)
                blk.phis.append(flag)
                st.nulls[_key(ins)] = Ref(flag.dest)
                st.null_phis.append((flag, edges))
            return
        assert dest is not None and ty is not None
        st.uid += 1
        blk.phis.append(Phi(st.uid, dest, ty, [(st.names[_key(ib)], _value(st, blk, o, loc))
                                               for ib, o in zip(incoming, ops, strict=True)], loc))
        return
    if op == "br":
        if len(ops) == 1:
            blk.term = Jump(st.names[_key(ops[0])])
        else:
            st.uid += 1
            blk.term = Branch(_value(st, blk, ops[0], loc), st.names[_key(ops[2])], st.names[_key(ops[1])], st.uid, loc)
        return
    if op == "switch":
        # one branch per distinct case target (its values or-ed), then the default; each
        # target keeps a single predecessor edge, recorded for its phis in `st.edges`
        cond = _value(st, blk, ops[0], loc)
        cty = ty_of(st, ops[0], loc)
        default = st.names[_key(ops[1])]
        values = re.findall(r"\bi\d+ (-?\d+|true|false), label", text)
        targets = [st.names[_key(o)] for o in ops[2:]]
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
            st.uid += 1
            cur.term = Branch(c, t, nxt.name, st.uid, loc)
            st.edges[(blk.name, t)] = cur.name
            cur = nxt
        cur.term = Jump(default)
        st.edges[(blk.name, default)] = cur.name
        return
    if op == "ret":
        if ops and str(ops[0].type) == "ptr" and (st.opts.ret_address or _key(ops[0]) in st.multi):
            # a pointer that may point into one of several objects: which one, and where
            ret_at, ret_obj = _shown_pointer(st, blk, None if _is_null(ops[0]) else _key(ops[0]), loc)
            st.emit(blk, "out", [ret_at], None, None, loc, name="ret")
            st.emit(blk, "out", [ret_obj], None, None, loc, name="ret.object")
        elif ops and str(ops[0].type) == "ptr":
            # a pointer into one object: its offset, under a name that says which object
            obj, off = _pointer(st, ops[0], loc)
            st.emit(blk, "out", [off], None, None, loc, name=f"ret.{obj}")
            st.emit(blk, "out", [st.nulls.get(_key(ops[0]), Const(0, I1))], None, None, loc, name=f"ret.{obj}.null")
        elif ops:
            v = _value(st, blk, ops[0], loc)
            v = _return_attrs(st, blk, v, ty_of(st, ops[0], loc), loc)
            st.emit(blk, "out", [v], None, None, loc, name="ret")
        blk.term = Halt()
        return
    if op == "unreachable":
        st.emit(blk, "assume", [Const(0, I1)], None, None, loc)
        blk.term = Halt()
        return
    if op in ("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor"):
        st.emit(blk, op, [_value(st, blk, ops[0], loc), _value(st, blk, ops[1], loc)], ty, dest, loc,
                flags=tuple(f for f in flags if f in OPCODES[op].flags))
        return
    if op == "icmp":
        pred = re.search(r"icmp(?: samesign)? (\w+)", text)
        if not pred:
            raise LLUnsupported("an icmp form", loc)
        if str(ops[0].type) == "ptr":
            _pointer_icmp(st, blk, ops, pred.group(1), ty, dest, loc)
            return
        st.emit(blk, "icmp", [_value(st, blk, ops[0], loc), _value(st, blk, ops[1], loc)], ty, dest, loc,
                pred=pred.group(1), flags=tuple(f for f in flags if f in OPCODES["icmp"].flags))
        return
    if op == "fcmp":
        m = re.search(r"fcmp((?: \w+)*?) (" + "|".join(FCMP_PREDS) + r") ", text)
        if not m:
            raise LLUnsupported("an fcmp form", loc)
        fmf = tuple(m.group(1).split())
        if set(fmf) - _FAST_MATH:
            raise LLUnsupported(f"fcmp flags {' '.join(fmf)}", loc)
        st.emit(blk, "fcmp", [_value(st, blk, ops[0], loc), _value(st, blk, ops[1], loc)], ty, dest, loc,
                pred=m.group(2), flags=tuple(f for f in fmf if f in OPCODES["fcmp"].flags))
        return
    if op in FBINOPS:
        fast = set(flags_of_fp(text, op))
        if fast - {"nnan", "ninf"}:
            raise LLUnsupported(f"{op} with {' '.join(sorted(fast))} (fast-math flags that allow other values)",
                                loc)
        st.emit(blk, op, [_value(st, blk, ops[0], loc), _value(st, blk, ops[1], loc)], ty, dest, loc,
                flags=tuple(sorted(fast)))
        return
    if op in FCASTS:
        if not _float_types_ok(op, str(ops[0].type), str(ins.type)):
            raise LLUnsupported(f"{op} from {ops[0].type} to {ins.type}", loc)
        st.emit(blk, op, [_value(st, blk, ops[0], loc)], ty, dest, loc,
                flags=tuple(f for f in flags if f in OPCODES[op].flags))
        return
    if op == "fneg":
        m = re.search(r"fneg((?: \w+)*?) (?:half|float|double|<)", text)
        if m is None or set(m.group(1).split()) & {"nnan", "ninf", "fast"}:
            raise LLUnsupported("fneg with nnan or ninf", loc)
        assert ty is not None
        w = elem_of(ty).bits
        st.emit(blk, "xor", [_value(st, blk, ops[0], loc), Const(1 << (w - 1), ty)], ty, dest, loc, flags=())
        return
    if op == "select":
        if str(ins.type) == "ptr":
            obj = st.prov.get(_key(ins))
            if obj is None:
                raise LLUnsupported("a select of pointers into several objects", loc)
            c = _value(st, blk, ops[0], loc)
            a = Const(0, I64) if _is_null(ops[1]) else _pointer(st, ops[1], loc)[1]
            b2 = Const(0, I64) if _is_null(ops[2]) else _pointer(st, ops[2], loc)[1]
            name = dest or st.fresh("ptr")
            st.offsets[_key(ins)] = st.emit(blk, "select", [c, a, b2], I64, name, loc)
            if _key(ins) in st.nullable:
                fa, fb = (Const(1, I1) if _is_null(o) else st.nulls.get(_key(o), Const(0, I1)) for o in ops[1:3])
                st.nulls[_key(ins)] = st.emit(blk, "select", [c, fa, fb], I1, st.fresh(f"{name}.isnull"), loc)
            return
        st.emit(blk, "select", [_value(st, blk, o, loc) for o in ops], ty, dest, loc)
        return
    if op == "freeze":
        if str(ins.type) == "ptr":
            raise LLUnsupported("freeze of a pointer", loc)
        st.emit(blk, "freeze", [_value(st, blk, ops[0], loc)], ty, dest, loc)
        return
    if op in ("zext", "sext", "trunc"):
        st.emit(blk, op, [_value(st, blk, ops[0], loc)], ty, dest, loc,
                flags=tuple(f for f in flags if f in OPCODES[op].flags))
        return
    if op == "bitcast":  # a mask to its bits and back (<W x i1> <-> iW), as InstCombine writes reduce.or
        fty = ty_of(st, ops[0], loc)
        if fty == ty:  # float <-> int of one width: floats are their bits here
            st.emit(blk, "add", [_value(st, blk, ops[0], loc), Const(0, fty)], ty, dest, loc, flags=())
            return
        masks = [t for t in (fty, ty) if isinstance(t, VecType) and t.elem.bits == 1]
        ints = [t for t in (fty, ty) if isinstance(t, IntType)]
        if not (len(masks) == 1 and len(ints) == 1 and masks[0].lanes == ints[0].bits):
            raise LLUnsupported(f"bitcast from {ops[0].type} to {ins.type}", loc)
        st.emit(blk, "bitcast", [_value(st, blk, ops[0], loc)], ty, dest, loc)
        return
    if op == "getelementptr":
        _gep(st, blk, ins, text, loc, flags)
        return
    if op == "load":
        if re.search(r"\batomic\b", text):
            raise LLUnsupported("an atomic load", loc)
        obj, off = _pointer(st, ops[0], loc)
        if re.search(r"\bload volatile\b", text):
            _volatile_load(st, blk, obj, off, ty, loc, dest)
            return
        _not_null(st, blk, ops[0], loc)
        if str(ins.type) == "ptr":
            _pointer_load(st, blk, ins, obj, off, text, loc)
            return
        _access(st, blk, ins, obj, off, ty, text, loc, dest, None)
        return
    if op == "store":
        if re.search(r"\b(volatile|atomic)\b", text):
            raise LLUnsupported("a volatile or atomic store", loc)
        obj, off = _pointer(st, ops[1], loc)
        _not_null(st, blk, ops[1], loc)
        vty = parse_type(str(ops[0].type), loc)
        _access(st, blk, ins, obj, off, vty, text, loc, None, _value(st, blk, ops[0], loc))
        return
    if op == "insertelement":
        st.emit(blk, "insertelt", [_value(st, blk, o, loc) for o in ops[:2]] + [_lane_index(st, blk, ops[2], loc)],
                ty, dest, loc)
        return
    if op == "extractelement":
        st.emit(blk, "extractelt", [_value(st, blk, ops[0], loc), _lane_index(st, blk, ops[1], loc)], ty, dest, loc)
        return
    if op == "shufflevector":
        m = re.search(r"<\d+ x i32> (zeroinitializer|poison|<[^>]*>|splat \(i32 -?\d+\))\s*$", text)
        if not m:
            raise LLUnsupported("a shufflevector mask", loc)
        assert isinstance(ty, VecType)
        mk = m.group(1)
        if mk == "zeroinitializer":
            lanes = [0] * ty.lanes
        elif mk == "poison":
            lanes = [-1] * ty.lanes
        elif mk.startswith("splat"):
            lanes = [int(re.findall(r"-?\d+", mk)[-1])] * ty.lanes
        else:
            lanes = [-1 if x.strip().endswith("poison") else int(x.split()[-1]) for x in mk.strip("<>").split(",")]
        st.emit(blk, "shuffle", [_value(st, blk, ops[0], loc), _value(st, blk, ops[1], loc)], ty, dest, loc,
                mask=tuple(lanes))
        return
    if op == "call":
        _call(st, blk, ins, ops, text, loc, ty, dest)
        return
    if op == "alloca":
        return  # its object (_alloca) is the value
    if op == "ptrtoint":  # the address: the object's free base address plus the offset's bytes
        obj, off = _pointer(st, ops[0], loc)
        addr = _address(st, blk, st.objects[obj], off, loc)
        assert isinstance(ty, IntType)
        if ty.bits == 64:
            st.emit(blk, "add", [addr, Const(0, I64)], ty, dest, loc, flags=())
        else:
            st.emit(blk, "trunc" if ty.bits < 64 else "zext", [addr], ty, dest, loc, flags=())
        return
    raise LLUnsupported(f"instruction {op}", loc)


def _lane_index(st: _Fn, blk: Block, o: Any, loc: Loc) -> Operand:
    """An insertelement / extractelement position: a constant one as i64 (LLVM reads the
    index unsigned, so its value and whether it names a lane do not change), as the
    model language writes a literal position."""
    v = _value(st, blk, o, loc)
    return Const(v.value, I64) if isinstance(v, Const) and not isinstance(v.type, VecType) else v


def flags_of_fp(text: str, op: str) -> tuple[str, ...]:
    """The fast-math flags written after a float opcode."""
    m = re.search(rf"\b{op}((?: (?:{'|'.join(sorted(_FAST_MATH))}))*) ", text)
    return tuple(m.group(1).split()) if m else ()


def _float_types_ok(op: str, src: str, dst: str) -> bool:
    """Whether a float conversion is between the IEEE formats we read (half, float,
    double: not bfloat, x86_fp80, fp128) and integers, lane for lane."""
    def lane(t: str) -> str:
        m = re.match(r"<\d+ x (.*)>$", t.strip())
        return m.group(1) if m else t.strip()

    s, d = lane(src), lane(dst)
    fl = set(FLOAT_BITS)
    if op in ("fptosi", "fptoui"):
        return s in fl and d.startswith("i")
    if op in ("sitofp", "uitofp"):
        return s.startswith("i") and d in fl
    return s in fl and d in fl


def ty_of(st: _Fn, v: Any, loc: Loc) -> Type:
    t = parse_type(str(v.type), loc)
    if t is None:
        raise LLUnsupported(f"a value of type {v.type}", loc)
    return t


def _return_attrs(st: _Fn, blk: Block, v: Operand, ty: Type, loc: Loc) -> Operand:
    """`range(iN a, b)` on the return value: poison outside [a, b); `noundef`: UB if poison."""
    head = st.lines[st.start_line]
    before = head.split("@", 1)[0]
    ok = _in_range(st, blk, v, ty, before, "ret", loc) if isinstance(ty, IntType) else None
    if ok is not None:
        v = st.emit(blk, "select", [ok, v, PoisonConst(ty)], ty, st.fresh("ret"), loc)
    if re.search(r"\bnoundef\b", before) and isinstance(ty, IntType):
        same = st.emit(blk, "icmp", [v, v], I1, st.fresh("ret.defined"), loc, pred="eq")
        st.emit(blk, "assume", [same], None, None, loc)  # poison compares to poison: UB
    return v


_SIGNED_OFFSET = {"eq": "eq", "ne": "ne", "ult": "slt", "ule": "sle", "ugt": "sgt", "uge": "sge",
                  "slt": "slt", "sle": "sle", "sgt": "sgt", "sge": "sge"}


def _pointer_icmp(st: _Fn, blk: Block, ops: list[Any], pred: str, ty: Type | None, dest: str | None,
                  loc: Loc) -> None:
    """icmp of two pointers into one object compares their offsets (addresses do not
    wrap: signed offsets); against null, a pointer is null only at offset 0 of a
    parameter that is null (<obj>.null, whose object then has no bytes). Pointers
    into two objects compare by address (<obj>.addr; one of them is never accessed,
    see _units)."""
    nulls = [_operand_text(o).endswith("null") and o.is_constant for o in ops]
    if all(nulls):
        st.emit(blk, "icmp", [Const(0, I64), Const(0, I64)], ty, dest, loc, pred=pred, flags=())
        return
    if any(nulls):
        if pred not in ("eq", "ne"):
            raise LLUnsupported(f"icmp {pred} of a pointer with null", loc)
        p = ops[1 if nulls[0] else 0]
        obj_name, off = _pointer(st, p, loc)
        obj = st.objects[obj_name]
        at0 = st.emit(blk, "icmp", [off, Const(0, I64)], I1, st.fresh("ptr.at0"), loc, pred="eq", flags=())
        is_null = (at0 if obj.at_null else
                   st.emit(blk, "and", [at0, Ref(f"{obj.name}.null")], I1, st.fresh("ptr.null"), loc, flags=())
                   if obj.may_be_null else Const(0, I1))
        if _key(p) in st.nulls:  # the null literal itself, or a null parameter at offset 0
            is_null = st.emit(blk, "or", [st.nulls[_key(p)], is_null], I1, st.fresh("ptr.null"), loc, flags=())
        if pred == "eq":
            st.emit(blk, "or", [is_null, Const(0, I1)], I1, dest, loc, flags=())
        else:
            st.emit(blk, "xor", [is_null, Const(1, I1)], I1, dest, loc, flags=())
        return
    (oa, a), (ob, b) = _pointer(st, ops[0], loc), _pointer(st, ops[1], loc)
    if any(_key(o) in st.nulls for o in ops):
        raise LLUnsupported("icmp of two pointers that may be null", loc)
    if oa != ob:  # two objects (one never accessed, see _units): their addresses
        st.emit(blk, "icmp", [_address(st, blk, st.objects[oa], a, loc), _address(st, blk, st.objects[ob], b, loc)],
                ty, dest, loc, pred=pred, flags=())
        return
    st.emit(blk, "icmp", [a, b], ty, dest, loc, pred=_SIGNED_OFFSET[pred], flags=())


def _bundles(text: str) -> list[tuple[str, str, list[int]]]:
    """An assume's operand bundles: (kind, the pointer's name or '', its integer arguments)."""
    m = re.search(r"\)\s*\[(.*)\]\s*$", text.split("!", 1)[0] if " !" in text else text)
    if not m:
        return []
    out = []
    for kind, body in re.findall(r'"([\w.]+)"\(([^)]*)\)', m.group(1)):
        ptr = re.match(r"\s*ptr ([%@][-\w.$\"]+)", body)
        ints = [int(v) for v in re.findall(r"\bi\d+ (-?\d+)", body)]
        out.append((kind, ptr.group(1) if ptr else "", ints))
    return out


def _bundle_value(st: _Fn, blk: Block, text: str, kind: str) -> Operand | None:
    """A bundle's integer argument that is an SSA value (`"dereferenceable"(ptr %p, i64
    %n)`): our i64 operand for it, or None."""
    m = re.search(rf'"{re.escape(kind)}"\(ptr [%@][-\w.$"]+, (i\d+) (%[-\w.$]+)\)', text)
    if not m:
        return None
    ours = next((o for o, shown in st.display.items() if shown == m.group(2)), None)
    if ours is None:
        return None
    if m.group(1) == "i64":
        return Ref(ours)
    return st.emit(blk, "zext", [Ref(ours)], I64, st.fresh(f"{ours}.i64"), None, flags=())


def _named_pointer(st: _Fn, text: str) -> tuple[str, int] | None:
    """The object and value key of the pointer written `%x` or `@g` (None if unknown)."""
    want = _clean(text)
    for k, name in st.names.items():
        if name == want and k in st.prov:
            return st.prov[k], k
    return None


def _assume_bundles(st: _Fn, blk: Block, text: str, loc: Loc) -> None:
    """`llvm.assume` operand bundles: "align"(p, A[, off]), "dereferenceable"(p, N) and
    "nonnull"(p) are facts at that point (UB if false); "ignore" says nothing."""
    for kind, ptr, ints in _bundles(text):
        if kind == "ignore":
            continue
        found = _named_pointer(st, ptr) if ptr else None
        if found is None or kind not in ("align", "dereferenceable", "nonnull"):
            raise LLUnsupported(f'an assume bundle "{kind}"' + ("" if found or not ptr else f" on {ptr}"), loc)
        obj = st.objects[found[0]]
        off = st.offsets.get(found[1])
        if off is None:
            raise LLUnsupported(f'an assume bundle "{kind}" on a pointer of unknown origin', loc)
        ok: Operand
        if kind == "nonnull":
            if not (obj.may_be_null and obj.null_tested):
                continue
            at0 = st.emit(blk, "icmp", [off, Const(0, I64)], I1, st.fresh("ptr.at0"), loc, pred="ne", flags=())
            real = st.emit(blk, "xor", [Ref(f"{obj.name}.null"), Const(1, I1)], I1, st.fresh("ptr.real"), loc,
                           flags=())
            ok = st.emit(blk, "or", [at0, real], I1, st.fresh("ptr.nonnull"), loc, flags=())
        elif kind == "dereferenceable":
            n: Operand | None = Const(ints[0], I64) if ints else None
            if n is None:
                n = _bundle_value(st, blk, text, kind)
            if n is None:
                raise LLUnsupported('an assume bundle "dereferenceable" whose size is not an integer', loc)
            size: Operand = Const(obj.size, I64) if obj.size is not None else Ref(f"{obj.name}.bytes")
            start = st.emit(blk, "mul", [off, Const(obj.unit, I64)], I64, st.fresh("deref.at"), loc, flags=())
            end = st.emit(blk, "add", [start, n], I64, st.fresh("deref.end"), loc, flags=())
            inside = st.emit(blk, "icmp", [end, size], I1, st.fresh("deref.inside"), loc, pred="sle", flags=())
            nonneg = st.emit(blk, "icmp", [start, Const(0, I64)], I1, st.fresh("deref.nonneg"), loc, pred="sge",
                             flags=())
            ok = st.emit(blk, "and", [inside, nonneg], I1, st.fresh("deref.ok"), loc, flags=())
        else:
            if not ints or ints[0] <= 0 or ints[0] & (ints[0] - 1):
                raise LLUnsupported('an assume bundle "align" without a power-of-two alignment', loc)
            align, extra = ints[0], (ints[1] if len(ints) > 1 else 0)
            if not _align_unknown(obj, align) and extra % align == 0:
                continue  # implied by the object's alignment and whole-unit offsets
            ok = _aligned(st, blk, obj, off, align, loc, extra)
        st.emit(blk, "assume", [ok], None, None, loc)


NULL_OBJECT = mask(64)  # the object number of the null pointer


def _object_number(st: _Fn, name: str) -> Const:
    """An object's number where a pointer is shown as a value (events, returned
    pointers): objects in name order, the same in a source and its target."""
    if st.objects[name].at_null:
        return Const(NULL_OBJECT, I64)
    return Const(sorted(n for n, o in st.objects.items() if not o.at_null).index(name), I64)


def _shown_pointer(st: _Fn, blk: Block, k: int | None, loc: Loc | None) -> tuple[Operand, Operand]:
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
    at = _address(st, blk, obj, st.offsets[k], loc or Loc(str(st.path), st.start_line + 1, 1))
    which: Operand = _object_number(st, obj.name)
    if k in st.nulls:
        null = st.nulls[k]
        at = st.emit(blk, "select", [null, Const(0, I64), at], I64, st.fresh("ptr.at"), loc)
        which = st.emit(blk, "select", [null, Const(NULL_OBJECT, I64), which], I64, st.fresh("ptr.object"), loc)
    return at, which


def _address(st: _Fn, blk: Block, obj: MemObject, off: Operand, loc: Loc) -> Operand:
    """The address `off` units into `obj`, from its free base address <obj>.addr."""
    scaled = st.emit(blk, "mul", [off, Const(obj.unit, I64)], I64, st.fresh("addr.off"), loc, flags=())
    return st.emit(blk, "add", [Ref(f"{obj.name}.addr"), scaled], I64, st.fresh("addr"), loc, flags=())


def _aligned(st: _Fn, blk: Block, obj: MemObject, off: Operand, align: int, loc: Loc, extra: int = 0) -> Operand:
    """Whether the address `off` units into `obj`, less `extra` bytes, is a multiple of
    `align`."""
    addr = _address(st, blk, obj, off, loc)
    if extra:
        addr = st.emit(blk, "sub", [addr, Const(extra, I64)], I64, st.fresh("addr"), loc, flags=())
    low = st.emit(blk, "and", [addr, Const(align - 1, I64)], I64, st.fresh("addr.low"), loc, flags=())
    return st.emit(blk, "icmp", [low, Const(0, I64)], I1, st.fresh("aligned"), loc, pred="eq", flags=())


def _gep(st: _Fn, blk: Block, ins: Any, text: str, loc: Loc, flags: tuple[str, ...]) -> None:
    ops = list(ins.operands)
    obj_name, base = _gep_base(st, ops[0], loc)
    obj = st.objects[obj_name]
    dest = st.names.get(_key(ins)) or st.fresh("gep")
    # inbounds implies nusw: the offset arithmetic does not wrap (signed; unsigned too with nuw)
    ar = (("nsw",) if {"inbounds", "nusw"} & set(flags) else ()) + (("nuw",) if "nuw" in flags else ())
    acc = base
    m = re.fullmatch(r"<(\d+) x ptr>", str(ins.type))
    lanes = int(m.group(1)) if m else 0  # a vector GEP: one offset per lane
    if lanes and str(ops[0].type) != "ptr":
        raise LLUnsupported("a getelementptr on a vector of pointers", loc)
    oty: Type = VecType(lanes, I64) if lanes else I64
    for idx, step in zip(ops[1:], _gep_steps(st, ins, text, loc), strict=True):
        if isinstance(step, FieldStep):  # a struct field: a constant offset, whole units by _units
            if step.offset:
                acc = st.emit(blk, "add", [acc, Const(step.offset // obj.unit, I64)], I64, st.fresh(f"{dest}.sum"),
                              loc, flags=ar)
            continue
        stride = step
        pty = parse_type(str(idx.type), loc)
        if pty is None:
            raise LLUnsupported(f"a getelementptr index of type {idx.type}", loc)
        vidx = isinstance(pty, VecType)
        ity = elem_of(pty)
        i = _value(st, blk, idx, loc)
        if ity.bits > 64:
            raise LLUnsupported("a getelementptr index wider than 64 bits", loc)
        wty: Type = VecType(lanes, I64) if vidx else I64
        if isinstance(i, Const) and not isinstance(stride, FieldStep) and not vidx:
            # a constant index: its offset in units, folded (an induction's step stays a constant)
            off = to_signed(i.value, ity.bits) * stride
            # (a negative index under nuw is poison in the multiplication: not folded)
            if off % obj.unit == 0 and -(1 << 63) <= off < (1 << 63) and not (off < 0 and "nuw" in ar):
                acc = st.emit(blk, "add", [acc, Const((off // obj.unit) & mask(64), I64)], I64,
                              st.fresh(f"{dest}.sum"), loc, flags=ar)
                continue
        if ity.bits < 64:
            i = st.emit(blk, "sext", [i], wty, st.fresh(f"{dest}.idx"), loc, flags=())
        if stride % obj.unit:  # a byte offset in whole units (_known_zeros): an exact shift
            ratio = obj.unit // stride
            if obj.unit % stride or ratio & (ratio - 1):
                raise LLUnsupported(f"a getelementptr stride of {stride} bytes into {obj.unit}-byte units", loc)
            shift = ratio.bit_length() - 1
            scaled = st.emit(blk, "ashr", [i, Const(shift, wty)], wty, st.fresh(f"{dest}.off"), loc,
                             flags=("exact",))
        elif stride != obj.unit:
            scaled = st.emit(blk, "mul", [i, Const(stride // obj.unit, wty)], wty, st.fresh(f"{dest}.off"), loc,
                             flags=ar)
        else:
            scaled = i
        # a scalar offset plus a lane's index is that lane's offset (scalars splat)
        acc = st.emit(blk, "add", [acc, scaled], oty if vidx or lanes else I64, st.fresh(f"{dest}.sum"), loc,
                      flags=ar)
    if lanes and not isinstance(acc, Ref):  # every index scalar: the same offset in each lane
        acc = st.emit(blk, "add", [acc, Const(0, oty)], oty, st.fresh(f"{dest}.splat"), loc, flags=())
    bty: Type = VecType(lanes, I1) if lanes else I1
    if obj.size is None and obj.name not in st.room and not (isinstance(acc, Const) and acc.value == 0):
        # a parameter is taken to point at its object's start: mark where a pointer
        # before it is formed (checks/param_start.py asks whether any run does)
        if lanes:
            ge = st.emit(blk, "icmp", [acc, Const(0, oty)], bty, st.fresh(f"{dest}.ge"), loc, pred="sge")
            st.emit(blk, "allones", [ge], I1, st.fresh(f"{dest}.fromstart"), loc, start_of=obj.name)
        else:
            st.emit(blk, "icmp", [acc, Const(0, I64)], I1, st.fresh(f"{dest}.fromstart"), loc, pred="sge",
                    start_of=obj.name)
    if "inbounds" in flags:
        # in bounds of the object, or one past its end: else poison
        limit = Const(obj.size // obj.unit, oty) if obj.size is not None else Ref(obj.units)
        ok = st.emit(blk, "icmp", [acc, limit], bty, st.fresh(f"{dest}.inbounds"), loc, pred="ule")
        acc = st.emit(blk, "select", [ok, acc, PoisonConst(oty)], oty, dest, loc)
    else:
        acc = st.emit(blk, "add", [acc, Const(0, oty)], oty, dest, loc, flags=())
    st.offsets[_key(ins)] = acc
    if _key(ops[0]) in st.nulls:
        st.nulls[_key(ins)] = st.nulls[_key(ops[0])]


def _event_pointer(st: _Fn, blk: Block, obj_name: str, off: Operand, loc: Loc) -> list[Operand]:
    """A pointer as an event's arguments: its object's number and its offset in bytes."""
    unit = st.objects[obj_name].unit
    at = st.emit(blk, "mul", [off, Const(unit, I64)], I64, st.fresh("arg.bytes"), loc, flags=()) \
        if unit != 1 else off
    return [_object_number(st, obj_name), at]


def _volatile_load(st: _Fn, blk: Block, obj_name: str, off: Operand, ty: Type | None, loc: Loc,
                   dest: str | None) -> None:
    """A volatile load is an observable event (LangRef: it may touch memory no plain
    access can, such as a device register) whose value comes from outside: an
    effectful call `volatile.load(object, byte offset)` with a result that may be
    poison. It reads nothing of the model's memory and cannot fault here."""
    if not isinstance(ty, IntType):
        raise LLUnsupported(f"a volatile load of {ty}", loc)
    fname = f"volatile.load.i{ty.bits}"
    st.funcs[fname] = FuncDecl(fname, (I64, I64), ty, False, ret_poison=True)
    st.emit(blk, "call", _event_pointer(st, blk, obj_name, off, loc), ty, dest, loc, callee=fname,
            func=st.funcs[fname])


def _pointer_load(st: _Fn, blk: Block, ins: Any, obj_name: str, off: Operand, text: str, loc: Loc) -> None:
    """`load ptr`: the 8 bytes read are an address (poison if any byte is). Address 0 is
    null; any other is a pointer into the object it was loaded from (its object is read
    in bytes, so every address is an offset there; an address outside the object is a
    pointer past it, and an access through it UB). That provenance is stronger than
    LLVM's, where a loaded pointer may point into any object: the model is exact for
    the memories it allows (a counterexample stands), and a proof is unknown unless
    the user opts into Assumption.LOADED_POINTERS_IN_OBJECT."""
    name = st.names.get(_key(ins)) or st.fresh("ptr")
    raw = _access(st, blk, ins, obj_name, off, I64, text, loc, st.fresh(f"{name}.bits"), None)
    obj = st.objects[obj_name]
    st.nulls[_key(ins)] = st.emit(blk, "icmp", [raw, Const(0, I64)], I1, st.fresh(f"{name}.isnull"), loc,
                                  pred="eq", flags=())
    st.offsets[_key(ins)] = st.emit(blk, "sub", [raw, Ref(f"{obj.name}.addr")], I64, name, loc, flags=())


def _not_null(st: _Fn, blk: Block, ptr: Any, loc: Loc) -> None:
    """An access through a pointer that may be the null literal: UB if it is."""
    flag = st.nulls.get(_key(ptr))
    if flag is not None:
        ok = st.emit(blk, "xor", [flag, Const(1, I1)], I1, st.fresh("ptr.nonnull"), loc, flags=())
        st.emit(blk, "assume", [ok], None, None, loc, why="an access through a null pointer")


def _access(st: _Fn, blk: Block, ins: Any, obj_name: str, off: Operand, ty: Type | None, text: str, loc: Loc,
            dest: str | None, value: Operand | None, mask: Operand | None = None) -> Operand:
    obj = st.objects[obj_name]
    st.touched = True
    if ty is None:
        raise LLUnsupported("a load or store of a pointer", loc)
    lane = ty.elem if isinstance(ty, VecType) else ty
    wide = isinstance(ty, IntType) and lane.bits > obj.unit * 8 and lane.bits % (obj.unit * 8) == 0
    if lane.bits != obj.unit * 8 and not wide:
        raise LLUnsupported(f"an access of {ty} to {obj.name}, which is also accessed in {obj.unit}-byte units",
                            loc)
    align = _align_of(text)
    if _align_unknown(obj, align):  # misaligned: UB
        st.emit(blk, "assume", [_aligned(st, blk, obj, off, align, loc)], None, None, loc)
    if wide:
        assert isinstance(ty, IntType)
        return _wide_access(st, blk, obj, off, ty, loc, dest, value)
    attrs: dict[str, Any] = {"array": obj.name}
    if isinstance(ty, VecType):
        attrs["width"] = ty.lanes
    args: list[Operand] = [off] if value is None else [off, value]
    if mask is not None:
        attrs["masked"] = True
        args.append(mask)
    return st.emit(blk, "load" if value is None else "store", args, ty if value is None else None, dest, loc, **attrs)


def _wide_access(st: _Fn, blk: Block, obj: MemObject, off: Operand, ty: IntType, loc: Loc, dest: str | None,
                 value: Operand | None) -> Operand:
    """A scalar access wider than the object's unit (a struct read by fields of
    several sizes): one access per unit, little-endian; a load is poison if any unit
    read is, as LLVM's byte-wise load is for an integer."""
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


def _masked_access(st: _Fn, blk: Block, ins: Any, kind: str, args: list[Any], text: str, loc: Loc,
                   ty: Type | None, dest: str | None) -> None:
    """llvm.masked.load(p, [i32 align,] mask, passthru) and llvm.masked.store(v, p, [i32
    align,] mask): lanes whose mask is off do not touch memory; a load's off lanes are
    the passthru's. A poison mask lane is UB (the IR's masked accesses; LangRef does not
    say, and InstCombine reads such a lane as either)."""
    ptr = args[0] if kind == "load" else args[1]
    rest = args[1:] if kind == "load" else args[2:]
    if rest and str(rest[0].type) == "i32":  # the old form's alignment operand
        align = _int_const(rest[0]) or 1
        rest = rest[1:]
    else:
        m = re.search(r"(?:ptr|x ptr>) align (\d+)", text)
        align = int(m.group(1)) if m else 1
    obj_name, off = _pointer(st, ptr, loc)
    _not_null(st, blk, ptr, loc)
    mask_v = _value(st, blk, rest[0], loc)
    vty = ty if kind == "load" else ty_of(st, args[0], loc)
    if not isinstance(vty, VecType):
        raise LLUnsupported(f"llvm.masked.{kind} of {vty}", loc)
    access_text = f"align {align}"
    if kind == "store":
        _access(st, blk, ins, obj_name, off, vty, access_text, loc, None, _value(st, blk, args[0], loc),
                mask=mask_v)
        return
    raw = _access(st, blk, ins, obj_name, off, vty, access_text, loc, st.fresh("masked.load"), None, mask=mask_v)
    st.emit(blk, "select", [mask_v, raw, _value(st, blk, rest[1], loc)], vty, dest, loc)


def _active_lane_mask(st: _Fn, blk: Block, args: list[Any], ty: Type | None, dest: str | None, loc: Loc) -> None:
    """llvm.get.active.lane.mask(base, n): lane k is base + k < n (unsigned; the sum
    taken without wrapping, so a lane past the type's range is off)."""
    if not isinstance(ty, VecType):
        raise LLUnsupported("llvm.get.active.lane.mask of a scalar", loc)
    aty = ty_of(st, args[0], loc)
    assert isinstance(aty, IntType)
    wide = IntType(aty.bits + 1)  # base + k does not wrap there
    base = st.emit(blk, "zext", [_value(st, blk, args[0], loc)], wide, st.fresh("alm.base"), loc, flags=())
    n = st.emit(blk, "zext", [_value(st, blk, args[1], loc)], wide, st.fresh("alm.n"), loc, flags=())
    acc: Operand = Const(0, ty)
    for k in range(ty.lanes):
        at = st.emit(blk, "add", [base, Const(k, wide)], wide, st.fresh("alm.at"), loc, flags=())
        on = st.emit(blk, "icmp", [at, n], I1, st.fresh("alm.on"), loc, pred="ult", flags=())
        acc = st.emit(blk, "insertelt", [acc, on, Const(k, I64)], ty,
                      dest if k == ty.lanes - 1 and dest else st.fresh("alm.mask"), loc)


_INTRINSIC_BINOPS = {"smin", "smax", "umin", "umax"}


def _memory_effects(decl: str) -> str:
    """What a callee may do to memory, from its declaration's attributes: "none",
    "read" (reads only), "argmem" (writes only through its pointer arguments) or
    "any"."""
    m = re.search(r"\bmemory\(([^)]*)\)", decl)
    if m:
        parts = dict((p.split(":")[0].strip(), p.split(":")[-1].strip()) if ":" in p else ("", p.strip())
                     for p in m.group(1).split(","))
        default = parts.pop("", "none")
        kinds = {default, *parts.values()}
        if kinds <= {"none"}:
            return "none"
        if kinds <= {"none", "read"}:
            return "read"
        writes = {k for k, v in parts.items() if v in ("write", "readwrite")}
        if default in ("none", "read") and writes <= {"argmem", "inaccessiblemem"}:
            return "argmem"
        return "any"
    if re.search(r"\breadnone\b", decl):
        return "none"
    if re.search(r"\breadonly\b", decl):
        return "read"
    return "any"


def _opaque_call(st: _Fn, blk: Block, ins: Any, name: str, args: list[Any], decl: str, loc: Loc,
                 ty: Type | None, dest: str | None) -> None:
    """A call that takes pointers (`init_mem(p, 1024)`, LLVM's tests' way to fill an
    alloca): an event whose arguments are each pointer's object and byte offset. It may
    write any byte (poison too) of what it can reach; that is the memory the model
    starts from, provided nothing reads or writes memory before the call. So it must
    be in the entry block before any access (else outside the subset)."""
    effects = _memory_effects(decl)
    if ty is not None:
        raise LLUnsupported(f"a call to @{name} with a pointer argument that returns a value", loc)
    if effects in ("none", "read"):
        return  # it writes nothing and returns nothing: no effect a caller can see but the event
    if blk.name != st.entry or st.touched:
        raise LLUnsupported(f"a call to @{name} with a pointer argument after the function accessed memory "
                            "(only calls that fill memory before any access are read)", loc)
    ops: list[Operand] = []
    ptys: list[IntType] = []
    for a in args:
        if str(a.type) == "ptr":
            ops += [Const(NULL_OBJECT, I64), Const(0, I64)] if _is_null(a) else \
                _event_pointer(st, blk, *_pointer(st, a, loc), loc)
            ptys += [I64, I64]
            continue
        t = ty_of(st, a, loc)
        if not isinstance(t, IntType):
            raise LLUnsupported(f"a call to @{name} with a vector argument", loc)
        ops.append(_value(st, blk, a, loc))
        ptys.append(t)
    fname = _clean(name)
    st.funcs[fname] = FuncDecl(fname, tuple(ptys), None, False)
    st.emit(blk, "call", ops, None, None, loc, callee=fname, func=st.funcs[fname])
    st.trapped = _noreturn(_operand_text(ins), decl)


def _call(st: _Fn, blk: Block, ins: Any, ops: list[Any], text: str, loc: Loc, ty: Type | None,
          dest: str | None) -> None:
    callee = ops[-1]
    name = callee.name
    args = ops[:-1]
    if re.search(r"\)\s*\[\s*\"", text) and name != "llvm.assume":
        raise LLUnsupported(f"operand bundles on a call to @{name}", loc)
    if name.startswith("llvm."):
        base = name.split(".")[1]
        if name.startswith("llvm.vector.reduce."):
            kind = name.split(".")[3]
            if kind not in REDUCE_KINDS:
                raise LLUnsupported(f"intrinsic @{name}", loc)
            st.emit(blk, "reduce", [_value(st, blk, args[0], loc)], ty, dest, loc, kind=kind)
            return
        if name.startswith("llvm.experimental.cttz.elts."):
            zp = _operand_text(args[1]).endswith("true")
            st.emit(blk, "cttz_elts", [_value(st, blk, args[0], loc)], ty, dest, loc,
                    rule=st.opts.cttz_elts, zero_poison=zp)
            return
        if base in _INTRINSIC_BINOPS:
            st.emit(blk, base, [_value(st, blk, a, loc) for a in args], ty, dest, loc, flags=())
            return
        if base == "abs":
            st.emit(blk, "abs", [_value(st, blk, args[0], loc)], ty, dest, loc,
                    int_min_poison=_operand_text(args[1]).endswith("true"))
            return
        if base == "masked" and name.split(".")[2] in ("load", "store", "gather", "scatter"):
            kind = {"gather": "load", "scatter": "store"}.get(name.split(".")[2], name.split(".")[2])
            _masked_access(st, blk, ins, kind, args, text, loc, ty, dest)
            return
        if name.startswith("llvm.get.active.lane.mask."):
            _active_lane_mask(st, blk, args, ty, dest, loc)
            return
        if base in ("fma", "fmuladd"):
            fmf = set(flags_of_fp(text, "call"))
            if fmf - {"nnan", "ninf", "contract"}:
                raise LLUnsupported(f"@{name} with {' '.join(sorted(fmf))} (fast-math flags that allow other "
                                    "values)", loc)
            st.emit(blk, base, [_value(st, blk, a, loc) for a in args], ty, dest, loc,
                    flags=tuple(sorted(fmf - {"contract"})))
            return
        if base == "fabs":  # clears the sign bit (a NaN stays a NaN)
            if re.search(r"\bcall(?: \w+)* (?:nnan|ninf|fast)\b", text):
                raise LLUnsupported("llvm.fabs with nnan or ninf", loc)
            assert ty is not None
            w = elem_of(ty).bits
            st.emit(blk, "and", [_value(st, blk, args[0], loc), Const((1 << (w - 1)) - 1, ty)], ty, dest, loc,
                    flags=())
            return
        if base in ("cttz", "ctlz", "ctpop"):
            zp = base != "ctpop" and _operand_text(args[1]).endswith("true")
            st.emit(blk, base, [_value(st, blk, args[0], loc)], ty, dest, loc, zero_poison=zp)
            return
        if base == "assume":
            _assume_bundles(st, blk, text, loc)
            st.emit(blk, "assume", [_value(st, blk, args[0], loc)], None, None, loc)
            return
        if base in ("lifetime", "dbg"):
            return
        if base in ("trap", "ubsantrap", "debugtrap"):
            # not UB (LangRef): the program stops, which is observable; debugtrap goes on
            fname = f"llvm.{base}"
            ptys = tuple(ty_of(st, a, loc) for a in args)
            st.funcs[fname] = FuncDecl(fname, ptys, None, False)  # type: ignore[arg-type]
            st.emit(blk, "call", [_value(st, blk, a, loc) for a in args], None, None, loc, callee=fname,
                    func=st.funcs[fname])
            st.trapped = base != "debugtrap"
            return
        raise LLUnsupported(f"intrinsic @{name}", loc)
    decl = _operand_text(callee)
    if any(str(a.type) == "ptr" for a in args):
        _opaque_call(st, blk, ins, name, args, decl, loc, ty, dest)
        return
    if ty is not None and not isinstance(ty, IntType):
        raise LLUnsupported(f"a call to @{name} returning {ins.type}", loc)
    effects = _memory_effects(decl)
    # a callee that only reads memory computes a function of its arguments while the
    # function stores nothing (memory is then the same for the source and the target)
    pure = effects == "none" or (effects == "read" and not st.stores and ty is not None)
    ptys = tuple(ty_of(st, a, loc) for a in args)
    if not all(isinstance(t, IntType) for t in ptys):
        raise LLUnsupported(f"a call to @{name} with vector arguments", loc)
    if pure and ty is None:
        return  # no effect, no result
    fname = _clean(name)
    head = text.split(f"@{name}(", 1)[0] + " " + decl.split(f"@{name}(", 1)[0]
    st.funcs[fname] = FuncDecl(fname, ptys, ty if isinstance(ty, IntType) else None, pure,  # type: ignore[arg-type]
                               speculatable="speculatable" in decl,
                               ret_poison=not pure and ty is not None and not re.search(r"\bnoundef\b", head))
    st.emit(blk, "call", [_value(st, blk, a, loc) for a in args], ty, dest, loc, callee=fname, func=st.funcs[fname])
    # a call that does not return (abort, exit) ends the program after its event; the
    # `unreachable` after it is never reached, so it must not make the run UB
    st.trapped = not pure and _noreturn(text, decl)


def _noreturn(call_text: str, decl: str) -> bool:
    return bool(re.search(r"\bnoreturn\b", decl) or re.search(r"\bnoreturn\b", call_text.split("(", 1)[0]))
