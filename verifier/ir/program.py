"""The IR proper: a Program is parameters, memory objects, declared functions and
a CFG of basic blocks in SSA form. Everything is plain data; passes are functions.

The operations, their operands, flags and attributes are the table in
`ir/opcodes.py` (all lane-wise on vectors unless noted there). A mask operand
(attrs.masked, last argument) switches lanes off: they do nothing, cannot
fault, and yield poison.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from verifier.ir.opcodes import APPROXIMATING, FMAS, FMINMAX, FUNARY, OPCODES
from verifier.ir.types import IntType, Type

_T = TypeVar("_T")


class Assumption(StrEnum):
    """An assumption stronger than LLVM's semantics, which a user opts into by name
    (`--assume NAME`); every verdict made under it lists it."""

    MEMORY_HAS_NO_POISON = "memory-has-no-poison"  # no memory cell holds poison at entry
    # a pointer loaded from memory points into the object it was loaded from, or is null
    LOADED_POINTERS_IN_OBJECT = "loaded-pointers-in-object"
    # vscale is at most 16 where a function allows more (frontend/llvm/scalable.py)
    VSCALE_AT_MOST_16 = "vscale-at-most-16"
    # llvm.experimental.cttz.elts is poison only where a lane up to the first true one
    # is (LangRef: where any lane is); also `--cttz-elts first-true`
    CTTZ_ELTS_FIRST_TRUE = "cttz-elts-first-true"
    # a model compared with LLVM IR: each array is an LLVM object of exactly its
    # extent's bytes, so at most 2^63 - 1 of them (frontend/bridge.py)
    ARRAYS_ARE_OBJECTS = "arrays-are-objects"
    # a volatile access touches no memory the function accesses plainly (its address
    # is a device register, or memory the function does not otherwise reach)
    VOLATILE_APART = "volatile-apart"
    # a pointer the function stores to memory is compared, source against target, by
    # its address alone (frontend/llvm/objects.py: the bytes keep no provenance)
    STORED_POINTERS_BY_ADDRESS = "stored-pointers-by-address"


# assumptions that matter only where two programs' memories are compared (a pair, not
# one program's legality)
PAIR_READINGS = frozenset({Assumption.STORED_POINTERS_BY_ADDRESS})

# assumptions that are LLVM's own rules, stronger only than a model's semantics (taken
# where a model is read against LLVM IR)
MODEL_READINGS = frozenset({Assumption.ARRAYS_ARE_OBJECTS})

ASSUMPTION_HELP = {
    Assumption.MEMORY_HAS_NO_POISON: "no memory cell (parameter, global, array) holds poison at entry",
    Assumption.LOADED_POINTERS_IN_OBJECT: "a pointer loaded from memory points into the object it was loaded "
                                          "from, or is null (a linked structure kept in one array)",
    Assumption.VSCALE_AT_MOST_16: "vscale is at most 16 (scalable vectors of at most 2048 bits, AArch64 SVE's "
                                  "range), where the function's vscale_range allows more or it declares none",
    Assumption.CTTZ_ELTS_FIRST_TRUE: "llvm.experimental.cttz.elts is poison only where a lane up to the first "
                                     "true one is (LangRef: where any lane is); the same as --cttz-elts first-true",
    Assumption.ARRAYS_ARE_OBJECTS: "a model's array is an LLVM object of exactly its extent's bytes, so of at most "
                                   "2^63 - 1 bytes (a model allows larger); taken when a model is compared with "
                                   "LLVM IR",
    Assumption.VOLATILE_APART: "a volatile store writes no object the function loads or stores plainly, and a "
                               "volatile load reads none that it stores to (a device register; LLVM allows such a "
                               "pointer, not marked noalias, to share memory with the loop's arrays)",
    Assumption.STORED_POINTERS_BY_ADDRESS: "a pointer stored to memory is the same in the source and the target "
                                           "when its address is (LLVM also compares where it may point: one past "
                                           "an object's end and the start of the next have one address)",
}


def parse_assumptions(names: list[str] | tuple[str, ...]) -> frozenset[Assumption]:
    """The named assumptions; an unknown name is the user's mistake (ValueError naming it)."""
    out = set()
    for n in names:
        try:
            out.add(Assumption(n))
        except ValueError:
            raise ValueError(f"unknown assumption {n!r} (known: {', '.join(a.value for a in Assumption)})") from None
    return frozenset(out)


def uses_floats(*progs: Program) -> bool:
    """Whether any of `progs` does float arithmetic or conversions: queries that hold
    them need a solver with the floating-point theory."""
    return any(OPCODES[i.op].floats for p in progs for b in p.blocks.values() for i in b.instrs)


