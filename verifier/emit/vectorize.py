"""Seed 000's two vectorized forms, emitted as LLVM IR from a scalar LLVM loop.

    preheader -> vec.ph (splats of loop invariants) -> vec.header:
        phis: each induction's value at the vector iteration's first lane (a pointer
            induction's too: its lanes stay scalars off it), each reduction's and
            scan's running value, each recurrence's previous lanes
        every lane passes every countable exit (and no induction wraps)?
            no -> scalar.ph -> the original loop, resumed with the phis' values
    vec.body: the body for VF lanes as vectors, if-converted: a block's predicate is
        the or of its incoming edges' (branch and switch conditions frozen), a phi
        becomes selects; loads are consecutive vector loads (reversed where they step
        back, gathers where they stride), masked where their block may not run, or
        the vector an earlier store of the iteration wrote (forwarded); what a load
        reads that an address is computed from, and each loop invariant, are frozen
        once, and flags that only make poison (nsw, nuw, exact, nneg, nnan, ...) are
        dropped, so every mask and every address under it are defined, computed from
        one frozen value; divisors of
        conditional code are masked to 1; a call without a result is made lane by
        lane, in lane order, each under its lane's bit; a recurrence the loop reads
        has its next lanes first, a scan (prefix sum) its lanes in log2 VF steps
      general: C = the or of the data-dependent exit edges' predicates (frozen),
        first = cttz.elts(C): stores run masked to the lanes <= first (the exiting
        lane only in the blocks it runs before it exits); any exit -> vec.early.exit:
        the exit of lane `first`, every live value extracted from that lane
      simple: anyof(C) -> scalar.ph (the vector iteration is redone by the scalar
        loop); else stores masked by their blocks' predicates
    vec.latch: each reduction combined over the lanes that update it, in lane order
        (ordered), or for integers by llvm.vector.reduce.* (in-loop); a first-order
        recurrence carries this iteration's lanes (its lane k: lane k-1 of them)

This module is not trusted: what it emits is proved against its source by the
translation validation (`verifier equiv`), as opt's own output is. The loop must be in
LLVM's loop-simplify and LCSSA form (as the loop vectorizer sees it); anything the
emitter does not lower is an EmitUnsupported naming the instruction and its line."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from verifier.emit.reader import (
    EmitUnsupported,
    Func,
    Ins,
    Loop,
    Val,
    find_loop,
    read_function,
    ref,
)
from verifier.frontend.llvm.text import (
    align_of,
    declared_facts,
    fcmp_form,
    fp_flags,
    gep_source_type,
    icmp_pred,
    int_flags,
)
from verifier.transforms.reductions import ReductionOrder
from verifier.transforms.vector_loop import Form

# flags whose only effect is poison where they fail (LangRef): a lane past the scalar
# loop's exit computes what the loop never does, so the vector body drops them (a
# defined value refines poison) and its masks and addresses stay defined
POISON_FLAGS = frozenset({"nsw", "nuw", "exact", "disjoint", "nneg", "samesign", "nnan", "ninf"})
FAST = ("reassoc", "nsz", "arcp", "contract", "afn")  # `fast` less nnan and ninf


def defined(flags: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """`flags` without those that only make poison (`fast`: its other flags)."""
    out = [f for f in flags if f not in POISON_FLAGS and f != "fast"]
    return tuple(dict.fromkeys([*out, *(FAST if "fast" in flags else ())]))


_INT_BINOPS = ("add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "udiv", "sdiv", "urem", "srem")
_DIVISIONS = ("udiv", "sdiv", "urem", "srem")
_FLOAT_BINOPS = ("fadd", "fsub", "fmul", "fdiv", "frem")
_CASTS = ("trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "bitcast")
# elementwise intrinsics (llvm.NAME.<type>): the vector call is the same per lane
_ELEMENTWISE = ("smax", "smin", "umax", "umin", "abs", "fabs", "sqrt", "floor", "ceil", "trunc", "round",
                "minnum", "maxnum", "ctpop", "ctlz", "cttz", "uadd.sat", "usub.sat", "sadd.sat", "ssub.sat",
                "fmuladd", "fma")
_IMMARG_LAST = ("abs", "ctlz", "cttz")  # their last (i1) argument stays scalar
_REDUCTION_OPS = ("add", "mul", "and", "or", "xor", "fadd", "fmul", "smax", "smin", "umax", "umin")
LATCH_END = "@@latch.end@@"  # the block the back edge leaves from, known once it is emitted
_SIZES = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "half": 2, "float": 4, "double": 8, "ptr": 8}  # store sizes
_ARRAY = re.compile(r"^\[(\d+) x (.+)\]$")


def _size(t: str) -> int | None:
    """The bytes a GEP over type `t` steps per index: a scalar's store size, an array's
    count times its element's (`[8 x i32]`: 32); None for anything else (a struct)."""
    m = _ARRAY.match(t.strip())
    if m is None:
        return _SIZES.get(t)
    inner = _size(m.group(2))
    return None if inner is None else int(m.group(1)) * inner


_MANGLED = re.compile(r"^(i\d+|f16|f32|f64|half|float|double)$")


@dataclass(frozen=True)
class Emitted:
    """The module with the function replaced by its vectorized form."""

    module: str
    function: str
    form: Form
    vf: int


@dataclass
class _Induction:
    """An integer induction (step: its constant increment), or a pointer induction
    (`pointer`: a getelementptr by a constant; step: its bytes, as C's `p++`)."""

    phi: Ins
    start: Val
    step: int
    flags: tuple[str, ...]  # the increment's no-wrap flags
    pointer: bool = False


@dataclass
class _Reduction:
    phi: Ins
    start: Val
    op: str  # one of _REDUCTION_OPS
    update: Ins  # OP(phi, x)
    x: Val
    merged: str  # the value the latch passes back (the update, or a phi/select over it)
    mask: list[str] = field(default_factory=list)  # filled in: the lanes that update (vector i1)
    flags: str = ""  # the update's fast-math flags (floats)


@dataclass
class _Recurrence:
    """A first-order recurrence (LLVM's term): a header phi holding the value `nxt`
    had in the previous iteration (seed 000's liveout_a: `X` read after the loop).
    Vectorized as a vector phi of the previous iteration's `nxt` lanes, whose lane k
    is `nxt`'s lane k-1 (lane 0: the previous vector's last lane)."""

    phi: Ins
    start: Val
    nxt: Val
    early: list[Ins] | None = None  # where the loop reads the phi: nxt's slice, widened before the body


@dataclass
class _Scan:
    """A running value the loop itself reads (a prefix sum: `s += a[i]; if (s > X)
    break`): a header phi updated every iteration by one associative integer
    operation. Its lanes are the start combined with an inclusive scan of the
    operand's lanes (log2 VF shifted combines); the flags of the update are dropped
    (another association may overflow where the loop's does not)."""

    phi: Ins
    start: Val
    op: str  # one of _SCAN_OPS
    update: Ins  # OP(phi, x)
    x: Val


_SCAN_OPS = ("add", "and", "or", "xor")


def emit_form(path: Path, func: str | None, form: Form, vf: int,
              order: ReductionOrder = ReductionOrder.ORDERED) -> Emitted:
    """The `form` of the one loop of `func` in the module at `path`, at factor `vf`;
    `order`: how an integer reduction is combined (Emitter.combine)."""
    if vf < 2:
        raise EmitUnsupported(f"--vf {vf}: a vectorized form needs at least 2 lanes")
    f = read_function(path, func)
    return _Emitter(f, find_loop(f), Form(form), vf, order).run()  # (a caller's "simple" too)


