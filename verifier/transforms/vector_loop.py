"""The two vectorized forms (seed 000, "General vs. Simple"), how a form vectorizes a
reduction, and `VectorForm`: where a vectorized function's vector and scalar loops
are, which transforms/recognize.py finds in a target and the steps and the unrolling
of the checks read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from verifier.ir.program import Program
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
    """A vectorized form: the program and where its loops are, which the bounded check
    (unroll bounds) and the inductive one (the state mapping) read."""
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
