"""LLVM's tools in the loop: `verifier opt` runs opt and validates every function the
pass changed; `.c` input goes through clang first. The tests that need clang or opt
run where they are installed and are skipped where they are not (CI needs no LLVM);
a missing tool is always a clear usage error."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli

LLVM = Path(__file__).parent.parent / "models" / "llvm"
HAS_OPT = shutil.which("opt-22") is not None
HAS_CLANG = shutil.which("clang-22") is not None



def test_a_missing_tool_says_what_to_install() -> None:
    r = cli("opt", str(LLVM / "find_char.scalar.ll"), "--opt", "/nowhere/opt")
    assert r.returncode == 2 and "apt-get install clang-22 llvm-22" in r.stderr and "Traceback" not in r.stderr
    r = cli("opt", str(LLVM / "find_char.scalar.ll"), "--opt", "/nowhere/opt", "--clang", "/nowhere/clang")
    assert r.returncode == 2


def test_only_llvm_ir_or_c(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("hello")
    r = cli("opt", str(f), "--opt", sys.executable)  # any existing program stands in for opt here
    assert r.returncode == 2 and "expected LLVM IR (.ll) or C (.c)" in r.stderr


@pytest.mark.skipif(not HAS_OPT, reason="opt-22 is not installed")
def test_opt_validates_what_the_vectorizer_changed() -> None:
    """LLVM 22's vectorized find_char: refuted under LangRef's cttz.elts rule (a poison
    lane past the exit makes the index poison), proved under first-true; the same
    verdicts as the committed fixtures in proofs/llvm.toml."""
    args = ("--", "-passes=loop-vectorize", "-force-vector-width=4")
    r = cli("opt", str(LLVM / "find_char.scalar.ll"), *args)
    assert r.returncode == 1 and "find_char  counterexample" in r.stdout, r.stdout + r.stderr
    r = cli("opt", str(LLVM / "find_char.scalar.ll"), "--cttz-elts", "first-true", *args)
    assert r.returncode == 0 and "find_char  proved" in r.stdout, r.stdout + r.stderr


@pytest.mark.skipif(not HAS_OPT, reason="opt-22 is not installed")
def test_a_pass_that_changes_nothing(tmp_path: Path) -> None:
    r = cli("opt", str(LLVM / "module" / "three.src.ll"), "--keep", str(tmp_path), "--", "-passes=verify")
    assert r.returncode == 0 and "changed no function" in r.stdout


@pytest.mark.skipif(not (HAS_OPT and HAS_CLANG), reason="clang-22 and opt-22 are not installed")
def test_from_c_to_verdicts_in_one_command(tmp_path: Path) -> None:
    r = cli("opt", str(LLVM / "c" / "find_char.c"), "--cttz-elts", "first-true", "--keep", str(tmp_path),
            "--", "-passes=loop-vectorize", "-force-vector-width=4")
    assert r.returncode == 0 and "find_char  proved" in r.stdout, r.stdout + r.stderr
    assert (tmp_path / "find_char.scalar.ll").exists() and (tmp_path / "find_char.opt.ll").exists()
    r = cli("check", str(LLVM / "c" / "find_char.c"), "--check", "speculate")
    assert r.returncode == 0 and "proved" in r.stdout, r.stdout + r.stderr


def test_a_keep_path_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    if shutil.which("opt-22") is None:
        pytest.skip("opt-22 is not installed")
    (tmp_path / "f").write_text("")
    r = cli("opt", str(MODELS / "llvm" / "find_char.scalar.ll"), "--keep", str(tmp_path / "f"))
    assert r.returncode == 2 and "--keep" in r.stderr and "internal error" not in r.stderr, r.stderr
