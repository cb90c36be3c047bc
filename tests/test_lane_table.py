"""Lane tables come from what the transforms record (Program.lanes), not from value
names: the generated forms record each lane they make, and a counterexample's table
shows exactly the recorded families, whatever the values are called."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers import model
from verifier.checks.refinement import refinement
from verifier.reports.lanes import COPY, lane_table
from verifier.smt.budget import Budget
from verifier.transforms.general_form import general_form
from verifier.transforms.simple_form import simple_form


def test_the_generated_forms_record_the_lanes_they_make() -> None:
    prog = model("seed/liveout_y.loop")
    assert prog.lanes == {}
    for vf in (2, 4):
        for form in (general_form(prog, vf).program, simple_form(prog, vf).program):
            types = form.value_types()
            # (P0's lane vf + 1 is the next vector iteration's first lane)
            assert form.lanes and all(name in types and 1 <= k <= vf + 1 for name, (_, k) in form.lanes.items())
        lanes = general_form(prog, vf).program.lanes
        for pred in ("P1_EXIT", "P1_LOOP"):  # the seed's exit and stay predicates, lane by lane
            families = {fam for fam, _ in lanes.values() if fam.startswith(pred)}
            # (lane 1's may be the exit condition itself, P0's first lane being true)
            assert families and all(set(range(2, vf + 1)) <= {k for f, k in lanes.values() if f == fam}
                                    <= set(range(1, vf + 1)) for fam in families), (pred, families)


def test_the_lane_table_shows_the_recorded_families_only() -> None:
    prog = model("seed/predication_example_ordered.loop")
    v = refinement(prog, general_form(prog, 2).program, max_trip=4, budget=Budget.of(120))
    assert v.verdict == "counterexample" and v.counterexample is not None
    c = v.counterexample
    table = lane_table(c, 2)
    assert table is not None
    # rows by the model's names: a family's `.h<k>` suffix is dropped where no other row shares the name
    recorded = {COPY.sub("", fam) for fam, _ in c.target_lanes.values()} | {fam for fam, _ in c.target_lanes.values()}
    scalar_rows = [r["name"] for r in table["rows"] if r["name"] not in c.target.values]
    assert scalar_rows and set(scalar_rows) <= recorded
    # the same run with nothing recorded: no family rows, though the names still read `x.lane<k>`
    bare = lane_table(dataclasses.replace(c, target_lanes={}), 2)
    assert bare is None or all(r["name"] in c.target.values for r in bare["rows"])
    # two scalars recorded as a family under any names: a row of their own
    a, b = [n for n, x in c.target.values.items() if n not in c.target_lanes and not isinstance(x, list)][:2]
    mine = lane_table(dataclasses.replace(c, target_lanes={a: ("mine", 1), b: ("mine", 2)}), 2)
    assert mine is not None and [r["name"] for r in mine["rows"] if r["name"] not in c.target.values] == ["mine"]


@pytest.mark.slow
def test_values_the_llvm_front_end_adds_are_counted_not_shown() -> None:
    """A GEP's offset and bounds test (`%4.sum.l0`, `%4.inbounds.l0`) are not LLVM's
    values: the table leaves them out and its legend says how many it left."""
    from tests.helpers import MODELS
    from verifier.checks.forms import inductive_equivalence
    from verifier.frontend import load_program
    from verifier.reports.lanes import LOWERED, legend
    from verifier.transforms.vector_loop import ReductionOrder

    prog = load_program(MODELS / "llvm" / "fsum_until_negative.scalar.ll", None, "any-poison", frozenset())
    v = inductive_equivalence(prog, 4, 16, Budget.of(30), form="general", order=ReductionOrder.IN_LOOP)
    assert v.counterexample is not None
    t = lane_table(v.counterexample, 4)
    assert t is not None and t["lowered"] >= 1
    assert not any(LOWERED.search(COPY.sub("", r["name"])) for r in t["rows"])
    assert any("the LLVM front end adds" in line for line in legend(t))
