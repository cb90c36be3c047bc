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
    sc = _Scan(text, escapes)
    depth = 0
    # only these characters matter: the scan jumps from one to the next
    marks = re.compile("[" + re.escape("\n" + comment + quotes + opens + closes) + "]")
    while (m := marks.search(text, sc.i)) is not None:
        sc.i = m.start()
        c = text[sc.i]
        if c == "\n":
            sc.line, sc.start = sc.line + 1, sc.i + 1
        elif c == comment:
            sc.comment()
        elif c in quotes:
            sc.quoted(c, triple)
        elif c in opens:
            depth += 1
            if depth > limit:
                return sc.line, sc.i - sc.start + 1
        elif c in closes:
            depth = max(0, depth - 1)
        sc.i += 1
    return None


class _Scan:
    """Where a scan of `text` is: offset `i` (of the mark it is at, then of the last
    character it skipped), its line, and the offset where that line starts."""

    def __init__(self, text: str, escapes: bool) -> None:
        self.text, self.escapes = text, escapes
        self.line, self.start, self.i = 1, 0, 0

    def comment(self) -> None:
        """To the end of the line (its newline is the next mark)."""
        end = self.text.find("\n", self.i)
        self.i = (len(self.text) if end < 0 else end) - 1

    def quoted(self, c: str, triple: bool) -> None:
        """A string that starts at quote `c` (three of them, where `triple`: one that
        may span lines)."""
        if triple and self.text.startswith(c * 3, self.i):
            self.triple_string(c)
        else:
            self.string(c)

    def triple_string(self, c: str) -> None:
        """A string in three quotes `c`, which may span lines."""
        text = self.text
        end = text.find(c * 3, self.i + 3)
        end = len(text) if end < 0 else end + 2
        if "\n" in text[self.i:end]:
            self.line += text.count("\n", self.i, end)
            self.start = text.rfind("\n", 0, end) + 1
        self.i = end

    def string(self, c: str) -> None:
        """A string in quotes `c` on one line (a backslash escapes in double quotes
        where `escapes`); an unterminated one ends before the newline."""
        text, j = self.text, self.i + 1
        while j < len(text) and text[j] not in (c, "\n"):
            j += 2 if self.escapes and c == '"' and text[j] == "\\" else 1
        self.i = j if j < len(text) and text[j] == c else j - 1
