"""A project's compile commands: a compilation database (`compile_commands.json`, as
CMake's CMAKE_EXPORT_COMPILE_COMMANDS and Bear write it), or C and C++ files given
with one set of flags. Each becomes a `CompileUnit`, and `clang_args` turns its
command into the clang invocation that writes the module the loop vectorizer sees,
at the project's own optimisation level, target and defines."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verifier.errors import UserError, loc_at, read_source
from verifier.frontend.nesting import too_deep
from verifier.ir.program import Loc
from verifier.limits import MAX_MODEL_BYTES, MAX_SUITE_DEPTH
from verifier.llvm_tools import is_c_source

DATABASE = "compile_commands.json"


@dataclass(frozen=True)
class CompileUnit:
    """One source file and the flags the project compiles it with (the compiler, `-c`,
    `-o` and the file itself removed), run from `directory`."""

    file: Path  # absolute
    directory: Path
    flags: tuple[str, ...]


def units_of(paths: list[Path], flags: list[str]) -> list[CompileUnit]:
    """The compile units the command line names: a compilation database (or a folder
    holding one), or C and C++ files compiled with `flags`. A file named twice (a
    database lists one per configuration) is compiled once, with its first command."""
    units: list[CompileUnit] = []
    for p in paths:
        if p.is_dir():
            p = p / DATABASE
            if not p.is_file():
                raise UserError(f"{p.parent}: no {DATABASE} here (CMake writes one with "
                                "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON; `bear -- make` for other builds)")
        if p.suffix == ".json":
            units.extend(read_database(p))
        elif is_c_source(p):
            if not p.is_file():
                raise UserError(f"{p}: no such file")
            units.append(CompileUnit(p.resolve(), Path.cwd(), tuple(flags)))
        else:
            raise UserError(f"{p}: expected a {DATABASE}, a folder holding one, or C and C++ files "
                            "(.c, .cpp, .cc, .cxx)")
    seen: set[Path] = set()
    out = []
    for u in units:
        if u.file not in seen:
            seen.add(u.file)
            out.append(u)
    return out


def read_database(path: Path) -> list[CompileUnit]:
    """The C and C++ units of a compilation database (a JSON list of `directory`, `file`
    and `arguments` or `command`); a mistake names the file, line and column."""
    text = read_source(path, MAX_MODEL_BYTES * 64, "a compilation database")
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as e:
        raise UserError(f"malformed JSON: {e.msg}", Loc(str(path), e.lineno, e.colno)) from None
    except RecursionError:  # Python's reader recurses once per nested array or object
        where = too_deep(text, MAX_SUITE_DEPTH, "[{", "]}", "\0", "\"", escapes=True)
        raise UserError(f"values nested too deeply (more than {MAX_SUITE_DEPTH} levels)",
                        Loc(str(path), *(where or (1, 1)))) from None
    if not isinstance(entries, list):
        raise UserError("expected a list of compile commands ([{\"directory\": ..., \"file\": ..., "
                        "\"arguments\": [...]}, ...])", Loc(str(path), 1, 1))
    out = []
    for k, entry in enumerate(entries):
        unit = _unit(path, text, k, entry)
        if unit is not None:
            out.append(unit)
    return out


def _unit(path: Path, text: str, k: int, entry: Any) -> CompileUnit | None:
    """Entry `k` of the database as a unit; None for a file that is not C or C++ (an
    assembly file, say)."""
    def bad(msg: str) -> UserError:
        return UserError(f"compile command {k + 1}: {msg}", _entry_loc(path, text, k))

    if not isinstance(entry, dict) or not all(isinstance(entry.get(key), str) for key in ("directory", "file")):
        raise bad("expected an object with \"directory\" and \"file\" strings")
    args = _arguments(entry, bad)
    directory = Path(entry["directory"])
    if not directory.is_absolute():  # (the tools that write databases write absolute ones)
        directory = path.parent.absolute() / directory
    file = (directory / entry["file"]).resolve()
    if not is_c_source(file):
        return None
    return CompileUnit(file, directory, tuple(_project_flags(args[1:], entry["file"], file, directory)))


def _arguments(entry: dict[str, Any], bad: Callable[[str], UserError]) -> list[str]:
    """An entry's command line: its `arguments`, else its `command` split as a shell would."""
    args = entry.get("arguments")
    if args is None and isinstance(entry.get("command"), str):
        try:
            args = shlex.split(entry["command"])
        except ValueError as e:
            raise bad(f"\"command\" is not a shell command line ({e})") from None
    if not isinstance(args, list) or not args or not all(isinstance(a, str) for a in args):
        raise bad("expected \"arguments\" (a list of strings) or \"command\" (a string)")
    return args


def _entry_loc(path: Path, text: str, k: int) -> Loc:
    """Where entry `k` of the database starts (its k+1-th object at depth one)."""
    depth, seen, quoted, escaped = 0, -1, False, False
    for i, c in enumerate(text):
        if quoted:
            escaped = not escaped and c == "\\"
            quoted = escaped or c != "\""
            continue
        if c == "\"":
            quoted = True
        elif c in "[{":
            depth += 1
            if depth == 2 and c == "{":
                seen += 1
                if seen == k:
                    return loc_at(str(path), text, i)
        elif c in "]}":
            depth -= 1
    return Loc(str(path), 1, 1)


# options that take the next argument as their value, and are dropped with it
_DROPPED_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ", "-Xlinker", "--serialize-diagnostics"}
# options dropped alone: what to write (we write the module), dependency files, debug info
# (we ask for line tables), diagnostics as errors, LTO (its module stops before the optimiser)
_DROPPED = {"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-emit-llvm", "-save-temps", "-pipe"}
_DROPPED_PREFIXES = ("-g", "-Werror", "-flto", "-fprofile", "-fsanitize", "-fcoverage", "-Wl,", "-o")


def _project_flags(args: list[str], given: str, file: Path, directory: Path) -> list[str]:
    """A command's flags that shape the module (defines, includes, standard, target,
    optimisation and code-generation options), without the source file itself."""
    out: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a in _DROPPED_WITH_VALUE:
            skip = True
        elif a in _DROPPED or a.startswith(_DROPPED_PREFIXES) or a == given or _same_file(a, file, directory):
            continue
        else:
            out.append(a)
    return out


def _same_file(arg: str, file: Path, directory: Path) -> bool:
    """Whether `arg` names the unit's source file (relative to the command's folder)."""
    return not arg.startswith("-") and is_c_source(Path(arg)) and (directory / arg).resolve() == file


# the optimisation levels at which clang runs the loop vectorizer
_VECTORIZING = ("-O2", "-O3", "-Os", "-Oz", "-Ofast")


def clang_args(unit: CompileUnit) -> tuple[list[str], str | None]:
    """The unit's flags for clang to write the module the loop vectorizer sees, and a
    note where the scan changed the project's choice: a build that does not optimise
    (no -O, -O0, -O1) runs no loop vectorizer, so it is compiled at -O2 instead."""
    levels = [a for a in unit.flags if a.startswith("-O")]
    flags = [a for a in unit.flags if not a.startswith("-O")]
    level = levels[-1] if levels else None
    if level == "-O":
        level = "-O1"
    note = None
    if level not in _VECTORIZING:
        note = f"compiled at -O2 (the project's {level or 'default -O0'} runs no loop vectorizer)"
        level = "-O2"
    return [level, *flags, "-gline-tables-only", "-S", "-emit-llvm"], note
