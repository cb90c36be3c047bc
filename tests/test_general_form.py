"""The general (predicated) vectorized form (transforms/general_form.py): generated,
proved equal to the scalar loop or refuted as seed 000 reasons, broken on purpose
to be refuted, and run by the interpreter on random inputs."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import model
from tests.test_forms import SWAP
from verifier.checks.forms import form_equivalence, inductive_equivalence
from verifier.checks.refinement import refinement
from verifier.frontend.parser import parse
from verifier.ir.program import Attrs, Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.smt.budget import Budget
from verifier.transforms.general_form import general_form
from verifier.transforms.lanes import Unsupported

PROVED = [("seed/search_loop", 2), ("seed/search_loop", 4), ("seed/liveout_a", 4), ("seed/liveout_b", 4),
          ("legality/two_exits", 2), ("legality/while_true_latch", 4), ("legality/nsw_exit", 2),
          ("forms/abs_copy", 2), ("forms/assume_after_exit", 4), ("seed/predication_example", 2),
          ("seed/liveout_y", 2)]


@pytest.mark.slow
@pytest.mark.parametrize("name,vf", PROVED, ids=[f"{n}-vf{vf}" for n, vf in PROVED])
def test_the_general_form_refines_the_loop_within_the_bound(name: str, vf: int) -> None:
    v = form_equivalence(model(f"{name}.loop"), vf, max_trip=4 * vf, budget=Budget.of(120), form="general")
    assert v.verdict == "proved", v.reason or (v.counterexample and v.counterexample.divergence.summary)


# seed 000's reasons: speculated faults (division, indirect access), a store the hoisted
# exit cannot see, and effectful calls issued per call site for all lanes
# (a speculated division's divisor may be found zero or poison, both UB: which one the
# solver's model shows depends on how far the minimizer got)
REFUTED = [("seed/division", 2, "division by "), ("seed/guarded_division", 2, "division by "),
           ("seed/indirect_access", 2, "load of b[]"), ("legality/stored_exit", 2, "source 1, target 2"),
           ("seed/predication_example_ordered", 2, "trace differs"),
           ("seed/liveout_y_ordered", 2, "trace differs")]


@pytest.mark.slow
@pytest.mark.parametrize("name,vf,why", REFUTED, ids=[f"{n}-vf{vf}" for n, vf, _ in REFUTED])
def test_an_illegal_general_form_is_refuted_with_the_reason(name: str, vf: int, why: str) -> None:
    v = form_equivalence(model(f"{name}.loop"), vf, max_trip=4 * vf, budget=Budget.of(120), form="general")
    assert v.verdict == "counterexample", v.reason
    assert v.counterexample is not None and why in v.counterexample.divergence.summary


def test_the_live_out_is_the_exiting_lanes_value() -> None:
    """seed 000 "Live outs", liveout_b: with C1 = [0, 1, ..] X = B[1], from lane 2, in
    the first vector iteration."""
    prog = model("seed/liveout_b.loop")
    gf = general_form(prog, 4).program
    inputs = Inputs(params={"N": 4}, arrays={"c1": [0, 1, 0, 0], "A": [10, 11, 12, 13], "B": [20, 21, 22, 23]})
    src, tgt = run(prog, inputs), run(gf, inputs)
    assert [e.args for e in src.trace] == [e.args for e in tgt.trace] == [((21, False),)]
    assert not any(b.startswith("loop") for b, _ in tgt.path)  # the vector loop took the exit itself


def test_a_reduction_goes_from_lane_to_lane() -> None:
    v = inductive_equivalence(model("forms/sum_until_zero.loop"), 4, 16, budget=Budget.of(120), form="general")
    assert v.verdict == "proved" and v.coverage.unbounded, v.reason


def test_values_carried_through_each_other_follow_the_lanes() -> None:
    """X and Y swap every iteration: the simple form refuses; lane by lane it is exact."""
    prog = parse(SWAP, "swap.loop")
    v = form_equivalence(prog, 2, max_trip=8, budget=Budget.of(120), form="general")
    assert v.verdict == "proved", v.reason


NESTED_EXITS = """loop nested(N: i64) {
  array a: i8[N]
  array b: i8[N]
  array c: i8[N]
  effect foo(i8)
  i = 0
  while (i < N) {
    x = a[i]
    if (x > 2) {
      z = c[i]
      s = z + 1
    } else {
      s = x
    }
    if (x > 0) {
      y = b[i]
      if (y > 3) {
        z2 = c[i]
        if (z2 == 0) break
      }
    } else {
      w = c[i]
      if (w == 7) break
    }
    foo(s)
    i = i +nsw 1
  }
  out i
}"""


@pytest.mark.parametrize("name", ["forms/conditional_exit.loop", "legality/guarded_exit.loop", "nested"])
def test_an_exit_inside_conditional_code_is_generated_and_proved(name: str) -> None:
    # a lane takes it where it reaches its block (the deciding branches' frozen
    # conditions) and its condition holds; here two exits in the two arms of a branch,
    # one under two conditions, after a branch that merges (it decides nothing)
    prog = parse(NESTED_EXITS, "nested.loop") if name == "nested" else model(name)
    v = inductive_equivalence(prog, 4, 16, budget=Budget.of(60), form="general", require_unbounded=True)
    assert v.verdict == "proved", v.reason


def test_a_conditional_exit_taken_without_reaching_its_block_is_refuted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generator mutated: every lane counts as reaching the exit's block (the lane
    activity then ends where b[i] == 0 though a[i] <= 0): the checker refutes it."""
    import verifier.transforms.general_form as gf
    from verifier.ir.program import Const
    from verifier.ir.types import I1

    monkeypatch.setattr(gf, "_reaches", lambda *args: Const(1, I1))
    v = inductive_equivalence(model("forms/conditional_exit.loop"), 4, 16, budget=Budget.of(60), form="general")
    assert v.verdict == "counterexample", v.reason


