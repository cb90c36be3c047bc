"""LLVM's tools in the loop: `verifier opt` runs opt and validates every function the
pass changed; `.c` input goes through clang first. The tests that need clang or opt
run where they are installed and are skipped where they are not (CI needs no LLVM);
a missing tool is always a clear usage error."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli

LLVM = Path(__file__).parent.parent / "models" / "llvm"
HAS_OPT = shutil.which("opt-22") is not None
HAS_CLANG = shutil.which("clang-22") is not None



@pytest.mark.slow
def test_a_missing_tool_says_what_to_install() -> None:
    r = cli("opt", str(LLVM / "find_char.scalar.ll"), "--opt", "/nowhere/opt")
    assert r.returncode == 2 and "apt-get install clang-22 llvm-22" in r.stderr and "Traceback" not in r.stderr
    r = cli("opt", str(LLVM / "find_char.scalar.ll"), "--opt", "/nowhere/opt", "--clang", "/nowhere/clang")
    assert r.returncode == 2


@pytest.mark.slow
def test_only_llvm_ir_c_or_cpp(tmp_path: Path) -> None:
    f = tmp_path / "x.txt"
    f.write_text("hello")
    r = cli("opt", str(f), "--opt", sys.executable)  # any existing program stands in for opt here
    assert r.returncode == 2 and "expected LLVM IR (.ll), C (.c) or C++ (.cpp, .cc, .cxx)" in r.stderr


@pytest.mark.slow
@pytest.mark.skipif(not HAS_OPT, reason="opt-22 is not installed")
def test_opt_validates_what_the_vectorizer_changed() -> None:
    """LLVM 22's vectorized find_char: refuted under LangRef's cttz.elts rule (a poison
    lane past the exit makes the index poison), proved under first-true; the same
    verdicts as the committed fixtures in proofs/llvm.toml."""
    args = ("--", "-passes=loop-vectorize", "-force-vector-width=4")
    r = cli("opt", str(LLVM / "find_char.scalar.ll"), *args)
    assert r.returncode == 1 and "find_char  counterexample" in r.stdout, r.stdout + r.stderr
    r = cli("opt", str(LLVM / "find_char.scalar.ll"), "--cttz-elts", "first-true", *args)
    assert r.returncode == 0 and "find_char  proved" in r.stdout, r.stdout + r.stderr


@pytest.mark.skipif(not HAS_OPT, reason="opt-22 is not installed")
def test_a_pass_that_changes_nothing(tmp_path: Path) -> None:
    r = cli("opt", str(LLVM / "module" / "three.src.ll"), "--keep", str(tmp_path), "--", "-passes=verify")
    assert r.returncode == 0 and "changed no function" in r.stdout


@pytest.mark.slow
@pytest.mark.skipif(not (HAS_OPT and HAS_CLANG), reason="clang-22 and opt-22 are not installed")
def test_from_c_to_verdicts_in_one_command(tmp_path: Path) -> None:
    r = cli("opt", str(LLVM / "c" / "find_char.c"), "--cttz-elts", "first-true", "--keep", str(tmp_path),
            "--", "-passes=loop-vectorize", "-force-vector-width=4")
    assert r.returncode == 0 and "find_char  proved" in r.stdout, r.stdout + r.stderr
    assert (tmp_path / "find_char.scalar.ll").exists() and (tmp_path / "find_char.opt.ll").exists()
    r = cli("check", str(LLVM / "c" / "find_char.c"), "--check", "speculate")
    assert r.returncode == 0 and "proved" in r.stdout, r.stdout + r.stderr


def test_a_keep_path_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    if shutil.which("opt-22") is None:
        pytest.skip("opt-22 is not installed")
    (tmp_path / "f").write_text("")
    r = cli("opt", str(MODELS / "llvm" / "find_char.scalar.ll"), "--keep", str(tmp_path / "f"))
    assert r.returncode == 2 and "--keep" in r.stderr and "internal error" not in r.stderr, r.stderr


# A module as clang -O2 -gline-tables-only writes it (trimmed): the loop's latch
# carries !llvm.loop, whose first location is where the loop starts in the C file.
DEBUG_MODULE = """\
define i32 @find(ptr %a, i32 %x) !dbg !5 {
entry:
  br label %loop, !dbg !8

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i, !dbg !9
  %v = load i32, ptr %p, align 4, !dbg !9
  %hit = icmp eq i32 %v, %x, !dbg !10
  br i1 %hit, label %done, label %latch, !dbg !10

latch:
  %i.next = add nuw nsw i64 %i, 1, !dbg !11
  %more = icmp ult i64 %i.next, 32, !dbg !11
  br i1 %more, label %loop, label %done, !dbg !8, !llvm.loop !12

done:
  %r = phi i32 [ 1, %loop ], [ 0, %latch ]
  ret i32 %r, !dbg !13
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!2 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "src/find.c", directory: "/nowhere/project")
!5 = distinct !DISubprogram(name: "find", scope: !1, file: !1, line: 3, unit: !0)
!6 = distinct !DILexicalBlock(scope: !5, file: !1, line: 4, column: 3)
!8 = !DILocation(line: 4, column: 3, scope: !6)
!9 = !DILocation(line: 5, column: 9, scope: !6)
!10 = !DILocation(line: 5, column: 18, scope: !6)
!11 = !DILocation(line: 4, column: 27, scope: !6)
!12 = distinct !{!12, !8, !14}
!13 = !DILocation(line: 7, column: 1, scope: !5)
!14 = !DILocation(line: 6, column: 3, scope: !6)
"""


def test_debug_locations_map_each_line_to_its_c_position() -> None:
    from verifier.frontend.llvm.debuginfo import source_positions
    from verifier.ir.program import Loc

    lines = DEBUG_MODULE.splitlines()
    at = source_positions(lines)
    where = {lines[k].strip().split(",")[0]: v for k, v in at.items()}
    c = "/nowhere/project/src/find.c"
    assert where["define i32 @find(ptr %a"] == Loc(c, 3, 1)  # the function: its DISubprogram
    assert where["%v = load i32"] == Loc(c, 5, 9)
    assert where["br i1 %hit"] == Loc(c, 5, 18)
    assert where["loop:"] == Loc(c, 4, 3)  # a loop header: where its loop starts (!llvm.loop)
    assert where["latch:"] == Loc(c, 4, 27)  # another block: its first located line
    assert where["done:"] == Loc(c, 7, 1)  # an exit the latch branches to is no header
    assert where["%i = phi i64 [ 0"] == Loc(c, 4, 3)  # no !dbg of its own: its block's position
    assert where["%r = phi i32 [ 1"] == Loc(c, 7, 1)
    assert source_positions(["define void @f() {", "  ret void", "}"]) == {}


def test_verdicts_point_at_c_lines_only_when_asked(tmp_path: Path) -> None:
    """Read with debug locations, the exit branch is at the C line; read as the .ll it
    is (the default), at its own line in the module."""
    from verifier.frontend import load_program

    f = tmp_path / "find.ll"
    f.write_text(DEBUG_MODULE)
    as_c = load_program(f, debug_locations=True)
    as_ll = load_program(f)
    branch = lambda p: p.blocks["loop"].term.loc  # noqa: E731
    assert branch(as_c).file.endswith("src/find.c") and branch(as_c).line == 5
    assert branch(as_ll).file == str(f) and branch(as_ll).line == 10


@pytest.mark.slow
@pytest.mark.skipif(not HAS_CLANG, reason="clang-22 is not installed")
def test_c_input_reports_c_lines_and_leaves_no_files(tmp_path: Path) -> None:
    """`check f.c`: the verdict, its divergence and its SARIF result point at the C
    file's lines (clang's line tables), and the module clang wrote is removed."""
    src = tmp_path / "count.c"
    src.write_text("long count_until(const char *s, long n) {\n  long k = 0;\n"
                   "  for (long i = 0; i < n; i++) {\n    if (s[i] == 0)\n      break;\n"
                   "    k += 2;\n  }\n  return k;\n}\n")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "check", "count.c", "--check", "speculate",
                        "--no-repair", "--sarif", "r.sarif"], capture_output=True, text=True, cwd=tmp_path,
                       env={**os.environ, "TMPDIR": str(scratch)})
    assert r.returncode == 1, r.stdout + r.stderr
    assert "C1 (line 4)" in r.stdout and "at count.c:4:" in r.stdout, r.stdout
    result = json.loads((tmp_path / "r.sarif").read_text())["runs"][0]["results"][0]
    place = result["locations"][0]["physicalLocation"]
    assert place["artifactLocation"]["uri"] == "count.c" and place["region"]["startLine"] == 4
    assert list(scratch.iterdir()) == []


@pytest.mark.slow
@pytest.mark.skipif(not HAS_OPT, reason="opt-22 is not installed")
def test_opt_output_is_named_as_such_and_removed(tmp_path: Path) -> None:
    """Without --keep, opt's output is a temporary file: the divergence names it
    `<opt output>` (with how to keep it), and nothing is left behind."""
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "opt", str(LLVM / "find_char.scalar.ll"),
                        "--", "-passes=loop-vectorize", "-force-vector-width=4"],
                       capture_output=True, text=True, env={**os.environ, "TMPDIR": str(tmp_path)})
    assert r.returncode == 1, r.stdout + r.stderr
    assert "at <opt output>:" in r.stdout and "--keep DIR keeps it" in r.stdout, r.stdout
    # where the poison was made is named in the removed module's terms too
    assert "poison is first produced by" in r.stdout and str(tmp_path) not in r.stdout, r.stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not HAS_OPT, reason="opt-22 is not installed")
def test_a_construct_of_opt_output_outside_the_subset_is_named_there(tmp_path: Path) -> None:
    """An unknown's reason points into `<opt output>`, not into the removed file."""
    from tests.test_llvm_pointer_memory import INTERNED

    f = tmp_path / "interned.ll"
    f.write_text(INTERNED.replace("DEREF", "dereferenceable(512)"))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "opt", str(f), "--", "-passes=loop-vectorize",
                        "-force-vector-width=4"], capture_output=True, text=True,
                       env={**os.environ, "TMPDIR": str(scratch)})
    assert r.returncode == 3, r.stdout + r.stderr
    assert "reason: <opt output>:" in r.stdout and "<4 x ptr>" in r.stdout and str(scratch) not in r.stdout, r.stdout
    assert "--keep DIR keeps it" in r.stdout and list(scratch.iterdir()) == []


