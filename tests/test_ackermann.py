"""Arrays out of a query for the bit-blasting engine (smt/ackermann.py): the reduced
query is satisfiable exactly when the original is, and the reduction stands aside
where an array is used other than by reads."""

from __future__ import annotations

import os

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.smt.ackermann import without_arrays

SETTINGS = settings(max_examples=int(os.environ.get("PROP_EXAMPLES", "60")), deadline=None)
BV = z3.BitVecSort(4)
A = z3.Array("A", BV, BV)
P = z3.Array("P", BV, z3.BoolSort())  # a Bool-valued array, as the encoding's poison bits
X, Y = z3.BitVec("x", 4), z3.BitVec("y", 4)
C = z3.Bool("c")


def _index(draw: st.DrawFn, depth: int = 2) -> z3.BitVecRef:
    """An index as the encoding writes them: a variable plus a constant, an `ite`."""
    k = draw(st.integers(0, 3 if depth else 1))
    if k == 0:
        return X + draw(st.integers(0, 15))
    if k == 1:
        return Y
    if k == 2:
        return z3.If(C, _index(draw, depth - 1), _index(draw, depth - 1))
    return _value(draw, depth - 1) + 1


def _array(draw: st.DrawFn, depth: int) -> z3.ArrayRef:
    """A, or A through a store or an `ite` of arrays (rewritten into reads of A)."""
    k = draw(st.integers(0, 2 if depth else 0))
    if k == 0:
        return A
    if k == 1:
        return z3.Store(_array(draw, depth - 1), _index(draw, 0), draw(st.integers(0, 15)))
    return z3.If(C, _array(draw, depth - 1), A)


def _value(draw: st.DrawFn, depth: int = 2) -> z3.BitVecRef:
    return z3.Select(_array(draw, depth), _index(draw, depth))


@st.composite
def queries(draw: st.DrawFn) -> list[z3.BoolRef]:
    """A few facts over reads of A and P, some of them contradictory."""
    facts = []
    for _ in range(draw(st.integers(1, 5))):
        k = draw(st.integers(0, 3))
        if k == 0:
            facts.append(_value(draw) == draw(st.integers(0, 15)))
        elif k == 1:
            facts.append(_value(draw) != _value(draw))
        elif k == 2:
            facts.append(z3.Select(P, _index(draw)) == draw(st.booleans()))
        else:
            facts.append(z3.ULT(_value(draw), _value(draw)))
    return facts


def _sat(fs: list[z3.BoolRef]) -> z3.CheckSatResult:
    s = z3.Solver(ctx=fs[0].ctx) if fs else z3.Solver()
    s.add(*fs)
    return s.check()


@SETTINGS
@given(queries())
def test_the_reduced_query_is_satisfiable_exactly_when_the_original_is(fs: list[z3.BoolRef]) -> None:
    reduced = without_arrays(fs)
    assert reduced is not None
    assert not any(z3.is_array(t) for f in reduced for t in _terms(f))  # bit-vectors only
    assert _sat(reduced) == _sat(fs)


def test_reads_whose_indices_are_equal_are_equal() -> None:
    # A[x] != A[y] and x == y: unsat only if the reduction ties the two reads together
    fs = [z3.Select(A, X) != z3.Select(A, Y), X == Y]
    reduced = without_arrays(fs)
    assert reduced is not None and _sat(reduced) == z3.unsat
    assert _sat(without_arrays([z3.Select(A, X) != z3.Select(A, Y)]) or []) == z3.sat


def test_an_array_compared_whole_is_left_alone() -> None:
    b = z3.Array("B", BV, BV)
    assert without_arrays([A == b, z3.Select(A, X) == 1]) is None
    assert without_arrays([z3.Store(A, X, 1) == b]) is None  # a store compared whole


def _terms(f: z3.ExprRef) -> list[z3.ExprRef]:
    out, todo, seen = [], [f], set()
    while todo:
        e = todo.pop()
        if e.get_id() not in seen:
            seen.add(e.get_id())
            out.append(e)
            todo.extend(e.children())
    return out


def _equisatisfiable_or_none(fs: list[z3.BoolRef]) -> None:
    reduced = without_arrays(fs)
    assert reduced is None or _sat(reduced) == _sat(fs), reduced


def test_two_arrays_of_one_name_are_not_made_one_function() -> None:
    """(found by an adversary: as functions read back from text, `B: bv2 -> bv2` and
    `B: bv2 -> bv3` were one, and a satisfiable query became unsat)"""
    i = z3.BitVec("i", 2)
    b2 = z3.Array("B", z3.BitVecSort(2), z3.BitVecSort(2))
    b3 = z3.Array("B", z3.BitVecSort(2), z3.BitVecSort(3))
    fs = [z3.Extract(1, 0, b3[i]) != b2[i]]
    assert _sat(fs) == z3.sat
    _equisatisfiable_or_none(fs)
    g = z3.Function("B", z3.BitVecSort(2), z3.BitVecSort(3))  # an array and a function of one name
    _equisatisfiable_or_none([z3.Extract(1, 0, g(i)) != b2[i]])


def test_the_text_of_a_string_literal_is_not_rewritten() -> None:
    a = z3.Array("A", z3.BitVecSort(2), z3.BitVecSort(2))
    s, i = z3.String("s"), z3.BitVec("i", 2)
    fs = [s == z3.StringVal("(select A b)"), s != z3.StringVal("(A b)"), a[i] == i]
    assert _sat(fs) == z3.sat
    _equisatisfiable_or_none(fs)


def test_names_the_text_reads_otherwise_are_not_reduced_wrongly() -> None:
    """(found by a second adversary: the text read back meant another term) an array
    named `!` (`(! x)` is an annotation of x), a constant named like the printer's
    name of a shared term (`?x22`, captured by its `let`), a function named like a
    datatype's accessor."""
    x = z3.BitVec("x", 4)
    _equisatisfiable_or_none([z3.Array("!", z3.BitVecSort(4), z3.BitVecSort(4))[x] != x])
    ctx = z3.Context()
    bv = z3.BitVecSort(4, ctx)
    a = z3.Array("A", bv, bv)
    x0, y = z3.BitVecs("x y", 4, ctx)
    b = z3.Bool("b", ctx)
    t = (a[x0] * y + a[x0]) * (y + a[x0])
    fs = [z3.Or(b, z3.And(z3.ULT(t, y), t != z3.BitVec("?x22", 4, ctx))), z3.Not(b)]
    assert _sat(fs) == z3.sat
    _equisatisfiable_or_none(fs)
    d = z3.Datatype("D")
    d.declare("mk", ("fst", z3.BitVecSort(4)))
    d.declare("nil")
    dt = d.create()
    v = z3.Const("d", dt)
    fst2 = z3.Function("fst", dt, z3.BitVecSort(4))
    arr = z3.Array("A", z3.BitVecSort(4), z3.BitVecSort(4))  # (this context's: the tool's checks renew it)
    _equisatisfiable_or_none([dt.fst(v) != fst2(v), arr[x] == dt.fst(v)])
