"""bench/llvm_tests.py reads the RUN lines of LLVM's own tests the way lit would hand
them to opt: redirections and the FileCheck pipe dropped, flags spelled with one dash
or two; flags the installed opt does not know are dropped and reported, a legacy pass
flag joins the -passes pipeline. A stand-in opt plays opt's part, so no LLVM is needed."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from llvm_tests import run_args, usable_args  # noqa: E402


@pytest.mark.parametrize(("run", "args"), [
    ("; RUN: opt -S < %s -p loop-vectorize -force-vector-width=4 | FileCheck %s",
     ["-passes=loop-vectorize", "-force-vector-width=4"]),
    ("; RUN: opt -loop-vectorize -dce -mtriple aarch64-linux-gnu -S < %s 2>%t | FileCheck %s",
     ["-loop-vectorize", "-dce", "-mtriple", "aarch64-linux-gnu"]),
    ("; RUN: opt -passes=loop-vectorize --disable-output -debug-only=loop-vectorize %s 2>&1 | FileCheck %s",
     ["-passes=loop-vectorize"]),
    ("; RUN: opt --passes=loop-vectorize -force-vector-width=4 \\\n; RUN:   -force-vector-interleave=1 2> %t \\\n"
     "; RUN:   -S %s -o - | FileCheck %s",
     ["-passes=loop-vectorize", "-force-vector-width=4", "-force-vector-interleave=1"]),
    ("; RUN: llc < %s | FileCheck %s", ["-passes=loop-vectorize", "-force-vector-width=4"]),  # none: the default
])
def test_a_run_line_gives_opt_s_pass_arguments(run: str, args: list[str]) -> None:
    assert run_args(run + "\ndefine void @f() {\n  ret void\n}\n") == args


STAND_IN = """#!{python}
import sys
PASSES = {{"loop-vectorize", "dce"}}
UNKNOWN = {{"-loop-vectorize", "-dce", "-enable-early-exit-vectorization"}}
for a in sys.argv[1:]:
    if a in UNKNOWN:
        print(f"opt: Unknown command line argument '{{a}}'.  Try: 'opt --help'", file=sys.stderr)
        sys.exit(1)
    if a.startswith("-passes=") and not set(a[8:].split(",")) <= PASSES:
        print("opt: unknown pass name", file=sys.stderr)
        sys.exit(1)
"""


def test_flags_opt_does_not_know_are_dropped_and_legacy_passes_moved(tmp_path: Path) -> None:
    opt = tmp_path / "opt"
    opt.write_text(STAND_IN.format(python=sys.executable))
    opt.chmod(opt.stat().st_mode | stat.S_IEXEC)
    module = tmp_path / "m.ll"
    module.write_text("define void @f() {\n  ret void\n}\n")
    args, dropped, moved = usable_args(str(opt), ["-loop-vectorize", "-dce", "-enable-early-exit-vectorization",
                                                  "-force-vector-width=4"], module)
    assert args == ["-passes=loop-vectorize,dce", "-force-vector-width=4"]
    assert dropped == ["-enable-early-exit-vectorization"] and moved == ["loop-vectorize", "dce"]
    # arguments opt takes as they are stay as they are
    assert usable_args(str(opt), ["-passes=loop-vectorize"], module) == (["-passes=loop-vectorize"], [], [])
