"""`verifier scan`: a project's compile commands read (CMake's and Bear's database,
or files with flags), its loops that exit on data found in LLVM's module, each
checked, and the reports. The parts that need no LLVM (the database, the loop
census on a written module, the reasons' grouping) run everywhere; the scans
themselves where clang-22, opt-22 and llvm-extract-22 are installed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import cli
from verifier.errors import UserError
from verifier.reports.scan import reason_key
from verifier.scan.compdb import CompileUnit, clang_args, read_database, units_of

HAS_LLVM = all(shutil.which(t) for t in ("clang-22", "opt-22", "llvm-extract-22"))
needs_llvm = pytest.mark.skipif(not HAS_LLVM, reason="clang-22, opt-22 and llvm-extract-22 are not installed")

SEARCHES = """\
int find_static(const int a[static 64], int x) {
  for (int i = 0; i < 64; i++)
    if (a[i] == x) return i;
  return -1;
}
int find_any(const int *a, int n, int x) {
  for (int i = 0; i < n; i++)
    if (a[i] == x) return i;
  return -1;
}
int sum(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
"""

WALKS = """\
struct node { struct node *next; int v; };
int length(const struct node *p) { int n = 0; while (p) { p = p->next; n++; } return n; }
int copy_until_zero(int dst[static 128], const int src[static 128]) {
  for (int i = 0; i < 128; i++) {
    dst[i] = src[i];
    if (!src[i]) return i;
  }
  return -1;
}
"""


def _project(tmp_path: Path, **files: str) -> Path:
    """A project of C files and a compilation database with a command per file."""
    entries = []
    for name, text in files.items():
        (tmp_path / f"{name}.c").write_text(text)
        entries.append({"directory": str(tmp_path), "file": f"{name}.c",
                        "command": f"cc -O2 -Werror -MD -MF {name}.d -c {name}.c -o {name}.o"})
    (tmp_path / "compile_commands.json").write_text(json.dumps(entries, indent=1))
    return tmp_path


# ---------------------------------------------------------------- the database


def test_a_database_gives_each_file_its_flags(tmp_path: Path) -> None:
    (tmp_path / "a.c").write_text("")
    (tmp_path / "b.cpp").write_text("")
    db = tmp_path / "compile_commands.json"
    db.write_text(json.dumps([
        {"directory": str(tmp_path), "file": "a.c",
         "arguments": ["cc", "-DX=1", "-Iinc", "-O3", "-g", "-c", "a.c", "-o", "a.o", "-MF", "a.d"]},
        {"directory": str(tmp_path), "file": "b.cpp", "command": "c++ -std=c++20 -march=x86-64-v3 -c b.cpp"},
        {"directory": str(tmp_path), "file": "a.c", "command": "cc -O0 -c a.c"},  # a second configuration
        {"directory": str(tmp_path), "file": "start.S", "command": "cc -c start.S"},  # not C
    ]))
    units = read_database(db)
    assert [u.file.name for u in units] == ["a.c", "b.cpp", "a.c"]
    assert units[0].flags == ("-DX=1", "-Iinc", "-O3")
    assert units[1].flags == ("-std=c++20", "-march=x86-64-v3")
    assert [u.file.name for u in units_of([tmp_path], [])] == ["a.c", "b.cpp"]  # each file once


def test_a_build_that_does_not_optimise_is_compiled_at_O2() -> None:
    flags, note = clang_args(CompileUnit(Path("/p/a.c"), Path("/p"), ("-O0", "-DX")))
    assert flags[0] == "-O2" and "-DX" in flags and "-O0" not in flags
    assert note is not None and "-O0" in note
    flags, note = clang_args(CompileUnit(Path("/p/a.c"), Path("/p"), ("-Os",)))
    assert flags[0] == "-Os" and note is None


def test_a_broken_database_names_file_line_and_column(tmp_path: Path) -> None:
    db = tmp_path / "compile_commands.json"
    db.write_text('[\n  {"directory": "/x", "file": "a.c",\n   "arguments": ["cc" "a.c"]}\n]\n')
    with pytest.raises(UserError) as e:
        read_database(db)
    assert e.value.loc is not None and (e.value.loc.line, e.value.loc.col) == (3, 23)
    db.write_text('[\n  {"directory": "/x", "file": "a.c", "arguments": ["cc"]},\n  {"file": "b.c"}\n]\n')
    with pytest.raises(UserError) as e:
        read_database(db)
    assert "compile command 2" in e.value.message and e.value.loc is not None and e.value.loc.line == 3


def test_the_command_line_says_what_a_scan_reads(tmp_path: Path) -> None:
    r = cli("scan", str(tmp_path))
    assert r.returncode == 2 and "no compile_commands.json here" in r.stderr and "Traceback" not in r.stderr
    (tmp_path / "notes.txt").write_text("")
    r = cli("scan", str(tmp_path / "notes.txt"))
    assert r.returncode == 2 and "expected a compile_commands.json" in r.stderr
    (tmp_path / "compile_commands.json").write_text("{")
    r = cli("scan", str(tmp_path))
    assert r.returncode == 2 and "compile_commands.json:1:2" in r.stderr and "malformed JSON" in r.stderr


# ---------------------------------------------------------------- which loops are asked about

CENSUS = """\
define i32 @find(ptr %a, i64 %n, i32 %x) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %hit = icmp eq i32 %v, %x
  br i1 %hit, label %found, label %next
next:
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done
found:
  ret i32 1
done:
  ret i32 0
}