@dataclass(frozen=True)
class Loc:
    """A position in a source file, for messages; `inlined`: where the code at it was
    inlined from (a library header's line, for code the user's line calls)."""

    file: str
    line: int
    col: int
    inlined: str | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}" + (f" (inlined from {self.inlined})" if self.inlined else "")


@dataclass(frozen=True)
class Const:
    """An integer constant; for a vector type, the same value in every lane."""

    value: int
    type: Type


@dataclass(frozen=True)
class Undef:
    """LLVM's undef: every use observes a fresh arbitrary value."""

    type: Type


@dataclass(frozen=True)
class PoisonConst:
    type: Type


@dataclass(frozen=True)
class Ref:
    """A use of an SSA value (a parameter or an instruction's result)."""

    name: str


Operand = Const | Undef | PoisonConst | Ref


@dataclass
class Attrs:
    """What an instruction carries besides its operation and operands. The opcode
    table (ir/opcodes.py) names the ones an operation's syntax writes (`attr`,
    `switches`, `flags`) and the annotations any instruction may have; the rest are
    set by front ends and harnesses. A field unset is None (or False, or no flags)."""

    # written with the operation (the opcode table's attr, switches and flags)
    pred: str | None = None         # icmp / fcmp: the predicate
    kind: str | None = None         # reduce: add, or, umin, ...
    rule: str | None = None         # cttz_elts: any-poison or first-true
    flags: tuple[str, ...] = ()     # LLVM's flags: nsw, nuw, exact, disjoint, nnan, ...
    zero_poison: bool = False       # ctlz / cttz / cttz_elts: a zero input is poison
    int_min_poison: bool = False    # abs: INT_MIN is poison
    masked: bool = False            # the last operand is a lane mask
    # an operation's own operands that are not values
    array: str | None = None        # load / store: the memory object
    width: int | None = None        # load / store: a vector access's lanes
    func: FuncDecl | None = None    # call: the callee
    callee: str | None = None       # call: its name as written
    name: str | None = None         # out: the live-out's name
    mask: tuple[int, ...] | None = None  # shuffle: the lanes picked (-1: poison)
    # annotations (`!key value`, ir/opcodes.ANNOTATIONS)
    start_of: str | None = None     # a GEP on this parameter's object: its offset from the start
    why: str | None = None          # an assume's reason, shown as the UB's
    # set only by the checks' harnesses (ir/opcodes.HARNESS_ATTRS), never printed
    nofault: bool = False           # a hoisted copy: poison where it would fault
    ahead: int | None = None        # a later lane's copy of an effectful call
    instance: tuple[int, int] | None = None  # (original uid, lane) of a lane's copy
    what: str | None = None         # check_same's subject

    def __post_init__(self) -> None:
        self.flags = tuple(self.flags)
        if self.mask is not None:
            self.mask = tuple(self.mask)

    def but(self, **changes: Any) -> Attrs:
        """A copy with `changes` (field names; an unknown one is a TypeError)."""
        return dataclasses.replace(self, **changes)

    def of(self, key: str) -> Any:
        """The attribute the opcode table names `key` (its attr, a switch, an annotation)."""
        return getattr(self, key)


@dataclass
class Instr:
    uid: int
    op: str
    args: list[Operand]
    type: Type | None = None
    dest: str | None = None
    attrs: Attrs = field(default_factory=Attrs)
    loc: Loc | None = None

    @property
    def masked(self) -> bool:
        return self.attrs.masked

    @property
    def decl(self) -> FuncDecl:
        """A call's callee (every call carries one)."""
        return given(self.attrs.func, self, "callee")

    @property
    def array(self) -> str:
        """A load's or store's memory object."""
        return given(self.attrs.array, self, "memory object")

    @property
    def out(self) -> str:
        """An `out`'s live-out name."""
        return given(self.attrs.name, self, "live-out name")


def chooses(i: Instr) -> bool:
    """Whether running `i` may make a nondeterministic choice (semantics/ops.py): a
    freeze, an fmuladd's rounding, a minnum's zero or signaling NaN, an approximation,
    an undef operand."""
    return (i.op == "freeze" or i.op in FMAS or i.op in FMINMAX or approximates(i)
            or any(isinstance(a, Undef) for a in i.args))


def approximates(i: Instr) -> bool:
    """Whether `i` is a math intrinsic whose fast-math flags let its result be other
    than IEEE's (`sqrt afn`, `fast`): a choice LangRef leaves unbounded."""
    return i.op in FUNARY and bool(set(i.attrs.flags) & set(APPROXIMATING))


