"""LLVM's own tools in the loop: clang turns C into the module the loop vectorizer sees,
opt runs a pass pipeline, and the functions the pass changed are what to validate
(Alive2's `-tv` workflow, for early-exit loops). The tools are found on PATH or given;
a missing one is the user's to install (a UserError saying what, exit 2)."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from verifier.errors import UserError

CLANG = ("clang-22", "clang")
# C and C++ sources: clang reads each as its suffix says (the same binary and flags)
C_SOURCES = (".c", ".cpp", ".cc", ".cxx")


def is_c_source(path: Path) -> bool:
    """Whether `path` is C or C++ for clang to compile (by its suffix)."""
    return path.suffix in C_SOURCES
OPT = ("opt-22", "opt")
EXTRACT = ("llvm-extract-22", "llvm-extract")
# the fixtures' pipeline (models/llvm/regenerate.sh), with line tables for C positions
CLANG_FLAGS = ("-O2", "-gline-tables-only", "-fno-unroll-loops", "-S", "-emit-llvm")
INSTALL = "install LLVM 22 (Debian/Ubuntu: apt-get install clang-22 llvm-22) or give its path"


def find_tool(names: tuple[str, ...], given: str | None, flag: str) -> str:
    """The tool `given` (a path or a name on PATH), else the first of `names` on PATH."""
    for name in ([given] if given else list(names)):
        path = shutil.which(name)
        if path:
            return path
    wanted = given or " or ".join(names)
    raise UserError(f"{wanted} not found: {INSTALL} ({flag} PATH)")


def c_to_ll(source: Path, clang: str, out: Path, flags: tuple[str, ...] | list[str] = CLANG_FLAGS,
            cwd: Path | None = None) -> Path:
    """`source` (C or C++) as the module clang has just before loop-vectorize: by default
    the pipeline the project's fixtures use (models/llvm/regenerate.sh), with line tables
    (-gline-tables-only: verdicts point at C lines; LLVM keeps debug info from changing
    code); `flags` (with -S -emit-llvm) and `cwd` are a project's own. The first dump is
    the module at the first function's vectorization."""
    if not source.is_file():
        raise UserError(f"{source}: no such file")
    module, errors = _first_dump([clang, *flags, "-o", "/dev/null", "-mllvm", "-print-before=loop-vectorize",
                                  "-mllvm", "-print-module-scope", str(source)], cwd)
    if errors is not None:
        raise UserError(f"{source}: clang failed:\n{errors.strip()}")
    if not module:  # no loop reached the vectorizer: the optimized module itself
        r = subprocess.run([clang, *flags, "-o", str(out), str(source)],
                           capture_output=True, text=True, cwd=cwd)
        if r.returncode != 0:
            raise UserError(f"{source}: clang failed:\n{r.stderr.strip()}")
        return out
    out.write_text("\n".join(module) + "\n")
    return out


def _first_dump(command: list[str], cwd: Path | None) -> tuple[list[str], str | None]:
    """The first IR dump clang prints on stderr (the module, with -print-module-scope),
    and clang's messages where it failed first (else None). Clang is stopped once the
    dump is read: it prints the whole module again before every function's pass."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=cwd)
    assert proc.stderr is not None
    module: list[str] = []
    before: list[str] = []  # what clang said before the dump (warnings; errors if it failed)
    started = done = False
    for line in proc.stderr:
        if line.startswith("; *** IR Dump"):
            if started:
                done = True
                break
            started = True
        elif started:
            module.append(line.rstrip("\n"))
        else:
            before.append(line)
    if done:
        proc.kill()
    proc.stderr.close()
    code = proc.wait()
    failed = not done and code != 0
    return module, "".join(before) if failed else None


def run_opt(module: Path, opt: str, args: list[str], out: Path, remarks: Path | None = None) -> Path:
    """opt `args` on `module`, written to `out`; with `remarks`, the loop vectorizer's
    optimization remarks are written there too (unless `args` ask for them already)."""
    extra = [] if remarks is None or any(a.lstrip("-").startswith("pass-remarks-output") for a in args) else \
        [f"-pass-remarks-output={remarks}",
         # without these the vectorizer skips its analysis remarks (why a loop was left)
         "-pass-remarks-analysis=loop-vectorize", "-pass-remarks-missed=loop-vectorize"]
    r = subprocess.run([opt, *args, *extra, "-S", str(module), "-o", str(out)], capture_output=True, text=True)
    if r.returncode != 0:
        raise UserError(f"opt {' '.join(args)} failed on {module}:\n{r.stderr.strip()}")
    return out


def function_texts(module: Path) -> dict[str, str]:
    """Each defined function's body as llvmlite prints it (to see what a pass changed)."""
    from verifier.frontend.llvm import read_module

    return {f.name: str(f) for f in read_module(module).functions if not f.is_declaration}


# library calls clang's loop idiom recognition puts where a loop was
IDIOMS = ("strlen", "wcslen", "memchr", "memrchr", "rawmemchr", "strchr", "memset", "memcpy", "memmove", "memcmp",
          "bcmp", "strcmp", "strncmp")
_CALL = re.compile(r"\bcall\b[^@]*@(?:llvm\.)?([A-Za-z_][\w.]*)\(")