define i32 @sum(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %s1 = add i32 %s, %v
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret i32 %s1
}

define i32 @length(ptr %p0) {
entry:
  br label %loop
loop:
  %p = phi ptr [ %p0, %entry ], [ %next, %loop ]
  %n = phi i32 [ 0, %entry ], [ %n1, %loop ]
  %next = load ptr, ptr %p
  %n1 = add i32 %n, 1
  %end = icmp eq ptr %next, null
  br i1 %end, label %done, label %loop
done:
  ret i32 %n1
}

define i32 @none(i32 %x) {
  ret i32 %x
}

declare i32 @next_record(ptr)

declare i32 @peek(ptr) #1

define i32 @drain(ptr %s) {
entry:
  br label %loop
loop:
  %r = call i32 @next_record(ptr %s)
  %more = icmp sgt i32 %r, 0
  br i1 %more, label %loop, label %done
done:
  ret i32 %r
}

define i32 @scan(ptr %s) {
entry:
  br label %loop
loop:
  %r = call i32 @peek(ptr %s)
  %more = icmp sgt i32 %r, 0
  br i1 %more, label %loop, label %done
done:
  ret i32 %r
}

define i32 @drain_pure(ptr %s) {
entry:
  br label %loop
loop:
  %r = call i32 @next_record(ptr %s) #0
  %more = icmp sgt i32 %r, 0
  br i1 %more, label %loop, label %done
done:
  ret i32 %r
}

attributes #0 = { nounwind willreturn memory(read) }
attributes #1 = { nounwind willreturn memory(argmem: read) }
"""


def test_the_census_finds_the_loops_that_exit_on_data() -> None:
    import llvmlite.binding as llvm

    from verifier.frontend.llvm.text import attribute_groups
    from verifier.scan.loops import LoopCensus, census

    mod = llvm.parse_assembly(CENSUS)
    groups = attribute_groups(CENSUS.splitlines())
    got = {f.name: census(f, groups) for f in mod.functions if not f.is_declaration}
    assert got == {"find": LoopCensus(1, 1, 0),  # a[i] == x: on data
                   "sum": LoopCensus(1, 0, 0),  # i < n alone: countable
                   "length": LoopCensus(1, 0, 1),  # p = p->next: walks a linked structure
                   "none": LoopCensus(0, 0, 0),
                   # a call that may write memory or not return: no vector iteration makes it for lanes ahead
                   "drain": LoopCensus(1, 0, 0, 1),
                   "scan": LoopCensus(1, 1, 0, 0),  # a call that only reads and returns: in scope
                   "drain_pure": LoopCensus(1, 1, 0, 0)}  # the call site narrows what the callee may do


VECTOR_LOOPS = """\
define i1 @any_of(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %p = getelementptr i32, ptr %a, i64 %i
  %v = load <4 x i32>, ptr %p
  %hit = icmp eq <4 x i32> %v, zeroinitializer
  %any = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %hit)
  br i1 %any, label %found, label %next
next:
  %i1 = add i64 %i, 4
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done
found:
  ret i1 1
done:
  ret i1 0
}

