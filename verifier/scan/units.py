"""One compile unit through LLVM: clang at the project's flags up to the loop
vectorizer, opt's loop vectorizer with its remarks, and each function with a
data-dependent exit extracted into a module of its own (before and, where LLVM
vectorized it, after), ready for the checks. Nothing here solves: the questions
themselves are scan/plan.py's, run by the suite runner."""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from verifier.errors import UserError
from verifier.llvm_tools import (
    Remark,
    RemarkKind,
    c_to_ll,
    extract_function,
    idioms_called,
    read_remarks,
    run_opt,
)
from verifier.scan.compdb import CompileUnit, clang_args
from verifier.scan.loops import LoopCensus, census

CTTZ_ELTS = "@llvm.experimental.cttz.elts"


@dataclass(frozen=True)
class Tools:
    """The LLVM programs a scan runs (paths)."""

    clang: str
    opt: str
    extract: str


class LLVMDid(StrEnum):
    """What LLVM's loop vectorizer did with a function's early-exit loop."""

    VECTORIZED = "vectorized"
    LEFT = "left alone"


@dataclass(frozen=True)
class ScannedLoop:
    """A function with a loop that exits on data, as LLVM left it: its scalar module
    (`source`, the function alone), the vectorized one where LLVM vectorized it
    (`target`), LLVM's remark, and the loop's line in the user's source (0: unknown)."""

    unit: Path
    function: str
    line: int
    did: LLVMDid
    remark: str
    source: Path
    target: Path | None = None
    # the function's other loops: those on a count alone, vectorized or not, are not asked about
    loops: int = 1
    early_exit: int = 1
    cttz_elts: bool = False  # the vectorized function finds its exit lane with llvm.experimental.cttz.elts


@dataclass
class UnitScan:
    """What one unit gave: its functions, those with loops, the early-exit loops, and
    an error where clang or opt refused it (the rest of the project goes on)."""

    unit: CompileUnit
    functions: int = 0
    with_loops: int = 0
    loops: list[ScannedLoop] = field(default_factory=list)
    counted_only: list[str] = field(default_factory=list)  # vectorized, but only a loop on a count
    chasing: list[str] = field(default_factory=list)  # exit on data only in loops walking a linked structure
    calling: list[str] = field(default_factory=list)  # exit on data only in loops making calls with effects
    idioms: list[str] = field(default_factory=list)  # no loop left: clang made it a library call (strlen, ...)
    error: str | None = None
    note: str | None = None  # where the scan compiled it otherwise than the project does
    seconds: float = 0.0


def unit_folder(work: Path, unit: CompileUnit) -> Path:
    """The unit's own folder of modules under `work` (its name and a hash of its path)."""
    digest = hashlib.sha256(str(unit.file).encode()).hexdigest()[:10]
    return work / f"{unit.file.stem}-{digest}"


def scan_unit(unit: CompileUnit, tools: Tools, work: Path) -> UnitScan:
    """Unit `unit` compiled, vectorized by LLVM and its early-exit functions extracted
    under `work`; clang's or opt's refusal is the unit's error, not the scan's."""
    start = time.monotonic()
    out = UnitScan(unit)
    folder = unit_folder(work, unit)
    folder.mkdir(parents=True, exist_ok=True)
    flags, out.note = clang_args(unit)
    try:
        scalar = c_to_ll(unit.file, tools.clang, folder / "scalar.ll", flags, cwd=unit.directory)
        vector = run_opt(scalar, tools.opt, ["-passes=loop-vectorize"], folder / "vector.ll",
                         remarks=folder / "remarks.yaml")
        _functions(out, scalar, vector, read_remarks(folder / "remarks.yaml"), tools, folder)
    except UserError as e:
        out.error = _first_lines(e.message)
    out.seconds = time.monotonic() - start
    return out


def _first_lines(message: str, keep: int = 4) -> str:
    """A tool's error, its first lines (clang may print pages)."""
    lines = message.splitlines()
    return "\n".join(lines[:keep] + ([f"... ({len(lines) - keep} more lines)"] if len(lines) > keep else []))


@dataclass(frozen=True)
class _Modules:
    """A unit's modules before and after the vectorizer, and what is read off them once."""

    unit: Path  # the source file
    scalar: Path
    vector: Path
    remarks: list[Remark]
    tools: Tools
    folder: Path
    globals: frozenset[str]  # the module's global variables
    vector_texts: dict[str, str]  # each function after the vectorizer, where it vectorized any
    passed: frozenset[str]  # the functions in which the vectorizer says it vectorized a loop


