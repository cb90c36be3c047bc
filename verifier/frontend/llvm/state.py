"""The translation state of one function, the options a caller gives, and the
memory objects the function reaches: the plain data every other module of the
`.ll` front end reads and fills."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from verifier.frontend.layout import Layout
from verifier.frontend.llvm.text import (
    LABEL,
    CallFacts,
    call_facts,
    call_site_attrs,
    clean,
    operand_text,
)
from verifier.ir.program import (
    Assumption,
    Attrs,
    Block,
    Const,
    Fresh,
    FuncDecl,
    Instr,
    Loc,
    Operand,
    Param,
    Phi,
    Ref,
)
from verifier.ir.types import I1, Type


@dataclass(frozen=True)
class LLOptions:
    """Semantic choices where LLVM's language reference has moved."""

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
    # positions from the module's debug info (C compiled with -gline-tables-only): a
    # verdict points at the C source line, not at the module the tool wrote
    debug_locations: bool = False
    # scalable vectors are read at this vscale (frontend/llvm/scalable.py); None: a
    # function that has them raises ScalableVectors, naming the vscales to read it at
    vscale: int | None = None
    # loaded pointers may get objects of their own (objects.own_objects): off where the
    # two functions of a pair do not agree on which (parse_ll_pair)
    own_objects: bool = True
    # what each callee may do (its memory effects, whether it returns) as the source of a
    # pair says: the target's own attributes are claims to check, not facts (parse_ll_pair)
    callee_facts: tuple[tuple[str, CallFacts], ...] = ()
    # reading a pair's target: which of the source's arguments are noundef (by
    # position; None: reading a source), so both read their parameters alike and a
    # target's own noundef is a claim (UB where the caller passes poison)
    source_noundef: tuple[bool, ...] | None = None
    # reading a pair's target: the objects the source's calls reach (a target's own
    # noalias does not hide an object from its calls)
    source_reached: frozenset[str] = frozenset()

    @property
    def memory_poison(self) -> bool:
        """Whether memory may hold poison at entry (LLVM's semantics: it may)."""
        return Assumption.MEMORY_HAS_NO_POISON not in self.assume


def key(v: Any) -> int:
    """An identity for an llvmlite value (its hash is the address of the LLVM value)."""
    return hash(v)


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
    least_align: int = 0  # the smallest `align` an access claims (0: no access)
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
    loaded: bool = False  # a loaded pointer's own object: its address is the loaded bits' (objects.own_objects)
    where: Loc | None = None  # where it is defined (an alloca)
    or_null: bool = False  # dereferenceable only unless it is null (dereferenceable_or_null)
    returned_by: str = ""  # the callee whose returned pointer points to its start (objects.call_results)
    allocated: str = ""  # an allocator's allockind ("alloc,uninitialized"): its contents are the allocator's
    read_from: bool = False  # loaded from (accessed: loaded from or stored to)


