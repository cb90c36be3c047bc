"""A function with several loops: each loop's legality is checked in its context
(transforms/in_context.py, checks/in_context.py). A loop on another path is cut
(exact), a loop after it is cut (a counterexample stands once the function's own
run on its inputs is free of UB), a loop before it is one step of anything it may do
(a counterexample stands only where that loop leaves nothing the checked loop reads
and the function's run reaches it in the same state). The fixtures
(models/llvm/several_loops/several.c) have a verdict each way. A model (.loop) with
two loops is the user's mistake: exit 2, with its line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli
from verifier.analysis.loops import loop_nest
from verifier.checks.dispatch import Request
from verifier.checks.verdict import Check, Verdict, VerdictKind
from verifier.driver import answer
from verifier.frontend import read_program
from verifier.frontend.read import programs_of
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.transforms.in_context import loop_in_context, outermost_headers

SEVERAL = MODELS / "llvm" / "several_loops" / "several.ll"


def _verdicts(func: str, check: Check = Check.SPECULATE) -> list[Verdict]:
    def read(room: frozenset[str], vscale: int | None):  # type: ignore[no-untyped-def]
        return read_program(SEVERAL, func, room=room, vscale=vscale)

    return answer([Request(check, vf=4, timeout=20)], read).verdicts


def _kinds(vs: list[Verdict]) -> list[VerdictKind]:
    return [v.verdict for v in vs]


def test_a_find_over_a_known_extent_then_one_over_an_unknown_extent() -> None:
    """The first loop is proved (a[static 64]); the second, after it, reads b with no
    extent: a counterexample, though the first loop was taken as one step, since it
    leaves nothing the second reads and the function's own run reaches it alike."""
    first, second = _verdicts("find_then_find")
    assert first.verdict is VerdictKind.PROVED and first.coverage.unbounded, first.reason
    assert second.verdict is VerdictKind.COUNTEREXAMPLE and second.counterexample is not None, second.reason
    assert "after the loop at %4" in (second.coverage.in_context or "")


def test_a_search_that_goes_on_from_where_the_first_stopped() -> None:
    """The first loop's counterexample stands (the function's run after it, the cut
    second loop, is free of UB); the second's state is what the first leaves (its
    `i`), so its counterexample from a free state is unknown, saying so."""
    first, second = _verdicts("find_then_continue")
    assert first.verdict is VerdictKind.COUNTEREXAMPLE, first.reason
    assert "before the loop at %15, where the run is cut" in (first.coverage.in_context or "")
    assert second.verdict is VerdictKind.UNKNOWN and second.counterexample is None
    assert "before it was taken to leave" in (second.reason or ""), second.reason


def test_a_search_before_code_that_reads_everything_is_no_counterexample() -> None:
    """Reading ahead in a search over b is no UB the function lacks where it then
    sums 64 elements of b anyway: the run on the counterexample's inputs ends in UB in
    the cut loop, so the counterexample does not stand."""
    (only,) = _verdicts("search_then_sum")
    assert only.verdict is VerdictKind.UNKNOWN and "ends in UB" in (only.reason or ""), only.reason


def test_loops_on_two_paths_are_each_exact() -> None:
    first, second = _verdicts("one_or_other")
    assert _kinds([first, second]) == [VerdictKind.PROVED, VerdictKind.COUNTEREXAMPLE]
    assert "on other paths" in (second.coverage.in_context or "")


def test_two_loops_in_one_outer_iteration() -> None:
    """The first inner loop's counterexample is a whole run of the first outer
    iteration; the second's, from a free state of the first, does not stand."""
    first, second = _verdicts("rows_find_then_find")
    assert first.verdict is VerdictKind.COUNTEREXAMPLE, first.reason
    assert "the first iteration of the outer loop" in (first.coverage.outer_loop or "")
    assert second.verdict is VerdictKind.UNKNOWN and "not shown for the function" in (second.reason or "")
    assert _kinds(_verdicts("rows_find_then_find", Check.HOIST)) == [VerdictKind.PROVED] * 2


