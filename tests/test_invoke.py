"""`invoke`, `landingpad` and `resume` (issue 43: LLVM's own early-exit tests call a
function that may unwind before the loop): the call, then whether it unwound, an event
whose answer is a function of the trace; `resume` ends the run with an event of its
own. A nounwind callee always returns."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import cli
from verifier.frontend.llvm import parse_ll_file

SEARCH = """define i64 @search(ptr noalias dereferenceable(64) %p, i8 %k) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %loop unwind label %lpad

loop:
  %i = phi i64 [ %i.next, %latch ], [ 0, %entry ]
  %at = getelementptr inbounds i8, ptr %p, i64 %i
  %v = load i8, ptr %at, align 1
  %hit = icmp eq i8 %v, %k
  br i1 %hit, label %found, label %latch

latch:
  %i.next = add i64 %i, 1
  %more = icmp ne i64 %i.next, 64
  br i1 %more, label %loop, label %found

found:
  %r = phi i64 [ %i, %loop ], [ -1, %latch ]
  ret i64 %r

lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)
"""

INVOKE = "invoke void @may_throw() to label %loop unwind label %lpad"


def equiv(tmp_path: Path, target: str) -> tuple[int, str]:
    src, tgt = tmp_path / "src.ll", tmp_path / "tgt.ll"
    src.write_text(SEARCH)
    tgt.write_text(target)
    r = cli("equiv", str(src), str(tgt))
    return r.returncode, r.stdout


def test_an_invoke_is_a_call_then_whether_it_unwound(tmp_path: Path) -> None:
    f = tmp_path / "search.ll"
    f.write_text(SEARCH)
    prog = parse_ll_file(f)
    assert {"may_throw", "may_throw.unwinds", "resume"} <= set(prog.funcs)
    assert not any(prog.funcs[n].pure for n in ("may_throw.unwinds", "resume"))


def test_a_nounwind_callee_always_returns(tmp_path: Path) -> None:
    f = tmp_path / "search.ll"
    f.write_text(SEARCH.replace("declare void @may_throw()", "declare void @may_throw() nounwind"))
    assert "may_throw.unwinds" not in parse_ll_file(f).funcs


@pytest.mark.slow
def test_the_same_search_written_otherwise_is_proved(tmp_path: Path) -> None:
    other = SEARCH.replace("%hit = icmp eq i8 %v, %k\n  br i1 %hit, label %found, label %latch",
                           "%miss = icmp ne i8 %k, %v\n  br i1 %miss, label %latch, label %found")
    rc, out = equiv(tmp_path, other)
    assert rc == 0, out


def test_a_call_that_drops_the_unwind_edge_is_refuted(tmp_path: Path) -> None:
    rc, out = equiv(tmp_path, SEARCH.replace(INVOKE, "call void @may_throw()\n  br label %loop"))
    assert rc == 1 and "counterexample" in out, out


def test_returning_instead_of_unwinding_is_refuted(tmp_path: Path) -> None:
    rc, out = equiv(tmp_path, SEARCH.replace("  resume { ptr, i32 } %lp", "  ret i64 -2"))
    assert rc == 1 and "counterexample" in out, out


def test_reading_the_exception_is_named_as_unsupported(tmp_path: Path) -> None:
    f = tmp_path / "search.ll"
    f.write_text(SEARCH.replace("  resume { ptr, i32 } %lp", "  %e = extractvalue { ptr, i32 } %lp, 1\n"
                                "  resume { ptr, i32 } %lp"))
    r = cli("check", str(f))
    assert r.returncode == 3 and ":23:3: unsupported: extractvalue of a struct not built by insertvalue" in r.stdout, r.stdout
