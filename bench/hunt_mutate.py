"""Mutation operators of the wrong-proof hunter (bench/hunt.py): systematic edits of a
target's text, each a small change a compiler bug could make. LLVM IR edits touch
only the one function's body (and, for `calls`, the callees' declarations of both
sides); model-language edits touch only the statements after the declarations.

Each operator yields (description, edited text); a text no edit changes yields
nothing. What an edit breaks is not known here: a mutant may well be equivalent to
its original (the hunter counts those as proved and natively alike)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

Mutant = tuple[str, str]  # (what was edited, the edited text)

_PRED_FLIPS = {"eq": "ne", "ne": "eq", "slt": "sle", "sle": "slt", "sgt": "sge", "sge": "sgt", "ult": "ule",
               "ule": "ult", "ugt": "uge", "uge": "ugt"}
_SIGN_FLIPS = {"slt": "ult", "ult": "slt", "sgt": "ugt", "ugt": "sgt", "sle": "ule", "ule": "sle", "sge": "uge",
               "uge": "sge"}


def body_span(text: str, func: str | None) -> tuple[int, int]:
    """Where the function's body lines are: [start, end) character offsets of the text
    between its `define` line and its closing brace (the first function if `func` is
    None)."""
    for m in re.finditer(r"^define [^\n]*@\"?([-\w.$]+)\"?\(", text, re.MULTILINE):
        if func is None or m.group(1) == func:
            start = text.index("\n", m.start()) + 1
            end = text.index("\n}", start)
            return start, end
    raise ValueError(f"no function {func}")


def _each_line(text: str, func: str | None, edit: Callable[[str], list[tuple[str, str]]]) -> Iterator[Mutant]:
    """One mutant per (line, edit of it) of the body: `edit(line)` gives (what, new line)."""
    start, end = body_span(text, func)
    offset = start
    for line in text[start:end].splitlines(keepends=True):
        for what, new in edit(line.rstrip("\n")):
            if new != line.rstrip("\n"):
                yield what, text[:offset] + new + ("\n" if line.endswith("\n") else "") + text[offset + len(line):]
        offset += len(line)


def _instr(line: str) -> str:
    """A line's instruction, without its result name and metadata."""
    return line.split("=", 1)[-1].split(", !", 1)[0]


def _literals(line: str) -> Iterator[re.Match[str]]:
    """The integer literals among an instruction's operands (not types, vector widths,
    alignments, value names or metadata)."""
    code = line.split(", !", 1)[0]
    for m in re.finditer(r"-?\d+\b", code):
        before = code[:m.start()]
        if not before or before[-1] not in " (" or before.rstrip().endswith(("align", "label")):
            continue
        if re.match(r"\s*x\b", code[m.end():]):
            continue
        yield m


def constants(text: str, func: str | None) -> Iterator[Mutant]:
    """An integer operand plus or minus one (a step, a bound, an identity, a lane, a
    phi's start), and past the bounded check's depth: a bound of 8 or more plus or
    minus 9 (the exit then moves where only the argument for every trip count sees it)."""
    def edit(line: str) -> list[tuple[str, str]]:
        if "=" not in line and not line.lstrip().startswith(("store", "call")):
            return []
        out = []
        for m in _literals(line):
            v = int(m.group(0))
            for d in (1, -1) + ((9, -9) if abs(v) >= 8 else ()):
                new = line[:m.start()] + str(v + d) + line[m.end():]
                out.append((f"{v} -> {v + d} in `{line.strip()[:70]}`", new))
        return out
    return _each_line(text, func, edit)


def predicates(text: str, func: str | None) -> Iterator[Mutant]:
    """A comparison's predicate flipped: strict and non-strict, equal and unequal,
    signed and unsigned."""
    def edit(line: str) -> list[tuple[str, str]]:
        m = re.search(r"\bicmp (?:samesign )?(eq|ne|[su][lg][te])\b", line)
        if m is None:
            return []
        p = m.group(1)
        out = []
        for q in {_PRED_FLIPS.get(p), _SIGN_FLIPS.get(p)} - {None}:
            assert q is not None
            out.append((f"icmp {p} -> {q} in `{line.strip()[:70]}`", line[:m.start(1)] + q + line[m.end(1):]))
        return out
    return _each_line(text, func, edit)


