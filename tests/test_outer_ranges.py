"""The range a counted outer loop keeps its counter in, assumed of the outer states an
iteration program starts from (transforms/outer_iteration.counted_range): which
loops count, that the range is exactly the reachable one (a bug at its last value
is refuted, a difference just past it is no bug), and that the iteration programs
chained still run as the function does."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, cli
from tests.test_loop_nest import _chained, _inputs, _same_run, nested
from verifier.semantics.interpreter import run
from verifier.transforms.outer_iteration import counted_range, outer_loop

NESTED = MODELS / "llvm" / "nested"

# an outer loop over r (START, then + STEP) that leaves on TEST, around a search of
# the first r entries of %t for a 0; out[r] = where it stopped
NEST = """define void @f(ptr noundef dereferenceable(64) %t, ptr noalias noundef dereferenceable(64) %out) {
entry:
  br label %outer
outer:
  %r = phi i64 [ START, %entry ], [ %r.next, %done ]
  %none = icmp eq i64 %r, 0
  br i1 %none, label %done, label %inner
inner:
  %c = phi i64 [ 0, %outer ], [ %c.next, %step ]
  %p = getelementptr inbounds i32, ptr %t, i64 %c
  %x = load i32, ptr %p, align 4
  %hit = icmp eq i32 %x, 0
  br i1 %hit, label %done, label %step
step:
  %c.next = add nuw i64 %c, 1
  %end = icmp eq i64 %c.next, %r
  br i1 %end, label %done, label %inner
done:
  %at = phi i64 [ 0, %outer ], [ %c, %inner ], [ %c.next, %step ]
  STORE
  %q = getelementptr inbounds i64, ptr %out, i64 %r
  store i64 %v, ptr %q, align 8
  %r.next = add nuw i64 %r, STEP
  TEST
exit:
  ret void
}
"""

LEAVE_EQ = "%more = icmp eq i64 %r.next, 3\n  br i1 %more, label %exit, label %outer"


def nest(start: int = 0, step: int = 1, test: str = LEAVE_EQ, store: str = "%v = add i64 %at, 0") -> str:
    return (NEST.replace("START", str(start)).replace("STEP", str(step)).replace("TEST", test)
            .replace("STORE", store))


def span(tmp_path: Path, text: str) -> tuple[int, int] | None:
    f = tmp_path / "nest.ll"
    f.write_text(text)
    prog = nested(f)
    o, pre = outer_loop(prog)
    return counted_range(prog, o, pre, prog.blocks[o.header].phis[0])


@pytest.mark.parametrize(("test", "expected"), [
    (LEAVE_EQ, (0, 2)),
    ("%more = icmp ult i64 %r.next, 3\n  br i1 %more, label %outer, label %exit", (0, 2)),
    ("%more = icmp ne i64 %r.next, 3\n  br i1 %more, label %outer, label %exit", (0, 2)),
    ("%more = icmp eq i64 3, %r.next\n  br i1 %more, label %exit, label %outer", (0, 2)),
    ("%more = icmp ugt i64 3, %r.next\n  br i1 %more, label %outer, label %exit", (0, 2)),
    # not a count's test: a signed bound, a test that goes back on equality, no constant
    ("%more = icmp slt i64 %r.next, 3\n  br i1 %more, label %outer, label %exit", None),
    ("%more = icmp eq i64 %r.next, 3\n  br i1 %more, label %outer, label %exit", None),
    ("%more = icmp eq i64 %r.next, %r\n  br i1 %more, label %exit, label %outer", None),
])
def test_which_outer_loops_count_and_their_range(tmp_path: Path, test: str, expected: tuple[int, int] | None) -> None:
    assert span(tmp_path, nest(test=test)) == expected


def test_a_count_that_starts_past_its_bound_or_steps_by_two_has_no_range(tmp_path: Path) -> None:
    assert span(tmp_path, nest(start=1)) == (1, 2)
    assert span(tmp_path, nest(start=3)) is None  # r.next reaches 3 only by wrapping
    assert span(tmp_path, nest(step=2)) is None  # 0, 2, 4, ... never equals 3


@pytest.mark.slow
def test_a_difference_at_the_last_counted_value_is_refuted_and_one_past_it_is_no_bug(tmp_path: Path) -> None:
    """The target stores one more where r == K. r runs 0, 1, 2: K = 2 is a bug the
    first 3 outer iterations show; K = 3 is a state no run reaches, which the range
    leaves out, so the target is proved (from any state, it would differ)."""
    src = tmp_path / "src.ll"
    src.write_text(nest())
    for k, expected, code in ((2, "counterexample", 1), (3, "proved", 0)):
        tgt = tmp_path / f"tgt{k}.ll"
        tgt.write_text(nest(store=f"%is = icmp eq i64 %r, {k}\n  %more1 = add i64 %at, 1\n"
                                  "  %v = select i1 %is, i64 %more1, i64 %at"))
        r = cli("equiv", str(src), str(tgt))
        assert r.returncode == code and r.stdout.startswith(expected), r.stdout + r.stderr
        if expected == "proved":
            assert "from any state where %r in [0, 2]" in r.stdout, r.stdout


@settings(max_examples=5, deadline=None)
@given(table=st.lists(st.integers(0, 3), min_size=63, max_size=63))
def test_the_ranged_iteration_programs_chained_run_as_the_function_runs(table: list[int]) -> None:
    """Every state a run reaches is in the range: chaining the iteration programs
    that assume it never meets that assumption's UB, and ends as the function."""
    prog = nested(NESTED / "zero_free_prefix.scalar.ll")
    inputs = _inputs(prog, 0, {"v0": [0] * 64, "table": table})
    whole = run(prog, inputs)
    last, count = _chained(prog, inputs, ranges=True)
    _same_run(whole, last, prog)
    assert count == 64


def test_an_inner_search_as_long_as_the_outer_count_is_proved_from_its_range() -> None:
    """zero_free_prefix: row r searches table's first r entries (table has 63), read
    4 at a time; safe because r <= 63, which only the outer loop's count says."""
    r = cli("equiv", str(NESTED / "zero_free_prefix.scalar.ll"), str(NESTED / "zero_free_prefix.vf4.ll"),
            "--cttz-elts", "first-true")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "from any state where %3 in [0, 63] (the range its count keeps it in)" in r.stdout
    assert "covers every trip count" in r.stdout
