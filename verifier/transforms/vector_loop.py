"""The frame both vectorized forms share (seed 000, "General vs. Simple"): a vector
loop in front of the original loop, which stays as the scalar loop.

    preheader -> vec.header (phis: the inductions, and the carried values the form keeps)
    vec.header: all VF lanes pass every countable exit and no induction overflows?
        yes -> vector code (the form's)      no -> scalar.entry -> the original header,
                                                  resumed with the vector phis' values
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Self

from verifier.analysis.exits import LoopExits
from verifier.ir.program import Block, Branch, Jump, Operand, Phi, Program, Ref
from verifier.ir.types import IntType
from verifier.transforms.lanes import LaneBuilder, Unsupported
from verifier.transforms.latch_bound import LatchBound


class Form(StrEnum):
    """The two vectorized forms: predicated lanes to the end ("general"), or plain
    vector code until a lane exits and a scalar epilogue from there ("simple")."""

    GENERAL = "general"
    SIMPLE = "simple"


class ReductionOrder(StrEnum):
    """How a form vectorizes a reduction: ordered, lane j+1 from what lane j passes to
    the back edge (the scalar loop's own order: right for every operation, floating
    point included); in-loop, each lane from the operation's identity and the lanes
    combined pairwise into the vector phi (LLVM's in-loop reduction: a reassociation,
    equal for the integer operations once nsw/nuw are dropped, not for floating point)."""

    ORDERED = "ordered"
    IN_LOOP = "in-loop"


def form_label(form: str, order: ReductionOrder) -> str:
    """How a verdict names the form it checked (in-loop reductions said, ordered the default)."""
    return form if order is ReductionOrder.ORDERED else f"{form}, in-loop reductions"


@dataclass
class VectorForm:
    """A generated vectorized form: the program and where its loops are, which the
    bounded check (unroll bounds) and the inductive one (the state mapping) read."""
    program: Program
    vf: int
    vector_header: str
    scalar_header: str
    preheader: str  # the block the vector header is entered from
    scalar_entry: str  # the block the scalar loop is entered from
    vphis: dict[str, str]  # vector header phi -> the scalar header phi it carries
    # vector header phi -> d: at every vector iteration's start it holds the scalar
    # phi's value + d (opt's `%index` from 0 for a source induction from 3: d = -3)
    offsets: dict[str, int] = field(default_factory=dict)
    # a remainder loop (LLVM's): the scalar loop is entered only after a vector iteration
    # ran all VF lanes (its middle block) or instead of the vector loop, never to redo a
    # vector iteration's lanes; its header phis stand for the source's (`sphis`, by
    # name: opt keeps them) and nothing vouches that it is the source's code
    remainder: bool = False
    sphis: dict[str, str] = field(default_factory=dict)  # scalar header phi -> the source's
    # the vector loop enters the remainder with a vector iteration's lanes still to run
    # (the simple form's anyof): the step cuts the remainder after VF iterations, not at
    # its entry, and compares them with the source's VF
    redo: bool = False
    # the bound the vector loop counts to, proved and used by the steps (transforms/latch_bound.py)
    bound: LatchBound | None = None
    # where the ways out of the vector loop differ (seed 000's simple listing: its anyof
    # leaves before a vector iteration's lanes, its latch after them): each edge out ->
    # whether it leaves before them; the step cuts the remainder after VF iterations on
    # the first kind of way, at its entry on the second (`redo` is then true)
    ways: dict[tuple[str, str], bool] = field(default_factory=dict)
    # vector header phis that stand for no source phi (seed 000's liveout_y listing
    # carries `Y` for its live-out): a step starts them free and compares them nowhere
    free: tuple[str, ...] = ()

    def unroll(self, max_trip: int) -> dict[str, int]:
        """Header visits that cover every run of the loop of at most max_trip
        iterations: each vector iteration completes VF of them, the scalar loop
        finishes the rest (a wrong bound shows as unknown, never as a proof)."""
        return {self.vector_header: max_trip // self.vf + 2, self.scalar_header: max_trip + 1}

    def step_unroll(self) -> dict[str, int]:
        """Header visits of one induction step (transforms/step.py): the vector header
        twice (entry and the cut), the scalar loop's VF+2 times (VF iterations, the
        cut, one spare), a remainder loop's twice (it is cut where it is entered)."""
        return {self.vector_header: 2, self.scalar_header: 2 if self.remainder and not self.redo else self.vf + 2}

    @classmethod
    def of(cls, vl: VectorLoop, p: Program, vf: int, scalar_header: str) -> Self:
        """The form a generator built around vector loop `vl`."""
        return cls(p, vf, vl.header.name, scalar_header, vl.preheader, vl.scalar.name,
                   {ph.dest: name for name, ph in vl.vphis.items()})


