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
            if "-" in (m.string[m.start() - 1:m.start()], m.string[m.end():m.end() + 1]):
                return tok  # part of a flag or a hyphenated word (`--cttz-elts first-true`): ours have no `-`
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


# C++ function names as the user wrote them: LLVM keeps the Itanium ABI's mangled
# names (`_Z9first_negRA64_Ki`); reports show `first_neg(int const (&) [64])`, template
# arguments and long parameter lists shortened (`std::__find_if<…>(…)`).
_MANGLED = re.compile(r"(?<![\w.$])_Z[\w$.]+")
_LONG = 48  # a demangled name longer than this shows its parameters as (…)


def _cxa_demangle() -> Any:
    """libstdc++'s demangler (loaded in every process z3 runs in), or None."""
    import ctypes
    import ctypes.util

    try:
        lib = ctypes.CDLL(ctypes.util.find_library("stdc++") or "libstdc++.so.6")
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    f = lib.__cxa_demangle
    f.restype = ctypes.c_void_p
    f.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    libc.free.argtypes = [ctypes.c_void_p]

    def demangle(name: str) -> str | None:
        status = ctypes.c_int(0)
        p = f(name.encode(), None, None, ctypes.byref(status))
        if not p or status.value != 0:
            return None
        try:
            return ctypes.string_at(p).decode(errors="replace")
        finally:
            libc.free(p)
    return demangle


_DEMANGLE: list[Any] = []  # the demangler, once looked up


def _collapsed(text: str, opening: str, closing: str) -> str:
    """Everything inside outermost `opening`..`closing` pairs replaced by an ellipsis."""
    out, depth = [], 0
    for c in text:
        if c == opening:
            if depth == 0:
                out.append(opening + "…")
            depth += 1
        elif c == closing and depth:
            depth -= 1
            if depth == 0:
                out.append(closing)
        elif depth == 0:
            out.append(c)
    return "".join(out)


def demangled(name: str) -> str:
    """A C++ function's name as its source spells it, shortened; `name` itself where it
    is not a mangled name (C, a model) or no demangler is at hand."""
    if not name.startswith("_Z"):
        return name
    if not _DEMANGLE:
        _DEMANGLE.append(_cxa_demangle())
    full: str | None = _DEMANGLE[0](name) if _DEMANGLE[0] is not None else None
    if full is None:
        return name
    if len(full) <= _LONG:
        return full
    short = _collapsed(full, "<", ">")
    head, paren, params = short.partition("(")
    head = head.rsplit(" ", 1)[-1]  # a template's return type goes first
    if not paren:
        return head
    return f"{head}(…)" if len(head) + len(params) + 1 > _LONG else f"{head}({params}"


def base_name(name: str) -> str:
    """A C++ function's qualified name without its parameters and template arguments
    (`_Z8find_negRKSt6vectorIiSaIiEE` -> `find_neg`, `ns::f`); `name` itself where it
    is not mangled."""
    full = demangled(name)
    if full == name:
        return name
    head = _collapsed(full, "<", ">").partition("(")[0].rsplit(" ", 1)[-1]
    return head.replace("<…>", "")


def readable(text: str) -> str:
    """`text` with every mangled C++ name in it demangled (demangled())."""
    return _MANGLED.sub(lambda m: demangled(m.group(0)), text) if "_Z" in text else text
