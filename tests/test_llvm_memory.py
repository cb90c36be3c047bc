"""Memory at function entry, as LLVM defines it (issue 18, item 1): every object the
function did not write may hold poison (pointer parameters, globals with or without an
initializer, external globals); a `constant` global holds its initializer's bytes.
Anything stronger is a named assumption the user opts into, listed in the verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import cli
from verifier.checks.refinement import refinement
from verifier.frontend import load_program
from verifier.frontend.layout import Layout, initializer_bytes
from verifier.frontend.llvm import LLOptions, parse_ll_file, parse_ll_pair
from verifier.ir.printer import program as print_program
from verifier.ir.program import Assumption
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.smt.budget import Budget

ROOT = Path(__file__).resolve().parent.parent
LL = ROOT / "models" / "llvm"


def verdict(tmp_path: Path, src: str, tgt: str, opts: LLOptions | None = None) -> str:
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(tgt)
    return refinement(*parse_ll_pair(a, b, opts=opts), max_trip=4, budget=Budget.of(60)).verdict


def table_fn(global_kw: str, ret: str) -> str:
    return f"""@t = internal {global_kw} [4 x i32] [i32 2, i32 3, i32 -5, i32 7], align 16
define i32 @f() {{
entry:
  %p = getelementptr inbounds i32, ptr @t, i64 2
  %v = load i32, ptr %p, align 4
  ret i32 {ret}
}}
"""


def test_constant_global_holds_its_initializer(tmp_path: Path) -> None:
    # the source returns t[2]; a target returning the constant -5 refines it, 7 does not
    assert verdict(tmp_path, table_fn("constant", "%v"), table_fn("constant", "-5")) == "proved"
    assert verdict(tmp_path, table_fn("constant", "%v"), table_fn("constant", "7")) == "counterexample"


def test_non_constant_global_may_hold_anything(tmp_path: Path) -> None:
    # its initializer may have been overwritten (with poison, too) before the call
    assert verdict(tmp_path, table_fn("global", "%v"), table_fn("global", "-5")) == "counterexample"


@pytest.mark.slow
def test_global_find_under_any_poison_is_refuted_and_replayed() -> None:
    # opt-22 counts the exiting lane with cttz.elts over the unfrozen mask: a poison
    # lane past the exit makes it poison (a global's cells may be poison at entry)
    res = cli("equiv", str(LL / "find_global.scalar.ll"), str(LL / "find_global.vf4.ll"), "--max-trip", "65",
              "--json")
    assert res.returncode == 1, res.stdout + res.stderr
    out = json.loads(res.stdout)
    assert out["verdict"] == "counterexample" and out["assumptions"] == []
    assert None in [None if x == "poison" else x for x in out["counterexample"]["inputs"]["arrays"]["table"]]
    assert out["counterexample"]["target"]["live_outs"]["ret"] == "poison"


@pytest.mark.slow
def test_assumption_is_opt_in_and_listed() -> None:
    args = ["equiv", str(LL / "find_global.scalar.ll"), str(LL / "find_global.vf4.ll"), "--max-trip", "65"]
    res = cli(*args, "--assume", "memory-has-no-poison")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "assuming (stronger than LLVM's semantics): memory-has-no-poison" in res.stdout
    bad = cli(*args, "--assume", "no-such-thing")
    assert bad.returncode == 2 and "unknown assumption 'no-such-thing'" in bad.stderr


def test_constant_table_find_is_proved_and_external_refuted() -> None:
    for name, want in (("find_const_table", "proved"), ("find_extern", "counterexample")):
        src, tgt = parse_ll_pair(LL / f"{name}.scalar.ll", LL / f"{name}.vf4.ll")
        assert refinement(src, tgt, max_trip=17, budget=Budget.of(60)).verdict == want, name


def test_which_objects_may_hold_poison() -> None:
    prog = parse_ll_file(LL / "find_const_table.scalar.ll")
    primes = prog.array("primes")
    assert primes.contents is not None and primes.contents[:3] == (2, 3, 5) and primes.readonly
    assert not parse_ll_file(LL / "find_extern.scalar.ll").array("ext_table").init
    assert not parse_ll_file(LL / "find_global.scalar.ll").array("table").init
    assumed = parse_ll_file(LL / "find_global.scalar.ll", opts=LLOptions(assume=frozenset(
        {Assumption.MEMORY_HAS_NO_POISON})))
    assert assumed.array("table").init and assumed.assumptions == ("memory-has-no-poison",)


def test_initializer_bytes() -> None:
    lay = Layout.of_module(["%struct.kv = type { i32, i8 }"])
    assert initializer_bytes(lay, "[2 x i16]", "constant [2 x i16] [i16 1, i16 -2], align 2", None) == \
        [1, 0, 0xFE, 0xFF]
    assert initializer_bytes(lay, "[4 x i8]", 'constant [4 x i8] c"a\\5Cb\\00"', None) == [97, 92, 98, 0]
    assert initializer_bytes(lay, "[2 x float]", "constant [2 x float] [float 1.000000e+00, float 0x8000000000000000]",
                             None) == [0, 0, 0x80, 0x3F, 0, 0, 0, 0x80]
    kv = initializer_bytes(lay, "%struct.kv", "constant %struct.kv { i32 1, i8 2 }", None)
    assert kv == [1, 0, 0, 0, 2, None, None, None]  # padding bytes are unknown
    assert initializer_bytes(lay, "[3 x i16]", "constant [3 x i16] zeroinitializer", None) == [0] * 6
    assert initializer_bytes(lay, "[64 x i32]", "external global [64 x i32], align 16", None) is None


@pytest.mark.slow
def test_loop_model_with_a_constant_table(tmp_path: Path) -> None:
    f = tmp_path / "t.loop"
    f.write_text("""loop table(N: i64) {
  array t: i8[4] readonly = [1, -2, 3, 0]
  i = 0
  do {
    x = t[i]
    if (x == 0) break
    i = i +nsw 1
  } while (i < 4)
  out i
}
""")
    prog = load_program(f)
    assert prog.array("t").contents == (1, 254, 3, 0) and prog.array("t").init
    r = run(prog, Inputs(params={"N": 1}))
    assert r.status == "ok" and r.outs["i"].v == 3
    # block form prints the table and reads it back
    g = tmp_path / "t2.loop"
    g.write_text(print_program(prog))
    assert load_program(g).array("t").contents == (1, 254, 3, 0)
    bad = tmp_path / "bad.loop"
    bad.write_text(f.read_text().replace("[1, -2, 3, 0]", "[1, 2]"))
    res = cli("show", str(bad))
    assert res.returncode == 2 and "bad.loop:2:" in res.stderr
