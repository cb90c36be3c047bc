"""Byte layout of LLVM types for the `.ll` front end: sizes, alignments and struct field
offsets, as x86-64's data layout gives them (integers aligned to their size up to 8
bytes, i128 to 16, pointers 8 bytes; structs padded to their largest field's alignment,
packed structs `<{...}>` not padded). A GEP walks these: an array or vector index moves
by its element's size, a struct index (a constant) by its field's offset."""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Loc


@dataclass(frozen=True)
class FieldStep:
    """A GEP index into a struct: the (constant) field's byte offset."""

    offset: int


GepStep = int | FieldStep  # an int: the index's byte stride


@dataclass
class Layout:
    """The module's named struct types (`%name = type {...}`), and the layout rules."""

    structs: dict[str, str] = field(default_factory=dict)

    @staticmethod
    def of_module(lines: list[str]) -> Layout:
        structs = {}
        for line in lines:
            m = re.match(r'^(%[-\w.$]+|%"[^"]*") = type (.*?)\s*$', line)
            if m:
                structs[m.group(1)] = m.group(2)
        return Layout(structs)

    def _resolve(self, t: str, loc: Loc | None) -> str:
        t = t.strip()
        seen = 0
        while t.startswith("%"):
            if t not in self.structs or seen > 64:
                raise LLUnsupported(f"type {t}", loc)
            t = self.structs[t].strip()
            seen += 1
        if t == "opaque":
            raise LLUnsupported("the size of an opaque type", loc)
        return t

    def fields(self, t: str, loc: Loc | None) -> tuple[list[str], bool] | None:
        """A struct's field types and whether it is packed; None if `t` is not a struct."""
        t = self._resolve(t, loc)
        packed = t.startswith("<{") and t.endswith("}>")
        if not (packed or (t.startswith("{") and t.endswith("}"))):
            return None
        body = t[2:-2] if packed else t[1:-1]
        return split_top(body), packed

    def align(self, t: str, loc: Loc | None) -> int:
        t = self._resolve(t, loc)
        st = self.fields(t, loc)
        if st is not None:
            fs, packed = st
            return 1 if packed else max((self.align(f, loc) for f in fs), default=1)
        m = re.match(r"\[(\d+) x (.*)\]$", t)
        if m:
            return self.align(m.group(2), loc)
        return _pow2_ceil(self.size(t, loc)) if not t.startswith("i") else min(self._int_align(t, loc), 16)

    def _int_align(self, t: str, loc: Loc | None) -> int:
        bits = _int_bits(t, loc)
        return 16 if bits > 64 else min(8, _pow2_ceil((bits + 7) // 8))

    def size(self, t: str, loc: Loc | None) -> int:
        """The allocation size in bytes (what a GEP over `t` strides by)."""
        t = self._resolve(t, loc)
        if t == "ptr":
            return 8
        if t in _FLOAT_BYTES:
            return _FLOAT_BYTES[t]
        m = re.match(r"\[(\d+) x (.*)\]$", t)
        if m:
            return int(m.group(1)) * self.size(m.group(2), loc)
        m = re.match(r"<(\d+) x (.*)>$", t)
        if m and not t.startswith("<{"):
            return _pow2_ceil(int(m.group(1)) * self.size(m.group(2), loc))
        st = self.fields(t, loc)
        if st is not None:
            _, end = self._offsets(st[0], st[1], loc)
            a = 1 if st[1] else self.align(t, loc)
            return -(-end // a) * a
        if t.startswith("i"):
            bits = _int_bits(t, loc)
            a = self._int_align(t, loc)
            return -(-((bits + 7) // 8) // a) * a
        raise LLUnsupported(f"type {t}", loc)

    def _offsets(self, fs: list[str], packed: bool, loc: Loc | None) -> tuple[list[int], int]:
        offs, at = [], 0
        for f in fs:
            a = 1 if packed else self.align(f, loc)
            at = -(-at // a) * a
            offs.append(at)
            at += self.size(f, loc)
        return offs, at

    def gep_steps(self, source: str, indices: list[int | None], loc: Loc | None) -> list[GepStep]:
        """What each GEP index does (`indices`: each one's constant value, or None): the
        first strides over `source`, each later one steps into the type reached so far."""
        steps: list[GepStep] = [self.size(source, loc)]
        t = source
        for idx in indices[1:]:
            r = self._resolve(t, loc)
            am = None if r.startswith("<{") else re.match(r"\[(\d+) x (.*)\]$|<(\d+) x (.*)>$", r)
            st = self.fields(r, loc)
            if am:
                t = am.group(2) or am.group(4)
                steps.append(self.size(t, loc))
            elif st is not None:
                if idx is None or not 0 <= idx < len(st[0]):
                    raise LLUnsupported(f"getelementptr into {r} at a non-constant field", loc)
                offs, _ = self._offsets(st[0], st[1], loc)
                steps.append(FieldStep(offs[idx]))
                t = st[0][idx]
            else:
                raise LLUnsupported(f"getelementptr into {t}", loc)
        return steps


def split_top(body: str) -> list[str]:
    """`i32, [2 x i8], { i8, i8 }` -> its top-level comma-separated parts."""
    out, depth, cur = [], 0, ""
    for ch in body:
        if ch in "[{<(":
            depth += 1
        elif ch in "]}>)":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


_FLOAT_BYTES = {"half": 2, "float": 4, "double": 8}


def _int_bits(t: str, loc: Loc | None) -> int:
    m = re.fullmatch(r"i(\d+)", t.strip())
    if not m:
        raise LLUnsupported(f"type {t}", loc)
    return int(m.group(1))


def _pow2_ceil(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p


# a constant that fills its bytes with one value (None: poison, or not known here)
_FILLS: dict[str, int | None] = {"zeroinitializer": 0, "null": 0, "undef": None, "poison": None}


class _ConstReader:
    """A constant initializer's bytes, little-endian, in the layout's order: a byte is
    None where it is padding, undef or poison, or holds a pointer (unknown here)."""

    def __init__(self, layout: Layout, text: str, loc: Loc | None) -> None:
        self.layout, self.text, self.at, self.loc = layout, text, 0, loc

    def fail(self, what: str) -> LLUnsupported:
        return LLUnsupported(f"a global initializer ({what})", self.loc)

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at] in " \t\n":
            self.at += 1

    def word(self) -> str:
        self.skip()
        m = re.compile(r'[-+\w.$%@"]+|\S').match(self.text, self.at)
        if not m:
            raise self.fail("ended early")
        return m.group(0)

    def eat(self, s: str) -> None:
        self.skip()
        if not self.text.startswith(s, self.at):
            raise self.fail(f"expected {s!r}")
        self.at += len(s)

    def typed(self) -> tuple[str, list[int | None]]:
        """`TYPE VALUE`, as in an aggregate's element list."""
        self.skip()
        t = self.type_text()
        return t, self.value(t)

    def type_text(self) -> str:
        """A type as written (brackets balanced)."""
        self.skip()
        start, depth = self.at, 0
        while self.at < len(self.text):
            ch = self.text[self.at]
            if ch in "[{<(":
                depth += 1
            elif ch in "]}>)":
                depth -= 1
            elif ch in " ," and depth == 0:
                break
            self.at += 1
        return self.text[start:self.at]

    def value(self, t: str) -> list[int | None]:
        size = self.layout.size(t, self.loc)
        w = self.word()
        if w in _FILLS or w.startswith("@"):  # a global's address: unknown here
            self.at += len(w)
            return [_FILLS.get(w)] * size
        if w == "c" or w.startswith('c"'):
            self.eat("c")
            return self.string(size)
        r = self.layout._resolve(t, self.loc)
        if w in ("[", "<", "{") or w == "<{":
            if self.text.startswith("<{", self.at):
                return self.aggregate(r, "<{", "}>")
            close = {"[": "]", "<": ">", "{": "}"}[w]
            return self.aggregate(r, w, close)
        self.at += len(w)
        bits = {"half": 16, "float": 32, "double": 64}.get(r)
        if bits is None:
            bits = _int_bits(r, self.loc)
        value = literal_bits(w, bits, self.loc)
        return [(value >> (8 * k)) & 0xFF for k in range(size)]

    def string(self, size: int) -> list[int | None]:
        self.eat('"')
        out: list[int | None] = []
        while not self.text.startswith('"', self.at):
            if self.at >= len(self.text):
                raise self.fail("an unterminated string")
            ch = self.text[self.at]
            if ch == "\\":
                if self.text.startswith("\\\\", self.at):
                    out.append(ord("\\"))
                    self.at += 2
                else:
                    out.append(int(self.text[self.at + 1:self.at + 3], 16))
                    self.at += 3
            else:
                out.extend(ch.encode())
                self.at += 1
        self.at += 1
        return out + [None] * (size - len(out))

    def aggregate(self, r: str, open_: str, close: str) -> list[int | None]:
        self.eat(open_)
        parts: list[list[int | None]] = []
        types: list[str] = []
        self.skip()
        while not self.text.startswith(close, self.at):
            if parts:
                self.eat(",")
            t, v = self.typed()
            types.append(t)
            parts.append(v)
            self.skip()
        self.eat(close)
        st = self.layout.fields(r, self.loc)
        size = self.layout.size(r, self.loc)
        out: list[int | None] = [None] * size  # padding stays None
        if st is not None:
            offs, _ = self.layout._offsets(st[0], st[1], self.loc)
        else:
            step = self.layout.size(types[0], self.loc) if types else 0
            offs = [k * step for k in range(len(parts))]
        for off, v in zip(offs, parts, strict=False):
            out[off:off + len(v)] = v
        return out[:size]


def _float_literal(s: str) -> float:
    """A float literal as LLVM writes it: a double's bits in hex, or with an exponent."""
    if re.fullmatch(r"0x[0-9A-Fa-f]{16}", s):
        return float(struct.unpack("<d", int(s, 16).to_bytes(8, "little"))[0])
    if re.fullmatch(r"[-+]?\d+\.\d+e[-+]\d+", s):
        return float(s)
    raise ValueError(s)


def literal_bits(s: str, bits: int, loc: Loc | None) -> int:
    """An integer literal (`true`/`false` too), or a half/float/double literal's bits
    (LLVM writes those with an exponent or in hex, never as a bare integer)."""
    if s in ("true", "false"):
        return int(s == "true")
    try:
        return int(s) & ((1 << bits) - 1)
    except ValueError:
        pass
    fmt = {16: "<e", 32: "<f", 64: "<d"}.get(bits)
    try:
        if fmt and s.startswith("0xH") and bits == 16:
            return int(s[3:], 16)
        if fmt is None:
            raise ValueError(s)
        return int.from_bytes(struct.pack(fmt, _float_literal(s)), "little")
    except (ValueError, OverflowError, struct.error):
        raise LLUnsupported(f"constant {s}", loc) from None


def initializer_bytes(layout: Layout, value_type: str, text: str, loc: Loc | None) -> list[int | None] | None:
    """The bytes of a global's initializer, from its definition's text (`@g = ...
    constant TYPE VALUE, align 4`); None when it has none (`external`)."""
    m = re.search(r"\b(?:constant|global) ", text)
    if m is None:
        return None
    r = _ConstReader(layout, text, loc)
    r.at = m.end()
    t = r.type_text()
    r.skip()
    if r.at >= len(text) or text.startswith(",", r.at):
        return None  # a declaration: no initializer
    return r.value(t or value_type)
