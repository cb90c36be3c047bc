"""Unbounded equivalence (transforms/step.py, checks/forms.inductive_equivalence):
one vector iteration from any state refines VF scalar iterations. Proofs on both
forms; a form that is right only within the bound must not be proved for every
trip count; shapes the window cannot cover fall back to the bounded check."""

from __future__ import annotations

import copy

import pytest

from tests.helpers import MODELS, model
from verifier.analysis.exits import analyse
from verifier.checks.first_iteration import first_vector_iteration
from verifier.checks.forms import generate, induction_step, inductive_equivalence
from verifier.checks.refinement import refinement
from verifier.checks.verdict import Coverage
from verifier.frontend.llvm import parse_ll_file
from verifier.frontend.parser import parse
from verifier.ir.program import Attrs, Const, Instr, Ref
from verifier.ir.types import I1
from verifier.smt.budget import Budget
from verifier.transforms.step import source_step, target_step
from verifier.transforms.vector_loop import VectorForm

PROVED = [("seed/search_loop", "general", 4), ("seed/search_loop", "simple", 4), ("seed/search_loop", "simple", 16),
          ("seed/liveout_a", "general", 4), ("seed/liveout_b", "general", 4), ("seed/liveout_a", "simple", 4),
          ("legality/two_exits", "general", 4), ("legality/two_exits", "simple", 4),
          ("legality/countdown", "general", 4), ("legality/while_true_latch", "simple", 4),
          ("forms/sum_until_zero", "general", 4), ("forms/abs_copy", "general", 4)]


@pytest.mark.slow
@pytest.mark.parametrize("name,form,vf", PROVED, ids=[f"{n}-{f}-vf{vf}" for n, f, vf in PROVED])
def test_the_form_is_proved_for_every_trip_count(name: str, form: str, vf: int) -> None:
    v = inductive_equivalence(model(f"{name}.loop"), vf, 4 * vf, budget=Budget.of(120), form=form, require_unbounded=True)
    assert v.verdict == "proved", v.reason
    assert v.coverage.unbounded


def _wrong_after_100(vform: VectorForm, at: int = 100, iv_name: str = "i") -> VectorForm:
    """The vector loop steps its induction one too far once i >= `at`: right for every
    run of fewer than `at` iterations, wrong after."""
    f = copy.deepcopy(vform)
    vh = f.program.blocks[f.vector_header]
    iv = next(ph for ph in vh.phis if f.vphis[ph.dest] == iv_name)
    k = next(n for n, (b, _) in enumerate(iv.incoming) if b != f.preheader)
    latch, nxt = iv.incoming[k]
    blk = f.program.blocks[latch]
    blk.instrs += [Instr(90001, "icmp", [Ref(iv.dest), Const(at, iv.type)], I1, "early", Attrs(pred="slt")),
                   Instr(90002, "add", [nxt, Const(1, iv.type)], iv.type, "skewed", Attrs()),
                   Instr(90003, "select", [Ref("early"), nxt, Ref("skewed")], iv.type, "i.back", Attrs())]
    iv.incoming[k] = (latch, Ref("i.back"))
    return f


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_form_right_only_within_the_bound_is_not_proved_for_every_trip_count(form: str) -> None:
    prog = model("seed/search_loop.loop")
    bad = _wrong_after_100(generate(prog, form, 4))
    within = refinement(prog, bad.program, max_trip=16, budget=Budget.of(120), target_unroll=bad.unroll(16))
    assert within.verdict == "proved", within.reason  # the bound cannot see it
    step = induction_step(prog, bad, budget=Budget.of(120))
    assert step.verdict == "counterexample"  # from a window state with i >= 100
    assert step.counterexample is not None and "step.i" in step.counterexample.divergence.summary


