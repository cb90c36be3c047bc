"""The emitter's ground floor: the loop it reads, the vector IR text it writes, and the
values both sides share (each loop value's vector, first lane and stride).

`Builder` writes lines into named blocks (`value` emits `%name = rhs` and returns the
name's reference), keeps names fresh against everything the function already uses,
and reads the loop: which instructions read a value, and which slices of the body can
run before it. It knows the carried values only through `Carried`, the face every
recipe (emit/recipes.py) shows the layers above: the form is built by
emit/vectorize.py from this, emit/memory.py and emit/widen.py."""

from __future__ import annotations

from typing import Protocol

from verifier.emit.reader import EmitUnsupported, Func, Ins, Loop, Val, ref
from verifier.frontend.layout import Layout
from verifier.frontend.llvm.text import gep_source_type, int_flags
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.opcodes import DIVISIONS
from verifier.transforms.vector_loop import Form, ReductionOrder

LATCH_END = "@@latch.end@@"  # the block the back edge leaves from, known once it is emitted
_NOT_COUNTABLE = frozenset({"load", "call", "store", *DIVISIONS})  # no countable exit's condition computes these
_WHOLE_LANES = ("i8", "i16", "i32", "i64", "half", "float", "double", "ptr")  # a vector of them is packed


class Carried(Protocol):
    """A header phi the vector loop carries, as the layers below the form see it: is
    it an induction (a pointer one?), and which loop values it computes itself, when
    they are first asked for (`lazy`, computed by `lanes`)."""

    phi: Ins
    start: Val

    @property
    def induction(self) -> bool: ...

    @property
    def pointer(self) -> bool: ...

    @property
    def lazy(self) -> frozenset[str]: ...

    def lanes(self, e: Builder) -> None: ...


