"""Loop nests (issue 43): an early-exit inner loop inside an outer loop is checked one
outer iteration at a time (transforms/outer_iteration.py, checks/nested.py). The
fixtures in models/llvm/nested/ are C loops as clang-22 and opt-22 read and
vectorize them (regenerate.sh); each mutant below is one edit of such an output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, cli
from verifier.analysis.loops import NestedLoop, every_loop, find_loops, loop_nest
from verifier.frontend.llvm import parse_ll_file
from verifier.frontend.llvm.module import read_ll_file
from verifier.frontend.read import LoopNest
from verifier.frontend.unsupported import NestedLoops
from verifier.ir.program import Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run, RunStatus, run
from verifier.semantics.ops import Val
from verifier.transforms.outer_iteration import (
    CONTINUES,
    MARK,
    PICK,
    NoIteration,
    next_out,
    outer_iteration,
    outer_prefix,
    state_params,
)

NESTED = MODELS / "llvm" / "nested"


def nested(path: Path) -> Program:
    """The function of `path` as the front end reads it, loops nested."""
    read = read_ll_file(path)
    assert isinstance(read, LoopNest)
    with pytest.raises(NestedLoops):  # to a caller that takes one loop, unsupported
        parse_ll_file(path)
    return read.source


def write_edit(tmp_path: Path, src: Path, old: str, new: str) -> Path:
    """`src` with one edit (which must apply once), written under tmp_path."""
    text = src.read_text()
    assert text.count(old) == 1, old
    out = tmp_path / src.name
    out.write_text(text.replace(old, new))
    return out


def test_the_loop_tree_of_a_nest_names_the_outer_loop_and_the_one_inside() -> None:
    prog = nested(NESTED / "index_all.scalar.ll")
    with pytest.raises(NestedLoop):
        find_loops(prog)
    [outer] = loop_nest(prog)
    assert outer.depth == 2 and len(outer.latches) == 1
    [inner] = outer.inner
    assert inner.blocks < outer.blocks and inner.depth == 1
    loops = every_loop(prog)  # outer first: a block's iteration is its innermost loop's
    assert [lp.header for lp in loops] == [outer.header, inner.header]


def test_the_iteration_program_takes_the_outer_state_and_writes_the_next_one() -> None:
    prog = nested(NESTED / "count_known.scalar.ll")
    it, outer = outer_iteration(prog)
    assert len(outer.carried) == 2  # the key's index and the count of hits
    names = [p.name for p in it.params]
    assert names[:5] == [PICK, *state_params(0), *state_params(1)]
    assert set(it.out_names()) >= {next_out(0), next_out(1), CONTINUES, "ret"}
    assert len(find_loops(it)) == 1  # the inner loop, now the program's own
    assert all(len(ph.incoming) == 1 for ph in it.blocks[outer.header].phis)
    first, _ = outer_iteration(prog, first=True, source=True)
    assert PICK not in {p.name for p in first.params}


def _inputs(prog: Program, n: int, contents: dict[str, list[int]]) -> Inputs:
    """Inputs of a fixture function: `n` for its integer parameter, each pointer's object
    `contents` (its bytes sized to fit, at its own aligned address), no aliasing."""
    params: dict[str, int] = {}
    arrays: dict[str, list[int | None]] = {}
    for k, p in enumerate(prog.params):
        base = p.name.split(".")[0]
        if p.name.endswith(".bytes"):
            arrays[base] = list(contents.get(base, []))
            params[p.name] = len(arrays[base]) * prog.array(base).elem.bits // 8
        elif p.name.endswith(".addr"):
            params[p.name] = (k + 1) << 16
        elif p.name.endswith((".poison", ".null")):
            params[p.name] = 0
        else:
            params[p.name] = n
    for a in prog.arrays:
        if a.name in contents and a.name not in arrays:
            arrays[a.name] = list(contents[a.name])
    return Inputs(params=params, arrays=arrays)


def _chained(prog: Program, inputs: Inputs, ranges: bool = False) -> tuple[Run, int]:
    """The function run as its iteration programs chained: the first from the loop's
    start, each next one from the state and memory the last one left (`ranges`: as
    outer_iteration takes it). The last run, and how many ran."""
    it, outer = outer_iteration(prog, ranges=ranges)
    inp = Inputs(params={**inputs.params, PICK: 0}, arrays=dict(inputs.arrays))
    for count in range(1, 100):
        r = run(it, inp)
        went_on = r.outs.get(CONTINUES)
        if r.status is not RunStatus.OK or not (isinstance(went_on, Val) and went_on.v == 1):
            return r, count
        params = {**inputs.params, PICK: 1}
        for i, _ in enumerate(outer.carried):
            v = r.outs[next_out(i)]
            assert isinstance(v, Val)
            params[state_params(i)[0]], params[state_params(i)[1]] = v.v, int(bool(v.p))
        arrays: dict[str, list[int | None]] = {}
        for a in it.arrays:
            view = r.memory[a.name]
            arrays[a.name] = [None if p else v for v, p in view.prefix(len(inputs.arrays.get(a.name, [])))]
        inp = Inputs(params=params, arrays=arrays)
    raise AssertionError("the chain did not end")


def _same_run(whole: Run, last: Run, prog: Program) -> None:
    assert whole.status is last.status is RunStatus.OK
    assert [e for e in whole.trace] == [e for e in last.trace if e.callee != MARK]
    outs = {k: v for k, v in last.outs.items() if not k.startswith("outer.")}
    assert whole.outs == outs
    for a in prog.arrays:
        assert whole.memory[a.name].prefix(64) == last.memory[a.name].prefix(64)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(0, 5), keys=st.lists(st.integers(0, 3), min_size=5, max_size=5),
       table=st.lists(st.integers(0, 5), min_size=64, max_size=64))
@pytest.mark.slow
def test_the_iteration_programs_chained_run_as_the_function_runs(n: int, keys: list[int], table: list[int]) -> None:
    """The lemma the proofs rest on: from each iteration's state, the iteration program
    does what the function's iteration does, the last one ending as the function."""
    for name, objs in (("index_all", {"v0": keys, "v1": [0] * 5, "tab": table}),
                       ("count_known", {"v0": keys, "known": table[:32]}),
                       ("first_key_found", {"v0": keys, "table": table + table})):
        prog = nested(NESTED / f"{name}.scalar.ll")
        inputs = _inputs(prog, n, objs)
        whole = run(prog, inputs)
        last, count = _chained(prog, inputs)
        _same_run(whole, last, prog)
        if name == "index_all":
            assert count == max(n, 1)  # n = 0 leaves before the loop: one program run
            assert [whole.memory["v1"][j][0] for j in range(n)] == \
                [table.index(k) if k in table else 64 for k in keys[:n]]


