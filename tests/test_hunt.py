"""The wrong-proof hunter (bench/hunt.py): its judges show wrong what is wrong and alike
what is right, independently of the tool; its mutants are the edits it names; and a
small deterministic sample of its run ends with no wrong proof (the slow tier; the
native judge where clang-22 and llc-22 are installed, the interpreter elsewhere)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import MODELS

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import hunt  # noqa: E402
import hunt_mutate  # noqa: E402
import hunt_native  # noqa: E402

CALLS = MODELS / "llvm" / "calls"
LLVM = MODELS / "llvm"
native = pytest.mark.skipif(not hunt_native.available(), reason="needs clang-22 and llc-22")


def _judge(src: str, tgt: str, func: str, tmp: Path) -> hunt_native.Verdict:
    return hunt_native.judge(hunt_native.build(src, tgt, func, tmp), src)


# ------------------------------------------------------------------ the native judge

@native
def test_a_target_that_skips_the_call_that_ends_the_run_is_shown_wrong(tmp_path: Path) -> None:
    # the source calls foo(16) (not willreturn) before its out-of-bounds load; the target
    # stops after 16 calls: the run that ends inside foo(16) tells them apart
    v = _judge((CALLS / "stop_early.src.ll").read_text(), (CALLS / "stop_early.tgt.ll").read_text(), "sum", tmp_path)
    assert v.difference is not None
    assert v.difference.source.status == "exit" and v.difference.target.status == "ret"
    assert v.skipped > 0  # the inputs where the source reads past g and faults are not used


@native
def test_the_same_target_is_alike_where_the_call_returns(tmp_path: Path) -> None:
    v = _judge((CALLS / "stop_early_returns.src.ll").read_text(), (CALLS / "stop_early.tgt.ll").read_text(), "sum",
               tmp_path)
    assert v.difference is None and v.runs > 0


@native
def test_a_form_that_reads_ahead_past_a_writing_call_is_shown_wrong(tmp_path: Path) -> None:
    # the form the tool proves where ext touches only inaccessible memory, run where ext
    # may write arr: a stub that writes arr on its first call tells them apart
    form = tmp_path / "form.ll"
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "vectorize", str(CALLS / "write_global_io.scalar.ll"),
                        "--vf", "4", "--emit-llvm", str(form)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    right = _judge((CALLS / "write_global_io.scalar.ll").read_text(), form.read_text(), "write_global", tmp_path / "a")
    assert right.difference is None and right.runs > 0
    wrong = _judge((CALLS / "write_global.scalar.ll").read_text(), form.read_text(), "write_global", tmp_path / "b")
    assert wrong.difference is not None and wrong.difference.input.mode == "write"


@native
def test_a_read_past_the_object_faults_on_the_guard_page(tmp_path: Path) -> None:
    src = (LLVM / "any_negative.scalar.ll").read_text()
    tgt = (LLVM / "any_negative.vf4.ll").read_text()
    mutated = tgt.replace("icmp eq i64 %index.next, 48", "icmp eq i64 %index.next, 52")
    assert mutated != tgt
    v = _judge(src, mutated, "any_negative", tmp_path)
    assert v.difference is not None and v.difference.target.status == "fault"
    assert _judge(src, tgt, "any_negative", tmp_path / "right").difference is None


# ------------------------------------------------------------------ the mutants

def test_every_operator_edits_llvm_output() -> None:
    text = (LLVM / "any_negative.vf4.ll").read_text()
    ops = {op for op, _, _ in hunt_mutate.llvm_mutants(text, "any_negative")}
    assert {"constant", "predicate", "freeze", "attribute"} <= ops
    for _op, what, mutated in hunt_mutate.llvm_mutants(text, "any_negative"):
        assert mutated != text, what
        # only the function (its body or signature) changes
        assert mutated.split("define")[0] == text.split("define")[0]


def test_constants_move_a_bound_past_the_bounded_depth() -> None:
    text = (LLVM / "any_negative.vf4.ll").read_text()
    whats = [w for op, w, _ in hunt_mutate.llvm_mutants(text, "any_negative", ("constant",))]
    assert any("48 -> 57" in w for w in whats) and any("4 -> 5" in w for w in whats)
    assert not any("align" in w.split("->")[0] for w in whats)


def test_stripped_callees_may_write_and_not_return() -> None:
    text = (CALLS / "stop_early_returns.src.ll").read_text()
    stripped = hunt_mutate.unattributed_calls(text)
    (before,) = hunt_native.callees(text)
    (after,) = hunt_native.callees(stripped)
    assert before.willreturn and not before.writes
    assert not after.willreturn and after.writes


def test_model_mutants_edit_statements_only() -> None:
    text = (MODELS / "seed" / "search_loop.loop").read_text()
    ms = hunt_mutate.loop_mutants(text)
    assert ms and all(t != text for _, _, t in ms)
    head = text.split("\n")[0]
    assert all(t.split("\n")[0] == head for _, _, t in ms)


# ------------------------------------------------------------------ the hunter

def test_a_proof_a_judge_shows_wrong_is_a_wrong_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    # the hunter can fail: a tool that proved the unguarded vector loop would be caught
    monkeypatch.setattr(hunt, "_verdict", lambda *a: ("proved", ""))
    src = (MODELS / "seed" / "search_loop.loop").read_text()
    tgt = (MODELS / "examples" / "search_loop_general_vf4_nofreeze.loop").read_text()
    pair = hunt.Pair("model", "nofreeze", src, tgt, ".loop", None)
    r = hunt.judge_mutant((hunt.Mutant(pair, "none", "as shipped", src, tgt), 20.0, 0))
    assert r.verdict == "proved" and r.wrong_proof
    right = (MODELS / "seed" / "vectorized" / "search_loop_general_vf4.loop").read_text()
    r = hunt.judge_mutant((hunt.Mutant(pair, "none", "as shipped", src, right), 20.0, 0))
    assert not r.wrong


@pytest.mark.slow
def test_a_small_hunt_finds_no_wrong_proof(capsys: pytest.CaptureFixture[str]) -> None:
    code = hunt.main(["--kinds", "llvm,model", "--pairs", "^any_negative$|^search_loop$|^find_first_zero$", "--per-pair",
                      "2", "--jobs", "1", "--no-corpus"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "wrong proofs: 0" in out
    # the mutants are judged and the tool refutes those shown wrong
    total = next(line for line in out.splitlines() if line.startswith("total")).split()
    mutants, refuted, wrong = int(total[1]), int(total[2]), int(total[8])
    assert mutants >= 8 and wrong > 0 and refuted >= wrong


@native
def test_pointers_may_overlap_by_part_of_an_element_where_the_accesses_allow(tmp_path: Path) -> None:
    from tests.test_llvm_overlap import REREAD, REUSED

    v = _judge(REREAD, REUSED, "f", tmp_path / "a")
    assert v.difference is not None and v.difference.input.views
    # `align 4` accesses: the harness keeps every pointer 4-aligned (a 2-byte overlap
    # would be UB the machine does not show), and the pair is right
    aligned = _judge(REREAD.replace("align 1", "align 4"), REUSED.replace("align 1", "align 4"), "f", tmp_path / "b")
    assert aligned.difference is None and aligned.runs > 0


@native
def test_a_pointer_into_a_constant_is_the_same_object_on_both_sides(tmp_path: Path) -> None:
    """Both sides define `@primes` alike: one object, so the returned end pointer is the
    same address (two copies made every proved pair returning one look wrong)."""
    llvm = Path(__file__).parent.parent / "models" / "llvm"
    src = (llvm / "find_global_end.scalar.ll").read_text()
    tgt = (llvm / "find_global_end.vf4.ll").read_text()
    alike = _judge(src, tgt, "find_global_end", tmp_path / "a")
    assert alike.difference is None and alike.runs > 0
    wrong = _judge(src, tgt.replace("i64 64), %13", "i64 60), %13"), "find_global_end", tmp_path / "b")
    assert wrong.difference is not None


@native
def test_an_input_that_breaks_the_source_s_dereferenceable_bundle_is_not_used(tmp_path: Path) -> None:
    """first_difference assumes `"dereferenceable"(ptr %0, i64 %2)`: a view with fewer
    bytes left is source UB, not a target fault; a target wrong on honest inputs is shown."""
    llvm = Path(__file__).parent.parent / "models" / "llvm"
    src = (llvm / "first_difference.scalar.ll").read_text()
    tgt = (llvm / "first_difference.vf4.ll").read_text()
    alike = _judge(src, tgt, "first_difference", tmp_path / "a")
    assert alike.difference is None and alike.runs > 0 and alike.skipped > 0
    wrong = _judge(src, tgt.replace("%14 = add i64 %index, %13", "%14 = add i64 %index, 1"), "first_difference",
                   tmp_path / "b")
    assert wrong.difference is not None
