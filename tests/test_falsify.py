"""Concrete tests before the solver (checks/falsify.py): every counterexample they
give is a replay that diverges, found for wrong forms and broken mutants; none for
forms the solver proves; never one that rests on a choice the source made (freeze
of poison: the source has other behaviours there); small once shrunk.

The forms are hand-written listings (models/examples, models/seed/vectorized, the
broken ones of models/mutants with their sources in proofs/mutants.toml) and the
forms the emitter writes, read back as LLVM IR (tests/helpers.emitted_pair)."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, ROOT, cli, emitted_pair, emitted_verdict, model
from tests.test_forms import MUTANTS as BROKEN_SIMPLE
from verifier.checks.falsify import ConcreteTests, concrete_counterexample
from verifier.checks.refinement import refinement
from verifier.checks.replay import replay, replay_fuel
from verifier.checks.translation import equivalence
from verifier.checks.verdict import Verdict
from verifier.frontend.parser import parse, parse_file
from verifier.ir.program import Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.smt.budget import Budget

FORMS = ("simple", "general")
# (source, target, VF, trip bound): the target a listing under models/ or, where it is
# one of FORMS, the form the emitter writes for the source at that VF (LLVM IR)
Case = tuple[str, str, int, int]
Pair = Callable[[Case], tuple[Program, Program]]  # the `pair` fixture

WRONG: list[Case] = [
    ("seed/division", "examples/division_general_vf4", 4, 16),  # x/y speculated: lane 2 divides by 0
    ("seed/division", "examples/division_safe_divisor_vf4", 4, 16),  # ... by 1 there, exact: still UB
    ("seed/search_loop", "examples/search_loop_general_vf4_nofreeze", 4, 16),
    ("seed/search_loop", "examples/search_loop_general_vf4_overread", 4, 16),
    ("seed/search_loop", "examples/search_loop_simple_vf4_nofreeze", 4, 16),
    ("seed/liveout_y_ordered", "seed/vectorized/liveout_y_ordered_simple_vf4", 4, 16),  # calls reordered
    ("seed/indirect_access", "general", 4, 16),  # b[x] loaded where the source left at x out of range
    ("seed/predication_example_ordered", "simple", 16, 64),  # calls reordered across lanes
    ("seed/predication_example_ordered", "general", 64, 256),
]
RIGHT: list[Case] = [
    ("seed/search_loop", "examples/search_loop_simple_vf4", 4, 16),
    ("seed/search_loop", "seed/vectorized/search_loop_general_vf4", 4, 16),
    ("examples/find_first_zero", "examples/find_first_zero_simple_vf4", 4, 16),
    ("examples/find_first_zero", "examples/find_first_zero_blocks_vf4", 4, 16),  # proved within the bound
    ("seed/liveout_y", "seed/vectorized/liveout_y_simple_vf4", 4, 16),
    ("seed/indirect_access", "seed/vectorized/indirect_access_simple_vf4", 4, 5),
    ("seed/search_loop", "general", 4, 16), ("seed/search_loop", "simple", 16, 64),
    ("seed/liveout_b", "general", 4, 16), ("seed/liveout_y", "simple", 4, 16),
    ("legality/two_exits", "general", 4, 16), ("forms/abs_copy", "general", 4, 16),
]


def _id(case: Case) -> str:
    return f"{case[0]}-{case[1]}-vf{case[2]}"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    """A case's (source, target), made once per module: a listing is parsed, an
    emitted form written and read back (both programs then LLVM IR)."""
    made: dict[Case, tuple[Program, Program]] = {}

    def get(case: Case) -> tuple[Program, Program]:
        if case not in made:
            source, target, vf, _ = case
            if target in FORMS:
                src, tgt, _form = emitted_pair(tmp_path_factory.mktemp("form"), MODELS / f"{source}.loop", target, vf)
                made[case] = (src, tgt)
            else:
                made[case] = (model(f"{source}.loop"), model(f"{target}.loop"))
        return made[case]
    return get


def _solver_verdict(case: Case, src: Program, tgt: Program) -> Verdict:
    """The solver's verdict on a case: `verifier equiv`'s check of a listing, the
    product's verdict on an emitted form."""
    source, target, vf, trip = case
    if target in FORMS:
        return emitted_verdict(MODELS / f"{source}.loop", target, vf, max_trip=trip, timeout=120)
    return equivalence(src, tgt, False, trip, Budget.of(120))


