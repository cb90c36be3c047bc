"""The printed form of an extent requirement: linear extents print without sympy,
and mean what sympy's expression of the same extent means."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.checks.repair import Linear, extent_expr
from verifier.ir.program import Extent

NAMES = ("N", "M")


def extents(depth: int = 3) -> st.SearchStrategy[Extent]:
    leaf: st.SearchStrategy[Extent] = st.one_of(st.integers(-20, 20), st.sampled_from(NAMES))
    if depth == 0:
        return leaf
    sub = extents(depth - 1)
    return st.one_of(leaf, st.tuples(st.sampled_from("+-*"), sub, sub))


def _sympy(e: Extent) -> sympy.Expr:
    if isinstance(e, int):
        return sympy.Integer(e)
    if isinstance(e, str):
        return sympy.Symbol(e, integer=True)
    op, a, b = e
    x, y = _sympy(a), _sympy(b)
    return x + y if op == "+" else x - y if op == "-" else x * y


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(extents(), st.integers(-40, 40))
def test_an_extent_plus_a_shift_prints_what_sympy_means(e: Extent, d: int) -> None:
    printed = str(extent_expr(e) + d)
    symbols = {n: sympy.Symbol(n, integer=True) for n in NAMES}
    assert sympy.simplify(sympy.sympify(printed, locals=symbols) - (_sympy(e) + d)) == 0


def test_linear_extents_print_as_sympy_does() -> None:
    for e, text in ((("-", "N", 1), "N - 1"), (("+", ("*", 2, "N"), 4), "2*N + 4"), (("-", "N", "N"), "0"),
                    (("+", "M", ("-", "N", 3)), "M + N - 3"), (7, "7")):
        lin = extent_expr(e)
        assert isinstance(lin, Linear) and str(lin) == text == str(_sympy(e))
