"""A scalar loop model (`.loop`) as an LLVM module, so that the emitter, llc and the
cost harness take models as they take C.

The lowering is the model's meaning in LLVM's words, one function per model:
- a parameter is an `iN noundef` argument (the model's parameters are never poison);
- an array is a `ptr noalias captures(none) align U` argument (no `noalias` where
  the model lets it alias), known dereferenceable for its extent's bytes:
  `dereferenceable(K)` for a constant extent, an `llvm.assume` "dereferenceable"
  bundle over the computed size otherwise (a negative extent is empty, as in the
  model); `readonly` is the attribute; an `i1` element is a byte, as C's `bool`;
  an array of given contents (a table) is a `private constant` global of them;
- `a[i]` is an `inbounds` GEP (the index sign-extended, as the model's) and a load
  or store; an effect is a call to a `nounwind` function (`willreturn` if declared
  so) whose `memory(...)` reaches only the arrays it reads or writes, which are then
  not `noalias` (its I/O is `inaccessiblemem`); a pure function is `memory(none)`
  (`speculatable` if declared so);
- the loops are in loop-closed SSA (transforms/lcssa.py), as clang leaves them;
- the live-outs are the return value (a struct of them when there are several).

Where LLVM IR says something else, `Lowered.differences` lists it: an `init` array
(no element is poison) is plain memory there, and an extent of more than 2^63 - 1
bytes is UB (no LLVM object is that large). The object may also be larger than the
extent. The proofs are about the LLVM functions, which the user gets, so the
lowering is not trusted by them; tests run it against the model in the interpreter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from verifier.emit.reader import EmitUnsupported, ref
from verifier.ir.opcodes import OPCODES, Family
from verifier.ir.program import (
    EXTENT_OPS,
    ArrayDecl,
    Branch,
    Const,
    Extent,
    FuncDecl,
    Halt,
    Instr,
    Jump,
    Operand,
    PoisonConst,
    Program,
    Ref,
    Undef,
)
from verifier.ir.types import IntType, Type
from verifier.transforms.lcssa import loop_closed

_CASTS = ("zext", "sext", "trunc")
_BITCOUNT = {"cttz": True, "ctlz": True, "ctpop": False}  # takes an is-zero-poison operand


@dataclass
class Lowered:
    """The module's text, its function's name, and what the model says that the
    LLVM function does not (it assumes less)."""

    module: str
    function: str
    differences: list[str] = field(default_factory=list)


def _ty(t: Type | None) -> str:
    if not isinstance(t, IntType):
        raise EmitUnsupported(f"a value of type {t} (the lowering takes scalar integer models)")
    return f"i{t.bits}"


def _const(value: int, t: IntType) -> str:
    if t.bits == 1:
        return "true" if value & 1 else "false"
    v = value & ((1 << t.bits) - 1)
    return str(v - (1 << t.bits) if v >> (t.bits - 1) else v)


class _Lowering:
    """One model's function: names, types and the lines of its body."""

    def __init__(self, prog: Program) -> None:
        self.prog = prog
        self.types = prog.value_types()
        self.taken = set(self.types) | {a.name for a in prog.arrays} | set(prog.blocks)
        self.decls: dict[str, str] = {}
        self.lines: list[str] = []
        # LLVM has one namespace for arguments, values and blocks; the model has one for
        # arrays, one for values and one for blocks: a value named like an array, or a
        # block named like either, is renamed
        arrays = {a.name for a in prog.arrays}
        self.values = {v: self.fresh(f"{v}.v") if v in arrays else v for v in self.types}
        shown = arrays | set(self.values.values())
        self.blocks = {b: self.fresh(f"{b}.bb") if b in shown else b for b in prog.blocks}

    def val(self, name: str) -> str:
        return ref(self.values[name])

    def label(self, block: str) -> str:
        return ref(self.blocks[block])

    def fresh(self, hint: str) -> str:
        name, k = hint, 1
        while name in self.taken:
            name, k = f"{hint}{k}", k + 1
        self.taken.add(name)
        return name

    def op(self, o: Operand, want: Type | None = None) -> str:
        if isinstance(o, Ref):
            return self.val(o.name)
        if isinstance(o, Const):
            t = o.type if isinstance(o.type, IntType) else want
            if not isinstance(t, IntType):
                raise EmitUnsupported(f"a constant of type {o.type}")
            return _const(o.value, t)
        if isinstance(o, Undef):
            return "undef"
        if isinstance(o, PoisonConst):
            return "poison"
        raise AssertionError(o)

    def typed(self, o: Operand) -> str:
        return f"{_ty(self.type_of(o))} {self.op(o)}"

    def type_of(self, o: Operand) -> Type:
        if isinstance(o, Ref):
            return self.types[o.name]
        return o.type

    def declare(self, name: str, line: str) -> None:
        self.decls.setdefault(name, line)

    def emit(self, text: str) -> None:
        self.lines.append("  " + text)

    # the function's head: arguments, extents
    def arguments(self) -> list[str]:
        out = [f"i{p.type.bits} noundef {self.val(p.name)}" for p in self.prog.params]
        aliased = {n for pair in self.prog.aliases for n in pair}
        reached = {o for f in self.prog.funcs.values() for o in f.observes}  # what an effect reads or writes
        if aliased and reached:
            raise EmitUnsupported("an effect that reads or writes arrays, beside arrays that may alias (a call "
                                  "reaches every pointer not marked noalias)")
        return out + [f"ptr {' '.join(self.array_attributes(a, aliased | reached))} {ref(a.name)}"
                      for a in self.prog.arrays if a.contents is None]

    def constants(self) -> list[str]:
        """Each array with given contents as a constant global of those contents."""
        return [f"@{a.name} = private unnamed_addr constant [{len(a.contents)} x {self.memory_type(a)}] "
                f"[{', '.join(f'{self.memory_type(a)} {x}' for x in a.contents)}], align {self.unit(a)}"
                for a in self.prog.arrays if a.contents is not None]

    def pointer(self, a: ArrayDecl) -> str:
        """The pointer to array a's first element: its argument, or its constant global."""
        return f"@{a.name}" if a.contents is not None else ref(a.name)

    def array_attributes(self, a: ArrayDecl, shared: set[str]) -> list[str]:
        """An array argument's attributes: noalias unless it may alias or a call reaches
        it (`shared`), its alignment, extent and read-only-ness."""
        attrs = ["noalias"] if a.name not in shared else []
        attrs += ["captures(none)", f"align {self.unit(a)}"]
        if isinstance(a.extent, int) and a.extent > 0:
            attrs.append(f"dereferenceable({a.extent * self.unit(a)})")
        return attrs + (["readonly"] if a.readonly else [])

    @staticmethod
    def unit(a: ArrayDecl) -> int:
        return a.unit

    def extent(self, e: Extent, hint: str) -> str:
        """The extent as an i64 operand (parameters sign-extended), emitted in the entry."""
        if isinstance(e, int):
            return str(e)
        if isinstance(e, str):
            bits = next(p.type.bits for p in self.prog.params if p.name == e)
            if bits == 64:
                return self.val(e)
            name = self.fresh(f"{hint}.{e}")
            self.emit(f"{ref(name)} = sext i{bits} {self.val(e)} to i64")
            return ref(name)
        sym, a, b = e
        if sym in "/%" and not (isinstance(b, int) and b not in (0, -1)):
            raise EmitUnsupported(f"an extent that divides by {b} (a divisor that may be 0 or -1 is UB in LLVM)")
        x, y = self.extent(a, hint), self.extent(b, hint)
        name = self.fresh(f"{hint}.n")
        op = EXTENT_OPS[sym]
        self.emit(f"{ref(name)} = {op} i64 {x}, {y}")
        return ref(name)

    def extents(self) -> None:
        for a in self.prog.arrays:
            if isinstance(a.extent, int):
                continue
            n = self.extent(a.extent, a.name)
            size = self.fresh(f"{a.name}.elems")
            self.declare("llvm.smax.i64", "declare i64 @llvm.smax.i64(i64, i64)")
            self.emit(f"{ref(size)} = call i64 @llvm.smax.i64(i64 {n}, i64 0)")
            # no LLVM object is larger than the largest signed index (LangRef, "Allocated
            # objects"): a larger extent is UB here, which the model does not say
            fits = self.fresh(f"{a.name}.fits")
            self.emit(f"{ref(fits)} = icmp ule i64 {ref(size)}, {((1 << 63) - 1) // self.unit(a)}")
            self.declare("llvm.assume", "declare void @llvm.assume(i1 noundef)")
            self.emit(f"call void @llvm.assume(i1 {ref(fits)})")
            nbytes = self.fresh(f"{a.name}.size")
            self.emit(f"{ref(nbytes)} = mul nuw nsw i64 {ref(size)}, {self.unit(a)}")
            self.emit(f'call void @llvm.assume(i1 true) [ "dereferenceable"(ptr {ref(a.name)}, i64 {ref(nbytes)}) ]')

    # instructions
    def address(self, ins: Instr) -> str:
        a = self.prog.array(ins.array)
        p = self.fresh(f"{ins.array}.at")
        self.emit(f"{ref(p)} = getelementptr inbounds {self.memory_type(a)}, ptr {self.pointer(a)}, "
                  f"{self.typed(ins.args[0])}")
        return p

    def memory_type(self, a: ArrayDecl) -> str:
        """The type of `a`'s elements in memory: whole bytes."""
        return f"i{self.unit(a) * 8}"

    def instr(self, ins: Instr) -> None:
        """One instruction as LLVM IR: each kind by its method (`_LOWER`), an integer
        binary operation by its row's `llvm` name."""
        if ins.masked or (ins.attrs.width or 0) > 1:
            raise EmitUnsupported(f"the vector operation {ins.op}", ins.loc.line if ins.loc else None)
        if ins.op == "out":
            return  # returned at the function's end (ret)
        how = _LOWER.get(ins.op, _Lowering._int_binary if OPCODES[ins.op].family is Family.INT_BINARY else None)
        if how is None:
            raise EmitUnsupported(f"the operation {ins.op}", ins.loc.line if ins.loc else None)
        how(self, ins, "" if ins.dest is None else f"{self.val(ins.dest)} = ")

    def _int_binary(self, ins: Instr, dest: str) -> None:
        """An integer binary operation: an instruction, or an intrinsic (llvm.smax)."""
        row, t = OPCODES[ins.op], _ty(ins.type)
        if row.llvm.startswith("llvm."):
            self.declare(f"{row.llvm}.{t}", f"declare {t} @{row.llvm}.{t}({t}, {t})")
            self.emit(f"{dest}call {t} @{row.llvm}.{t}({self.typed_as(ins.args[0], ins.type)}, "
                      f"{self.typed_as(ins.args[1], ins.type)})")
            return
        flags = "".join(f" {f}" for f in ins.attrs.flags)
        self.emit(f"{dest}{row.llvm}{flags} {t} {self.op(ins.args[0], ins.type)}, {self.op(ins.args[1], ins.type)}")

    def _icmp(self, ins: Instr, dest: str) -> None:
        at = self.operand_type(ins.args)
        same = " samesign" if "samesign" in ins.attrs.flags else ""
        self.emit(f"{dest}icmp{same} {ins.attrs.pred} {_ty(at)} {self.op(ins.args[0], at)}, "
                  f"{self.op(ins.args[1], at)}")

    def _cast(self, ins: Instr, dest: str) -> None:
        flags = "".join(f" {f}" for f in ins.attrs.flags)
        src = self.type_of(ins.args[0])
        self.emit(f"{dest}{ins.op}{flags} {_ty(src)} {self.op(ins.args[0])} to {_ty(ins.type)}")

    def _select(self, ins: Instr, dest: str) -> None:
        self.emit(f"{dest}select i1 {self.op(ins.args[0], IntType(1))}, {self.typed_as(ins.args[1], ins.type)}, "
                  f"{self.typed_as(ins.args[2], ins.type)}")

    def _freeze(self, ins: Instr, dest: str) -> None:
        self.emit(f"{dest}freeze {self.typed_as(ins.args[0], ins.type)}")

    def _load(self, ins: Instr, dest: str) -> None:
        a = self.prog.array(ins.array)
        p = self.address(ins)
        mem = self.memory_type(a)
        if mem == f"i{a.elem.bits}":
            self.emit(f"{dest}load {mem}, ptr {ref(p)}, align {self.unit(a)}")
        else:  # an i1 element is a byte in memory, as C's bool
            byte = self.fresh(f"{ins.dest}.byte")
            self.emit(f"{ref(byte)} = load {mem}, ptr {ref(p)}, align {self.unit(a)}")
            self.emit(f"{dest}trunc {mem} {ref(byte)} to i{a.elem.bits}")

    def _store(self, ins: Instr, dest: str) -> None:
        a = self.prog.array(ins.array)
        p = self.address(ins)
        val = self.op(ins.args[1], a.elem)
        mem = self.memory_type(a)
        if mem != f"i{a.elem.bits}":
            byte = self.fresh(f"{ins.array}.byte")
            self.emit(f"{ref(byte)} = zext i{a.elem.bits} {val} to {mem}")
            val = ref(byte)
        self.emit(f"store {mem} {val}, ptr {ref(p)}, align {self.unit(a)}")

    def _call(self, ins: Instr, dest: str) -> None:
        f = ins.decl
        args = ", ".join(f"i{t.bits} {self.op(o, t)}" for o, t in zip(ins.args, f.params, strict=True))
        self.declare(f.name, self.callee(f))
        self.emit(f"{dest}call {'void' if f.ret is None else f'i{f.ret.bits}'} @{f.name}({args})")

    def _assume(self, ins: Instr, dest: str) -> None:
        self.declare("llvm.assume", "declare void @llvm.assume(i1 noundef)")
        self.emit(f"call void @llvm.assume(i1 {self.op(ins.args[0], IntType(1))})")

    def _bit_intrinsic(self, ins: Instr, dest: str) -> None:
        """llvm.abs (its int_min_poison flag) and the bit counts (their zero_poison)."""
        t = _ty(ins.type)
        extra = ""
        if ins.op == "abs":
            extra = f", i1 {'true' if ins.attrs.int_min_poison else 'false'}"
        elif _BITCOUNT[ins.op]:
            extra = f", i1 {'true' if ins.attrs.zero_poison else 'false'}"
        self.declare(f"llvm.{ins.op}.{t}", f"declare {t} @llvm.{ins.op}.{t}({t}{', i1' if extra else ''})")
        self.emit(f"{dest}call {t} @llvm.{ins.op}.{t}({self.typed_as(ins.args[0], ins.type)}{extra})")

    def typed_as(self, o: Operand, t: Type | None) -> str:
        tt = self.type_of(o) if isinstance(o, Ref) else t
        return f"{_ty(tt)} {self.op(o, tt)}"

    def operand_type(self, args: list[Operand]) -> Type:
        for o in args:
            if isinstance(o, Ref):
                return self.types[o.name]
        return self.type_of(args[0])

    @staticmethod
    def callee(f: FuncDecl) -> str:
        ret = "void" if f.ret is None else ("" if f.ret_poison else "noundef ") + f"i{f.ret.bits}"
        params = ", ".join(f"i{t.bits}" for t in f.params)
        if f.pure:
            attrs = "memory(none) nounwind willreturn" + (" speculatable" if f.speculatable else "")
        else:  # it reaches the arrays it reads or writes (not noalias: arguments), nothing else
            memory = "readwrite" if f.writes else "read, inaccessiblemem: readwrite" if f.reads else \
                "inaccessiblemem: readwrite"
            attrs = f"memory({memory}) nounwind" + (" willreturn" if f.willreturn else "")
        return f"declare {ret} @{f.name}({params}) {attrs}"


