"""The bounded check one vector iteration at a time (checks/lockstep.py): it must
prove what unrolling the whole programs proves, refute what that refutes (broken
forms, forms wrong only from a later vector iteration), stand aside where it is not
exact, and its abstraction refinement (semantics/z3domain.exact_at) must only add
facts that hold of the real operations."""

from __future__ import annotations

import copy
import dataclasses

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import model
from tests.model_forms import MUTANTS, _mutant, _wrong_after_100
from verifier.analysis.exits import analyse
from verifier.checks.forms import form_equivalence, generate
from verifier.checks.lockstep import applicable, lockstep
from verifier.checks.refinement import refinement
from verifier.frontend.parser import parse
from verifier.ir.program import Instr, Program
from verifier.ir.types import I8
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.z3domain import Z3Domain, exact_at
from verifier.smt.budget import Budget
from verifier.transforms.simple_form import simple_form
from verifier.transforms.step import source_step, target_step
from verifier.transforms.vector_loop import VectorForm


def _lockstep(prog: Program, vform: VectorForm, max_trip: int):  # type: ignore[no-untyped-def]
    le = analyse(prog)
    src, tgt = source_step(prog, le, vform.vf), target_step(vform, prog, le, mark_handover=True)
    return lockstep(prog, vform, src, tgt, max_trip, budget=Budget.of(120), concrete_tests=False)  # the chain alone


AGREE = [("seed/search_loop", "general"), ("seed/search_loop", "simple"), ("seed/liveout_a", "general"),
         ("seed/liveout_b", "simple"), ("seed/liveout_y", "general"), ("seed/predication_example", "simple"),
         ("seed/division", "general"), ("seed/guarded_division", "simple"), ("seed/hoist_store", "simple"),
         ("seed/liveout_y_ordered", "simple"), ("legality/two_exits", "general"), ("forms/abs_copy", "general")]


@pytest.mark.slow
@pytest.mark.parametrize("name,form", AGREE, ids=[f"{n}-{f}" for n, f in AGREE])
def test_the_chain_decides_as_the_whole_unrolling_does(name: str, form: str) -> None:
    """Both ways of asking the bounded question give the same verdict (the whole
    unrolling is the reference; VF 2 and bound 6 keep it fast)."""
    prog = model(f"{name}.loop")
    vform = generate(prog, form, 2)
    chained = _lockstep(prog, vform, 6)
    assert chained is not None, applicable(prog, vform)
    whole = refinement(prog, vform.program, max_trip=6, budget=Budget.of(120), target_unroll=vform.unroll(6))
    assert chained.verdict == whole.verdict, (chained.reason, whole.reason)
    if chained.counterexample is not None:  # a real input of the whole programs
        assert not any(p.startswith("window.") for p in chained.counterexample.inputs.params)