def test_a_conditional_exit_whose_load_is_past_its_object_is_refuted() -> None:
    # b is read only where a[i] > 0: shorter than a is fine for the scalar loop, not for
    # vector code that loads b in every lane to know which lanes reach the exit
    v = inductive_equivalence(model("forms/conditional_exit_short_b.loop"), 4, 16, budget=Budget.of(60),
                              form="general")
    assert v.verdict == "counterexample" and "out of bounds" in str(v.counterexample), v.reason


def test_a_value_read_before_the_previous_lane_computes_it_is_unsupported() -> None:
    text = """loop recur(N: i64) {
      array a: i8[N]
      array b: i8[N]
      p: i8 = 0
      i = 0
      while (i < N) {
        x = a[i]
        if (x == 0) break
        b[i] = p
        p = x + 1
        i = i + 1
      }
    }"""
    with pytest.raises(Unsupported, match="before the previous lane"):
        general_form(parse(text, "recur.loop"), 2)


# ------------------------------------------------------------------ mutants

def _blocks(p: Program, prefix: str) -> list:  # type: ignore[type-arg]
    return [b for n, b in p.blocks.items() if n.startswith(prefix)]


def _unmask(p: Program, op: str) -> None:
    for b in _blocks(p, "vec.body"):
        for i in b.instrs:
            if i.op == op and i.masked:
                i.args, i.attrs = i.args[:-1], i.attrs.but(masked=False)


def _calls_unmasked(p: Program) -> None:
    """foo(x) issued in every lane, also past the exit."""
    _unmask(p, "call")


def _conditions_not_frozen(p: Program) -> None:
    """C^ used unfrozen: a poison lane past the exit makes the predicates poison."""
    for b in _blocks(p, "vec.check"):
        for i in b.instrs:
            if i.op == "freeze" and i.dest and i.dest.startswith("C"):
                i.op, i.args, i.attrs = "or", [i.args[0], i.args[0]], Attrs()


def _live_out_from_the_last_lane(p: Program) -> None:
    """Extract(X^, VF) instead of the exiting lane: the select chain is dropped."""
    for b in _blocks(p, "vec.exit"):
        for i in b.instrs:
            if i.op == "select" and i.dest and ".exit" in i.dest:
                i.op, i.args, i.attrs = "or", [i.args[2], i.args[2]], Attrs()


