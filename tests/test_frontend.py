"""The .loop front end: every model parses; malformed input gets file:line:col and a
message saying what was expected (and the CLI exits 2 without a traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import MODELS
from verifier.analysis.loops import find_loops
from verifier.errors import UserError
from verifier.frontend.parser import parse, parse_file
from verifier.ir.printer import program

MALFORMED = [
    ("unknown name", "loop t(N: i64) {\n  x = y + 1\n}", 2, 7, "unknown name 'y'"),
    ("type mismatch", "loop t(N: i64) {\n  x: i8 = 1\n  y = x + N\n}", 3, 9, "type mismatch: i8 and i64"),
    ("missing extent", "loop t(N: i64) {\n  array a: i8\n}", 3, 1, "dereferenceable extent of 'a'"),
    ("break outside a loop", "loop t(N: i64) {\n  i = 0\n  break\n}", 3, 3, "'break' outside a loop"),
    ("unterminated block", "loop t(N: i64) {\n  do {\n    x = 1\n", 4, 1, "unterminated block"),
    ("vector width mismatch", "loop t(N: i64) {\n  array a: i8[N]\n  x = a[0 .. 0+4)\n  y = a[0 .. 0+8)\n  z = x + y\n}",
     5, 9, "vector width mismatch"),
    ("bad integer width", "loop t(N: i65) {\n}", 1, 11, "integer widths are i1 to i64"),
    ("condition not i1", "loop t(N: i64) {\n  if (N) { N = 1 }\n}", 2, 3, "must be i1, not i64"),
    ("vector condition", "loop t(N: i64) {\n  array a: i8[N]\n  x = a[0 .. 0+4)\n  if (x == 0) { N = 1 }\n}",
     4, 3, "anyof"),
    ("nested loops", "loop t(N: i64) {\n  i = 0\n  while (i < N) {\n    while (i < N) { i = i + 1 }\n  }\n}",
     4, 5, "nested loops are not supported"),
    ("stray character", "loop t(N: i64) {\n  x = N $ 1\n}", 2, 9, "unexpected character '$'"),
    ("literal too wide", "loop t(N: i64) {\n  x: i8 = 300\n}", 2, 11, "does not fit in i8"),
    ("unknown array", "loop t(N: i64) {\n  c[0] = 1\n}", 2, 3, "unknown array 'c'"),
    ("wrong arity", "loop t(N: i64) {\n  effect f(i64)\n  f(N, N)\n}", 3, 3, "takes 1 argument(s), 2 given"),
    ("flag on the wrong operator", "loop t(N: i64) {\n  x = N &nsw 1\n}", 2, 9, "flag 'nsw' does not apply to '&'"),
    ("undefined on a path", "loop t(N: i64) {\n  if (N > 0) { x = 1 }\n  out x\n}", 3, 7, "not assigned on every path"),
    ("do without while", "loop t(N: i64) {\n  do { N = 1 }\n}", 3, 1, "expected 'while (condition)'"),
    ("when without a mask", "loop t(N: i64) {\n  when (N) { N = 1 }\n}", 2, 3, "mask of type <N x i1>"),
    ("vector range not constant", "loop t(N: i64) {\n  array a: i8[N]\n  x = a[0 .. N)\n}", 3, 14, "start + constant"),
    ("no loop keyword", "func t(N: i64) {}", 1, 1, "expected 'loop'"),
    ("unterminated comment", "loop t(N: i64) {\n /* hi \n}", 2, 2, "unterminated comment"),
    ("mask width mismatch", "loop t(N: i64) {\n  array a: i8[N]\n  m = prefix(1, 2)\n  when (m) { x = a[0 .. 0+4) }\n}",
     4, 18, "the mask has 2 lanes"),
    ("effect used as a value", "loop t(N: i64) {\n  effect f(i64)\n  x = f(N)\n}", 3, 7, "it has no value"),
    ("array declared twice", "loop t(N: i64) {\n  array a: i8[N] init\n  array a: i8[N]\n}", 3, 9, "already declared"),
]


@pytest.mark.parametrize("name,text,line,col,fragment", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_models_are_located(name: str, text: str, line: int, col: int, fragment: str) -> None:
    with pytest.raises(UserError) as e:
        parse(text, "m.loop")
    assert e.value.loc is not None
    assert (e.value.loc.line, e.value.loc.col) == (line, col), str(e.value)
    assert fragment in e.value.message
    assert str(e.value).startswith(f"m.loop:{line}:{col}: error:")


@pytest.mark.parametrize("path", sorted(MODELS.rglob("*.loop")), ids=lambda p: p.name)
def test_every_shipped_model_parses_and_prints(path: Path) -> None:
    prog = parse_file(path)
    text = program(prog)
    assert text.startswith(f"loop {prog.name}(")
    assert find_loops(prog), "every model has a loop"


@pytest.mark.slow
def test_cli_reports_a_malformed_model_with_exit_2_and_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.loop"
    bad.write_text("loop t(N: i64) {\n  x = y\n}\n")
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "show", str(bad)], capture_output=True, text=True)
    assert r.returncode == 2
    assert f"{bad}:2:7: error: unknown name 'y'" in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_loop_structure_in_seed_003_terms() -> None:
    prog = parse_file(MODELS / "seed" / "search_loop.loop")
    (lp,) = find_loops(prog)
    assert lp.header == "loop" and lp.latches == ("join",)
    assert lp.guard == "entry"  # the `if (i < N)` guard
    assert set(lp.exiting) == {"loop", "join"}  # the early exit and the latch
    assert set(lp.exits_dominating_latch) == {"loop", "join"}


def test_two_sequential_loops_are_fine_and_nested_ones_are_not() -> None:
    prog = parse_file(MODELS / "examples" / "search_loop_simple_vf4.loop")
    assert len(find_loops(prog)) == 2