def lower_model(prog: Program) -> Lowered:
    """`prog` (a scalar model) as an LLVM module (module docstring); EmitUnsupported
    names what it cannot lower and its line."""
    if prog.windows:
        raise EmitUnsupported("windows (`window a, b`)")
    prog = loop_closed(prog)
    lw = _Lowering(prog)
    outs = _out_types(lw, prog)
    ret = _return_type(outs)
    order = _reverse_postorder(prog)
    preds = {b: [p for p in order if b in prog.blocks[p].successors()] for b in order}
    if preds[prog.entry]:
        raise EmitUnsupported(f"the entry block {prog.entry} has predecessors")
    for name in order:
        _lower_block(lw, prog, name, preds[name], outs, ret)
    head = f"define {ret} @{prog.name}({', '.join(lw.arguments())}) {{"
    consts = lw.constants()
    module = "\n".join([f"; the loop model {prog.name} ({prog.file}) as LLVM IR, written by verifier",
                        "", *consts, *([""] if consts else []), head, *lw.lines, "}", "", *lw.decls.values(), ""])
    return Lowered(module, prog.name, _differences(prog))


def _out_types(lw: _Lowering, prog: Program) -> dict[str, Type]:
    """The live-outs in the order the model first writes them, with their types."""
    return {o: next(lw.type_of(i.args[0]) for i in prog.instructions() if i.op == "out" and i.out == o)
            for o in prog.out_names()}


def _return_type(outs: dict[str, Type]) -> str:
    """The function's return type: void, the one live-out's, or a struct of them."""
    if len(outs) == 1:
        return _ty(next(iter(outs.values())))
    return "{ " + ", ".join(map(_ty, outs.values())) + " }" if outs else "void"


def _differences(prog: Program) -> list[str]:
    """What the model says that LLVM IR says differently (module docstring)."""
    return _array_differences(prog) + _effect_differences(prog)


def _array_differences(prog: Program) -> list[str]:
    differences = [f"array {a.name} is `init` in the model (no element is poison); in LLVM IR its memory may hold "
                   "poison" for a in prog.arrays if a.init]
    return differences + [f"array {a.name}: an extent of more than 2^63 - 1 bytes is UB in LLVM IR (no object is "
                          "that large)" for a in prog.arrays if not isinstance(a.extent, int)]


def _effect_differences(prog: Program) -> list[str]:
    differences = []
    reached = sorted({o for f in prog.funcs.values() for o in f.observes})
    if len(reached) > 1:
        differences.append(f"arrays {', '.join(reached)}, which an effect reads or writes, are not noalias in LLVM "
                           "IR (a call reaches them no other way): there they may overlap")
    differences += [f"effect {f.name}, which writes {', '.join(f.writes)}, may write every array not noalias in "
                    "LLVM IR" for f in prog.funcs.values() if f.writes and set(f.writes) != set(reached)]
    return differences


