"""The simple vectorized form (transforms/simple_form.py): generated, proved equal
to the scalar loop by the refinement checker, and broken on purpose to be refuted."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from tests.helpers import MODELS, ROOT, model
from verifier.checks.forms import form_equivalence, inductive_equivalence
from verifier.checks.refinement import refinement
from verifier.frontend.parser import parse, parse_file
from verifier.ir.program import Attrs, Instr, Program, Ref
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.smt.budget import Budget
from verifier.transforms.lanes import Unsupported
from verifier.transforms.simple_form import simple_form

PROVED = [("seed/search_loop", 2), ("seed/search_loop", 4), ("seed/liveout_a", 4), ("seed/liveout_b", 2),
          ("legality/two_exits", 4), ("legality/while_true_latch", 4), ("legality/nsw_exit", 2)]


@pytest.mark.slow
@pytest.mark.parametrize("name,vf", PROVED, ids=[f"{n}-vf{vf}" for n, vf in PROVED])
def test_the_simple_form_refines_the_loop(name: str, vf: int) -> None:
    prog = model(f"{name}.loop")
    v = form_equivalence(prog, vf, max_trip=4 * vf, budget=Budget.of(120))
    assert v.verdict == "proved", v.reason or (v.counterexample and v.counterexample.divergence.summary)


def test_the_vector_loop_runs_and_hands_over_to_the_scalar_loop() -> None:
    """Not vacuous: on a long input the vector loop does iterate, then the scalar loop
    finds the zero; the live-out is the scalar loop's."""
    prog = model("seed/search_loop.loop")
    sf = simple_form(prog, 4).program
    inputs = Inputs(params={"N": 12}, arrays={"a": [1] * 9 + [0, 1, 1]})
    src, tgt = run(prog, inputs), run(sf, inputs)
    assert src.outs == tgt.outs
    assert [(e.callee, e.args) for e in src.trace] == [(e.callee, e.args) for e in tgt.trace]
    assert tgt.iterations[next(b for b in sf.blocks if b.startswith("vec.header"))] >= 3


def test_calls_reordered_across_lanes_are_refuted() -> None:
    """predication_example_ordered calls I0/I1/I2 per iteration; the vector body issues
    each call site for all lanes before the next one, which changes the trace."""
    prog = model("seed/predication_example_ordered.loop")
    sf = simple_form(prog, 2) if _straight(prog) else None
    if sf is None:
        pytest.skip("predication_example_ordered has conditional code")
    v = refinement(prog, sf.program, max_trip=8, budget=Budget.of(60))
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert "trace differs" in v.counterexample.divergence.summary


def _straight(prog: Program) -> bool:
    try:
        simple_form(prog, 2)
        return True
    except Unsupported:
        return False


def test_conditional_code_is_if_converted_and_a_cross_lane_store_refuted() -> None:
    """stored_exit writes a[i+1] under an `if`, which the next iteration's exit reads:
    the simple form now if-converts the body (a masked store), and its anyof reads
    a[] for every lane before the body writes it, so it is refuted, with the live-out
    the store's lane changes."""
    prog = model("legality/stored_exit.loop")
    sf = simple_form(prog, 2).program
    body = next(b for n, b in sf.blocks.items() if n.startswith("vec.body"))
    assert any(i.op == "store" and i.attrs.masked for i in body.instrs)
    v = refinement(prog, sf, max_trip=8, budget=Budget.of(60))
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert "live-out i" in v.counterexample.divergence.summary


# ------------------------------------------------------------------ mutants

def _mutant(name: str, vf: int, mutate) -> Program:  # type: ignore[no-untyped-def]
    prog = model(f"{name}.loop")
    p = copy.deepcopy(simple_form(prog, vf).program)
    mutate(p)
    return p


def _resume_past_the_failing_iteration(p: Program) -> None:
    """The epilogue resumes at the next vector iteration (i + VF), skipping lanes."""
    head = next(b for b in p.blocks.values() if any(ph.incoming[0][0].startswith("scalar.entry") for ph in b.phis))
    ph = head.phis[0]
    entry = p.blocks[ph.incoming[0][0]]
    body = next(b for n, b in p.blocks.items() if n.startswith("vec.body"))
    nxt = next(i for i in reversed(body.instrs) if i.dest and i.dest.startswith("i.2.v"))
    entry.instrs.append(Instr(99999, "add", [ph.incoming[0][1], nxt.args[1]], ph.type, "skip.resume",
                              nxt.attrs.but()))
    ph.incoming[0] = (entry.name, Ref("skip.resume"))


