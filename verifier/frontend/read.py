"""What the front end read, as values: the shapes a driver (verifier/driver.py) fans
out over. A read that succeeds returns one of these; only a construct outside the
subset (LLUnsupported) or a user's mistake (UserError) is raised.

- `Programs`: a function (or model) read as it is, with the target beside it for a pair;
- `LoopNest`: a function whose loops nest, read whole, for a driver that checks one
  outer iteration at a time (its own programs hold the nest, so no loop is picked);
- `Scalable`: a function with scalable vectors, not read: a driver reads it again at
  each vscale of `vscales.checked` (frontend/llvm/scalable.py), or to a caller that
  takes one program is the construct it does not read (ScalableVectors)."""

from __future__ import annotations

from dataclasses import dataclass

from verifier.frontend.unsupported import LLUnsupported, NestedLoops
from verifier.ir.program import Loc, Program


@dataclass(frozen=True)
class VscaleRange:
    """The vscales a function may run with that are checked, and whether it allows
    others (larger than scalable.MAX_VSCALE, or any value where it declares no range: a proof
    then holds only under Assumption.VSCALE_AT_MOST_16, which module.py asks for)."""

    checked: tuple[int, ...]
    declared: str  # as the function says it: "vscale_range(1,16)" or "no vscale_range"
    beyond: bool


class ScalableVectors(LLUnsupported):
    """The function uses scalable vectors and no vscale was chosen, to a caller that
    takes one program (a driver reads it again at each of `vscales.checked`:
    frontend/read.Scalable, LLOptions.vscale): an unsupported construct, named."""

    def __init__(self, vscales: VscaleRange, loc: Loc | None = None) -> None:
        super().__init__("scalable vectors (<vscale x N x T>): this command reads fixed-width vectors only; "
                         "`verifier check`, `equiv` and proof suites read them at every vscale of the function's "
                         f"{vscales.declared}", loc)
        self.vscales = vscales


@dataclass(frozen=True)
class Programs:
    """A function read as it is (a source, and for a pair its target)."""

    source: Program
    target: Program | None = None

    @property
    def pair(self) -> tuple[Program, Program | None]:
        return self.source, self.target


@dataclass(frozen=True)
class LoopNest:
    """A function whose loops nest (`what`: the nest as the loop finder saw it, at
    `loc`), read whole: a pair's source and target, each as read."""

    what: str
    loc: Loc | None
    source: Program
    target: Program | None = None

    @property
    def pair(self) -> tuple[Program, Program | None]:
        return self.source, self.target


@dataclass(frozen=True)
class Scalable:
    """A function with scalable vectors, to be read at each vscale it may run with."""

    vscales: VscaleRange
    loc: Loc | None
    # a pair whose target declares other vscales than its source: the target's (the
    # pair is read at the source's; a counterexample outside the target's names it)
    target_vscales: VscaleRange | None = None


Read = Programs | LoopNest | Scalable


def programs_of(read: Read) -> tuple[Program, Program | None]:
    """The programs a read gave, for a caller that takes a function as one program
    (a nest whole); a scalable function, which has none until a vscale is chosen, is
    the construct such a caller does not read (LLUnsupported, naming its vscales)."""
    if isinstance(read, Scalable):
        raise ScalableVectors(read.vscales, read.loc)
    return read.pair


def single(read: Read) -> Program:
    """The one program of a read, for a caller that takes one loop: a nest or a
    scalable function is unsupported there, named (NestedLoops, ScalableVectors)."""
    if isinstance(read, LoopNest):
        raise NestedLoops(read.what, read.loc)
    if isinstance(read, Scalable):
        raise ScalableVectors(read.vscales, read.loc)
    return read.source


__all__ = ["LLUnsupported", "LoopNest", "Programs", "Read", "Scalable", "ScalableVectors", "VscaleRange",
           "programs_of", "single"]
