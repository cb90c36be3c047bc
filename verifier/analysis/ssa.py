"""Where a value reaches a block: the SSA construction of Braun et al. ("Simple and
Efficient Construction of Static Single Assignment Form"), over block names only, so
that each IR (the project's programs, the emitter's LLVM text) places its loop-closing
and merging phis by the one algorithm and only makes the phis itself.

A block reads the value its definition gives there (`defined`), else its one
predecessor's, else a phi over what each predecessor reads (`joins` says where a phi
goes even with one predecessor: an LCSSA phi on an edge out of a loop). The phi is
recorded before its operands are read, so a cycle of blocks reads the phi, not
itself; a block that no definition reaches reads `unreached`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Generic, TypeVar

V = TypeVar("V")


class SsaReader(ABC, Generic[V]):
    """The value at the end of each block, phis made on demand (memoised per block)."""

    def __init__(self, preds: Mapping[str, Sequence[str]], unreached: V | None = None) -> None:
        self.preds = preds
        self.defs: dict[str, V] = {}  # block -> the value there (preset: a definition)
        self.unreached = unreached  # the value where no definition reaches (None: none may)

    def defined(self, block: str) -> V | None:
        """The value a definition gives at `block`, None where it reads its predecessors'."""
        return None

    def joins(self, block: str) -> bool:
        """Whether `block` reads the value through a phi of its own."""
        return len(self.preds[block]) != 1

    @abstractmethod
    def new_phi(self, block: str) -> V:
        """A new phi at the start of `block`, its operands filled in later by `fill`."""

    @abstractmethod
    def fill(self, block: str, phi: V, incoming: list[tuple[str, V]]) -> None:
        """Phi `phi` of `block` takes, from each predecessor, what that predecessor reads."""

    def __call__(self, block: str) -> V:
        if block in self.defs:
            return self.defs[block]
        d = self.defined(block)
        if d is not None:
            self.defs[block] = d
            return d
        ps = self.preds[block]
        if not ps:
            if self.unreached is None:
                raise AssertionError(f"the value is read in {block}, which no definition reaches")
            return self.unreached
        if not self.joins(block):
            self.defs[block] = self(ps[0])
            return self.defs[block]
        phi = self.new_phi(block)
        self.defs[block] = phi
        self.fill(block, phi, [(q, self(q)) for q in ps])
        return phi
