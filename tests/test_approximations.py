"""Fast-math flags that let a math intrinsic's result be another value (`afn`,
`fast`; issue 43): each execution chooses its approximation, which LangRef does not
bound. A proof holds for every choice (the target's any value, the source's the
target's own on the same operand, else the exact result); a run that goes wrong is
shown only where no other approximation could explain it."""

from __future__ import annotations

import math
import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, cli, float_bits
from verifier.frontend import load_pair
from verifier.ir.program import approximates
from verifier.semantics.concrete import ConcreteDomain, concrete_funary
from verifier.semantics.lane_ops import (
    approximated,
    approximation_keeps_class,
    approximation_kind,
    funary_lane,
)
from verifier.semantics.ops import Val
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms

SCALAR = MODELS / "llvm" / "fast_root.scalar.ll"  # clang -O2 -ffast-math: call fast float @llvm.sqrt.f32
FAST = frozenset({"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc"})
f32 = float_bits


def test_fast_is_read_as_every_flag_and_the_root_as_an_approximation() -> None:
    src, _ = load_pair(SCALAR, MODELS / "llvm" / "fast_root.vf4.ll")
    roots = [i for i in src.instructions() if i.op == "sqrt"]
    assert len(roots) == 1 and frozenset(roots[0].attrs.flags) == FAST and approximates(roots[0])
    exact = [i for i in load_pair(MODELS / "llvm" / "round_exit.scalar.ll",
                                  MODELS / "llvm" / "round_exit.vf4.ll")[0].instructions() if i.op == "sqrt"]
    assert exact and not any(approximates(i) for i in exact)


def test_only_value_changing_flags_make_a_choice_and_the_kind_names_them() -> None:
    assert approximation_kind("sqrt", 32, frozenset({"nnan", "ninf"})) is None
    assert approximation_kind("sqrt", 32, frozenset({"afn", "nnan"})) == "approx.sqrt.32.afn"
    assert approximation_kind("sqrt", 32, frozenset({"nsz", "afn"})) != approximation_kind("sqrt", 32,
                                                                                          frozenset({"afn"}))


@settings(max_examples=60, deadline=None)
@given(x=st.floats(width=32, allow_nan=False), taken=st.booleans(), v=st.integers(0, 2**32 - 1))
def test_the_z3_encoding_of_an_approximation_gives_the_interpreters_answer(x: float, taken: bool, v: int) -> None:
    c = (int(taken) << 32) | v
    want = funary_lane(ConcreteDomain(), "sqrt", Val(f32(x), False, False), 32, FAST, c)
    assert want.v == (v if taken else concrete_funary("sqrt", f32(x), 32))
    d = Z3Domain("t!")
    cv = terms.bv_var("c", 33)
    got = funary_lane(d, "sqrt", Val(f32(x), False, False), 32, FAST, cv)
    assert terms.simplify(terms.substitute(d.term(got.v, 32), (cv, terms.bv_val(c, 33)))).as_long() == want.v
    assert terms.is_true(terms.simplify(terms.substitute(d.bterm(got.p), (cv, terms.bv_val(c, 33))))) == want.p


@settings(max_examples=200, deadline=None)
@given(op=st.sampled_from(["sqrt", "floor", "ceil", "ftrunc", "round", "roundeven", "rint", "nearbyint"]),
       x=st.integers(0, 2**32 - 1))
def test_nnan_and_ninf_read_the_results_class_off_the_operand_rightly(op: str, x: int) -> None:
    """The poison test skips the result's circuit: it must agree with the result."""
    r = concrete_funary(op, x, 32)
    nan, inf = math.isnan(bits_f32(r)), math.isinf(bits_f32(r))
    d = ConcreteDomain()
    assert funary_lane(d, op, Val(x, False, False), 32, frozenset({"nnan"})).p == nan
    assert funary_lane(d, op, Val(x, False, False), 32, frozenset({"ninf"})).p == (inf or math.isinf(bits_f32(x)))


def bits_f32(b: int) -> float:
    return float(struct.unpack("<f", struct.pack("<I", b))[0])


