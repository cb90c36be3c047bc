"""Unbounded legality proofs (transforms/window.py, checks/added_ub.py) and the
simple form's runtime guards (checks/repair.py): each held to the bounded check
and to the interpreter on sampled inputs."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, model
from verifier.analysis.exits import analyse
from verifier.checks.added_ub import Limits, added_ub, harness_verdict, original_uids
from verifier.checks.legality import hoistability, speculation_safety
from verifier.checks.repair import guard_repair
from verifier.checks.verdict import Check, EveryTripCount
from verifier.frontend import load_program
from verifier.frontend.parser import parse
from verifier.ir.program import Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.smt.budget import Budget
from verifier.transforms.harness import speculation_harness
from verifier.transforms.lanes import Guard
from verifier.transforms.window import NoWindow, vector_window

ALL = sorted(f"seed/{p.stem}" for p in (MODELS / "seed").glob("*.loop")) + \
    sorted(f"legality/{p.stem}" for p in (MODELS / "legality").glob("*.loop"))


def verdicts(vs) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {v.subject.split()[0]: v.verdict for v in vs}


@pytest.mark.slow
@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("vf", [2, 4])
def test_the_unbounded_proof_agrees_with_the_bounded_check(name: str, vf: int) -> None:
    prog = model(f"{name}.loop")
    if not analyse(prog).data_dependent:
        pytest.skip("no data-dependent exit")
    bounded = Limits(inductive=False)
    for check in (lambda lim: speculation_safety(prog, vf, lim), lambda lim: hoistability(prog, vf, lim)):
        fast, slow = check(Limits()), check(bounded)
        assert verdicts(fast) == verdicts(slow)
        for v in slow:
            assert not v.coverage.unbounded


@pytest.mark.slow
@pytest.mark.parametrize("name", ["seed/search_loop", "seed/guarded_division", "seed/liveout_y",
                                  "legality/countdown", "legality/two_exits"])
def test_the_seed_proofs_hold_for_every_trip_count(name: str) -> None:
    for v in speculation_safety(model(f"{name}.loop"), 4) + hoistability(model(f"{name}.loop"), 4):
        if v.verdict == "proved":
            assert v.coverage.unbounded is True, v.coverage


def _sampled_inputs(prog: Program, draw: st.DrawFn) -> Inputs:
    params = {p.name: draw(st.integers(0, 6)) for p in prog.params}
    arrays = {a.name: draw(st.lists(st.integers(0, 2), min_size=0, max_size=8)) for a in prog.arrays}
    return Inputs(params=params, arrays=arrays)  # type: ignore[arg-type]


PROVED = [(n, vf) for n in ALL for vf in (2, 4)]


@functools.cache
def _proved_exits(name: str, vf: int) -> list[int]:
    prog = model(f"{name}.loop")
    return [e.index for v, e in zip(speculation_safety(prog, vf), analyse(prog).data_dependent, strict=True)
            if v.verdict == "proved"]


@pytest.mark.slow
@pytest.mark.parametrize("name,vf", PROVED, ids=[f"{n}-vf{vf}" for n, vf in PROVED])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_proved_speculation_adds_no_ub_on_sampled_inputs(name: str, vf: int, data: st.DataObject) -> None:
    """Soundness, by the interpreter: where speculation is proved, no sampled input
    makes the harness fail where the loop does not (refuted exits are skipped)."""
    prog = model(f"{name}.loop")
    inputs = _sampled_inputs(prog, data.draw)
    src = run(prog, inputs, fuel=2000)
    for index in _proved_exits(name, vf):
        tgt = run(speculation_harness(prog, vf, (index,)).program, inputs, fuel=4000)
        if src.status == "ok":
            assert tgt.status == "ok", (index, inputs, tgt.ub)


def test_sampling_finds_the_division_fault_that_speculation_is_refuted_for() -> None:
    """The other side of the property above: on a refuted model the sampler does hit
    the added UB (so its silence on proved models means something)."""
    prog = model("seed/division.loop")
    (e,) = analyse(prog).data_dependent
    h = speculation_harness(prog, 4, (e.index,))
    found = False
    for a0 in range(1, 3):
        inputs = Inputs(params={"N": 4}, arrays={"a": [a0, 1, 1, 1], "b": [a0, 0, 1, 1]})
        src, tgt = run(prog, inputs), run(h.program, inputs)
        found |= src.status == "ok" and tgt.status == "ub"
    assert found


# ---------------------------------------------------------------- window shapes

INIT_STORE = """loop s(N: i64) {
  array a: i8[N] init
  i = 0
  if (i < N) {
    do {
      x = a[i]
      if (x == 0) break
      a[i] = 1
      i = i + 1
    } while (i < N)
  }
}"""

PRE_LOAD = """loop s(N: i64) {
  array a: i8[N]
  assume N >= 1
  f = a[0]
  i = 0
  do {
    x = a[i]
    if (x == f) break
    a[i] = 1
    i = i + 1
  } while (i < N)
}"""


@pytest.mark.parametrize("text,why", [(INIT_STORE, "never makes poison"), (PRE_LOAD, "outside the loop")])
def test_the_window_refuses_states_it_cannot_over_approximate(text: str, why: str) -> None:
    prog = parse(text, "w.loop")
    le = analyse(prog)
    h = speculation_harness(prog, 4, (le.data_dependent[0].index,))
    with pytest.raises(NoWindow, match=why):
        vector_window(h.program, prog, le, 4)
    (v,) = speculation_safety(prog, 4)  # still decided, by the bounded check
    assert v.verdict == "proved" and v.coverage.unbounded is False and why in v.coverage.why_bounded


def test_a_countdown_with_nuw_is_safe_and_without_its_exit_is_not() -> None:
    assert verdicts(speculation_safety(model("legality/countdown.loop"), 4)) == {"C1": "proved"}
    text = (MODELS / "legality" / "countdown.loop").read_text()
    unguarded = text.replace("    if (i == 0) break\n", "").replace("-nuw", "-")
    (v,) = speculation_safety(parse(unguarded, "unguarded.loop"), 4)
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert "out of bounds" in v.counterexample.divergence.summary


def _coarse_window_answers(prog: Program, vf: int) -> list[str]:
    le = analyse(prog)
    h = speculation_harness(prog, vf, (le.data_dependent[-1].index,))
    w = vector_window(h.program, prog, le, vf, coarse=True)
    assert any(q.name.startswith("window.") and q.name.endswith(".pick") for q in w.program.params)
    return [added_ub(w.program, original_uids(prog) | w.assumes, bound, Budget.of(30.0), truncated=True, witness=h.program,
                     proof_only=True).status for bound in (1, vf)]


def test_a_coarse_window_proves_the_countdown_and_never_its_unguarded_variant() -> None:
    """Inductions free (any value, or poison) is more states than the loop reaches:
    the countdown's proof needs none of the relation to its start; the variant
    without its `i == 0` exit reads below a[0] from some state, free or not."""
    text = (MODELS / "legality" / "countdown.loop").read_text()
    assert _coarse_window_answers(parse(text, "countdown.loop"), 4) == ["unsat", "unsat"]
    unguarded = text.replace("    if (i == 0) break\n", "").replace("-nuw", "-")
    assert _coarse_window_answers(parse(unguarded, "unguarded.loop"), 4) == ["sat", "sat"]


def test_a_reverse_search_is_proved_for_every_trip_count_by_the_coarse_window() -> None:
    """memrchr (corpus, clang's IR): the exact window relates the induction to its
    start through a 136-bit product and took 13 s; free, it is proved at once."""
    prog = load_program(MODELS / "llvm" / "corpus" / "c_memrchr.scalar.ll", func="c_memrchr")
    (v,) = speculation_safety(prog, 4, Limits(timeout=60))
    assert v.verdict == "proved"
    assert isinstance(v.coverage.extent, EveryTripCount) and v.coverage.extent.inductions_free


def test_a_loop_that_always_faults_proves_nothing() -> None:
    """With a[] one short, the first iteration reads past it on every input: a
    proof would be vacuous, so the verdict is unknown (docs/architecture.md)."""
    text = (MODELS / "legality" / "countdown.loop").read_text().replace("i8[N]", "i8[N - 1]")
    (v,) = speculation_safety(parse(text, "short.loop"), 4)
    assert v.verdict == "unknown" and "vacuous" in (v.reason or "")


# ---------------------------------------------------------------- runtime guards

def _b_load(prog: Program) -> int:
    le = analyse(prog)
    return next(u for u in le.data_dependent[1].slice
                if le.instrs[u].op == "load" and le.instrs[u].array == "b")


def test_indirect_access_is_safe_with_the_seeds_guard() -> None:
    prog = model("seed/indirect_access.loop")
    e = analyse(prog).data_dependent[1]
    (_, v) = speculation_safety(prog, 4)
    h = speculation_harness(prog, 4, (e.index,))
    g = guard_repair(prog, e, 4, v, h)
    assert [x.load_uid for x in g.guards] == [_b_load(prog)]
    assert g.verdict is not None and g.verdict.verdict == "proved"
    assert "0 <= freeze(x) < K" in g.advice and "b[x]" in g.advice


@pytest.mark.parametrize("extent,expected", [("K", "proved"), (("+", "K", 1), "counterexample"),
                                             (("-", "K", 1), "proved")])
def test_a_guard_is_proved_only_as_tight_as_the_array(extent: object, expected: str) -> None:
    prog = model("seed/indirect_access.loop")
    e = analyse(prog).data_dependent[1]
    h = speculation_harness(prog, 4, (e.index,), guards=(Guard(_b_load(prog), extent),))  # type: ignore[arg-type]
    v = harness_verdict(prog, h, 4, Limits(timeout=30), Check.SPECULATE, Budget.of(30))
    assert v.verdict == expected


@pytest.mark.slow
def test_a_guard_that_leaves_a_division_fault_says_what_remains() -> None:
    """i_first_div (corpus): the guard on the first load removes its out-of-bounds
    read, and the speculated division still faults (by poison, zero or overflow)."""
    prog = load_program(MODELS / "llvm" / "corpus" / "i_first_div.scalar.ll", func="i_first_div")
    (v,) = speculation_safety(prog, 4, repair=True)
    assert v.verdict == "counterexample"
    (guarded,) = [a for a in v.advice if a.startswith("simple form: even with the runtime guard")]
    assert "is unsafe" in guarded and "/" in guarded.split("is unsafe", 1)[1]


@pytest.mark.slow
def test_no_guard_applies_to_a_division_and_the_advice_says_so() -> None:
    (v,) = speculation_safety(model("seed/division.loop"), 4, repair=True)
    assert v.verdict == "counterexample"
    assert any(a.startswith("no runtime guard applies to C1") and "division by zero" in a for a in v.advice)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=9))
@settings(max_examples=40, deadline=None)
def test_the_step_at_the_loop_start_runs_the_loop_from_its_own_start(a: list[int]) -> None:
    """window.at_loop_start drops q and the picks; the step then runs the model's own
    first VF iterations: the same trace, and where it stops, the same live-outs."""
    from verifier.transforms.step import KIND, source_step
    from verifier.transforms.window import at_loop_start

    prog = model("seed/search_loop.loop")
    step = at_loop_start(source_step(prog, analyse(prog), 4))
    assert [p.name for p in step.params] == [p.name for p in prog.params]
    inputs = Inputs(params={"N": len(a)}, arrays={"a": a})  # type: ignore[dict-item]
    whole, first = run(prog, inputs), run(step, inputs)
    assert whole.status == first.status == "ok"
    if first.outs[KIND].v == 2:  # the loop ended within VF iterations
        assert first.trace == whole.trace and first.outs["i"] == whole.outs["i"]
    else:  # cut after VF iterations, at i = 4
        assert first.outs["step.i"].v == 4 and first.trace == whole.trace[:4]