def test_hoisting_is_proved_for_each_loop() -> None:
    assert _kinds(_verdicts("find_then_continue", Check.HOIST)) == [VerdictKind.PROVED, VerdictKind.PROVED]


@pytest.mark.parametrize("func", ["find_then_find", "find_then_continue", "search_then_sum", "one_or_other",
                                  "rows_find_then_find"])
def test_the_program_in_context_runs_as_the_function_does_up_to_a_cut(func: str) -> None:
    """Property: where no loop is before the checked one, the program in its context
    is the function's own runs up to where it was cut: on random inputs its run takes
    the same blocks, and ends without UB wherever the function's does."""
    whole = programs_of(read_program(SEVERAL, func))[0]
    rng = random.Random(func)
    for header in outermost_headers(whole):
        ctx = loop_in_context(whole, header)
        assert [n.header for n in loop_nest(ctx.program)] == [header]
        if ctx.before:
            continue
        for _ in range(40):
            extent = rng.choice([1, 8, 64, 70])
            inputs = Inputs(params={p.name: rng.choice([0, 1, 2, 5, 60, 64, 100]) for p in whole.params
                                    if not p.name.endswith((".bytes", ".units", ".null", ".before", ".addr"))}
                            | {f"{a.name}.bytes": 4 * extent for a in whole.arrays},
                            arrays={a.name: [rng.choice([0, 1, 2, 5]) for _ in range(extent)] for a in whole.arrays})
            own, cut = run(whole, inputs), run(ctx.program, inputs)
            way = [b for b, _ in cut.path if b in whole.blocks]
            assert [b for b, _ in own.path][:len(way)] == way
            if own.status is RunStatus.OK:
                assert cut.status is RunStatus.OK


def test_a_loop_before_is_one_step_that_may_leave_anything() -> None:
    """The second loop's program: the first loop is one block at its header, an event
    that may not return and writes nothing (it only reads), leaving its `i` as an
    event's result, and choosing its exit."""
    whole = programs_of(read_program(SEVERAL, "find_then_continue"))[0]
    first, second = outermost_headers(whole)
    ctx = loop_in_context(whole, second)
    step = ctx.program.blocks[first]
    calls = [i for i in step.instrs if i.op == "call"]
    assert calls[0].decl.willreturn is False and calls[0].decl.writes == ()
    assert any(i.dest is not None and i.decl.ret_poison for i in calls[1:])
    assert ctx.before == (first,) and ctx.before_leaves


def test_the_command_line_names_the_loop_in_its_function(tmp_path: Path) -> None:
    r = cli("check", str(SEVERAL), "--func", "find_then_find", "--check", "speculate", "--timeout", "20")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert "in its function: the loop at %16; after the loop at %4" in r.stdout
    j = cli("check", str(SEVERAL), "--func", "one_or_other", "--check", "speculate", "--timeout", "20", "--json")
    records = [json.loads(line) for line in j.stdout.splitlines() if line.startswith("{")]
    assert [r["coverage"].get("in_context", "").split(";")[0] for r in records if r.get("record") == "verdict"] == \
        ["the loop at %10", "the loop at %18"], j.stdout


@pytest.mark.slow
def test_the_emitter_vectorizes_the_loop_it_is_told(tmp_path: Path) -> None:
    """`vectorize --loop`: of two loops, the one named is vectorized and the other
    kept; its proof is the function's (the known extent's search proved, the unknown
    extent's refuted, as their speculation verdicts say)."""
    out = tmp_path / "f.ll"
    r = cli("vectorize", str(SEVERAL), "--func", "find_then_find", "--loop", "%4", "--form", "simple",
            "--emit-llvm", str(out), "--timeout", "30")
    assert r.returncode == 0 and "the simple form of the loop at %4" in r.stdout, r.stdout + r.stderr
    r = cli("vectorize", str(SEVERAL), "--func", "find_then_find", "--loop", "%16", "--form", "general",
            "--emit-llvm", str(out), "--timeout", "30")
    assert r.returncode == 1 and "load of %1[] out of bounds" in r.stdout, r.stdout + r.stderr