define void @copy(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr i32, ptr %a, i64 %i
  %q = getelementptr i32, ptr %b, i64 %i
  %v = load <4 x i32>, ptr %p
  store <4 x i32> %v, ptr %q
  %i1 = add i64 %i, 4
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>)
"""


def test_a_vectorized_early_exit_is_told_from_a_loop_vectorized_on_a_count() -> None:
    import llvmlite.binding as llvm

    from verifier.scan.loops import exits_on_vectors

    mod = llvm.parse_assembly(VECTOR_LOOPS)
    assert exits_on_vectors(mod.get_function("any_of"))
    assert not exits_on_vectors(mod.get_function("copy"))  # vector lanes, but it leaves on its count


def test_unknowns_are_grouped_by_what_they_say_not_where() -> None:
    a = reason_key("cJSON.c:1401:16 (inlined from cJSON.c:310:20): unsupported: a store of ptr")
    b = reason_key("zlib.c:7:1: unsupported: a store of ptr")
    assert a == b == "unsupported: a store of ptr"
    assert reason_key("the emitter writes no general form here: the loop carries %v4 (line 25)") == \
        reason_key("the emitter writes no general form here: the loop carries %v11 (line 9)")
    assert reason_key("x" * 300).endswith("...") and len(reason_key("x" * 300)) <= 90


# ---------------------------------------------------------------- scans (LLVM installed)


@needs_llvm
def test_a_scan_validates_what_llvm_vectorized_and_judges_what_it_left(tmp_path: Path) -> None:
    home = _project(tmp_path, searches=SEARCHES)
    r = cli("scan", str(home), "--no-forms", "--json", "-q")
    assert r.returncode == 1, r.stderr  # LLVM's output of find_static is refuted under LangRef's cttz.elts
    records = [json.loads(line) for line in r.stdout.splitlines()]
    loops = {x["function"]: x for x in records if x["record"] == "scan-loop"}
    assert set(loops) == {"find_static", "find_any"}  # sum exits on a count only
    static, anywhere = loops["find_static"], loops["find_any"]
    assert static["llvm"] == "vectorized" and static["line"] == 2
    assert static["answers"]["validation"]["verdict"] == "counterexample"
    # the cttz.elts finding: proved under LLVM's code-generation reading
    assert static["answers"]["validation, first-true"]["verdict"] == "proved"
    assert anywhere["llvm"] == "left alone" and "faulting load" in anywhere["remark"]
    assert anywhere["answers"]["speculation"]["verdict"] == "counterexample"
    unit = next(x for x in records if x["record"] == "scan-unit")
    assert unit["functions"] == 3 and unit["early_exit_loops"] == 2 and unit["error"] is None
    # with the forms asked: not of a loop whose speculation is refuted (both compute its exits for VF lanes)
    r = cli("scan", str(home), "--json", "-q")
    loops = {x["function"]: x for x in map(json.loads, r.stdout.splitlines()) if x["record"] == "scan-loop"}
    assert loops["find_any"]["forms_skipped"] and set(loops["find_any"]["answers"]) == {"speculation"}
    assert not loops["find_static"]["forms_skipped"]
    # under LLVM's reading the validated loop is proved: nothing LLVM did is refuted
    r = cli("scan", str(home), "--no-forms", "-q", "--cttz-elts", "first-true")
    assert r.returncode == 0, r.stdout
    assert "LLVM vectorized 1: validation 1 proved, 0 counterexample, 0 unknown" in r.stdout


@needs_llvm
def test_a_scan_counts_linked_walks_apart_and_writes_sarif(tmp_path: Path) -> None:
    home = _project(tmp_path, walks=WALKS, searches=SEARCHES)
    sarif = tmp_path / "scan.sarif"
    r = cli("scan", str(home / "compile_commands.json"), "--no-forms", "-q", "--sarif", str(sarif))
    assert r.returncode == 1, r.stderr
    assert "1 whose loops exit on data only while walking a linked structure" in r.stdout
    assert "copy_until_zero" in r.stdout and "length " not in r.stdout
    results = json.loads(sarif.read_text())["runs"][0]["results"]
    # the one alert: LLVM's output refuted (a loop LLVM left alone is no alert)
    assert len(results) == 1 and results[0]["level"] == "error"
    place = results[0]["locations"][0]["physicalLocation"]
    assert place["artifactLocation"]["uri"] == "searches.c"


@pytest.mark.slow
@needs_llvm
def test_a_second_scan_of_an_unchanged_project_takes_its_answers_from_the_cache(tmp_path: Path) -> None:
    home = _project(tmp_path, walks=WALKS)
    first = cli("scan", str(home), "--json", "-q", "--timeout", "10")
    again = cli("scan", str(home), "--json", "-q", "--timeout", "10")
    assert first.returncode == again.returncode == 0, first.stderr

    def answers(out: str) -> list[dict[str, object]]:
        return [a for line in out.splitlines() if (x := json.loads(line))["record"] == "scan-loop"
                for a in x["answers"].values()]

    a, b = answers(first.stdout), answers(again.stdout)
    assert [x["verdict"] for x in a] == [x["verdict"] for x in b] and len(a) == 3  # speculation, general, simple
    assert not any(x["cached"] for x in a) and all(x["cached"] for x in b)
    # our forms of copy_until_zero are refuted: dst and src may overlap
    assert [x["verdict"] for x in a][1:] == ["counterexample", "counterexample"]


@needs_llvm
def test_a_unit_clang_refuses_is_reported_and_the_rest_scanned(tmp_path: Path) -> None:
    home = _project(tmp_path, searches=SEARCHES, broken="int f( {\n")
    r = cli("scan", str(home), "--no-forms", "-q")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "broken.c: not compiled:" in r.stdout and "1 unit(s) not compiled" in r.stdout
    assert "find_static" in r.stdout


@needs_llvm
def test_files_given_alone_take_the_flags_after_the_dashes(tmp_path: Path) -> None:
    f = tmp_path / "searches.c"
    f.write_text("#ifndef N\n#error N is not defined\n#endif\n" + SEARCHES.replace("64", "N"))
    r = cli("scan", str(f), "--no-forms", "-q", "--", "-O1", "-DN=64")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "1 unit(s) compiled at -O2 (the project's -O1 runs no loop vectorizer)" in r.stdout
    assert "find_static" in r.stdout and "vectorized" in r.stdout
    r = cli("scan", str(f), "--no-forms", "-q")  # without the define, clang refuses it: no file compiled
    assert r.returncode == 2 and "clang compiled no file" in r.stderr and "N is not defined" in r.stderr


def test_a_scan_s_progress_counts_verdicts_not_expectations() -> None:
    import io

    from verifier.reports.progress import SuiteProgress
    from verifier.suite import Outcome

    out = io.StringIO()
    p = SuiteProgress(2, stream=out, expected=False)
    p.finished(1, 2, Outcome("t.c:3 f (speculation)", "t.c", 3, "speculate", "proved", "counterexample", 0.5))
    p.finished(2, 2, Outcome("t.c:3 f (general)", "t.c", 3, "equiv", "proved", "proved", 0.5, cached=True))
    assert out.getvalue().splitlines() == ["[1/2] t.c:3 f (speculation): counterexample (0.50s)",
                                           "[2/2] t.c:3 f (general): proved (cached) (0.50s)"]
    assert p.counts == {"proved": 1, "counterexample": 1, "unknown": 0, "error": 0}


def test_a_database_nested_too_deeply_is_a_clear_error(tmp_path: Path) -> None:
    db = tmp_path / "compile_commands.json"
    db.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(UserError) as e:
        read_database(db)
    assert "nested too deeply" in e.value.message and e.value.loc is not None and e.value.loc.line == 1


@needs_llvm
def test_loops_clang_made_library_calls_and_loops_in_headers_are_said_so(tmp_path: Path) -> None:
    (tmp_path / "idiom.c").write_text("int length(const int *a) { int i = 0; while (a[i]) i++; return i; }\n")
    (tmp_path / "find.cpp").write_text("#include <algorithm>\n"
                                       "long where(const int *a, int n, int x) { return std::find(a, a + n, x) - a; }\n")
    r = cli("scan", str(tmp_path / "idiom.c"), str(tmp_path / "find.cpp"), "--no-forms", "-q", "--", "-O2")
    assert "Traceback" not in r.stderr, r.stderr
    # wcslen: clang's loop idiom pass left no loop for the vectorizer
    assert "1 whose loop clang turned into a library call" in r.stdout, r.stdout
    # std::find's loop is in a libstdc++ header: not shown at a line of find.cpp it is not on
    row = next(line for line in r.stdout.splitlines() if "where(" in line)
    assert row.split()[0].endswith("/find.cpp"), row  # no line: the loop is not on one of find.cpp