def given(v: _T | None, ins: Instr, what: str) -> _T:
    """An attribute the instruction's operation always carries (missing: a front end's bug)."""
    assert v is not None, f"{ins.op} (uid {ins.uid}) without its {what}"
    return v


@dataclass
class Phi:
    uid: int
    dest: str
    type: Type
    incoming: list[tuple[str, Operand]]
    loc: Loc | None = None


@dataclass
class Jump:
    target: str


@dataclass
class Branch:
    cond: Operand
    then: str
    other: str
    uid: int = -1
    loc: Loc | None = None


@dataclass
class Halt:
    """The end of the program (the function returns)."""


Terminator = Jump | Branch | Halt


@dataclass
class Block:
    name: str
    phis: list[Phi] = field(default_factory=list)
    instrs: list[Instr] = field(default_factory=list)
    term: Terminator = field(default_factory=Halt)

    def successors(self) -> list[str]:
        if isinstance(self.term, Jump):
            return [self.term.target]
        if isinstance(self.term, Branch):
            return [self.term.then, self.term.other]
        return []

    def operands(self) -> list[Operand]:
        """Every operand it reads: its phis' incoming values, its instructions'
        arguments, its branch's condition."""
        out = [v for ph in self.phis for _, v in ph.incoming] + [a for i in self.instrs for a in i.args]
        return out + ([self.term.cond] if isinstance(self.term, Branch) else [])

    def uids(self) -> list[int]:
        """The ids of its phis, instructions and branch."""
        return [ph.uid for ph in self.phis] + [i.uid for i in self.instrs] + \
            ([self.term.uid] if isinstance(self.term, Branch) else [])


@dataclass(frozen=True)
class Param:
    name: str
    type: IntType


# An extent is a small expression over parameters: int | param name | (op, lhs, rhs).
# Its operators as the operations that compute it in i64 (`/` and `%` signed):
EXTENT_OPS = {"+": "add", "-": "sub", "*": "mul", "/": "sdiv", "%": "srem"}
Extent = int | str | tuple[str, Any, Any]


