"""Source positions from a module's debug info: for a module clang compiled from C with
`-gline-tables-only`, each line of the `.ll` text that carries `!dbg !N` is mapped to
the C file, line and column `!N` names, so verdicts point at the user's C, not at a
module the tool wrote. Read from the printed text (llvmlite does not expose metadata);
a line without a location keeps its `.ll` position."""

from __future__ import annotations

import os
from pathlib import Path

from verifier.frontend.llvm.text import (
    LABEL,
    branch_targets,
    dbg_ref,
    loop_ref,
    metadata_node,
    metadata_tuple,
)
from verifier.ir.program import Loc


def _shown_path(filename: str, directory: str) -> str:
    """The file as the user would name it: relative to the working directory when it
    lies under it (clang records the path it was given and the directory it ran in)."""
    path = Path(os.path.normpath(Path(filename) if Path(filename).is_absolute() else Path(directory) / filename))
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def source_positions(lines: list[str]) -> dict[int, Loc]:
    """Line index (0-based) of the module's text -> the source position its debug
    location names. A line without one (a label, a phi) takes its block's: the loop's
    start (`!llvm.loop`'s first location) for a loop header, else the block's first
    located line. Empty when the module has no debug locations."""
    md = _Metadata.of(lines)
    out: dict[int, Loc] = {}
    loop_starts: dict[str, Loc] = {}  # this function's loop headers (label) -> the loop's start
    labels: list[tuple[int, str]] = []  # (line index, label) in this function's body
    define = 0
    for k, line in enumerate(lines):
        if line.startswith("define"):
            loop_starts, labels, define = {}, [], k
        if line.startswith("}"):
            _block_positions(lines, out, loop_starts, [(define, None), *labels], k)
            continue
        ref = dbg_ref(line)  # on a define line: the function's DISubprogram
        at = md.position(ref) if ref is not None else None
        if at is not None:
            out[k] = at
        lm = LABEL.match(line)
        if lm:
            labels.append((k, lm.group(1).strip('"')))
        md.note_loop_start(line, [label for _, label in labels], loop_starts)
    return out


class _Metadata:
    """A module's metadata nodes (`!5 = !DILocation(...)`) and tuples (`!7 = !{...}`)."""

    def __init__(self, nodes: dict[str, tuple[str, dict[str, str]]], tuples: dict[str, list[str]]) -> None:
        self.nodes, self.tuples = nodes, tuples

    @staticmethod
    def of(lines: list[str]) -> _Metadata:
        nodes: dict[str, tuple[str, dict[str, str]]] = {}
        tuples: dict[str, list[str]] = {}
        for line in lines:
            if not line.startswith("!"):
                continue
            node = metadata_node(line)
            if node is not None:
                nodes[node[0]] = (node[1], node[2])
            elif (t := metadata_tuple(line)) is not None:
                tuples[t[0]] = t[1]
        return _Metadata(nodes, tuples)

    def file_of(self, scope: str, depth: int = 0) -> str | None:
        kind, f = self.nodes.get(scope, ("", {}))
        if kind == "DIFile":
            return _shown_path(f.get("filename", '""').strip('"'), f.get("directory", '""').strip('"'))
        ref = f.get("file") or f.get("scope")
        if ref is None or not ref.startswith("!") or depth > 64:
            return None
        return self.file_of(ref[1:], depth + 1)

    def plain(self, kind: str, f: dict[str, str]) -> Loc | None:
        file = self.file_of(f["file"][1:] if kind == "DISubprogram" and "file" in f else f["scope"][1:])
        line = f.get("line", "0")
        if file is None or not line.isdigit() or int(line) == 0:
            return None
        col = f.get("column", "0")
        return Loc(file, int(line), int(col) if col.isdigit() and int(col) > 0 else 1)

    def position(self, node: str, depth: int = 0) -> Loc | None:
        """The position `node` names; for code inlined into the user's function (a
        library's `std::find`), the user's line that calls it, naming where the code is."""
        kind, f = self.nodes.get(node, ("", {}))
        if kind not in ("DILocation", "DISubprogram") or "scope" not in f:
            return None
        here = self.plain(kind, f)
        at = f.get("inlinedAt")
        if at is not None and at.startswith("!") and depth < 64:
            outer = self.position(at[1:], depth + 1)
            if outer is not None:
                return Loc(outer.file, outer.line, outer.col, str(here) if here is not None else outer.inlined)
        return here

    def note_loop_start(self, line: str, seen: list[str], loop_starts: dict[str, Loc]) -> None:
        """A latch's `br ... !llvm.loop !N`: its header (the target seen before it) starts
        at the loop's first location."""
        loop = loop_ref(line)
        if loop is None or not line.lstrip().startswith("br "):
            return
        start = next((p for n in self.tuples.get(loop, []) if (p := self.position(n)) is not None), None)
        back = [t for t in branch_targets(line) if t in seen]  # the latch's header
        if start is not None and back:
            loop_starts.setdefault(min(back, key=seen.index), start)


def _block_positions(lines: list[str], out: dict[int, Loc], loop_starts: dict[str, Loc],
                     starts: list[tuple[int, str | None]], end: int) -> None:
    """Each block's position (`starts`: its first line, the define line for the entry
    block): its loop's start for a loop header, else its first located line (the
    function's own line for an entry block without one). A line without a location
    (a label, a phi) takes its block's."""
    stops = [k for k, _ in starts[1:]] + ([end] if starts else [])
    for (k, label), stop in zip(starts, stops, strict=True):
        at = _block_position(out, loop_starts, k, label, stop)
        if at is None:
            continue
        for j in range(k if label is not None else k + 1, stop):
            out.setdefault(j, at)
        if label in loop_starts:
            out[k] = at


def _block_position(out: dict[int, Loc], loop_starts: dict[str, Loc], k: int, label: str | None,
                    stop: int) -> Loc | None:
    """The position of the block on lines k..stop: its loop's start for a loop header,
    else its first located line, else line k's own."""
    at = loop_starts.get(label) if label is not None else None
    return at or next((out[j] for j in range(k + 1, stop) if j in out), None) or out.get(k)
