"""llvm.sqrt and the roundings to an integral value (issue 43): the interpreter's
IEEE answers on the values where they are easy to get wrong (halves, negative
fractions that round to -0, NaN, infinities), the z3 encoding held to them, and LLVM
22's vectorized sqrt-and-floor exit test proved, a lane's floor made ceil refuted."""

from __future__ import annotations

import math
import struct
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli, float_bits
from verifier.semantics.concrete import canonical_nan, concrete_funary
from verifier.semantics.lane_ops import funary_lane
from verifier.semantics.ops import Val
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms

f32 = float_bits



def d64(x: float) -> int:
    return float_bits(x, 64)


NAN32, NEG0 = canonical_nan(32), f32(-0.0)

CASES = [  # (op, operand, result), floats
    ("sqrt", 4.0, 2.0), ("sqrt", 2.0, struct.unpack("<f", struct.pack("<f", math.sqrt(2.0)))[0]),
    ("sqrt", -0.0, -0.0), ("sqrt", math.inf, math.inf),
    ("floor", -0.5, -1.0), ("floor", 2.5, 2.0), ("ceil", -0.5, -0.0), ("ceil", 2.1, 3.0),
    ("ftrunc", -2.7, -2.0), ("ftrunc", -0.7, -0.0), ("round", 2.5, 3.0), ("round", -2.5, -3.0),
    ("round", -0.4, -0.0), ("roundeven", 2.5, 2.0), ("roundeven", 3.5, 4.0), ("rint", -2.5, -2.0),
    ("nearbyint", 0.5, 0.0), ("floor", -math.inf, -math.inf), ("round", 16777215.0, 16777215.0),
]


@pytest.mark.parametrize(("op", "x", "want"), CASES)
def test_the_interpreter_gives_ieee_answers(op: str, x: float, want: float) -> None:
    assert concrete_funary(op, f32(x), 32) == f32(want)


def test_nan_results_are_the_canonical_nan() -> None:
    assert concrete_funary("sqrt", f32(-1.0), 32) == NAN32
    assert concrete_funary("sqrt", f32(-math.inf), 32) == NAN32
    assert concrete_funary("floor", 0x7F800001, 32) == NAN32  # a signaling NaN's payload is not kept
    assert concrete_funary("sqrt", d64(2.0), 64) == d64(math.sqrt(2.0))  # double: Python's own sqrt


def test_nnan_and_ninf_make_poison() -> None:
    from verifier.semantics.concrete import ConcreteDomain

    d = ConcreteDomain()
    assert funary_lane(d, "sqrt", Val(f32(-1.0), False, False), 32, frozenset({"nnan"})).p  # NaN result
    assert funary_lane(d, "floor", Val(f32(math.inf), False, False), 32, frozenset({"ninf"})).p
    assert not funary_lane(d, "floor", Val(f32(2.5), False, False), 32, frozenset({"nnan", "ninf"})).p


@pytest.mark.parametrize("op", ["sqrt", "floor", "ceil", "ftrunc", "round", "roundeven", "rint", "nearbyint"])
def test_the_z3_encoding_gives_the_interpreters_answer(op: str) -> None:
    d = Z3Domain("t!")
    x = terms.bv_var("x", 32)
    r = d.term(d.funary(op, x, 32), 32)
    for v in (0.0, -0.0, 0.5, -0.5, 1.5, -2.5, 2.0, 3.7, -1e-30, 1e30, math.inf, -math.inf):
        got = terms.simplify(terms.substitute(r, (x, terms.bv_val(f32(v), 32))))
        assert terms.is_bv_value(got) and got.as_long() == concrete_funary(op, f32(v), 32), (op, v)
    got = terms.simplify(terms.substitute(r, (x, terms.bv_val(0x7F800001, 32))))
    assert got.as_long() == NAN32


SCALAR = MODELS / "llvm" / "round_exit.scalar.ll"


def test_llvm_vectorized_sqrt_and_floor_is_proved_for_every_trip_count() -> None:
    r = cli("equiv", str(SCALAR), str(MODELS / "llvm" / "round_exit.vf4.ll"), "--cttz-elts", "first-true")
    assert r.returncode == 0 and "every trip count" in r.stdout, r.stdout


@pytest.mark.slow
def test_a_lane_rounding_up_instead_of_down_is_refuted(tmp_path: Path) -> None:
    text = (MODELS / "llvm" / "round_exit.vf4.ll").read_text()
    lane = "%13 = tail call float @llvm.floor.f32(float %9)"
    assert lane in text
    target = tmp_path / "ceil.ll"
    target.write_text(text.replace(lane, lane.replace("floor", "ceil")) + "\ndeclare float @llvm.ceil.f32(float)\n")
    r = cli("equiv", str(SCALAR), str(target), "--cttz-elts", "first-true")
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout
