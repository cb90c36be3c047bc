"""User-facing errors: bad input is reported as file:line:col: message, exit code 2."""

from __future__ import annotations

from verifier.ir.program import Loc


class UserError(Exception):
    """A mistake in what the user gave us (a model, a flag, a suite): exit code 2."""

    def __init__(self, message: str, loc: Loc | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.loc = loc

    def __str__(self) -> str:
        return f"{self.loc}: error: {self.message}" if self.loc else f"error: {self.message}"