def _anyof_ignores_the_last_lane(p: Program) -> None:
    """anyof over lanes 1..VF-1 only: the last lane's exit is missed."""
    check = next(b for n, b in p.blocks.items() if n.startswith("vec.check"))
    ors = [i for i in check.instrs if i.dest and i.dest.startswith("anyof")]
    last = ors[-1]
    check.term.cond = last.args[0]  # type: ignore[union-attr]


def _no_freeze(p: Program) -> None:
    """The exit conditions are not frozen before anyof: a poison lane is branched on."""
    check = next(b for n, b in p.blocks.items() if n.startswith("vec.check"))
    for i in check.instrs:
        if i.op == "freeze" and i.dest and i.dest.startswith("C"):
            i.op, i.args, i.attrs = "or", [i.args[0], i.args[0]], Attrs()


MUTANTS = [("resume past the failing iteration", "seed/search_loop", 4, _resume_past_the_failing_iteration),
           ("anyof ignores the last lane", "seed/search_loop", 4, _anyof_ignores_the_last_lane),
           ("no freeze before anyof", "seed/search_loop", 4, _no_freeze)]


@pytest.mark.slow
@pytest.mark.parametrize("what,name,vf,mutate", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_broken_simple_form_is_refuted(what: str, name: str, vf: int, mutate) -> None:  # type: ignore[no-untyped-def]
    prog = model(f"{name}.loop")
    v = refinement(prog, _mutant(name, vf, mutate), max_trip=4 * vf, budget=Budget.of(120))
    assert v.verdict == "counterexample", (what, v.reason)


def test_a_generator_bound_that_is_too_small_gives_unknown_not_a_proof() -> None:
    """The simple form's unroll bounds are trusted only as far as the target not
    exceeding them: a bound one vector iteration short must not prove anything."""
    prog = model("seed/search_loop.loop")
    sf = simple_form(prog, 2)
    short = {sf.vector_header: 2, sf.scalar_header: 2}
    v = refinement(prog, sf.program, max_trip=8, target_unroll=short, budget=Budget.of(60))
    assert v.verdict == "unknown" and "unrolled for" in (v.reason or "")


MUTANT_MODELS = sorted((MODELS / "mutants").glob("*.loop"))


def _suite_entry(path: Path) -> tuple[Path, int]:
    """The source and trip bound proofs/mutants.toml gives a mutant."""
    suite = tomllib.loads((ROOT / "proofs" / "mutants.toml").read_text())
    ob = next(o for o in suite["obligation"] if o["target"].endswith("/" + path.name))
    return (ROOT / "proofs" / ob["source"]).resolve(), int(ob.get("max_trip", 16))


@pytest.mark.slow
@pytest.mark.parametrize("path", MUTANT_MODELS, ids=[p.stem for p in MUTANT_MODELS])
def test_every_mutant_model_is_refuted_with_a_replayed_counterexample(path: Path) -> None:
    source, trip = _suite_entry(path)
    prog = parse_file(source)
    v = refinement(prog, parse_file(path), max_trip=trip, budget=Budget.of(120))
    assert v.verdict == "counterexample", v.reason
    c = v.counterexample
    assert c is not None and c.divergence.summary
    assert c.target.status == "ub" or c.source.outs != c.target.outs or \
        [(e.callee, e.args) for e in c.source.trace] != [(e.callee, e.args) for e in c.target.trace]


def test_there_are_at_least_twelve_mutants_and_the_suite_lists_them_all() -> None:
    listed = (ROOT / "proofs" / "mutants.toml").read_text()
    assert len(MUTANT_MODELS) >= 12
    assert all(p.name in listed for p in MUTANT_MODELS)


SWAP = """loop swap(N: i64) {
  array a: i8[N]
  X: i8 = 0
  Y: i8 = 1
  i = 0
  while (i < N) {
    x = a[i]
    if (x == 0) break
    T = X
    X = Y
    Y = T
    i = i + 1
  }
  out X
}"""


def test_values_carried_through_each_other_go_lane_to_lane() -> None:
    """X and Y swap every iteration: lane j+1 reads what lane j passes to the back
    edge, so the vector loop's last lane holds the scalar loop's X after VF
    iterations; proved for every trip count. (The form once referred to the scalar
    loop's phi from the vector loop, then refused such loops.)"""
    prog = parse(SWAP, "swap.loop")
    v = inductive_equivalence(prog, 2, 8, budget=Budget.of(60), form="simple")
    assert v.verdict == "proved" and v.coverage.unbounded
