"""Reductions in the vectorized forms: which header phis are reductions, and the
in-loop (reassociated) way of vectorizing them.

A reduction is a header phi `s` that the loop reads only to combine it with one
operation (`s + x`, `s | x`, `smax(s, x)`, `fadd(s, x)`, ...), possibly under
conditional code (`if (c) s = s + x`: a phi or select whose arms are both the
reduction's), and whose back-edge value is the combined one. Its `chain` is every
loop value that is `s` combined with some of the iteration's operands.

Two orders (`ReductionOrder`):

- ordered: lane j+1 starts from what lane j passes to the back edge
  (transforms/if_convert.py). The scalar loop's own order of operations: correct
  for every operation, floating point included.
- in-loop: every lane starts from the operation's identity, the lanes' partial
  values are combined pairwise (a tree, as a vector reduction combines its lanes)
  and the result is combined with the vector phi: at the back edge
  `s' = s (+) ((u1 (+) u2) (+) (u3 (+) u4))` (LLVM's in-loop reduction), at an exit
  taken in lane j the same over u1 .. u(j-1) and lane j's own value. That is a
  reassociation: equal for the integer operations, which are associative and
  commutative once the combining operations drop nsw/nuw (a partial sum may wrap
  where the ordered one does not, which is poison with the flags); for floating
  point it changes rounding, which the refinement check refutes with a
  counterexample (LangRef's `reassoc` would allow it; the model has no such flag).
The vector phi keeps the whole value at each vector iteration's start, as the
scalar phi does, so the forms' induction over vector iterations is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from verifier.analysis.exits import LoopExits
from verifier.ir.program import Block, Const, Instr, Operand, Phi, Program, Ref
from verifier.ir.types import IntType
from verifier.transforms.lanes import LaneBuilder, Unsupported
from verifier.transforms.vector_loop import ReductionOrder, form_label

__all__ = ["ReductionOrder", "form_label"]  # (where the model generators' users find them)


class ReductionKind(Enum):
    """The combining operation, by its opcode."""

    ADD = "add"
    MUL = "mul"
    AND = "and"
    OR = "or"
    XOR = "xor"
    SMIN = "smin"
    SMAX = "smax"
    UMIN = "umin"
    UMAX = "umax"
    FADD = "fadd"
    FMUL = "fmul"

    @property
    def floating(self) -> bool:
        return self in (ReductionKind.FADD, ReductionKind.FMUL)

    def identity(self, ty: IntType) -> int:
        """x (+) identity == x for every x (a float by its bits: -0.0 for fadd, so
        that +0.0 stays +0.0; 1.0 for fmul)."""
        w = ty.bits
        ones = (1 << w) - 1
        if self.floating:
            if w not in _FLOAT_ONE:
                raise Unsupported(f"a floating-point reduction on {w}-bit values")
            return (1 << (w - 1)) if self is ReductionKind.FADD else _FLOAT_ONE[w]
        return {ReductionKind.ADD: 0, ReductionKind.OR: 0, ReductionKind.XOR: 0, ReductionKind.UMAX: 0,
                ReductionKind.MUL: 1, ReductionKind.AND: ones, ReductionKind.UMIN: ones,
                ReductionKind.SMAX: 1 << (w - 1), ReductionKind.SMIN: (1 << (w - 1)) - 1}[self]


_FLOAT_ONE = {16: 0x3C00, 32: 0x3F800000, 64: 0x3FF0000000000000}
_KINDS = {k.value: k for k in ReductionKind}


@dataclass(frozen=True)
class Reduction:
    phi: str
    kind: ReductionKind
    type: IntType
    update: str  # what the phi receives from the back edge
    chain: frozenset[str]  # the loop values that are the phi combined with this iteration's operands


def find_reduction(prog: Program, le: LoopExits, ph: Phi, update: Operand) -> Reduction:
    """Header phi `ph` as a reduction whose back-edge value is `update`, or
    Unsupported saying which use makes it something else."""
    lp = le.loop
    if not isinstance(ph.type, IntType):
        raise Unsupported(f"{ph.dest!r} is carried as a vector: not a reduction")
    instrs = [i for n in lp.body_order for i in prog.blocks[n].instrs]
    phis = [p for n in lp.body_order if n != lp.header for p in prog.blocks[n].phis]
    chain = {ph.dest}
    kind: ReductionKind | None = None
    changed = True
    while changed:
        changed = False
        for i in instrs:
            if i.dest is None or i.dest in chain or not any(isinstance(a, Ref) and a.name in chain for a in i.args):
                continue
            kind = _member(ph.dest, i, chain, kind)
            chain.add(i.dest)
            changed = True
        for p in phis:
            ops = [op for _, op in p.incoming]
            if p.dest not in chain and any(isinstance(op, Ref) and op.name in chain for op in ops):
                if not all(isinstance(op, Ref) and op.name in chain for op in ops):
                    raise Unsupported(f"{ph.dest!r} is merged with another value at {p.dest!r}: not a reduction")
                chain.add(p.dest)
                changed = True
    for n in lp.body_order:
        t = prog.blocks[n].term
        cond = getattr(t, "cond", None)
        if isinstance(cond, Ref) and cond.name in chain:
            raise Unsupported(f"the loop branches on {cond.name!r}, a partial value of {ph.dest!r}: "
                              "the in-loop form has no lane's whole value there")
    if not isinstance(update, Ref) or update.name not in chain or kind is None:
        raise Unsupported(f"{ph.dest!r} does not receive a combination of itself from the back edge: "
                          "not a reduction")
    return Reduction(ph.dest, kind, ph.type, update.name, frozenset(chain))


def _member(phi: str, i: Instr, chain: set[str], kind: ReductionKind | None) -> ReductionKind:
    """The kind `i` combines with, where it is a step of phi's reduction."""
    inside = [k for k, a in enumerate(i.args) if isinstance(a, Ref) and a.name in chain]
    if i.op == "select" and inside == [1, 2] and kind is not None:
        return kind
    here = _KINDS.get(i.op)
    if here is None or len(inside) != 1 or len(i.args) != 2 or i.attrs.masked:
        what = f"`{i.op}`" + (" (a condition)" if i.op == "select" and 0 in inside else "")
        raise Unsupported(f"{phi!r} is read by {what} at {i.dest!r}: the in-loop form takes a reduction "
                          "read only by its combining operation")
    if kind is not None and here is not kind:
        raise Unsupported(f"{phi!r} is combined by both {kind.value} and {here.value}: not one reduction")
    return here


