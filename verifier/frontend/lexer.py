"""Tokens of the .loop language, with line and column for every token."""

from __future__ import annotations

import re
from dataclasses import dataclass

from verifier.errors import UserError
from verifier.ir.opcodes import infix_suffixes
from verifier.ir.program import Loc
from verifier.limits import MAX_NUMBER_DIGITS


@dataclass(frozen=True)
class Token:
    kind: str  # "int", "name", "op", "str" (a quoted text, without its quotes), "eof"
    text: str
    loc: Loc


# Operators that may carry an attached suffix of words: `+nsw`, `/u.exact`, `<u`,
# `==samesign`, `|disjoint` (the words each base symbol takes come from the opcode table)
SUFFIXES = infix_suffixes()
FLAG_WORDS = frozenset().union(*SUFFIXES.values()) - {"s", "u"}  # a misplaced one is an error

OPERATORS = sorted(
    ["..", "->", "==", "!=", "<=", ">=", "<<", ">>", "&&", "||", "+", "-", "*", "/", "%", "<", ">",
     "=", "!", "~", "&", "|", "^", "(", ")", "{", "}", "[", "]", ",", ":", ";"],
    key=len, reverse=True,
)

_OPERATOR = re.compile("|".join(map(re.escape, OPERATORS)))  # the longest first, as OPERATORS is sorted
_SPACE = re.compile(r"(?:[ \t\r\n]+|//[^\n]*|/\*.*?\*/)+", re.S)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*")  # dotted: SSA names of the block form
_STR = re.compile(r'"([^"\n]*)"')
_INT = re.compile(r"0x[0-9a-fA-F]+|[0-9]+")
_SUFFIX = re.compile(r"[a-z][a-z.]*")


def tokenize(text: str, file: str) -> list[Token]:
    """The tokens of a model's text: names, integers, quoted texts, operators (with
    their suffixes: `<=u`, `+nsw`), and `eof`; a clear error at the first bad one."""
    lx = _Lexer(text, file)
    while lx.pos < len(text):
        if lx.space():
            continue
        if text.startswith("/*", lx.pos):
            raise UserError("unterminated comment", lx.loc())
        lx.token()
    lx.toks.append(Token("eof", "", lx.loc()))
    return lx.toks


class _Lexer:
    """Where the scan of a model's text is (offset, line, the line's start) and the
    tokens so far."""

    def __init__(self, text: str, file: str) -> None:
        self.text, self.file = text, file
        self.toks: list[Token] = []
        self.pos, self.line, self.line_start = 0, 1, 0

    def loc(self) -> Loc:
        return Loc(self.file, self.line, self.pos - self.line_start + 1)

    def space(self) -> bool:
        """Skip white space and comments, counting lines; False where there are none."""
        m = _SPACE.match(self.text, self.pos)
        if not m:
            return False
        chunk = m.group(0)
        if "\n" in chunk:
            self.line += chunk.count("\n")
            self.line_start = self.pos + chunk.rfind("\n") + 1
        self.pos = m.end()
        return True

    def token(self) -> None:
        """The token at `pos`: a quoted text, a number, a name or an operator."""
        text, pos, loc = self.text, self.pos, self.loc()
        m = _STR.match(text, pos)
        if m:
            return self.add("str", m.group(1), loc, m.end())
        if text[pos] == '"':
            raise UserError("unterminated text: a closing '\"' on the same line", loc)
        m = _INT.match(text, pos)
        if m:
            return self.number(m.group(0), loc, m.end())
        m = _NAME.match(text, pos)
        if m:
            return self.add("name", m.group(0), loc, m.end())
        m = _OPERATOR.match(text, pos)
        if m is None:
            raise UserError(f"unexpected character {text[pos]!r}", loc)
        return self.operator(m.group(0), loc, m.end())

    def add(self, kind: str, word: str, loc: Loc, end: int) -> None:
        self.toks.append(Token(kind, word, loc))
        self.pos = end

    def number(self, digits: str, loc: Loc, end: int) -> None:
        text = self.text
        if end - self.pos > MAX_NUMBER_DIGITS:
            raise UserError(f"number too long (more than {MAX_NUMBER_DIGITS} digits)", loc)
        if end < len(text) and (text[end].isalpha() or text[end] == "_"):
            raise UserError(f"malformed number {text[self.pos:end + 1]!r}", loc)
        self.add("int", digits, loc, end)

    def operator(self, op: str, loc: Loc, end: int) -> None:
        """An operator, with the suffix it may take (`<=u`, `+nsw.nuw`); a flag it does
        not take is an error."""
        text = self.text
        sm = _SUFFIX.match(text, end)
        if op in SUFFIXES and sm and set(sm.group(0).split(".")) <= SUFFIXES[op]:
            after = sm.end()
            if after >= len(text) or not (text[after].isalnum() or text[after] == "_"):
                return self.add("op", op + sm.group(0), loc, after)
        if sm and sm.group(0).split(".")[0] in FLAG_WORDS:
            raise UserError(f"flag {sm.group(0)!r} does not apply to {op!r}", loc)
        self.add("op", op, loc, end)


def base_operator(text: str) -> str:
    """An operator token without its suffix: `<=u` -> `<=`, `+nsw` -> `+`."""
    return next((op for op in OPERATORS if text.startswith(op)), text)


def operator_parts(text: str) -> tuple[str, tuple[str, ...]]:
    """An operator token split into its symbol (with a signedness letter: `/u`, `<u`)
    and its flags: `/u.exact` -> ("/u", ("exact",)), `+nsw.nuw` -> ("+", ("nsw", "nuw"))."""
    base = base_operator(text)
    words = [w for w in text[len(base):].split(".") if w]
    sign = [w for w in words if w in ("s", "u")]
    return base + "".join(sign[:1]), tuple(w for w in words if w not in ("s", "u"))
