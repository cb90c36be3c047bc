"""The seed models behave as seed 000 describes when run on the seed's inputs."""

from __future__ import annotations

from tests.helpers import model
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run


def trace(r) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(e) for e in r.trace]


def test_predication_example_with_c1_0_then_1() -> None:
    """P0 = [1,1,0,0] (I0 runs in iterations 0 and 1), P1 = [0,1,0,0], P2 = [1,0,0,0]:
    as events in order (the ordered model), and as the iterations each In records."""
    r = run(model("seed/predication_example_ordered.loop"), Inputs({"N": 4}, {"c1": [0, 1, 0, 0]}))
    assert r.status == "ok"
    assert trace(r) == ["I0(0)", "I2(0)", "I0(1)", "I1(1)"]
    r = run(model("seed/predication_example.loop"), Inputs({"N": 4}, {"c1": [0, 1, 0, 0]}))
    assert r.status == "ok" and r.trace == []
    ran = {a: [int(r.memory[a].cells.get(k) == (1, False)) for k in range(4)] for a in ("I0", "I1", "I2")}
    assert ran == {"I0": [1, 1, 0, 0], "I1": [0, 1, 0, 0], "I2": [1, 0, 0, 0]}


def test_liveout_a_takes_A0() -> None:
    r = run(model("seed/liveout_a.loop"), Inputs({"N": 4}, {"c1": [0, 1, 0, 0], "A": [10, 11, 12, 13]}))
    assert trace(r) == ["print(10)"]


def test_liveout_b_takes_B1() -> None:
    r = run(model("seed/liveout_b.loop"),
            Inputs({"N": 4}, {"c1": [0, 1, 0, 0], "A": [10, 11, 12, 13], "B": [20, 21, 22, 23]}))
    assert trace(r) == ["print(21)"]


def test_liveout_y_prints_the_value_that_exited() -> None:
    r = run(model("seed/liveout_y.loop"), Inputs({"N": 4, "X": 5}, {"a": [9, 7, 3, 8]}))
    assert trace(r)[-1] == "print(3)"


def test_division_scalar_loop_leaves_after_one_iteration_on_the_seed_input() -> None:
    """a[0] == b[0] != 0 and b[1] == 0: the scalar loop never divides by b[1]."""
    r = run(model("seed/division.loop"), Inputs({"N": 4}, {"a": [5, 1, 1, 1], "b": [5, 0, 1, 1]}))
    assert r.status == "ok" and r.iterations == {"loop": 1}


def test_guarded_division_leaves_at_c0_before_dividing_by_zero() -> None:
    r = run(model("seed/guarded_division.loop"), Inputs({"N": 4}, {"a": [5, 1, 1, 1], "b": [2, 0, 1, 1]}))
    assert r.status == "ok" and trace(r) == ["foo(5)"]


def test_indirect_access_guard_c1_protects_b_of_x() -> None:
    r = run(model("seed/indirect_access.loop"), Inputs({"N": 4, "K": 2}, {"a": [1, 7, 0, 0], "b": [5, 6]}))
    assert r.status == "ok" and trace(r) == ["foo(1)", "bar(6)"]


def test_hoist_store_reads_what_it_stored() -> None:
    r = run(model("seed/hoist_store.loop"), Inputs({"N": 3, "X": 5}, {"a": [3, 1, 0], "b": [4, 1, 0], "c": [0, 0, 0]}))
    assert r.status == "ok" and r.memory["c"].prefix(2) == [(7, False), (2, False)]


def test_search_loop_never_reads_past_the_first_zero() -> None:
    r = run(model("seed/search_loop.loop"), Inputs({"N": 6}, {"a": [3, 0, None, None, None, None]}))
    assert r.status == "ok" and trace(r) == ["foo(3)"] and r.outs["i"].v == 1
