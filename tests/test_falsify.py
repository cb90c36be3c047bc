"""Concrete tests before the solver (checks/falsify.py): every counterexample they
give is a replay that diverges, found for wrong forms and broken mutants; none for
forms the solver proves; never one that rests on a choice the source made (freeze
of poison: the source has other behaviours there); small once shrunk."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, model
from tests.model_forms import MUTANTS, _mutant
from verifier.checks.falsify import ConcreteTests, concrete_counterexample
from verifier.checks.forms import form_equivalence, generate, inductive_equivalence
from verifier.checks.refinement import refinement
from verifier.checks.replay import replay, replay_fuel
from verifier.frontend.parser import parse
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.smt.budget import Budget

WRONG = [("seed/division", "general", 4), ("seed/division", "simple", 16), ("seed/guarded_division", "general", 4),
         ("seed/indirect_access", "simple", 4), ("seed/hoist_store", "general", 8),
         ("seed/liveout_y_ordered", "general", 64), ("seed/predication_example_ordered", "simple", 4)]
RIGHT = [("seed/search_loop", "general", 4), ("seed/search_loop", "simple", 16), ("seed/liveout_b", "general", 4),
         ("seed/liveout_y", "simple", 4), ("legality/two_exits", "general", 4), ("forms/abs_copy", "general", 4)]


@pytest.mark.slow
@pytest.mark.parametrize("name,form,vf", WRONG, ids=[f"{n}-{f}-vf{v}" for n, f, v in WRONG])
def test_a_wrong_form_is_refuted_by_a_test_that_replays(name: str, form: str, vf: int) -> None:
    prog = model(f"{name}.loop")
    tgt = generate(prog, form, vf).program
    cex = concrete_counterexample(prog, tgt, vf, 4 * vf, seconds=30)
    assert cex is not None
    again = replay(prog, tgt, cex.inputs, replay_fuel(prog, tgt, 4 * vf))
    assert again is not None and again.divergence == cex.divergence
    # shrunk: a trip count within two vector iterations, elements 0 or 1 but for a few
    assert all(abs(v) <= 2 * vf + 1 for v in cex.inputs.params.values()), cex.inputs.params
    assert sum(1 for cells in cex.inputs.arrays.values() for c in cells if c not in (0, 1)) <= 2, cex.inputs


@pytest.mark.parametrize("what,name,vf,mutate", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_each_broken_simple_form_is_refuted_by_a_test(what: str, name: str, vf: int, mutate) -> None:  # type: ignore[no-untyped-def]
    prog = model(f"{name}.loop")
    cex = concrete_counterexample(prog, _mutant(name, vf, mutate), vf, 4 * vf, seconds=30)
    assert cex is not None, what


@pytest.mark.slow
@pytest.mark.parametrize("name,form,vf", RIGHT, ids=[f"{n}-{f}-vf{v}" for n, f, v in RIGHT])
def test_a_form_the_solver_proves_fails_no_test(name: str, form: str, vf: int) -> None:
    prog = model(f"{name}.loop")
    tgt = generate(prog, form, vf).program
    tests = ConcreteTests(prog, tgt, vf, 4 * vf)
    assert tests.run(200, seconds=60) is None
    assert tests.tried == 200  # all of them ran: the budget did not cut them short
    assert form_equivalence(prog, vf, 4 * vf, budget=Budget.of(120), form=form, concrete_tests=False).verdict == "proved"


# freeze of poison may be any value: `out 1` refines it. A source run that made that
# choice (0, the interpreter's default) is not the source's only behaviour, so a test
# must not take the difference for a counterexample.
FROZEN = """loop frozen(N: i64) {
  array a: i8[N]
  x: i8 = 0
  i = 0
  if (i < N) {
    do {
      x = freeze(a[i])
      i = i + 1
    } while (i < N)
  }
  out x
}
"""
ONE = """loop one(N: i64) {
  array a: i8[N]
  x: i8 = 0
  i = 0
  if (i < N) {
    do {
      y = a[i]
      x = 1
      i = i + 1
    } while (i < N)
  }
  out x
}
"""


def test_a_difference_that_rests_on_the_sources_own_choice_is_no_counterexample() -> None:
    src, tgt = parse(FROZEN, "frozen.loop"), parse(ONE, "one.loop")
    tests = ConcreteTests(src, tgt, 4, 8)
    poison_last = Inputs(params={"N": 2}, arrays={"a": [5, None]}, defaults={"a": 0})
    assert tests.attempt(poison_last) is None  # the source froze poison: 1 is one of its values
    defined = Inputs(params={"N": 2}, arrays={"a": [5, 7]}, defaults={"a": 0})
    cex = tests.attempt(defined)  # no choice made: 7 is the source's only value, 1 is not it
    assert cex is not None and cex.divergence.kind == "live-out"
    # and the search finds the second kind of input, never the first
    found = concrete_counterexample(src, tgt, 4, 8, seconds=30)
    assert found is not None and None not in found.inputs.arrays["a"][-1:]
    assert refinement(src, tgt, max_trip=8, budget=Budget.of(60)).verdict == "counterexample"


@pytest.mark.parametrize("name,form,vf", RIGHT[:3], ids=[f"{n}-{f}-vf{v}" for n, f, v in RIGHT[:3]])
def test_a_witness_is_an_input_the_source_runs_without_ub_within_the_bound(name: str, form: str, vf: int) -> None:
    """What lets a proof skip its vacuity question: the run it names is real."""
    prog = model(f"{name}.loop")
    tests = ConcreteTests(prog, generate(prog, form, vf).program, vf, 4 * vf)
    tests.run(6, seconds=30)
    assert tests.witness is not None
    r = run(prog, tests.witness, fuel=10_000)
    assert r.status is RunStatus.OK and max(r.iterations.values(), default=0) <= 4 * vf


def test_no_witness_where_the_source_faults_on_every_input() -> None:
    """a[] one short: the first iteration reads past it whatever the input, so no
    test witnesses an input, and the chained check asks the solver, which finds the
    proof vacuous (unknown), as it did before tests witnessed anything."""
    text = (MODELS / "legality" / "countdown.loop").read_text().replace("i8[N]", "i8[N - 1]")
    prog = parse(text, "short.loop")
    tests = ConcreteTests(prog, generate(prog, "simple", 4).program, 4, 16)
    assert tests.run(200, seconds=30) is None and tests.tried == 200
    assert tests.witness is None
    v = inductive_equivalence(prog, 4, 16, budget=Budget.of(60), form="simple")
    assert v.verdict == "unknown" and "vacuous" in (v.reason or ""), (v.verdict, v.reason)


def test_the_same_obligation_finds_the_same_counterexample() -> None:
    prog = model("seed/division.loop")
    tgt = generate(prog, "simple", 8).program
    a, b = (concrete_counterexample(prog, tgt, 8, 32, seconds=30) for _ in range(2))
    assert a is not None and b is not None and a.inputs == b.inputs


def test_programs_whose_inputs_tests_do_not_make_are_left_to_the_solver() -> None:
    """Pointer windows and aliasing (LLVM input): the generator makes no object
    choices or offsets, so it does not test those programs at all."""
    prog = model("seed/search_loop.loop")
    tgt = generate(prog, "simple", 4).program
    windowed = dataclasses.replace(prog, windows=("a",))
    assert not ConcreteTests(windowed, tgt, 4, 16).testable
    assert concrete_counterexample(windowed, tgt, 4, 16, seconds=5) is None


@pytest.mark.slow
@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.sampled_from(WRONG), st.integers(0, 3))
def test_every_test_counterexample_is_a_replayed_divergence(case: tuple[str, str, int], skip: int) -> None:
    """Whatever installment finds it: the inputs shown diverge when replayed."""
    name, form, vf = case
    prog = model(f"{name}.loop")
    tgt = generate(prog, form, vf).program
    tests = ConcreteTests(prog, tgt, vf, 4 * vf)
    for _ in range(skip):
        next(tests.stream)
    cex = tests.run(400, seconds=30)
    if cex is not None:
        assert replay(prog, tgt, cex.inputs, replay_fuel(prog, tgt, 4 * vf)) is not None
