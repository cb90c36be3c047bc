"""Where brackets first nest too deeply in a text, before a reader that recurses once
per level sees it (TOML's in Python: a RecursionError; LLVM's in C++: a stack
overflow that ends the process)."""

from __future__ import annotations

import re


def too_deep(text: str, limit: int, opens: str, closes: str, comment: str, quotes: str,
             escapes: bool = False, triple: bool = False) -> tuple[int, int] | None:
    """(line, column) of the first bracket of `opens` nested past `limit`, skipping
    comments (from `comment` to the line's end) and strings (between one of `quotes`
    on one line; `escapes`: a backslash escapes the next character in a double-quoted
    one; `triple`: three quotes open a string that may span lines); None if none."""
    depth, line, start, i = 0, 1, 0, 0  # start: the offset where the current line starts
    # only these characters matter: the scan jumps from one to the next
    marks = re.compile("[" + re.escape("\n" + comment + quotes + opens + closes) + "]")
    while True:
        m = marks.search(text, i)
        if m is None:
            return None
        i = m.start()
        c = text[i]
        if c == "\n":
            line, start = line + 1, i + 1
        elif c == comment:
            end = text.find("\n", i)
            i = (len(text) if end < 0 else end) - 1
        elif triple and c in quotes and text.startswith(c * 3, i):
            end = text.find(c * 3, i + 3)
            end = len(text) if end < 0 else end + 2
            if "\n" in text[i:end]:
                line += text.count("\n", i, end)
                start = text.rfind("\n", 0, end) + 1
            i = end
        elif c in quotes:
            j = i + 1
            while j < len(text) and text[j] not in (c, "\n"):
                j += 2 if escapes and c == '"' and text[j] == "\\" else 1
            i = j if j < len(text) and text[j] == c else j - 1
        elif c in opens:
            depth += 1
            if depth > limit:
                return line, i - start + 1
        elif c in closes:
            depth = max(0, depth - 1)
        i += 1
