"""Deterministic budgets (issue 41, item 1): every solver question is limited in z3
resource units, every "is there time for another try?" is read off the budget's
meter, and wall-clock time is only a safety net whose firing is reported as such.
Nothing here asserts how long anything takes."""

from __future__ import annotations

import json
import multiprocessing as mp
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import z3

from tests.helpers import MODELS
from verifier.checks import shares as shares_mod
from verifier.smt import budget as budget_mod
from verifier.smt import solver as solver_mod
from verifier.smt.budget import Budget, charge, take_safety_net, units, work
from verifier.smt.solver import SolverStatus, check, check_racing, fresh_context, new_solver

ROOT = Path(__file__).resolve().parent.parent


def _factoring(s: z3.Solver) -> None:
    """A question z3 needs far more than a second for (a 64-bit factoring)."""
    x, y = z3.BitVecs("x y", 64)
    s.add(x * y == 0x1234567890ABCDEF, z3.UGT(x, 1), z3.UGT(y, 1), z3.ULT(x, 2**40), z3.ULT(y, 2**40))


def test_a_budget_is_read_off_the_meter() -> None:
    b = Budget.of(1.0)
    assert b.left() == pytest.approx(1.0) and not b.exhausted()
    charge(units(0.25))
    assert b.spent() == pytest.approx(0.25) and b.left() == pytest.approx(0.75)
    half = b.part(0.5)
    assert half.left() == pytest.approx(0.375)
    charge(units(0.5))
    assert half.exhausted() and not b.exhausted()
    charge(units(0.5))
    assert b.exhausted() and b.left() < 0
    assert b.part(0.5, least=0.1).left() == pytest.approx(0.1)  # a floor past the end


def test_a_budget_passed_down_gives_a_phase_a_share_the_rest_or_as_much_again() -> None:
    """What a check hands the next phase: a share of its whole allowance (fixed in
    advance, whatever was spent), what is left (with a floor), or the whole afresh."""
    b = Budget.of(2.0)
    charge(units(1.5))
    assert b.share(0.25).left() == pytest.approx(0.5)  # of the whole 2 s, not of the 0.5 left
    assert b.remainder().left() == pytest.approx(0.5)
    assert b.again().left() == pytest.approx(2.0) and b.again().seconds == 2.0
    charge(units(1.0))
    assert b.remainder().left() == pytest.approx(0.1) and b.remainder(0.0).seconds == 0.0
    inner = b.remainder(0.5)
    charge(units(0.5))  # the phase's work counts against both
    assert inner.exhausted() and b.spent() == pytest.approx(3.0)


def test_a_question_stops_at_its_units_and_is_charged_them() -> None:
    fresh_context()
    s = new_solver(0.05)
    _factoring(s)
    before = work()
    a = check(s)
    assert a.status is SolverStatus.UNKNOWN and a.reason == "solver timeout" and not a.wall_clock
    assert a.units >= units(0.05) and work() - before == a.units


def test_the_same_question_costs_the_same_units() -> None:
    answers = []
    for _ in range(2):
        fresh_context()
        s = new_solver(10.0)
        x, y = z3.BitVecs("x y", 32)
        s.add(x * y == 1234567, z3.UGT(x, 1), z3.UGT(y, 1))
        a = check(s)
        answers.append((a.status, a.units, s.model().eval(x).as_long()))
    assert answers[0] == answers[1] and answers[0][0] is SolverStatus.SAT


def test_a_raced_question_answers_and_charges_the_same_every_time() -> None:
    """sat: the main engine's model and units; unknown: every engine ran to its limit
    (the copy is waited for); unsat: charged nothing, whoever proved it."""
    out = []
    for _ in range(2):
        fresh_context()
        s = new_solver(0.05)
        _factoring(s)
        before = work()
        a = check_racing(s, 0.05)
        out.append((a.status, work() - before))
        fresh_context()
        x = z3.BitVec("x", 32)
        s = new_solver(5.0)
        s.add(x * 3 == x + x + x + 1)
        before = work()
        a = check_racing(s, 5.0)
        out.append((a.status, work() - before))
    assert out[0] == out[2] and out[1] == out[3]
    assert out[0][0] is SolverStatus.UNKNOWN and out[1] == (SolverStatus.UNSAT, 0)