def test_a_parameter_that_may_be_poison_is_shown_as_one_input() -> None:
    from verifier.reports.text import inputs_lines
    from verifier.semantics.inputs import Inputs

    shown = inputs_lines(Inputs(params={"end.value": 7, "end.poison": 1, "n.value": 3, "n.poison": 0, "k": 2},
                                arrays={}), "", {"end": "%end", "n": "%n"})
    assert shown == ["%end = poison", "%n = 3", "k = 2"]


REMARKS = """--- !Analysis
Pass:            loop-vectorize
Name:            InterleavingBeneficialButDisabled
DebugLoc:        { File: s.c, Line: 3, Column: 3 }
Function:        sum
Args:
  - String:          the cost-model indicates that interleaving is beneficial
...
--- !Passed
Pass:            loop-vectorize
Name:            Vectorized
DebugLoc:        { File: s.c, Line: 3, Column: 3 }
Function:        sum
Args:
  - String:          'vectorized '
  - String:          'loop (vectorization width: '
  - VectorizationFactor: '4'
  - String:          ')'
...
--- !Analysis
Pass:            ''
Name:            PotentiallyFaultingLoadsNotSupported
DebugLoc:        { File: '/a/path/long/enough/that/opt/folds/the/mapping/onto/a/second/line/s.c',
                   Line: 7, Column: 3 }
Function:        find
Args:
  - String:          'loop not vectorized: '
  - String:          Auto-vectorization of loops with potentially faulting load is not supported
...
--- !Missed
Pass:            loop-vectorize
Name:            MissedDetails
Function:        find2
Args:
  - String:          loop not vectorized
...
--- !Analysis
Pass:            ''
Name:            SomeoneElse
Function:        other
Args:
  - String:          'it''s another pass''s'
...
"""


