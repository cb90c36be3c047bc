"""The emitter's memory accesses: a load or store of every lane as one vector access
(consecutive, or reversed where the loop counts down), a masked one where not every
lane runs it, a gather or scatter otherwise; store-to-load forwarding within a vector
iteration; calls without a result made lane by lane, in lane order.

Addresses are kept as a first lane and a stride in bytes (`lane0`, `stride`) where the
loop computes them from an induction plus constants: a pointer induction's lanes stay
scalars off its first lane, as the translation validation reads them."""

from __future__ import annotations

from verifier.emit.builder import Builder, gep_head, mangle, source_type
from verifier.emit.reader import EmitUnsupported, Func, Ins, Loop, Val, ref
from verifier.frontend.llvm.text import align_of, bundle_value, bundles, dereferenceable, int_flags
from verifier.transforms.vector_loop import Form, ReductionOrder

# The alignment a masked access or a gather/scatter claims. The scalar access's `align`
# holds where the scalar loop runs it; a vector iteration whose mask is all off runs
# it nowhere, and an `align` the pointer lacks makes it poison (LangRef's parameter
# attribute), which the validation reads as UB: so masked accesses claim nothing.
MASKED_ALIGN = 1


class Memory(Builder):
    """Builder plus the loop's loads, stores and calls without a result."""

    def __init__(self, f: Func, lp: Loop, form: Form, vf: int, order: ReductionOrder, guards: bool = False) -> None:
        super().__init__(f, lp, form, vf, order, guards)
        self.last_effect: Ins | None = None  # the body's latest store or call so far, in program order
        self.effects_seen = 0  # how many stores and calls the body has so far
        self.ptr_affine: set[str] = set()  # pointer inductions plus constants, with lane0 and stride
        self.addressing = self.address_loads()

    def pointer_affine(self, p: Val) -> bool:
        """Whether loop pointer p is a pointer induction, or an address stepping evenly
        (strided: &a[i]), plus constant offsets (`&a[i] - 1` as clang writes a[i-1]); its
        first lane and stride in bytes are then in lane0 and stride."""
        name = p.name or ""
        if name in self.carried:
            return self.carried[name].pointer
        if name in self.ptr_affine:
            return True
        g = self.defs.get(name)
        base = self.offset_base(g) if g is not None else None
        if g is None or base is None:
            return False
        idx = ", ".join(f"{o.type} {o.text}" for o in g.ops[1:])
        self.lane0[name] = self.value(f"{name}.lane0", f"{gep_head(g)}{source_type(g)}, ptr {base[0]}, {idx}")
        self.stride[name] = base[1]
        self.ptr_affine.add(name)
        return True

    def offset_base(self, g: Ins) -> tuple[str, int] | None:
        """Where `g` is a GEP by constants off a loop pointer that steps evenly: that
        pointer's first lane and stride."""
        b = g.ops[0]
        if g.opcode != "getelementptr" or any(o.name is not None for o in g.ops[1:]) or b.name not in self.inloop:
            return None
        return (self.lane0[b.name or ""], self.stride[b.name or ""]) if self.pointer_affine(b) else self.strided(b)

    def lane_addresses(self, p: Val, elem: str) -> str:
        """Every lane's address for a gather or scatter of `elem`s: a pointer induction
        (or an address stepping evenly) plus constants as one GEP from its first lane
        by each lane's offset, in elements where the stride is whole elements (a vector
        index off a scalar base, as gathers take it); any other address as widened."""
        if p.name not in self.inloop or not self.pointer_affine(p):
            return self.vec(p)
        name = p.name or ""
        stride, size = self.stride[name], self.elem_size(elem)
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
        g = self.indexed(ptr)
        size = None if g is None else self.type_size(source_type(g))
        if g is None or size is None:
            return None
        return self.first_address(g), self.stride[g.ops[1].name or ""] * size

    def first_address(self, g: Ins) -> str:
        """The first lane's address of &base[idx] (GEP g), made once."""
        name = g.name or ""
        if name not in self.lane0:
            self.lane0[name] = self.value(f"{name}.lane0", f"{gep_head(g)}{source_type(g)}, ptr {g.ops[0].text}, "
                                                           f"{g.ops[1].type} {self.lane0[g.ops[1].name or '']}")
        return self.lane0[name]

    def indexed(self, ptr: Val) -> Ins | None:
        """The GEP &base[idx] that `ptr` is, where the base is loop-invariant and the
        index a loop value with a first lane and a stride (an induction plus constants)."""
        g = self.defs.get(ptr.name or "")
        if g is None or g.opcode != "getelementptr" or g.name not in self.inloop or len(g.ops) != 2:
            return None
        source_type(g)  # (one whose element type is not read is refused here)
        idx = g.ops[1].name
        if g.ops[0].name in self.inloop or idx not in self.inloop or idx not in self.stride or idx not in self.lane0:
            return None
        return g

    def consecutive(self, ptr: Val, elem: str) -> str | None:
        """The first lane's address, where lane k accesses the k-th `elem` from it."""
        at = self.strided(ptr)
        return at[0] if at is not None and at[1] == self.elem_size(elem) else None

    def backward(self, ptr: Val, elem: str) -> str | None:
        """The last lane's address, where lane k accesses the k-th `elem` before the
        first lane's (a loop counting down): one vector access, lanes reversed."""
        at = self.strided(ptr)
        size = self.elem_size(elem)
        if at is None or size is None or at[1] != -size:
            return None
        return self.value(f"{ptr.name}.last", f"getelementptr i8, ptr {at[0]}, i64 {(self.vf - 1) * at[1]}")

    def load(self, i: Ins) -> None:
        assert i.name is not None
        if " atomic " in f" {i.shown} ":
            raise EmitUnsupported(f"an atomic load: {i.shown}", i.line)
        if _volatile(i):
            self.volatile_load(i)
            return
        fwd = self.forwarding(i)
        if fwd is not None and fwd[1] is None:
            self.wide[i.name] = fwd[0]
            return
        if self.stored_by_every_lane(i.ops[0]):
            raise EmitUnsupported(f"a load of the one address every lane stores to ({i.shown}): a lane reads the "
                                  "value an earlier lane stored, which the vector body does not pass on", i.line)
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

    def volatile_load(self, i: Ins) -> None:
        """A volatile load, one per lane in lane order, every lane (where every lane runs
        its block): an event per lane, so lanes the loop never runs (past its exit) read
        what it does not, and the proof refutes that form; nothing wider stands for it."""
        if self.block_mask(i.block) is not None:
            raise EmitUnsupported(f"a volatile load in conditional code: {i.shown}", i.line)
        out = "poison"
        for k in range(self.vf):
            lane = self.value(f"{i.name}.lane{k}", f"load volatile {i.type}, ptr {self.address_of_lane(i.ops[0], k)}, "
                                                    f"align {align_of(i.text)}")
            out = self.value(f"{i.name}.v", f"insertelement {self.vty(i.type)} {out}, {i.type} {lane}, i64 {k}")
        self.wide[i.name or ""] = out

    def address_of_lane(self, p: Val, k: int) -> str:
        """Lane k's own address: a GEP over a pointer from outside the loop computed
        again from lane k of its indices (its object stays visible, which an element
        of a vector of pointers hides), else lane k as the emitter has it."""
        g = self.defs.get(p.name or "")
        if g is None or g.opcode != "getelementptr" or p.name not in self.inloop or g.ops[0].name in self.inloop \
                or self.pointer_affine(p):
            return self.lane_of(p, k)
        idx = ", ".join(f"{o.type} {self.lane_of(o, k)}" for o in g.ops[1:])
        return self.value(f"{p.name}.at{k}", f"{gep_head(g)}{source_type(g)}, ptr {g.ops[0].text}, {idx}")

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
            name = f"llvm.masked.load.{mangle(vt)}.p0"
            self.declare(name, f"declare {vt} @{name}(ptr, {self.vty('i1')}, {vt})")
            return self.value(f"{i.name}.v", f"call {vt} @{name}(ptr align {MASKED_ALIGN} {first}, "
                                             f"{self.vty('i1')} {mask}, {vt} poison)")
        last = self.backward(i.ops[0], i.type)
        if last is not None:
            if mask is None:
                return self.reverse(i.type, self.value(f"{i.name}.rev", f"load {vt}, ptr {last}, align {align}"))
            name = f"llvm.masked.load.{mangle(vt)}.p0"
            self.declare(name, f"declare {vt} @{name}(ptr, {self.vty('i1')}, {vt})")
            loaded = self.value(f"{i.name}.rev", f"call {vt} @{name}(ptr align {MASKED_ALIGN} {last}, {self.vty('i1')} "
                                                 f"{self.reverse('i1', mask)}, {vt} poison)")
            return self.reverse(i.type, loaded)
        ptrs = self.lane_addresses(i.ops[0], i.type)
        mask = self.guarded(i, mask)
        name = f"llvm.masked.gather.{mangle(vt)}.{mangle(self.vty('ptr'))}"
        self.declare(name, f"declare {vt} @{name}({self.vty('ptr')}, {self.vty('i1')}, {vt})")
        return self.value(f"{i.name}.v", f"call {vt} @{name}({self.vty('ptr')} align {MASKED_ALIGN} {ptrs}, "
                                         f"{self.vty('i1')} {mask or self.ones()}, {vt} poison)")

    def guarded(self, i: Ins, mask: str | None) -> str | None:
        """With runtime guards (the simple form's `--guards`, seed 000's `c3 = 0 <= x < M`):
        the mask of gather i's lanes whose index lies within the object the IR says its
        base holds (known_bytes), each lane outside it recorded in `guard_fails`, which
        the vector iteration leaves for the scalar loop on. Unchanged without guards, or
        where the address is not one index over an object of known size."""
        found = self.guardable(i) if self.guards else None
        if found is None:
            return mask
        g, root, size, unit = found
        idx = g.ops[1]
        wide = self.vec(idx) if idx.name in self.inloop else self.splat(idx)
        if idx.type != "i64":  # (a GEP sign-extends its indices)
            wide = self.value(f"{g.name}.idx", f"sext {self.vty(idx.type)} {wide} to {self.vty('i64')}")
        elems = self.value(f"{root.lstrip('@')}.elems", f"udiv i64 {size}, {unit}")
        inside = self.value(f"{g.name}.inside", f"icmp ult {self.vty('i64')} {wide}, "
                                                f"{self.splat_of('i64', elems, elems.lstrip('%') + '.splat')}")
        inside = self.value(f"{g.name}.guard", f"freeze {self.vty('i1')} {inside}")
        on = mask or self.ones()
        self.guard_fails.append(self.and_(on, self.not_(inside)))
        return self.and_(on, inside)

    def guardable(self, i: Ins) -> tuple[Ins, str, str, int] | None:
        """Load i's address as one index over an object of known size, computed outside
        the loop: (its GEP, the object, the object's bytes, the bytes per index)."""
        g = self.defs.get(i.ops[0].name or "")
        if g is None or g.opcode != "getelementptr" or len(g.ops) != 2:
            return None
        base = g.ops[0]
        root, unit = self.root(base), self.type_size(source_type(g))
        if root is None or root != (base.name or base.text) or not unit:  # (not the object's own pointer)
            return None
        size = self.known_bytes(root)
        return None if size is None else (g, root, size, unit)

    def known_bytes(self, root: str) -> str | None:
        """The bytes the IR says object `root` (an argument's name or a global) holds
        from its start, as an i64 operand: a global's size (the front end's layout), an
        argument's `dereferenceable(N)`, or an `llvm.assume` "dereferenceable" bundle on
        it in the entry block (the front end's readers of attributes and bundles)."""
        if root.startswith("@"):
            vt = self.f.globals.get(root[1:].strip('"'))
            size = None if vt is None else self.type_size(vt)
            return None if size is None else str(size)
        if n := dereferenceable(self.f.arg_attrs.get(root, "")):
            return str(n)
        entry = next(iter(self.f.blocks.values()))
        for ins in entry.instrs:
            if ins.callee != "llvm.assume":
                continue
            ints = [ints for kind, ptr, ints in bundles(ins.text) if kind == "dereferenceable" and ptr == ref(root)]
            if ints and ints[0]:
                return str(ints[0][0] & ((1 << 64) - 1))
            written = bundle_value(ins.text, "dereferenceable", ref(root))
            if written is not None and written[0] == "i64":
                return written[1]
        return None

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
        return (source_type(g), tuple(int_flags(g.text, "getelementptr")), self.address(g.ops[0]),
                tuple((o.type, o.text) for o in g.ops[1:]))

    def effect(self, i: Ins, mask: str | None) -> None:
        """A store, or a call made lane by lane in lane order (vector code issues a call
        site for every lane before the next instruction), each under its lane's bit.
        A call that may write what the loop reads is made so too, after every lane's
        loads: the proof of the form refutes it with the run where that matters (the
        seed's `foo` writing a[i+1] before lane 2 reads it), as vectorizing it is wrong.
        A volatile store is made lane by lane so too: one volatile store per lane, in
        the scalar loop's order (no wider access may stand for them)."""
        if i.opcode == "store" and not _volatile(i):
            self.store(i, mask)
            return
        for k in range(self.vf):
            one = self.one_lane(i, k)
            if mask is None:
                self.put(one)
                continue
            on = self.value("lane.on", f"extractelement {self.vty('i1')} {mask}, i64 {k}")
            here, cont = self.fresh(f"{i.opcode}.lane{k}"), self.fresh(f"after.lane{k}")
            self.put(f"br i1 {on}, label {ref(here)}, label {ref(cont)}")
            self.cur = here
            self.put(one)
            self.put(f"br label {ref(cont)}")
            self.cur = cont

    def one_lane(self, i: Ins, k: int) -> str:
        """Lane k's own effect i: the call, or the (volatile) store, of its operands' lane k."""
        if i.opcode == "store":
            if " atomic " in f" {i.shown} ":
                raise EmitUnsupported(f"an atomic store: {i.shown}", i.line)
            v, ptr = i.ops
            return f"store volatile {v.type} {self.lane_of(v, k)}, ptr {self.lane_of(ptr, k)}, align {align_of(i.text)}"
        texts = [f"{a.type} {self.lane_of(a, k)}" for a in i.ops[:-1]]
        return f"call void @{i.callee or ''}({', '.join(texts)})"

    def address_loads(self) -> set[str]:
        """The loop's loads whose values an address of a load or store is computed from
        (an index read from memory: `tab[idx[i]]`), through anything but another load's
        address and a phi."""
        todo = self.accessed()
        seen: set[str] = set()
        while todo:
            v = todo.pop()
            if v.name in self.inloop and v.name not in seen:
                seen.add(v.name or "")
                d = self.defs[v.name or ""]
                todo += d.ops if d.opcode not in ("load", "phi") else []
        return {n for n in seen if self.defs[n].opcode == "load"}

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

    def store(self, i: Ins, mask: str | None) -> None:
        if " atomic " in f" {i.shown} ":
            raise EmitUnsupported(f"an atomic store: {i.shown}", i.line)
        v, ptr = i.ops
        vt = self.vty(v.type)
        align = align_of(i.text)
        if ptr.name is None or ptr.name not in self.inloop:
            self.uniform_store(v, ptr, mask, align)
            return
        first = self.consecutive(ptr, v.type)
        val = self.vec(v)
        last = None if first is not None else self.backward(ptr, v.type)
        if last is not None:  # a loop counting down: the lanes reversed into one access
            first, val = last, self.reverse(v.type, val)
            mask = None if mask is None else self.reverse("i1", mask)
        if first is not None:
            self.wide_store(vt, val, first, mask, align)
        else:
            name = f"llvm.masked.scatter.{mangle(vt)}.{mangle(self.vty('ptr'))}"
            self.declare(name, f"declare void @{name}({vt}, {self.vty('ptr')}, {self.vty('i1')})")
            self.put(f"call void @{name}({vt} {val}, {self.vty('ptr')} align {MASKED_ALIGN} "
                     f"{self.lane_addresses(ptr, v.type)}, "
                     f"{self.vty('i1')} {mask or self.ones()})")

    def wide_store(self, vt: str, val: str, first: str, mask: str | None, align: int) -> None:
        """Consecutive lanes from `first`: one vector store, masked where not every lane runs it."""
        if mask is None:
            self.put(f"store {vt} {val}, ptr {first}, align {align}")
            return
        name = f"llvm.masked.store.{mangle(vt)}.p0"
        self.declare(name, f"declare void @{name}({vt}, ptr, {self.vty('i1')})")
        self.put(f"call void @{name}({vt} {val}, ptr align {MASKED_ALIGN} {first}, {self.vty('i1')} {mask})")

    def stored_by_every_lane(self, ptr: Val) -> bool:
        """Whether `ptr` is an address the loop does not change and some store of the
        loop writes (uniform_store: each lane's store goes to that one address)."""
        if ptr.name is not None and ptr.name in self.inloop:
            return False
        return any(i.opcode == "store" and self.address(i.ops[1]) == self.address(ptr) for i in self.body_instrs())

    def uniform_store(self, v: Val, ptr: Val, mask: str | None, align: int) -> None:
        """A store every lane makes to one address (the loop does not change it: a
        count written back each iteration). Lanes store in order, so what stays is the
        last running lane's value: one scalar store of it (masked: the last lane whose
        mask is on, stored where any is), no scatter over one address."""
        if mask is None:
            self.put(f"store {v.type} {self.lane_of(v, self.vf - 1)}, ptr {ptr.text}, align {align}")
            return
        last = self.lane_of(v, 0)
        for k in range(1, self.vf):
            on = self.value("lane.on", f"extractelement {self.vty('i1')} {mask}, i64 {k}")
            last = self.value(f"{v.name or 'v'}.last", f"select i1 {on}, {v.type} {self.lane_of(v, k)}, {v.type} {last}")
        any_on = self.reduce_or(mask)
        one = f"<1 x {v.type}>"
        name = f"llvm.masked.store.{mangle(one)}.p0"
        self.declare(name, f"declare void @{name}({one}, ptr, <1 x i1>)")
        val = self.value("last.ins", f"insertelement {one} poison, {v.type} {last}, i64 0")
        on1 = self.value("any.ins", f"insertelement <1 x i1> poison, i1 {any_on}, i64 0")
        self.put(f"call void @{name}({one} {val}, ptr align {MASKED_ALIGN} {ptr.text}, <1 x i1> {on1})")


def _volatile(i: Ins) -> bool:
    return " volatile " in f" {i.shown} "
