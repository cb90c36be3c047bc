"""A function with loops one after another, or a loop beside a loop nest, is valid
LLVM IR the legality checks cannot take as it is (they take one loop or one nest):
the verdict is unknown, naming the loops and where (exit 3), never a usage error
(it was exit 2, 'expected a scalar loop', on LLVM's create-induction-resume.ll). A
model (.loop) with two loops is the user's mistake: exit 2, with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import cli

LOOP = """\
{name}.head:
  %{name}.i = phi i64 [ 0, %{pred} ], [ %{name}.next, %{name}.latch ]
  %{name}.at = getelementptr inbounds nuw i8, ptr %p, i64 %{name}.i
  %{name}.v = load i8, ptr %{name}.at, align 1
  %{name}.z = icmp eq i8 %{name}.v, 0
  br i1 %{name}.z, label %{name}.out, label %{name}.latch
{name}.latch:
  %{name}.next = add nuw nsw i64 %{name}.i, 1
  %{name}.done = icmp eq i64 %{name}.next, 16
  br i1 %{name}.done, label %{name}.out, label %{name}.head
{name}.out:
"""


def _two_loops(nested: bool) -> str:
    second = LOOP.format(name="b", pred="a.out" if not nested else "o.head")
    if nested:  # the second loop inside an outer one
        second = ("  br label %o.head\no.head:\n  %o.k = phi i64 [ 0, %a.out ], [ %o.k1, %b.out ]\n  br label %b.head\n"
                  + second + "  %o.k1 = add nuw nsw i64 %o.k, 1\n  %o.d = icmp eq i64 %o.k1, 4\n"
                  "  br i1 %o.d, label %end, label %o.head\nend:\n  ret i32 0\n}\n")
    else:
        second = "  br label %b.head\n" + second + "  ret i32 0\n}\n"
    return ("define i32 @f(ptr noundef dereferenceable(16) %p) {\nentry:\n  br label %a.head\n"
            + LOOP.format(name="a", pred="entry") + second)


@pytest.mark.parametrize(("nested", "said"), [(False, "2 loops one after another in @f"),
                                               (True, "loops besides the nest")])
def test_several_loops_are_unknown_naming_them_and_where(tmp_path: Path, nested: bool, said: str) -> None:
    """One after another, or a loop (%a.head) beside a nest: unknown, with the loops."""
    path = tmp_path / "two.ll"
    path.write_text(_two_loops(nested))
    r = cli("check", str(path), "--check", "hoist")
    assert r.returncode == 3 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert said in r.stdout and ("%a.head" in r.stdout if nested else "two.ll:" in r.stdout)


def test_a_model_with_two_loops_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "two.loop"
    path.write_text("loop two(N: i64) {\n  array a: i8[N]\n  i = 0\n  while (i < N) {\n    x = a[i]\n"
                    "    if (x == 0) break\n    i = i + 1\n  }\n  j = 0\n  while (j < N) {\n    j = j + 1\n  }\n"
                    "  out i\n}\n")
    r = cli("check", str(path), "--check", "hoist")
    assert r.returncode == 2 and "two.loop:10:" in r.stderr and "found 2 loops" in r.stderr, r.stdout + r.stderr
