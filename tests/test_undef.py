"""Undef on both sides of a check (ops.UndefReading): a source's undef excuses no more
than LLVM's does (a value computed from it is one of the values it can take, never
poison, and a branch on it is no UB to lean on), a target's is never kinder than
LLVM's. Each case has the pair that must be refuted and the one that must be proved."""

from __future__ import annotations

import pytest

from verifier.checks.refinement import refinement
from verifier.checks.verdict import VerdictKind
from verifier.frontend.parser import parse
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.semantics.ops import UndefReading
from verifier.smt.budget import Budget


def _loop(body: str, decls: str = "effect foo(i8)") -> str:
    return f"loop f(N: i64) {{\n  {decls}\n{body}\n  out N\n}}\n"


def _verdict(src: str, tgt: str) -> VerdictKind:
    s, t = parse(src, "s.loop"), parse(tgt, "t.loop")
    return refinement(s, t, max_trip=2, budget=Budget.of(60)).verdict


REFUTED = VerdictKind.COUNTEREXAMPLE
PROVED = VerdictKind.PROVED

CASES = [
    # an event's argument: undef is any value, never poison
    ("call-arg", _loop("  foo(undef(i8))"), _loop("  foo(poison(i8))"), REFUTED),
    ("call-arg", _loop("  foo(undef(i8))"), _loop("  foo(7)"), PROVED),
    ("call-arg", _loop("  foo(undef(i8))"), _loop("  foo(undef(i8))"), PROVED),
    # `undef & 0` is 0: a branch on it is no UB, and it takes the path 0 gives
    ("and-zero-branch", _loop("  x = undef(i8) & 0\n  if (N == 1) {\n    if (x == 0) { foo(1) }\n  }"),
     _loop("  if (N == 1) { foo(2) }"), REFUTED),
    ("and-zero-branch", _loop("  x = undef(i8) & 0\n  if (N == 1) {\n    if (x == 0) { foo(1) }\n  }"),
     _loop("  if (N == 1) { foo(1) }"), PROVED),
    # a value computed from undef takes only the values it can: `undef | 1` is odd
    ("or-one", _loop("  x = undef(i8) | 1\n  foo(x)"), _loop("  foo(2)"), REFUTED),
    ("or-one", _loop("  x = undef(i8) | 1\n  foo(x)"), _loop("  foo(3)"), PROVED),
    # one use of undef is one value: two observations of what it computes agree
    # (`x = undef(i8)` alone would name the constant: each use of x a use of undef)
    ("one-value", _loop("  x = undef(i8) + 0\n  foo(x)\n  foo(x + 1)"), _loop("  foo(5)\n  foo(9)"), REFUTED),
    ("one-value", _loop("  x = undef(i8) + 0\n  foo(x)\n  foo(x + 1)"), _loop("  foo(5)\n  foo(6)"), PROVED),
    ("two-uses", _loop("  x = undef(i8)\n  foo(x)\n  foo(x + 1)"), _loop("  foo(5)\n  foo(9)"), PROVED),
    # stored to memory and read back, it is the value stored, not poison
    ("memory", _loop("  a[0] = undef(i8) & 0\n  foo(a[0])", "effect foo(i8)\n  array a: i8[4]"),
     _loop("  a[0] = 0\n  foo(5)", "effect foo(i8)\n  array a: i8[4]"), REFUTED),
    ("memory", _loop("  a[0] = undef(i8) & 0\n  foo(a[0])", "effect foo(i8)\n  array a: i8[4]"),
     _loop("  a[0] = 0\n  foo(0)", "effect foo(i8)\n  array a: i8[4]"), PROVED),
    # a target's branch on undef is UB (where the source has none)
    ("target-branch", _loop("  foo(1)"), _loop("  if (undef(i1)) { foo(1) } else { foo(1) }"), REFUTED),
    ("target-branch", _loop("  foo(1)"), _loop("  c = freeze(undef(i1))\n  if (c) { foo(1) } else { foo(1) }"), PROVED),
]


@pytest.mark.parametrize(("what", "src", "tgt", "expected"), CASES, ids=[f"{c[0]}-{c[3]}" for c in CASES])
def test_undef_is_never_kinder_than_llvm(what: str, src: str, tgt: str, expected: VerdictKind) -> None:
    assert _verdict(src, tgt) is expected


def test_a_source_run_reads_undef_as_its_choice() -> None:
    """The interpreter's two readings: the target's branch on undef is UB; the source's
    takes the branch its choice gives (checks quantify that choice)."""
    p = parse(_loop("  if (undef(i1)) { foo(1) }"), "s.loop")
    tainted = run(p, Inputs())
    chosen = run(p, Inputs(), undef=UndefReading.CHOSEN)
    assert tainted.status is RunStatus.UB
    assert chosen.status is RunStatus.OK and not chosen.trace
