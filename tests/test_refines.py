"""The refinement relation is one definition (semantics/refines.py) run on both
domains: on z3 terms (the solver's query) it must give what it gives on Python
values (the replay), and it must be LLVM's relation: poison in the source is
refined by anything, and a poison target refines only a poison source. An undef lane
is the value its use chose (the checks quantify a source's choices: `undef` is then
refined by any value but poison, tests/test_undef.py); its taint is no part of it."""

from __future__ import annotations

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.ops import Val
from verifier.semantics.refines import cell_refines, event_refines, val_refines, value_refines
from verifier.semantics.z3domain import Z3Domain

W = 8
lanes = st.tuples(st.integers(0, 2**W - 1), st.booleans(), st.booleans())


def sym(x: tuple[int, bool, bool]) -> Val:
    v, p, u = x
    return Val(z3.BitVecVal(v, W), z3.BoolVal(p), z3.BoolVal(u))


def truth(term: object) -> bool:
    return bool(term) if isinstance(term, bool) else z3.is_true(z3.simplify(term))


@settings(max_examples=100, deadline=None)
@given(lanes, lanes)
def test_a_lane_refines_the_same_on_both_domains(s: tuple[int, bool, bool], t: tuple[int, bool, bool]) -> None:
    concrete = val_refines(ConcreteDomain(), Val(*s), Val(*t), W)
    assert truth(val_refines(Z3Domain(), sym(s), sym(t), W)) == concrete
    # LLVM's relation, spelled out
    assert concrete == (s[1] or (not t[1] and s[0] == t[0]))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(lanes, lanes), min_size=1, max_size=4))
def test_a_vector_refines_when_every_lane_does(pairs: list) -> None:
    s, t = tuple(Val(*a) for a, _ in pairs), tuple(Val(*b) for _, b in pairs)
    concrete = value_refines(ConcreteDomain(), s, t, W)
    assert concrete == all(val_refines(ConcreteDomain(), a, b, W) for a, b in zip(s, t, strict=True))
    zs, zt = tuple(sym(a) for a, _ in pairs), tuple(sym(b) for _, b in pairs)
    assert truth(value_refines(Z3Domain(), zs, zt, W)) == concrete


args = st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=0, max_size=3)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2), st.integers(0, 2), args, args)
def test_an_event_refines_the_same_on_both_domains(sf: int, tf: int, sa: list, ta: list) -> None:
    ta = (ta + sa)[: len(sa)]  # the same callee takes the same number of arguments
    concrete = event_refines(ConcreteDomain(), sf, tf, sa, ta)
    assert concrete == (sf == tf and all(sp or (not tp and sv == tv) for (sv, sp), (tv, tp) in zip(sa, ta, strict=True)))

    def z(a: list) -> list:
        return [(z3.BitVecVal(v, 64), z3.BoolVal(p)) for v, p in a]

    assert truth(event_refines(Z3Domain(), z3.BitVecVal(sf, 16), z3.BitVecVal(tf, 16), z(sa), z(ta))) == concrete


def test_a_poison_cell_is_refined_by_anything_and_refines_only_poison() -> None:
    d = ConcreteDomain()
    assert cell_refines(d, 1, True, 7, True, W) and cell_refines(d, 1, True, 7, False, W)
    assert not cell_refines(d, 7, False, 7, True, W)
    assert cell_refines(d, 7, False, 7, False, W) and not cell_refines(d, 7, False, 6, False, W)


def test_an_undef_live_out_is_refined_by_a_value_not_by_poison() -> None:
    """`out undef` may become any value, never poison (less defined than undef)."""
    from verifier.checks.refinement import refinement
    from verifier.frontend.parser import parse
    from verifier.smt.budget import Budget

    src = parse("loop f(N: i64) {\n  x = undef(i8)\n  out x\n}\n", "s.loop")
    to_poison = parse("loop f(N: i64) {\n  x = poison(i8)\n  out x\n}\n", "t.loop")
    to_value = parse("loop f(N: i64) {\n  x: i8 = 5\n  out x\n}\n", "t.loop")
    assert refinement(src, to_poison, max_trip=2, budget=Budget.of(30)).verdict == "counterexample"
    assert refinement(src, to_value, max_trip=2, budget=Budget.of(30)).verdict == "proved"
