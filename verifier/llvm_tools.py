"""LLVM's own tools in the loop: clang turns C into the module the loop vectorizer sees,
opt runs a pass pipeline, and the functions the pass changed are what to validate
(Alive2's `-tv` workflow, for early-exit loops). The tools are found on PATH or given;
a missing one is the user's to install (a UserError saying what, exit 2)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from verifier.errors import UserError

CLANG = ("clang-22", "clang")
OPT = ("opt-22", "opt")
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


def c_to_ll(source: Path, clang: str, out: Path) -> Path:
    """`source` (C) as the module clang -O2 has just before loop-vectorize: the same
    pipeline the project's fixtures use (models/llvm/regenerate.sh), with line tables
    (-gline-tables-only: verdicts point at C lines; LLVM keeps debug info from changing
    code). The first dump is the module at the first function's vectorization."""
    if not source.is_file():
        raise UserError(f"{source}: no such file")
    r = subprocess.run([clang, *CLANG_FLAGS, "-o", "/dev/null",
                        "-mllvm", "-print-before=loop-vectorize", "-mllvm", "-print-module-scope", str(source)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise UserError(f"{source}: clang failed:\n{r.stderr.strip()}")
    module: list[str] = []
    started = False
    for line in r.stderr.splitlines():
        if line.startswith("; *** IR Dump"):
            if started:
                break
            started = True
            continue
        if started:
            module.append(line)
    if not module:  # no loop reached the vectorizer: the optimized module itself
        r = subprocess.run([clang, *CLANG_FLAGS, "-o", str(out), str(source)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise UserError(f"{source}: clang failed:\n{r.stderr.strip()}")
        return out
    out.write_text("\n".join(module) + "\n")
    return out


def run_opt(module: Path, opt: str, args: list[str], out: Path) -> Path:
    """opt `args` on `module`, written to `out`."""
    r = subprocess.run([opt, *args, "-S", str(module), "-o", str(out)], capture_output=True, text=True)
    if r.returncode != 0:
        raise UserError(f"opt {' '.join(args)} failed on {module}:\n{r.stderr.strip()}")
    return out


def function_texts(module: Path) -> dict[str, str]:
    """Each defined function's body as llvmlite prints it (to see what a pass changed)."""
    from verifier.frontend.llvm import read_module

    return {f.name: str(f) for f in read_module(module).functions if not f.is_declaration}


def changed_functions(before: Path, after: Path) -> list[str]:
    """The functions defined in both modules whose bodies differ, in `before`'s order."""
    a, b = function_texts(before), function_texts(after)
    return [name for name, text in a.items() if name in b and b[name] != text]