@pytest.mark.parametrize("what,name,vf,mutate", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_broken_simple_form_is_refuted_step_by_step(what: str, name: str, vf: int, mutate) -> None:  # type: ignore[no-untyped-def]
    prog = model(f"{name}.loop")
    broken = dataclasses.replace(simple_form(prog, vf), program=_mutant(name, vf, mutate))
    v = _lockstep(prog, broken, 4 * vf)
    assert v is not None and v.verdict == "counterexample", (what, v and v.reason)


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_form_wrong_from_a_later_vector_iteration_is_refuted_within_the_bound_only(form: str) -> None:
    """Wrong once i >= 8: the third vector iteration at VF 4. A bound of 16 sees it
    (a later step of the chain), a bound of 6 cannot, and proves."""
    prog = model("seed/search_loop.loop")
    bad = _wrong_after_100(generate(prog, form, 4), at=8)
    late = _lockstep(prog, bad, 16)
    assert late is not None and late.verdict == "counterexample", late and late.reason
    assert late.counterexample is not None and late.counterexample.inputs.params["N"] > 8
    short = _lockstep(prog, bad, 6)
    assert short is not None and short.verdict == "proved", short and short.reason


@pytest.mark.slow
def test_the_generated_forms_are_decided_step_by_step_at_vf_16() -> None:
    """form_equivalence takes the chain: a proof and a division's replayed fault (the
    solver's: no concrete tests), each in far less time than the whole unrolling
    needed (it timed out)."""
    v = form_equivalence(model("seed/search_loop.loop"), 16, 64, budget=Budget.of(60), form="general")
    assert v.verdict == "proved" and v.coverage.bounded.lockstep == 5, v.reason
    d = form_equivalence(model("seed/division.loop"), 16, 64, budget=Budget.of(60), form="simple", concrete_tests=False)
    assert d.verdict == "counterexample" and d.coverage.bounded.lockstep == 5, d.reason
    assert d.counterexample is not None and "division by zero" in d.counterexample.divergence.summary


CALLS = """loop calls(N: i64) {
  array a: i8[N]
  effect next(i8)
  i = 0
  while (i < N) {
    x = a[i]
    if (x == 0) break
    next(x)
    i = i +nsw 1
  }
  out i
}"""

INSIDE = """loop inside(N: i64) {
  array a: i8[N]
  i = 0
  while (i < N) {
    x = a[i]
    out x
    if (x == 0) break
    i = i +nsw 1
  }
}"""


def test_the_chain_stands_aside_where_it_is_not_exact() -> None:
    """An effect's value depends on the trace position, which restarts with each step
    (only LLVM input has such calls); a live-out written in the loop is compared at
    the end only."""
    prog = parse(CALLS, "m.loop")
    vform = generate(prog, "simple", 2)
    assert applicable(prog, vform) is None  # an effect without a value is an event
    f = prog.funcs["next"]
    prog.funcs["next"] = dataclasses.replace(f, ret=I8)
    assert applicable(prog, vform) == "next returns a value and has effects"
    inside = parse(INSIDE, "m.loop")
    assert applicable(inside, generate(inside, "simple", 2)) == "the loop writes live-out 'x' inside it"


def test_a_form_whose_scalar_loop_differs_from_the_source_is_not_chained() -> None:
    """After a hand-over nothing is compared: only a form that keeps the loop as it is."""
    prog = model("seed/search_loop.loop")
    vform = copy.deepcopy(simple_form(prog, 4))
    head = vform.program.blocks[vform.scalar_header]
    head.instrs.insert(0, Instr(99998, "add", [head.phis[0].incoming[0][1]] * 2, head.phis[0].type, "extra",
                                {"flags": ()}))
    assert applicable(prog, vform) == "the form's scalar loop is not the source's loop and the code after it"


OPS = ["add", "sub", "mul", "udiv", "urem", "sdiv", "srem"]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(OPS), st.integers(0, 255), st.integers(0, 255), st.integers(0, 255), st.booleans())
def test_abstraction_facts_hold_of_the_real_operation(op: str, a: int, b: int, wrong: int, everywhere: bool) -> None:
    """A model whose uninterpreted `op` gives `wrong` at (a, b): exact_at's fact rules
    it out exactly when `wrong` is not the interpreter's value, and holds of the real
    operation (for every operand, when made exact everywhere)."""
    x, y = z3.BitVecs("x y", 8)
    t = getattr(Z3Domain(abstract=frozenset({op})), op)(x, y, 8)  # an uninterpreted application
    s = z3.Solver()
    s.add(x == a, y == b, t == wrong)
    assert s.check() == z3.sat
    facts = exact_at(s.model(), [t == wrong], everywhere)
    real = getattr(ConcreteDomain(), op)(a, b, 8)
    assert len(facts) == (0 if wrong == real else 1)
    for fact in facts:
        as_real = z3.substitute_funs(fact, (t.decl(), getattr(Z3Domain(), op)(z3.Var(0, x.sort()), z3.Var(1, y.sort()), 8)))
        check = z3.Solver()
        check.add(z3.Not(as_real))
        assert check.check() == z3.unsat  # true of the real operation
        s.add(fact)
        assert s.check() == z3.unsat  # and the wrong model is gone


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_the_free_step_proves_every_trip_count_and_a_form_wrong_past_the_bound_is_not(form: str) -> None:
    """Asked for every trip count, the chain's free step is the induction: the form as
    generated is proved with coverage `unbounded`; one wrong once i >= 100 is proved
    for the bound only (its free step fails at a state past 100)."""
    prog = model("seed/search_loop.loop")
    le = analyse(prog)
    good = generate(prog, form, 4)
    v = lockstep(prog, good, source_step(prog, le, 4), target_step(good, prog, le, mark_handover=True), 16,
                 budget=Budget.of(120), unbounded=True)
    assert v is not None and v.verdict == "proved" and v.coverage.unbounded, v and v.reason
    bad = _wrong_after_100(good)
    w = lockstep(prog, bad, source_step(prog, le, 4), target_step(bad, prog, le, mark_handover=True), 16,
                 budget=Budget.of(120), unbounded=True)
    assert w is not None and w.verdict == "proved", w and w.reason
    assert not w.coverage.unbounded and w.coverage.bounded.max_trip == 16


SQUARE = """loop sq(N: i64, X: i64) {
  array a: i8[N]
  y: i64 = X * X
  assume y == 2
  i = 0
  while (i < N) {
    x = a[i]
    if (x == 0) break
    i = i +nsw 1
  }
  out i
}"""


def test_a_proof_with_the_product_uninterpreted_is_vacuous_where_only_that_lets_the_source_run() -> None:
    """X * X == 2 has no solution in i64 arithmetic, though an uninterpreted product
    allows it: the chain's abstract proof is checked for inputs under the real
    semantics, as refinement's is, and is unknown (vacuous), not proved."""
    prog = parse(SQUARE, "sq.loop")
    v = _lockstep(prog, generate(prog, "simple", 2), 6)
    assert v is not None and v.verdict == "unknown" and "vacuous" in (v.reason or ""), v and v.reason