def combine(b: LaneBuilder, blk: Block, red: Reduction, x: Operand, y: Operand) -> Operand:
    """x (+) y, without wrap flags (a reassociated sum may wrap where the ordered one
    does not) and without fast-math flags."""
    return b.emit(blk, red.kind.value, [x, y], red.type, f"{red.phi}.red", flags=())


def identity(red: Reduction) -> Const:
    return Const(red.kind.identity(red.type), red.type)


class InLoop:
    """The in-loop reductions of one form: each lane starts from the identity, and
    `whole` is the value the scalar loop would have at lane j."""

    def __init__(self, reds: dict[str, Reduction], vphi: dict[str, Operand]) -> None:
        self.reds, self.vphi = reds, vphi
        self.of = {n: r for r in reds.values() for n in r.chain}

    def whole(self, b: LaneBuilder, blk: Block, lane_value: Callable[[int, Operand], Operand], j: int,
              name: str) -> Operand:
        """`name` (a chain value) as the scalar loop computes it in lane j (0-based):
        the vector phi, then each earlier lane's back-edge value, then lane j's own."""
        red = self.of[name]
        # a lane that starts from the identity and has not combined yet adds nothing
        parts = [x for x in [lane_value(k, Ref(red.update)) for k in range(j)] + [lane_value(j, Ref(name))]
                 if x != identity(red)]
        while len(parts) > 1:  # pairwise, as a vector reduction's tree combines its lanes
            parts = [combine(b, blk, red, parts[k], parts[k + 1]) if k + 1 < len(parts) else parts[k]
                     for k in range(0, len(parts), 2)]
        return combine(b, blk, red, self.vphi[red.phi], parts[0]) if parts else self.vphi[red.phi]


def reductions(prog: Program, le: LoopExits, carried: list[Phi],
               latch_values: dict[str, Operand]) -> dict[str, Reduction]:
    """Every carried phi as a reduction (Unsupported where one is not)."""
    return {ph.dest: find_reduction(prog, le, ph, latch_values[ph.dest]) for ph in carried}