def test_a_refutation_keeps_an_approximation_finite_where_the_root_is() -> None:
    d = ConcreteDomain()
    nan = 0x7FC00000
    assert approximation_keeps_class(d, "sqrt", f32(4.0), (1 << 32) | f32(1.9), 32)
    assert not approximation_keeps_class(d, "sqrt", f32(4.0), (1 << 32) | nan, 32)
    assert not approximation_keeps_class(d, "sqrt", f32(-1.0), (1 << 32) | f32(1.0), 32)  # NaN root
    assert approximation_keeps_class(d, "sqrt", f32(math.inf), (1 << 32) | f32(math.inf), 32)
    assert approximation_keeps_class(d, "sqrt", f32(4.0), nan, 32)  # not taken: the exact result


def test_a_run_taking_another_value_is_told_from_one_taking_the_exact_result() -> None:
    kind = approximation_kind("sqrt", 32, FAST)
    assert approximated({(kind, 7, 0, 1): f32(2.0)}) is None  # top bit clear: the exact result
    assert approximated({(kind, 7, 0, 1): (1 << 32) | f32(2.0)}) == (kind, 7, 0, 1)
    assert approximated({("fused", 7, 0, 1): 1}) is None


@pytest.mark.parametrize("target", ["vec", "vf4"])
def test_llvms_vectorized_fast_root_is_proved_for_every_trip_count(target: str) -> None:
    r = cli("equiv", str(SCALAR), str(MODELS / "llvm" / f"fast_root.{target}.ll"), "--cttz-elts", "first-true")
    assert r.returncode == 0 and "every trip count" in r.stdout, r.stdout


def test_a_target_computing_the_exact_root_refines_the_approximate_source(tmp_path: Path) -> None:
    exact = tmp_path / "exact.ll"
    text = (MODELS / "llvm" / "fast_root.vf4.ll").read_text()
    assert "call fast float @llvm.sqrt.f32" in text
    exact.write_text(text.replace("call fast float @llvm.sqrt.f32", "call float @llvm.sqrt.f32"))
    r = cli("equiv", str(SCALAR), str(exact), "--cttz-elts", "first-true")
    assert r.returncode == 0 and "every trip count" in r.stdout, r.stdout


def test_an_approximate_root_in_the_exit_test_speculates_safely(tmp_path: Path) -> None:
    text = (MODELS / "llvm" / "round_exit.scalar.ll").read_text()
    assert "call float @llvm.sqrt.f32(" in text
    approx = tmp_path / "afn.ll"
    approx.write_text(text.replace("call float @llvm.sqrt.f32(", "call afn float @llvm.sqrt.f32("))
    r = cli("check", str(approx), "--check", "speculate", "--vf", "4")
    assert r.returncode == 0 and "every trip count" in r.stdout, r.stdout


@pytest.mark.slow
@pytest.mark.parametrize("mutant", ["another lane's root", "an exit index off by 300"])
def test_a_broken_target_is_never_proved(tmp_path: Path, mutant: str) -> None:
    """The source's approximations could explain a wrong lane's root (unknown at best);
    no approximation explains an index the source never returns, and neither is proved."""
    text = (MODELS / "llvm" / "fast_root.vf4.ll").read_text()
    old, new = {"another lane's root": ("@llvm.sqrt.f32(float %4)", "@llvm.sqrt.f32(float %3)"),
                "an exit index off by 300": ("%21 = add i64 %index, %20", "%21 = add i64 %index, 300")}[mutant]
    assert old in text
    target = tmp_path / "mutant.ll"
    target.write_text(text.replace(old, new))
    r = cli("equiv", str(SCALAR), str(target), "--cttz-elts", "first-true", "--timeout", "10")
    assert r.returncode in (1, 3) and "proved" not in r.stdout.split(":")[0], r.stdout


@pytest.mark.slow
def test_a_target_that_adds_an_approximation_is_never_proved(tmp_path: Path) -> None:
    """The source's root is exact; the target's `afn` may be any approximation."""
    text = (MODELS / "llvm" / "round_exit.vf4.ll").read_text()
    assert "call float @llvm.sqrt.f32(" in text
    target = tmp_path / "added.ll"
    target.write_text(text.replace("call float @llvm.sqrt.f32(", "call afn float @llvm.sqrt.f32("))
    r = cli("equiv", str(MODELS / "llvm" / "round_exit.scalar.ll"), str(target), "--cttz-elts", "first-true",
            "--timeout", "10")
    assert r.returncode in (1, 3) and "proved" not in r.stdout.split(":")[0], r.stdout
