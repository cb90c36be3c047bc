"""Struct values built by insertvalue (LLVM's multiple-early-exits tests return
`{ i64, i64 }`: the exit's index and the value found): each field is its own value,
`ret` returns field k as the live-out `ret.k`, extractvalue reads a field back. A
struct from elsewhere (a call's, a load's) stays unsupported, named. These were
'unsupported: type { i64, i64 }' for 6 legality obligations of LLVM's tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import cli
from verifier.frontend.llvm import parse_ll_file

FIND = """\
define {{ i64, i8 }} @find_pair(ptr noundef dereferenceable(64) %a) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %at = getelementptr inbounds nuw i8, ptr %a, i64 %i
  %v = load i8, ptr %at, align 1
  %hit = icmp ugt i8 %v, 100
  br i1 %hit, label %exit, label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 64
  br i1 %done, label %exit, label %loop
exit:
  %where = phi i64 [ %i, %loop ], [ 64, %latch ]
  %what = phi i8 [ %v, %loop ], [ 0, %latch ]
  %r0 = insertvalue {{ i64, i8 }} {base}, i64 %{first}, 0
  %r1 = insertvalue {{ i64, i8 }} %r0, i8 %what, 1
  %back = extractvalue {{ i64, i8 }} %r1, 0
  %same = icmp eq i64 %back, %{first}
  call void @llvm.assume(i1 %same)
  ret {{ i64, i8 }} %r1
}}
declare void @llvm.assume(i1)
"""


def _write(tmp_path: Path, name: str, first: str = "where", base: str = "undef") -> Path:
    path = tmp_path / f"{name}.ll"
    path.write_text(FIND.format(first=first, base=base))
    return path


def test_each_field_of_a_returned_struct_is_a_live_out(tmp_path: Path) -> None:
    prog = parse_ll_file(_write(tmp_path, "find_pair"))
    outs = [i.attrs.name for i in prog.instructions() if i.op == "out"]
    assert outs == ["ret.0", "ret.1"]
    copies = [i for i in prog.instructions() if i.dest and prog.display.get(i.dest) == "%back"]
    assert copies and copies[0].op == "add"  # extractvalue: field 0 copied into %back


@pytest.mark.slow
def test_a_struct_pair_is_proved_equal_and_a_swapped_field_refuted(tmp_path: Path) -> None:
    src = _write(tmp_path, "src")
    same = _write(tmp_path, "same", base="poison")  # every field set: the base does not matter
    wrong = _write(tmp_path, "wrong", first="i")  # the index where the loop ran out: 63, not 64
    ok = cli("equiv", str(src), str(same), "--json")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = cli("equiv", str(src), str(wrong), "--json")
    row = json.loads(bad.stdout.splitlines()[-1])
    assert bad.returncode == 1 and row["verdict"] == "counterexample", bad.stdout + bad.stderr
    assert "ret.0" in row["counterexample"]["divergence"]["summary"]


def test_the_legality_checks_read_a_function_returning_a_struct(tmp_path: Path) -> None:
    r = cli("check", str(_write(tmp_path, "find_pair")), "--check", "speculate", "--json")
    rows = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    assert r.returncode == 0 and rows and all(x["verdict"] == "proved" for x in rows), r.stdout + r.stderr


@pytest.mark.parametrize(("base", "what"), [("{ i64 1, i8 2 }", "a struct constant"),
                                             ("%made", "type { i64, i8 }")])
def test_a_struct_from_elsewhere_is_unsupported_and_named(tmp_path: Path, base: str, what: str) -> None:
    text = FIND.format(first="where", base=base)
    if base == "%made":
        text = text.replace("  %r0 =", "  %made = call { i64, i8 } @make()\n  %r0 =") + "declare { i64, i8 } @make()\n"
    path = tmp_path / "elsewhere.ll"
    path.write_text(text)
    r = cli("check", str(path), "--check", "hoist")
    assert r.returncode == 3 and what in r.stdout and "Traceback" not in r.stderr, r.stdout + r.stderr
