"""Names as the user's input spells them: the LLVM front end renames values LLVM
prints as `%4` or `%wide.load` to identifiers of ours (`v4`, `wide.load`); reports
show LLVM's again, derived names included (`v0.bytes` -> `%0.bytes`,
`v9.lane2` -> `%9.lane2`)."""

from __future__ import annotations

import re
from typing import Any

_TOKEN = re.compile(r"(?<![\w.%@])[A-Za-z_][\w$]*(?:\.[\w$]+)*")


def rename_text(text: str, display: dict[str, str]) -> str:
    """Every identifier of ours that names an input value (or begins with one, up to a
    dot) written as the input does. Plain words are left alone: only names with a digit
    or a dot are renamed, so English around them never is."""
    if not display:
        return text

    def one(m: re.Match[str]) -> str:
        tok = m.group(0)
        parts = tok.split(".")
        for k in range(len(parts), 0, -1):
            head = ".".join(parts[:k])
            if head in display and (any(c.isdigit() for c in head) or "." in head):
                return display[head] + tok[len(head):]
        return tok

    return _TOKEN.sub(one, text)


def rename_json(obj: Any, display: dict[str, str]) -> Any:
    """rename_text over every string and key of a JSON value."""
    if not display:
        return obj
    if isinstance(obj, str):
        return rename_text(obj, display)
    if isinstance(obj, list):
        return [rename_json(x, display) for x in obj]
    if isinstance(obj, dict):
        return {rename_text(k, display) if isinstance(k, str) else k: rename_json(v, display) for k, v in obj.items()}
    return obj
