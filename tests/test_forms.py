"""The vectorized forms the tool writes (verifier/emit), proved equal to the scalar
loop, and broken on purpose to be refuted; the hand-written mutant listings refuted."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.helpers import MODELS, ROOT, emitted_mutant, emitted_verdict
from verifier.checks.refinement import refinement
from verifier.frontend.parser import parse_file
from verifier.smt.budget import Budget

PROVED = [("seed/search_loop", 2), ("seed/search_loop", 4), ("seed/liveout_a", 4), ("seed/liveout_b", 2),
          ("legality/two_exits", 4), ("legality/while_true_latch", 4), ("legality/nsw_exit", 2)]


@pytest.mark.slow
@pytest.mark.parametrize("name,vf", PROVED, ids=[f"{n}-vf{vf}" for n, vf in PROVED])
def test_the_simple_form_refines_the_loop(name: str, vf: int) -> None:
    v = emitted_verdict(MODELS / f"{name}.loop", "simple", vf, bounded=True)
    assert v.verdict == "proved", v.reason or (v.counterexample and v.counterexample.divergence.summary)


@pytest.mark.slow
def test_a_store_the_next_iterations_exit_reads_is_refuted_in_the_simple_form() -> None:
    """stored_exit writes a[i+1] under an `if`, which the next iteration's exit reads:
    the simple form's anyof reads a[] for every lane before the body writes it."""
    v = emitted_verdict(MODELS / "legality" / "stored_exit.loop", "simple", 2, bounded=True, max_trip=8)
    assert v.verdict == "counterexample", v.reason


# ------------------------------------------------------------------ mutants

SEARCH = MODELS / "seed" / "search_loop.loop"
MUTANTS = [
    # the scalar epilogue resumes one lane on: the failing vector iteration's lane 0 is skipped
    ("resume past the failing iteration", (r"\[ %i\.vec, %vec\.body \]", "[ %i.2.lane0, %vec.body ]")),
    # anyof over lanes 0..VF-2 only: the last lane's exit is missed
    ("anyof ignores the last lane",
     (r"(%any\.1 = call i1 @llvm\.vector\.reduce\.or\.v4i1\(<4 x i1> )%c\.frozen",
      r"%c.first3 = shufflevector <4 x i1> %c.frozen, <4 x i1> zeroinitializer, <4 x i32> <i32 0, i32 1, i32 2, "
      r"i32 4>\n  \1%c.first3")),
    # the exit conditions not frozen before anyof: a poison lane is branched on
    ("no freeze before anyof", (r"%c\.frozen = freeze <4 x i1> %c\.v", "%c.frozen = or <4 x i1> %c.v, zeroinitializer")),
]


@pytest.mark.slow
@pytest.mark.parametrize("what,edit", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_broken_simple_form_is_refuted(tmp_path: Path, what: str, edit: tuple[str, str]) -> None:
    r = emitted_mutant(tmp_path, SEARCH, edit)
    assert r.returncode == 1 and "counterexample" in r.stdout, (what, r.stdout + r.stderr)


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


def test_values_carried_through_each_other_go_lane_to_lane(tmp_path: Path) -> None:
    """X and Y swap every iteration: lane j+1 reads what lane j passes to the back
    edge, so the vector loop's last lane holds the scalar loop's X after VF
    iterations; proved for every trip count. (The form once referred to the scalar
    loop's phi from the vector loop, then refused such loops.)"""
    (tmp_path / "swap.loop").write_text(SWAP)
    e = emitted_verdict(tmp_path / "swap.loop", "simple", 2, every_trip_count=True, max_trip=8)
    assert e.verdict == "proved" and e.coverage.unbounded, e.reason
