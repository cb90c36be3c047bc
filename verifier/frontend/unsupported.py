"""The `.ll` front end's one way of saying "outside the subset": the verdict is
`unknown`, naming the construct and where it is (issue 6, item 1)."""

from __future__ import annotations

from verifier.ir.program import Loc


class LLUnsupported(Exception):
    """A construct outside the subset: the verdict is unknown, naming it."""

    def __init__(self, what: str, loc: Loc | None = None) -> None:
        super().__init__(f"{loc}: unsupported: {what}" if loc else f"unsupported: {what}")
        self.what, self.loc = what, loc


class NestedLoops(LLUnsupported):
    """A function whose loops nest, to a caller that takes one loop (a driver checks
    it one outer iteration at a time: frontend/read.LoopNest): unsupported, named."""