def test_the_safety_net_says_it_fired(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver_mod, "wall_limit", lambda seconds: 0.05)
    fresh_context()
    s = new_solver(3600.0)  # a budget the net fires long before
    _factoring(s)
    take_safety_net()
    a = check(s)
    assert a.status is SolverStatus.UNKNOWN and a.wall_clock and "wall-clock safety net" in a.reason
    assert take_safety_net() and not take_safety_net()


def _suite(tmp: Path, timeout: float) -> Path:
    p = tmp / "s.toml"
    p.write_text(f'[[obligation]]\nname = "div"\ncheck = "equiv"\nsource = "{MODELS}/seed/division.loop"\n'
                 f'target = "{MODELS}/examples/division_safe_divisor_vf4.loop"\nmax_trip = 8\n'
                 f'timeout = {timeout}\nexpect = "counterexample"\n')
    return p


@pytest.mark.slow
def test_a_timed_out_obligation_is_a_timeout_not_a_mismatch(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """In a suite, an unknown the net cut short is a TIMEOUT, kept out of the cache."""
    from verifier.cache import ResultCache
    from verifier.runner import run_suite
    from verifier.suite import load

    monkeypatch.setattr(solver_mod, "wall_limit", lambda seconds: 0.0005)
    cache = tmp_path / "cache"
    [oc] = run_suite(load(_suite(tmp_path, 60.0)), jobs=1, cache=ResultCache.at(cache))
    assert oc.verdict == "unknown" and oc.result.get("wall_clock") is True
    assert oc.timed_out and oc.mark == "TIMEOUT"
    assert not list(cache.rglob("*.json"))


def _hog() -> None:
    while True:
        pass


def _verdict_json(args: list[str]) -> dict[str, Any]:
    r = subprocess.run([sys.executable, "-m", "verifier.cli", *args, "--json"], capture_output=True, text=True,
                       cwd=ROOT)
    [rec] = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    rec.pop("seconds", None)
    return rec


@pytest.mark.slow
def test_the_same_verdict_and_counterexample_under_load() -> None:
    """A refutation whose minimizer and tests are budgeted, and a proof cut short by its
    budget: identical JSON (but for the seconds) alone and beside 4 CPU-bound processes."""
    asks = [["equiv", str(MODELS / "seed/division.loop"), str(MODELS / "examples/division_general_vf4.loop"),
             "--max-trip", "16"],
            ["equiv", str(MODELS / "seed/liveout_y.loop"), str(MODELS / "seed/vectorized/liveout_y_simple_vf4.loop"),
             "--max-trip", "4", "--timeout", "2"]]
    quiet = [_verdict_json(a) for a in asks]
    hogs = [mp.get_context("spawn").Process(target=_hog, daemon=True) for _ in range(4)]
    for h in hogs:
        h.start()
    try:
        loaded = [_verdict_json(a) for a in asks]
    finally:
        for h in hogs:
            h.kill()
    assert quiet == loaded
    assert [q["verdict"] for q in quiet] == ["counterexample", "unknown"]


def test_budget_constants_are_the_one_table() -> None:
    """The phases' shares live in checks/shares.py, the checks' one table (where the
    split is decided), not in the check that spends them, and not in smt/ (which
    meters work and knows no check's phases)."""
    names = {n for n in vars(shares_mod) if n.isupper() and (n.endswith("_SHARE") or n.endswith("_FLOOR"))}
    assert len(names) >= 15
    assert not [n for n in vars(budget_mod) if n.isupper() and n.endswith(("_SHARE", "_FLOOR"))]
    for f in (ROOT / "verifier" / "checks").glob("*.py"):
        if f.name == "shares.py":
            continue
        text = f.read_text()
        for n in names:
            assert f"\n{n} = " not in text and f"\n{n}, " not in text, f"{f.name} defines {n}"


# a time limit scaled by a number written where it is spent: `timeout / 4`, `0.8 * left`
_INLINE_SHARE = re.compile(r"\b(timeout|left(\(\))?|seconds)\s*/\s*\d"
                           r"|\b\d+(\.\d+)?\s*\*\s*(self\.|limits\.|budget\.)?(timeout|left(\(\))?|seconds)\b")


def test_no_check_scales_a_time_limit_by_a_number_of_its_own() -> None:
    """Every share of a time limit is a named entry of checks/shares.py's table."""
    assert _INLINE_SHARE.search("refinement(src, tgt, 4, timeout / 4)")  # the rule can fail
    assert _INLINE_SHARE.search("refinement(src0, tgt0, timeout=0.8 * left)")
    assert _INLINE_SHARE.search("added_ub(w.program, own, 1, Budget.of(budget.left() / 4))")
    assert _INLINE_SHARE.search("tests.run(TRIES, 0.05 * budget.seconds)")
    assert not _INLINE_SHARE.search("refinement(src, tgt, 4, SHORT_SHARE * timeout)")
    for f in (ROOT / "verifier" / "checks").glob("*.py"):
        for k, line in enumerate(f.read_text().splitlines(), 1):
            assert not _INLINE_SHARE.search(line), f"{f.name}:{k}: {line.strip()}"


@pytest.mark.slow
def test_the_counterexample_does_not_depend_on_when_python_collects_garbage() -> None:
    """z3 hands out the ids of freed terms again, and its model depends on the ids: the
    same check under another collector threshold (as any edit of the tool that makes
    more or fewer objects has) gave another counterexample for this loop, until the
    collector ran only at each check's start (smt/solver.fresh_context)."""
    def divergence(threshold: int) -> Any:
        model = str(MODELS / "llvm" / "store_before_exit.scalar.ll")
        code = (f"import gc, sys, runpy; gc.set_threshold({threshold}); sys.argv = ['verifier', 'check', {model!r}, "
                "'--vf', '4', '--check', 'equiv', '--form', 'general', '--json']; "
                "runpy.run_module('verifier.cli', run_name='__main__')")
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        rows = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
        return [row.get("counterexample") for row in rows]
    first = divergence(700)
    assert any(c is not None for c in first)  # a counterexample to compare
    assert divergence(2000) == first == divergence(50)  # 2000 gave another one before


def test_a_context_without_floats_never_gets_the_float_solver() -> None:
    """Whether a context holds float terms is a fact of that context: z3 hands a freed
    context's id to a later one, and a set of float contexts by id took 128 of 133
    later non-float contexts for float ones here (another solver, so other answers)."""
    asked = [k % 3 == 0 for k in range(60)]
    seen = []
    for floats in asked:
        fresh_context(floats)
        seen.append(solver_mod.float_theory())
    assert seen == asked


_DIVISION = """
from tests.helpers import MODELS, model
from verifier.checks.refinement import refinement
from verifier.frontend import load_program
from verifier.smt.budget import Budget
floats = load_program(MODELS / "llvm" / "fast_root.scalar.ll")
for _ in range({runs}):
    if {after_floats}:
        assert refinement(floats, floats, max_trip=2, budget=Budget.of(10)).verdict == "proved"
    v = refinement(model("seed/division.loop"), model("examples/division_general_vf4.loop"), max_trip=16,
                   budget=Budget.of(60))
    c = v.counterexample
    print(v.verdict, c.target.ub.kind.value, c.inputs.arrays)
"""


@pytest.mark.slow
def test_a_check_after_a_float_check_gives_the_answer_it_gives_alone() -> None:
    """In one process (a suite's worker, a test run), a check that follows a check of
    float code gives the counterexample it gives in a process of its own: seed 000's
    division at VF 4 had shown a poison dividend in 2 of 4 runs after one (first on the
    third), a division by zero alone."""
    def answers(runs: int, after_floats: bool) -> list[str]:
        code = _DIVISION.format(runs=runs, after_floats=after_floats)
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=MODELS.parent, check=True)
        return r.stdout.splitlines()
    (alone,) = answers(1, False)
    assert alone.startswith("counterexample")
    assert answers(3, True) == [alone] * 3  # (the old code differed on the third)


