"""Undef on both sides of a check (ops.UndefReading): a source's undef excuses no more
than LLVM's does (a value computed from it is one of the values it can take, never
poison, and a branch on it is no UB to lean on), a target's is never kinder than
LLVM's. Each case has the pair that must be refuted and the one that must be proved."""

from __future__ import annotations

from pathlib import Path

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


# ------------------------------------------------------------------ LLVM IR targets

LOOP_OF_TWO = """define i32 @f(i32 %n) {{
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %e = extractelement <2 x i32> {lanes}, i32 0
  %s.next = xor i32 %s, %e
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, 2
  br i1 %c, label %loop, label %done
done:
  ret i32 {ret}
}}
"""


def _ll_verdict(tmp_path: Path, src: str, tgt: str) -> VerdictKind:
    from verifier.checks.translation import translation
    from verifier.frontend import load_pair

    (tmp_path / "s.ll").write_text(src)
    (tmp_path / "t.ll").write_text(tgt)
    s, t = load_pair(tmp_path / "s.ll", tmp_path / "t.ll", "f", "any-poison", frozenset(), frozenset(), False, None)
    assert t is not None
    return translation(s, t, 4, Budget.of(60)).verdict


SOURCE_ZERO = "define i32 @f(i32 %n) {\nentry:\n  ret i32 0\n}\n"
PER_USE = "define i32 @f(i32 %n) {{\nentry:\n  %x = {x}\n  %y = sub i32 %x, %x\n  ret i32 %y\n}}\n"


@pytest.mark.parametrize(("x", "expected"), [("or i32 undef, 1", REFUTED), ("freeze i32 undef", PROVED)])
def test_a_target_reads_undef_again_at_every_use_of_a_value_computed_from_it(tmp_path: Path, x: str,
                                                                           expected: VerdictKind) -> None:
    """`%x = or undef, 1; sub %x, %x` may be -2 (x read as 1, then 3), as LLVM and Alive2
    have it; frozen, x is one value and the difference 0."""
    assert _ll_verdict(tmp_path, SOURCE_ZERO, PER_USE.format(x=x)) is expected


@pytest.mark.parametrize(("lanes", "expected"), [("<i32 undef, i32 1>", REFUTED), ("<i32 0, i32 1>", PROVED)])
def test_a_constant_vector_with_an_undef_lane_is_a_fresh_choice_in_every_iteration(
        tmp_path: Path, lanes: str, expected: VerdictKind) -> None:
    """The front end builds a constant vector once, before the loop; its undef lane is
    still a new choice at each iteration's use (1 then 0 makes the xor 1)."""
    src = LOOP_OF_TWO.format(lanes="<i32 0, i32 1>", ret="0")
    assert _ll_verdict(tmp_path, src, LOOP_OF_TWO.format(lanes=lanes, ret="%s.next")) is expected


CARRIED = """define i8 @f(ptr noundef readonly dereferenceable(4) %a) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %join ]
  %s = phi i8 [ 0, %entry ], [ %s.next, %join ]
  %o = or i8 %s, 1
  %d = udiv i8 100, %o
{branch}  %p = getelementptr inbounds i8, ptr %a, i64 %i
  %x = load i8, ptr %p
  %c = icmp eq i8 %x, 0
  br i1 %c, label %upath, label %vpath
upath:
  br label %join
vpath:
  br label %join
join:
  %u = phi i8 [ undef, %upath ], [ %x, %vpath ]
  %s.next = add i8 %s, %u
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ne i64 %i.next, 4
  br i1 %more, label %loop, label %exit
exit:
  ret i8 %d
}}
"""
ON_CARRIED = "  %t7 = icmp eq i8 %s, 7\n  br i1 %t7, label %ta, label %tb\nta:\n  br label %body\ntb:\n  br label %body\nbody:\n"


def test_a_value_carried_from_an_undef_phi_is_never_clean_in_a_step(tmp_path: Path) -> None:
    """After `a[0] == 0` the sum carries undef; the target then branches on it (UB).
    The per-iteration proof starts from a clean free state, which would hide that: it
    does not apply (a counterexample from the whole run instead of `proved`)."""
    assert _ll_verdict(tmp_path, CARRIED.format(branch=""), CARRIED.format(branch=ON_CARRIED)) is REFUTED


def test_legality_refuses_undef_the_window_moves_into_code_it_adds() -> None:
    """A header phi that starts from undef becomes a `select` the window adds: the
    speculation check still answers unknown naming the line, never proved."""
    from verifier.checks.dispatch import Request, decide
    from verifier.checks.verdict import Check

    p = parse("loop u(N: i64) {\n  array a: i8[N] init\n  effect foo(i8)\n  assume N >= 1\n  i = 0\n"
              "  s: i8 = undef(i8)\n  if (i < N) {\n    do {\n      x = a[i]\n      if (x == 9) {\n"
              "        if ((s & 0) == 0) { foo(1) }\n      }\n      if (x == 9) break\n"
              "      c2 = (x != 0) && ((s & x) == 1)\n      if (c2) break\n      s = s + x\n"
              "      i = i +nsw 1\n    } while (i < N)\n  }\n  out i\n}\n", "u.loop")
    vs = decide(Request(Check.SPECULATE, vf=4, timeout=30, freeze=False), p)
    assert vs and all(v.verdict is VerdictKind.UNKNOWN and "undef" in (v.reason or "") for v in vs), vs


def test_legality_reads_a_program_whose_undef_reaches_only_its_results() -> None:
    """clang's `phi [undef]` after the loop, feeding only a select and the return, is
    read by the legality checks (analysis/undef.py finds no UB or memory it reaches);
    the same undef reaching a branch is refused, by line."""
    from tests.helpers import MODELS
    from verifier.analysis.undef import undef_reaching_ub
    from verifier.checks.dispatch import Request, decide
    from verifier.checks.verdict import Check
    from verifier.frontend import load_program

    p = load_program(MODELS / "llvm" / "emit" / "sum_until_zero.scalar.ll", None)
    assert p.undef_uses() and not undef_reaching_ub(p)
    assert [v.verdict for v in decide(Request(Check.SPECULATE, vf=4, timeout=30), p)] == [PROVED]
    branch = parse(_loop("  x = undef(i8) + 1\n  y = x & 0\n  if (y == 0) { foo(1) }"), "b.loop")
    assert [loc.line for loc in undef_reaching_ub(branch) if loc is not None] == [3]
