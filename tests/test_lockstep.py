"""The bounded check one vector iteration at a time (checks/lockstep.py), on LLVM 22's
vectorized functions (models/llvm/*.vf4.ll, *.vec.ll) against their scalar sources: it
must prove what unrolling the whole programs proves, refute what that refutes (broken
variants, variants wrong only from a later vector iteration), stand aside where it is
not exact, and its abstraction refinement (semantics/z3domain.exact_at) must only add
facts that hold of the real operations."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, cli
from verifier import frontend
from verifier.analysis.exits import analyse
from verifier.checks.lockstep import applicable, lockstep
from verifier.checks.refinement import refinement
from verifier.frontend.read import Programs
from verifier.ir.program import Program
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.z3domain import Z3Domain, exact_at
from verifier.smt.budget import Budget
from verifier.transforms.recognize import recognize
from verifier.transforms.step import source_step, target_step
from verifier.transforms.vector_loop import VectorForm

LL = MODELS / "llvm"


def _pair(tmp_path: Path, stem: str, target: str = "vf4", cttz_elts: str = "first-true",
          edit: tuple[str, str] | None = None, source_edit: tuple[str, str] | None = None,
          ) -> tuple[Program, Program, VectorForm]:
    """A fixture's scalar function and LLVM's vectorized one (each edited by a regex
    substitution if asked, which must change it), read as a pair, and where the
    target's loops are."""
    files = []
    for suffix, change in (("scalar", source_edit), (target, edit)):
        f = LL / f"{stem}.{suffix}.ll"
        if change is not None:
            text = f.read_text()
            changed = re.sub(change[0], change[1], text, count=1)
            assert changed != text, "the edit must change the function"
            f = tmp_path / f.name
            f.write_text(changed)
        files.append(f)
    read = frontend.read_pair(files[0], files[1], cttz_elts=cttz_elts)
    assert isinstance(read, Programs) and read.target is not None
    return read.source, read.target, recognize(read.source, analyse(read.source), read.target)


def _lockstep(prog: Program, vform: VectorForm, max_trip: int, unbounded: bool = False):  # type: ignore[no-untyped-def]
    le = analyse(prog)
    src, tgt = source_step(prog, le, vform.vf), target_step(vform, prog, le, mark_handover=True)
    return lockstep(prog, vform, src, tgt, max_trip, budget=Budget.of(120), concrete_tests=False,  # the chain alone
                    unbounded=unbounded)


# under first-true the fixtures are proved; under any-poison refuted (cttz.elts of a
# mask whose lanes past the exit may be poison)
AGREE = [("abs_exit", "first-true"), ("and_mask", "any-poison"), ("find_char", "first-true"),
         ("find_char", "any-poison"), ("find_global", "first-true"), ("liveout_value", "any-poison"),
         ("mismatch", "first-true"), ("nsw_test", "any-poison"), ("memchr_null", "first-true"),
         ("find_u64", "any-poison")]


@pytest.mark.slow
@pytest.mark.parametrize("stem,cttz", AGREE, ids=[f"{n}-{c}" for n, c in AGREE])
def test_the_chain_decides_as_the_whole_unrolling_does(tmp_path: Path, stem: str, cttz: str) -> None:
    """Both ways of asking the bounded question give the same verdict (the whole
    unrolling is the reference; bound 8 keeps it fast)."""
    src, tgt, vform = _pair(tmp_path, stem, cttz_elts=cttz)
    chained = _lockstep(src, vform, 8)
    assert chained is not None, applicable(src, vform)
    whole = refinement(src, tgt, max_trip=8, budget=Budget.of(120), target_unroll=vform.unroll(8))
    assert chained.verdict == whole.verdict, (chained.reason, whole.reason)
    if chained.counterexample is not None:  # a real input of the whole programs
        assert not any(p.startswith("window.") for p in chained.counterexample.inputs.params)


# find_char's vector loop, broken
BROKEN = [
    ("anyof ignores the last lane",
     (r"%6 = call i1 @llvm\.vector\.reduce\.or\.v4i1\(<4 x i1> %5\)",
      "%first3 = shufflevector <4 x i1> %5, <4 x i1> zeroinitializer, <4 x i32> <i32 0, i32 1, i32 2, i32 4>\n"
      "  %6 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %first3)")),
    ("exit lane counted from the next vector iteration", (r"%10 = add i64 %index, %9", "%10 = add i64 %index.next, %9")),
    ("a lane skipped each vector iteration", (r"%index\.next = add nuw i64 %index, 4", "%index.next = add nuw i64 %index, 5")),
]


def _wrong_from(at: int) -> tuple[str, str]:
    """find_char's exit index one too high where the vector iteration starts at `at` or
    past it: right for every run that leaves earlier."""
    return (r"%10 = add i64 %index, %9\n",
            f"%late = icmp uge i64 %index, {at}\n  %bump = zext i1 %late to i64\n  %exit.at = add i64 %index, %9\n"
            f"  %10 = add i64 %exit.at, %bump\n")


