"""Names as the user's input spells them: the LLVM front end renames values LLVM
prints as `%4` or `%wide.load` to identifiers of ours (`v4`, `wide.load`); reports
show LLVM's again, derived names included (`v0.bytes` -> `%0.bytes`,
`v9.lane2` -> `%9.lane2`)."""

from __future__ import annotations

import re
from typing import Any

_TOKEN = re.compile(r"(?<![\w.%@])[A-Za-z_][\w$]*(?:\.[\w$]+)*")
_LANES = re.compile(r"<(?:vscale x )?\d+ $|<vscale $")


def rename_text(text: str, display: dict[str, str]) -> str:
    """Every identifier of ours that names an input value (or begins with one, up to a
    dot) written as the input does. In prose, plain words are left alone: only names
    with a digit or a dot are renamed, so English around them never is; inside
    backquotes (an instruction as the IR prints it) every name is."""
    if not display:
        return text

    def renamer(code: bool) -> Any:
        def one(m: re.Match[str]) -> str:
            tok = m.group(0)
            if tok == "x" and _LANES.search(m.string, 0, m.start()):
                return tok  # the `x` of a vector type, `<4 x i32>`, not a value named x
            parts = tok.split(".")
            for k in range(len(parts), 0, -1):
                head = ".".join(parts[:k])
                called = m.string[m.end():m.end() + 1] == "(" and k == len(parts)  # an operation: select(...)
                if head in display and ((code and not called) or any(c.isdigit() for c in head) or "." in head):
                    return display[head] + tok[len(head):]
            return tok
        return one

    pieces = text.split("`")
    return "`".join(_TOKEN.sub(renamer(k % 2 == 1 and k < len(pieces) - 1), p) for k, p in enumerate(pieces))


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
