"""Make a counterexample small and readable: parameters near zero, few poison
elements, zero-valued elements and choices, where the obligation allows.

Greedy and deterministic: each preference is tried in a fixed order with a short
solver call and kept when still satisfiable; a time budget bounds the whole.
"""

from __future__ import annotations

import time
from typing import Any

import z3

from verifier.ir.program import Program
from verifier.semantics.domain import to_signed
from verifier.semantics.symbolic import SymInputs
from verifier.smt.solver import set_timeout

MAX_ELEMS = 64


def minimize(s: z3.Solver, inputs: SymInputs, choices: dict[Any, Any], prog: Program,
             budget: float) -> z3.ModelRef:
    """Return a model of `s` (already sat) that prefers small values; `s` keeps the
    preferences that held as assertions."""
    deadline = time.perf_counter() + budget
    model = s.model()

    def attempt(*cs: Any) -> bool:
        nonlocal model
        left = deadline - time.perf_counter()
        if left <= 0:
            return False
        s.push()
        s.add(*cs)
        set_timeout(s, min(left, max(0.5, budget / 4)))
        r = s.check()
        if r == z3.sat:
            model = s.model()
            s.pop()
            s.add(*cs)
            return True
        s.pop()
        return False

    def val(x: Any) -> Any:
        if type(x) is int:
            return z3.BitVecVal(x, 64)
        return model.eval(x, model_completion=True)

    for p in prog.params:
        x = inputs.params[p.name]
        if attempt(x == 0):
            continue
        bound = 1
        while bound < (1 << (p.type.bits - 1)) and not attempt(x >= -bound, x <= bound):
            bound *= 2
        attempt(x == val(x))
    for flag, _ in inputs.alias.values():
        attempt(z3.Not(flag))
    for flag, delta in inputs.alias.values():
        attempt(delta == val(delta))
    for a in prog.arrays:
        vals, pois = inputs.memory[a.name]
        n = max(0, min(to_signed(val(inputs.extents[a.name]).as_long(), 64), MAX_ELEMS))
        if pois is not None and not attempt(*[z3.Not(z3.Select(pois, k)) for k in range(n)]):
            for k in range(n):
                if z3.is_true(val(z3.Select(pois, k))):
                    attempt(z3.Not(z3.Select(pois, k)))
        if not attempt(*[z3.Select(vals, k) == 0 for k in range(n)]):
            for k in range(n):
                e = z3.Select(vals, k)
                if val(e).as_long() != 0 and not attempt(e == 0) and not attempt(e == 1):
                    attempt(e == val(e))
    cs = list(choices.values())
    if cs and not attempt(*[c == 0 for c in cs]):
        for c in cs:
            attempt(c == 0)
    return model