def freezes(text: str, func: str | None) -> Iterator[Mutant]:
    """A freeze dropped (its operand used as it is)."""
    def edit(line: str) -> list[tuple[str, str]]:
        m = re.match(r"^(\s*%[-\w.$\"]+ = )freeze (\S+(?: x \S+>)?|<[^>]*>) (\S+)$", line.split(", !", 1)[0])
        if m is None:
            return []
        ty, v = m.group(2), m.group(3)
        return [(f"freeze dropped: `{line.strip()[:70]}`", f"{m.group(1)}select i1 true, {ty} {v}, {ty} {v}")]
    return _each_line(text, func, edit)


def masks(text: str, func: str | None) -> Iterator[Mutant]:
    """A masked load, store or gather's mask replaced by all lanes on."""
    def edit(line: str) -> list[tuple[str, str]]:
        m = re.search(r"@llvm\.masked\.(load|store|gather|scatter)\.[^(]*\((.*)\)", line)
        if m is None:
            return []
        mm = re.search(r"(<(\d+|vscale x \d+) x i1>) (%[-\w.$\"]+)", m.group(2))
        if mm is None:
            return []
        on = f"{mm.group(1)} splat (i1 true)"
        new = line.replace(f"{mm.group(1)} {mm.group(3)}", on, 1)
        return [(f"mask dropped: `{line.strip()[:70]}`", new)]
    return _each_line(text, func, edit)


def shuffles(text: str, func: str | None) -> Iterator[Mutant]:
    """A shuffle's lane indices shifted by one (a lane taken from its neighbour)."""
    def edit(line: str) -> list[tuple[str, str]]:
        m = re.search(r"shufflevector .*, <(\d+) x i32> <([^>]*)>", line)
        if m is None:
            return []
        lanes = [x.strip() for x in m.group(2).split(",")]
        idx = [int(x.split()[1]) if x.split()[1] not in ("poison", "undef") else None for x in lanes]
        shifted = ", ".join("i32 poison" if k is None else f"i32 {k + 1 if j == 0 else k}" for j, k in enumerate(idx))
        return [(f"shuffle lane 0 shifted: `{line.strip()[:70]}`", line[:m.start(2)] + shifted + line[m.end(2):])]
    return _each_line(text, func, edit)


def flags(text: str, func: str | None) -> Iterator[Mutant]:
    """nsw or nuw added where there is none (poison where the arithmetic wraps)."""
    def edit(line: str) -> list[tuple[str, str]]:
        m = re.search(r"= (add|sub|mul|shl) (?!nuw|nsw)", line)
        if m is None:
            return []
        return [(f"{f} added: `{line.strip()[:70]}`", line[:m.end(1)] + f" {f}" + line[m.end(1):])
                for f in ("nsw", "nuw")]
    return _each_line(text, func, edit)


def identities(text: str, func: str | None) -> Iterator[Mutant]:
    """A zero vector (a reduction's identity, a phi's start) made all ones."""
    def edit(line: str) -> list[tuple[str, str]]:
        m = re.search(r"(<\d+ x i(?:8|16|32|64)>) zeroinitializer", line)
        if m is None:
            return []
        elem = m.group(1).split(" x ")[1].rstrip(">")
        return [(f"zeroinitializer -> splat 1: `{line.strip()[:70]}`",
                 line[:m.start()] + f"{m.group(1)} splat ({elem} 1)" + line[m.end():])]
    return _each_line(text, func, edit)