def _incremental_answers(ctx: z3.Context) -> list[str]:
    """a * b == 0x1234567 (a, b > 1), then a == v for each v under a push: the answer
    and, where sat, whether the model satisfies what was asserted."""
    a, b = z3.BitVec("a", 32, ctx), z3.BitVec("b", 32, ctx)
    s = z3.SolverFor("QF_AUFBV", ctx=ctx)
    base = z3.And(a * b == 0x1234567, z3.UGT(a, 1), z3.UGT(b, 1))
    s.add(base)
    s.check()
    out = []
    for v in (0, 1, 5):
        s.push()
        s.add(a == v)
        r = s.check()
        holds = r == z3.sat and z3.is_true(s.model().eval(z3.And(base, a == v), model_completion=True))
        out.append(f"{v}: {r}" + ("" if r != z3.sat or holds else " (model violates the assertions)"))
        s.pop()
    return out


def _interrupted_after_its_check() -> z3.Context:
    """A context whose interrupt came after its check had ended (a racing copy's unsat
    just after the main check's own answer)."""
    ctx = z3.Context()
    s = z3.Solver(ctx=ctx)
    s.add(z3.BitVec("x", 8, ctx) == 3)
    s.check()
    ctx.interrupt()
    return ctx


RIGHT = ["0: unsat", "1: unsat", "5: sat"]