@pytest.mark.slow
@pytest.mark.parametrize("case", WRONG, ids=[_id(c) for c in WRONG])
def test_a_wrong_form_is_refuted_by_a_test_that_replays(case: Case, pair: Pair) -> None:
    _, _, vf, trip = case
    prog, tgt = pair(case)
    cex = concrete_counterexample(prog, tgt, vf, trip, seconds=30)
    assert cex is not None
    again = replay(prog, tgt, cex.inputs, replay_fuel(prog, tgt, trip))
    assert again is not None and again.divergence == cex.divergence
    # shrunk: a trip count within two vector iterations, elements 0 or 1 but for a few.
    # LLVM input's `a.bytes` is array a's size in bytes (frontend/bridge.py), which the
    # trip count sets: a's elements, not its bytes, are within two vector iterations
    params = cex.inputs.params
    assert all(abs(v) <= 2 * vf + 1 for k, v in params.items() if not k.endswith(".bytes")), params
    assert all(len(cex.inputs.arrays[k.removesuffix(".bytes")]) <= 2 * vf + 1 for k in params if k.endswith(".bytes")), \
        cex.inputs
    assert sum(1 for cells in cex.inputs.arrays.values() for c in cells if c not in (0, 1)) <= 2, cex.inputs


MUTANTS = sorted((MODELS / "mutants").glob("*.loop"))


def _suite_entry(path: Path) -> tuple[Path, int]:
    """The source and trip bound proofs/mutants.toml gives a mutant."""
    suite = tomllib.loads((ROOT / "proofs" / "mutants.toml").read_text())
    ob = next(o for o in suite["obligation"] if o["target"].endswith("/" + path.name))
    return (ROOT / "proofs" / ob["source"]).resolve(), int(ob.get("max_trip", 16))


@pytest.mark.parametrize("path", MUTANTS, ids=[p.stem for p in MUTANTS])
def test_each_broken_listing_is_refuted_by_a_test(path: Path) -> None:
    source, trip = _suite_entry(path)
    assert "const VF = 4" in path.read_text()  # the tests' VF is the listing's
    prog, tgt = parse_file(source), parse_file(path)
    cex = concrete_counterexample(prog, tgt, 4, trip, seconds=30)
    assert cex is not None, path.stem
    assert replay(prog, tgt, cex.inputs, replay_fuel(prog, tgt, trip)) is not None


@pytest.mark.parametrize("what,edit", BROKEN_SIMPLE, ids=[m[0] for m in BROKEN_SIMPLE])  # test_forms's edits
def test_each_broken_simple_form_is_refuted_by_a_test(tmp_path: Path, what: str, edit: tuple[str, str]) -> None:
    prog, tgt, _ = emitted_pair(tmp_path, MODELS / "seed" / "search_loop.loop", "simple", 4, edit)
    cex = concrete_counterexample(prog, tgt, 4, 16, seconds=30)
    assert cex is not None, what
    assert replay(prog, tgt, cex.inputs, replay_fuel(prog, tgt, 16)) is not None


@pytest.mark.slow
@pytest.mark.parametrize("case", RIGHT, ids=[_id(c) for c in RIGHT])
def test_a_form_the_solver_proves_fails_no_test(case: Case, pair: Pair) -> None:
    _, _, vf, trip = case
    prog, tgt = pair(case)
    tests = ConcreteTests(prog, tgt, vf, trip)
    assert tests.run(200, seconds=60) is None
    assert tests.tried == 200  # all of them ran: the budget did not cut them short
    v = _solver_verdict(case, prog, tgt)
    assert v.verdict == "proved", v.reason


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


@pytest.mark.parametrize("case", RIGHT[:3], ids=[_id(c) for c in RIGHT[:3]])
def test_a_witness_is_an_input_the_source_runs_without_ub_within_the_bound(case: Case, pair: Pair) -> None:
    """What lets a proof skip its vacuity question: the run it names is real."""
    _, _, vf, trip = case
    prog, tgt = pair(case)
    tests = ConcreteTests(prog, tgt, vf, trip)
    tests.run(6, seconds=30)
    assert tests.witness is not None
    r = run(prog, tests.witness, fuel=10_000)
    assert r.status is RunStatus.OK and max(r.iterations.values(), default=0) <= trip


