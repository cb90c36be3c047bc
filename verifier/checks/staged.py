"""One staged question, the way the bounded checks ask it (Alive2 has one `check`
driver for every refinement query; this is ours): a first look for a counterexample
(short runs), then the question with the hard operations left uninterpreted, then the
exact question with what is left of the budget.

Why each stage's answer may stand:
- a first look's counterexample was replayed by the check (as every counterexample
  is) before it answered; its proofs are not taken (they cover less);
- the abstract stage leaves operations uninterpreted (any function in their place),
  so an unsat answer there is unsat for the real operations: its proof stands once
  the source is shown to have an input at all under the real semantics (`vacuous`
  asked of it, exactly); its counterexample stands because the check replayed it in
  the interpreter, which runs the real operations; an unknown that turns on an
  approximation stays one (the exact encoding differs in the operations, not in the
  approximations). A verdict taken from there says which operations it abstracted;
- anything else goes on to the exact question.

Within the abstract stage, a model that does not replay is often wrong only in an
uninterpreted operation: `refine_abstraction` asks again with the real operation's
values where the model got them wrong (counterexample-guided refinement; the facts
are true of the real operations, so an unsat answer stays a proof).

The check declares its stages (`Stages`, `Abstract`: its own shares, from
checks/shares.py, as budgets read when the stage starts), answers each with one
callable, and says how to read its answers (`Judge`: a verdict, or a check's own
answer such as added_ub's); the engine decides which answer stands and returns a new
one (it edits none)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from verifier.checks.verdict import Verdict, VerdictKind
from verifier.semantics.z3domain import exact_at
from verifier.smt.budget import Budget, Stopwatch

T = TypeVar("T")

# how many times an abstract question is asked again with exact_at's facts, the first
# POINT_ROUNDS at the model's values only (then: the wrong operations exact)
CEGAR_ROUNDS = 6
POINT_ROUNDS = 2


def _always(answer: object) -> bool:
    return True


def _never(answer: object) -> bool:
    return False


@dataclass(frozen=True)
class Judge(Generic[T]):
    """How the engine reads one kind of answer: `refuted` (a replayed counterexample),
    `proved` (unsat), `approximate` (it turns on an approximation, so the exact
    question would not settle it either), and `stamp(answer, seconds, abstracted)`:
    the answer as the whole question's, with the operations it was found with left
    uninterpreted."""

    refuted: Callable[[T], bool]
    proved: Callable[[T], bool]
    stamp: Callable[[T, float, frozenset[str]], T]
    approximate: Callable[[T], bool] = _never


def _stamp_verdict(v: Verdict, seconds: float, abstracted: frozenset[str]) -> Verdict:
    coverage = v.coverage.but(abstracted=tuple(sorted(abstracted))) if abstracted else v.coverage
    return dataclasses.replace(v, coverage=coverage, seconds=seconds)


VERDICTS: Judge[Verdict] = Judge(refuted=lambda v: v.verdict is VerdictKind.COUNTEREXAMPLE,
                                 proved=lambda v: v.verdict is VerdictKind.PROVED, stamp=_stamp_verdict,
                                 approximate=lambda v: v.approximation is not None)


@dataclass(frozen=True)
class Abstract(Generic[T]):
    """The abstract stage: `ops` left uninterpreted, within `budget` (read when the
    stage starts); `vacuous`: does no input run the source without UB, exactly, under
    the real semantics (within `vacuity_budget`)? `abstracts(answer)`: whether the
    answer turned on the abstraction (a concrete test's counterexample, say, did not)."""

    ops: frozenset[str]
    budget: Callable[[], Budget]
    vacuity_budget: Callable[[], Budget]
    vacuous: Callable[[Budget, frozenset[str]], bool]
    abstracts: Callable[[T], bool] = _always


@dataclass(frozen=True)
class Stages(Generic[T]):
    """How one check asks its question: `short` a first look (only its counterexample
    is taken), `abstract` the abstract stage (None: the programs have no operation to
    leave uninterpreted), and the exact question within `exact_budget`."""

    exact_budget: Callable[[], Budget]
    short: Callable[[], T] | None = None
    abstract: Abstract[T] | None = None


def ask_staged(attempt: Callable[[Budget, frozenset[str]], T | None], stages: Stages[T],
               judge: Judge[T]) -> T | None:
    """The answer of the first stage whose answer stands (see the module), its time
    the whole question's; None where the check's attempt (the question with these
    operations uninterpreted, none: exact, within this budget) has no answer (it does
    not apply)."""
    sw = Stopwatch()
    if stages.short is not None:
        first = stages.short()
        if judge.refuted(first):
            return first
    a = stages.abstract
    if a is not None and a.ops:
        found = attempt(a.budget(), a.ops)
        if found is not None and _stands(found, a, judge):
            return judge.stamp(found, sw(), a.ops if a.abstracts(found) else frozenset())
    exact = attempt(stages.exact_budget(), frozenset())
    return None if exact is None else judge.stamp(exact, sw(), frozenset())


def _stands(answer: T, a: Abstract[T], judge: Judge[T]) -> bool:
    """Whether the abstract stage's answer is the answer (the module's reasons)."""
    if judge.refuted(answer) or judge.approximate(answer):
        return True
    return judge.proved(answer) and not a.vacuous(a.vacuity_budget(), a.ops)


def refine_abstraction(ask: Callable[[list[Any]], tuple[T, Any]], formulas: list[Any], facts: list[Any],
                       rounds: int = CEGAR_ROUNDS) -> T:
    """`ask(facts)` gives an answer and, where it is a model that did not replay, that
    model (else None: the answer stands). While the uninterpreted operations in
    `formulas` are what the model got wrong, ask again, `facts` extended with
    exact_at's, at most `rounds` times; the last answer. `facts` is the caller's:
    what it learns it may keep for later questions."""
    answer: T
    for r in range(rounds):
        answer, model = ask(facts)
        if model is None:
            return answer
        more = exact_at(model, formulas, everywhere=r >= POINT_ROUNDS)
        if not more:
            return answer
        facts.extend(more)
    return answer
