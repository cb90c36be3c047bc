"""Make a counterexample small, readable and canonical.

Preferences, in order: the shortest source run (fewest loop iterations), parameters
near zero, no poison, elements 0 (else 1, else the smallest magnitude), choices 0.
Each preference is a fixed sequence of attempts ("is it still satisfiable with
this added?") whose outcome depends only on the sat/unsat answers, never on which
model the solver happened to return: the same obligation yields the same
counterexample in any process, and the attempts' limits are resource units
(smt/budget.py), so the same on a loaded machine.
"""

from __future__ import annotations

from typing import Any

from verifier.checks.shares import MINIMIZE_ATTEMPT, MINIMIZE_PER_SOLVE, MINIMIZE_SOLVES
from verifier.ir.program import ArrayDecl, Program
from verifier.ir.types import to_signed
from verifier.semantics.ops import windows_apart
from verifier.semantics.symbolic import SymInputs
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms
from verifier.smt.budget import Budget
from verifier.smt.solver import SolverStatus, check, set_timeout

MAX_ELEMS = 64
APART_SHIFT = 58  # windows kept apart sit at multiples of 2^58 elements from their object


class _Minimizer:
    def __init__(self, s: terms.Solver, budget: float, attempt_timeout: float = MINIMIZE_ATTEMPT) -> None:
        self.s = s
        self.budget = Budget.of(budget)
        self.model = s.model()
        self.attempt_timeout = attempt_timeout

    def attempt(self, *cs: Any) -> bool:
        """Keep `cs` if the obligation stays satisfiable with them."""
        left = self.budget.left()
        if left <= 0 or not cs:
            return False
        self.s.push()
        self.s.add(*cs)
        set_timeout(self.s, min(left, self.attempt_timeout))
        if check(self.s).status is SolverStatus.SAT:
            self.model = self.s.model()
            self.s.pop()
            self.s.add(*cs)
            return True
        self.s.pop()
        return False

    def first_skippable(self, guards: list[Any]) -> None:
        """Pin the run to skip the earliest header visit it can (the shortest run).
        A run that skips visit k skips every later one, so the visits that can be
        skipped are a suffix: bisection finds the first in log2(len) attempts, not
        len (at VF 64 a linear scan spent the whole budget on 64 unsat answers).
        A guard that is a Python bool (always reached) cannot be skipped."""
        lo, hi = 0, len(guards)
        while lo < hi:
            mid = (lo + hi) // 2
            g = guards[mid]
            if type(g) is not bool and self.attempt(terms.not_(g)):
                hi = mid
            else:
                lo = mid + 1

    def value(self, x: Any) -> int:
        return int(self.model.eval(x, model_completion=True).as_long())

    def smallest_magnitude(self, x: Any, bits: int) -> None:
        """Pin x to the value of least magnitude (the non-negative one on a tie)."""
        if self.attempt(x == 0):
            return
        top = bits - 1
        hi = 1
        while hi < (1 << top) and not self.attempt(x >= -hi, x <= hi):
            hi *= 2
        if hi >= (1 << top):
            self.attempt(x == self.value(x))  # beyond the search: keep what the solver found
            return
        lo = hi // 2  # |x| <= hi holds, |x| <= lo does not (or lo == 0)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.attempt(x >= -mid, x <= mid):
                hi = mid
            else:
                lo = mid
        if not self.attempt(x == hi):
            self.attempt(x == -hi)