def test_an_interrupt_after_a_check_is_taken_before_the_next_question() -> None:
    """On the pinned z3, an interrupt that reaches a context between checks is kept, and
    the next solver's incremental answers are wrong (sat, with models that violate its
    assertions); check_racing's copy can deliver one just after the main check ends.
    consume_interrupt takes it, and does nothing to a context without one."""
    assert _incremental_answers(_interrupted_after_its_check()) != RIGHT  # the hazard (z3's)
    ctx = _interrupted_after_its_check()
    solver_mod.consume_interrupt(ctx)
    assert _incremental_answers(ctx) == RIGHT
    clean = z3.Context()
    solver_mod.consume_interrupt(clean)
    assert _incremental_answers(clean) == RIGHT


def test_a_raced_unsat_leaves_the_context_answering_right() -> None:
    """check_racing, many times over, on questions the copy may prove just as the main
    check ends: every later incremental answer in the same context stays right."""
    for _ in range(30):
        fresh_context(False)
        ctx = z3.main_ctx()
        x = z3.BitVec("x", 16)
        s = new_solver(5.0)
        s.add(x * x == 2, x & 1 == 0)  # unsat at once for either engine
        assert check_racing(s, 5.0).status is SolverStatus.UNSAT
        assert _incremental_answers(ctx) == RIGHT


def _hard_question() -> Any:
    """A query z3 takes a while on (a 64-bit multiplication's inverse)."""
    fresh_context()
    x, y = z3.BitVecs("x y", 64)
    s = new_solver(60.0)
    s.add(x * y == 0x1234567890ABCDEF, x > 1, y > 1, x * 3 + y * 7 == 0xFEDCBA)
    return s


def test_a_verdict_s_wall_clock_net_stops_its_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    # the whole verdict's net (dispatch.decide sets it): once it has fired, a question
    # stops at once, raced or not, as an unknown that says so (the only answer allowed
    # to differ between machines); outside the net the same question is asked
    take_safety_net()
    monkeypatch.setattr(budget_mod, "wall_limit", lambda seconds: -1.0)
    with budget_mod.deadline(60.0):
        assert budget_mod.wall_left() is not None and budget_mod.wall_left() < 0  # type: ignore[operator]
        for ask in (lambda s: check(s), lambda s: check_racing(s, 60.0)):
            a = ask(_hard_question())
            assert a.status is SolverStatus.UNKNOWN and a.wall_clock and "verdict's" in a.reason
    assert take_safety_net()
    assert budget_mod.wall_left() is None
    fresh_context()
    s = new_solver(1.0)
    s.add(z3.BitVec("x", 8) == 3)
    assert check(s).status is SolverStatus.SAT


def test_a_verdict_s_passed_net_ends_the_work_no_solver_limit_stops() -> None:
    # encoding and concrete tests read Budget.exhausted: once the verdict's wall-clock
    # net has passed (a deadline set in the past here), they stop, noted as the net
    take_safety_net()
    with budget_mod.deadline(-3.0):  # wall_limit(-3) is 2 s ago
        assert Budget.of(60.0).exhausted()
        assert take_safety_net()
    assert not Budget.of(60.0).exhausted() and not take_safety_net()