def _masked_store_made_plain(p: Program) -> None:
    """The if-converted stores run unmasked: both arms store in every lane."""
    _unmask(p, "store")


def _assume_unmasked(p: Program) -> None:
    """An assume after the exit runs in every lane, past the exiting one too."""
    _unmask(p, "assume")


def _next_lane_not_gated(p: Program) -> None:
    """P0 computed without the earlier lanes: lanes after the exiting one stay active."""
    for b in _blocks(p, "vec.check"):
        for i in b.instrs:
            if i.dest and i.dest.startswith("P0.lane") and i.op == "and":
                i.args[0] = i.args[1]


# (what, model, VF, trip bound, mutation): the bound is what refutes each in seconds
MUTANTS: list[tuple[str, str, int, int, Callable[[Program], None]]] = [
    ("calls unmasked", "seed/search_loop", 4, 16, _calls_unmasked),
    ("conditions not frozen", "seed/search_loop", 4, 16, _conditions_not_frozen),
    ("live-out from the last lane", "seed/liveout_b", 4, 16, _live_out_from_the_last_lane),
    ("masked store made plain", "forms/abs_copy", 2, 8, _masked_store_made_plain),
    ("assume unmasked", "forms/assume_after_exit", 4, 8, _assume_unmasked),
    # seed 000's I1 runs under P1 only: unmasked, lanes that stay in the loop run it too
    ("I0..I2 unmasked", "seed/predication_example", 2, 4, _masked_store_made_plain),
    ("next lane not gated by the earlier ones", "seed/search_loop", 4, 4, _next_lane_not_gated),
]


@pytest.mark.slow
@pytest.mark.parametrize("what,name,vf,trip,mutate", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_broken_general_form_is_refuted(what: str, name: str, vf: int, trip: int,
                                          mutate: Callable[[Program], None]) -> None:
    prog = model(f"{name}.loop")
    p = copy.deepcopy(general_form(prog, vf).program)
    before = [(i.op, list(i.args), i.attrs.but()) for i in p.instructions()]
    mutate(p)
    assert [(i.op, list(i.args), i.attrs.but()) for i in p.instructions()] != before, "the mutation did nothing"
    v = refinement(prog, p, max_trip=trip, budget=Budget.of(120))
    assert v.verdict == "counterexample", (what, v.reason)


# ------------------------------------------------------------------ interpreter

def _same_behaviour(prog: Program, form: Program, inputs: Inputs) -> None:
    src, tgt = run(prog, inputs), run(form, inputs)
    if src.status == "ub":
        return
    assert tgt.status == "ok", tgt.ub
    assert [(e.callee, e.args) for e in src.trace] == [(e.callee, e.args) for e in tgt.trace]
    assert src.outs == tgt.outs
    assert {a: m.cells for a, m in src.memory.items()} == {a: m.cells for a, m in tgt.memory.items()}


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=1, max_size=11), st.sampled_from([2, 3, 4]))
def test_the_general_form_runs_like_the_loop_on_random_inputs(a: list[int], vf: int) -> None:
    """Independent of the solver: the interpreter runs both on the same inputs."""
    for name, arrays in (("forms/sum_until_zero", {"a": a}), ("forms/abs_copy", {"a": a, "b": [7] * len(a)}),
                         ("seed/search_loop", {"a": a})):
        prog = model(f"{name}.loop")
        _same_behaviour(prog, general_form(prog, vf).program, Inputs(params={"N": len(a)}, arrays=arrays))


def test_the_vector_loop_does_iterate() -> None:
    prog = model("forms/sum_until_zero.loop")
    gf = general_form(prog, 4).program
    r = run(gf, Inputs(params={"N": 13}, arrays={"a": [1] * 13}))
    vh = next(b for b in gf.blocks if b.startswith("vec.header"))
    assert r.iterations[vh] == 4 and r.outs["s"].v == 13

