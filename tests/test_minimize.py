"""The counterexample minimizer (checks/minimize.py): its preferences hold and its
shortcuts give the answers the plain searches would."""

from __future__ import annotations

import z3

from verifier.checks.minimize import _Minimizer, minimize
from verifier.frontend.parser import parse
from verifier.semantics.symbolic import make_inputs
from verifier.smt.solver import fresh_context, new_solver

TWO_PARAMS = """
loop two(A: i32, B: i32) {
  out A
}
"""


def _linear_first_skippable(x: z3.ExprRef, guards: list[z3.ExprRef], floor: int) -> int:
    """The first visit a run with x > floor may skip, found one visit at a time."""
    for k, g in enumerate(guards):
        s = z3.Solver()
        s.add(x > floor, z3.Not(g))
        if s.check() == z3.sat:
            return k
    return len(guards)


def test_first_skippable_bisects_to_the_linear_scans_answer() -> None:
    # visit k+1 is reached iff x > k+1: the skippable visits are a suffix
    for floor in (0, 3, 17, 40, 63, 64):
        fresh_context()
        x = z3.BitVec("x", 16)
        guards = [x > k + 1 for k in range(64)]
        s = new_solver(10)
        s.add(x > floor, x < 200)
        assert s.check() == z3.sat
        m = _Minimizer(s, 10.0)
        m.first_skippable(guards)
        k = _linear_first_skippable(x, guards, floor)
        if k < len(guards):
            assert m.value(x) == k + 1  # the run stops at the first visit it can skip
        else:
            assert m.value(x) > 64  # no visit can be skipped: nothing pinned


def test_param_limit_keeps_every_parameter_small() -> None:
    fresh_context()
    prog = parse(TWO_PARAMS, "<test>")
    inputs = make_inputs(prog)
    a, b = inputs.params["A"], inputs.params["B"]
    for limit, expect in ((None, (0, 40)), (20, (20, 20))):
        s = new_solver(10)
        s.add(a + b == 40)
        assert s.check() == z3.sat
        m = minimize(s, inputs, {}, prog, 10.0, param_limit=limit)
        got = (m.eval(a).as_signed_long(), m.eval(b).as_signed_long())
        # without the limit, A goes to 0 first and B takes the rest
        assert got == expect
