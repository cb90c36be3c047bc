"""User-facing errors: bad input is reported as file:line:col: message, exit code 2."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

from verifier.ir.program import Loc
from verifier.limits import MAX_LL_BYTES


class UserError(Exception):
    """A mistake in what the user gave us (a model, a flag, a suite): exit code 2."""

    def __init__(self, message: str, loc: Loc | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.loc = loc

    def __str__(self) -> str:
        return f"{self.loc}: error: {self.message}" if self.loc else f"error: {self.message}"


def write_output(path: Path, text: str, flag: str) -> None:
    """Write a report or model the user asked for (`flag` names the option); a path
    that cannot be written is their mistake (exit 2), not the tool's."""
    try:
        path.write_text(text)
    except OSError as e:
        raise UserError(f"{flag} {path}: cannot write it ({e.strerror or e})") from None


def read_source(path: Path, limit: int | None = None, kind: str = "an LLVM module") -> str:
    """A user's file as text (UTF-8); unreadable or not UTF-8 is their mistake, with the
    line and column of the first byte that is not. A file or a pipe (`<(opt ...)`) is
    read, up to `limit` bytes (`kind` names what it is, for the message); a device
    (/dev/zero never ends) is refused."""
    limit = MAX_LL_BYTES if limit is None else limit
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise UserError(f"{path}: is a folder, not a file")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise UserError(f"{path}: not a file or a pipe (a device or a socket)")
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}") from None
    if len(data) > limit:
        raise UserError(f"{path}: larger than {limit >> 20} MiB, the most {kind} may be")
    try:
        # a byte order mark (some editors write one) is no part of the text
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        raise UserError(f"not UTF-8 text (byte 0x{data[e.start]:02x})", loc_at(str(path), data, e.start)) from None


def loc_at(file: str, text: str | bytes, offset: int) -> Loc:
    """The line and column of `offset` in `text` (characters, or bytes), from 1."""
    newline: Any = "\n" if isinstance(text, str) else b"\n"
    return Loc(file, text.count(newline, 0, offset) + 1, offset - text.rfind(newline, 0, offset))
