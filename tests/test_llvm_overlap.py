"""Any number of pointer parameters that may overlap (issue 18, item 2).

Two parameters without noalias are an alias pair: the second may be a window on the
first's object. Three or more are windows on the first one's object (`window a, b`),
where keeping apart is a far offset: every way of sharing objects among them is an
input, and the encoding has no choice per pointer (which z3 finds far harder)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import cli
from tests.test_llvm_pointer_memory import write
from verifier.frontend.llvm import parse_ll_file
from verifier.frontend.parser import parse
from verifier.ir.printer import program as print_program

CORPUS = Path(__file__).resolve().parent.parent / "models" / "llvm" / "corpus"

# c[i] = a[i] + b[i] until a[i] == 0, then b[i] = a[i] read again after the store to c
ADD = """define i64 @add_until_zero(ptr %c, ptr %a, ptr %b, i64 %n) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %loop, label %done

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %pa, align 4
  %z = icmp eq i32 %x, 0
  br i1 %z, label %done, label %latch

latch:
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  %y = load i32, ptr %pb, align 4
  %s = add i32 %x, %y
  %pc = getelementptr inbounds i32, ptr %c, i64 %i
  store i32 %s, ptr %pc, align 4
  %x2 = load i32, ptr %pa, align 4
  store i32 %x2, ptr %pb, align 4
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %r = phi i64 [ -1, %entry ], [ %i, %loop ], [ -1, %latch ]
  ret i64 %r
}
"""


def test_three_pointers_are_windows_on_the_first_ones_object(tmp_path: Path) -> None:
    prog = parse_ll_file(write(tmp_path, "add.ll", ADD))
    assert sorted(prog.aliases) == [("c", "a"), ("c", "b")]
    assert sorted(prog.windows) == ["a", "b"]
    # noalias on one of them leaves a pair that may overlap, a choice as before
    pair = parse_ll_file(write(tmp_path, "pair.ll", ADD.replace("ptr %a, ptr %b", "ptr %a, ptr noalias %b")))
    assert pair.aliases == [("c", "a")] and pair.windows == ()


def test_windows_print_and_read_back() -> None:
    text = """loop t(N: i64) {
  array a: i8[N]
  array b: i8[N]
  array c: i8[N]
  window a, b
  window a, c
  c[0] = 1
  x = b[0]
  out x
}"""
    prog = parse(text, "t.loop")
    again = parse(print_program(prog), "t.loop")
    assert again.windows == prog.windows == ("b", "c") and again.aliases == prog.aliases


@pytest.mark.slow
def test_reordering_independent_loads_over_three_pointers_is_proved(tmp_path: Path) -> None:
    src = write(tmp_path, "src.ll", ADD)
    tgt = write(tmp_path, "tgt.ll", ADD.replace("%s = add i32 %x, %y", "%s = add i32 %y, %x"))
    # a bounded proof (the loop's runs are as long as n), accepted as one
    r = cli("equiv", str(src), str(tgt), "--max-trip", "4", "--bounded", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["verdict"] == "proved"


@pytest.mark.slow
def test_hoisting_an_exit_over_a_store_through_another_pointer_is_refuted() -> None:
    """C: `if (a[i] == 0) return i; c[i] = a[i] + b[i];` with a, b, c that may overlap:
    the test of a later iteration reads what the store wrote when a is c shifted by one."""
    r = cli("check", str(CORPUS / "r_add_until_zero.scalar.ll"), "--json", "--vf", "4")
    rows = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    hoist = [x for x in rows if x["check"] == "hoist" and x["vf"] == 4]
    assert hoist and hoist[0]["verdict"] == "counterexample", r.stdout
    alias = hoist[0]["counterexample"]["inputs"]["alias"]
    shifted = [v for v in alias.values() if v["aliases"]]
    assert len(shifted) == 1 and shifted[0]["object"] == "%0" and shifted[0]["offset"] == -1


# found by the wrong-proof hunt (issue 58): `b` stores what it loaded from `a` and `a` is
# read again; with `align 1` accesses b may start 2 bytes into a's element, so the
# store changes the top half of a[0] and the reload differs (the source returns 1)
REREAD = """define i32 @f(ptr %a, ptr %b) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %latch]
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %t = load i32, ptr %pa, align 1
  %pb = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %t, ptr %pb, align 1
  %u = load i32, ptr %pa, align 1
  %ne = icmp ne i32 %u, %t
  br i1 %ne, label %found, label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 2
  br i1 %done, label %exit, label %loop
found:
  ret i32 1
exit:
  ret i32 0
}
"""
# the target reuses the stored value for the reload: never returns 1
REUSED = REREAD.replace("%ne = icmp ne i32 %u, %t", "%ne = icmp ne i32 %t, %t")


def test_pointers_under_aligned_accesses_overlap_by_part_of_an_element(tmp_path: Path) -> None:
    src, tgt = write(tmp_path, "src.ll", REREAD), write(tmp_path, "tgt.ll", REUSED)
    r = cli("equiv", str(src), str(tgt), "--func", "f", "--json")
    v = json.loads(r.stdout.splitlines()[-1])
    assert r.returncode == 1 and v["verdict"] == "counterexample", r.stdout
    # the overlap the counterexample shows is a byte-granular one (b's elements are bytes)
    assert parse_ll_file(src).arrays[0].elem.bits == 8


def test_aligned_accesses_overlap_by_whole_elements_only(tmp_path: Path) -> None:
    # `align 4`: a 2-byte offset would be UB, so b is a whole number of i32 from a and
    # the reload sees what was loaded (the store goes to another element or the same value)
    src = write(tmp_path, "src.ll", REREAD.replace("align 1", "align 4"))
    tgt = write(tmp_path, "tgt.ll", REUSED.replace("align 1", "align 4"))
    r = cli("equiv", str(src), str(tgt), "--func", "f", "--json")
    v = json.loads(r.stdout.splitlines()[-1])
    assert r.returncode == 0 and v["verdict"] == "proved", r.stdout
    assert parse_ll_file(src).arrays[0].elem.bits == 32
