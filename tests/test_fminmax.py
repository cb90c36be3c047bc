"""llvm.minnum / maxnum, minimum / maximum, minimumnum / maximumnum (issue 43): the
lane rule on the values where the six differ (NaN, signaling NaN, +0 and -0), with
LangRef's two choices for minnum / maxnum made both ways, the z3 encoding held to it
on every pair of such values, and LLVM 22's vectorized fmaxf loop proved, its
mutants refuted."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli, float_bits
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.lane_ops import fminmax_lane
from verifier.semantics.ops import Val
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms

QNAN, SNAN, POS0, NEG0 = 0x7FC00000, 0x7F800001, 0x00000000, 0x80000000


f32 = float_bits


ONE, TWO, NEG_INF = f32(1.0), f32(2.0), f32(float("-inf"))
CANON = 0x7FC00000  # the canonical quiet NaN results are given as


def run(op: str, a: int, b: int, tie: int = 0, snan: int = 0, flags: frozenset[str] = frozenset()) -> int | str:
    d = ConcreteDomain()
    r = fminmax_lane(d, op, Val(a, False, False), Val(b, False, False), 32, flags,
                     lambda tag: {"tie": tie, "snan": snan}[tag])
    return "poison" if r.p else r.v


def test_numbers_order_as_numbers() -> None:
    for lo_op, hi_op in (("minnum", "maxnum"), ("minimum", "maximum"), ("minimumnum", "maximumnum")):
        assert run(lo_op, ONE, TWO) == ONE and run(lo_op, TWO, ONE) == ONE
        assert run(hi_op, ONE, TWO) == TWO and run(hi_op, NEG_INF, ONE) == ONE


def test_a_quiet_nan_is_ignored_by_minnum_and_minimumnum_and_wins_in_minimum() -> None:
    for op in ("minnum", "maxnum", "minimumnum", "maximumnum"):
        assert run(op, QNAN, ONE) == ONE and run(op, ONE, QNAN) == ONE and run(op, QNAN, QNAN) == CANON
    for op in ("minimum", "maximum"):
        assert run(op, QNAN, ONE) == CANON and run(op, ONE, QNAN) == CANON


def test_signed_zeros_order_in_minimum_and_are_either_in_minnum() -> None:
    assert run("minimum", POS0, NEG0) == NEG0 and run("maximum", NEG0, POS0) == POS0
    assert run("minimumnum", POS0, NEG0) == NEG0 and run("maximumnum", NEG0, POS0) == POS0
    # minnum: either operand, as the run chooses; nsz makes minimum's choice free too
    assert {run("minnum", POS0, NEG0, tie=t) for t in (0, 1)} == {POS0, NEG0}
    assert {run("maxnum", POS0, NEG0, tie=t) for t in (0, 1)} == {POS0, NEG0}
    assert {run("minimum", POS0, NEG0, tie=t, flags=frozenset({"nsz"})) for t in (0, 1)} == {POS0, NEG0}
    assert run("minnum", ONE, ONE, tie=0) == run("minnum", ONE, ONE, tie=1) == ONE  # equal bits: no choice


def test_a_signaling_nan_in_minnum_gives_nan_or_counts_as_quiet() -> None:
    assert {run("minnum", SNAN, ONE, snan=c) for c in (0, 1)} == {ONE, CANON}
    assert run("minimumnum", SNAN, ONE, snan=1) == ONE  # minimumNumber ignores any NaN
    assert run("minimum", SNAN, ONE) == CANON


def test_nnan_and_ninf_make_poison() -> None:
    assert run("maxnum", QNAN, ONE, flags=frozenset({"nnan"})) == "poison"
    assert run("maxnum", NEG_INF, ONE, flags=frozenset({"ninf"})) == "poison"
    assert run("maxnum", TWO, ONE, flags=frozenset({"nnan", "ninf"})) == TWO


SAMPLES = (QNAN, SNAN, POS0, NEG0, ONE, TWO, NEG_INF, 0xFFC00001)


@pytest.mark.parametrize("op", ["minnum", "maxnum", "minimum", "maximum", "minimumnum", "maximumnum"])
def test_the_z3_encoding_gives_the_interpreters_answer(op: str) -> None:
    """On every pair of the special values, both choices each way: the symbolic lane's
    value is the concrete lane's (the z3 terms are built by the same rule)."""
    d = Z3Domain("t!")
    x, y = terms.bv_var("x", 32), terms.bv_var("y", 32)
    ct, cs = terms.bv_var("tie", 1), terms.bv_var("snan", 1)
    r = fminmax_lane(d, op, Val(x, False, False), Val(y, False, False), 32, frozenset(),
                     lambda tag: ct if tag == "tie" else cs)
    for a, b, tie, snan in product(SAMPLES, SAMPLES, (0, 1), (0, 1)):
        want = run(op, a, b, tie, snan)
        got = terms.simplify(terms.substitute(d.term(r.v, 32), (x, terms.bv_val(a, 32)), (y, terms.bv_val(b, 32)),
                                              (ct, terms.bv_val(tie, 1)), (cs, terms.bv_val(snan, 1))))
        assert terms.is_bv_value(got) and got.as_long() == want, (op, hex(a), hex(b), tie, snan)


SCALAR = MODELS / "llvm" / "fmax_exit.scalar.ll"


@pytest.mark.slow
def test_llvm_vectorized_fmaxf_is_proved_for_every_trip_count() -> None:
    r = cli("equiv", str(SCALAR), str(MODELS / "llvm" / "fmax_exit.vf4.ll"), "--cttz-elts", "first-true")
    assert r.returncode == 0 and "every trip count" in r.stdout, r.stdout


@pytest.mark.slow
@pytest.mark.parametrize("other", ["minnum", "maximum"])
def test_maxnum_turned_into_another_operation_is_refuted(tmp_path: Path, other: str) -> None:
    """minnum picks the other operand; maximum lets a NaN through, where maxnum ignores
    it (a NaN never compares greater): both change which lane exits."""
    target = tmp_path / "mutant.ll"
    text = (MODELS / "llvm" / "fmax_exit.vf4.ll").read_text()
    body_at = text.index("define ")
    body_end = text.index("\n}\n", body_at)
    target.write_text(text[:body_at] + text[body_at:body_end].replace("llvm.maxnum.v4f32", f"llvm.{other}.v4f32")
                      + text[body_end:] + f"\ndeclare <4 x float> @llvm.{other}.v4f32(<4 x float>, <4 x float>)\n")
    r = cli("equiv", str(SCALAR), str(target), "--cttz-elts", "first-true")
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout
