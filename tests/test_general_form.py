"""The general (predicated) vectorized form the tool writes (verifier/emit): proved
equal to the scalar loop or refuted as seed 000 reasons, broken on purpose to be
refuted, and run by the interpreter through the LLVM front end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli, emitted_mutant, emitted_verdict

PROVED = [("seed/search_loop", 2), ("seed/search_loop", 4), ("seed/liveout_a", 4), ("seed/liveout_b", 4),
          ("legality/two_exits", 2), ("legality/while_true_latch", 4), ("legality/nsw_exit", 2),
          ("forms/abs_copy", 2), ("forms/assume_after_exit", 4), ("seed/predication_example", 2),
          ("seed/liveout_y", 2)]


@pytest.mark.slow
@pytest.mark.parametrize("name,vf", PROVED, ids=[f"{n}-vf{vf}" for n, vf in PROVED])
def test_the_general_form_refines_the_loop_within_the_bound(name: str, vf: int) -> None:
    v = emitted_verdict(MODELS / f"{name}.loop", "general", vf, bounded=True)
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
    v = emitted_verdict(MODELS / f"{name}.loop", "general", vf, bounded=True)
    assert v.verdict == "counterexample", v.reason
    assert v.counterexample is not None and why in v.counterexample.divergence.summary


def test_a_reduction_goes_from_lane_to_lane() -> None:
    v = emitted_verdict(MODELS / "forms" / "sum_until_zero.loop", "general", 4, every_trip_count=True, max_trip=16)
    assert v.verdict == "proved" and v.coverage.unbounded, v.reason


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


@pytest.mark.parametrize("form", ["general", "simple"])
@pytest.mark.parametrize("name", ["forms/conditional_exit.loop", "legality/guarded_exit.loop", "nested"])
def test_an_exit_inside_conditional_code_is_generated_and_proved(tmp_path: Path, name: str, form: str) -> None:
    # a lane takes it where it reaches its block (the deciding branches' frozen
    # conditions) and its condition holds; here two exits in the two arms of a branch,
    # one under two conditions, after a branch that merges (it decides nothing)
    src = tmp_path / "nested.loop" if name == "nested" else MODELS / name
    if name == "nested":
        src.write_text(NESTED_EXITS)
    v = emitted_verdict(src, form, 4, every_trip_count=True, max_trip=16, timeout=60)
    assert v.verdict == "proved" and v.coverage.unbounded, v.reason


def test_a_conditional_exit_whose_load_is_past_its_object_is_refuted() -> None:
    # b is read only where a[i] > 0: shorter than a is fine for the scalar loop, not for
    # vector code that loads b in every lane to know which lanes reach the exit
    v = emitted_verdict(MODELS / "forms" / "conditional_exit_short_b.loop", "general", 4, every_trip_count=True,
                        max_trip=16, timeout=60)
    assert v.verdict == "counterexample" and "out of bounds" in str(v.counterexample), v.reason


# ------------------------------------------------------------------ mutants

SEARCH = MODELS / "seed" / "search_loop.loop"
# (what, edit of the general form of the search loop at VF 4)
MUTANTS = [
    # foo(x) issued in the last lane also past the exit
    ("calls unmasked", (r"br i1 %lane\.on\.3, label", "br i1 true, label")),
    # the exit conditions used unfrozen: a poison lane past the exit makes the predicates poison
    ("conditions not frozen", (r"%c\.frozen = freeze <4 x i1> %c\.v", "%c.frozen = or <4 x i1> %c.v, zeroinitializer")),
    # the live-out taken from the last lane instead of the exiting one
    ("live-out from the last lane", (r"(%i\.exit = extractelement <4 x i64> %i\.v, i64 )%first", r"\g<1>3")),
    # the lanes after the exiting one stay active: only their own condition masks them
    ("next lane not gated by the earlier ones", (r"(%mask = and <4 x i1> %not\.1, )%upto\.first",
                                                 r"\1<i1 true, i1 true, i1 true, i1 true>")),
]


@pytest.mark.slow
@pytest.mark.parametrize("what,edit", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_broken_general_form_is_refuted(tmp_path: Path, what: str, edit: tuple[str, str]) -> None:
    r = emitted_mutant(tmp_path, SEARCH, edit, "general")
    assert r.returncode == 1 and "counterexample" in r.stdout, (what, r.stdout + r.stderr)


# ------------------------------------------------------------------ interpreter

def test_the_vector_loop_does_iterate(tmp_path: Path) -> None:
    """Not vacuous: on 13 elements without a zero the emitted form's vector loop runs
    three vector iterations (its header is entered a fourth time) and the scalar loop
    the last element, with the scalar loop's sum and count."""
    out = tmp_path / "suz.ll"
    r = cli("vectorize", str(MODELS / "forms" / "sum_until_zero.loop"), "--form", "general", "--emit-llvm", str(out),
            "--no-prove")
    assert r.returncode == 0, r.stderr
    r = cli("run", str(out), "--set", "N=13", "--set", "a.bytes=52", "--set", f"a={[1] * 13}", "--json")
    run = json.loads(r.stdout)
    assert run["status"] == "ok" and run["live_outs"] == {"ret.0": 13, "ret.1": 13}, run
    assert run["iterations"] == {"vec.header": 4, "loop": 1}, run


# ------------------------------------------------------------------ count-down loops

MEMRCHR = MODELS / "llvm" / "corpus" / "c_memrchr.scalar.ll"


@pytest.mark.slow
def test_a_count_down_general_form_is_proved_for_every_trip_count() -> None:
    """memrchr's general form (a reversed wide load, the count going down by VF) within
    6 s of budget: the SMT core closes its step in 2 M units, which the race gave it
    only 0.5 M of before (then: unknown after the whole budget)."""
    v = emitted_verdict(MEMRCHR, "general", 4, every_trip_count=True, timeout=6.0)
    assert v.verdict == "proved" and v.coverage.unbounded, v.reason


@pytest.mark.slow
def test_a_count_down_general_form_reading_its_lanes_unreversed_is_refuted(tmp_path: Path) -> None:
    r = emitted_mutant(tmp_path, MEMRCHR, (r"<4 x i32> <i32 3, i32 2, i32 1, i32 0>",
                                           "<4 x i32> <i32 0, i32 1, i32 2, i32 3>"), "general")
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout + r.stderr