class Builder:
    """The state of one emission: the loop read, the text written, each loop value's
    vector (`wide`), first lane (`lane0`) and stride between lanes (`stride`)."""

    def __init__(self, f: Func, lp: Loop, form: Form, vf: int, order: ReductionOrder, guards: bool = False) -> None:
        self.f, self.lp, self.form, self.vf, self.order = f, lp, form, vf, order
        self.guards = guards  # runtime guards on gathers (the simple form's --guards: Memory.guarded)
        self.guard_fails: list[str] = []  # per guard, the lanes it sends to the scalar loop
        self.defs = f.defs()
        self.layout = Layout.of_module(f.module_text.splitlines())
        self.inloop = {i.name for b in lp.blocks for i in f.blocks[b].instrs if i.name}
        self.taken = set(self.inloop) | {n for n in self.defs} | set(f.blocks) | {a.name for a in f.args if a.name}
        self.out: dict[str, list[str]] = {}
        self.cur = ""
        self.wide: dict[str, str] = {}  # loop value -> its vector
        self.lane0: dict[str, str] = {}  # loop value -> its first lane (affine values)
        self.stride: dict[str, int] = {}  # affine loop value -> its step between lanes
        self.splats: dict[str, str] = {}
        self.decls: dict[str, str] = {}
        self.pred: dict[str, str] = {}  # block -> its predicate (vector i1)
        self.edge: dict[tuple[str, str], str] = {}  # in-loop and exit edges -> predicate
        self.speculating = False  # widening a recurrence's next lanes before the body (block_mask)
        self.head_slice: set[str] = set()  # the countable exits' conditions' slices (run)
        self.carried: dict[str, Carried] = {}  # header phi -> its recipe, in the order they were claimed
        self.placeholders: dict[str, str] = {}
        self.blocks = {k: self.fresh(n) for k, n in (("check", "vec.check"), ("ph", "vec.ph"), ("header", "vec.header"),
                                                      ("body", "vec.body"), ("latch", "vec.latch"),
                                                      ("exit", "vec.early.exit"), ("scalar", "scalar.ph"))}

    # ------------------------------------------------------------- naming, text

    def fresh(self, base: str) -> str:
        name, k = base, 0
        while name in self.taken:
            k += 1
            name = f"{base}.{k}"
        self.taken.add(name)
        return name

    def vty(self, t: str) -> str:
        return f"<{self.vf} x {t}>"

    def put(self, line: str) -> None:
        self.out.setdefault(self.cur, []).append("  " + line)

    def value(self, base: str, rhs: str) -> str:
        """Emit `%name = rhs` in the current block; the name's reference."""
        name = ref(self.fresh(base))
        self.put(f"{name} = {rhs}")
        return name

    def in_block(self, block: str, base: str, rhs: str) -> str:
        """`value` emitted in `block` (vec.ph: a value computed once, before the loop)."""
        here, self.cur = self.cur, block
        v = self.value(base, rhs)
        self.cur = here
        return v

    def declare(self, name: str, decl: str) -> None:
        self.decls[name] = decl

    def placeholder(self, name: str) -> str:
        """The back edge's value of header phi `name`, known once the latch is emitted."""
        return f"@@next.{name}@@"

    # ------------------------------------------------------------- constants, masks

    def const_vec(self, t: str, texts: list[str]) -> str:
        if all(x in ("0", "false", "zeroinitializer") for x in texts):
            return "zeroinitializer"
        return "<" + ", ".join(f"{t} {x}" for x in texts) + ">"

    def ones(self) -> str:
        return self.const_vec("i1", ["true"] * self.vf)

    def splat(self, v: Val) -> str:
        """A loop invariant for every lane: a constant vector, or a splat in vec.ph."""
        if v.name is None:
            if v.text in ("poison", "undef"):
                return v.text
            return self.const_vec(v.type, [v.text] * self.vf)
        if v.text not in self.splats:
            here, self.cur = self.cur, self.blocks["ph"]
            scalar = v.text if v.type == "ptr" else self.value(f"{v.name}.fr", f"freeze {v.type} {v.text}")
            ins = self.value(f"{v.name}.splatinsert", f"insertelement {self.vty(v.type)} poison, {v.type} {scalar}, i64 0")
            self.splats[v.text] = self.value(f"{v.name}.splat", f"shufflevector {self.vty(v.type)} {ins}, "
                                                                 f"{self.vty(v.type)} poison, <{self.vf} x i32> zeroinitializer")
            self.cur = here
        return self.splats[v.text]

    def splat_of(self, t: str, scalar: str, base: str) -> str:
        ins = self.value(f"{base}.ins", f"insertelement {self.vty(t)} poison, {t} {scalar}, i64 0")
        return self.value(base, f"shufflevector {self.vty(t)} {ins}, {self.vty(t)} poison, "
                                f"<{self.vf} x i32> zeroinitializer")

    def and_(self, a: str, b: str) -> str:
        if a == self.ones():
            return b
        if b == self.ones():
            return a
        return self.value("mask", f"and {self.vty('i1')} {a}, {b}")

    def or_(self, a: str | None, b: str) -> str:
        return b if a is None else self.value("mask", f"or {self.vty('i1')} {a}, {b}")

    def not_(self, a: str) -> str:
        return self.value("not", f"xor {self.vty('i1')} {a}, {self.ones()}")

    def reduce_or(self, v: str) -> str:
        name = f"llvm.vector.reduce.or.v{self.vf}i1"
        self.declare(name, f"declare i1 @{name}({self.vty('i1')})")
        return self.value("any", f"call i1 @{name}({self.vty('i1')} {v})")

    def reverse(self, t: str, v: str) -> str:
        """Vector v (of `t`s) with its lanes in reverse order."""
        order = ", ".join(f"i32 {self.vf - 1 - k}" for k in range(self.vf))
        vt = self.vty(t)
        return self.value("reverse", f"shufflevector {vt} {v}, {vt} poison, <{self.vf} x i32> <{order}>")

    def spliced(self, t: str, prev: str, cur: str, name: str) -> str:
        """Lane k of `cur`'s lane k-1, lane 0 `prev`'s last (LLVM's splice of the two
        vectors of `t`): a value as the iteration before left it."""
        order = ", ".join(f"i32 {self.vf - 1 + k}" for k in range(self.vf))
        vt = self.vty(t)
        return self.value(f"{name}.v", f"shufflevector {vt} {prev}, {vt} {cur}, <{self.vf} x i32> <{order}>")

    # ------------------------------------------------------------- the loop, read

    def is_header_phi(self, name: str | None) -> bool:
        d = self.defs.get(name or "")
        return d is not None and d.opcode == "phi" and d.block == self.lp.header

    def is_induction(self, name: str | None) -> bool:
        c = self.carried.get(name or "")
        return c is not None and c.induction

    def body_instrs(self) -> list[Ins]:
        """The loop's instructions, in body order."""
        return [i for b in self.lp.blocks for i in self.f.blocks[b].instrs]

    def accessed(self) -> list[Val]:
        """The pointer operand of each of the loop's loads and stores, in body order."""
        return [j.ops[0] if j.opcode == "load" else j.ops[1] for j in self.body_instrs() if j.opcode in ("load", "store")]

    def readers(self, names: set[str | None]) -> list[Ins]:
        """The loop's instructions that read a value named in `names`, in body order."""
        return [i for i in self.body_instrs() if any(o.name in names for o in i.ops)]

    def early_slice(self, v: Val, phi: str) -> list[Ins] | None:
        """The loop instructions `v` is computed from, in program order, where they can
        all run before the body (a recurrence the loop reads needs its next lanes
        first): pure operations, GEPs and loads (read in every lane: speculated, which
        the proof checks) over inductions and invariants; None where a phi other than an
        induction, `phi` itself, a call, a store or a division is among them."""
        order = {i.name: k for k, i in enumerate(self.body_instrs())}
        seen: dict[str, Ins] = {}

        def walk(o: Val) -> bool:
            if o.name is None or o.name not in self.inloop or o.name in seen:
                return True
            d = self.defs[o.name]
            if d.opcode == "phi":
                return self.is_induction(o.name)
            if d.opcode in ("call", "store") or d.opcode in DIVISIONS or o.name == phi:
                return False
            seen[o.name] = d
            return all(walk(x) for x in d.ops)

        if not walk(v):
            return None
        return sorted(seen.values(), key=lambda i: order[i.name])

    def slice_of(self, v: Val, seen: set[str] | None = None) -> set[str] | None:
        """The loop values `v` is computed from, if only from inductions and
        invariants by pure operations (a countable exit's condition); else None."""
        seen = set() if seen is None else seen
        if v.name is None or v.name not in self.inloop or v.name in seen:
            return seen
        d = self.defs[v.name]
        if d.opcode == "phi":
            return seen if self.is_induction(d.name) else None
        if d.opcode in _NOT_COUNTABLE:
            return None
        seen.add(v.name)
        return seen if all(self.slice_of(o, seen) is not None for o in d.ops) else None

    def block_mask(self, blk: str) -> str | None:
        """The lanes block `blk` runs in, None where every lane runs it (or is taken
        to: a recurrence's next lanes computed before the body, `speculating`)."""
        if blk in self.lp.dominate_latch or self.speculating:
            return None
        return self.pred[blk]

    def elem_size(self, t: str) -> int | None:
        """The bytes from one lane's `t` to the next in a vector of them in memory: a
        whole-byte scalar's size (None for i1, i24, ...: LLVM packs those vectors)."""
        return self.type_size(t) if t in _WHOLE_LANES else None

    def type_size(self, t: str) -> int | None:
        """The bytes a GEP over type `t` steps per index (the front end's layout); None
        for a struct or an array of them (a struct's fields are gathered: an address by
        its first lane and stride is the emitter's only for scalars), and for a type the
        layout does not size."""
        if "%" in t or "{" in t:
            return None
        try:
            return self.layout.size(t, None)
        except LLUnsupported:
            return None

    # ------------------------------------------------------------- the layers above

    def vec(self, v: Val) -> str:
        """Operand v for every lane (emit/widen.py)."""
        raise NotImplementedError

    def lane_of(self, v: Val, k: int) -> str:
        """Lane k of operand v (emit/widen.py)."""
        raise NotImplementedError

    def widen(self, i: Ins) -> None:
        """Instruction i for every lane (emit/widen.py)."""
        raise NotImplementedError


def source_type(g: Ins) -> str:
    """The element type getelementptr `g` indexes (the front end's reading of it)."""
    src = gep_source_type(g.text)
    if src is None:
        raise EmitUnsupported(f"a getelementptr whose element type is not read: {g.shown}", g.line)
    return src


def gep_head(g: Ins) -> str:
    """`getelementptr` and the flags of GEP g, the start of a copy of it."""
    flags = " ".join(int_flags(g.text, "getelementptr"))
    return f"getelementptr {flags + ' ' if flags else ''}"


def mangle(t: str) -> str:
    """LLVM's overload suffix of a vector type: <4 x i32> -> v4i32, <4 x ptr> -> v4p0."""
    inner = t.strip("<>").split(" x ")
    elem = {"ptr": "p0", "float": "f32", "double": "f64", "half": "f16"}.get(inner[1], inner[1])
    return f"v{inner[0]}{elem}"


def identity(op: str, t: str) -> str:
    """The value `op` leaves its other operand as (`add`: 0, `smax`: INT_MIN, `fadd`: -0.0)."""
    if op in ("fadd", "fmul"):
        return "-0.000000e+00" if op == "fadd" else "1.000000e+00"
    bits = int(t[1:])
    return {"add": "0", "or": "0", "xor": "0", "umax": "0", "mul": "1", "and": "-1", "umin": "-1",
            "smax": str(-(1 << (bits - 1))), "smin": str((1 << (bits - 1)) - 1)}[op]
