"""Seed 001's multi-exit corner cases (models/multiexit/): distinct exit blocks, exiting
blocks sharing an exit block without LCSSA phis, and sharing one with an LCSSA phi
whose value differs per exiting edge. Both generated forms are proved for every trip
count; a general form that leaves by, or takes its value from, the wrong exiting edge
is refuted."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from tests.helpers import model
from verifier.checks.forms import inductive_equivalence
from verifier.checks.refinement import refinement
from verifier.checks.verdict import DivergenceKind
from verifier.ir.program import Jump, Program, Ref
from verifier.smt.budget import Budget
from verifier.transforms.general_form import general_form

CASES = ["distinct_exits", "shared_exit", "shared_exit_lcssa"]


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("form", ["general", "simple"])
def test_both_forms_of_a_multi_exit_loop_are_proved_for_every_trip_count(name: str, form: str) -> None:
    for vf in (2, 4):
        v = inductive_equivalence(model(f"multiexit/{name}.loop"), vf, max_trip=4 * vf, budget=Budget.of(120), form=form,
                                  require_unbounded=True)
        assert v.verdict == "proved" and v.coverage.unbounded, (vf, v.reason)


def _exit_block(p: Program, exit_index: int) -> str:
    """The form's block that vector iterations leaving by exit `exit_index` go to."""
    return next(n for n in p.blocks if n.startswith(f"vec.exit.C{exit_index}"))


def _lane_of_the_other_edge(p: Program) -> None:
    """distinct_exits: the lane whose `at` the first exit reports is picked by the
    second exit's lane predicate."""
    first = p.blocks[_exit_block(p, 1)]
    picks = {b: i for b, blk in p.blocks.items() for i in blk.instrs
             if i.op == "select" and i.dest and i.dest.startswith("i.exit")}
    other = next(i for b, i in picks.items() if b != first.name)
    picks[first.name].args[0] = other.args[0]


def _latch_exit_block(p: Program) -> None:
    """shared_exit: the first exit's lanes leave to the latch's exit, skipping found()."""
    blk = p.blocks[_exit_block(p, 1)]
    assert isinstance(blk.term, Jump)
    blk.term = Jump("done")


def _value_of_the_other_edge(p: Program) -> None:
    """shared_exit_lcssa: the first edge's r is taken from the second edge's lanes (y
    instead of x)."""
    y = {k: name for name, (fam, k) in p.lanes.items() if fam.split(".")[0] == "y"}
    for ins in p.blocks[_exit_block(p, 1)].instrs:
        if ins.op == "select" and ins.dest and ins.dest.startswith("x.exit"):
            ins.args = [ins.args[0], *(Ref(y[k]) for k in range(1, len(ins.args)))]


MUTANTS: list[tuple[str, Callable[[Program], None], DivergenceKind]] = [
    ("distinct_exits", _lane_of_the_other_edge, DivergenceKind.LIVE_OUT),
    ("shared_exit", _latch_exit_block, DivergenceKind.TRACE),
    ("shared_exit_lcssa", _value_of_the_other_edge, DivergenceKind.LIVE_OUT),
]


@pytest.mark.parametrize("name,mutate,kind", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_form_leaving_by_the_wrong_exiting_edge_is_refuted(name: str, mutate: Callable[[Program], None],
                                                            kind: DivergenceKind) -> None:
    prog = model(f"multiexit/{name}.loop")
    p = copy.deepcopy(general_form(prog, 2).program)
    before = repr(p.blocks)
    mutate(p)
    assert repr(p.blocks) != before, "the mutation did nothing"
    v = refinement(prog, p, max_trip=4, budget=Budget.of(120))
    assert v.verdict == "counterexample" and v.counterexample is not None, v.reason
    assert v.counterexample.divergence.kind is kind, v.counterexample.divergence.summary