@dataclass(frozen=True)
class ArrayDecl:
    """A memory object: elements of `elem`, dereferenceable for `extent` elements.

    `init` means no element holds poison; otherwise any element may (LLVM's memory).
    `contents`, when given, is every element's initial value (a `constant` global's
    initializer): the object is then `init` and its cells are no input.
    """

    name: str
    elem: IntType
    extent: Extent
    init: bool = False
    readonly: bool = False
    loc: Loc | None = None
    contents: tuple[int, ...] | None = None

    @property
    def unit(self) -> int:
        """Bytes an element takes in LLVM's memory: whole bytes (an `i1` is a byte, as C's bool)."""
        return max(1, (self.elem.bits + 7) // 8)


@dataclass(frozen=True)
class FuncDecl:
    """A declared callee: effectful (a trace event) or pure (an uninterpreted function).

    A pure call that is not speculatable may trap: the trap is an uninterpreted
    predicate of the arguments, so a call the source never made may be UB.
    An effectful call may return a value (`ret`): an uninterpreted function of the
    call's position in the trace and its arguments (the same call at the same point of
    the same trace returns the same thing, in the source and in the target), poison
    where `ret_poison` allows it (a result without `noundef`).

    What an effect does besides its event (semantics/ops.py `_call`, docs/semantics.md "Calls"):
    - `writes`: the memory objects it may write. After the call each holds arbitrary
      contents, a choice of the run at that point of the trace (the same in the source
      and the target): LLVM's call without `memory(...)` writes every object it can
      reach.
    - `reads`: the objects it may read besides those. The event carries the contents
      of everything it reads or writes, so a target must hand it the memory the source
      does (a callee that may keep a byte it may write exposes it too).
    - `willreturn`: False when the call may end the run (LLVM: no `willreturn`, or no
      `nounwind`; a model's effect not declared `willreturn`): whether it does is a
      choice of the run at that point of the trace, and source UB after it does not
      excuse what the target does before it ("UB is no time machine").
    """

    name: str
    params: tuple[IntType, ...]
    ret: IntType | None
    pure: bool
    speculatable: bool = False
    ret_poison: bool = False
    writes: tuple[str, ...] = ()
    reads: tuple[str, ...] = ()
    willreturn: bool = True

    @property
    def observes(self) -> tuple[str, ...]:
        """The objects whose contents the call's event carries: what it reads or writes."""
        return tuple(dict.fromkeys(self.writes + self.reads))


@dataclass
class Program:
    name: str
    params: list[Param]
    arrays: list[ArrayDecl]
    funcs: dict[str, FuncDecl]
    aliases: list[tuple[str, str]]
    blocks: dict[str, Block]
    entry: str
    consts: dict[str, int] = field(default_factory=dict)
    file: str = "<model>"
    # assumptions stronger than LLVM's semantics the program was read under (named
    # options the user opted into); every verdict about it lists them
    assumptions: tuple[str, ...] = ()
    # assumptions the model was read under that the user did not opt into: it is exact
    # for the memories they allow, so a counterexample stands, but a proof is unknown
    unassumed: tuple[str, ...] = ()
    # how the input names its values where ours differ (LLVM: `v4` -> `%4`), for reports
    display: dict[str, str] = field(default_factory=dict)
    # views that always are windows on their one candidate's object (`window a, b`): the
    # flat encoding of pointers that may overlap in any way, where keeping apart is a far
    # offset (one object per address space), cheaper to solve than a choice per view
    windows: tuple[str, ...] = ()
    # values a transform made as one lane of a value: name -> (the value's family, lane
    # k from 1), recorded where they are made so lane tables need not parse names
    lanes: dict[str, tuple[str, int]] = field(default_factory=dict)
    # values and live-outs the input types as IEEE floats (LLVM's half, float, double):
    # name -> width; they are bits here as everywhere, reports show them as floats too
    floats: dict[str, int] = field(default_factory=dict)

    def alias_targets(self) -> dict[str, list[str]]:
        """Each view's candidate objects, in the order `aliases` lists them: an input makes
        the view a window on at most one of them (or on none), and a candidate may itself
        be a view, so any set of pointers may share one object."""
        out: dict[str, list[str]] = {}
        for whole, view in self.aliases:
            out.setdefault(view, []).append(whole)
        return out

    def objects_seen(self, array: str) -> list[str]:
        """`array` and every object it may be a window on (candidates of candidates too)."""
        targets = self.alias_targets()
        out, todo = [array], [array]
        while todo:
            for obj in targets.get(todo.pop(), []):
                if obj not in out:
                    out.append(obj)
                    todo.append(obj)
        return out

    def array(self, name: str) -> ArrayDecl:
        for a in self.arrays:
            if a.name == name:
                return a
        raise KeyError(name)

    def instructions(self) -> list[Instr]:
        return [i for b in self.blocks.values() for i in b.instrs]

    def uids(self) -> list[int]:
        """Every id in the program: its phis, instructions and branches (the UB sites
        and choices are keyed by them, so two things must never share one)."""
        return [u for b in self.blocks.values() for u in b.uids()]

    def undef_uses(self) -> list[tuple[Loc | None, int, bool]]:
        """(where, uid, whether a phi) of each phi, instruction and branch that uses
        `undef`, in block order: a check that cannot read undef names the first."""
        out: list[tuple[Loc | None, int, bool]] = []
        for b in self.blocks.values():
            out += [(ph.loc, ph.uid, True) for ph in b.phis if any(isinstance(op, Undef) for _, op in ph.incoming)]
            out += [(i.loc, i.uid, False) for i in b.instrs if any(isinstance(a, Undef) for a in i.args)]
            if isinstance(b.term, Branch) and isinstance(b.term.cond, Undef):
                out.append((b.term.loc, b.term.uid, False))
        return out

    def uses_undef_in(self, blocks: Iterable[str]) -> bool:
        """Whether a phi, instruction or branch of `blocks` uses undef."""
        ids = {u for b in blocks for u in self.blocks[b].uids()}
        return any(uid in ids for _, uid, _ in self.undef_uses())

    def next_uid(self) -> int:
        """The first id no part of the program uses: where a transform's fresh ids
        start (the one allocator; it counts up from here)."""
        return max(self.uids(), default=0) + 1

    def duplicate_uids(self) -> list[int]:
        """Ids used more than once (none in a well-formed program)."""
        counts = Counter(self.uids())
        return sorted(u for u, n in counts.items() if n > 1)

    def out_names(self) -> list[str]:
        seen: list[str] = []
        for i in self.instructions():
            if i.op == "out" and i.out not in seen:
                seen.append(i.out)
        return seen

    def value_types(self) -> dict[str, Type]:
        """The type of every SSA value (parameters, phis, instruction results)."""
        types: dict[str, Type] = {p.name: p.type for p in self.params}
        for b in self.blocks.values():
            for ph in b.phis:
                types[ph.dest] = ph.type
            for i in b.instrs:
                if i.dest is not None and i.type is not None:
                    types[i.dest] = i.type
        return types

    def def_blocks(self) -> dict[str, str]:
        """Which block defines each SSA value (parameters: the entry block)."""
        where: dict[str, str] = {p.name: self.entry for p in self.params}
        for b in self.blocks.values():
            for ph in b.phis:
                where[ph.dest] = b.name
            for i in b.instrs:
                if i.dest is not None:
                    where[i.dest] = b.name
        return where


def map_operands(blocks: dict[str, Block], f: Callable[[Operand], Operand]) -> None:
    """Replace, in place, every operand of the phis, instructions and branch
    conditions of `blocks` by f(operand) (substitution of values)."""
    for blk in blocks.values():
        for ph in blk.phis:
            ph.incoming = [(b, f(op)) for b, op in ph.incoming]
        for ins in blk.instrs:
            ins.args = [f(a) for a in ins.args]
        if isinstance(blk.term, Branch):
            blk.term.cond = f(blk.term.cond)


class Fresh:
    """Fresh names and ids for code a pass adds to a program: the one allocator every
    transform uses. A name is `hint.<tag><k>` with the least k not taken (the tag
    says which pass made it: `h` lanes, `w` the window, `s` the start checks), or
    `hint`, `hint1`, ... without a tag; ids count up from the program's first free
    one (Program.next_uid), so none repeats an id of the program or of each other."""

    def __init__(self, taken: set[str], tag: str | None, first_uid: int) -> None:
        self.taken = taken  # shared, not copied: names the caller adds itself stay taken
        self.tag = tag
        self.last_uid = first_uid - 1  # the last id handed out

    @classmethod
    def of(cls, p: Program, tag: str | None) -> Fresh:
        """For code added to `p`: its values, parameters and blocks are taken."""
        return cls(set(p.value_types()) | set(p.blocks), tag, p.next_uid())

    def name(self, hint: str) -> str:
        """A name no value, block or earlier name has, from `hint`."""
        k = 0
        while (name := f"{hint}.{self.tag}{k}" if self.tag is not None else f"{hint}{k or ''}") in self.taken:
            k += 1
        self.taken.add(name)
        return name

    def uid(self) -> int:
        """The next id (for an instruction, a phi or a branch)."""
        self.last_uid += 1
        return self.last_uid


def split_block(p: Program, name: str, at: int, new: str) -> Block:
    """Move block `name`'s instructions from index `at` on, and its terminator, into a
    new block `new` placed right after it; its successors' phis now come from `new`.
    The old block keeps its phis and the instructions before `at`, and ends in a Halt
    for the caller to replace."""
    old = p.blocks[name]
    rest = Block(new, [], old.instrs[at:], old.term)
    for s in rest.successors():
        for ph in p.blocks[s].phis:
            ph.incoming = [(new if b == name else b, op) for b, op in ph.incoming]
    old.instrs, old.term = old.instrs[:at], Halt()
    items = list(p.blocks.items())
    k = next(i for i, (n, _) in enumerate(items) if n == name) + 1
    items.insert(k, (new, rest))
    p.blocks = dict(items)
    return rest


def copy_program(p: Program) -> Program:
    """A copy a pass may edit: new blocks, phis, instructions, terminators and
    containers; the immutable parts (operands, types, locations, declarations) shared.
    Far cheaper than copy.deepcopy for the transforms that build on a program."""
    def term(t: Terminator) -> Terminator:
        if isinstance(t, Jump):
            return Jump(t.target)
        if isinstance(t, Branch):
            return Branch(t.cond, t.then, t.other, t.uid, t.loc)
        return Halt()

    blocks = {
        name: Block(b.name,
                    [Phi(ph.uid, ph.dest, ph.type, list(ph.incoming), ph.loc) for ph in b.phis],
                    [Instr(i.uid, i.op, list(i.args), i.type, i.dest, i.attrs.but(), i.loc) for i in b.instrs],
                    term(b.term))
        for name, b in p.blocks.items()}
    return Program(p.name, list(p.params), list(p.arrays), dict(p.funcs), list(p.aliases), blocks, p.entry,
                   dict(p.consts), p.file, p.assumptions, p.unassumed, dict(p.display), p.windows, dict(p.lanes),
                   dict(p.floats))


def sharing(prog: Program, arrays: set[str]) -> set[str]:
    """`arrays` and every array that may share an object with one of them (the closure
    over alias pairs: views of one object may reach each other through it)."""
    out = set(arrays)
    while True:
        more = {x for pair in prog.aliases if out & set(pair) for x in pair} - out
        if not more:
            return out
        out |= more