def _functions(out: UnitScan, scalar: Path, vector: Path, remarks: list[Remark], tools: Tools, folder: Path) -> None:
    """Each function of the unit counted; each one with an early-exit loop extracted."""
    from verifier.frontend.llvm.module import read_module
    from verifier.frontend.llvm.text import attribute_groups

    groups = attribute_groups(scalar.read_text().splitlines())
    mod = read_module(scalar)
    try:
        passed = frozenset(r.function for r in remarks if r.kind is RemarkKind.PASSED)
        m = _Modules(out.unit.file, scalar, vector, remarks, tools, folder, frozenset(g.name for g in mod.global_variables),
                     _function_texts(vector) if passed else {}, passed)
        defined = [f for f in mod.functions if not f.is_declaration]
        out.functions = len(defined)
        for fn in defined:
            _counted(out, m, fn, census(fn, groups))
    finally:
        mod.close()


def _counted(out: UnitScan, m: _Modules, fn: Any, c: LoopCensus) -> None:
    """Function `fn` counted in `out` by its loops' census, extracted where one of its
    loops exits on data (and is in scope)."""
    out.with_loops += c.loops > 0
    if c.early_exit:
        loop = _scanned(m, fn, len(out.loops), c.loops, c.early_exit)
        out.loops.append(loop)
        if loop.did is LLVMDid.LEFT and fn.name in m.passed:
            out.counted_only.append(fn.name)
        return
    apart = out.chasing if c.chasing else out.calling if c.calling else \
        out.idioms if not c.loops and idioms_called(str(fn)) else None
    if apart is not None:
        apart.append(fn.name)


def _scanned(m: _Modules, fn: Any, k: int, loops: int, early_exit: int) -> ScannedLoop:
    """Function `fn` (the unit's k-th with an early-exit loop) extracted alone, before
    and, where the vectorizer changed it, after, with the globals it names."""
    from verifier.frontend.llvm.text import global_refs

    text = str(fn)
    named = sorted(global_refs(text) & m.globals)
    stem = _file_stem(fn.name, k)
    source = extract_function(m.scalar, fn.name, named, m.tools.extract, m.folder / f"{stem}.ll")
    # (the text of a function the pass left differs too: opt numbers the metadata anew)
    after = m.vector_texts.get(fn.name, text)
    target = extract_function(m.vector, fn.name, named, m.tools.extract, m.folder / f"{stem}.vec.ll") \
        if fn.name in m.passed else None
    did, remark = _what_llvm_did(fn.name, m.remarks, target)
    vectorized = did is LLVMDid.VECTORIZED
    return ScannedLoop(m.unit, fn.name, _loop_line(fn.name, m.remarks, m.unit), did, remark, source,
                       target if vectorized else None, loops, early_exit, vectorized and CTTZ_ELTS in after)


def _function_texts(module: Path) -> dict[str, str]:
    """Each defined function's printed body in `module`."""
    from verifier.frontend.llvm.module import read_module

    mod = read_module(module)
    try:
        return {f.name: str(f) for f in mod.functions if not f.is_declaration}
    finally:
        mod.close()


def _file_stem(name: str, k: int) -> str:
    """A file name for function `name` (a C++ name may be long or hold any character)."""
    safe = "".join(c if c.isalnum() or c in "_-" else "_" for c in name)[:60]
    return f"{k:03d}-{safe}"


def _what_llvm_did(name: str, remarks: list[Remark], target: Path | None) -> tuple[LLVMDid, str]:
    """Vectorized (the pass changed it and one of its loops now exits on a vector
    value: loops.exits_on_vectors) or left alone, with LLVM's remark: why it was left
    (the longest of its missed and analysis remarks says most), or what it did."""
    mine = [r for r in remarks if r.function == name]
    passed = [r.message for r in mine if r.kind is RemarkKind.PASSED]
    refused = sorted((r.message for r in mine if r.kind in (RemarkKind.ANALYSIS, RemarkKind.MISSED)), key=len)
    if target is not None and _exits_on_vectors(target, name):
        return LLVMDid.VECTORIZED, passed[0] if passed else ""
    return LLVMDid.LEFT, refused[-1] if refused else "no remark"


def _exits_on_vectors(target: Path, name: str) -> bool:
    """Whether a loop of function `name` in module `target` exits on a vector value."""
    from verifier.frontend.llvm.module import read_module
    from verifier.scan.loops import exits_on_vectors

    mod = read_module(target)
    try:
        return exits_on_vectors(mod.get_function(name))
    finally:
        mod.close()


def _loop_line(name: str, remarks: list[Remark], unit: Path) -> int:
    """The line of the function's first loop LLVM remarked on in the unit's own file
    (0 without debug info, or where the loop is in a header, inlined: std::find's)."""
    return min((r.line for r in remarks if r.function == name and r.line and Path(r.file).name == unit.name),
               default=0)
