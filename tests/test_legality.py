"""Legality checks on the seed models: each gives the verdict seed 000 reasons out."""

from __future__ import annotations

import pytest

from tests.helpers import MODELS, model
from verifier.checks.legality import hoistability, speculation_safety
from verifier.frontend.parser import parse


def verdicts(vs) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {v.subject.split()[0]: v.verdict for v in vs}


def test_search_loop_is_hoistable_and_safe_to_speculate() -> None:
    prog = model("seed/search_loop.loop")
    assert verdicts(speculation_safety(prog, 4)) == {"C1": "proved"}
    assert verdicts(hoistability(prog)) == {"C1": "proved"}
    assert verdicts(hoistability(prog, 4)) == {"C1": "proved"}


def test_search_loop_over_a_shorter_array_is_not_safe() -> None:
    text = (MODELS / "seed" / "search_loop.loop").read_text().replace("array a: i8[N]", "array a: i8[N - 1]")
    (v,) = speculation_safety(parse(text, "short.loop"), 4)
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert "out of bounds" in v.counterexample.divergence.summary


@pytest.mark.slow
def test_division_faults_on_lane_2_with_the_seeds_input() -> None:
    (v,) = speculation_safety(model("seed/division.loop"), 4)
    assert v.verdict == "counterexample" and v.counterexample is not None
    c = v.counterexample
    a, b = c.inputs.arrays["a"], c.inputs.arrays["b"]
    assert a[0] == b[0] != 0 and b[1] == 0
    assert c.divergence.lane == 2 and c.divergence.iteration == 1
    assert "already left in iteration 0" in c.divergence.summary
    assert c.divergence.instruction is not None and "x / y" in c.divergence.instruction


@pytest.mark.slow
def test_guarded_division_c0_is_safe_c1_is_not() -> None:
    vs = speculation_safety(model("seed/guarded_division.loop"), 4)
    assert verdicts(vs) == {"C1": "proved", "C2": "counterexample"}  # the seed's C0 and C1
    c = vs[1].counterexample
    assert c is not None and c.divergence.lane == 1  # not even lane 1: C0 has not been tested yet
    assert "division by zero" in c.divergence.summary


def test_indirect_access_b_of_x_cannot_be_speculated() -> None:
    vs = speculation_safety(model("seed/indirect_access.loop"), 4)
    assert verdicts(vs) == {"C1": "proved", "C2": "counterexample"}
    c = vs[1].counterexample
    assert c is not None and "b[x]" in (c.divergence.instruction or "")


def test_hoist_store_is_not_hoistable_and_names_the_store() -> None:
    (v,) = hoistability(model("seed/hoist_store.loop"))
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert "c[i] = " in v.counterexample.divergence.summary
    assert verdicts(speculation_safety(model("seed/hoist_store.loop"), 4)) == {"C1": "proved"}


def test_an_nsw_overflow_only_on_speculated_lanes_needs_freeze() -> None:
    prog = model("legality/nsw_exit.loop")
    assert verdicts(speculation_safety(prog, 4, freeze=True)) == {"C1": "proved"}
    (v,) = speculation_safety(prog, 4, freeze=False)
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert "without freeze" in v.counterexample.divergence.summary


def test_an_exit_reading_a_value_stored_by_an_earlier_iteration_is_not_hoistable_across_lanes() -> None:
    prog = model("legality/stored_exit.loop")
    assert verdicts(hoistability(prog, 1)) == {"C1": "proved"}  # within one iteration it is fine
    (v,) = hoistability(prog, 4)
    assert v.verdict == "counterexample"


def test_the_derived_extent_requirement_of_the_search_loop_is_N() -> None:
    (v,) = speculation_safety(model("seed/search_loop.loop"), 4, repair=True, needed_extents=True)
    assert v.verdict == "proved"
    assert any(a.startswith("a must be dereferenceable for N elements") and "N - 1 is not enough" in a
               for a in v.advice)


def test_repair_leaves_a_proved_exit_alone_unless_its_needed_extents_are_asked_for() -> None:
    """Nothing to repair where speculation is proved: the extent search is its own question."""
    (v,) = speculation_safety(model("seed/search_loop.loop"), 4, repair=True)
    assert (v.verdict, v.advice) == ("proved", [])


@pytest.mark.slow
def test_a_short_array_gets_the_extent_it_needs() -> None:
    text = (MODELS / "seed" / "search_loop.loop").read_text().replace("array a: i8[N]", "array a: i8[N - 1]")
    (v,) = speculation_safety(parse(text, "short.loop"), 4, repair=True)
    assert v.verdict == "counterexample"
    assert any("for N elements" in a and "speculation is unsafe" in a for a in v.advice)


def test_a_repair_past_its_deadline_says_it_was_not_decided() -> None:
    """The verdict's budget covers its repair (what the check left of it, a share at
    least): with none left, the extent search and the guard are not decided, and say
    so, where before each of their questions had the whole limit again."""
    from verifier.analysis.exits import analyse
    from verifier.checks.repair import extent_requirements, guard_repair
    from verifier.smt.budget import Budget
    from verifier.transforms.harness import speculation_harness

    short = parse((MODELS / "seed" / "search_loop.loop").read_text().replace("i8[N]", "i8[N - 1]"), "short.loop")
    (v,) = speculation_safety(short, 4)
    e = analyse(short).data_dependent[0]
    assert extent_requirements(short, e, 4, checked=v, budget=Budget.of(0.0)) == \
        ["the extents C1 needs are not decided: the time limit was spent"]
    indirect = model("seed/indirect_access.loop")
    e = analyse(indirect).data_dependent[1]
    (_, v) = speculation_safety(indirect, 4)
    g = guard_repair(indirect, e, 4, v, speculation_harness(indirect, 4, (e.index,)), budget=Budget.of(0.0))
    assert g.verdict is not None and g.verdict.verdict == "unknown" and "not decided" in g.advice, g.advice


def test_no_extent_makes_an_indirect_access_safe_and_the_tool_says_so() -> None:
    vs = speculation_safety(model("seed/indirect_access.loop"), 4, repair=True)
    assert vs[1].verdict == "counterexample"
    assert any(a.startswith("b: no extent") for a in vs[1].advice)


LEGALITY = [
    # model, VF, {exit: speculate verdict}, {exit: hoist verdict across VF lanes}
    ("two_exits", 4, {"C1": "proved", "C2": "proved"}, {"C1": "proved", "C2": "proved"}),
    ("three_exits", 4, {"C1": "proved", "C2": "proved", "C3": "counterexample"}, None),
    ("stored_exit", 4, None, {"C1": "counterexample"}),
    ("while_true_latch", 4, {"C1": "proved"}, {"C1": "proved"}),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,vf,spec,hoist", LEGALITY, ids=[x[0] for x in LEGALITY])
def test_more_models(name: str, vf: int, spec: dict[str, str] | None, hoist: dict[str, str] | None) -> None:
    prog = model(f"legality/{name}.loop")
    if spec is not None:
        assert verdicts(speculation_safety(prog, vf)) == spec
    if hoist is not None:
        assert verdicts(hoistability(prog, vf)) == hoist


@pytest.mark.parametrize("vf", [1, 4])
def test_a_rotated_loops_legality_covers_every_trip_count(vf: int) -> None:
    # abs_exit leaves on `i.next == 32`; the window's fact that it has not passed 32
    # is the loop's own, not UB the early evaluation adds
    from verifier.frontend.llvm import parse_ll_file

    prog = parse_ll_file(MODELS / "llvm" / "abs_exit.scalar.ll")
    for v in hoistability(prog, vf) + (speculation_safety(prog, vf) if vf > 1 else []):
        assert v.verdict == "proved", v.reason
        assert v.coverage.unbounded


def test_an_exit_in_a_conditional_block_speculates_its_guard_too() -> None:
    """`if (m[i]) { if (a[i] == 0) break; }`: every lane must load m[i] to know whether
    it reaches the exit, so m's extent matters as much as a's (issue 18, item 5)."""
    from verifier.analysis.exits import analyse

    ok = model("legality/guarded_exit.loop")
    (e,) = analyse(ok).data_dependent
    loads = {ok_i.array for ok_i in ok.instructions() if ok_i.uid in e.slice and ok_i.op == "load"}
    assert loads == {"a", "m"}
    assert verdicts(speculation_safety(ok, 4)) == {"C1": "proved"}
    (v,) = speculation_safety(model("legality/guarded_exit_short_guard.loop"), 4)
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert v.counterexample.divergence.instruction is not None and "m[i]" in v.counterexample.divergence.instruction
    assert v.counterexample.divergence.lane == 2


@pytest.mark.parametrize("declared", ["N + 1", "N + 5"])
def test_a_longer_array_gets_the_smaller_extent_it_needs(declared: str) -> None:
    text = (MODELS / "seed" / "search_loop.loop").read_text().replace("array a: i8[N]", f"array a: i8[{declared}]")
    (v,) = speculation_safety(parse(text, "long.loop"), 4, needed_extents=True)
    assert v.verdict == "proved"
    (need,) = [a for a in v.advice if a.startswith("a must be dereferenceable")]
    assert "for N elements" in need and "N - 1 is not enough" in need and "more than needed" in need