@settings(max_examples=20, deadline=None)
@given(n=st.integers(0, 4), keys=st.lists(st.integers(0, 3), min_size=4, max_size=4),
       table=st.lists(st.integers(0, 5), min_size=64, max_size=64), k=st.integers(1, 3))
def test_the_peeled_outer_iterations_run_as_the_function_runs(n: int, keys: list[int], table: list[int],
                                                               k: int) -> None:
    """outer_prefix is the function on runs that leave the outer loop within k
    iterations; a longer run of a target ends going on (outer.continues = 1), of a
    source in UB."""
    for name, objs in (("index_all", {"v0": keys, "v1": [0] * 4, "tab": table}),
                       ("count_known", {"v0": keys, "known": table[:32]})):
        prog = nested(NESTED / f"{name}.scalar.ll")
        [outer] = loop_nest(prog)
        inputs = _inputs(prog, n, objs)
        whole = run(prog, inputs)
        tgt, src = run(outer_prefix(prog, k, source=False), inputs), run(outer_prefix(prog, k, source=True), inputs)
        if whole.iterations.get(outer.header, 0) <= k:
            _same_run(whole, tgt, prog)
            _same_run(whole, src, prog)
        else:
            assert tgt.outs[CONTINUES] == Val(1, False, False)
            assert src.status is RunStatus.UB


@pytest.mark.slow
def test_an_early_exit_inner_loop_as_llvm_vectorizes_it_is_proved_for_every_outer_iteration() -> None:
    for name in ("index_all", "first_key_found"):
        for vec in ("vec", "vf4"):
            r = cli("equiv", str(NESTED / f"{name}.scalar.ll"), str(NESTED / f"{name}.{vec}.ll"),
                    "--cttz-elts", "first-true", "--json")
            assert r.returncode == 0, r.stdout + r.stderr
            v = json.loads(r.stdout.splitlines()[-1])
            assert v["verdict"] == "proved" and v["coverage"]["unbounded"]
            assert v["coverage"]["outer_loop"].startswith("every iteration of the outer loop at %")