def idiom_calls(module: Path) -> dict[str, list[str]]:
    """Each defined function that has no loop left but calls a library function a loop
    idiom becomes (`strlen`, `memchr`, `memset`, ...; also the `llvm.memset` family):
    clang turned its loop into that call, so no loop is left for the vectorizer."""
    out: dict[str, list[str]] = {}
    for name, text in function_texts(module).items():
        hits = [] if "!llvm.loop" in text else idioms_called(text)
        if hits:
            out[name] = hits
    return out


def idioms_called(function_text: str) -> list[str]:
    """The library functions a loop idiom becomes that a function's text calls."""
    called = [c.split(".")[0] for c in _CALL.findall(function_text)]
    return list(dict.fromkeys(c for c in called if c in IDIOMS))


def changed_functions(before: Path, after: Path) -> list[str]:
    """The functions defined in both modules whose bodies differ, in `before`'s order."""
    a, b = function_texts(before), function_texts(after)
    return [name for name, text in a.items() if name in b and b[name] != text]


class RemarkKind(StrEnum):
    """What an optimization remark says, as opt's YAML tags it."""

    PASSED = "Passed"  # the loop was vectorized
    ANALYSIS = "Analysis"  # why it was not
    MISSED = "Missed"  # that it was not
    OTHER = "Other"  # any other tag (not read)


@dataclass(frozen=True)
class Remark:
    """One of the loop vectorizer's optimization remarks; `line` 0 without debug info."""

    kind: RemarkKind
    function: str
    name: str
    message: str
    line: int = 0
    column: int = 0
    file: str = ""  # the source file the line is in (a header's, for code inlined from one)


_DOC = re.compile(r"^--- !(\w+)\s*$", re.M)
_FIELD = re.compile(r"^(Pass|Name|Function):\s*(.*?)\s*$", re.M)
_ARG = re.compile(r"^\s+- \w+:\s*(.*?)\s*$", re.M)
_LINE = re.compile(r"^DebugLoc:\s*\{[^}]*?\bLine:\s*(\d+)(?:,\s*Column:\s*(\d+))?", re.M)  # it may wrap
_FILE = re.compile(r"^DebugLoc:\s*\{[^}]*?\bFile:\s*('(?:[^']|'')*'|[^,}\s]+)", re.M)


def _scalar(v: str) -> str:
    """A YAML scalar as opt writes it: plain, or in single quotes ('' for a quote)."""
    return v[1:-1].replace("''", "'") if len(v) >= 2 and v[0] == v[-1] == "'" else v


def read_remarks(path: Path) -> list[Remark]:
    """The loop vectorizer's remarks in opt's YAML remarks file (-pass-remarks-output):
    each document's kind, function, name, line and its message (the arguments' values
    joined). A missing file has none."""
    try:
        text = path.read_text()
    except OSError:
        return []
    heads = list(_DOC.finditer(text))
    ends = [h.start() for h in heads[1:]] + ([len(text)] if heads else [])
    return [r for m, end in zip(heads, ends, strict=True) if (r := _remark(m.group(1), text[m.end():end])) is not None]


def _remark(kind_name: str, doc: str) -> Remark | None:
    """One remarks document (of YAML tag `kind_name`) as a Remark: None unless it is the
    loop vectorizer's and names its function."""
    fields = {f.group(1): _scalar(f.group(2)) for f in _FIELD.finditer(doc)}
    args = doc.split("\nArgs:", 1)[1] if "\nArgs:" in doc else ""
    message = "".join(_scalar(a.group(1)) for a in _ARG.finditer(args))
    if not _vectorizer_s(fields.get("Pass"), message) or "Function" not in fields:
        return None
    line = _LINE.search(doc)
    file = _FILE.search(doc)
    kind = next((k for k in RemarkKind if k == kind_name), RemarkKind.OTHER)
    return Remark(kind, fields["Function"], fields.get("Name", ""), message,
                  *((int(line.group(1)), int(line.group(2) or 0)) if line else (0, 0)),
                  _scalar(file.group(1)) if file else "")


def _vectorizer_s(pass_name: str | None, message: str) -> bool:
    """A remark of the loop vectorizer: by its pass, or (under a forced width the
    legality analysis prints always, with no pass name) by its message."""
    return pass_name == "loop-vectorize" or (pass_name == "" and message.startswith("loop not vectorized"))


def left_alone(remarks: list[Remark]) -> dict[str, Remark]:
    """The functions whose loops the vectorizer did not vectorize, each with the remark
    that says why (its analysis, else its missed remark): none of theirs passed."""
    passed = {r.function for r in remarks if r.kind is RemarkKind.PASSED}
    out: dict[str, Remark] = {}
    for r in remarks:
        if r.function in passed or r.kind not in (RemarkKind.ANALYSIS, RemarkKind.MISSED):
            continue
        if r.function not in out or (out[r.function].kind is RemarkKind.MISSED and r.kind is RemarkKind.ANALYSIS):
            out[r.function] = r
    return out


def vectorized(remarks: list[Remark]) -> frozenset[str]:
    """The functions in which the vectorizer vectorized a loop."""
    return frozenset(r.function for r in remarks if r.kind is RemarkKind.PASSED)


def extract_function(module: Path, name: str, globals_named: list[str], extract: str, out: Path) -> Path:
    """Function `name` of `module` alone in a module of its own, with the definitions of
    the globals it names (`globals_named`; their initialisers matter); the functions it
    calls become declarations (llvm-extract)."""
    args = [extract, "-S", f"--func={name}", *(f"--glob={g}" for g in globals_named), str(module), "-o", str(out)]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise UserError(f"llvm-extract failed on @{name} of {module}:\n{r.stderr.strip()}")
    return out