def minimize(s: terms.Solver, inputs: SymInputs, choices: dict[Any, Any], prog: Program,
             budget: float, header_guards: dict[str, list[Any]] | None = None,
             param_limit: int | None = None, solved_in: float | None = None) -> terms.Model:
    """A model of `s` (already sat) with the preferences above; `s` keeps them.
    `param_limit` first asks, in one attempt, for every parameter within
    +-param_limit: a caller that replays the inputs on whole runs needs a trip
    count it can run, and the per-parameter search may not get there in time."""
    # an attempt is the same question with a preference added: a few times the work
    # the question itself took (`solved_in`, seconds of budget) is enough; a float
    # query's attempts ran to MINIMIZE_ATTEMPT one after another and spent the budget
    per = MINIMIZE_ATTEMPT
    if solved_in is not None:  # and the whole budget a few dozen such questions
        per = min(MINIMIZE_ATTEMPT, max(0.5, MINIMIZE_PER_SOLVE * solved_in))
        budget = min(budget, max(5.0, MINIMIZE_SOLVES * solved_in))
    if budget <= 0:  # no attempt would run: spare building their terms (a model per array element)
        return s.model()
    m = _Minimizer(s, budget, per)
    if param_limit is not None:
        m.attempt(*[_magnitude_at_most(inputs.params[p.name], p.type.bits, param_limit)
                    for p in prog.params if p.type.bits > 1])
    for guards in (header_guards or {}).values():
        m.first_skippable(guards[1:])
    for p in prog.params:
        m.smallest_magnitude(inputs.params[p.name], p.type.bits)
    _aliases(m, inputs, prog)
    for a in prog.arrays:
        if a.contents is None:  # known contents: nothing to choose
            _memory(m, inputs, a)
    _calls(m, inputs)
    cs = list(choices.values())
    if cs and not m.attempt(*[c == 0 for c in cs]):
        for c in cs:
            if not m.attempt(c == 0):
                m.smallest_magnitude(c, c.size())
    return m.model


def _aliases(m: _Minimizer, inputs: SymInputs, prog: Program) -> None:
    """Each aliasing view: a window apart from its object's others at a far offset;
    else the view of no other object (`which` 0) at offset 0, or the least offset."""
    for k, (view, (which, delta)) in enumerate(inputs.alias.items()):
        if view in prog.windows:
            pool = inputs.targets[view][0]
            others = [pool] + [w for w in prog.windows if w != view and inputs.targets[w][0] == pool]
            if m.attempt(*[_apart(inputs, view, w) for w in others]):
                m.attempt(delta == (k + 1) << APART_SHIFT)
                continue
        elif m.attempt(which == 0):
            m.attempt(delta == 0)
            continue
        m.smallest_magnitude(delta, 64)


def _memory(m: _Minimizer, inputs: SymInputs, a: ArrayDecl) -> None:
    """An object's elements within its extent: no poison, then all zeros, else each
    0, 1 or its least magnitude."""
    vals, pois = inputs.memory[a.name]
    ext = inputs.extents[a.name]
    n = max(0, min(to_signed(ext if type(ext) is int else m.value(ext), 64), MAX_ELEMS))
    if pois is not None and not m.attempt(*[terms.not_(terms.select(pois, k)) for k in range(n)]):
        for k in range(n):
            m.attempt(terms.not_(terms.select(pois, k)))
    if not m.attempt(*[terms.select(vals, k) == 0 for k in range(n)]):
        for k in range(n):
            e = terms.select(vals, k)
            if not m.attempt(e == 0) and not m.attempt(e == 1):
                m.smallest_magnitude(e, a.elem.bits)


def _calls(m: _Minimizer, inputs: SymInputs) -> None:
    """What calls do: each returns (else the first that need not end the run does), and
    leaves the objects it writes all zeros, with no poison (else as the solver found)."""
    stops = [inputs.stops[j] for j in sorted(inputs.stops)]
    if stops and not m.attempt(*[terms.not_(x) for x in stops]):
        for x in stops:
            m.attempt(terms.not_(x))
    for (_obj, _j), (vals, pois) in sorted(inputs.clobbers.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if pois is not None:
            m.attempt(pois == terms.const_array(terms.bv_sort(64), terms.bool_val(False)))
        m.attempt(vals == terms.const_array(terms.bv_sort(64), terms.bv_val(0, vals.range().size())))


def _apart(inputs: SymInputs, v: str, w: str) -> Any:
    """Windows v and w (or w the object itself, at offset 0) share no element."""
    def at(x: str) -> Any:
        return inputs.alias[x][1] if x in inputs.alias else terms.bv_val(0, 64)

    d = Z3Domain()
    return d.bterm(windows_apart(d, at(v), inputs.extents[v], at(w), inputs.extents[w]))


def _magnitude_at_most(x: Any, bits: int, limit: int) -> Any:
    """-limit <= x <= limit as signed `bits`-wide values (limit clipped to the type)."""
    lim = min(limit, (1 << (bits - 1)) - 1)
    return terms.and_(x >= -lim, x <= lim)