def attributes(text: str, func: str | None) -> Iterator[Mutant]:
    """The target's signature claiming more or less: dereferenceable doubled or halved,
    noundef or nonnull added to an argument, noalias dropped."""
    m = re.search(r"^define [^\n]*$", text[:body_span(text, func)[0]], re.MULTILINE)
    if m is None:
        return
    head = text[m.start():m.end()]
    for d in re.finditer(r"dereferenceable\((\d+)\)", head):
        n = int(d.group(1))
        for k in (2 * n, n // 2):
            new = head[:d.start()] + f"dereferenceable({k})" + head[d.end():]
            yield f"dereferenceable({n}) -> ({k})", text[:m.start()] + new + text[m.end():]
    for a in re.finditer(r"\((?:[^()]|\([^)]*\))*\)", head[head.index("@"):]):
        args = a.group(0)
        for word in ("noundef", "nonnull"):
            new_args = re.sub(r"(\bptr|\bi\d+) (%)", rf"\1 {word} \2", args, count=1)
            if new_args != args and f"{word} " not in args.split(",")[0]:
                new = head.replace(args, new_args, 1)
                yield f"{word} added to the first argument", text[:m.start()] + new + text[m.end():]
        break
    if "noalias " in head:
        yield "noalias dropped", text[:m.start()] + head.replace("noalias ", "", 1) + text[m.end():]


def claims(text: str, func: str | None) -> Iterator[Mutant]:
    """The target claiming what its source does not: noalias, nonnull or align 64 on
    the first pointer argument, a narrow `range` on the result, its `vscale_range`
    narrowed to one value."""
    start = body_span(text, func)[0]
    m = re.search(r"^define [^\n]*$", text[:start], re.MULTILINE)
    if m is None:
        return
    head = text[m.start():m.end()]
    for word in ("noalias", "nonnull", "align 64"):
        new = re.sub(r"\(ptr ", f"(ptr {word} ", head, count=1)
        if new == head:
            new = re.sub(r", ptr ", f", ptr {word} ", head, count=1)
        if new != head and f"ptr {word} " not in head:
            yield f"{word} added to a pointer argument", text[:m.start()] + new + text[m.end():]
    r = re.match(r"define ((?:[\w]+ )*?)(i8|i16|i32|i64) @", head)
    if r is not None and "range(" not in head:
        new = head.replace(f" {r.group(2)} @", f" range({r.group(2)} 0, 2) {r.group(2)} @", 1)
        yield f"range({r.group(2)} 0, 2) on the result", text[:m.start()] + new + text[m.end():]
    for g in re.findall(r"#\d+", head):
        gm = re.search(rf"^attributes {g} = \{{[^\n]*?vscale_range\((\d+),\s*(\d+)\)", text, re.MULTILINE)
        if gm is None:
            continue
        lo, hi = int(gm.group(1)), int(gm.group(2))
        for k in sorted({hi, 2 * lo} - {lo} if hi > lo else set()):
            line_end = text.index("\n", gm.start())
            line = text[gm.start():line_end].replace(f"vscale_range({lo},{hi})", f"vscale_range({k},{k})").replace(
                f"vscale_range({lo}, {hi})", f"vscale_range({k},{k})")
            yield f"vscale_range({lo},{hi}) -> ({k},{k})", text[:gm.start()] + line + text[line_end:]


def metadata(text: str, func: str | None) -> Iterator[Mutant]:
    """A load claiming what its source does not: `!noundef` (UB where it loads poison)
    or a narrow `!range` (poison outside it)."""
    def edit(line: str) -> list[tuple[str, str]]:
        m = re.search(r"= load (i8|i16|i32|i64|<\d+ x i(?:8|16|32|64)>), ", line)
        if m is None:
            return []
        elem = m.group(1).split(" x ")[-1].rstrip(">")
        out = []
        if "!noundef" not in line:
            out.append((f"!noundef added: `{line.strip()[:60]}`", line + ", !noundef !{}"))
        if "!range" not in line:
            out.append((f"!range [0, 2) added: `{line.strip()[:60]}`", line + f", !range !{{{elem} 0, {elem} 2}}"))
        return out
    return _each_line(text, func, edit)


OPERATORS: dict[str, Callable[[str, str | None], Iterator[Mutant]]] = {
    "constant": constants, "predicate": predicates, "freeze": freezes, "mask": masks, "shuffle": shuffles,
    "flag": flags, "identity": identities, "attribute": attributes, "claim": claims, "metadata": metadata,
}


def llvm_mutants(text: str, func: str | None, only: tuple[str, ...] | None = None) -> list[tuple[str, str, str]]:
    """Every mutant of the function in `text` (by the operators named in `only`, else
    all): (operator, what, text)."""
    out = []
    for name, op in OPERATORS.items():
        if only is not None and name not in only:
            continue
        for what, mutated in op(text, func):
            out.append((name, what, mutated))
    return out


def unattributed_calls(text: str) -> str:
    """`text` with every declared callee stripped of what it says of memory and of
    returning (memory(...), readnone, readonly, willreturn): calls that may now write
    what they reach and end the run (the 'calls made to write a global' mutant, made
    to source and target alike: the facts are the pair's)."""
    groups = dict(re.findall(r"^attributes (#\d+) = \{(.*)\}\s*$", text, re.MULTILINE))
    called = {g for line in text.splitlines() if line.startswith("declare") and not re.search(r"@llvm\.", line)
              for g in re.findall(r"#\d+", line)}
    called |= {g for line in text.splitlines() if re.search(r"\bcall\b.*@(?!llvm\.)", line)
               for g in re.findall(r"#\d+", line)}
    out = []
    for line in text.splitlines():
        m = re.match(r"^attributes (#\d+) = \{(.*)\}\s*$", line)
        if m is not None and m.group(1) in called and m.group(1) in groups:
            kept = re.sub(r"\bmemory\([^)]*\)|\breadnone\b|\breadonly\b|\bwillreturn\b", "", m.group(2))
            line = f"attributes {m.group(1)} = {{{' '.join(kept.split())}}}"
        elif line.startswith("declare") and "@llvm." not in line:
            line = re.sub(r"\bmemory\([^)]*\)|\breadnone\b|\breadonly\b|\bwillreturn\b", "", line)
        out.append(line)
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ model language

_LOOP_CMP = re.compile(r"(?<![<>=!])(<=u|<u|>=u|>u|<=|>=|==|!=|<|>)(?![<>=])")
_LOOP_FLIPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "<u": "<=u", "<=u": "<u",
               ">u": ">=u", ">=u": ">u"}