def _lower_block(lw: _Lowering, prog: Program, name: str, preds: list[str], outs: dict[str, Type],
                 ret: str) -> None:
    """One block: its label, the objects' extents in the entry, phis (from the blocks
    that reach it), instructions and terminator (a halt returns the live-outs)."""
    blk = prog.blocks[name]
    lw.lines.append(f"{lw.blocks[name]}:")
    if name == prog.entry:
        lw.extents()
    for ph in blk.phis:
        incoming = ", ".join(f"[ {lw.op(o, ph.type)}, {lw.label(b)} ]" for b, o in ph.incoming if b in preds)
        lw.emit(f"{lw.val(ph.dest)} = phi {_ty(ph.type)} {incoming}")
    for ins in blk.instrs:
        lw.instr(ins)
    term = blk.term
    if isinstance(term, Jump):
        lw.emit(f"br label {lw.label(term.target)}")
    elif isinstance(term, Branch):
        lw.emit(f"br i1 {lw.op(term.cond, IntType(1))}, label {lw.label(term.then)}, label {lw.label(term.other)}")
    else:
        assert isinstance(term, Halt)
        lw.emit(_ret(lw, blk.instrs, outs, ret, _set_on_the_way(prog), name))


def _set_on_the_way(prog: Program) -> set[str]:
    """The live-outs some block that does not end the run sets (inside the loop, say)."""
    return {i.out for b in prog.blocks.values() if not isinstance(b.term, Halt) for i in b.instrs if i.op == "out"}