def test_no_witness_where_the_source_faults_on_every_input() -> None:
    """a[] empty: the first iteration (N >= 1) reads a[0] past it whatever the input,
    so no test witnesses an input, and the solver finds the proof vacuous (unknown),
    as it did before tests witnessed anything."""
    text = (MODELS / "seed" / "search_loop.loop").read_text()
    prog = parse(text.replace("i8[N]", "i8[0]"), "empty.loop")
    assert prog.arrays != model("seed/search_loop.loop").arrays  # the edit took
    tgt = model("examples/search_loop_simple_vf4.loop")
    tests = ConcreteTests(prog, tgt, 4, 16)
    assert tests.run(200, seconds=30) is None and tests.tried == 200
    assert tests.witness is None
    v = equivalence(prog, tgt, False, 16, Budget.of(60))
    assert v.verdict == "unknown" and "vacuous" in (v.reason or ""), (v.verdict, v.reason)


DETERMINISTIC = [WRONG[0], ("seed/predication_example_ordered", "simple", 16, 64)]


@pytest.mark.parametrize("case", DETERMINISTIC, ids=[_id(c) for c in DETERMINISTIC])
def test_the_same_obligation_finds_the_same_counterexample(case: Case, pair: Pair) -> None:
    _, _, vf, trip = case
    prog, tgt = pair(case)
    a, b = (concrete_counterexample(prog, tgt, vf, trip, seconds=30) for _ in range(2))
    assert a is not None and b is not None and a.inputs == b.inputs


def test_programs_whose_inputs_tests_do_not_make_are_left_to_the_solver() -> None:
    """A pair whose programs read pointers as different views (windows on one side
    only): one input would not mean the same memory to both, so no test is made."""
    prog = model("seed/search_loop.loop")
    tgt = model("examples/search_loop_simple_vf4.loop")
    assert ConcreteTests(prog, tgt, 4, 16).testable
    windowed = dataclasses.replace(prog, windows=("a",))
    assert not ConcreteTests(windowed, tgt, 4, 16).testable
    assert concrete_counterexample(windowed, tgt, 4, 16, seconds=5) is None


@pytest.mark.slow
@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.sampled_from(WRONG), st.integers(0, 3))
def test_every_test_counterexample_is_a_replayed_divergence(pair: Pair, case: Case, skip: int) -> None:
    """Whatever installment finds it: the inputs shown diverge when replayed."""
    _, _, vf, trip = case
    prog, tgt = pair(case)
    tests = ConcreteTests(prog, tgt, vf, trip)
    for _ in range(skip):
        next(tests.stream)
    cex = tests.run(400, seconds=30)
    if cex is not None:
        assert replay(prog, tgt, cex.inputs, replay_fuel(prog, tgt, trip)) is not None


COPY_UNTIL_NUL = """define i64 @copy_until_nul(ptr NOALIAS dereferenceable(128) %dst, ptr NOALIAS dereferenceable(128) %src) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %ps = getelementptr inbounds nuw i8, ptr %src, i64 %i
  %c = load i8, ptr %ps, align 1
  %pd = getelementptr inbounds nuw i8, ptr %dst, i64 %i
  store i8 %c, ptr %pd, align 1
  %nul = icmp eq i8 %c, 0
  br i1 %nul, label %done, label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %end = icmp eq i64 %i.next, 128
  br i1 %end, label %done, label %loop
done:
  %r = phi i64 [ %i, %loop ], [ -1, %latch ]
  ret i64 %r
}
"""


@pytest.mark.slow
def test_a_form_wrong_only_where_two_arrays_overlap_is_refuted_by_a_test(tmp_path: Path) -> None:
    """dst[i] = src[i] until a NUL: the vector loop loads four bytes of src before it
    stores any of dst. With dst two bytes past src the source copies src[0], src[1]
    over and over and never meets the NUL the target read ahead: a run of 128
    iterations, past any bound the solver unrolls. The tests make that overlap (a
    window at a small offset, behind its object's start too) and follow the run to its
    end; with `noalias` the form is proved."""
    src, out = tmp_path / "copy.ll", tmp_path / "copy.simple.ll"
    src.write_text(COPY_UNTIL_NUL.replace("NOALIAS ", ""))
    r = cli("vectorize", str(src), "--form", "simple", "--keep-unproved", "--emit-llvm", str(out))
    assert r.returncode == 1 and "\ncounterexample: " in r.stdout, r.stdout + r.stderr
    assert re.search(r"src is a window on dst's object at element offset -\d", r.stdout), r.stdout
    assert "ret = 18446744073709551615" in r.stdout  # (the source ran all 128 iterations)
    src.write_text(COPY_UNTIL_NUL.replace("NOALIAS", "noalias"))
    r = cli("vectorize", str(src), "--form", "simple", "--emit-llvm", str(out))
    assert r.returncode == 0 and "covers every trip count" in r.stdout, r.stdout + r.stderr
