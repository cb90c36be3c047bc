"""checks/staged.py, the one staged question: which stage's answer stands. Each rule
on both sides, with attempts that record what they were asked."""

from __future__ import annotations

from collections.abc import Callable

from verifier.checks.staged import Abstract, Stages, ask_staged
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
            abstracts: Callable[[Verdict], bool] = lambda v: True) -> Stages:
    return Stages(_one, short, Abstract(OPS, _one, _one, lambda b, ops: vacuous, abstracts))


def test_an_abstract_proof_stands_when_the_source_has_an_input() -> None:
    a = _Asked(_v(P), _v(C))
    v = ask_staged(a, _stages())
    assert v is not None and v.verdict is P and v.coverage.abstracted == ("mul",)
    assert a.asked == [OPS]


def test_a_vacuous_abstract_proof_goes_on_to_the_exact_question() -> None:
    a = _Asked(_v(P), _v(C))
    v = ask_staged(a, _stages(vacuous=True))
    assert v is not None and v.verdict is C and not v.coverage.abstracted
    assert a.asked == [OPS, frozenset()]


def test_an_abstract_counterexample_stands_and_says_what_it_abstracted() -> None:
    v = ask_staged(_Asked(_v(C), _v(P)), _stages())
    assert v is not None and v.verdict is C and v.coverage.abstracted == ("mul",)
    w = ask_staged(_Asked(_v(C), _v(P)), _stages(abstracts=lambda v: False))  # a concrete test's
    assert w is not None and w.verdict is C and not w.coverage.abstracted


def test_an_abstract_unknown_goes_on_unless_it_turns_on_an_approximation() -> None:
    v = ask_staged(_Asked(_v(U), _v(P)), _stages())
    assert v is not None and v.verdict is P
    w = ask_staged(_Asked(_v(U, approximation="fdiv arcp"), _v(P)), _stages())
    assert w is not None and w.verdict is U


def test_a_first_look_gives_counterexamples_only() -> None:
    a = _Asked(_v(U), _v(P))
    v = ask_staged(a, _stages(short=lambda: _v(C)))
    assert v is not None and v.verdict is C and a.asked == []
    w = ask_staged(a, _stages(short=lambda: _v(P)))
    assert w is not None and w.verdict is P and a.asked == [OPS, frozenset()]


def test_no_abstract_stage_without_hard_operations_and_none_where_the_check_does_not_apply() -> None:
    a = _Asked(_v(C), None)
    assert ask_staged(a, Stages(_one)) is None and a.asked == [frozenset()]
    b = _Asked(_v(C), None)
    assert ask_staged(b, Stages(_one, abstract=Abstract(frozenset(), _one, _one, lambda b, ops: False))) is None
    assert b.asked == [frozenset()]