def test_the_vectorizer_s_remarks_say_which_loops_it_left_and_why(tmp_path: Path) -> None:
    """opt's YAML remarks: a function with a Passed remark was vectorized (its analysis
    remarks do not make it left alone); the legality analysis under a forced width has
    no pass name; another pass's remark is not the vectorizer's."""
    from verifier.llvm_tools import left_alone, read_remarks, vectorized

    f = tmp_path / "r.yaml"
    f.write_text(REMARKS)
    rs = read_remarks(f)
    assert vectorized(rs) == {"sum"}
    assert [r.message for r in rs if r.function == "sum" and r.kind == "Passed"] == \
        ["vectorized loop (vectorization width: 4)"]
    alone = left_alone(rs)
    assert set(alone) == {"find", "find2"}
    assert alone["find"].message.endswith("potentially faulting load is not supported") and alone["find"].line == 7
    assert alone["find2"].message == "loop not vectorized" and alone["find2"].line == 0
    assert read_remarks(tmp_path / "missing.yaml") == []


EE_C = """int table[64];
int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
int find(const int *a, int n, int x) {
  for (int i = 0; i < n; i++)
    if (a[i] == x) return i;
  return -1;
}
int find_table(int x) {
  for (int i = 0; i < 64; i++)
    if (table[i] == x) return i;
  return -1;
}
"""


