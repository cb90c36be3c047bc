"""The values a vector loop carries from one iteration to the next, one recipe class per
kind (LLVM's VPlan has one recipe per kind of header phi: VPWidenIntOrFpInductionRecipe,
VPReductionPHIRecipe, VPFirstOrderRecurrencePHIRecipe, ...).

Each recipe says, for its header phi, how to recognise it and what it adds to each
part of the form: its phi in vec.header (`header_phi`), its lanes once every phi is
there (`header`), its part of the body (`body_start`, `body_end`, and the values it
computes itself, `lazy`), the back edge's value (`latch`), the value the scalar loop
resumes with (`resume`), the checks before the vector loop (`entry_test`, `fits`), and
a live-out at the exiting lane (`at_exit`). `claim` gives every header phi to the first
recogniser of `RECIPES` that takes it, in table order (an induction is also a scan of
constants, so inductions come first); a phi none takes is an EmitUnsupported. Adding a
carried kind is a class here and a row of `RECIPES`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from verifier.emit.builder import LATCH_END, Builder, identity, mangle, source_type
from verifier.emit.reader import EmitUnsupported, Ins, Val, ref
from verifier.frontend.llvm.text import fp_flags, int_flags
from verifier.ir.opcodes import llvm_binary
from verifier.transforms.vector_loop import ReductionOrder

_MINMAX = tuple(llvm_binary(intrinsic=True).values())  # smax, smin, umax, umin
_REDUCTION_OPS = ("add", "mul", "and", "or", "xor", "fadd", "fmul", *_MINMAX)
_SCAN_OPS = ("add", "and", "or", "xor")


@dataclass
class Recipe:
    """A header phi: `start` enters from the preheader (`next` is the back edge's)."""

    phi: Ins
    start: Val

    induction: ClassVar[bool] = False
    pointer: ClassVar[bool] = False

    @classmethod
    def recognise(cls, e: Builder, phi: Ins, start: Val, nxt: Val) -> Recipe | None:
        """This kind's recipe for header phi `phi`, or None where it is not one."""
        raise NotImplementedError

    @property
    def name(self) -> str:
        assert self.phi.name is not None
        return self.phi.name

    @property
    def lazy(self) -> frozenset[str]:
        """The loop values the recipe computes itself, when first asked for (`lanes`)."""
        return frozenset()

    def header_phi(self, e: Builder) -> None:
        """vec.header's phi: the value at the vector iteration's first lane."""
        s = ref(e.fresh(f"{self.name}.vec"))
        e.put(f"{s} = phi {self.phi.type} [ {self.start.text}, {ref(e.blocks['ph'])} ], "
              f"[ {e.placeholder(self.name)}, {LATCH_END} ]")
        e.lane0[self.name] = s

    def header(self, e: Builder) -> None:
        """vec.header after every phi: lanes the rest of the iteration reads."""

    def body_start(self, e: Builder) -> None:
        """vec.body before the loop's blocks."""

    def body_end(self, e: Builder) -> None:
        """vec.body after the loop's blocks."""

    def skip(self) -> set[str | None]:
        """Loop values the body leaves alone (the recipe computes them itself)."""
        return set()

    def lanes(self, e: Builder) -> None:
        """The vectors of `lazy`, when first asked for."""

    def latch(self, e: Builder) -> str:
        """The value the back edge carries to the next vector iteration."""
        raise NotImplementedError

    def resume(self, e: Builder) -> str:
        """The value the scalar loop resumes with from the vector loop."""
        return e.lane0[self.name]

    def entry_test(self, e: Builder) -> str | None:
        """vec.check's test that the vector loop may start (None: none of its own)."""
        return None

    def fits(self, e: Builder) -> list[str]:
        """vec.header's tests that this vector iteration keeps the recipe defined."""
        return []

    def at_exit(self, e: Builder, v: Val, first: str, fsplat: str, lanes: str) -> str | None:
        """Loop value `v` as lane `first` leaves it, where the recipe computes it."""
        return None


@dataclass
class Induction(Recipe):
    """An integer induction: `step` its constant increment."""

    step: int = 0
    flags: tuple[str, ...] = ()  # the increment's no-wrap flags
    by_sub: bool = False  # the increment is a `sub` (of -step)

    induction: ClassVar[bool] = True

    @classmethod
    def recognise(cls, e: Builder, phi: Ins, start: Val, nxt: Val) -> Recipe | None:
        d = e.defs.get(nxt.name or "")
        if d is None or d.opcode not in ("add", "sub") or d.ops[0].name != phi.name or d.ops[1].name is not None \
                or not phi.type.startswith("i"):
            return None
        step = int(d.ops[1].text) * (-1 if d.opcode == "sub" else 1)
        return cls(phi, start, step, int_flags(d.text, d.opcode), d.opcode == "sub")

    @property
    def bits(self) -> int:
        return int(self.phi.type[1:])

    def header(self, e: Builder) -> None:
        t = self.phi.type
        e.stride[self.name] = self.step
        steps = e.const_vec(t, [str(k * self.step) for k in range(e.vf)])
        e.wide[self.name] = e.value(f"{self.name}.v", f"add {e.vty(t)} "
                                                      f"{e.splat_of(t, e.lane0[self.name], self.name + '.vsplat')}, {steps}")

    def latch(self, e: Builder) -> str:
        return e.value(f"{self.name}.vec.next", f"add {self.phi.type} {e.lane0[self.name]}, {e.vf * self.step}")

    def entry_test(self, e: Builder) -> str | None:
        """Room for VF lanes from the start (the test vec.header repeats, `fits`)."""
        span = e.vf * abs(self.step)
        t = self.phi.type
        return e.value("vec.enter", f"icmp sle {t} {self.start.text}, {(1 << (self.bits - 1)) - 1 - span}"
                       if self.step > 0 else f"icmp sge {t} {self.start.text}, {-(1 << (self.bits - 1)) + span}")

    def fits(self, e: Builder) -> list[str]:
        """No lane wraps where the increment says nsw/nuw (the seed's `i < N - N % VF`
        keeps every lane's i+1 in range)."""
        out = []
        t, s, span = self.phi.type, e.lane0[self.name], e.vf * self.step
        if "nsw" in self.flags:
            out.append(e.value("fits", f"icmp sle {t} {s}, {(1 << (self.bits - 1)) - 1 - span}" if span > 0 else
                               f"icmp sge {t} {s}, {-(1 << (self.bits - 1)) - span}"))
        if "nuw" in self.flags:
            out.append(e.value("fits", self._unsigned_room(t, s, span)))
        return out

    def _unsigned_room(self, t: str, s: str, span: int) -> str:
        """`s` has room for VF steps without unsigned wrap: at most the top less the span
        going up; going down by `sub nuw`, at least the span (an `add nuw` of a negative
        constant wraps at every step: not read)."""
        if span >= 0:
            return f"icmp ule {t} {s}, {(1 << self.bits) - 1 - span}"
        if not self.by_sub:
            raise EmitUnsupported(f"an induction stepped by add nuw of a negative constant: {self.phi.shown}",
                                  self.phi.line)
        return f"icmp uge {t} {s}, {-span}"


@dataclass
class PointerInduction(Recipe):
    """A pointer stepped by a getelementptr by a constant (C's `p++`): `step` its bytes.
    Its lanes stay scalars off its first lane (a vector of pointers is a form the
    translation validation does not read)."""

    step: int = 0

    induction: ClassVar[bool] = True
    pointer: ClassVar[bool] = True

    @classmethod
    def recognise(cls, e: Builder, phi: Ins, start: Val, nxt: Val) -> Recipe | None:
        d = e.defs.get(nxt.name or "")
        if d is None or phi.type != "ptr" or d.opcode != "getelementptr" or len(d.ops) != 2 \
                or d.ops[0].name != phi.name or d.ops[1].name is not None:
            return None
        size = e.type_size(source_type(d))
        return None if size is None else cls(phi, start, int(d.ops[1].text) * size)

    def header(self, e: Builder) -> None:
        e.stride[self.name] = self.step

    def latch(self, e: Builder) -> str:
        return e.value(f"{self.name}.vec.next", f"getelementptr i8, ptr {e.lane0[self.name]}, i64 {e.vf * self.step}")

    def entry_test(self, e: Builder) -> str | None:
        """The start address leaves room for VF steps (its vector steps are plain GEPs,
        which do not wrap into poison): asked only where no integer induction counts."""
        addr = e.value("vec.addr", f"ptrtoint ptr {self.start.text} to i64")
        span = e.vf * abs(self.step)
        return e.value("vec.enter", f"icmp ule i64 {addr}, {(1 << 64) - 1 - span}" if self.step > 0 else
                       f"icmp uge i64 {addr}, {span}")


@dataclass
class Lagging(Induction):
    """A phi holding an integer induction's previous value (`j = i; i = i + 1`, as clang
    keeps a[i-1] of `a[j] == x && a[i] == y`), whose constant start is the induction's
    start less one step: itself an induction of that step (its flags: none)."""

    @classmethod
    def recognise(cls, e: Builder, phi: Ins, start: Val, nxt: Val) -> Recipe | None:
        iv = e.carried.get(nxt.name or "")
        if not isinstance(iv, Induction) or phi.type != iv.phi.type or start.name is not None \
                or iv.start.name is not None:
            return None
        try:
            s0, i0 = int(start.text), int(iv.start.text)
        except ValueError:
            return None
        if (i0 - iv.step - s0) % (1 << iv.bits) != 0:
            return None
        return cls(phi, start, iv.step, ())


@dataclass
class Scan(Recipe):
    """A running value the loop itself reads (a prefix sum: `s += a[i]; if (s > X)
    break`): updated every iteration by one associative integer operation. Its lanes
    are the start combined with an inclusive scan of the operand's lanes (log2 VF
    shifted combines); the update's flags are dropped (another association may
    overflow where the loop's does not)."""

    op: str = ""
    update: Ins | None = None  # OP(phi, x)
    x: Val | None = None

    @classmethod
    def recognise(cls, e: Builder, phi: Ins, start: Val, nxt: Val) -> Recipe | None:
        """Its back edge is OP(phi, x) in a block every iteration runs, x not computed
        from phi, and the loop reads phi or the update (else it is a reduction)."""
        u = _update(e, phi, nxt, _SCAN_OPS) if phi.type not in ("i1", "ptr") and phi.type.startswith("i") else None
        if u is None or u.block not in e.lp.dominate_latch or not _read_in_loop(e, phi, u):
            return None
        x = next(o for o in u.ops if o.name != phi.name)
        return None if e.early_slice(x, phi.name or "") is None else cls(phi, start, u.opcode, u, x)

    @property
    def lazy(self) -> frozenset[str]:
        assert self.update is not None and self.update.name is not None
        return frozenset({self.name, self.update.name})

    def lanes(self, e: Builder) -> None:
        """The update's lanes (start OP x_0 OP ... OP x_k) and the phi's (the update's
        lane k-1; lane 0 the vector iteration's start)."""
        assert self.update is not None and self.update.name is not None and self.x is not None
        t, vt, name = self.phi.type, e.vty(self.phi.type), self.name
        ident = e.const_vec(t, [identity(self.op, t)] * e.vf)
        acc = e.vec(self.x)
        d = 1
        while d < e.vf:  # lane k gets lane k-d (the identity below d): an inclusive scan
            order = ", ".join(f"i32 {k - d}" if k >= d else f"i32 {e.vf + k}" for k in range(e.vf))
            moved = e.value(f"{name}.shift", f"shufflevector {vt} {acc}, {vt} {ident}, <{e.vf} x i32> <{order}>")
            acc = e.value(f"{name}.scan", f"{self.op} {vt} {acc}, {moved}")
            d *= 2
        base = e.splat_of(t, e.lane0[name], f"{name}.base")
        e.wide[self.update.name] = e.value(f"{self.update.name}.v", f"{self.op} {vt} {base}, {acc}")
        e.wide[name] = e.spliced(t, base, e.wide[self.update.name], name)

    def latch(self, e: Builder) -> str:
        """The last lane's update (every lane ran)."""
        assert self.update is not None
        now = e.vec(Val(ref(self.update.name or ""), self.phi.type, self.update.name))
        return e.value(f"{self.name}.vec.next", f"extractelement {e.vty(self.phi.type)} {now}, i64 {e.vf - 1}")


@dataclass
class Reduction(Recipe):
    """A header phi read only by one combining operation (maybe under an if), the
    result carried back directly or through a phi or select (`merged`)."""

    op: str = ""  # one of _REDUCTION_OPS
    update: Ins | None = None  # OP(phi, x)
    x: Val | None = None
    merged: str = ""  # the value the latch passes back (the update, or a phi/select over it)
    flags: str = ""  # the update's fast-math flags (floats)
    mask: str = ""  # the lanes that update (vector i1), known at the end of the body

    @classmethod
    def recognise(cls, e: Builder, phi: Ins, start: Val, nxt: Val) -> Recipe | None:
        users = e.readers({phi.name})
        u = _one_update(phi, nxt, users)
        others = [] if u is None else [o for o in _args(u) if o.name != phi.name]
        if u is None or len(others) != 1 or not _merges(e, u, nxt, users):
            return None
        _running_value_unread(e, phi, u, nxt)
        op = _reduction_op(u)
        assert op is not None
        fmf = " ".join(fp_flags(u.text, u.opcode)) if op in ("fadd", "fmul") else ""
        return cls(phi, start, op, u, others[0], nxt.name or "", fmf)

    def skip(self) -> set[str | None]:
        assert self.update is not None
        return {self.update.name, self.merged}

    def body_end(self, e: Builder) -> None:
        self.mask = self.update_mask(e)

    def update_mask(self, e: Builder) -> str:
        """The lanes whose iteration combines x into the reduction."""
        assert self.update is not None
        m = e.pred[self.update.block]
        merge = e.defs[self.merged]
        if merge is self.update:
            return m
        if merge.opcode == "select":
            c = e.value("red.cond", f"freeze {e.vty('i1')} {e.vec(merge.ops[0])}")
            on = c if merge.ops[1].name == self.update.name else e.not_(c)
            return e.and_(e.and_(m, e.pred[merge.block]), on)
        acc: str | None = None
        for blk, v in zip(merge.incoming, merge.ops, strict=True):
            if v.name == self.update.name:
                acc = e.or_(acc, e.edge[(blk, merge.block)])
            elif v.name != self.phi.name:
                raise EmitUnsupported(f"the reduction's merge {merge.shown}", merge.line)
        assert acc is not None
        return acc

    def combine(self, e: Builder, start: str, mask: str) -> str:
        """start OP x over the lanes in `mask`: lane by lane (ordered), or (in-loop) the
        lanes reduced first, from the identity, then combined with `start`: integers by
        llvm.vector.reduce.OP (their operations reassociate once the scalar's nsw/nuw
        are dropped), floats lane by lane (reassociated once per vector iteration, as
        asked; the proof decides whether the roundings allow it)."""
        assert self.x is not None
        t, op = self.phi.type, self.op
        vt = e.vty(t)
        x = e.vec(self.x)
        minmax = op in _MINMAX
        if minmax:
            combine_declared(e, op, t)
        if e.order is ReductionOrder.ORDERED:
            # in lane order, each lane's update under its mask: the scalar loop's own order
            acc = start
            for k in range(e.vf):
                lane = e.value("red.lane", f"extractelement {vt} {x}, i64 {k}")
                on = e.value("red.on", f"extractelement {e.vty('i1')} {mask}, i64 {k}")
                upd = e.value("red", f"call {t} @llvm.{op}.{t}({t} {acc}, {t} {lane})" if minmax else
                              f"{op}{' ' + self.flags if self.flags else ''} {t} {acc}, {lane}")
                acc = e.value("red", f"select i1 {on}, {t} {upd}, {t} {acc}")
            return acc
        xs = e.value("red.lanes", f"select {e.vty('i1')} {mask}, {vt} {x}, "
                                  f"{vt} {e.const_vec(t, [identity(op, t)] * e.vf)}")
        if op in ("fadd", "fmul"):
            return self.float_part(e, start, xs)
        name = f"llvm.vector.reduce.{op}.{mangle(vt)}"
        e.declare(name, f"declare {t} @{name}({vt})")
        part = e.value("red.part", f"call {t} @{name}({vt} {xs})")
        if minmax:
            return e.value("red", f"call {t} @llvm.{op}.{t}({t} {start}, {t} {part})")
        return e.value("red", f"{op} {t} {start}, {part}")

    def float_part(self, e: Builder, start: str, xs: str) -> str:
        """start OP (the lanes of `xs` combined in lane order from the identity): an
        in-loop float reduction, reassociated once per vector iteration."""
        t = self.phi.type
        op = f"{self.op}{' ' + self.flags if self.flags else ''} {t}"
        part = identity(self.op, t)
        for k in range(e.vf):
            part = e.value("red.part", f"{op} {part}, {e.value('red.lane', f'extractelement {e.vty(t)} {xs}, i64 {k}')}")
        return e.value("red", f"{op} {start}, {part}")

    def in_every_lane(self, e: Builder) -> bool:
        """Ordered, and every iteration that reaches the latch updates (the update's
        block dominates it, its value carried back as it is): the lanes that update are
        then every lane at the back edge and the lanes before the exiting one at an exit."""
        assert self.update is not None
        return e.order is ReductionOrder.ORDERED and self.update.block in e.lp.dominate_latch and e.defs[self.merged] is self.update

    def running(self, e: Builder, start: str, n: int) -> list[str]:
        """start, start OP x0, (start OP x0) OP x1, ...: the value after 0..n lanes, every
        lane combined (the scalar loop's own terms; a lane past the exit
        may make its later values poison, which nothing then selects)."""
        assert self.x is not None
        t, vt = self.phi.type, e.vty(self.phi.type)
        acc, out = start, [start]
        for k in range(n):
            lane = e.value("red.lane", f"extractelement {vt} {e.vec(self.x)}, i64 {k}")
            if self.op in _MINMAX:
                acc = e.value("red", f"call {t} @llvm.{self.op}.{t}({t} {acc}, {t} {lane})")
            else:
                acc = e.value("red", f"{self.op}{' ' + self.flags if self.flags else ''} {t} {acc}, {lane}")
            out.append(acc)
        return out

    def latch(self, e: Builder) -> str:
        if self.in_every_lane(e):
            if self.op in _MINMAX:
                combine_declared(e, self.op, self.phi.type)
            return self.running(e, e.lane0[self.name], e.vf)[-1]
        return self.combine(e, e.lane0[self.name], self.mask)

    def at_exit(self, e: Builder, v: Val, first: str, fsplat: str, lanes: str) -> str | None:
        """The running value before lane `first` (the phi) or after it (the update and
        its merge)."""
        assert self.update is not None
        if v.name not in (self.name, self.merged, self.update.name):
            return None
        if self.in_every_lane(e):  # the value after `first` lanes, or after first + 1
            if self.op in _MINMAX:
                combine_declared(e, self.op, self.phi.type)
            after = self.running(e, e.lane0[self.name], e.vf)[1:] if v.name != self.name else \
                self.running(e, e.lane0[self.name], e.vf - 1)
            acc = after[e.vf - 1]
            for k in range(e.vf - 2, -1, -1):
                at = e.value("red.at", f"icmp eq i64 {first}, {k}")
                acc = e.value("red", f"select i1 {at}, {self.phi.type} {after[k]}, {self.phi.type} {acc}")
            return acc
        lt = e.value("before.first", f"icmp ult {e.vty('i64')} {lanes}, {fsplat}")
        upto = lt if v.name == self.name else e.value("upto.first", f"icmp ule {e.vty('i64')} {lanes}, {fsplat}")
        return self.combine(e, e.lane0[self.name], e.and_(self.mask, upto))


@dataclass
class Rotation(Recipe):
    """Header phis that carry each other around a cycle (`T = X; X = Y; Y = T` swaps X
    and Y every iteration): each back edge brings another of the cycle's phis, so the
    value at lane k is the phi k steps on along the cycle, as the vector iteration
    starts; the back edge carries the phi VF steps on."""

    cycle: tuple[str, ...] = ()  # this phi, then the one its back edge brings, and so on

    @classmethod
    def recognise(cls, e: Builder, phi: Ins, start: Val, nxt: Val) -> Recipe | None:
        """Its back edge's value is a header phi whose own back edge leads on, through
        header phis only, back to this one (no other recipe's phi among them)."""
        lp = e.lp
        nexts = {ph.name: ph.ops[ph.incoming.index(lp.latch)].name for ph in e.f.blocks[lp.header].phis}
        cycle = [phi.name or ""]
        at = nxt.name
        while at != phi.name:
            if at is None or at not in nexts or at in cycle or not isinstance(e.carried.get(at, cls(phi, start)), cls):
                return None  # (a phi of the same cycle was claimed just before)
            cycle.append(at)
            at = nexts[at]
        return cls(phi, start, tuple(cycle))

    def _ahead(self, e: Builder, k: int) -> str:
        """The value, as the vector iteration starts, of the phi k steps on."""
        return e.lane0[self.cycle[k % len(self.cycle)]]

    def header(self, e: Builder) -> None:
        t = self.phi.type
        out = "poison"
        for k in range(e.vf):
            out = e.value(f"{self.name}.v", f"insertelement {e.vty(t)} {out}, {t} {self._ahead(e, k)}, i64 {k}")
        e.wide[self.name] = out

    def latch(self, e: Builder) -> str:
        return self._ahead(e, e.vf)


@dataclass
class Recurrence(Recipe):
    """A first-order recurrence (LLVM's term): a header phi holding the value `nxt` had
    in the previous iteration (seed 000's liveout_a: `X` read after the loop). A vector
    phi of the previous iteration's `nxt` lanes, whose lane k is `nxt`'s lane k-1 (lane
    0: the previous vector's last lane)."""

    nxt: Val | None = None
    early: list[Ins] | None = None  # where the loop reads the phi: nxt's slice, widened before the body
    prev: str = field(default="")  # the vector phi (the previous iteration's lanes)

    @classmethod
    def recognise(cls, e: Builder, phi: Ins, start: Val, nxt: Val) -> Recipe | None:
        """Its back edge brings a value the body computes, and only code after the loop
        reads it (its lanes are known once the body is done), or the loop reads it too
        and the back edge's value can be computed first (early_slice)."""
        if nxt.name not in e.inloop or nxt.name == phi.name or e.is_header_phi(nxt.name):
            return None
        if not e.readers({phi.name}):
            return cls(phi, start, nxt)
        early = e.early_slice(nxt, phi.name or "")
        return None if early is None else cls(phi, start, nxt, early)

    def header_phi(self, e: Builder) -> None:
        """The previous iteration's lanes; before the loop, the start in the last."""
        t, vt = self.phi.type, e.vty(self.phi.type)
        s = ref(e.fresh(f"{self.name}.vec"))
        init = e.in_block(e.blocks["ph"], f"{self.name}.init", f"insertelement {vt} poison, {t} {self.start.text}, "
                                                                 f"i64 {e.vf - 1}")
        e.put(f"{s} = phi {vt} [ {init}, {ref(e.blocks['ph'])} ], [ {e.placeholder(self.name)}, {LATCH_END} ]")
        self.prev = s

    def header(self, e: Builder) -> None:
        """Its value at the first lane: the previous iteration's last."""
        e.lane0[self.name] = e.value(f"{self.name}.first", f"extractelement {e.vty(self.phi.type)} {self.prev}, "
                                                           f"i64 {e.vf - 1}")

    def body_start(self, e: Builder) -> None:
        """Read in the loop: its lanes first, from nxt's slice run for every lane."""
        if self.early is None:
            return
        e.speculating = True
        for i in self.early:
            if i.name not in e.wide and i.opcode != "getelementptr":
                e.widen(i)
        e.speculating = False
        self.splice(e)

    def body_end(self, e: Builder) -> None:
        if self.name not in e.wide:
            self.splice(e)

    def splice(self, e: Builder) -> None:
        """Its lanes: nxt's, each from the lane before."""
        assert self.nxt is not None
        e.wide[self.name] = e.spliced(self.phi.type, self.prev, e.vec(self.nxt), self.name)

    def latch(self, e: Builder) -> str:
        assert self.nxt is not None
        return e.vec(self.nxt)


def combine_declared(e: Builder, op: str, t: str) -> None:
    """The min/max intrinsic `op` on `t` declared in the module."""
    e.declare(f"llvm.{op}.{t}", f"declare {t} @llvm.{op}.{t}({t}, {t})")


def _one_update(phi: Ins, nxt: Val, users: list[Ins]) -> Ins | None:
    """The one combining operation among `phi`'s users, of two operands."""
    updates = [u for u in users if _reduction_op(u) is not None]
    if len(updates) != 1 or nxt.name is None:
        return None
    return updates[0] if len(_args(updates[0])) == 2 else None


def _args(u: Ins) -> list[Val]:
    """An operation's operands (a call's arguments, its callee left out)."""
    return u.ops[:-1] if u.opcode == "call" else u.ops


def _update(e: Builder, phi: Ins, nxt: Val, ops: tuple[str, ...]) -> Ins | None:
    """The back edge's value of `phi` where it is OP(phi, x), OP one of `ops`, x
    another value."""
    u = e.defs.get(nxt.name or "")
    if u is None or u.opcode not in ops or len(u.ops) != 2:
        return None
    return u if len([o for o in u.ops if o.name != phi.name]) == 1 else None


def _read_in_loop(e: Builder, phi: Ins, u: Ins) -> bool:
    """Whether the loop reads `phi` or its update `u` (other than to update it), and no
    header phi carries them on."""
    readers = [i for i in e.readers({phi.name, u.name}) if i is not u and i is not phi]
    return bool(readers) and not any(e.is_header_phi(i.name) for i in readers)


def _merges(e: Builder, u: Ins, nxt: Val, users: list[Ins]) -> bool:
    """Whether the reduction's phi is read by its update `u` alone (or the merge), and
    the back edge carries the update, or a phi or select over it."""
    merge = e.defs.get(nxt.name or "")
    if any(i.name not in {u.name, nxt.name} for i in users):
        return False
    return merge is not None and (merge is u or merge.opcode in ("phi", "select"))


def _running_value_unread(e: Builder, phi: Ins, u: Ins, nxt: Val) -> None:
    """A reduction's running value is read by nothing in the loop but its own chain;
    else (a prefix sum under an if, which no recipe takes) an EmitUnsupported."""
    chain = {phi.name, u.name, nxt.name}
    readers = [i for i in e.readers({u.name, nxt.name}) if i.name not in chain]
    if readers:
        raise EmitUnsupported(f"the loop reads the running value of {phi.shown.split(' = ')[0]} "
                              f"({readers[0].shown}): a prefix sum, which the emitter does not lower",
                              readers[0].line)


def _reduction_op(i: Ins) -> str | None:
    """The combining operation of a reduction's update (a binary operator, or a call to
    llvm.smax and friends)."""
    if i.opcode in _REDUCTION_OPS:
        return i.opcode
    callee = i.callee or ""
    base = callee.split(".")[1] if callee.startswith("llvm.") else ""
    return base if i.opcode == "call" and base in _MINMAX else None


# the recognisers, in the order they claim header phis (each takes the phis the rows
# before it left): inductions first, which `Lagging` reads; a scan before a reduction
# (whose recogniser refuses a running value the loop reads); phis carried around a
# cycle of header phis; a recurrence last
RECIPES: tuple[type[Recipe], ...] = (Induction, PointerInduction, Lagging, Scan, Reduction, Rotation, Recurrence)


def claim(e: Builder) -> dict[str, Recipe]:
    """Every header phi's recipe, in claim order (also set as `e.carried`)."""
    lp, f = e.lp, e.f
    left: list[tuple[Ins, Val, Val]] = []
    for ph in f.blocks[lp.header].phis:
        left.append((ph, ph.ops[ph.incoming.index(lp.preheader)], ph.ops[ph.incoming.index(lp.latch)]))
    claimed: dict[str, Recipe] = {}
    for kind in RECIPES:
        rest = []
        for ph, start, nxt in left:
            r = kind.recognise(e, ph, start, nxt)
            if r is None:
                rest.append((ph, start, nxt))
            else:
                claimed[r.name] = r
                e.carried[r.name] = r
        left = rest
    if left:
        ph = left[0][0]
        raise EmitUnsupported(f"the loop carries {ph.shown.split(' = ')[0]}, which is neither an induction "
                              "(a constant step), a reduction, a rotation of header phis nor a recurrence "
                              "that the emitter lowers", ph.line)
    return claimed
