"""Reductions and conditional bodies in both forms the tool writes (verifier/emit):
each proved for every trip count, ordered (lane to lane) and in-loop (each lane from
the identity, the lanes combined by a vector reduction: a reassociation); a
floating-point sum proved ordered and refuted in-loop (rounding); and the mutants a
vectorizer could write, as edits of the emitted LLVM IR, refuted: a reduction that
includes the exiting lane, one missing the lanes before it, a back edge missing the
last lane, an unmasked conditional store, an in-loop combine that adds nsw."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import MODELS, emitted_mutant, emitted_verdict
from verifier.options import REDUCTION_ORDERS
from verifier.transforms.vector_loop import ReductionOrder

ORDERS = [o.value for o in ReductionOrder]
LOOPS = ["forms/sum_until_negative", "forms/max_before_stop", "forms/count_positive_store", "forms/sum_until_zero"]
FSUM = MODELS / "llvm" / "fsum_until_negative.scalar.ll"


def test_the_command_line_offers_every_order() -> None:
    assert REDUCTION_ORDERS == tuple(ORDERS)


@pytest.mark.slow
@pytest.mark.parametrize("name", LOOPS)
@pytest.mark.parametrize("form", ["general", "simple"])
@pytest.mark.parametrize("order", ORDERS)
def test_every_form_and_order_is_proved_for_every_trip_count(name: str, form: str, order: str) -> None:
    # (in-loop at VF 2: sum_until_zero's general in-loop form takes 40-90 s at VF 4, 1 s at VF 2)
    vf = 4 if order == "ordered" else 2
    v = emitted_verdict(MODELS / f"{name}.loop", form, vf, order=order, every_trip_count=True, max_trip=4 * vf)
    assert v.verdict == "proved" and v.coverage.unbounded, (v.reason, v.counterexample)
    assert ("in-loop" in (v.form or "")) == (order == "in-loop"), v.form


SUM_TO_LIMIT = """loop sum_to_limit(N: i64) {
  array a: i32[N]
  s: i32 = 0
  i = 0
  if (i < N) {
    do {
      if (s > 100) break
      s = s + a[i]
      i = i +nsw 1
    } while (i < N)
  }
  out s
}"""


@pytest.mark.parametrize("form", ["general", "simple"])
@pytest.mark.parametrize("order", ORDERS)
def test_an_exit_on_the_sum_before_its_update_gets_no_form(tmp_path: Path, form: str, order: str) -> None:
    """`s` feeds the exit test before the iteration adds to it: no lane knows its s at
    the vector iteration's start. The emitter writes no form (neither did the model
    generators), and the verdict says why instead of failing."""
    src = tmp_path / "x.loop"
    src.write_text(SUM_TO_LIMIT)
    v = emitted_verdict(src, form, 4, order=order, max_trip=16)
    assert v.verdict == "unknown" and v.counterexample is None, v.reason
    assert "the emitter writes no" in (v.reason or "") and "before the vector body computes it" in (v.reason or ""), \
        v.reason


@pytest.mark.slow
def test_a_float_sum_is_proved_ordered_and_refuted_reassociated() -> None:
    """fadd is not associative: the in-loop form's partial sum rounds differently, and
    the counterexample shows the two sums' bits."""
    ordered = emitted_verdict(FSUM, "simple", 4, order="ordered", max_trip=16)
    assert ordered.verdict == "proved" and ordered.coverage.unbounded, ordered.reason
    tree = emitted_verdict(FSUM, "simple", 4, order="in-loop", max_trip=16, timeout=10)
    assert tree.verdict == "counterexample" and tree.counterexample is not None, tree.reason
    summary = tree.counterexample.divergence.summary
    assert "live-out ret" in summary and summary.count("(0x") == 2, summary


@pytest.mark.slow
def test_concrete_tests_on_ordinary_floats_find_the_rounding_at_once() -> None:
    """Float code's tests draw elements from ordinary floats (falsify.FLOAT_POOL): 0.1
    summed in two orders differs in its last bit, found by running the programs, in
    a budget the solver's search does not fit in."""
    v = emitted_verdict(FSUM, "simple", 4, order="in-loop", max_trip=16, timeout=5)
    assert v.verdict == "counterexample" and v.counterexample is not None, v.reason
    assert "live-out ret" in v.counterexample.divergence.summary
    assert (v.coverage.found_in or "").startswith("concrete test"), v.coverage


@pytest.mark.slow
@pytest.mark.parametrize("form", ["simple", "general"])
def test_an_exit_on_a_running_value_is_emitted_and_refuted_where_it_reads_past_the_exit(form: str) -> None:
    """The corpus's u_checksum_until leaves when its running checksum passes a limit
    (was a KeyError in the model generators, then unknown): the emitter computes the
    checksum's lanes with a prefix scan, and its proof finds what that costs here: the
    vector load reads bytes past the exiting one, which the pointer (no
    dereferenceable) may not have. A real run, replayed from the loop's start."""
    v = emitted_verdict(MODELS / "llvm" / "corpus" / "u_checksum_until.scalar.ll", form, 4, max_trip=16, timeout=30)
    assert v.verdict == "counterexample" and v.counterexample is not None, (form, v.reason)
    assert "out of bounds" in v.counterexample.divergence.summary, v.counterexample.divergence.summary
    assert not any(p.startswith("window.") for p in v.counterexample.inputs.params)


# ------------------------------------------------------------------ mutants

# (what, model, form, VF, order, trip bound, edit of the emitted LLVM IR)
MUTANTS: list[tuple[str, str, str, int, str, int, tuple[str, str]]] = [
    # lane 0 exits, yet the exit reads s after lane 0's own `s + x`, which the scalar loop skips
    ("includes the exiting lane", "forms/sum_until_negative", "general", 4, "ordered", 8,
     (r"(%red\.9 = select i1 %red\.at\.2, i32 )%s\.1\.vec", r"\1%red.4")),
    # the exit reads s as the vector iteration began: the lanes before the exiting one are lost
    ("misses the lanes before the exit", "forms/sum_until_negative", "general", 4, "ordered", 8,
     (r"\[ %red\.9, %vec\.exit\.0 \]", "[ %s.1.vec, %vec.exit.0 ]")),
    # the vector phi takes lane VF-1's value back: the last lane's element is dropped
    ("back edge misses the last lane", "forms/sum_until_negative", "simple", 4, "ordered", 8,
     (r"(%s\.1\.vec = phi i32 \[ 0, %vec\.ph \], \[ )%red\.3", r"\1%red.2")),
    # the in-loop combine adds with nsw: the reassociated sum may overflow where the
    # scalar loop's wrapping running sum gives a value (the combine must not add flags)
    ("in-loop combine with nsw (general)", "forms/sum_until_zero", "general", 2, "in-loop", 4,
     (r"%red = add i32 %s\.1\.vec, %red\.part\b", "%red = add nsw i32 %s.1.vec, %red.part")),
    ("in-loop combine with nsw (simple)", "forms/sum_until_zero", "simple", 2, "in-loop", 4,
     (r"%red = add i32 %s\.1\.vec, %red\.part\b", "%red = add nsw i32 %s.1.vec, %red.part")),
    # the conditional store runs in every lane, positive element or not
    ("unmasked conditional store (general)", "forms/count_positive_store", "general", 4, "ordered", 8,
     (r"call void @llvm\.masked\.store\.v4i32\.p0\(<4 x i32> %x\.v, ptr align \d+ (%b\.at\.lane0), <4 x i1> %mask\.3\)",
      r"store <4 x i32> %x.v, ptr \1, align 4")),
    ("unmasked conditional store (simple)", "forms/count_positive_store", "simple", 4, "ordered", 8,
     (r"call void @llvm\.masked\.store\.v4i32\.p0\(<4 x i32> %x\.v, ptr align \d+ (%b\.at\.lane0), <4 x i1> %mask\)",
      r"store <4 x i32> %x.v, ptr \1, align 4")),
]


@pytest.mark.slow
@pytest.mark.parametrize(("what", "name", "form", "vf", "order", "trip", "edit"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_broken_reduction_or_conditional_store_is_refuted(tmp_path: Path, what: str, name: str, form: str, vf: int,
                                                            order: str, trip: int, edit: tuple[str, str]) -> None:
    r = emitted_mutant(tmp_path, MODELS / f"{name}.loop", edit, form, vf, order, max_trip=trip)
    assert r.returncode == 1 and r.stdout.startswith("counterexample"), (what, r.stdout + r.stderr)
