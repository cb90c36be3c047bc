"""One dispatch of checks (checks/dispatch.py) behind the command line and suites:
the same question gives the same verdict through either, exits are picked by
label, and a proof that does not read the model is not weakened by the model's
assumptions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.test_llvm_shapes import BACK_ONE  # a[i - 1] from i = 0: before a's start
from verifier.checks.dispatch import Check, Request, decide
from verifier.checks.param_start import guard_proofs
from verifier.checks.verdict import Verdict, VerdictKind
from verifier.cli import app
from verifier.frontend.llvm import parse_ll_file
from verifier.frontend.parser import parse_file
from verifier.suite import Obligation, run_obligation

MODELS = Path(__file__).parent.parent / "models" / "seed"


@pytest.mark.parametrize("model,check", [("search_loop", Check.HOIST),
                                         pytest.param("division", Check.SPECULATE, marks=pytest.mark.slow),
                                         ("search_loop", Check.FREEZE)])
def test_the_command_line_and_a_suite_give_the_same_verdict(model: str, check: Check, tmp_path: Path) -> None:
    src = MODELS / f"{model}.loop"
    ob = Obligation("o", Request(check, 4, timeout=60.0), src, None, "proved", tmp_path / "s.toml", 1)
    suite_v = run_obligation(ob)
    out = CliRunner().invoke(app, ["check", str(src), "--check", check, "--vf", "4", "--json", "--no-repair"])
    cli = [json.loads(line) for line in out.output.splitlines()]
    # the command line also hoists at VF 1; the suite asks at the obligation's VF
    at_vf = [c for c in cli if c["vf"] == 4]
    assert at_vf and {c["verdict"] for c in at_vf} == {suite_v.verdict}, (cli, suite_v)


def test_exits_are_picked_by_label_and_the_scalar_hoist_is_asked_for() -> None:
    prog = parse_file(MODELS / "search_loop.loop")
    every = decide(Request(Check.HOIST, 4, timeout=60), prog)
    assert every and all(v.subject and v.vf == 4 for v in every)
    label = (every[0].subject or "").split()[0]
    assert [v.subject for v in decide(Request(Check.HOIST, 4, timeout=60, exit=label), prog)] \
        == [v.subject for v in every if (v.subject or "").startswith(label)]
    assert decide(Request(Check.HOIST, 4, timeout=60, exit="no such exit"), prog) == []
    both = decide(Request(Check.HOIST, 4, timeout=60, scalar_hoist=True), prog)
    assert sorted({v.vf for v in both}) == [1, 4]


def test_a_proof_that_does_not_read_the_model_keeps_standing(tmp_path: Path) -> None:
    """a[-1] is read from i = 0: the model (a parameter at its object's start) left out
    runs C has, so a proof about the model is unknown; the freeze check's proof,
    about the lane predicates alone, is not."""
    f = tmp_path / "f.ll"
    f.write_text(BACK_ONE.format(start=0))
    prog = parse_ll_file(f)
    about_model = Verdict("f", "hoist", VerdictKind.PROVED, 0.0)
    about_lanes = Verdict("f", "freeze", VerdictKind.PROVED, 0.0, reads_model=False)
    (model_v, lanes_v), need = guard_proofs(prog, [about_model, about_lanes], 8, 60)
    assert need and model_v.verdict is VerdictKind.UNKNOWN and lanes_v.verdict is VerdictKind.PROVED


NO_EXIT = """loop count(N: i64) {
  array a: i8[N]
  i = 0
  s: i8 = 0
  while (i < N) {
    s = s + a[i]
    i = i + 1
  }
  out s
}
"""


@pytest.mark.parametrize("assume", [(), ("memory-has-no-poison",)])
def test_a_suite_verdict_on_a_loop_without_exits_lists_its_assumptions(tmp_path: Path, assume: tuple) -> None:
    """The suite's own verdict for a loop with nothing to hoist names the assumptions
    the model was read under, as every verdict does (and none it was not)."""
    src = tmp_path / "count.loop"
    src.write_text(NO_EXIT)
    ob = Obligation("o", Request(Check.HOIST, 4, timeout=60.0), src, None, "proved", tmp_path / "s.toml", 1,
                    assume=assume)
    v = run_obligation(ob)
    assert v.verdict is VerdictKind.PROVED and v.assumptions == list(assume), v


def test_several_answers_make_the_worst_one() -> None:
    from verifier.checks.verdict import VerdictKind, worst

    P, U, C = VerdictKind.PROVED, VerdictKind.UNKNOWN, VerdictKind.COUNTEREXAMPLE
    assert worst([]) is P and worst([P, P]) is P and worst([P, U]) is U
    assert worst([U, C, P]) is C and worst(iter([C, U])) is C
    assert [k.exit_code for k in sorted(VerdictKind, key=lambda k: k.severity)] == [0, 3, 1]


def test_coverage_is_one_of_three_extents_and_writes_the_schemas_flat_record() -> None:
    """Coverage's kind follows from its extent's shape (not from which keys happen to be
    set), and its JSON is the schema's flat record: the kind, then the set fields; a
    bounded proof that the unwinding assertion could not complete says complete false."""
    from verifier.checks.verdict import Bounded, Coverage, CoverageKind, EveryTripCount, NoExtent

    induction = Coverage(EveryTripCount(window=4, remainder=True), vscales=(1, 2))
    assert induction.kind is CoverageKind.EVERY_TRIP_COUNT and induction.unbounded and induction.bounded is None
    assert induction.json() == {"kind": "every-trip-count", "unbounded": True, "window": 4, "remainder": True,
                                "vscales": [1, 2]}
    bounded = Coverage(Bounded(8, target_unrolled={"%2": 9}), why_bounded="why")
    assert bounded.kind is CoverageKind.BOUNDED and not bounded.complete
    unwound = bounded.bounded_but(complete=True, unwound=8)
    assert unwound.kind is CoverageKind.EVERY_INPUT and unwound.complete and bounded.bounded.complete is None
    cut = bounded.bounded_but(complete=False)
    assert cut.json() == {"kind": "bounded", "max_trip": 8, "target_unrolled": {"%2": 9}, "complete": False,
                          "why_bounded": "why"}
    argued = Coverage(EveryTripCount(argument="it persists", runs="every run that ends", bounded=Bounded(8)))
    assert argued.bounded == Bounded(8) and argued.json()["max_trip"] == 8 and argued.json()["argument"]
    found = Coverage(found_in="concrete test 3")
    assert found.kind is CoverageKind.REPLAY and Coverage().kind is CoverageKind.NONE
    assert found.extent == NoExtent() and found.json() == {"kind": "replay", "found_in": "concrete test 3"}


def test_a_request_states_its_seconds_per_exit_and_phase() -> None:
    # the wall-clock net of a whole answer: a check of one verdict its timeout, the
    # legality checks their timeout per data-dependent exit (hoist at VF 1 too, twice)
    from verifier.checks.dispatch import stated_seconds
    from verifier.frontend import load_program

    two_exits = load_program(MODELS.parent / "multiexit" / "distinct_exits.loop")
    assert stated_seconds(Request(Check.SPECULATE, timeout=10.0), two_exits) == 20.0
    assert stated_seconds(Request(Check.HOIST, timeout=10.0, scalar_hoist=True), two_exits) == 40.0
    assert stated_seconds(Request(Check.EQUIV, timeout=10.0), two_exits) == 10.0
    assert stated_seconds(Request(Check.LANES, timeout=10.0), two_exits) is None