@dataclass
class VectorLoop:
    header: Block  # vec.header: the vector phis and the precondition
    start: Block  # entered when every lane runs: the form's vector code goes here
    scalar: Block  # scalar.entry: jumps to the original header
    vphis: dict[str, Phi]  # scalar header phi -> its vector-loop phi
    preheader: str


def build_vector_loop(b: LaneBuilder, le: LoopExits, carried: list[Phi]) -> VectorLoop:
    """Insert the vector header, its precondition and the scalar loop's entry into b's
    program; `carried` are the non-induction header phis the vector loop carries too."""
    p, lp = b.p, le.loop
    head = p.blocks[lp.header]
    outside = {blk for ph in head.phis for blk, _ in ph.incoming if blk not in lp.blocks}
    if len(outside) != 1:
        raise Unsupported("the loop is entered from more than one block")
    pre = outside.pop()
    vh = insert_before(p, b.fresh("vec.header"), lp.header)
    start = insert_before(p, b.fresh("vec.check"), lp.header)
    scalar = insert_before(p, b.fresh("scalar.entry"), lp.header)
    scalar.term = Jump(lp.header)
    vphis: dict[str, Phi] = {}
    for ph in head.phis:
        if ph.dest not in le.inductions and ph not in carried:
            continue
        ty = b.types[ph.dest]
        assert isinstance(ty, IntType)
        vname = b.fresh(f"{ph.dest}.vec")
        init = next(op for blk_name, op in ph.incoming if blk_name == pre)
        vphis[ph.dest] = Phi(b.ids.uid(), vname, ty, [(pre, init)])
        vh.phis.append(vphis[ph.dest])
        b.types[vname] = ty
    b.iv_base = {name: Ref(vphis[name].dest) for name in le.inductions}

    ok = b.precondition(vh, all_lanes=True)
    vh.term = Branch(ok, start.name, scalar.name, b.ids.uid())

    pb = p.blocks[pre]
    if isinstance(pb.term, Jump):
        pb.term = Jump(vh.name)
    elif isinstance(pb.term, Branch):
        t = pb.term
        pb.term = Branch(t.cond, vh.name if t.then == lp.header else t.then,
                         vh.name if t.other == lp.header else t.other, t.uid, t.loc)
    for ph in head.phis:
        if ph.dest not in vphis:
            raise Unsupported(f"the scalar loop needs {ph.dest!r} where the vector loop stops, "
                              "which the vector loop does not carry")
        ph.incoming = [(scalar.name, Ref(vphis[ph.dest].dest)) if blk_name == pre else (blk_name, op)
                       for blk_name, op in ph.incoming]
    return VectorLoop(vh, start, scalar, vphis, pre)


def close_vector_loop(vl: VectorLoop, b: LaneBuilder, le: LoopExits, latch: Block,
                      last: dict[str, Operand]) -> None:
    """The back edge from `latch`: each vector phi takes the last lane's value of what
    its scalar phi receives from the loop (`last` maps scalar names to that lane's values)."""
    head = b.p.blocks[le.loop.header]
    for ph in head.phis:
        if ph.dest not in vl.vphis:
            continue
        op = latch_value(ph, le)
        val = last.get(op.name, op) if isinstance(op, Ref) else op
        vl.vphis[ph.dest].incoming.append((latch.name, val))
    latch.term = Jump(vl.header.name)


def latch_value(ph: Phi, le: LoopExits) -> Operand:
    """What header phi `ph` receives from inside the loop."""
    inside = {op for blk_name, op in ph.incoming if blk_name in le.loop.blocks}
    if len(inside) != 1:
        raise Unsupported(f"{ph.dest!r} takes different values on different back edges")
    return inside.pop()


def insert_before(p: Program, name: str, before: str) -> Block:
    blk = Block(name)
    items = list(p.blocks.items())
    at = next(k for k, (n, _) in enumerate(items) if n == before)
    items.insert(at, (name, blk))
    p.blocks = dict(items)
    return blk
