"""Pointers returned by calls (objects.call_results): a call outside every loop, of
integer arguments, returns a pointer to the start of an object of its own, of any size
but what its attributes give. `noalias` (an allocator's result) keeps it apart from
every other object; without it, it may share memory with the parameters' objects, as a
parameter may. The fixtures (models/llvm/call_results/results.c) have a verdict each
way; the front end's facts are checked on hand-written IR."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import MODELS
from verifier.checks.dispatch import Request
from verifier.checks.verdict import Check, Verdict, VerdictKind
from verifier.driver import answer
from verifier.frontend import read_program
from verifier.frontend.llvm import LLUnsupported, parse_ll_file
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.semantics.ops import UBKind

RESULTS = MODELS / "llvm" / "call_results" / "results.ll"


def _verdicts(func: str, check: Check) -> list[Verdict]:
    def read(room: frozenset[str], vscale: int | None):  # type: ignore[no-untyped-def]
        return read_program(RESULTS, func, room=room, vscale=vscale)

    return answer([Request(check, vf=4, timeout=20)], read).verdicts


def test_stores_through_a_result_that_may_point_into_the_searched_memory() -> None:
    """`q = get()` may point into `a`: a store q[i] may change a[i + k], so the exit's
    load evaluated at the vector iteration's start may read a value the loop later
    overwrites: hoisting it is refuted."""
    (v,) = _verdicts("clear_until", Check.HOIST)
    assert v.verdict is VerdictKind.COUNTEREXAMPLE and v.counterexample is not None, v.reason


def test_stores_through_an_allocators_result_reach_nothing_else() -> None:
    """`q = get_fresh()`, declared `malloc` (noalias): storage of its own, so hoisting
    is proved for every trip count."""
    assert {v.verdict for v in _verdicts("clear_until_fresh", Check.HOIST)} == {VerdictKind.PROVED}


def test_malloc_and_errno_are_objects_of_their_own() -> None:
    """gz_open's shape: malloc's 24 bytes (or null) written in a loop over a string of
    unknown extent, then errno reset: read, and the string's loop refuted."""
    prog = parse_ll_file(RESULTS, "open_state")
    # the string, malloc's object and errno's; errno's may share the string's memory
    # (nothing says it does not), malloc's shares nothing
    assert {"v0", "v2", "v13"} <= {a.name for a in prog.arrays} and ("v0", "v13") in prog.aliases
    assert not any("v2" in pair for pair in prog.aliases)
    (v,) = _verdicts("open_state", Check.SPECULATE)
    assert v.verdict is VerdictKind.COUNTEREXAMPLE, v.reason


def test_a_copy_into_memory_of_a_size_known_at_run_time() -> None:
    """malloc(n * 4), allocsize(0): the loop stores p[i] for i < n; the search over
    a[static 64] is proved."""
    assert {v.verdict for v in _verdicts("copy_until", Check.SPECULATE)} == {VerdictKind.PROVED}


def test_errno_in_a_loop_is_one_object_that_may_share_memory_with_an_argument() -> None:
    """Each iteration's __errno_location() returns one pointer (a function of no
    arguments): one object, which may be inside `s` (nothing says it is not), so the
    store through it may change what the exit reads: hoisting is refuted, and proved
    where `s` is restrict. Two calls are one object: the program has one for errno."""
    assert {v.verdict for v in _verdicts("skip_err", Check.HOIST)} == {VerdictKind.COUNTEREXAMPLE}
    assert {v.verdict for v in _verdicts("skip_err_restrict", Check.HOIST)} == {VerdictKind.PROVED}
    prog = parse_ll_file(RESULTS, "skip_err")
    assert len([a for a in prog.arrays if not prog.display.get(a.name, a.name).startswith("@")]) == 2  # s, errno


def test_a_returned_pointer_may_point_into_its_object() -> None:
    """`n = v[-1]` (a count kept before the data): the call's pointer is inside its
    object, as a parameter's may be, so reading ahead in the search may fault
    (refuted; it was proved as if every run read out of bounds at v[-1])."""
    (v,) = _verdicts("count_before", Check.SPECULATE)
    assert v.verdict is VerdictKind.COUNTEREXAMPLE, v.reason


def test_an_allocation_that_escaped_may_be_what_a_later_call_returns() -> None:
    """p escapes to a global before q = get(): q may be p, so its stores may reach
    what the exit reads (no proof); without the escape, hoisting is proved."""
    with pytest.raises(LLUnsupported, match="the address of %2"):  # (p's address is stored: unknown)
        _verdicts("escape_then_get", Check.HOIST)
    assert {v.verdict for v in _verdicts("fresh_then_get", Check.HOIST)} == {VerdictKind.PROVED}


ALLOCATED = """\
declare noalias ptr @malloc(i64) allockind("alloc,uninitialized") allocsize(0)

define i32 @f(i64 %n, i32 %x) {
entry:
  %p = call noalias dereferenceable_or_null(64) ptr @malloc(i64 64)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %at = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %at, align 4
  %c = icmp eq i32 %v, %x
  br i1 %c, label %out, label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %d = icmp eq i64 %i.next, 16
  br i1 %d, label %out, label %loop
out:
  ret i32 0
}
"""


def test_a_load_of_what_an_allocator_gave_is_refused_at_its_call(tmp_path: Path) -> None:
    """Its bytes are undef until written, which the model does not hold."""
    path = tmp_path / "fresh.ll"
    path.write_text(ALLOCATED)
    with pytest.raises(LLUnsupported) as e:
        parse_ll_file(path)
    assert "a load of the memory @malloc allocates" in str(e.value) and e.value.loc is not None
    assert e.value.loc.line == 5


@pytest.mark.parametrize(("edit", "runs"), [
    (("", ""), {0: "null", 32: "assumption", 64: "ok"}),  # dereferenceable_or_null(64)
    (("call noalias dereferenceable_or_null(64) ptr", "call nonnull dereferenceable(32) ptr"),
     {0: "assumption", 32: "ok", 64: "ok"}),
    (("call noalias dereferenceable_or_null(64) ptr @malloc(i64 64)", "call noalias ptr @malloc(i64 40)"),
     {0: "null", 32: "assumption", 64: "ok"}),  # allocsize(0) of a constant: 40 bytes, or null
])
def test_what_the_attributes_give_the_object(tmp_path: Path, edit: tuple[str, str], runs: dict[int, str]) -> None:
    """A run whose object is smaller than the call's attributes say is no run (the
    entry's assumption fails); one of no bytes is null where they allow it (the
    loop's store through it is then the source's UB)."""
    text = ALLOCATED.replace("%v = load i32, ptr %at", "store i32 %x, ptr %at").replace(
        "  %c = icmp eq i32 %v, %x\n", "  %c = icmp eq i64 %i, %n\n")
    path = tmp_path / "attrs.ll"
    path.write_text(text.replace(*edit) if edit[0] else text)
    prog = parse_ll_file(path)
    for size, how in runs.items():
        params = {"n.value": 3, "n.poison": 0, "x.value": 0, "x.poison": 0, "p.bytes": size, "p.addr": 4096}
        r = run(prog, Inputs(params=params, arrays={"p": [0] * (size // 4)}))
        got = "ok" if r.status is RunStatus.OK else "assumption" if r.ub is not None and \
            r.ub.kind is UBKind.ASSUMPTION_FALSE else "null" if r.ub is not None and r.ub.kind is UBKind.OUT_OF_BOUNDS \
            else str(r.status)
        assert got == how, (size, r.ub)
