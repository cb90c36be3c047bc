"""Immediate UB carries its kind beside its message: checks decide on the kind
(repair's out-of-bounds guards, legality's branch on poison), reports show the text.
Each kind the interpreter can meet in a model is produced here, and a run without
the fault has none."""

from __future__ import annotations

import pytest

from verifier.frontend.parser import parse
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.semantics.ops import UBKind

DIV = """loop f(N: i32, d: i32) {
  array a: i32[N]
  i: i32 = 0
  while (i < N) {
    x = a[i] OP d
    if (x == 7) break
    i = i + 1
  }
}"""

CASES = [
    ("zero", DIV.replace("OP", "/"), {"N": 1, "d": 0}, {"a": [5]}, UBKind.DIVISION_BY_ZERO, None, ({"N": 1, "d": 2}, {"a": [5]})),
    ("overflow", DIV.replace("OP", "/"), {"N": 1, "d": -1}, {"a": [-(2**31)]}, UBKind.DIVISION_OVERFLOW, None,
     ({"N": 1, "d": -1}, {"a": [-(2**31) + 1]})),
    ("remainder", DIV.replace("OP", "%"), {"N": 1, "d": 0}, {"a": [5]}, UBKind.DIVISION_BY_ZERO, None,
     ({"N": 1, "d": 2}, {"a": [5]})),
    ("poison dividend", DIV.replace("OP", "/"), {"N": 1, "d": -1}, {"a": [None]}, UBKind.POISON_DIVIDEND, None,
     ({"N": 1, "d": -1}, {"a": [4]})),
    ("poison divisor", DIV.replace("a[i] OP d", "d / a[i]"), {"N": 1, "d": 4}, {"a": [None]},
     UBKind.DIVISION_BY_POISON, None,
     ({"N": 1, "d": 4}, {"a": [2]})),
    ("out of bounds", """loop f(N: i64) {
  array a: i8[N]
  i = 0
  while (true) {
    if (a[i] == 0) break
    i = i + 1
  }
}""", {"N": 2}, {"a": [1, 1]}, UBKind.OUT_OF_BOUNDS, "a", ({"N": 2}, {"a": [1, 0]})),
    ("read-only store", """loop f(N: i64) {
  array a: i8[N] readonly
  i = 0
  while (i < N) {
    a[i] = 1
    i = i + 1
  }
}""", {"N": 2}, {"a": [1, 1]}, UBKind.READ_ONLY_STORE, "a", ({"N": 0}, {"a": []})),
    ("assumption", """loop f(N: i64) {
  assume N > 3
  i = 0
  while (i < N) { i = i + 1 }
}""", {"N": 2}, {}, UBKind.ASSUMPTION_FALSE, None, ({"N": 5}, {})),
    ("branch on poison", """loop f(N: i64) {
  array a: i8[N]
  i = 0
  while (i < N) {
    if (a[i] == 0) break
    i = i + 1
  }
}""", {"N": 2}, {"a": [1, None]}, UBKind.BRANCH_ON_POISON, None,
     ({"N": 2}, {"a": [0, None]})),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_fault_has_its_kind(case: tuple) -> None:
    _, text, params, arrays, kind, array, _ = case
    r = run(parse(text), Inputs(params=params, arrays=arrays))
    assert r.status is RunStatus.UB and r.ub is not None, r
    assert (r.ub.kind, r.ub.array) == (kind, array), r.ub


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_without_the_fault_the_run_finishes(case: tuple) -> None:
    """The other side: the same loop on inputs close by that do not fault has no UB."""
    text, (params, arrays) = case[1], case[-1]
    r = run(parse(text), Inputs(params=params, arrays=arrays))
    assert r.status is RunStatus.OK and r.ub is None, r


def test_a_call_that_is_not_speculatable_traps_with_its_kind() -> None:
    prog = parse("""loop f(N: i64) {
  array a: i8[N]
  pure g(i8) -> i8
  i = 0
  while (i < N) {
    if (g(a[i]) == 0) break
    i = i + 1
  }
}""")
    r = run(prog, Inputs(params={"N": 1}, arrays={"a": [3]}, traps={("g", (3,)): True}))
    assert r.ub is not None and r.ub.kind is UBKind.CALL_TRAPS, r
    fine = run(prog, Inputs(params={"N": 1}, arrays={"a": [3]}, traps={("g", (3,)): False}))
    assert fine.ub is None, fine