@pytest.mark.slow
@pytest.mark.parametrize("what,edit", BROKEN, ids=[m[0] for m in BROKEN])
def test_a_broken_vector_loop_is_refuted_step_by_step(tmp_path: Path, what: str, edit: tuple[str, str]) -> None:
    src, _, broken = _pair(tmp_path, "find_char", edit=edit)
    v = _lockstep(src, broken, 16)
    assert v is not None and v.verdict == "counterexample", (what, v and v.reason)


@pytest.mark.slow
def test_a_vector_loop_wrong_from_a_later_vector_iteration_is_refuted_within_the_bound_only(tmp_path: Path) -> None:
    """Wrong from %index 8 on: the third vector iteration at VF 4. A bound of 16 sees
    it (a later step of the chain), a bound of 6 cannot, and proves."""
    src, _, bad = _pair(tmp_path, "find_char", edit=_wrong_from(8))
    late = _lockstep(src, bad, 16)
    assert late is not None and late.verdict == "counterexample", late and late.reason
    short = _lockstep(src, bad, 6)
    assert short is not None and short.verdict == "proved", short and short.reason


@pytest.mark.slow
def test_a_vf_16_function_is_decided_step_by_step() -> None:
    r = cli("equiv", str(LL / "find_char.scalar.ll"), str(LL / "find_char.vec.ll"), "--cttz-elts", "first-true",
            "--bounded", "--max-trip", "64", "--json")
    v = json.loads(r.stdout.splitlines()[0])
    assert v["verdict"] == "proved" and v["coverage"].get("lockstep"), v
    r = cli("equiv", str(LL / "find_char.scalar.ll"), str(LL / "find_char.vec.ll"), "--bounded", "--max-trip", "64",
            "--json")
    v = json.loads(r.stdout.splitlines()[0])
    assert v["verdict"] == "counterexample", v  # (concrete tests may find it before the chain)


def test_the_chain_stands_aside_where_it_is_not_exact(tmp_path: Path) -> None:
    """An approximated operation may differ from step to step; a remainder loop that
    redoes a vector iteration's lanes is compared at its end only."""
    src, _, vform = _pair(tmp_path, "fast_root")
    assert "an approximation" in (applicable(src, vform) or "")
    src, _, vform = _pair(tmp_path, "first_difference")
    assert applicable(src, vform) == "the target's scalar loop is a remainder loop, entered after a vector " \
                                     "iteration's lanes"


def test_a_form_whose_scalar_loop_differs_from_the_source_is_not_chained(tmp_path: Path) -> None:
    """After a hand-over nothing is compared: only a form that keeps the loop as it is
    (here a form claimed to hand over to its vector loop's block as a scalar loop)."""
    prog, _, vform = _pair(tmp_path, "find_char")
    assert applicable(prog, vform) is None
    other = dataclasses.replace(vform, scalar_header=vform.vector_header)
    assert applicable(prog, other) == "the form's scalar loop is not the source's loop and the code after it"


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
def test_the_free_step_proves_every_trip_count_and_a_loop_wrong_past_the_bound_is_not(tmp_path: Path) -> None:
    """Asked for every trip count, the chain's free step is the induction: LLVM's
    function is proved with coverage `unbounded`; one wrong once %index >= 100 is
    proved for the bound only (its free step fails at a state past 100)."""
    src, _, good = _pair(tmp_path, "find_char")
    v = _lockstep(src, good, 16, unbounded=True)
    assert v is not None and v.verdict == "proved" and v.coverage.unbounded, v and v.reason
    src, _, bad = _pair(tmp_path, "find_char", edit=_wrong_from(100))
    w = _lockstep(src, bad, 16, unbounded=True)
    assert w is not None and w.verdict == "proved", w and w.reason
    assert not w.coverage.unbounded and w.coverage.bounded is not None and w.coverage.bounded.max_trip == 16


# X * X == 2 has no solution in i64 arithmetic, though an uninterpreted product allows it
SQUARE = (r"(@find_char\(ptr [^%]*%0, i8 noundef signext %1)\) (.*\{\n)",
          "\\1, i64 %x) \\2  %sq = mul i64 %x, %x\n  %two = icmp eq i64 %sq, 2\n"
          "  call void @llvm.assume(i1 %two)\n")


def test_a_proof_with_the_product_uninterpreted_is_vacuous_where_only_that_lets_the_source_run(
        tmp_path: Path) -> None:
    """The chain's abstract proof is checked for inputs under the real semantics, as
    refinement's is, and is unknown (vacuous), not proved."""
    prog, _, vform = _pair(tmp_path, "find_char", edit=SQUARE, source_edit=SQUARE)
    v = _lockstep(prog, vform, 6)
    assert v is not None and v.verdict == "unknown" and "vacuous" in (v.reason or ""), v and v.reason
