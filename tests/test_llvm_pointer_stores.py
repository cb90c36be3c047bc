"""Stores of pointer values (`store ptr %p, ptr %q`): the 8 bytes are %p's address,
as ptrtoint reads it. One program's checks read that exactly; a pair compares the
stored bytes, so a pointer that differs from the source's only in where it may point
(one past an object's end, the start of the next) would go unseen: a proof of a pair
that stores pointers names `--assume stored-pointers-by-address`. A pointer load that
may run after a pointer store to memory it may share is refused: the loaded pointer's
provenance would be the stored one's, which the bytes do not keep."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import cli
from verifier.frontend.llvm import LLUnsupported, parse_ll_file

LINK = """define void @link(ptr %node, ptr %next) {
entry:
  %at = getelementptr inbounds i8, ptr %node, i64 8
  store ptr %next, ptr %at, align 8
  ret void
}
"""

# readU32FromChar (lz4's command line): the cursor read once, advanced, and written back
DIGITS = """define i32 @digits(ptr noundef nonnull %pp) {
entry:
  %p0 = load ptr, ptr %pp, align 8
  br label %loop
loop:
  %p = phi ptr [ %p0, %entry ], [ %p1, %loop ]
  %n = phi i32 [ 0, %entry ], [ %n1, %loop ]
  %c = load i8, ptr %p, align 1
  %d = add i8 %c, -48
  %isdigit = icmp ult i8 %d, 10
  %p1 = getelementptr inbounds nuw i8, ptr %p, i64 1
  store ptr %p1, ptr %pp, align 8
  %n1 = add i32 %n, 1
  br i1 %isdigit, label %loop, label %done
done:
  ret i32 %n1
}
"""


# the same store through a GEP chain (a pair whose two sides are not the same text)
LINK_TWO_STEPS = LINK.replace("  %at = getelementptr inbounds i8, ptr %node, i64 8\n",
                              "  %half = getelementptr inbounds i8, ptr %node, i64 4\n"
                              "  %at = getelementptr inbounds i8, ptr %half, i64 4\n")


def _equiv(tmp_path: Path, src: str, tgt: str, *more: str) -> tuple[int, dict[str, object]]:
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(tgt)
    r = cli("equiv", str(a), str(b), "--json", "--timeout", "30", *more)
    return r.returncode, json.loads(r.stdout)


def test_a_pair_storing_the_same_pointer_is_proved_by_address_only(tmp_path: Path) -> None:
    code, out = _equiv(tmp_path, LINK, LINK_TWO_STEPS)
    assert code == 3 and out["verdict"] == "unknown", out
    assert "--assume stored-pointers-by-address" in str(out["reason"])
    code, out = _equiv(tmp_path, LINK, LINK_TWO_STEPS, "--assume", "stored-pointers-by-address")
    assert code == 0 and out["verdict"] == "proved", out
    assert "stored-pointers-by-address" in out["assumptions"]  # type: ignore[operator]


@pytest.mark.parametrize("stored", ["ptr %node", "ptr null"])
def test_a_pair_storing_another_pointer_is_refuted(tmp_path: Path, stored: str) -> None:
    code, out = _equiv(tmp_path, LINK, LINK_TWO_STEPS.replace("store ptr %next", f"store {stored}"))
    assert code == 1 and out["verdict"] == "counterexample", out


def test_one_program_reads_its_pointer_stores_exactly(tmp_path: Path) -> None:
    # the cursor's string has no extent the IR gives: reading digits ahead may fault
    src = tmp_path / "digits.ll"
    src.write_text(DIGITS)
    r = cli("check", str(src), "--check", "speculate", "--json", "--timeout", "30")
    out = json.loads(r.stdout)
    assert r.returncode == 1 and out["verdict"] == "counterexample", r.stdout + r.stderr
    assert "stored-pointers-by-address" not in out["assumptions"]


def test_a_pointer_loaded_after_a_pointer_store_to_its_memory_is_refused(tmp_path: Path) -> None:
    # the cursor loaded again in the loop, after the store of the previous iteration
    again = DIGITS.replace("  %p = phi ptr [ %p0, %entry ], [ %p1, %loop ]\n"
                           "  %n = phi i32 [ 0, %entry ], [ %n1, %loop ]\n",
                           "  %n = phi i32 [ 0, %entry ], [ %n1, %loop ]\n"
                           "  %p = load ptr, ptr %pp, align 8\n")
    src = tmp_path / "again.ll"
    src.write_text(again)
    with pytest.raises(LLUnsupported, match="may have stored a pointer to") as e:
        parse_ll_file(src)
    assert e.value.loc is not None and e.value.loc.line == 12  # the store


def test_a_store_of_a_pointer_of_unknown_origin_is_named(tmp_path: Path) -> None:
    # (a call of pointer arguments: its result is no object of its own, objects.call_results)
    src = tmp_path / "f.ll"
    src.write_text("""declare ptr @make(ptr)