@pytest.mark.slow
@pytest.mark.skipif(not (HAS_OPT and HAS_CLANG), reason="clang-22 and opt-22 are not installed")
def test_opt_names_the_loops_it_left_and_a_loop_without_an_early_exit(tmp_path: Path) -> None:
    """verifier opt on C: find (a pointer with no known extent) is listed with LLVM's
    reason, the vectorized sum is out of scope at once (no early exit), and the
    vectorized early-exit find_table is checked (a verdict, not skipped)."""
    c = tmp_path / "ee.c"
    c.write_text(EE_C)
    args = ("--", "-passes=loop-vectorize", "-force-vector-width=4")
    r = cli("opt", str(c), "--json", *args)
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    from tests.test_json_schema import VALIDATOR

    assert all(VALIDATOR.is_valid(x) for x in recs), recs
    by = {(x["record"], x["model"]): x for x in recs}
    assert "potentially faulting load" in by[("remark", "find")]["remark"] and by[("remark", "find")]["line"] == 8
    assert by[("skipped", "sum")]["reason"].startswith("out of scope: its loop has no early exit")
    assert ("verdict", "find_table -> find_table") in by and ("remark", "find_table") not in by
    assert not any(x["record"] == "verdict" and x["model"].startswith("sum") for x in recs)
    text = cli("opt", str(c), *args).stdout
    assert "left alone by the loop vectorizer" in text and "find at line 8: loop not vectorized" in text


SUM_THEN_FIND_C = """int table[64];
int sum_then_find(const int *a, int n, int x) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  int t = 0;
  for (int i = 0; i < 64; i++) {
    if (table[i] == x) return s + t;
    t += table[i];
  }
  return -1;
}
"""


@pytest.mark.skipif(not (HAS_OPT and HAS_CLANG), reason="clang-22 and opt-22 are not installed")
def test_a_function_whose_vectorized_loop_exits_on_a_count_is_out_of_scope_at_once(tmp_path: Path) -> None:
    """The sum is vectorized, the early-exit loop (a reduction in it) left alone: the
    function changed, but no vectorized loop exits on data. Named out of scope with
    LLVM's reason for the loop it left, not checked for a minute to end unknown."""
    c = tmp_path / "stf.c"
    c.write_text(SUM_THEN_FIND_C)
    r = cli("opt", str(c), "--json", "--", "-passes=loop-vectorize", "-force-vector-width=4")
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    skipped = [x for x in recs if x["record"] == "skipped" and x["model"] == "sum_then_find"]
    assert skipped and "exit on a count only" in skipped[0]["reason"], recs
    assert "loop not vectorized" in skipped[0]["reason"]
    assert not any(x["record"] == "verdict" for x in recs)


@pytest.mark.skipif(not HAS_OPT, reason="opt-22 is not installed")
def test_a_loop_llvm_leaves_alone_points_to_the_commands_that_answer_for_it() -> None:
    src = LLVM / "corpus" / "c_skip_spaces.scalar.ll"
    r = cli("opt", str(src))
    assert "left alone by the loop vectorizer" in r.stdout, r.stdout + r.stderr
    assert f"verifier check {src} --func c_skip_spaces" in r.stdout
    assert f"verifier vectorize {src} --func c_skip_spaces --emit-llvm" in r.stdout


@pytest.mark.skipif(not (HAS_OPT and HAS_CLANG), reason="clang-22 and opt-22 are not installed")
def test_a_loop_clang_turned_into_a_library_call_is_listed_with_that_reason(tmp_path: Path) -> None:
    src = tmp_path / "idiom.c"
    src.write_text("#include <stddef.h>\nsize_t my_strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }\n"
                   "void zero(int *a, int n) { for (int i = 0; i < n; i++) a[i] = 0; }\n")
    r = cli("opt", str(src))
    assert "loops clang turned into library calls" in r.stdout, r.stdout + r.stderr
    assert "my_strlen: calls strlen" in r.stdout and "zero: calls memset" in r.stdout
