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

The check declares its stages (`Stages`, `Abstract`: its own shares, from
checks/shares.py, as budgets read when the stage starts) and answers each with one callable; the engine
decides which answer stands and returns a new verdict (it edits none)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from verifier.checks.verdict import Verdict, VerdictKind
from verifier.smt.budget import Budget, Stopwatch

# the question with these operations uninterpreted (none: exact), within this budget
Attempt = Callable[[Budget, frozenset[str]], Verdict | None]


def _always(v: Verdict) -> bool:
    return True


@dataclass(frozen=True)
class Abstract:
    """The abstract stage: `ops` left uninterpreted, within `budget` (read when the
    stage starts); `vacuous`: does no input run the source without UB, exactly, under
    the real semantics (within `vacuity_budget`)? `abstracts(v)`: whether verdict v
    turned on the abstraction (a concrete test's counterexample, say, did not)."""

    ops: frozenset[str]
    budget: Callable[[], Budget]
    vacuity_budget: Callable[[], Budget]
    vacuous: Callable[[Budget, frozenset[str]], bool]
    abstracts: Callable[[Verdict], bool] = _always


@dataclass(frozen=True)
class Stages:
    """How one check asks its question: `short` a first look (only its counterexample
    is taken), `abstract` the abstract stage (None: the programs have no operation to
    leave uninterpreted), and the exact question within `exact_budget`."""

    exact_budget: Callable[[], Budget]
    short: Callable[[], Verdict] | None = None
    abstract: Abstract | None = None


def ask_staged(attempt: Attempt, stages: Stages) -> Verdict | None:
    """The verdict of the first stage whose answer stands (see the module), its time
    the whole question's; None where the check's attempt has no answer (it does not
    apply)."""
    sw = Stopwatch()
    if stages.short is not None:
        first = stages.short()
        if first.verdict is VerdictKind.COUNTEREXAMPLE:
            return first
    a = stages.abstract
    if a is not None and a.ops:
        v = attempt(a.budget(), a.ops)
        if v is not None and _stands(v, a):
            coverage = v.coverage.but(abstracted=tuple(sorted(a.ops))) if a.abstracts(v) else v.coverage
            return dataclasses.replace(v, coverage=coverage, seconds=sw())
    exact = attempt(stages.exact_budget(), frozenset())
    return None if exact is None else dataclasses.replace(exact, seconds=sw())


def _stands(v: Verdict, a: Abstract) -> bool:
    """Whether the abstract stage's verdict is the answer (the module's reasons)."""
    if v.verdict is VerdictKind.COUNTEREXAMPLE or v.approximation is not None:
        return True
    return v.verdict is VerdictKind.PROVED and not a.vacuous(a.vacuity_budget(), a.ops)
