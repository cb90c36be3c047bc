"""LLVM's attributes and assumptions read as LangRef says (issue 40, item 3): a
"dereferenceable" bundle with a runtime size, bundles followed by `!dbg`, a pointer
phi over a constant-expression GEP into its own global, and `null_pointer_is_valid`.
Each on both sides: the loop that must be proved and the variant that must not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli
from verifier.checks.dispatch import Check, Request, decide
from verifier.frontend import load_program
from verifier.frontend.llvm import LLUnsupported

LL = MODELS / "llvm"
ASSUME = LL / "assume"
MAX = (1 << 64) - 1


def _run(path: Path, func: str, *sets: str) -> dict:
    r = cli("run", str(path), "--func", func, "--json", *(x for s in sets for x in ("--set", s)))
    assert r.returncode in (0, 1) and r.stdout, r.stdout + r.stderr  # 1: the run ended in UB
    out: dict = json.loads(r.stdout)
    return out


@pytest.mark.slow
def test_a_runtime_dereferenceable_size_does_not_wrap() -> None:
    """[a, a + n) with n = 2^64 - 1 over a 1-byte object is not dereferenceable: the
    assumption is violated, so the function has UB (it wrapped to "inside" before)."""
    base = ("a.bytes=1", "b.bytes=1", "a.addr=4", "b.addr=4", "a=[0]", "b=[1]")
    huge = _run(ASSUME / "deref_n.ll", "first_difference", f"n.value={MAX}", "n.poison=0", *base)
    assert huge["status"] == "ub" and "assum" in json.dumps(huge["ub"]).lower()
    fits = _run(ASSUME / "deref_n.ll", "first_difference", "n.value=1", "n.poison=0", *base)
    assert fits["status"] == "ok"


@pytest.mark.slow
def test_speculating_under_a_runtime_dereferenceable_assumption_is_proved() -> None:
    prog = load_program(ASSUME / "deref_n.ll", "first_difference")
    (v,) = decide(Request(Check.SPECULATE, vf=4, timeout=60), prog)
    assert v.verdict == "proved" and v.coverage.unbounded, v.reason


@pytest.mark.slow
def test_the_vectorized_mismatch_under_the_assumption_has_no_counterexample_from_it() -> None:
    """Under first-true cttz.elts LLVM's output has no counterexample (before: n = 2^64-1
    over 1-byte objects, 'satisfying' the assumption)."""
    r = cli("equiv", str(ASSUME / "deref_n.ll"), str(ASSUME / "deref_n.vf4.ll"), "--func", "first_difference",
            "--cttz-elts", "first-true", "--max-trip", "8", "--timeout", "30", "--json")
    assert r.returncode != 1, r.stdout


def test_an_assume_bundle_followed_by_debug_info_is_read() -> None:
    """C with line tables: `call void @llvm.assume(i1 true) [ ... ], !dbg !16`. The
    bundle makes the loads safe; the same loop without it is refuted."""
    path = ASSUME / "deref_dbg.scalar.ll"
    assert ", !dbg !" in next(line for line in path.read_text().splitlines() if "dereferenceable" in line)
    (ok,) = decide(Request(Check.SPECULATE, vf=4, timeout=60), load_program(path, "find_in_64_bytes"))
    assert ok.verdict == "proved", ok.reason
    (bad,) = decide(Request(Check.SPECULATE, vf=4, timeout=60), load_program(path, "find_no_assume"))
    assert bad.verdict == "counterexample"


@pytest.mark.slow
def test_a_pointer_phi_with_a_constant_gep_into_its_global_is_one_object(tmp_path: Path) -> None:
    """find_global_end returns `getelementptr inbounds nuw (i8, ptr @primes, i64 64)`
    when nothing matches: one object. opt's output is proved; a target returning the
    wrong end (60 bytes in) is refuted."""
    src = LL / "find_global_end.scalar.ll"
    prog = load_program(src, "find_global_end")
    (v,) = decide(Request(Check.SPECULATE, vf=4, timeout=60), prog)
    assert v.verdict == "proved", v.reason
    good = cli("equiv", str(src), str(LL / "find_global_end.vf4.ll"), "--func", "find_global_end", "--json")
    assert good.returncode == 0, good.stdout
    wrong = tmp_path / "wrong.ll"
    wrong.write_text((LL / "find_global_end.vf4.ll").read_text().replace("ptr @primes, i64 64)", "ptr @primes, i64 60)"))
    bad = cli("equiv", str(src), str(wrong), "--func", "find_global_end", "--json")
    assert bad.returncode == 1, bad.stdout
    assert json.loads(bad.stdout)["counterexample"]["divergence"]["kind"] == "live-out"


def test_null_pointer_is_valid_is_named_as_unsupported(tmp_path: Path) -> None:
    text = (LL / "find_global_end.scalar.ll").read_text()
    marked = tmp_path / "null_valid.ll"
    marked.write_text(text.replace("attributes #0 = { ", "attributes #0 = { null_pointer_is_valid ", 1))
    assert "null_pointer_is_valid" in marked.read_text()
    try:
        load_program(marked, "find_global_end")
    except LLUnsupported as u:
        assert "null_pointer_is_valid" in str(u) and u.loc is not None
    else:
        raise AssertionError("null_pointer_is_valid was ignored")
    r = cli("check", str(marked), "--func", "find_global_end", "--check", "speculate")
    assert r.returncode == 3 and "null_pointer_is_valid" in r.stdout
    assert load_program(LL / "find_global_end.scalar.ll", "find_global_end").name == "find_global_end"


def test_a_broken_module_with_debug_info_is_a_clear_error(tmp_path: Path) -> None:
    # LLVM's parser verifies a module with current debug info itself and aborts the
    # process when it is broken (exit 134, "LLVM ERROR: Broken module found"); the
    # front end verifies it first without its debug info
    text = (MODELS / "llvm" / "assume" / "deref_dbg.scalar.ll").read_text()
    broken = text.replace("%4 = phi i64 [ 0, %2 ], [ %9, %8 ]", "%4 = phi i64 [ 0, %2 ], [ 0, %2 ], [ %9, %8 ]")
    assert broken != text
    f = tmp_path / "broken.ll"
    f.write_text(broken)
    r = cli("show", str(f), "--func", "find_in_64_bytes")
    assert r.returncode == 2, r.stderr
    assert f"{f}:1:1: error: not valid LLVM IR" in r.stderr
    assert "LLVM ERROR" not in r.stderr and "Traceback" not in r.stderr


def test_debug_info_is_read_without_llvm_warnings() -> None:
    r = cli("show", str(MODELS / "llvm" / "assume" / "deref_dbg.scalar.ll"), "--func", "find_in_64_bytes")
    assert r.returncode == 0, r.stderr
    assert "warning" not in r.stderr