@pytest.mark.slow
def test_a_bounded_only_proof_says_why_and_is_unknown_when_every_trip_count_is_required() -> None:
    text = """loop marks(N: i64) {
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
    prog = parse(text, "marks.loop")
    v = inductive_equivalence(prog, 2, 8, budget=Budget.of(120), form="simple")
    assert v.verdict == "proved" and not v.coverage.unbounded
    assert "init" in v.coverage.why_bounded or "never makes poison" in v.coverage.why_bounded
    strict = inductive_equivalence(prog, 2, 8, budget=Budget.of(120), form="simple", require_unbounded=True)
    assert strict.verdict == "unknown" and "up to 8 only" in (strict.reason or "")


def test_an_illegal_form_still_gets_a_replayed_counterexample_from_the_real_start() -> None:
    v = inductive_equivalence(model("seed/division.loop"), 2, 8, budget=Budget.of(120), form="general")
    assert v.verdict == "counterexample"
    assert v.counterexample is not None and "division by zero" in v.counterexample.divergence.summary
    assert "window.q" not in v.counterexample.inputs.params  # a real input, not a window state


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_countdown_at_vf_64_is_proved_with_its_lane_bounds_checks_grouped(form: str) -> None:
    """64 lane loads a[i - k]: the encoder keeps the end lanes' bounds checks only
    (analysis/accesses.py); the proof still covers every lane."""
    v = inductive_equivalence(model("legality/countdown.loop"), 64, 256, budget=Budget.of(120), form=form,
                              require_unbounded=True)
    assert v.verdict == "proved", v.reason


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_middle_lane_that_reads_past_the_end_is_caught(form: str) -> None:
    """Lane 33 of 64 reads a[i + 1] instead of a[i - 32]: it leaves the group of
    a[i - k] and its own bounds check refutes the form at i = N - 1."""
    prog = model("legality/countdown.loop")
    bad = copy.deepcopy(generate(prog, form, 64))
    lane = next(ins for blk in bad.program.blocks.values() for ins in blk.instrs
                if ins.op == "sub" and ins.args[1] == Const(32, ins.args[1].type)
                and any(j.op == "load" and j.args[0] == Ref(ins.dest or "") for j in blk.instrs))
    lane.op, lane.args[1] = "add", Const(1, lane.type or I1)
    v = induction_step(prog, bad, budget=Budget.of(120))
    assert v.verdict == "counterexample", v.reason
    assert v.counterexample is not None and "out of bounds" in v.counterexample.divergence.summary


REFUTED_AT_16 = [("seed/guarded_division", "general", "division by zero"),
                 ("seed/indirect_access", "simple", "out of bounds"),
                 ("seed/predication_example_ordered", "general", "trace differs"),
                 ("seed/hoist_store", "simple", "after the source but")]


@pytest.mark.slow
@pytest.mark.parametrize("name,form,what", REFUTED_AT_16, ids=[f"{n}-{f}" for n, f, _ in REFUTED_AT_16])
def test_an_illegal_form_at_vf_16_is_refuted_from_its_first_vector_iteration(name: str, form: str,
                                                                             what: str) -> None:
    """The step fails; its inputs, or the step fixed to the loop's start state (q = 0),
    show the divergence, replayed on the whole programs, without unrolling 64 trips."""
    v = inductive_equivalence(model(f"{name}.loop"), 16, 64, budget=Budget.of(120), form=form, concrete_tests=False)
    assert v.verdict == "counterexample", v.reason
    assert v.coverage.found_in in ("the first vector iteration", "the induction step's inputs",
                                          "vector iteration 1, checked step by step")
    assert v.counterexample is not None and what in v.counterexample.divergence.summary
    assert not any(p.startswith("window.") for p in v.counterexample.inputs.params)


def _steps(prog, vform):  # type: ignore[no-untyped-def]
    le = analyse(prog)
    return source_step(prog, le, vform.vf), target_step(vform, prog, le)


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_form_wrong_only_from_its_second_vector_iteration_is_left_to_the_bounded_check(form: str) -> None:
    """The first vector iteration alone shows nothing (unknown, never a counterexample
    made up from the step); the bounded check then finds the real one."""
    prog = model("seed/search_loop.loop")
    bad = _wrong_after_100(generate(prog, form, 4), at=4)
    first = first_vector_iteration(prog, bad, *_steps(prog, bad), budget=Budget.of(120))
    assert first.verdict == "unknown" and first.counterexample is None
    bounded = refinement(prog, bad.program, max_trip=16, budget=Budget.of(120), target_unroll=bad.unroll(16))
    assert bounded.verdict == "counterexample"


@pytest.mark.slow
@pytest.mark.parametrize("name,form", [("seed/hoist_store", "simple"), ("seed/liveout_y_ordered", "general")])
def test_the_first_vector_iteration_alone_refutes_an_illegal_form(name: str, form: str) -> None:
    """Without the step's inputs: the query from the start state (hoist_store's first
    answer there is a step live-out that the whole programs do not show; memory is
    asked for first) and its replay."""
    prog = model(f"{name}.loop")
    vform = generate(prog, form, 8)
    first = first_vector_iteration(prog, vform, *_steps(prog, vform), budget=Budget.of(120))
    assert first.verdict == "counterexample", first.reason
    assert first.coverage == Coverage(found_in="the first vector iteration")
    assert first.counterexample is not None and first.counterexample.divergence.kind in ("memory", "trace")


def test_the_first_vector_iteration_of_a_correct_form_shows_nothing() -> None:
    prog = model("seed/search_loop.loop")
    vform = generate(prog, "general", 4)
    first = first_vector_iteration(prog, vform, *_steps(prog, vform), budget=Budget.of(120))
    assert first.verdict == "unknown" and first.counterexample is None


def test_a_budget_spent_on_the_step_is_unknown_not_an_unbounded_unrolling() -> None:
    """With the time gone before the bounded fallback, the verdict is a timeout: the
    unrolled check is not started (its encoding alone can outlast the budget)."""
    v = inductive_equivalence(model("seed/division.loop"), 16, 64, budget=Budget.of(0.5), form="general",
                              concrete_tests=False)
    assert v.verdict == "unknown" and "timeout" in (v.reason or "")


LL = MODELS / "llvm"
ROTATED = ["abs_exit", "find_first_16", "find_first_64"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ROTATED)
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_rotated_loop_is_proved_for_every_trip_count_past_its_equality_exit(name: str, form: str) -> None:
    # clang's rotated loop leaves on `i.next == N`: a window state past N (q * VF > N)
    # is one the loop never reaches, and is left out of the step
    prog = parse_ll_file(LL / f"{name}.scalar.ll")
    v = inductive_equivalence(prog, 4, 16, budget=Budget.of(120), form=form, require_unbounded=True)
    assert v.verdict == "proved", v.reason
    assert v.coverage.unbounded


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_leaving_out_states_past_an_equality_exit_keeps_every_state_before_it(form: str) -> None:
    # wrong from i = 8 on, well before find_first_64's N = 64: the step must still see it
    prog = parse_ll_file(LL / "find_first_64.scalar.ll")
    vform = generate(prog, form, 4)
    iv = next(iter(analyse(prog).inductions))
    bad = _wrong_after_100(vform, at=8, iv_name=iv)
    le = analyse(prog)
    step = induction_step(prog, bad, Budget.of(120), source_step(prog, le, 4), target_step(bad, prog, le))
    assert step.verdict == "counterexample"
    assert refinement(prog, bad.program, max_trip=13, budget=Budget.of(120)).verdict == "counterexample"
