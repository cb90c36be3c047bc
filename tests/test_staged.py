"""checks/staged.py, the one staged question: which stage's answer stands. Each rule
on both sides, with attempts that record what they were asked."""

from __future__ import annotations

from collections.abc import Callable

from verifier.checks.staged import VERDICTS, Abstract, Stages, ask_staged, refine_abstraction
from verifier.checks.verdict import Check, Verdict, VerdictKind
from verifier.smt.budget import Budget

P, C, U = VerdictKind.PROVED, VerdictKind.COUNTEREXAMPLE, VerdictKind.UNKNOWN
OPS = frozenset({"mul"})


def _v(kind: VerdictKind, **kw: object) -> Verdict:
    return Verdict("s -> t", Check.EQUIV, kind, 0.0, **kw)  # type: ignore[arg-type]


class _Asked:
    """An attempt answering `abstract` with the abstract stage and `exact` without."""

    def __init__(self, abstract: Verdict | None, exact: Verdict | None) -> None:
        self.answers = {True: abstract, False: exact}
        self.asked: list[frozenset[str]] = []

    def __call__(self, within: Budget, ops: frozenset[str]) -> Verdict | None:
        self.asked.append(ops)
        return self.answers[bool(ops)]


def _one() -> Budget:
    return Budget.of(1.0)


def _stages(vacuous: bool = False, short: Callable[[], Verdict] | None = None,
            abstracts: Callable[[Verdict], bool] = lambda v: True) -> Stages[Verdict]:
    return Stages(_one, short, Abstract(OPS, _one, _one, lambda b, ops: vacuous, abstracts))


def test_an_abstract_proof_stands_when_the_source_has_an_input() -> None:
    a = _Asked(_v(P), _v(C))
    v = ask_staged(a, _stages(), VERDICTS)
    assert v is not None and v.verdict is P and v.coverage.abstracted == ("mul",)
    assert a.asked == [OPS]


def test_a_vacuous_abstract_proof_goes_on_to_the_exact_question() -> None:
    a = _Asked(_v(P), _v(C))
    v = ask_staged(a, _stages(vacuous=True), VERDICTS)
    assert v is not None and v.verdict is C and not v.coverage.abstracted
    assert a.asked == [OPS, frozenset()]


def test_an_abstract_counterexample_stands_and_says_what_it_abstracted() -> None:
    v = ask_staged(_Asked(_v(C), _v(P)), _stages(), VERDICTS)
    assert v is not None and v.verdict is C and v.coverage.abstracted == ("mul",)
    w = ask_staged(_Asked(_v(C), _v(P)), _stages(abstracts=lambda v: False), VERDICTS)  # a concrete test's
    assert w is not None and w.verdict is C and not w.coverage.abstracted


def test_an_abstract_unknown_goes_on_unless_it_turns_on_an_approximation() -> None:
    v = ask_staged(_Asked(_v(U), _v(P)), _stages(), VERDICTS)
    assert v is not None and v.verdict is P
    w = ask_staged(_Asked(_v(U, approximation="fdiv arcp"), _v(P)), _stages(), VERDICTS)
    assert w is not None and w.verdict is U


def test_a_first_look_gives_counterexamples_only() -> None:
    a = _Asked(_v(U), _v(P))
    v = ask_staged(a, _stages(short=lambda: _v(C)), VERDICTS)
    assert v is not None and v.verdict is C and a.asked == []
    w = ask_staged(a, _stages(short=lambda: _v(P)), VERDICTS)
    assert w is not None and w.verdict is P and a.asked == [OPS, frozenset()]


def test_no_abstract_stage_without_hard_operations_and_none_where_the_check_does_not_apply() -> None:
    a = _Asked(_v(C), None)
    assert ask_staged(a, Stages(_one), VERDICTS) is None and a.asked == [frozenset()]
    b = _Asked(_v(C), None)
    assert ask_staged(b, Stages(_one, abstract=Abstract(frozenset(), _one, _one, lambda b, ops: False)), VERDICTS) is None
    assert b.asked == [frozenset()]


def test_refinement_of_the_abstraction_asks_again_with_the_facts_of_what_the_model_got_wrong() -> None:
    import z3

    from verifier.smt.solver import fresh_context
    fresh_context(False)
    x, y = z3.BitVec("x", 8), z3.BitVec("y", 8)
    f = z3.Function("udiv!8", z3.BitVecSort(8), z3.BitVecSort(8), z3.BitVecSort(8))
    # x / 2 == 3 with udiv uninterpreted: a model that is wrong about udiv replays nowhere
    query = z3.And(f(x, y) == 3, y == 2)
    facts: list[object] = []
    seen: list[int] = []

    def ask(more: list[object]) -> tuple[str, object]:
        s = z3.Solver()
        s.add(query, *more)
        if s.check() == z3.unsat:
            return "unsat", None
        m = s.model()
        seen.append(m.eval(x, model_completion=True).as_long())
        replays = z3.UDiv(m.eval(x, model_completion=True), 2) == 3
        return ("replayed", None) if z3.is_true(z3.simplify(replays)) else ("wrong", m)

    answer = refine_abstraction(ask, [query], facts)
    assert answer == "replayed" and seen[-1] // 2 == 3
    assert len(seen) == len(facts) + 1  # each wrong model taught one fact about udiv
    # a model that is wrong in no uninterpreted operation is not asked again
    asked: list[int] = []

    def stuck(more: list[object]) -> tuple[str, object]:
        asked.append(len(more))
        s = z3.Solver()
        s.add(x == 1)
        s.check()
        return "wrong", s.model()

    assert refine_abstraction(stuck, [x == 1], []) == "wrong" and asked == [0]
    # rounds bound the questions
    assert refine_abstraction(ask, [query], [], rounds=1) in {"replayed", "wrong"}