def _none_set_only_on_the_way(unset: set[str], on_the_way: set[str], block: str) -> None:
    if missing := sorted(unset & on_the_way):
        raise EmitUnsupported(f"live-out {missing[0]} is set before block {block} (where the run ends) and not "
                              "there: the lowering returns what the block that ends the run sets")


def _ret(lw: _Lowering, instrs: list[Instr], outs: dict[str, Type], ret: str, on_the_way: set[str],
         block: str) -> str:
    """A halting block's `ret` of the live-outs its own `out`s set; one no block on
    the way sets either is poison, as in the model (semantics/symbolic.unset_value).
    One set on the way and not here is refused: its value is not this block's to return."""
    here = {i.out: i.args[0] for i in instrs if i.op == "out"}
    _none_set_only_on_the_way(set(outs) - set(here), on_the_way, block)
    values = [lw.typed(here[o]) if o in here else f"{_ty(t)} poison" for o, t in outs.items()]
    if not outs:
        return "ret void"
    if len(outs) == 1:
        return f"ret {values[0]}"
    agg = "poison"
    for k, value in enumerate(values):
        name = lw.fresh("ret.agg")
        lw.emit(f"{ref(name)} = insertvalue {ret} {agg}, {value}, {k}")
        agg = ref(name)
    return f"ret {ret} {agg}"


def _reverse_postorder(prog: Program) -> list[str]:
    seen: set[str] = set()
    post: list[str] = []
    stack: list[tuple[str, int]] = [(prog.entry, 0)]
    seen.add(prog.entry)
    while stack:
        b, k = stack.pop()
        succ = prog.blocks[b].successors()
        if k < len(succ):
            stack.append((b, k + 1))
            if succ[k] not in seen:
                seen.add(succ[k])
                stack.append((succ[k], 0))
        else:
            post.append(b)
    return post[::-1]


# how each instruction is lowered (_Lowering.instr; integer binary operations by their row)
_LOWER: dict[str, Callable[[_Lowering, Instr, str], None]] = {
    "load": _Lowering._load, "store": _Lowering._store, "call": _Lowering._call, "assume": _Lowering._assume,
    "icmp": _Lowering._icmp, "select": _Lowering._select, "freeze": _Lowering._freeze,
    "abs": _Lowering._bit_intrinsic, **dict.fromkeys(_CASTS, _Lowering._cast),
    **dict.fromkeys(_BITCOUNT, _Lowering._bit_intrinsic),
}