def test_a_target_whose_inner_loop_is_gone_is_cut_at_the_same_outer_loop() -> None:
    """LLVM turns span_of's 16-iteration inner loop into one vector iteration: the
    target's outer loop holds no loop, and is cut like the source's."""
    r = cli("equiv", str(NESTED / "libc_nested.scalar.ll"), str(NESTED / "libc_nested.vec.ll"), "--func", "span_of",
            "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout)["coverage"]["outer_loop"].startswith("every iteration of the outer loop at %5")


@pytest.mark.slow
def test_the_unfrozen_cttz_elts_mask_is_refuted_in_the_first_outer_iteration() -> None:
    """Under the any-poison reading of cttz.elts, LLVM's index of the exiting lane is
    poison where a later lane is (the finding of the single-loop fixtures): found in a
    whole run, the outer loop's first iteration."""
    r = cli("equiv", str(NESTED / "index_all.scalar.ll"), str(NESTED / "index_all.vf4.ll"), "--json")
    assert r.returncode == 1, r.stdout + r.stderr
    v = json.loads(r.stdout.splitlines()[-1])
    assert v["verdict"] == "counterexample"
    assert v["coverage"]["outer_loop"].startswith("the first iteration of the outer loop")


@pytest.mark.slow
def test_a_wrong_exit_lane_in_the_vectorized_inner_loop_is_refuted(tmp_path: Path) -> None:
    bad = write_edit(tmp_path, NESTED / "index_all.vf4.ll", "%18 = add i64 %index, %17", "%18 = add i64 %index.next, %17")
    r = cli("equiv", str(NESTED / "index_all.scalar.ll"), str(bad), "--cttz-elts", "first-true")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "loop nest: found in the first iteration of the outer loop at %7, a whole run" in r.stdout


@pytest.mark.slow
def test_a_wrong_outer_step_is_refuted_in_a_run_of_two_outer_iterations(tmp_path: Path) -> None:
    """The target's outer loop steps by 2. The first outer iteration shows nothing in
    whole runs (the source leaves the loop where the target does not go on only after
    it); the first two, peeled, do: the target's second iteration reads past the keys."""
    bad = write_edit(tmp_path, NESTED / "index_all.vf4.ll", "%27 = add nuw nsw i64 %8, 1", "%27 = add nuw nsw i64 %8, 2")
    r = cli("equiv", str(NESTED / "index_all.scalar.ll"), str(bad), "--cttz-elts", "first-true")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "loop nest: found in the first 2 iterations of the outer loop at %7" in r.stdout


@pytest.mark.slow
def test_a_bug_of_a_late_outer_iteration_is_unknown_not_proved(tmp_path: Path) -> None:
    """The target stores key 7's index one slot off, from the seventh outer iteration
    on: wrong, but in no run of three outer iterations, the most that are followed. No
    proof (the iteration programs differ from such a state) and no counterexample."""
    late = ("%late = icmp ugt i64 %8, 5\n  %off = add i64 %8, 1\n  %slot = select i1 %late, i64 %off, i64 %8\n"
            "  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %slot")
    bad = write_edit(tmp_path, NESTED / "index_all.vf4.ll", "%26 = getelementptr inbounds nuw i32, ptr %1, i64 %8",
                     late)
    # (inner runs of up to 4 iterations: the outer iterations followed do not depend on
    # the inner bound, and the whole runs' checks take a tenth of the default's time)
    r = cli("equiv", str(NESTED / "index_all.scalar.ll"), str(bad), "--cttz-elts", "first-true", "--max-trip", "4")
    assert r.returncode == 3, r.stdout + r.stderr
    assert "no run was shown to reach (the first 3 iterations" in r.stdout


@pytest.mark.slow
def test_legality_of_a_nested_inner_loop_holds_from_any_outer_state_or_fails_in_a_whole_run() -> None:
    ok = cli("check", str(NESTED / "index_all.scalar.ll"), "--check", "speculate", "--json")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert json.loads(ok.stdout.splitlines()[-1])["coverage"]["outer_loop"].startswith("every iteration")
    # rows of unknown length: reading 4 bytes of a row past its NUL may leave the object
    bad = cli("check", str(NESTED / "row_lengths.scalar.ll"), "--check", "speculate")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "speculating C1" in bad.stdout and "is unsafe" in bad.stdout
    assert "found in the first iteration of the outer loop" in bad.stdout


@pytest.mark.parametrize(("name", "why"), [("store_before", "a store before the outer loop"),
                                           ("three_deep", "loops nested three deep")])
def test_a_nest_the_iteration_programs_cannot_stand_for_is_unknown_naming_why(name: str, why: str) -> None:
    scalar = NESTED / f"{name}.scalar.ll"
    with pytest.raises(NoIteration, match=why):
        outer_iteration(nested(scalar))
    r = cli("check", str(scalar), "--check", "speculate")
    assert r.returncode == 3 and "a nested loop (at block %" in r.stdout and why in r.stdout, r.stdout + r.stderr


NEVER_AGAIN = """declare void @fill(ptr, i64)

define i64 @f(i64 noundef %n) {
entry:
  %buf = alloca [256 x i8]
  call void @fill(ptr %buf, i64 256)
  br label %rows

rows:
  %row = phi i64 [ 0, %entry ], [ %row.next, %rows.latch ]
  %hits = phi i64 [ 0, %entry ], [ %hits.next, %rows.latch ]
  br label %once

once:
  br label %scan

scan:
  %c = phi i64 [ 0, %once ], [ %c.next, %scan.latch ]
  %at = getelementptr inbounds i8, ptr %buf, i64 %c
  %b = load i8, ptr %at, align 1
  %zero = icmp eq i8 %b, 0
  br i1 %zero, label %found, label %scan.latch

scan.latch:
  %c.next = add nuw nsw i64 %c, 1
  %more = icmp ult i64 %c.next, 256
  br i1 %more, label %scan, label %scanned

scanned:
  br i1 false, label %once, label %rows.latch

found:
  br label %rows.latch

rows.latch:
  %t = phi i64 [ 0, %scanned ], [ 1, %found ]
  %hits.next = add i64 %hits, %t
  %row.next = add nuw i64 %row, 1
  %go = icmp ult i64 %row.next, %n
  br i1 %go, label %rows, label %done

done:
  ret i64 %hits.next
}
"""


def test_a_back_edge_never_taken_makes_no_loop(tmp_path: Path) -> None:
    """`br i1 false` to a header (LLVM's tests write such a loop around an inner one)
    is a jump: the nest is two deep, not three, and checked."""
    f = tmp_path / "never_again.ll"
    f.write_text(NEVER_AGAIN)
    [outer] = loop_nest(nested(f))
    assert outer.depth == 2 and [q.header for q in outer.inner] == ["scan"]
    r = cli("check", str(f), "--check", "speculate", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["coverage"]["outer_loop"].startswith("every iteration")


def test_a_loop_after_the_nest_is_code_after_it(tmp_path: Path) -> None:
    """Loops beside the nest that hold none stay in the iteration program, where they
    run as the code before or after the outer loop does."""
    text = NEVER_AGAIN.replace("done:\n  ret i64 %hits.next", """done:
  br label %tail

tail:
  %k = phi i64 [ %hits.next, %done ], [ %k.next, %tail ]
  %k.next = lshr i64 %k, 1
  %k.more = icmp ne i64 %k.next, 0
  br i1 %k.more, label %tail, label %end

end:
  ret i64 %k""")
    f = tmp_path / "nest_then_loop.ll"
    f.write_text(text)
    prog = nested(f)
    assert [n.depth for n in loop_nest(prog)] == [2, 1]
    it, outer = outer_iteration(prog)
    assert outer.header == "rows" and [lp.header for lp in find_loops(it)] == ["scan", "tail"]
    r = cli("equiv", str(f), str(f), "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["coverage"]["outer_loop"].startswith("every iteration")


TWO_BACK_EDGES = """define i64 @g(ptr noundef dereferenceable(256) %buf, ptr noundef %skip, i64 noundef %n) {
entry:
  br label %rows

rows:
  %row = phi i64 [ 0, %entry ], [ %row.next, %skipped ], [ %row.next, %rows.latch ]
  %hits = phi i64 [ 0, %entry ], [ %hits, %skipped ], [ %hits.next, %rows.latch ]
  %row.next = add nuw i64 %row, 1
  %s.at = getelementptr inbounds i8, ptr %skip, i64 %row
  %s = load i8, ptr %s.at, align 1
  %s.on = icmp ne i8 %s, 0
  br i1 %s.on, label %skipped, label %scan

skipped:
  %go.s = icmp ult i64 %row.next, %n
  br i1 %go.s, label %rows, label %done

scan:
  %c = phi i64 [ 0, %rows ], [ %c.next, %scan.latch ]
  %at = getelementptr inbounds i8, ptr %buf, i64 %c
  %b = load i8, ptr %at, align 1
  %zero = icmp eq i8 %b, 0
  br i1 %zero, label %found, label %scan.latch

scan.latch:
  %c.next = add nuw nsw i64 %c, 1
  %more = icmp ult i64 %c.next, 256
  br i1 %more, label %scan, label %rows.latch

found:
  br label %rows.latch

rows.latch:
  %t = phi i64 [ 0, %scan.latch ], [ 1, %found ]
  %hits.next = add i64 %hits, %t
  %go = icmp ult i64 %row.next, %n
  br i1 %go, label %rows, label %done

done:
  %r = phi i64 [ %hits, %skipped ], [ %hits.next, %rows.latch ]
  ret i64 %r
}
"""


@settings(max_examples=30, deadline=None)
@given(n=st.integers(0, 5), skip=st.lists(st.integers(0, 1), min_size=6, max_size=6),
       buf=st.lists(st.integers(0, 2), min_size=256, max_size=256), k=st.integers(1, 3))
def test_an_outer_loop_with_two_back_edges_is_cut_at_both(tmp_path_factory: pytest.TempPathFactory, n: int,
                                                         skip: list[int], buf: list[int], k: int) -> None:
    """Rows marked in `skip` go back to the header by their own edge: each back edge
    writes its own next state, and the iteration programs chained, or the first k
    iterations peeled, still run as the function."""
    f = tmp_path_factory.mktemp("nest") / "two_back_edges.ll"
    f.write_text(TWO_BACK_EDGES)
    prog = nested(f)
    [outer] = loop_nest(prog)
    assert len(outer.latches) == 2
    inputs = _inputs(prog, n, {"buf": buf, "skip": skip})
    whole = run(prog, inputs)
    last, _ = _chained(prog, inputs)
    _same_run(whole, last, prog)
    peeled = run(outer_prefix(prog, k, source=False), inputs)
    if whole.iterations.get(outer.header, 0) <= k:
        _same_run(whole, peeled, prog)
    else:
        assert peeled.outs[CONTINUES] == Val(1, False, False)


# ---------------------------------------------------------------- the emitter's forms of a nest

@pytest.mark.parametrize("name", ["first_key_found", pytest.param("count_known", marks=pytest.mark.slow),
                                  pytest.param("diagonal_search", marks=pytest.mark.slow),
                                  pytest.param("index_all", marks=pytest.mark.slow)])
@pytest.mark.parametrize("form", ["general", "simple"])
def test_the_emitter_vectorizes_a_nests_inner_loop_and_it_is_proved_for_every_outer_iteration(
        tmp_path: Path, name: str, form: str) -> None:
    out = tmp_path / "out.ll"
    r = cli("vectorize", str(NESTED / f"{name}.scalar.ll"), "--form", form, "--emit-llvm", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "loop nest: holds for every iteration of the outer loop" in r.stdout
    assert "covers every trip count" in r.stdout
    assert out.read_text().count("vec.header:") == 1  # the inner loop, inside the outer one


@pytest.mark.slow
@pytest.mark.parametrize("edit", [
    # the key splat in vec.ph (each outer iteration's keys[j]) taken as 0
    ("insertelement <4 x i8> poison, i8 %v8.fr, i64 0", "insertelement <4 x i8> poison, i8 0, i64 0"),
    # the inner vector loop started at lane 4 in every outer iteration
    ("%v13.vec = phi i64 [ 0, %vec.ph ]", "%v13.vec = phi i64 [ 4, %vec.ph ]"),
    # the vector exit returning 1, not the outer index (0 in the first outer iteration)
    ("[ %v6, %vec.exit.0 ]", "[ 1, %vec.exit.0 ]"),
], ids=["stale key", "inner start", "exit value"])
def test_a_broken_emitted_nest_form_is_refuted(tmp_path: Path, edit: tuple[str, str]) -> None:
    out = tmp_path / "out.ll"
    src = NESTED / "first_key_found.scalar.ll"
    r = cli("vectorize", str(src), "--form", "general", "--emit-llvm", str(out), "--no-prove")
    assert r.returncode == 0, r.stderr
    r = cli("equiv", str(src), str(write_edit(tmp_path, out, *edit)), "--timeout", "60")
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout + r.stderr


def test_the_emitter_names_the_innermost_loops_when_there_are_two(tmp_path: Path) -> None:
    from verifier.emit.reader import EmitUnsupported
    from verifier.emit.vectorize import emit_form
    from verifier.transforms.vector_loop import Form, ReductionOrder

    src = tmp_path / "two.ll"
    src.write_text("""define i64 @two(i64 %n) {
entry:
  br label %l1
l1:
  %i = phi i64 [ 0, %entry ], [ %i1, %l1 ]
  %i1 = add i64 %i, 1
  %c1 = icmp eq i64 %i1, %n
  br i1 %c1, label %mid, label %l1
mid:
  br label %l2
l2:
  %j = phi i64 [ 0, %mid ], [ %j1, %l2 ]
  %j1 = add i64 %j, 1
  %c2 = icmp eq i64 %j1, %n
  br i1 %c2, label %out, label %l2
out:
  ret i64 %j1
}
""")
    with pytest.raises(EmitUnsupported, match=r"2 innermost loops \(at %l1, %l2\)"):
        emit_form(src, None, Form.GENERAL, 4, ReductionOrder.ORDERED)