def loop_mutants(text: str) -> list[tuple[str, str, str]]:
    """Mutants of a model (.loop): a comparison flipped, an integer literal plus or minus
    one, a freeze dropped, in the statements (never the declarations)."""
    lines = text.splitlines(keepends=True)
    first = next((k for k, line in enumerate(lines)
                  if line.strip() and not re.match(r"\s*(//|loop |array |alias |window |const |effect |pure |assume )",
                                                   line)), len(lines))
    out: list[tuple[str, str, str]] = []
    for k in range(first, len(lines)):
        code = lines[k].split("//", 1)[0]
        for m in _LOOP_CMP.finditer(code):
            flip = _LOOP_FLIPS.get(m.group(1))
            if flip is not None:
                new = code[:m.start()] + flip + code[m.end():]
                out.append(("predicate", f"{m.group(1)} -> {flip} in `{code.strip()[:60]}`",
                            "".join(lines[:k]) + new + "\n" + "".join(lines[k + 1:])))
        for m in re.finditer(r"(?<![\w.])(\d+)(?![\w.])", code):
            for d in (1, -1):
                v = int(m.group(1)) + d
                if v < 0:
                    continue
                new = code[:m.start()] + str(v) + code[m.end():]
                out.append(("constant", f"{m.group(1)} -> {v} in `{code.strip()[:60]}`",
                            "".join(lines[:k]) + new + "\n" + "".join(lines[k + 1:])))
        if "freeze(" in code:
            new = code.replace("freeze(", "(", 1)
            out.append(("freeze", f"freeze dropped in `{code.strip()[:60]}`",
                        "".join(lines[:k]) + new + "\n" + "".join(lines[k + 1:])))
    return out
