"""Seed 001's multi-exit corner cases (models/multiexit/): distinct exit blocks, exiting
blocks sharing an exit block without LCSSA phis, and sharing one with an LCSSA phi
whose value differs per exiting edge. Both forms the tool writes (verifier/emit) are
proved for every trip count; a general form that leaves by, or takes its value from,
the wrong exiting edge (an edit of the emitted LLVM IR) is refuted."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import MODELS, emitted_mutant, emitted_verdict

CASES = ["distinct_exits", "shared_exit", "shared_exit_lcssa"]


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("form", ["general", "simple"])
@pytest.mark.parametrize("vf", [2, pytest.param(4, marks=pytest.mark.slow)])  # VF 4: about 0.8 s each
def test_both_forms_of_a_multi_exit_loop_are_proved_for_every_trip_count(name: str, form: str, vf: int) -> None:
    v = emitted_verdict(MODELS / "multiexit" / f"{name}.loop", form, vf, every_trip_count=True, max_trip=4 * vf)
    assert v.verdict == "proved" and v.coverage.unbounded, (vf, v.reason)


# (model, edit of its general form at VF 2, the divergence's kind as the report words it)
MUTANTS: list[tuple[str, tuple[str, str], str]] = [
    # distinct_exits: which exit the exiting lane takes is read from the second exit's
    # condition: a lane leaving by the first exit reports the second's `which`
    ("distinct_exits", (r"(%taken = extractelement <2 x i1> )%c1\.frozen", r"\1%c2.frozen"), "live-out"),
    # shared_exit: the first exit's lanes leave to the latch's exit, skipping found()
    ("shared_exit", (r"(vec\.exit\.0:\n  br label %)stop\.loopexit\b", r"\1done"), "trace differs"),
    # shared_exit_lcssa: the first edge's r is taken from the second edge's lanes (y instead of x)
    ("shared_exit_lcssa", (r"(%x\.exit = extractelement <2 x i8> )%x\.v", r"\1%y.v"), "live-out"),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,edit,kind", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_form_leaving_by_the_wrong_exiting_edge_is_refuted(tmp_path: Path, name: str, edit: tuple[str, str],
                                                            kind: str) -> None:
    r = emitted_mutant(tmp_path, MODELS / "multiexit" / f"{name}.loop", edit, "general", 2, max_trip=4)
    assert r.returncode == 1 and r.stdout.startswith("counterexample"), r.stdout + r.stderr
    assert f"divergence: {kind}" in r.stdout, r.stdout