@dataclass
class FnState:
    """Translation state of one function."""

    path: Path
    lines: list[str]
    opts: LLOptions
    names: dict[int, str] = field(default_factory=dict)
    blocks: dict[str, Block] = field(default_factory=dict)
    objects: dict[str, MemObject] = field(default_factory=dict)
    prov: dict[int, str] = field(default_factory=dict)  # pointer value -> object
    offsets: dict[int, Operand] = field(default_factory=dict)  # pointer value -> offset in units
    # constant-expression GEPs on a global (`getelementptr (i8, ptr @t, i64 64)`) ->
    # their offset in bytes, made an offset in units once the units are known
    const_geps: dict[int, int] = field(default_factory=dict)
    params: list[Param] = field(default_factory=list)
    funcs: dict[str, FuncDecl] = field(default_factory=dict)
    # the one allocator of new names (`hint.l<k>`) and ids (from 1) the transforms use too
    ids: Fresh = field(default_factory=lambda: Fresh(set(), "l", 1))
    start_line: int = 0
    pointer_phis: list[tuple[Phi, list[tuple[str, int | None]]]] = field(default_factory=list)
    layout: Layout = field(default_factory=Layout)
    edges: dict[tuple[str, str], str] = field(default_factory=dict)  # (llvm pred, succ) -> our pred
    nullable: set[int] = field(default_factory=set)  # pointer values that may be the null literal
    nulls: dict[int, Operand] = field(default_factory=dict)  # ... and the i1 saying whether they are
    null_phis: list[tuple[Phi, list[tuple[str, int | None]]]] = field(default_factory=list)
    # pointer phis and selects over pointers into several objects: their objects, and
    # the (address, object number) values that stand for them
    multi: dict[int, frozenset[str]] = field(default_factory=dict)
    multi_vals: dict[int, tuple[Operand, Operand]] = field(default_factory=dict)
    multi_phis: list[tuple[Phi, Phi, list[tuple[str, int | None]]]] = field(default_factory=list)
    defined_in: dict[int, str] = field(default_factory=dict)  # instruction -> its block's name
    # allocas of a runtime size (VLAs): their count operand and element bytes
    dynamic_allocas: dict[int, tuple[Any, int]] = field(default_factory=dict)
    # a call returning an object whose size allocsize gives at run time -> the arguments it multiplies
    allocated_sizes: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    copy_of: dict[int, int] = field(default_factory=dict)  # one-incoming pointer phi (LCSSA's) -> its value
    pre: Block = field(default_factory=lambda: Block("pre"))  # the entry's own facts, run first
    ins_locs: dict[int, Loc] = field(default_factory=dict)  # instruction -> its line, in text order
    display: dict[str, str] = field(default_factory=dict)  # our name -> LLVM's (`v4` -> `%4`)
    touched: bool = False  # a load or store has been translated (blocks go in order, entry first)
    stores: bool = False  # the function stores to memory somewhere, or calls what may
    trapped: bool = False  # the instruction just translated ends the program (llvm.trap)
    entry: str = ""  # the entry block's name
    # pointers loaded from memory (a linked structure's `p->next`): taken to point into
    # the object they were loaded from, or to be null (Assumption.LOADED_POINTERS_IN_OBJECT)
    loaded: set[int] = field(default_factory=set)
    # their offsets' names: a program that uses none of them tests loaded pointers for
    # null only, which holds wherever they point (no assumption needed)
    loaded_offsets: set[str] = field(default_factory=set)
    stores_pointers: bool = False  # some store writes a pointer other than null (its address)
    # pointers loaded once (outside every loop) in a function that stores nothing: each
    # points into an object of its own (objects.own_objects), no assumption needed
    own_loaded: dict[int, str] = field(default_factory=dict)  # load -> its object
    # pointer parameters with free room in front of them (LLOptions.room, and those
    # whose objects hold loaded pointers: the nodes may lie before the one passed)
    room: set[str] = field(default_factory=set)
    debug: dict[int, Loc] = field(default_factory=dict)  # line index -> source position (debuginfo)
    # struct values built by insertvalue (a returned `{ i64, i8 }`): their fields, each
    # our operand; read by extractvalue and by `ret`, which returns each as `ret.<k>`
    aggregates: dict[int, list[Operand]] = field(default_factory=dict)
    floats: dict[str, int] = field(default_factory=dict)  # Program.floats: our name -> IEEE width
    # objects plain loads and stores access, and those volatile stores write (with the
    # first such store's place): the model keeps a volatile store out of memory, so
    # an object may not be both (module._translate refuses it)
    plain_objects: set[str] = field(default_factory=set)
    plain_stored: set[str] = field(default_factory=set)  # objects plain stores write
    volatile_stored: dict[str, Loc] = field(default_factory=dict)
    volatile_loaded: set[str] = field(default_factory=set)
    groups: dict[str, str] = field(default_factory=dict)  # the module's attribute groups (`#7`)
    # the objects a call reaches through memory it was not handed (LangRef's "other"
    # location: globals, objects whose address escaped, what pointer parameters not
    # marked noalias point to): objects.declare_objects sets them
    reached: tuple[str, ...] = ()

    def facts_of(self, ins: Any) -> CallFacts:
        """What the call (or invoke) `ins` may do: as the source of a pair says for its
        callee (LLOptions.callee_facts), else as its declaration and call site do."""
        name = str(list(ins.operands)[-1].name)
        given = dict(self.opts.callee_facts).get(name)
        if given is not None:
            return given
        return call_facts(operand_text(list(ins.operands)[-1]), call_site_attrs(operand_text(ins), self.groups))

    def at(self, k: int, col: int = 1) -> Loc:
        """The position of line index `k` of the text: its debug location when the
        options ask for those and it has one, else its own line and `col`."""
        return self.debug.get(k) or Loc(str(self.path), k + 1, col)

    def loc_of(self, text: str, ins: Any = None) -> Loc:
        """Where an instruction is: from the function's own text in order (`ins`), else
        the first line that starts like `text`."""
        if ins is not None and key(ins) in self.ins_locs:
            return self.ins_locs[key(ins)]
        first = text.strip().splitlines()[0].strip() if text.strip() else ""
        for k in range(self.start_line, len(self.lines)):
            if first and self.lines[k].strip().startswith(first[:60]):
                return self.at(k, len(self.lines[k]) - len(self.lines[k].lstrip()) + 1)
        return self.at(self.start_line)

    def block_loc(self, name: str | None) -> Loc:
        """Where block `name` (ours: a cleaned label) starts in the function's text."""
        for k in range(self.start_line + 1, len(self.lines)):
            line = self.lines[k]
            if line.startswith("}"):
                break
            m = LABEL.match(line)
            if m and name is not None and clean(m.group(1).strip('"')) == name:
                return self.at(k)
        return self.at(self.start_line)

    def shown(self, llvm_name: str) -> str:
        """Our name for the LLVM value or block `%x` / `@x`, remembering how LLVM prints it."""
        ours = clean(llvm_name)
        self.display[ours] = llvm_name
        return ours

    def fresh(self, hint: str) -> str:
        return self.ids.name(hint)

    def emit(self, blk: Block, op: str, args: list[Operand], ty: Type | None, dest: str | None,
             loc: Loc | None = None, **attrs: Any) -> Operand:
        blk.instrs.append(Instr(self.ids.uid(), op, args, ty, dest, Attrs(**attrs), loc))
        return Ref(dest) if dest is not None else Const(0, I1)
