"""The `.ll` front end's one way of saying "outside the subset": the verdict is
`unknown`, naming the construct and where it is (issue 6, item 1)."""

from __future__ import annotations

from verifier.ir.program import Loc, Program


class LLUnsupported(Exception):
    """A construct outside the subset: the verdict is unknown, naming it."""

    def __init__(self, what: str, loc: Loc | None = None) -> None:
        super().__init__(f"{loc}: unsupported: {what}" if loc else f"unsupported: {what}")
        self.what, self.loc = what, loc


class NestedLoops(LLUnsupported):
    """A function whose loops nest: `programs` holds it as read (a pair's source and
    target; None for a side without a nest or not read), for a caller that checks
    one outer iteration at a time (checks/dispatch.answer_each_vscale); to any other
    it is an unsupported construct, named."""

    def __init__(self, what: str, loc: Loc | None, programs: tuple[Program | None, Program | None]) -> None:
        super().__init__(what, loc)
        self.programs = programs
