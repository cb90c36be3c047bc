"""Bounded answers (issue 40): a bounded proof is `proved` only when the unwinding
assertion makes it cover every input (checks/unwinding.py, checks/completion.py);
a deeper bound the IR suggests is tried, a run past the bound is shown, and a
suite or the command line accepts a bounded proof only when asked to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli, model
from verifier.analysis.trip_bounds import candidate_bounds
from verifier.checks.dispatch import Check, Request, Scope, decide
from verifier.checks.unwinding import Unwound, unwinding
from verifier.frontend import load_program
from verifier.frontend.llvm import parse_ll_pair
from verifier.frontend.parser import parse
from verifier.semantics.interpreter import run
from verifier.smt.budget import Budget

CORPUS = MODELS / "llvm" / "corpus"
LL = MODELS / "llvm"

# a loop whose only exit is data-dependent, over an object of 30 elements: every run
# that finds no 10 among them reads line[30] in its 31st iteration (UB)
SCAN30 = """loop scan30() {
  array line: i8[30]
  i = 0
  while (true) {
    v = line[i]
    if (v == 10) break
    i = i + 1
  }
  out i
}"""


def test_unwinding_is_complete_exactly_where_no_run_goes_past_the_bound() -> None:
    """31 header visits are the most a run of scan30 makes without UB: the assertion
    fails at 30 (a replayed run of 31 visits) and holds at 31 (the off-by-one matters)."""
    prog = parse(SCAN30, "<scan30>")
    at30 = unwinding(prog, 30, Budget.of(60))
    assert at30.status is Unwound.LONGER and at30.inputs is not None and at30.iterations == 31
    replay = run(prog, at30.inputs)
    assert replay.iterations and max(replay.iterations.values()) == 31
    assert unwinding(prog, 31, Budget.of(60)).status is Unwound.COMPLETE
    short = unwinding(prog, 8, Budget.of(60))
    assert short.status is Unwound.LONGER and short.iterations > 8


def test_the_ir_suggests_the_object_s_length() -> None:
    bounds = candidate_bounds(parse(SCAN30, "<scan30>"), 1024)
    assert 30 in bounds and 31 in bounds
    assert candidate_bounds(parse(SCAN30, "<scan30>"), 16) == [c for c in bounds if c <= 16]


def test_a_loop_with_a_parameter_bound_has_longer_runs_at_any_bound() -> None:
    prog = model("seed/search_loop.loop")
    u = unwinding(prog, 40, Budget.of(60))
    assert u.status is Unwound.LONGER and u.iterations > 40


def _speculate(path: Path, func: str, vf: int = 4, **kw: object) -> list:
    prog = load_program(path, func)
    return decide(Request(Check.SPECULATE, vf=vf, timeout=60, **kw), prog)  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_bounded_speculation_proof_is_completed_by_the_unwinding_assertion() -> None:
    """find_ptr reads 24 elements: the window does not prove it, the bounded check
    does, and no run goes past 32 iterations, so the proof covers every input."""
    (v,) = _speculate(LL / "find_ptr.scalar.ll", "find_ptr")
    assert v.verdict == "proved", v.reason
    assert v.coverage.complete and v.coverage.bounded.unwound is not None
    assert not v.coverage.unbounded


@pytest.mark.slow
def test_the_same_loop_over_a_shorter_object_is_refuted(tmp_path: Path) -> None:
    """The other side: the object is 23 elements, so lanes past the exit at
    iteration 20 read past it (a replayed counterexample, not a bounded proof)."""
    short = tmp_path / "short.ll"
    short.write_text((LL / "find_ptr.scalar.ll").read_text().replace("dereferenceable(96)", "dereferenceable(92)"))
    (v,) = _speculate(short, "find_ptr")
    assert v.verdict == "counterexample"
    assert v.counterexample is not None and v.counterexample.target.ub is not None


@pytest.mark.slow
def test_a_fault_after_the_first_bound_is_found_deeper() -> None:
    """`int a[static 16]` with a runtime n: the check's own bound (8) proves nothing
    wrong; a deeper bound finds lanes 17.. past the object (issue 40's find)."""
    (v,) = _speculate(CORPUS / "u_find_static16.scalar.ll", "u_find_static16")
    assert v.verdict == "counterexample"
    assert v.counterexample is not None and v.counterexample.divergence.iteration is not None
    assert v.counterexample.divergence.iteration >= 16


@pytest.mark.slow
def test_a_bounded_proof_with_longer_runs_is_unknown_with_such_a_run() -> None:
    # a hand-written target the induction does not prove (its vector loop counts
    # blocks, not elements)
    prog = model("examples/find_first_zero.loop")
    tgt = model("examples/find_first_zero_blocks_vf4.loop")
    (v,) = decide(Request(Check.EQUIV, max_trip=4, timeout=30), prog, tgt)
    assert v.verdict == "unknown" and v.coverage.bounded.complete is False
    assert v.longer_run is not None and v.longer_run.iterations > v.longer_run.bound
    assert run(prog, v.longer_run.inputs).iterations  # the run is the interpreter's
    (ok,) = decide(Request(Check.EQUIV, max_trip=4, timeout=30, scope=Scope.BOUNDED, accept_bounded=4), prog, tgt)
    assert ok.verdict == "proved" and ok.coverage.bounded.accepted_bounded == 4


def test_a_broken_target_is_refuted_all_the_same() -> None:
    prog = model("seed/search_loop.loop")
    (v,) = decide(Request(Check.EQUIV, max_trip=4, timeout=30),
                  prog, model("examples/search_loop_general_vf4_overread.loop"))
    assert v.verdict == "counterexample"


@pytest.mark.slow
def test_hoisting_a_copy_loop_s_exit_is_never_a_bounded_proof() -> None:
    """A copy loop whose destination may overlap its source: the store may change what
    the next exit test reads. Whatever the verdict, a proof must cover every input."""
    prog = load_program(CORPUS / "u_copy_until_zero.scalar.ll", "u_copy_until_zero")
    for v in decide(Request(Check.HOIST, vf=4, timeout=20), prog):
        assert v.verdict != "proved" or v.coverage.unbounded or v.coverage.complete, v.coverage


def _suite(tmp_path: Path, extra: str, expect: str) -> Path:
    p = tmp_path / "s.toml"
    # (a listing that counts vector blocks, not elements: the induction does not
    # relate its inductions to the source's, so a bound is all there is)
    p.write_text(f'[[obligation]]\nname = "x"\ncheck = "equiv"\nsource = "{MODELS}/examples/find_first_zero.loop"\n'
                 f'target = "{MODELS}/examples/find_first_zero_blocks_vf4.loop"\n{extra}expect = "{expect}"\n')
    return p


@pytest.mark.slow
def test_a_suite_accepts_a_bounded_proof_only_under_bounded_n(tmp_path: Path) -> None:
    r = cli("suite", str(_suite(tmp_path, "bounded = 5\n", "proved")), "--no-cache", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    r = cli("suite", str(_suite(tmp_path, "max_trip = 5\ntimeout = 8\n", "unknown")), "--no-cache", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    row = next(json.loads(line) for line in r.stdout.splitlines() if '"verdict"' in line)
    assert row["coverage"]["kind"] == "bounded" and row["coverage"]["complete"] is False


@pytest.mark.parametrize("extra, message", [
    ("bounded = true\n", "bounded must be the trip count"),
    ("bounded = 0\n", "bounded must be the trip count"),
    ("bounded = 16\nmax_trip = 8\n", "max_trip 8 is less than bounded = 16"),
])
@pytest.mark.slow
def test_a_suite_s_bounded_key_is_checked(tmp_path: Path, extra: str, message: str) -> None:
    r = cli("suite", str(_suite(tmp_path, extra, "proved")), "--no-cache")
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_a_suite_whose_obligation_is_a_list_of_values_is_an_error(tmp_path: Path) -> None:
    p = tmp_path / "s.toml"
    p.write_text("obligation = [1, 2, 3]\n")
    r = cli("suite", str(p))
    assert r.returncode == 2 and f"{p}:1:1: error: expected [[obligation]] tables" in r.stderr
    assert "internal error" not in r.stderr + r.stdout


def test_a_bounded_refinement_looks_at_a_short_bound_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """checks/translation.short_first: bound 1 in a quarter of the time, and its
    counterexample is the answer; otherwise the bound asked, in the time left."""
    from verifier.checks import translation
    from verifier.checks.verdict import Verdict, VerdictKind

    asked: list[tuple[int, float]] = []

    def fake(kind: VerdictKind):  # type: ignore[no-untyped-def]
        def refinement(src, tgt, max_trip, budget, **kw):  # type: ignore[no-untyped-def]
            asked.append((max_trip, budget.seconds))
            return Verdict("m", "equiv", kind if max_trip == 1 else VerdictKind.PROVED, 0.0)
        return refinement

    prog = model("seed/division.loop")
    monkeypatch.setattr(translation, "refinement", fake(VerdictKind.COUNTEREXAMPLE))
    assert translation.short_first(prog, prog, 16, Budget.of(40.0)).verdict == "counterexample"
    assert asked == [(1, 10.0)]
    asked.clear()
    monkeypatch.setattr(translation, "refinement", fake(VerdictKind.UNKNOWN))
    assert translation.short_first(prog, prog, 16, Budget.of(40.0)).verdict == "proved"
    assert [b for b, _ in asked] == [1, 16] and asked[1][1] <= 40.0


@pytest.mark.slow
def test_a_wrong_safe_divisor_form_is_refuted_at_a_trip_bound_of_one() -> None:
    """The target's unrolling meets exact divisions: at the default bound the whole
    limit went to encoding (unknown at 120 s); at a trip bound of 1 the replayed
    counterexample takes about 35 s here (the limit leaves room for a slower machine).
    The refutation is the question, not the counterexample's shape: a small
    minimizer budget."""
    from verifier.checks.refinement import refinement

    v = refinement(model("seed/division.loop"), model("examples/division_safe_divisor_vf4.loop"), max_trip=1,
                   budget=Budget.of(900), minimize_budget=1.0)
    assert v.verdict == "counterexample", v.reason
    assert v.counterexample is not None and v.counterexample.target.ub is not None


@pytest.mark.slow
def test_a_countable_exit_that_is_not_the_latch_is_validated_for_every_trip_count(tmp_path: Path) -> None:
    """for (i = 0;; i++) { if (i > m) return -1; if (a[i] == x) return i; }: opt's
    output (left scalar, re-simplified) took 61 s to an unknown once; it is the same
    program for every trip count, and a target that returns 0 where m runs out is not."""
    name = "u_header_exit_not_latch"
    src, tgt = CORPUS / f"{name}.scalar.ll", CORPUS / f"{name}.vf4.ll"
    (v,) = decide(Request(Check.EQUIV, timeout=30, both_llvm=True), *parse_ll_pair(src, tgt, name))
    assert v.verdict == "proved" and v.coverage.unbounded, v.coverage
    text = tgt.read_text()
    assert text.count("[ -1, %19 ]") == 1
    broken = tmp_path / "broken.ll"
    broken.write_text(text.replace("[ -1, %19 ]", "[ 0, %19 ]"))
    (bad,) = decide(Request(Check.EQUIV, timeout=30, both_llvm=True), *parse_ll_pair(src, broken, name))
    assert bad.verdict == "counterexample" and bad.counterexample is not None
    assert bad.counterexample.inputs.params  # replayed on concrete inputs
