"""Lane tables come from what the transforms record (Program.lanes), not from value
names: the legality harness records each lane it makes, and a counterexample's table
shows exactly the recorded families, whatever the values are called."""

from __future__ import annotations

import dataclasses

import pytest

from tests.helpers import MODELS, emitted_verdict, model
from verifier.checks.dispatch import Request, decide
from verifier.checks.verdict import Check
from verifier.reports.lanes import COPY, LOWERED, lane_table, legend
from verifier.transforms.harness import speculation_harness


def test_the_harness_records_the_lanes_it_makes() -> None:
    prog = model("seed/liveout_y.loop")
    assert prog.lanes == {}
    for vf in (2, 4):
        h = speculation_harness(prog, vf).program
        types = h.value_types()
        assert h.lanes and all(name in types and 0 <= k <= vf for name, (_, k) in h.lanes.items()), h.lanes
        # the hoisted exit condition, lane by lane
        assert any(fam.startswith("C1") for fam, _ in h.lanes.values()), h.lanes


def test_the_lane_table_shows_the_recorded_families_only() -> None:
    (v,) = decide(Request(Check.SPECULATE, vf=2, timeout=60), model("seed/division.loop"))
    assert v.verdict == "counterexample" and v.counterexample is not None
    c = v.counterexample
    assert c.target_lanes
    table = lane_table(c, 2)
    assert table is not None
    # rows by the model's names: a family's `.h<k>` suffix is dropped where no other row shares the name
    recorded = {COPY.sub("", fam) for fam, _ in c.target_lanes.values()} | {fam for fam, _ in c.target_lanes.values()}
    scalar_rows = [r["name"] for r in table["rows"] if r["name"] not in c.target.values]
    assert scalar_rows and set(scalar_rows) <= recorded
    # the same run with nothing recorded: no family rows
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
    v = emitted_verdict(MODELS / "llvm" / "fsum_until_negative.scalar.ll", "general", 4, order="in-loop", timeout=8)
    assert v.counterexample is not None, v.reason
    t = lane_table(v.counterexample, 4)
    assert t is not None and t["lowered"] >= 1
    assert not any(LOWERED.search(COPY.sub("", r["name"])) for r in t["rows"])
    assert any("the LLVM front end adds" in line for line in legend(t))
