"""Equivalence for every trip count (transforms/step.py through the translation
validation) of the forms the tool writes: one vector iteration from any state refines
VF scalar iterations. A form right only within the bound is not proved for every trip
count; shapes the step cannot cover fall back to the bounded check and say so."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import MODELS, emitted_mutant, emitted_verdict

PROVED = [("seed/search_loop", "general", 4), ("seed/search_loop", "simple", 4), ("seed/search_loop", "simple", 16),
          ("seed/liveout_a", "general", 4), ("seed/liveout_b", "general", 4), ("seed/liveout_a", "simple", 4),
          ("legality/two_exits", "general", 4), ("legality/two_exits", "simple", 4),
          ("legality/countdown", "general", 4), ("legality/while_true_latch", "simple", 4),
          ("forms/sum_until_zero", "general", 4), ("forms/abs_copy", "general", 4)]


@pytest.mark.slow
@pytest.mark.parametrize("name,form,vf", PROVED, ids=[f"{n}-{f}-vf{vf}" for n, f, vf in PROVED])
def test_the_form_is_proved_for_every_trip_count(name: str, form: str, vf: int) -> None:
    v = emitted_verdict(MODELS / f"{name}.loop", form, vf, every_trip_count=True, max_trip=4 * vf)
    assert v.verdict == "proved", v.reason
    assert v.coverage.unbounded


def _wrong_from(at: int) -> tuple[str, str]:
    """An edit of an emitted form at VF 4: its vector loop steps the induction one too
    far once it is at `at` or past it: right for every run of fewer than `at` iterations."""
    return (r"%([\w.]+)\.vec\.next = add i64 %\1\.vec, 4\n",
            "%\\1.vec.next.0 = add i64 %\\1.vec, 4\n  %early = icmp slt i64 %\\1.vec, " + str(at) + "\n"
            "  %skewed = add i64 %\\1.vec, 5\n  %\\1.vec.next = select i1 %early, i64 %\\1.vec.next.0, i64 %skewed\n")


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_form_right_only_within_the_bound_is_not_proved_for_every_trip_count(tmp_path: Path, form: str) -> None:
    r = emitted_mutant(tmp_path, MODELS / "seed" / "search_loop.loop", _wrong_from(100), form)
    # refuted from the induction step's state, or bounded only: never proved
    assert r.returncode in (1, 3) and not r.stdout.startswith("proved"), r.stdout + r.stderr


@pytest.mark.slow
def test_a_form_wrong_only_from_its_second_vector_iteration_is_refuted(tmp_path: Path) -> None:
    # (the general form so broken is unknown within 60 s: the solver's timeout)
    r = emitted_mutant(tmp_path, MODELS / "seed" / "search_loop.loop", _wrong_from(4), "simple", max_trip=16)
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout + r.stderr


MARKS = """loop marks(N: i64) {
  array a: i8[N] init
  i = 0
  while (i < N) {
    x = a[i]
    if (x == 0) break
    a[i] = 1
    i = i +nsw 1
  }
  out i
}"""


@pytest.mark.slow
def test_a_bounded_only_answer_says_why_and_is_accepted_only_when_asked(tmp_path: Path) -> None:
    src = tmp_path / "marks.loop"
    src.write_text(MARKS)
    v = emitted_verdict(src, "simple", 2, max_trip=8)
    assert v.verdict == "unknown" and not v.coverage.unbounded
    assert "never makes poison" in (v.coverage.why_bounded or ""), v.coverage
    accepted = emitted_verdict(src, "simple", 2, max_trip=8, bounded=True)
    assert accepted.verdict == "proved" and not accepted.coverage.unbounded, accepted.reason


def test_an_illegal_form_still_gets_a_replayed_counterexample_from_the_real_start() -> None:
    v = emitted_verdict(MODELS / "seed" / "division.loop", "general", 2, max_trip=8)
    assert v.verdict == "counterexample"
    assert v.counterexample is not None and "division by zero" in v.counterexample.divergence.summary
    assert not any(p.startswith("window.") for p in v.counterexample.inputs.params)  # a real input


REFUTED_AT_16 = [("seed/guarded_division", "general", "division by "),
                 ("seed/indirect_access", "simple", "out of bounds"),
                 ("seed/predication_example_ordered", "general", "trace differs")]


@pytest.mark.slow
@pytest.mark.parametrize("name,form,what", REFUTED_AT_16, ids=[f"{n}-{f}" for n, f, _ in REFUTED_AT_16])
def test_an_illegal_form_at_vf_16_is_refuted_from_its_first_vector_iteration(name: str, form: str,
                                                                             what: str) -> None:
    """The step fails; its inputs, or the step fixed to the loop's start state, show the
    divergence, replayed on the whole programs, without unrolling 64 trips."""
    v = emitted_verdict(MODELS / f"{name}.loop", form, 16, max_trip=64)
    assert v.verdict == "counterexample", v.reason
    assert v.coverage.found_in in ("the first vector iteration", "the induction step's inputs")
    assert v.counterexample is not None and what in v.counterexample.divergence.summary
    assert not any(p.startswith("window.") for p in v.counterexample.inputs.params)


def test_a_budget_spent_before_the_bounded_check_is_unknown_not_an_unbounded_unrolling() -> None:
    v = emitted_verdict(MODELS / "seed" / "division.loop", "general", 16, max_trip=64, timeout=0.5)
    assert v.verdict == "unknown" and "timeout" in (v.reason or ""), v.reason


LL = MODELS / "llvm"
ROTATED = ["abs_exit", "find_first_16", "find_first_64"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ROTATED)
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_rotated_loop_is_proved_for_every_trip_count_past_its_equality_exit(name: str, form: str) -> None:
    # clang's rotated loop leaves on `i.next == N`: a window state past N (q * VF > N)
    # is one the loop never reaches, and is left out of the step
    v = emitted_verdict(LL / f"{name}.scalar.ll", form, 4, every_trip_count=True, max_trip=16)
    assert v.verdict == "proved", v.reason
    assert v.coverage.unbounded


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_leaving_out_states_past_an_equality_exit_keeps_every_state_before_it(tmp_path: Path, form: str) -> None:
    # wrong from i = 8 on, well before find_first_64's N = 64: the step must still see it
    r = emitted_mutant(tmp_path, LL / "find_first_64.scalar.ll", _wrong_from(8), form, max_trip=16)
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout + r.stderr