class _Emitter:
    def __init__(self, f: Func, lp: Loop, form: Form, vf: int, order: ReductionOrder) -> None:
        self.f, self.lp, self.form, self.vf, self.order = f, lp, form, vf, order
        self.defs = f.defs()
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
        self.last_effect: Ins | None = None  # the body's latest store or call so far, in program order
        self.effects_seen = 0  # how many stores and calls the body has so far
        self.speculating = False  # widening a recurrence's next lanes before the body (block_mask)
        self.head_slice: set[str] = set()  # the countable exits' conditions' slices (run)
        self.ptr_affine: set[str] = set()  # pointer inductions plus constants, with lane0 and stride
        self.edge: dict[tuple[str, str], str] = {}  # in-loop and exit edges -> predicate
        self.ivs: dict[str, _Induction] = {}
        self.reds: dict[str, _Reduction] = {}
        self.scans: dict[str, _Scan] = {}
        self.recs: dict[str, _Recurrence] = {}
        self.recs_prev: dict[str, str] = {}  # recurrence -> its vector phi (the previous lanes)
        self.addressing = self.address_loads()
        self.blocks = {k: self.fresh(n) for k, n in (("check", "vec.check"), ("ph", "vec.ph"), ("header", "vec.header"), ("body", "vec.body"),
                                                      ("latch", "vec.latch"), ("exit", "vec.early.exit"),
                                                      ("scalar", "scalar.ph"))}
        self.placeholders: dict[str, str] = {}
        self.resume: dict[str, str] = {}  # header phi -> its value entering the scalar loop
        self.extra: dict[str, list[tuple[str, str]]] = {}

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

    def declare(self, name: str, decl: str) -> None:
        self.decls[name] = decl

    def const_vec(self, t: str, texts: list[str]) -> str:
        if all(x in ("0", "false", "zeroinitializer") for x in texts):
            return "zeroinitializer"
        return "<" + ", ".join(f"{t} {x}" for x in texts) + ">"

    def ones(self) -> str:
        return self.const_vec("i1", ["true"] * self.vf)

    # ------------------------------------------------------------- operands

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

    def vec(self, v: Val) -> str:
        """Operand v for every lane."""
        if v.name is None or v.name not in self.inloop:
            return self.splat(v)
        if v.name not in self.wide and self.pointer_affine(v):
            raise EmitUnsupported(f"a vector of the pointers {v.text} (the emitter keeps a pointer induction's "
                                  "lanes scalar, for a compare, an exit value or a call)", self.defs[v.name].line)
        scan = next((n for n, sc in self.scans.items() if v.name in (n, sc.update.name)), None)
        if v.name not in self.wide and scan is not None:
            self.scan_lanes(scan)
        if v.name not in self.wide:
            d = self.defs[v.name]
            if d.opcode != "getelementptr":
                raise EmitUnsupported(f"{v.text} is used before the emitter computed it", d.line)
            self.widen(d)
        return self.wide[v.name]

    def first_lane(self, v: Val) -> str:
        """The first lane of an affine loop value (or an invariant)."""
        if v.name is None or v.name not in self.inloop:
            return v.text
        return self.lane0[v.name]

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

    # ------------------------------------------------------------- analysis

    def classify_phis(self) -> None:
        lp, f = self.lp, self.f
        rest = []
        for ph in f.blocks[lp.header].phis:
            assert ph.name is not None
            start = ph.ops[ph.incoming.index(lp.preheader)]
            nxt = ph.ops[ph.incoming.index(lp.latch)]
            d = self.defs.get(nxt.name or "")
            if d is not None and d.opcode in ("add", "sub") and d.ops[0].name == ph.name and d.ops[1].name is None \
                    and ph.type.startswith("i"):
                step = int(d.ops[1].text) * (-1 if d.opcode == "sub" else 1)
                self.ivs[ph.name] = _Induction(ph, start, step, int_flags(d.text, d.opcode))
            elif d is not None and ph.type == "ptr" and d.opcode == "getelementptr" and len(d.ops) == 2 \
                    and d.ops[0].name == ph.name and d.ops[1].name is None and _size(_source_type(d)) is not None:
                step = int(d.ops[1].text) * (_size(_source_type(d)) or 0)
                self.ivs[ph.name] = _Induction(ph, start, step, int_flags(d.text, d.opcode), pointer=True)
            else:
                rest.append((ph, start, nxt))
        for ph, start, nxt in rest:
            assert ph.name is not None
            lagging = self.lagging(ph, start, nxt)
            if lagging is not None:
                self.ivs[ph.name] = lagging
                continue
            scan = self.scan(ph, start, nxt)
            if scan is not None:
                self.scans[ph.name] = scan
                continue
            red = self.reduction(ph, start, nxt)
            if red is not None:
                self.reds[ph.name] = red
            elif (rec := self.recurrence(ph, start, nxt)) is not None:
                self.recs[ph.name] = rec
            else:
                raise EmitUnsupported(f"the loop carries {ph.shown.split(' = ')[0]}, which is neither an induction "
                                      "(a constant step), a reduction nor a recurrence read only after the loop "
                                      "that the emitter lowers", ph.line)

    def scan(self, ph: Ins, start: Val, nxt: Val) -> _Scan | None:
        """Header phi `ph` as a _Scan: its back edge is OP(ph, x) in a block every
        iteration runs, x not computed from ph, and the loop reads ph or the update
        (else it is a reduction)."""
        u = self.defs.get(nxt.name or "")
        if u is None or u.opcode not in _SCAN_OPS or u.block not in self.lp.dominate_latch \
                or not ph.type.startswith("i") or ph.type == "i1":
            return None
        others = [o for o in u.ops if o.name != ph.name]
        if len(u.ops) != 2 or len(others) != 1:
            return None
        readers = [i for i in self.readers({ph.name, u.name}) if i is not u and i is not ph]
        if not readers or any(i.opcode == "phi" and i.block == self.lp.header for i in readers):
            return None
        if self.early_slice(others[0], ph.name or "") is None:
            return None
        return _Scan(ph, start, u.opcode, u, others[0])

    def scan_lanes(self, name: str) -> None:
        """The scan's lanes: the update's (start OP x_0 OP ... OP x_k) and the phi's
        (the update's lane k-1; lane 0 the vector iteration's start)."""
        sc = self.scans[name]
        t, vt = sc.phi.type, self.vty(sc.phi.type)
        ident = self.const_vec(t, [_identity(sc.op, t)] * self.vf)
        acc = self.vec(sc.x)
        d = 1
        while d < self.vf:  # lane k gets lane k-d (the identity below d): an inclusive scan
            order = ", ".join(f"i32 {k - d}" if k >= d else f"i32 {self.vf + k}" for k in range(self.vf))
            moved = self.value(f"{name}.shift", f"shufflevector {vt} {acc}, {vt} {ident}, <{self.vf} x i32> <{order}>")
            acc = self.value(f"{name}.scan", f"{sc.op} {vt} {acc}, {moved}")
            d *= 2
        assert sc.update.name is not None
        base = self.splat_of(t, self.lane0[name], f"{name}.base")
        self.wide[sc.update.name] = self.value(f"{sc.update.name}.v", f"{sc.op} {vt} {base}, {acc}")
        self.wide[name] = self.spliced(t, base, self.wide[sc.update.name], name)

    def lagging(self, ph: Ins, start: Val, nxt: Val) -> _Induction | None:
        """A phi holding an integer induction's previous value (`j = i; i = i + 1`, as
        clang keeps a[i-1] of `a[j] == x && a[i] == y`), where its constant start is the
        induction's start less one step: itself an induction of that step."""
        iv = self.ivs.get(nxt.name or "")
        if iv is None or iv.pointer or ph.type != iv.phi.type or start.name is not None or iv.start.name is not None:
            return None
        try:
            s0, i0 = int(start.text), int(iv.start.text)
        except ValueError:
            return None
        bits = int(ph.type[1:])
        if (i0 - iv.step - s0) % (1 << bits) != 0:
            return None
        return _Induction(ph, start, iv.step, ())

    def recurrence(self, ph: Ins, start: Val, nxt: Val) -> _Recurrence | None:
        """Header phi `ph` as a first-order recurrence the emitter lowers: its back
        edge brings a value the body computes, and only code after the loop reads it
        (its lanes are known once the body is done), or the loop reads it too and the
        back edge's value can be computed first (early_slice); else None."""
        if nxt.name is None or nxt.name not in self.inloop or nxt.name == ph.name or self.defs[nxt.name].opcode == "phi" \
                and self.defs[nxt.name].block == self.lp.header:
            return None
        if not self.readers({ph.name}):
            return _Recurrence(ph, start, nxt)
        early = self.early_slice(nxt, ph.name or "")
        return None if early is None else _Recurrence(ph, start, nxt, early)

    def readers(self, names: set[str | None]) -> list[Ins]:
        """The loop's instructions that read a value named in `names`, in body order."""
        return [i for b in self.lp.blocks for i in self.f.blocks[b].instrs if any(o.name in names for o in i.ops)]

    def early_slice(self, v: Val, phi: str) -> list[Ins] | None:
        """The loop instructions `v` is computed from, in program order, where they can
        all run before the body (a recurrence the loop reads needs its next lanes
        first): pure operations, GEPs and loads (read in every lane: speculated, which
        the proof checks) over inductions and invariants; None where a phi other than an
        induction, `phi` itself, a call, a store or a division is among them."""
        order = {i.name: k for k, i in enumerate(i for b in self.lp.blocks for i in self.f.blocks[b].instrs)}
        seen: dict[str, Ins] = {}

        def walk(o: Val) -> bool:
            if o.name is None or o.name not in self.inloop or o.name in seen:
                return True
            d = self.defs[o.name]
            if d.opcode == "phi":
                return o.name in self.ivs
            if d.opcode in ("call", "store") or d.opcode in _DIVISIONS or o.name == phi:
                return False
            seen[o.name] = d
            return all(walk(x) for x in d.ops)

        if not walk(v):
            return None
        return sorted(seen.values(), key=lambda i: order[i.name])

    def reduction(self, ph: Ins, start: Val, nxt: Val) -> _Reduction | None:
        """A header phi read only by one combining operation (maybe under an if)."""
        def op_of(i: Ins) -> str | None:
            if i.opcode in _REDUCTION_OPS:
                return i.opcode
            callee = i.callee or ""
            base = callee.split(".")[1] if callee.startswith("llvm.") else ""
            return base if i.opcode == "call" and base in ("smax", "smin", "umax", "umin") else None

        users = self.readers({ph.name})
        updates = [u for u in users if op_of(u) is not None]
        if len(updates) != 1 or nxt.name is None:
            return None
        u = updates[0]
        args = u.ops[:-1] if u.opcode == "call" else u.ops
        others = [o for o in args if o.name != ph.name]
        if len(others) != 1 or len(args) != 2:
            return None
        merge = self.defs.get(nxt.name)
        allowed = {u.name, nxt.name}
        if any(i.name not in allowed for i in users):
            return None
        if merge is None or (merge is not u and merge.opcode not in ("phi", "select")):
            return None
        chain = {ph.name, u.name, nxt.name}
        readers = [i for i in self.readers({u.name, nxt.name}) if i.name not in chain]
        if readers:
            raise EmitUnsupported(f"the loop reads the running value of {ph.shown.split(' = ')[0]} "
                                  f"({readers[0].shown}): a prefix sum, which the emitter does not lower",
                                  readers[0].line)
        op = op_of(u)
        assert op is not None
        fmf = " ".join(fp_flags(u.text, u.opcode)) if op in ("fadd", "fmul") else ""
        return _Reduction(ph, start, op, u, others[0], nxt.name, flags=fmf)

    def slice_of(self, v: Val, seen: set[str] | None = None) -> set[str] | None:
        """The loop values `v` is computed from, if only from inductions and
        invariants by pure operations (a countable exit's condition); else None."""
        seen = set() if seen is None else seen
        if v.name is None or v.name not in self.inloop or v.name in seen:
            return seen
        d = self.defs[v.name]
        if d.opcode == "phi":
            if d.name in self.ivs:
                return seen
            return None
        if d.opcode in ("load", "call", "store") or d.opcode in _DIVISIONS:
            return None
        seen.add(v.name)
        for o in d.ops:
            if self.slice_of(o, seen) is None:
                return None
        return seen

    # ------------------------------------------------------------- widening

    def widen(self, i: Ins) -> None:
        """Instruction i for every lane, as a vector value in the current block."""
        assert i.name is not None
        vt = self.vty(i.type)
        base = f"{i.name}.v"
        op = i.opcode
        if op in _INT_BINOPS or op in _FLOAT_BINOPS:
            flags = defined(int_flags(i.text, op) if op in _INT_BINOPS else fp_flags(i.text, op))
            a, b = self.vec(i.ops[0]), self.vec(i.ops[1])
            if op in _DIVISIONS and self.pred.get(i.block, self.ones()) != self.ones():
                b = self.value(f"{i.name}.divisor", f"select {self.vty('i1')} {self.pred[i.block]}, {vt} {b}, "
                                                     f"{vt} {self.const_vec(i.type, ['1'] * self.vf)}")
            self.wide[i.name] = self.value(base, f"{' '.join((op, *flags))} {vt} {a}, {b}")
            self.affine(i)
        elif op == "fneg":
            self.wide[i.name] = self.value(base, f"{' '.join(('fneg', *defined(fp_flags(i.text, op))))} {vt} "
                                                 f"{self.vec(i.ops[0])}")
        elif op == "icmp" and any(o.name in self.inloop and self.pointer_affine(o) for o in i.ops[:2]):
            self.wide[i.name] = self.pointer_compare(i)
        elif op in ("icmp", "fcmp"):
            t = self.vty(i.ops[0].type)
            if op == "icmp":
                words = ("icmp", *defined(int_flags(i.text, op)), icmp_pred(i.text) or "")
            else:
                form = fcmp_form(i.text)
                if form is None:
                    raise EmitUnsupported(f"{i.shown}", i.line)
                words = ("fcmp", *defined(form[0]), form[1])
            self.wide[i.name] = self.value(base, f"{' '.join(words)} {t} {self.vec(i.ops[0])}, {self.vec(i.ops[1])}")
        elif op in _CASTS:
            if "ptr" in (i.type, i.ops[0].type):
                raise EmitUnsupported(f"a pointer cast: {i.shown}", i.line)
            flags = defined(int_flags(i.text, op))
            self.wide[i.name] = self.value(base, f"{' '.join((op, *flags))} {self.vty(i.ops[0].type)} "
                                                 f"{self.vec(i.ops[0])} to {vt}")
            self.affine(i)
        elif op == "select":
            c = i.ops[0]
            ct = self.vty("i1")
            fmf = " ".join(defined(fp_flags(i.text, op)))
            self.wide[i.name] = self.value(base, f"select {fmf + ' ' if fmf else ''}{ct} {self.vec(c)}, "
                                                 f"{vt} {self.vec(i.ops[1])}, {vt} {self.vec(i.ops[2])}")
        elif op == "freeze":
            self.wide[i.name] = self.value(base, f"freeze {vt} {self.vec(i.ops[0])}")
        elif op == "getelementptr":
            self.gep_vector(i)
        elif op == "load":
            self.load(i)
        elif op == "call":
            self.call(i)
        else:
            raise EmitUnsupported(f"instruction {op}: {i.shown}", i.line)

    def pointer_compare(self, i: Ins) -> str:
        """icmp i of a pointer induction's lanes, lane by lane as scalars (ptr_lane),
        gathered into a vector of i1 (as `p == end`, a countable exit)."""
        words = " ".join(("icmp", *int_flags(i.text, "icmp"), icmp_pred(i.text) or ""))
        acc = "poison"
        for k in range(self.vf):
            a, b = (self.lane_of(o, k) for o in i.ops[:2])
            c = self.value(f"{i.name}.lane{k}", f"{words} ptr {a}, {b}")
            acc = self.value(f"{i.name}.v", f"insertelement {self.vty('i1')} {acc}, i1 {c}, i64 {k}")
        return acc

    def affine(self, i: Ins) -> None:
        """Track i's first lane and stride where it is an induction plus constants
        (the index of a consecutive access)."""
        assert i.name is not None
        a = i.ops[0]
        if a.name not in self.stride:
            return
        s = self.stride[a.name]
        if i.opcode in ("add", "sub") and i.ops[1].name is None:
            pass
        elif i.opcode == "mul" and i.ops[1].name is None:
            s *= int(i.ops[1].text)
        elif i.opcode == "shl" and i.ops[1].name is None:
            s <<= int(i.ops[1].text)
        elif i.opcode not in ("zext", "sext", "trunc"):
            return
        flags = " ".join(int_flags(i.text, i.opcode))
        words = f"{i.opcode} {flags}".strip()
        if i.opcode in ("zext", "sext", "trunc"):
            rhs = f"{words} {a.type} {self.lane0[a.name]} to {i.type}"
        else:
            rhs = f"{words} {i.type} {self.lane0[a.name]}, {i.ops[1].text}"
        self.lane0[i.name] = self.value(f"{i.name}.lane0", rhs)
        self.stride[i.name] = s

    def gep_vector(self, i: Ins) -> None:
        assert i.name is not None
        base = i.ops[0]
        if self.pointer_affine(Val(ref(i.name), "ptr", i.name)):
            return  # its lanes are scalars off its first lane (ptr_lane), never a vector
        if base.name in self.inloop and not self.pointer_affine(base):
            raise EmitUnsupported(f"an address computed from a pointer the loop changes other than by a "
                                  f"constant step: {i.shown}", i.line)
        src = _source_type(i)
        flags = " ".join(f for f in int_flags(i.text, "getelementptr"))
        idx = ", ".join(f"{self.vty(o.type)} {self.vec(o)}" if o.name in self.inloop else f"{o.type} {o.text}"
                        for o in i.ops[1:])
        b = f"{self.vty('ptr')} {self.vec(base)}" if base.name in self.inloop else f"ptr {base.text}"
        self.wide[i.name] = self.value(f"{i.name}.v", f"getelementptr {flags + ' ' if flags else ''}{src}, "
                                                      f"{b}, {idx}")

    def pointer_affine(self, p: Val) -> bool:
        """Whether loop pointer p is a pointer induction, or an address stepping evenly
        (strided: &a[i]), plus constant offsets (`&a[i] - 1` as clang writes a[i-1]); its
        first lane and stride in bytes are then in lane0 and stride."""
        name = p.name or ""
        if name in self.ivs:
            return self.ivs[name].pointer
        if name in self.ptr_affine:
            return True
        g = self.defs.get(name)
        if g is None or g.opcode != "getelementptr" or any(o.name is not None for o in g.ops[1:]) \
                or g.ops[0].name not in self.inloop:
            return False
        base = (self.lane0[g.ops[0].name or ""], self.stride[g.ops[0].name or ""]) \
            if self.pointer_affine(g.ops[0]) else self.strided(g.ops[0])
        if base is None:
            return False
        flags = " ".join(int_flags(g.text, "getelementptr"))
        idx = ", ".join(f"{o.type} {o.text}" for o in g.ops[1:])
        self.lane0[name] = self.value(f"{name}.lane0", f"getelementptr {flags + ' ' if flags else ''}"
                                                       f"{_source_type(g)}, ptr {base[0]}, {idx}")
        self.stride[name] = base[1]
        self.ptr_affine.add(name)
        return True

    def lane_addresses(self, p: Val, elem: str) -> str:
        """Every lane's address for a gather or scatter of `elem`s: a pointer induction
        (or an address stepping evenly) plus constants as one GEP from its first lane
        by each lane's offset, in elements where the stride is whole elements (a vector
        index off a scalar base, as gathers take it); any other address as widened."""
        if p.name not in self.inloop or not self.pointer_affine(p):
            return self.vec(p)
        name = p.name or ""
        stride, size = self.stride[name], _SIZES.get(elem)
        unit, t = (size, elem) if size and stride % size == 0 else (1, "i8")
        offsets = self.const_vec("i64", [str(k * stride // unit) for k in range(self.vf)])
        return self.value(f"{name}.lanes", f"getelementptr {t}, ptr {self.lane0[name]}, {self.vty('i64')} {offsets}")

    def ptr_lane(self, p: Val, k: int) -> str:
        """Lane k of a pointer induction plus constant offsets: k strides on from its
        first lane, by a plain getelementptr (the scalar loop's value wherever that is
        not poison). Pointers are kept scalar: a vector of them is a form the
        translation validation does not read."""
        name = p.name or ""
        if k == 0:
            return self.lane0[name]
        return self.value(f"{name}.lane{k}", f"getelementptr i8, ptr {self.lane0[name]}, i64 {k * self.stride[name]}")

    def strided(self, ptr: Val) -> tuple[str, int] | None:
        """The first lane's address and the bytes from each lane's to the next, where
        `ptr` is &base[idx] with idx affine, or a pointer induction plus constants."""
        if ptr.name in self.inloop and self.pointer_affine(ptr):
            return self.lane0[ptr.name or ""], self.stride[ptr.name or ""]
        g = self.defs.get(ptr.name or "")
        if g is None or g.opcode != "getelementptr" or g.name not in self.inloop or len(g.ops) != 2:
            return None
        idx = g.ops[1]
        src = _source_type(g)
        if g.ops[0].name in self.inloop or idx.name is None or idx.name not in self.inloop:
            return None
        size = _size(src)
        if size is None or idx.name not in self.stride or idx.name not in self.lane0:
            return None
        if g.name not in self.lane0:
            flags = " ".join(int_flags(g.text, "getelementptr"))
            self.lane0[g.name] = self.value(f"{g.name}.lane0", f"getelementptr {flags + ' ' if flags else ''}{src}, "
                                                               f"ptr {g.ops[0].text}, {idx.type} {self.lane0[idx.name]}")
        return self.lane0[g.name], self.stride[idx.name] * size

    def consecutive(self, ptr: Val, elem: str) -> str | None:
        """The first lane's address, where lane k accesses the k-th `elem` from it."""
        at = self.strided(ptr)
        return at[0] if at is not None and at[1] == _SIZES.get(elem) else None

    def backward(self, ptr: Val, elem: str) -> str | None:
        """The last lane's address, where lane k accesses the k-th `elem` before the
        first lane's (a loop counting down): one vector access, lanes reversed."""
        at = self.strided(ptr)
        size = _SIZES.get(elem)
        if at is None or size is None or at[1] != -size:
            return None
        return self.value(f"{ptr.name}.last", f"getelementptr i8, ptr {at[0]}, i64 {(self.vf - 1) * at[1]}")

    def reverse(self, t: str, v: str) -> str:
        """Vector v (of `t`s) with its lanes in reverse order."""
        order = ", ".join(f"i32 {self.vf - 1 - k}" for k in range(self.vf))
        vt = self.vty(t)
        return self.value("reverse", f"shufflevector {vt} {v}, {vt} poison, <{self.vf} x i32> <{order}>")

    def block_mask(self, blk: str) -> str | None:
        """The lanes block `blk` runs in, None where every lane runs it (or is taken
        to: a recurrence's next lanes computed before the body, `speculating`)."""
        if blk in self.lp.dominate_latch or self.speculating:
            return None
        return self.pred[blk]

    def load(self, i: Ins) -> None:
        assert i.name is not None
        if " volatile " in f" {i.shown} " or " atomic " in f" {i.shown} ":
            raise EmitUnsupported(f"a volatile or atomic load: {i.shown}", i.line)
        fwd = self.forwarding(i)
        if fwd is not None and fwd[1] is None:
            self.wide[i.name] = fwd[0]
            return
        # a value an address is computed from is frozen: every decision and every
        # address under a mask it feeds are then one frozen value, so a mask
        # (freeze(x < 64)) and the address it guards (tab[x]) agree where x is poison (a
        # refinement of the poison the loop reads; the rest stay as read, which the
        # proofs of reductions over them find far easier)
        mem = self.read(i)
        if i.name in self.addressing:
            mem = self.value(f"{i.name}.fr", f"freeze {self.vty(i.type)} {mem}")
        if fwd is None:
            self.wide[i.name] = mem
            return
        stored, lanes = fwd
        vt = self.vty(i.type)
        self.wide[i.name] = self.value(f"{i.name}.fwd", f"select {self.vty('i1')} {lanes}, {vt} {stored}, {vt} {mem}")

    def read(self, i: Ins) -> str:
        """Load i from memory for every lane that runs it: a vector load, masked where
        not every lane runs it, or a gather."""
        assert i.name is not None
        align = align_of(i.text)
        vt = self.vty(i.type)
        mask = self.block_mask(i.block)
        first = self.consecutive(i.ops[0], i.type)
        if first is not None and mask is None:
            return self.value(f"{i.name}.v", f"load {vt}, ptr {first}, align {align}")
        if first is not None:
            name = f"llvm.masked.load.{_mangle(vt)}.p0"
            self.declare(name, f"declare {vt} @{name}(ptr, {self.vty('i1')}, {vt})")
            return self.value(f"{i.name}.v", f"call {vt} @{name}(ptr align {align} {first}, "
                                             f"{self.vty('i1')} {mask}, {vt} poison)")
        last = self.backward(i.ops[0], i.type)
        if last is not None:
            if mask is None:
                return self.reverse(i.type, self.value(f"{i.name}.rev", f"load {vt}, ptr {last}, align {align}"))
            name = f"llvm.masked.load.{_mangle(vt)}.p0"
            self.declare(name, f"declare {vt} @{name}(ptr, {self.vty('i1')}, {vt})")
            loaded = self.value(f"{i.name}.rev", f"call {vt} @{name}(ptr align {align} {last}, {self.vty('i1')} "
                                                 f"{self.reverse('i1', mask)}, {vt} poison)")
            return self.reverse(i.type, loaded)
        ptrs = self.lane_addresses(i.ops[0], i.type)
        name = f"llvm.masked.gather.{_mangle(vt)}.{_mangle(self.vty('ptr'))}"
        self.declare(name, f"declare {vt} @{name}({self.vty('ptr')}, {self.vty('i1')}, {vt})")
        return self.value(f"{i.name}.v", f"call {vt} @{name}({self.vty('ptr')} align {align} {ptrs}, "
                                         f"{self.vty('i1')} {mask or self.ones()}, {vt} poison)")

    def forwarding(self, i: Ins) -> tuple[str, str | None] | None:
        """Store-to-load forwarding: where load i reads the address the body's latest
        store wrote, (the stored vector, the lanes it was stored in; None: every lane
        that runs i). The body's stores run after the exit test, so a load from memory
        would miss them (seed 000's hoist_store: C1 reads the c[i] that I0 stores).

        Every lane that runs both runs the store first (it is earlier in body order), and
        no store or call comes between them. The store covers every lane that runs i when
        its block is i's, or runs in every lane (it then dominates i's block: it is earlier
        in body order and on every path to the latch). Otherwise the other lanes read
        memory, which is as the iteration found it only when the store is the body's first
        effect; with an earlier one there is no forwarding."""
        s = self.last_effect
        if s is None or s.opcode != "store" or s.ops[0].type != i.type:
            return None
        if self.address(s.ops[1]) != self.address(i.ops[0]):
            return None
        if s.block == i.block or s.block in self.lp.dominate_latch:
            return self.vec(s.ops[0]), None
        if self.effects_seen != 1:
            return None
        return self.vec(s.ops[0]), self.pred[s.block]

    def address(self, v: Val) -> object:
        """A key equal for two pointers the loop computes alike (a GEP written twice)."""
        g = self.defs.get(v.name or "")
        if g is None or g.opcode != "getelementptr" or g.name not in self.inloop:
            return v.text
        return (_source_type(g), tuple(int_flags(g.text, "getelementptr")), self.address(g.ops[0]),
                tuple((o.type, o.text) for o in g.ops[1:]))

    def effect(self, i: Ins, mask: str | None) -> None:
        """A store, or a call made lane by lane in lane order (vector code issues a call
        site for every lane before the next instruction), each under its lane's bit."""
        if i.opcode == "store":
            self.store(i, mask)
            return
        callee = i.callee or ""
        args = i.ops[:-1]
        self.check_call_memory(i, callee)
        for k in range(self.vf):
            texts = [f"{a.type} {self.lane_of(a, k)}" for a in args]
            call = f"call void @{callee}({', '.join(texts)})"
            if mask is None:
                self.put(call)
                continue
            on = self.value("lane.on", f"extractelement {self.vty('i1')} {mask}, i64 {k}")
            here, cont = self.fresh(f"call.lane{k}"), self.fresh(f"after.lane{k}")
            self.put(f"br i1 {on}, label {ref(here)}, label {ref(cont)}")
            self.cur = here
            self.put(call)
            self.put(f"br label {ref(cont)}")
            self.cur = cont

    def check_call_memory(self, i: Ins, callee: str) -> None:
        """A vector iteration loads every lane before it calls for the first (and stores
        after the exit test), so a call that may read or write the memory the loop
        accesses (LLVM: no `memory(...)` that rules it out) has no form here."""
        facts = declared_facts(self.f.module_text.splitlines(), callee, i.text)
        other = facts.access("other")
        # what the loop accesses that a call reaches: anything but a noalias argument's
        # object (the emitter's loops pass no pointer to a call: it does not escape)
        reached = any(self.root(j.ops[0] if j.opcode == "load" else j.ops[1]) not in self.f.noalias
                      for b in self.lp.blocks for j in self.f.blocks[b].instrs if j.opcode in ("load", "store"))
        if other and reached:
            raise EmitUnsupported(f"a call to @{callee} that may {' and '.join(sorted(other))} the memory the loop "
                                  "accesses (it has no memory(...) attribute that rules that out): the vector "
                                  "iteration's loads would run before it, and its stores after it", i.line)

    def address_loads(self) -> set[str]:
        """The loop's loads whose values an address of a load or store is computed from
        (an index read from memory: `tab[idx[i]]`), through anything but another load's
        address and a phi."""
        todo = [j.ops[0] if j.opcode == "load" else j.ops[1]
                for b in self.lp.blocks for j in self.f.blocks[b].instrs if j.opcode in ("load", "store")]
        seen: set[str] = set()
        out: set[str] = set()
        while todo:
            v = todo.pop()
            if v.name is None or v.name not in self.inloop or v.name in seen:
                continue
            seen.add(v.name)
            d = self.defs[v.name]
            if d.opcode == "load":
                out.add(v.name)
            elif d.opcode != "phi":
                todo += d.ops
        return out

    def root(self, v: Val) -> str | None:
        """The argument or global a pointer is computed from through GEPs and phis that
        start there (None: anything else)."""
        seen: set[str] = set()
        while v.name is not None and v.name not in seen:
            seen.add(v.name)
            d = self.defs.get(v.name)
            if d is None:  # an argument
                return v.name
            if d.opcode == "getelementptr":
                v = d.ops[0]
            elif d.opcode == "phi":
                outside = [o for o, b in zip(d.ops, d.incoming, strict=True) if b not in self.lp.blocks]
                if len(outside) != 1:
                    return None
                v = outside[0]
            else:
                return None
        return v.text if v.name is None else None

    def lane_of(self, v: Val, k: int) -> str:
        """Lane k of operand v (an invariant as it is)."""
        if v.name is None or v.name not in self.inloop:
            return v.text
        if self.pointer_affine(v):
            return self.ptr_lane(v, k)
        return self.value(f"{v.name}.lane{k}", f"extractelement {self.vty(v.type)} {self.vec(v)}, i64 {k}")

    def store(self, i: Ins, mask: str | None) -> None:
        if " volatile " in f" {i.shown} " or " atomic " in f" {i.shown} ":
            raise EmitUnsupported(f"a volatile or atomic store: {i.shown}", i.line)
        v, ptr = i.ops
        vt = self.vty(v.type)
        align = align_of(i.text)
        first = self.consecutive(ptr, v.type)
        val = self.vec(v)
        last = None if first is not None else self.backward(ptr, v.type)
        if last is not None:  # a loop counting down: the lanes reversed into one access
            first, val = last, self.reverse(v.type, val)
            mask = None if mask is None else self.reverse("i1", mask)
        if first is not None and mask is None:
            self.put(f"store {vt} {val}, ptr {first}, align {align}")
        elif first is not None:
            name = f"llvm.masked.store.{_mangle(vt)}.p0"
            self.declare(name, f"declare void @{name}({vt}, ptr, {self.vty('i1')})")
            self.put(f"call void @{name}({vt} {val}, ptr align {align} {first}, {self.vty('i1')} {mask})")
        else:
            name = f"llvm.masked.scatter.{_mangle(vt)}.{_mangle(self.vty('ptr'))}"
            self.declare(name, f"declare void @{name}({vt}, {self.vty('ptr')}, {self.vty('i1')})")
            self.put(f"call void @{name}({vt} {val}, {self.vty('ptr')} align {align} {self.lane_addresses(ptr, v.type)}, "
                     f"{self.vty('i1')} {mask or self.ones()})")

    def call(self, i: Ins) -> None:
        callee = i.callee or ""
        parts = callee.split(".")
        base = next((b for b in _ELEMENTWISE if callee.startswith(f"llvm.{b}.")), None)
        if base is None:
            raise EmitUnsupported(f"a call to @{callee} whose result the loop uses: the emitter lowers "
                                  "elementwise intrinsics, and calls without a result lane by lane", i.line)
        name = ".".join(f"v{self.vf}{p}" if _MANGLED.match(p) and k >= 2 else p for k, p in enumerate(parts))
        if i.name is None:
            raise EmitUnsupported(f"a call to @{callee} with no result", i.line)
        args = i.ops[:-1]
        texts, tys = [], []
        for k, a in enumerate(args):
            if base in _IMMARG_LAST and k == len(args) - 1:
                texts.append(f"{a.type} {a.text}")
                tys.append(a.type)
            else:
                texts.append(f"{self.vty(a.type)} {self.vec(a)}")
                tys.append(self.vty(a.type))
        vt = self.vty(i.type)
        fmf = " ".join(defined(fp_flags(i.text, "call")))
        self.declare(name, f"declare {vt} @{name}({', '.join(tys)})")
        self.wide[i.name] = self.value(f"{i.name}.v", f"call {fmf + ' ' if fmf else ''}{vt} @{name}({', '.join(texts)})")

    # ------------------------------------------------------------- the form

    def run(self) -> Emitted:
        f, lp, vf = self.f, self.lp, self.vf
        self.classify_phis()
        self.check_lcssa()
        exits = [(e, x, self.exit_cond(e, x)) for e, x in lp.exits]
        countable = [(e, x, c) for e, x, c in exits
                     if f.blocks[e].term.opcode != "switch" and self.slice_of(c[0]) is not None]
        data = [(e, x, c) for e, x, c in exits if (e, x, c) not in countable]
        for e, _, _ in countable:  # (a data-dependent exit may be in conditional code: its edge's
            if e not in lp.dominate_latch:  # predicate has its block's, as every edge's has)
                raise EmitUnsupported(f"a countable exit from %{e}, which not every iteration reaches (an "
                                      "exit inside conditional code)", f.blocks[e].term.line)
        head_slice: set[str] = set()
        for _, _, (c, _) in countable:
            head_slice |= self.slice_of(c) or set()
        self.head_slice = head_slice
        self.out[self.blocks["ph"]] = []
        self.header(countable, head_slice)
        stores = self.body({(e, x) for e, x, _ in countable}, head_slice)
        exit_preds = [(e, x, self.edge[(e, x)]) for e, x, _ in data]
        if self.form is Form.GENERAL:
            self.general(exit_preds, stores)
        else:
            self.simple(exit_preds, stores)
        self.scalar_entry(bool(data))
        self.cur = self.blocks["ph"]
        self.put(f"br label {ref(self.blocks['header'])}")
        self.entry_check()
        return Emitted(self.module_text(), f.name, self.form, vf)

    def header(self, countable: list[tuple[str, str, tuple[Val, bool]]], head_slice: set[str]) -> None:
        """vec.header: the phis, each lane's inductions, the countable exits for every
        lane (and no induction wrapping): on to vec.body, else scalar.ph."""
        f, lp, vf = self.f, self.lp, self.vf
        self.cur = self.blocks["header"]
        for name, carried in self.carried():
            s = ref(self.fresh(f"{name}.vec"))
            if isinstance(carried, _Recurrence):  # the previous iteration's lanes, the start in the last
                t, vt = carried.phi.type, self.vty(carried.phi.type)
                here, self.cur = self.cur, self.blocks["ph"]
                init = self.value(f"{name}.init", f"insertelement {vt} poison, {t} {carried.start.text}, "
                                                  f"i64 {vf - 1}")
                self.cur = here
                self.put(f"{s} = phi {vt} [ {init}, {ref(self.blocks['ph'])} ], [ {self.placeholder(name)}, "
                         f"{LATCH_END} ]")
                self.recs_prev[name] = s
                continue
            self.put(f"{s} = phi {carried.phi.type} [ {carried.start.text}, {ref(self.blocks['ph'])} ], "
                     f"[ {self.placeholder(name)}, {LATCH_END} ]")
            self.lane0[name] = s
        for name, rec in self.recs.items():  # its value at the first lane: the previous last one
            self.lane0[name] = self.value(f"{name}.first", f"extractelement {self.vty(rec.phi.type)} "
                                                           f"{self.recs_prev[name]}, i64 {vf - 1}")
        for name, iv in self.ivs.items():
            t = iv.phi.type
            self.stride[name] = iv.step
            if iv.pointer:  # its lanes are scalars off its first lane (ptr_lane), never a vector
                continue
            steps = self.const_vec(t, [str(k * iv.step) for k in range(vf)])
            self.wide[name] = self.value(f"{name}.v", f"add {self.vty(t)} "
                                                      f"{self.splat_of(t, self.lane0[name], name + '.vsplat')}, {steps}")
        for b in lp.blocks:
            for i in f.blocks[b].instrs:
                if i.name in head_slice:
                    self.widen(i)
        ok: str | None = None
        for _, _, (c, on_true) in countable:
            taken = self.vec(c) if on_true else self.not_(self.vec(c))
            ok = self.or_(ok, self.value("countable.exit", f"freeze {self.vty('i1')} {taken}"))
        any_countable = self.reduce_or(ok) if ok is not None else "false"
        go = self.value("vec.go", f"icmp eq i1 {any_countable}, false")
        for fit in self.fits():
            go = self.value("vec.go", f"and i1 {go}, {fit}")
        self.put(f"br i1 {go}, label {ref(self.blocks['body'])}, label {ref(self.blocks['scalar'])}")

    def body(self, countable: set[tuple[str, str]], head_slice: set[str]) -> list[Ins]:
        """vec.body: everything but the effects, for every lane, block by block in body
        order; the effects (stores, calls without a result) in program order."""
        f, lp = self.f, self.lp
        self.cur = self.blocks["body"]
        skip = {r.update.name for r in self.reds.values()} | {r.merged for r in self.reds.values()}
        effects: list[Ins] = []
        for name, rec in self.recs.items():  # read in the loop: its lanes first
            if rec.early is None:
                continue
            self.speculating = True
            for i in rec.early:
                if i.name not in self.wide and i.opcode != "getelementptr":
                    self.widen(i)
            self.speculating = False
            self.splice(name, rec)
        for b in lp.blocks:
            self.block_pred(b)
            for i in f.blocks[b].instrs:
                self.body_instr(b, i, countable, skip, head_slice, effects)
        for r in self.reds.values():
            r.mask = [self.update_mask(r)]
        for name, rec in self.recs.items():
            if name not in self.wide:
                self.splice(name, rec)
        return effects

    def body_instr(self, b: str, i: Ins, countable: set[tuple[str, str]], skip: set[str | None],
                   head_slice: set[str], effects: list[Ins]) -> None:
        """One instruction of the loop's block `b` in vec.body: a phi as a select on the
        block's predicate, a branch into the exit tests, an effect kept for after them
        (`effects`), and any other value widened to its lanes."""
        callee = i.callee or ""
        if i.opcode == "phi":
            if b != self.lp.header and i.name not in skip:
                self.phi_select(i)
        elif i.opcode in ("br", "switch"):
            self.branch(i, countable)
        elif i.opcode == "store" or (i.opcode == "call" and i.name is None and not callee.startswith("llvm.")):
            effects.append(i)  # lane by lane or masked, with the stores, after the exit test
            self.last_effect, self.effects_seen = i, self.effects_seen + 1
        elif callee.startswith(("llvm.lifetime.", "llvm.dbg.")) or i.name in skip or i.name in head_slice \
                or i.name in self.wide or i.opcode == "getelementptr":
            return  # (a GEP is widened where a lane's address is needed: a gather, a live-out)
        elif any(i is sc.update for sc in self.scans.values()):
            self.vec(Val(ref(i.name or ""), i.type, i.name))  # (scan_lanes)
        elif i.opcode == "call":
            self.call(i)
        elif i.name is None:
            raise EmitUnsupported(f"instruction {i.opcode}: {i.shown}", i.line)
        else:
            self.widen(i)

    def splice(self, name: str, rec: _Recurrence) -> None:
        """The recurrence's lanes: nxt's, each from the lane before."""
        self.wide[name] = self.spliced(rec.phi.type, self.recs_prev[name], self.vec(rec.nxt), name)

    def spliced(self, t: str, prev: str, cur: str, name: str) -> str:
        """Lane k of `cur`'s lane k-1, lane 0 `prev`'s last (LLVM's splice of the two
        vectors of `t`): a value as the iteration before left it."""
        order = ", ".join(f"i32 {self.vf - 1 + k}" for k in range(self.vf))
        vt = self.vty(t)
        return self.value(f"{name}.v", f"shufflevector {vt} {prev}, {vt} {cur}, <{self.vf} x i32> <{order}>")

    def scalar_entry(self, data_exits: bool) -> None:
        """scalar.ph: each carried value as the scalar loop resumes it (from vec.check,
        from vec.header, and in the simple form from vec.body's anyof)."""
        self.cur = self.blocks["scalar"]
        check, hd, body = self.blocks["check"], self.blocks["header"], self.blocks["body"]
        from_loop = [hd] + ([body] if self.form is Form.SIMPLE and data_exits else [])
        for name, carried in self.carried():
            inc = ", ".join([f"[ {carried.start.text}, {ref(check)} ]"] + [f"[ {self.lane0[name]}, {ref(b)} ]"
                                                                           for b in from_loop])
            self.resume[name] = self.value(f"{name}.resume", f"phi {carried.phi.type} {inc}")
        self.put(f"br label {ref(self.lp.header)}")

    def carried(self) -> list[tuple[str, _Induction | _Reduction | _Recurrence | _Scan]]:
        """The header phis the vector loop carries: inductions, reductions, recurrences."""
        return [*self.ivs.items(), *self.reds.items(), *self.recs.items(), *self.scans.items()]

    def entry_check(self) -> None:
        """vec.check, before the loops: enter the vector loop only if the inductions'
        first lanes leave room for VF lanes (its test is repeated at the vector header;
        the scalar loop is then entered from the code before the loops too, LLVM's
        shape, where the translation validation's steps look for it)."""
        self.cur = self.blocks["check"]
        go: str | None = None
        for iv in self.ivs.values():
            if iv.pointer:  # (below)
                continue
            bits = int(iv.phi.type[1:])
            span = self.vf * abs(iv.step)
            test = (f"icmp sle {iv.phi.type} {iv.start.text}, {(1 << (bits - 1)) - 1 - span}" if iv.step > 0 else
                    f"icmp sge {iv.phi.type} {iv.start.text}, {-(1 << (bits - 1)) + span}")
            fit = self.value("vec.enter", test)
            go = fit if go is None else self.value("vec.enter", f"and i1 {go}, {fit}")
        # (the one a countable exit compares, p.next == end, where there is one: the
        # loop already compares its object's addresses)
        ptrs = sorted((iv for iv in self.ivs.values() if iv.pointer),
                      key=lambda iv: not any(self.defs[n].ops[0].name == iv.phi.name for n in self.head_slice
                                             if self.defs[n].opcode == "getelementptr"))
        first_ptr = ptrs[0] if ptrs else None
        if go is None and first_ptr is not None:
            # pointer inductions only: the first one's start address leaves room for VF
            # steps (their vector steps are plain GEPs, which do not wrap into poison; the
            # test gives the scalar loop its way in from before the loops, LLVM's shape;
            # one pointer only: the validation reads the address of one object at most)
            addr = self.value("vec.addr", f"ptrtoint ptr {first_ptr.start.text} to i64")
            span = self.vf * abs(first_ptr.step)
            go = self.value("vec.enter", f"icmp ule i64 {addr}, {(1 << 64) - 1 - span}" if first_ptr.step > 0 else
                            f"icmp uge i64 {addr}, {span}")
        if go is None:
            raise EmitUnsupported("the loop has no induction to count vector iterations by")
        self.put(f"br i1 {go}, label {ref(self.blocks['ph'])}, label {ref(self.blocks['scalar'])}")

    def exit_cond(self, e: str, x: str) -> tuple[Val, bool]:
        """The condition of exit edge e -> x and whether the exit is taken when it holds."""
        t = self.f.blocks[e].term
        if t.opcode == "switch":  # a data-dependent exit (branch() reads its cases)
            return t.ops[0], True
        if len(t.ops) != 3:
            raise EmitUnsupported(f"the exiting terminator {t.shown}", t.line)
        succ = self.f.blocks[e].successors()
        if succ[0] == succ[1]:
            raise EmitUnsupported(f"a branch with one target twice: {t.shown}", t.line)
        return t.ops[0], succ[0] == x

    def fits(self) -> list[str]:
        """Scalar tests that no induction's lanes wrap where its increment says
        nsw/nuw (the seed's `i < N - N % VF` keeps every lane's i+1 in range)."""
        out = []
        for name, iv in self.ivs.items():
            if iv.pointer:  # its vector steps are plain getelementptrs: nothing to wrap into poison
                continue
            bits = int(iv.phi.type[1:])
            s = self.lane0[name]
            span = self.vf * iv.step
            if "nsw" in iv.flags:
                if span > 0:
                    out.append(self.value("fits", f"icmp sle {iv.phi.type} {s}, {(1 << (bits - 1)) - 1 - span}"))
                else:
                    out.append(self.value("fits", f"icmp sge {iv.phi.type} {s}, {-(1 << (bits - 1)) - span}"))
            if "nuw" in iv.flags:
                if span < 0:
                    raise EmitUnsupported(f"an induction with nuw stepping down: {iv.phi.shown}", iv.phi.line)
                out.append(self.value("fits", f"icmp ule {iv.phi.type} {s}, {(1 << bits) - 1 - span}"))
        return out

    def reduce_or(self, v: str) -> str:
        name = f"llvm.vector.reduce.or.v{self.vf}i1"
        self.declare(name, f"declare i1 @{name}({self.vty('i1')})")
        return self.value("any", f"call i1 @{name}({self.vty('i1')} {v})")

    def block_pred(self, b: str) -> None:
        if b == self.lp.header:
            self.pred[b] = self.ones()
            return
        acc: str | None = None
        for p in self.lp.blocks:
            if (p, b) in self.edge:
                acc = self.or_(acc, self.edge[(p, b)])
        if acc is None:
            raise EmitUnsupported(f"block %{b} is not reached inside the loop")
        self.pred[b] = acc

    def branch(self, t: Ins, countable: set[tuple[str, str]]) -> None:
        b = t.block
        succ = self.f.blocks[b].successors()
        p = self.pred[b]
        if len(succ) == 1:
            self.edge[(b, succ[0])] = p
            return
        if t.opcode == "switch":
            self.switch(t, p)
            return
        if any((b, s) in countable for s in succ):  # never taken in the vector loop
            for s in succ:
                if (b, s) not in countable:
                    self.edge[(b, s)] = p
            return
        c = self.value(f"{t.ops[0].name or 'cond'}.frozen", f"freeze {self.vty('i1')} {self.vec(t.ops[0])}")
        self.edge[(b, succ[0])] = self.and_(p, c)
        self.edge[(b, succ[1])] = self.and_(p, self.not_(c))

    def switch(self, t: Ins, p: str) -> None:
        """A switch's edges: each target's lanes are those whose (frozen) value is one of
        its cases; the default's are the rest."""
        x = t.ops[0]
        xt = self.vty(x.type)
        frozen = self.value(f"{x.name or 'switch'}.frozen", f"freeze {xt} {self.vec(x)}")
        hits: dict[str, str | None] = {}
        for value, label in t.cases:
            eq = self.value("case", f"icmp eq {xt} {frozen}, {self.splat(Val(value, x.type, None))}")
            hits[label] = self.or_(hits.get(label), eq)
        if len(hits) + 1 < len(self.f.blocks[t.block].successors()):
            raise EmitUnsupported(f"a switch whose cases are not read: {t.shown}", t.line)
        default = t.ops[1].name or ""
        anycase: str | None = None
        for label, hit in hits.items():
            assert hit is not None
            anycase = self.or_(anycase, hit)
            if label != default:
                self.edge[(t.block, label)] = self.and_(p, hit)
        rest = p if anycase is None else self.and_(p, self.not_(anycase))
        self.edge[(t.block, default)] = rest if default not in hits else self.or_(rest, self.and_(p, hits[default] or p))

    def phi_select(self, i: Ins) -> None:
        assert i.name is not None
        vt = self.vty(i.type)
        pairs = list(zip(i.incoming, i.ops, strict=True))
        val = self.vec(pairs[-1][1])
        for blk, v in reversed(pairs[:-1]):
            val = self.value(f"{i.name}.v", f"select {self.vty('i1')} {self.edge[(blk, i.block)]}, {vt} "
                                            f"{self.vec(v)}, {vt} {val}")
        self.wide[i.name] = val

    def update_mask(self, r: _Reduction) -> str:
        """The lanes whose iteration combines x into the reduction."""
        m = self.pred[r.update.block]
        merge = self.defs[r.merged]
        if merge is r.update:
            return m
        if merge.opcode == "select":
            c = self.value("red.cond", f"freeze {self.vty('i1')} {self.vec(merge.ops[0])}")
            on = c if merge.ops[1].name == r.update.name else self.not_(c)
            return self.and_(self.and_(m, self.pred[merge.block]), on)
        acc: str | None = None
        for blk, v in zip(merge.incoming, merge.ops, strict=True):
            if v.name == r.update.name:
                acc = self.or_(acc, self.edge[(blk, merge.block)])
            elif v.name != r.phi.name:
                raise EmitUnsupported(f"the reduction's merge {merge.shown}", merge.line)
        assert acc is not None
        return acc

    def combine(self, r: _Reduction, start: str, mask: str) -> str:
        """start OP x over the lanes in `mask`: lane by lane (ordered; floats always, as
        no reassociation is licensed), or (in-loop) the lanes reduced by
        llvm.vector.reduce.OP first, then combined with `start` (integers only: their
        operations reassociate once the scalar's nsw/nuw are dropped)."""
        t = r.phi.type
        vt = self.vty(t)
        x = self.vec(r.x)
        minmax = r.op in ("smax", "smin", "umax", "umin")
        if minmax:
            mm = f"llvm.{r.op}.{t}"
            self.declare(mm, f"declare {t} @{mm}({t}, {t})")
        if self.order is ReductionOrder.ORDERED or r.op in ("fadd", "fmul"):
            # in lane order, each lane's update under its mask: the scalar loop's own order
            acc = start
            for k in range(self.vf):
                lane = self.value("red.lane", f"extractelement {vt} {x}, i64 {k}")
                on = self.value("red.on", f"extractelement {self.vty('i1')} {mask}, i64 {k}")
                upd = self.value("red", f"call {t} @llvm.{r.op}.{t}({t} {acc}, {t} {lane})" if minmax else
                                 f"{r.op}{' ' + r.flags if r.flags else ''} {t} {acc}, {lane}")
                acc = self.value("red", f"select i1 {on}, {t} {upd}, {t} {acc}")
            return acc
        ident = _identity(r.op, t)
        xs = self.value("red.lanes", f"select {self.vty('i1')} {mask}, {vt} {x}, "
                                     f"{vt} {self.const_vec(t, [ident] * self.vf)}")
        name = f"llvm.vector.reduce.{r.op}.{_mangle(vt)}"
        self.declare(name, f"declare {t} @{name}({vt})")
        part = self.value("red.part", f"call {t} @{name}({vt} {xs})")
        if minmax:
            return self.value("red", f"call {t} @llvm.{r.op}.{t}({t} {start}, {t} {part})")
        return self.value("red", f"{r.op} {t} {start}, {part}")

    def latch(self) -> None:
        """Advance the inductions and combine the reductions (every lane ran)."""
        for name, iv in self.ivs.items():
            nxt = self.value(f"{name}.vec.next", f"getelementptr i8, ptr {self.lane0[name]}, i64 {self.vf * iv.step}"
                             if iv.pointer else f"add {iv.phi.type} {self.lane0[name]}, {self.vf * iv.step}")
            self.placeholders[self.placeholder(name)] = nxt
        for name, r in self.reds.items():
            self.placeholders[self.placeholder(name)] = self.combine(r, self.lane0[name], r.mask[0])
        for name, rec in self.recs.items():
            self.placeholders[self.placeholder(name)] = self.vec(rec.nxt)
        for name, sc in self.scans.items():  # the last lane's update (every lane ran)
            self.placeholders[self.placeholder(name)] = self.value(
                f"{name}.vec.next", f"extractelement {self.vty(sc.phi.type)} {self.vec(Val(ref(sc.update.name or ''), sc.phi.type, sc.update.name))}, i64 {self.vf - 1}")
        self.placeholders[LATCH_END] = ref(self.cur)  # (lane-by-lane calls split the latch)
        self.put(f"br label {ref(self.blocks['header'])}")

    def placeholder(self, name: str) -> str:
        """The back edge's value of header phi `name`, known once the latch is emitted."""
        return f"@@next.{name}@@"

    def simple(self, exit_preds: list[tuple[str, str, str]], stores: list[Ins]) -> None:
        anyc: str | None = None
        for _, _, p in exit_preds:
            anyc = self.or_(anyc, p)
        if anyc is not None:
            self.put(f"br i1 {self.reduce_or(anyc)}, label {ref(self.blocks['scalar'])}, "
                     f"label {ref(self.blocks['latch'])}")
        else:
            self.put(f"br label {ref(self.blocks['latch'])}")
        self.cur = self.blocks["latch"]
        for s in stores:
            self.effect(s, self.block_mask(s.block))
        self.latch()

    def general(self, exit_preds: list[tuple[str, str, str]], stores: list[Ins]) -> None:
        vf = self.vf
        anyc: str | None = None
        for _, _, p in exit_preds:
            anyc = self.or_(anyc, p)
        if anyc is None:
            for s in stores:
                self.effect(s, self.block_mask(s.block))
            self.put(f"br label {ref(self.blocks['latch'])}")
            self.cur = self.blocks["latch"]
            self.latch()
            return
        cttz = f"llvm.experimental.cttz.elts.i64.v{vf}i1"
        self.declare(cttz, f"declare i64 @{cttz}({self.vty('i1')}, i1 immarg)")
        first = self.value("first", f"call i64 @{cttz}({self.vty('i1')} {anyc}, i1 false)")
        lanes = self.const_vec("i64", [str(k) for k in range(vf)])
        fsplat = self.splat_of("i64", first, "first.splat")
        le_first = self.value("upto.first", f"icmp ule {self.vty('i64')} {lanes}, {fsplat}")
        for s in stores:  # its block's own lanes (the exiting lane only before its exit), up to `first`
            self.effect(s, self.and_(self.pred[s.block], le_first))
        self.put(f"br i1 {self.reduce_or(anyc)}, label {ref(self.blocks['exit'])}, label {ref(self.blocks['latch'])}")
        self.cur = self.blocks["latch"]
        self.latch()
        # vec.early.exit: the exit lane `first` takes
        self.cur = self.blocks["exit"]
        for k, (e, x, p) in enumerate(exit_preds):
            here = self.fresh(f"vec.exit.{k}")
            if k + 1 < len(exit_preds):
                nxt = self.fresh("vec.early.exit")
                taken = self.value("taken", f"extractelement {self.vty('i1')} {p}, i64 {first}")
                self.put(f"br i1 {taken}, label {ref(here)}, label {ref(nxt)}")
            else:
                nxt = ""
                self.put(f"br label {ref(here)}")
            self.cur = here
            self.exit_values(e, x, here, first, fsplat, lanes)
            self.put(f"br label {ref(x)}")
            self.cur = nxt

    def exit_values(self, e: str, x: str, here: str, first: str, fsplat: str, lanes: str) -> None:
        """The exit block's phis read each value as lane `first` computed it."""
        for ph in self.f.blocks[x].phis:
            v = ph.ops[ph.incoming.index(e)]
            self.extra.setdefault(ph.name or "", []).append((self.at_lane(v, first, fsplat, lanes), here))

    def at_lane(self, v: Val, first: str, fsplat: str, lanes: str) -> str:
        if v.name is None or v.name not in self.inloop:
            return v.text
        for name, r in self.reds.items():
            if v.name in (name, r.merged, r.update.name):
                lt = self.value("before.first", f"icmp ult {self.vty('i64')} {lanes}, {fsplat}")
                upto = lt if v.name == name else self.value("upto.first", f"icmp ule {self.vty('i64')} {lanes}, "
                                                                          f"{fsplat}")
                return self.combine(r, self.lane0[name], self.and_(r.mask[0], upto))
        if self.pointer_affine(v):
            off = self.value(f"{v.name}.off", f"mul i64 {first}, {self.stride[v.name]}")
            return self.value(f"{v.name}.exit", f"getelementptr i8, ptr {self.lane0[v.name]}, i64 {off}")
        d = self.defs[v.name]
        if d.opcode == "getelementptr" and d.ops[0].name not in self.inloop:
            # the lane's own address, computed from its indices: its provenance (the base's
            # object) stays visible, which an element of a vector of pointers hides
            flags = " ".join(int_flags(d.text, "getelementptr"))
            idx = ", ".join(f"{o.type} {self.at_lane(o, first, fsplat, lanes)}" for o in d.ops[1:])
            return self.value(f"{v.name}.exit", f"getelementptr {flags + ' ' if flags else ''}{_source_type(d)}, "
                                                f"ptr {d.ops[0].text}, {idx}")
        return self.value(f"{v.name}.exit", f"extractelement {self.vty(v.type)} {self.vec(v)}, i64 {first}")

    def check_lcssa(self) -> None:
        for b, blk in self.f.blocks.items():
            if b in self.lp.blocks:
                continue
            for i in blk.instrs:
                for k, o in enumerate(i.ops):
                    if o.name in self.inloop and not (i.opcode == "phi" and i.incoming[k] in self.lp.blocks):
                        raise EmitUnsupported(f"{o.text} is used after the loop outside an exit block's phi "
                                              "(the loop is not in LCSSA form)", i.line)

    # ------------------------------------------------------------- the module

    def module_text(self) -> str:
        f, lp = self.f, self.lp
        lines = [f.function_text.splitlines()[0]]
        order = list(f.blocks)
        fixed = [self.blocks[k] for k in ("check", "ph", "header", "body")]
        new = fixed + [b for b in self.out if b not in fixed and b != self.blocks["scalar"]] + [self.blocks["scalar"]]
        for b in order:
            blk = f.blocks[b]
            lines.append(f"{_label(b)}:")
            for i in blk.instrs:
                text = i.text
                if b == lp.preheader and i is blk.term:
                    text = re.sub(rf"label {re.escape(ref(lp.header))}(?=[,\s]|$)",
                                  f"label {ref(self.blocks['check'])}", text)
                elif i.opcode == "phi" and b == lp.header:
                    text = _phi_text(i, {lp.preheader: (self.blocks["scalar"], self.resume[i.name or ""])})
                elif i.opcode == "phi" and i.name in self.extra:
                    text = _phi_text(i, {}, self.extra[i.name])
                lines.append("  " + text)
            if b == lp.preheader:
                for nb in new:
                    if nb in self.out:
                        lines.append(f"{_label(nb)}:")
                        lines.extend(self.out[nb])
            lines.append("")
        body = "\n".join(lines).rstrip() + "\n}\n"
        for k, v in self.placeholders.items():
            body = body.replace(k, v)
        text = f.module_text.replace(f.function_text.rstrip(), body.rstrip())
        missing = [d for n, d in sorted(self.decls.items()) if f"@{n}(" not in f.module_text]
        return text.rstrip() + "\n\n" + "\n".join(missing) + "\n" if missing else text


def _label(b: str) -> str:
    return ref(b)[1:]


def _phi_text(i: Ins, replace: dict[str, tuple[str, str]], add: list[tuple[str, str]] | None = None) -> str:
    head = i.text.split(" [", 1)[0]
    pairs = []
    for blk, v in zip(i.incoming, i.ops, strict=True):
        if blk in replace:
            nb, nv = replace[blk]
            pairs.append(f"[ {nv}, {ref(nb)} ]")
        else:
            pairs.append(f"[ {v.text}, {ref(blk)} ]")
    pairs += [f"[ {v}, {ref(b)} ]" for v, b in add or []]
    return f"{head} " + ", ".join(pairs)


def _source_type(g: Ins) -> str:
    """The element type getelementptr `g` indexes (the front end's reading of it)."""
    src = gep_source_type(g.text)
    if src is None:
        raise EmitUnsupported(f"a getelementptr whose element type is not read: {g.shown}", g.line)
    return src


def _mangle(t: str) -> str:
    """LLVM's overload suffix of a vector type: <4 x i32> -> v4i32, <4 x ptr> -> v4p0."""
    m = re.match(r"<(\d+) x (\w+)>", t)
    assert m is not None
    elem = {"ptr": "p0", "float": "f32", "double": "f64", "half": "f16"}.get(m.group(2), m.group(2))
    return f"v{m.group(1)}{elem}"


def _identity(op: str, t: str) -> str:
    bits = int(t[1:])
    return {"add": "0", "or": "0", "xor": "0", "umax": "0", "mul": "1", "and": "-1", "umin": "-1",
            "smax": str(-(1 << (bits - 1))), "smin": str((1 << (bits - 1)) - 1)}[op]