define void @f(ptr %out) {
entry:
  %p = call ptr @make(ptr %out)
  store ptr %p, ptr %out, align 8
  ret void
}
""")
    with pytest.raises(LLUnsupported, match="a store of a pointer of unknown origin") as e:
        parse_ll_file(src)
    assert e.value.loc is not None and e.value.loc.line == 6


def test_a_store_of_a_pointer_to_local_memory_is_named(tmp_path: Path) -> None:
    src = tmp_path / "f.ll"
    src.write_text("""define i8 @f(ptr %out) {
entry:
  %buf = alloca [8 x i8], align 1
  store ptr %buf, ptr %out, align 8
  %v = load i8, ptr %buf, align 1
  ret i8 %v
}
""")
    with pytest.raises(LLUnsupported, match="a store of a pointer to local memory") as e:
        parse_ll_file(src)
    assert e.value.loc is not None and e.value.loc.line == 4


# x's pointer stored where a callee may find it (a global) or may not (a noalias output
# the function writes): only the first lets @g read x, so only there is the dead store
# of 1 before the call observable
ESCAPE = """@G = global ptr null, align 8
declare void @g()

define void @f(ptr noalias noundef dereferenceable(1) %x, ptr noalias noundef dereferenceable(8) %out) {
entry:
  store ptr %x, ptr @G, align 8
  store i8 1, ptr %x, align 1
  call void @g()
  store i8 2, ptr %x, align 1
  ret void
}
"""


@pytest.mark.parametrize("where, verdict", [("@G", "counterexample"), ("%out", "proved")])
def test_a_stored_pointer_escapes_only_where_a_call_may_reach_it(tmp_path: Path, where: str, verdict: str) -> None:
    src = ESCAPE.replace("store ptr %x, ptr @G", f"store ptr %x, ptr {where}")
    code, out = _equiv(tmp_path, src, src.replace("  store i8 1, ptr %x, align 1\n", ""),
                       "--assume", "stored-pointers-by-address")
    assert out["verdict"] == verdict, out


# two globals' addresses, 16 bytes each: distinct allocations, so at least 16 apart
NEAR = """@A = global [16 x i8] zeroinitializer, align 1
@B = global [16 x i8] zeroinitializer, align 1

define i1 @f() {
entry:
  %a = ptrtoint ptr @A to i64
  %b = ptrtoint ptr @B to i64
  %d = sub i64 %b, %a
  %d1 = add i64 %d, 15
  %r = icmp ult i64 %d1, 31
  ret i1 %r
}
"""


@pytest.mark.parametrize("answer, verdict", [("false", "proved"), ("true", "counterexample")])
def test_two_globals_never_share_a_byte(tmp_path: Path, answer: str, verdict: str) -> None:
    tgt = NEAR.split("  %d = sub")[0] + f"  ret i1 {answer}\n}}\n"
    code, out = _equiv(tmp_path, NEAR, tgt)
    assert out["verdict"] == verdict, out


@pytest.mark.parametrize("layout, said", [("e-m:e-p:32:32-i64:64-n32-S128", "32-bit pointers"),
                                          ("E-m:e-p:64:64-i64:64-n32:64-S128", "big-endian")])
def test_a_datalayout_the_model_does_not_hold_is_named(tmp_path: Path, layout: str, said: str) -> None:
    # a 32-bit pointer stores 4 bytes, a big-endian one its high byte first: the model's are 8, low first
    src = tmp_path / "f.ll"
    src.write_text(f'target datalayout = "{layout}"\n\n' + LINK)
    with pytest.raises(LLUnsupported, match=said) as e:
        parse_ll_file(src)
    assert e.value.loc is not None and e.value.loc.line == 1


# s's address stored into pp, then s read: where s may be pp (a window at offset 0) its
# address is pp's, 16-aligned, which the model does not tie to the window: refused;
# with s noalias (no window) the pair is read and proved
ADDRESS_INTO = """define i64 @f(ptr noundef align 16 dereferenceable(8) %pp, ptr noundef dereferenceable(8) %s) {
entry:
  %a = ptrtoint ptr %s to i64
  store i64 %a, ptr %pp, align 8
  %b = load i64, ptr %s, align 8
  %m = and i64 %b, 15
  ret i64 %m
}
"""


@pytest.mark.parametrize("s_attrs, verdict", [("noundef", "unknown"), ("noalias noundef", "proved")])
def test_the_address_of_a_pointer_that_may_share_written_memory_is_refused(tmp_path: Path, s_attrs: str,
                                                                           verdict: str) -> None:
    src = ADDRESS_INTO.replace("ptr noundef dereferenceable(8) %s", f"ptr {s_attrs} dereferenceable(8) %s")
    tgt = src.replace("  %b = load i64, ptr %s, align 8\n", "").replace(
        "  %a = ptrtoint", "  store i64 0, ptr %pp, align 8\n  %b = load i64, ptr %s, align 8\n  %a = ptrtoint")
    code, out = _equiv(tmp_path, src, tgt)
    assert out["verdict"] == verdict, out
    if verdict == "unknown":
        assert "may share memory with another pointer the function writes through" in str(out["reason"])
