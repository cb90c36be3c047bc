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
    toks: list[Token] = []
    pos, line, line_start = 0, 1, 0

    def loc_at(p: int) -> Loc:
        return Loc(file, line, p - line_start + 1)

    while pos < len(text):
        m = _SPACE.match(text, pos)
        if m:
            chunk = m.group(0)
            newlines = chunk.count("\n")
            if newlines:
                line += newlines
                line_start = pos + chunk.rfind("\n") + 1
            pos = m.end()
            continue
        if text.startswith("/*", pos):
            raise UserError("unterminated comment", loc_at(pos))
        loc = loc_at(pos)
        m = _STR.match(text, pos)
        if m:
            toks.append(Token("str", m.group(1), loc))
            pos = m.end()
            continue
        if text[pos] == '"':
            raise UserError("unterminated text: a closing '\"' on the same line", loc)
        m = _INT.match(text, pos)
        if m:
            end = m.end()
            if end - pos > MAX_NUMBER_DIGITS:
                raise UserError(f"number too long (more than {MAX_NUMBER_DIGITS} digits)", loc)
            if end < len(text) and (text[end].isalpha() or text[end] == "_"):
                raise UserError(f"malformed number {text[pos:end + 1]!r}", loc)
            toks.append(Token("int", m.group(0), loc))
            pos = end
            continue
        m = _NAME.match(text, pos)
        if m:
            toks.append(Token("name", m.group(0), loc))
            pos = m.end()
            continue
        m = _OPERATOR.match(text, pos)
        if m is None:
            raise UserError(f"unexpected character {text[pos]!r}", loc)
        op = m.group(0)
        end = m.end()
        sm = _SUFFIX.match(text, end)
        if op in SUFFIXES and sm and set(sm.group(0).split(".")) <= SUFFIXES[op]:
            after = sm.end()
            if after >= len(text) or not (text[after].isalnum() or text[after] == "_"):
                toks.append(Token("op", op + sm.group(0), loc))
                pos = after
                continue
        if sm and sm.group(0).split(".")[0] in FLAG_WORDS:
            raise UserError(f"flag {sm.group(0)!r} does not apply to {op!r}", loc)
        toks.append(Token("op", op, loc))
        pos = end
    toks.append(Token("eof", "", loc_at(pos)))
    return toks


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