def test_the_emitter_asks_which_loop(tmp_path: Path) -> None:
    out = tmp_path / "f.ll"
    r = cli("vectorize", str(SEVERAL), "--func", "find_then_find", "--emit-llvm", str(out))
    assert r.returncode == 2 and "2 innermost loops (at %v4, %v16)" in r.stderr and "--loop" in r.stderr, r.stderr
    r = cli("vectorize", str(SEVERAL), "--func", "find_then_find", "--loop", "%7", "--emit-llvm", str(out))
    assert r.returncode == 2 and "--loop %7: @find_then_find has no innermost loop there" in r.stderr, r.stderr


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


def test_a_loop_beside_a_nest_is_checked_and_so_is_the_nest(tmp_path: Path) -> None:
    """A loop (%a.head) before a nest whose inner loop reads the same 16 bytes: each
    is hoisted, the nest one outer iteration at a time."""
    second = LOOP.format(name="b", pred="o.head")
    text = ("define i32 @f(ptr noundef dereferenceable(16) %p) {\nentry:\n  br label %a.head\n"
            + LOOP.format(name="a", pred="entry")
            + "  br label %o.head\no.head:\n  %o.k = phi i64 [ 0, %a.out ], [ %o.k1, %b.out ]\n  br label %b.head\n"
            + second + "  %o.k1 = add nuw nsw i64 %o.k, 1\n  %o.d = icmp eq i64 %o.k1, 4\n"
            "  br i1 %o.d, label %end, label %o.head\nend:\n  ret i32 0\n}\n")
    path = tmp_path / "two.ll"
    path.write_text(text)
    r = cli("check", str(path), "--check", "speculate", "--timeout", "20")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert "the loop at %a.head; before the loop at %o.head" in r.stdout
    assert "loop nest: holds for every iteration of the outer loop at %o.head" in r.stdout, r.stdout


def test_a_call_in_the_nest_that_may_undo_a_test_before_it_is_no_proof(tmp_path: Path) -> None:
    """@g may write @Q, which the code before the nest tests (!= 0) and the search
    divides by: reread from a later outer iteration's memory, that test no longer
    holds, so the nest's reading is refused (it was proved). Without the test, the
    division exit is refuted."""
    fixture = MODELS / "llvm" / "several_loops" / "call_undoes_check.ll"
    r = cli("check", str(fixture), "--check", "speculate", "--timeout", "20")
    assert r.returncode == 3 and "a load before the outer loop of @Q, which the loop writes" in r.stdout, r.stdout
    unchecked = tmp_path / "unchecked.ll"
    text = fixture.read_text()
    for old, new in [("  %d0 = load i32, ptr @Q, align 4\n  %z = icmp eq i32 %d0, 0\n  br i1 %z, label %ret, label %outer",
                      "  br label %outer"), ("[ -1, %entry ], ", "")]:
        assert text.count(old) == 1
        text = text.replace(old, new)
    unchecked.write_text(text)
    r = cli("check", str(unchecked), "--check", "speculate", "--timeout", "20")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stdout + r.stderr


def test_loops_in_one_irreducible_cycle_are_unsupported_not_an_error() -> None:
    r = cli("check", str(MODELS / "llvm" / "several_loops" / "irreducible_pair.ll"), "--check", "speculate")
    assert r.returncode == 3 and "irreducible control flow" in r.stdout and "internal error" not in r.stdout, r.stdout


def test_a_model_with_two_loops_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "two.loop"
    path.write_text("loop two(N: i64) {\n  array a: i8[N]\n  i = 0\n  while (i < N) {\n    x = a[i]\n"
                    "    if (x == 0) break\n    i = i + 1\n  }\n  j = 0\n  while (j < N) {\n    j = j + 1\n  }\n"
                    "  out i\n}\n")
    r = cli("check", str(path), "--check", "hoist")
    assert r.returncode == 2 and "two.loop:10:" in r.stderr and "found 2 loops" in r.stderr, r.stdout + r.stderr
