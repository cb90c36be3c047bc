"""Constructs real early-exit loops use (issue 18, items 2 and 6): parameter attributes
that constrain inputs, constant vectors anywhere, shapes outside the subset named as
`unknown` with their line, files that are not UTF-8, and a verdict object for every
obligation. Each on both sides where a verdict is at stake."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import cli
from verifier.checks.refinement import refinement
from verifier.frontend.llvm import LLUnsupported, parse_ll_file, parse_ll_pair
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.smt.budget import Budget


def verdict(tmp_path: Path, src: str, tgt: str, max_trip: int = 4) -> str:
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(tgt)
    return refinement(*parse_ll_pair(a, b), max_trip=max_trip, budget=Budget.of(60)).verdict


def is_zero(attrs: str) -> str:
    return f"""define i32 @f(i64 {attrs} %n) {{
entry:
  %z = icmp eq i64 %n, 0
  %r = zext i1 %z to i32
  ret i32 %r
}}
"""


RET0 = """define i32 @f(i64 {attrs} %n) {{
entry:
  ret i32 0
}}
"""


def test_range_on_a_noundef_parameter_excludes_the_inputs_outside(tmp_path: Path) -> None:
    # with range(1, 32) and noundef, n == 0 is no call of the function: `ret 0` refines it
    attrs = "noundef range(i64 1, 32)"
    assert verdict(tmp_path, is_zero(attrs), RET0.format(attrs=attrs)) == "proved"
    assert verdict(tmp_path, is_zero("noundef"), RET0.format(attrs="noundef")) == "counterexample"
    # a range that admits 0 does not
    attrs = "noundef range(i64 0, 32)"
    assert verdict(tmp_path, is_zero(attrs), RET0.format(attrs=attrs)) == "counterexample"


def test_range_without_noundef_makes_the_value_outside_poison(tmp_path: Path) -> None:
    # n outside [1, 32) is poison, so the source's result is poison there: anything refines
    # it; a target that branches on n there has UB the source does not have
    attrs = "range(i64 1, 32)"
    assert verdict(tmp_path, is_zero(attrs), RET0.format(attrs=attrs)) == "proved"
    branchy = f"""define i32 @f(i64 {attrs} %n) {{
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %a, label %b
a:
  ret i32 1
b:
  ret i32 0
}}
"""
    assert verdict(tmp_path, RET0.format(attrs=attrs), branchy) == "counterexample"


VPHI = """define i64 @f() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = phi <4 x i64> [ <i64 0, i64 1, i64 2, i64 3>, %entry ], [ %v.next, %loop ]
  %v.next = add <4 x i64> %v, splat (i64 4)
  %i.next = add i64 %i, 4
  %c = icmp eq i64 %i.next, 16
  br i1 %c, label %exit, label %loop
exit:
  %r = extractelement <4 x i64> %v, i64 LANE
  ret i64 %r
}
"""


def test_a_vector_phi_with_a_constant_vector_start(tmp_path: Path) -> None:
    # the last iteration's vector is <12, 13, 14, 15>
    src = "define i64 @f() {\nentry:\n  ret i64 15\n}\n"
    assert verdict(tmp_path, src, VPHI.replace("LANE", "3"), max_trip=8) == "proved"
    assert verdict(tmp_path, src, VPHI.replace("LANE", "2"), max_trip=8) == "counterexample"


NESTED = """define i32 @f(i32 noundef %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %c = icmp slt i32 %j.next, %n
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %outer, label %exit
exit:
  ret i32 %i
}
"""


THREE_DEEP = """define i32 @f(i32 noundef %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %mid
mid:
  %k = phi i32 [ 0, %outer ], [ %k.next, %mid.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %mid ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %c = icmp slt i32 %j.next, %n
  br i1 %c, label %inner, label %mid.latch
mid.latch:
  %k.next = add i32 %k, 1
  %e = icmp slt i32 %k.next, %n
  br i1 %e, label %mid, label %outer.latch
outer.latch:
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %outer, label %exit
exit:
  ret i32 %i
}
"""


@pytest.mark.slow
def test_a_nest_is_named_by_its_inner_block_and_checked_one_outer_iteration_at_a_time(tmp_path: Path) -> None:
    f = tmp_path / "nested.ll"
    f.write_text(NESTED)
    try:
        parse_ll_file(f)
    except LLUnsupported as u:  # to a command that reads single loops only
        assert "nested loop" in u.what and u.loc is not None and u.loc.line == 7
    else:
        raise AssertionError("a nested loop was read as a single loop")
    res = cli("check", str(f), "--json")
    assert res.returncode == 0, res.stdout + res.stderr
    for line in res.stdout.splitlines():
        assert json.loads(line)["coverage"]["outer_loop"] == "every iteration of the outer loop at %outer, from any state"


@pytest.mark.slow
def test_loops_nested_three_deep_are_unknown_naming_the_block_and_line(tmp_path: Path) -> None:
    f = tmp_path / "nested.ll"
    f.write_text(THREE_DEEP)
    res = cli("check", str(f), "--json")
    assert res.returncode == 3
    out = json.loads(res.stdout)
    assert out["verdict"] == "unknown" and "nested loop" in out["reason"] and "nested.ll:7:" in out["reason"]
    assert "loops nested three deep" in out["reason"]


@pytest.mark.slow
def test_a_file_that_is_not_utf8_is_a_clean_error(tmp_path: Path) -> None:
    for name, data in (("bad.loop", b"loop f(N: i64) {\n  i = 0 \xff\n}\n"),
                       ("bad.ll", b"define i32 @f() {\n  ret i32 0 ; \xc3\x28\n}\n")):
        f = tmp_path / name
        f.write_bytes(data)
        res = cli("check", str(f))
        assert res.returncode == 2, res.stderr
        assert f"{name}:2:" in res.stderr and "not UTF-8" in res.stderr and "Traceback" not in res.stderr


@pytest.mark.slow
def test_every_obligation_gets_a_verdict_object(tmp_path: Path) -> None:
    # a loop with only countable exits: proved, saying why (not a bare text line)
    f = tmp_path / "countable.loop"
    f.write_text("""loop countable(N: i64, M: i64) {
  array a: i8[N]
  i = 0
  while (true) {
    if (i >= M) break
    x = a[i]
    i = i + 1
    if (i >= N) break
  }
  out i
}
""")
    res = cli("check", str(f), "--check", "speculate", "--json")
    assert res.returncode == 0
    out = json.loads(res.stdout)
    assert out["verdict"] == "proved" and "no data-dependent exit" in out["reason"]
    # a construct outside the subset: an unknown object under --json, exit 3
    g = tmp_path / "nested.ll"
    g.write_text(THREE_DEEP)
    res = cli("equiv", str(g), str(g), "--json")
    assert res.returncode == 3 and json.loads(res.stdout)["verdict"] == "unknown"


TWINS = """define i32 @f(i32 noundef %x, i32 noundef %y) {
entry:
  %a = sdiv i32 %x, %y
  %b = sdiv i32 %x, %y
  switch i32 %a, label %d [
    i32 1, label %e
  ]
e:
  %c = sdiv i32 %x, %y
  ret i32 %c
d:
  ret i32 %b
}
"""


def test_instructions_are_located_in_text_order(tmp_path: Path) -> None:
    # three identical divisions, each at its own line (not the first that matches)
    f = tmp_path / "twins.ll"
    f.write_text(TWINS)
    lines = {i.dest: i.loc.line for i in parse_ll_file(f).instructions() if i.op == "sdiv" and i.loc}
    assert lines == {"a": 3, "b": 4, "c": 9}


@pytest.mark.slow
def test_counterexamples_speak_llvm_names_and_say_where_poison_is_made() -> None:
    ll = Path(__file__).resolve().parent.parent / "models" / "llvm"
    res = cli("equiv", str(ll / "find_first_16.scalar.ll"), str(ll / "find_first_16.vf4.ll"), "--max-trip", "17")
    assert res.returncode == 1
    out = res.stdout
    assert "    %0 = [" in out and "%0 points to an object of " in out and "%wide.load" in out
    assert "v0 =" not in out and "    v4 " not in out
    # the live-out's divergence names the ret and the load whose lane 4 is poison
    assert "the poison is first produced by `%wide.load" in out and "in lane 4" in out
    assert "find_first_16.vf4.ll:47:3" in out
    js = json.loads(cli("equiv", str(ll / "find_first_16.scalar.ll"), str(ll / "find_first_16.vf4.ll"),
                        "--max-trip", "17", "--json").stdout)
    assert "%0" in js["counterexample"]["inputs"]["arrays"]
    assert js["counterexample"]["divergence"]["loc"].endswith("find_first_16.vf4.ll:47:3")


def check_json(tmp_path: Path, text: str, *args: str) -> dict[str, object]:
    f = tmp_path / "f.ll"
    f.write_text(text)
    res = cli("check", str(f), "--check", "speculate", "--json", *args)
    assert res.returncode in (0, 1, 3), res.stdout + res.stderr
    return dict(json.loads(res.stdout.splitlines()[0]))


LOCAL = """declare void @init_mem(ptr, i64)

define i64 @f() {
entry:
  %p1 = alloca [64 x i8]
  %p2 = alloca [64 x i8]
  call void @init_mem(ptr %p1, i64 64)
  call void @init_mem(ptr %p2, i64 64)
  br label %loop
loop:
  %i = phi i64 [ %i.next, %inc ], [ 0, %entry ]
  %a = getelementptr inbounds i8, ptr %p1, i64 %i
  %x = load i8, ptr %a, align 1
  %b = getelementptr inbounds i8, ptr %p2, i64 %i
  %y = load i8, ptr %b, align 1
  %same = icmp eq i8 %x, %y
  br i1 %same, label %inc, label %done
inc:
  %i.next = add i64 %i, 1
  %more = icmp ne i64 %i.next, LIMIT
  br i1 %more, label %loop, label %done
done:
  %r = phi i64 [ %i, %loop ], [ -1, %inc ]
  ret i64 %r
}
"""


@pytest.mark.slow
def test_locals_filled_by_an_opaque_call(tmp_path: Path) -> None:
    # LLVM's early-exit tests: allocas filled by `init_mem` (any bytes, poison too)
    assert check_json(tmp_path, LOCAL.replace("LIMIT", "60"))["verdict"] == "proved"
    out = check_json(tmp_path, LOCAL.replace("LIMIT", "64"), "--vf", "8")
    assert out["verdict"] == "proved"  # 64 is a multiple of 8: every lane stays inside
    # the same loop over 66 elements reads past both 64-byte objects (its own UB), while
    # a stop at 62 lets VF 4 read 62..65 for a lane the scalar loop never reaches
    out = check_json(tmp_path, LOCAL.replace("LIMIT", "62").replace("%i.next = add i64 %i, 1",
                                                                       "%i.next = add i64 %i, 1"), "--vf", "4")
    assert out["verdict"] == "proved"  # 62 is no multiple of 4: the vector loop leaves the rest
    # an alloca read with no call filling it: undef bytes are outside the subset, named
    unfilled = LOCAL.replace("  call void @init_mem(ptr %p2, i64 64)\n", "").replace("LIMIT", "60")
    out = check_json(tmp_path, unfilled)
    assert out["verdict"] == "unknown" and "local memory (%p2)" in str(out["reason"])
    assert "f.ll:6:" in str(out["reason"])  # the alloca's line


@pytest.mark.slow
def test_a_call_that_fills_memory_after_an_access_is_named(tmp_path: Path) -> None:
    late = LOCAL.replace("LIMIT", "60").replace(
        "  call void @init_mem(ptr %p2, i64 64)\n",
        "  %peek = load i8, ptr %p1, align 1\n  call void @init_mem(ptr %p2, i64 64)\n")
    out = check_json(tmp_path, late)
    assert out["verdict"] == "unknown" and "@init_mem" in str(out["reason"]) and "f.ll:9:3" in str(out["reason"])


PRED = """declare i32 @pred(i32) ATTRS

define i64 @f(ptr noundef dereferenceable(256) %a) {
entry:
  br label %loop
loop:
  %i = phi i64 [ %i.next, %inc ], [ 0, %entry ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, align 4
  %r = call i32 @pred(i32 %x)
  %hit = icmp ne i32 %r, 0
  br i1 %hit, label %done, label %inc
inc:
  %i.next = add i64 %i, 1
  %more = icmp ne i64 %i.next, 64
  br i1 %more, label %loop, label %done
done:
  %res = phi i64 [ %i, %loop ], [ -1, %inc ]
  ret i64 %res
}
"""


@pytest.mark.slow
def test_speculating_a_call_with_effects_is_refuted(tmp_path: Path) -> None:
    # pred has effects (no memory attribute): calling it for lane 2 before the scalar
    # loop decides to go on adds an event; a memory(none) speculatable pred is safe
    out = check_json(tmp_path, PRED.replace("ATTRS", ""))
    assert out["verdict"] == "counterexample"
    cex = out["counterexample"]
    assert isinstance(cex, dict) and cex["divergence"]["lane"] == 2
    assert "side effects" in cex["divergence"]["summary"]
    safe = PRED.replace("ATTRS", "memory(none) speculatable willreturn nounwind")
    assert check_json(tmp_path, safe)["verdict"] == "proved"


def test_an_effectful_call_returns_the_same_value_to_source_and_target(tmp_path: Path) -> None:
    def fn(body: str, ret: str = "noundef") -> str:
        return f"declare {ret} i32 @get(i32)\ndefine i32 @f(i32 noundef %x) {{\nentry:\n{body}}}\n"

    twice = "  %a = call i32 @get(i32 %x)\n  %b = call i32 @get(i32 %x)\n"
    # the same call at the same point of the trace returns the same value
    assert verdict(tmp_path, fn(twice + "  %s = add i32 %a, %b\n  ret i32 %s\n"),
                   fn(twice + "  %s = add i32 %b, %a\n  ret i32 %s\n")) == "proved"
    # but the second call need not return what the first did
    assert verdict(tmp_path, fn(twice + "  %s = add i32 %a, %b\n  ret i32 %s\n"),
                   fn(twice + "  %s = add i32 %a, %a\n  ret i32 %s\n")) == "counterexample"
    # dropping a call drops its event
    assert verdict(tmp_path, fn(twice + "  ret i32 %a\n"),
                   fn("  %a = call i32 @get(i32 %x)\n  ret i32 %a\n")) == "counterexample"
    # without noundef the result may be poison: branching on it is UB the source may not have
    branch = "  %a = call i32 @get(i32 %x)\n  %c = icmp eq i32 %a, 0\n  br i1 %c, label %t, label %e\nt:\n  ret i32 0\ne:\n  ret i32 %a\n"
    sel = "  %a = call i32 @get(i32 %x)\n  %c = icmp eq i32 %a, 0\n  %r = select i1 %c, i32 0, i32 %a\n  ret i32 %r\n"
    assert verdict(tmp_path, fn(sel, ""), fn(branch, "")) == "counterexample"
    assert verdict(tmp_path, fn(sel), fn(branch)) == "proved"


VOLATILE = """define i64 @f(ptr noundef %a) {
entry:
  br label %loop
loop:
  %i = phi i64 [ %i.next, %loop ], [ 0, %entry ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load volatile i32, ptr %p, align 4
  %hit = icmp eq i32 %x, 0
  %i.next = add i64 %i, 1
  br i1 %hit, label %done, label %loop
done:
  ret i64 %i
}
"""


@pytest.mark.slow
def test_volatile_loads_are_events(tmp_path: Path) -> None:
    out = check_json(tmp_path, VOLATILE)
    assert out["verdict"] == "counterexample" and "volatile" in str(out["counterexample"])
    # a target that reads the volatile location once more is refuted (an extra event)
    twice = VOLATILE.replace("  %hit = icmp", "  %x2 = load volatile i32, ptr %p, align 4\n  %hit = icmp")
    assert verdict(tmp_path, VOLATILE, twice, max_trip=3) == "counterexample"
    assert verdict(tmp_path, VOLATILE, VOLATILE, max_trip=3) == "proved"


TRAP = """declare void @llvm.trap()
define i32 @f(i32 noundef %x) {
entry:
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %t, label %ok
t:
  call void @llvm.trap()
  unreachable
ok:
  ret i32 %x
}
"""


def test_a_trap_stops_the_program_observably(tmp_path: Path) -> None:
    # llvm.trap is no UB: a target that returns instead of trapping is refuted
    assert verdict(tmp_path, TRAP, TRAP) == "proved"
    no_trap = TRAP.replace("  call void @llvm.trap()\n  unreachable\n", "  ret i32 0\n")
    assert verdict(tmp_path, TRAP, no_trap) == "counterexample"
    # and `unreachable` alone is UB: the target may do anything there
    assert verdict(tmp_path, TRAP.replace("  call void @llvm.trap()\n", ""), no_trap) == "proved"


@pytest.mark.slow
def test_float_int_bitcast_and_a_variable_dereferenceable_assume(tmp_path: Path) -> None:
    def fn(body: str) -> str:
        return f"define i32 @f(i32 noundef %x) {{\nentry:\n{body}}}\n"

    cast = "  %f = bitcast i32 %x to float\n  %b = bitcast float %f to i32\n  ret i32 %b\n"
    assert verdict(tmp_path, fn("  ret i32 %x\n"), fn(cast)) == "proved"
    flip = "  %f = bitcast i32 %x to float\n  %n = fneg float %f\n  %b = bitcast float %n to i32\n  ret i32 %b\n"
    assert verdict(tmp_path, fn("  ret i32 %x\n"), fn(flip)) == "counterexample"
    search = """define i64 @f(ptr noundef %a, i64 noundef %n) {
entry:
  %bytes = shl nuw nsw i64 %n, 2
  ASSUME
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ %i.next, %inc ], [ 0, %entry ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, align 4
  %hit = icmp eq i32 %x, 0
  br i1 %hit, label %done, label %inc
inc:
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i64 [ -1, %entry ], [ %i, %loop ], [ -1, %inc ]
  ret i64 %r
}
"""
    with_assume = search.replace("ASSUME", 'call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %a, i64 %bytes) ]')
    assert check_json(tmp_path, "declare void @llvm.assume(i1)\n" + with_assume)["verdict"] == "proved"
    assert check_json(tmp_path, search.replace("ASSUME", ""))["verdict"] == "counterexample"


TWO_BUNDLES = """define i64 @f(ptr %a, ptr %b, i64 %n, i64 %m) {
entry:
  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %a, i64 %n), "dereferenceable"(ptr %b, i64 %m) ]
  %big = icmp uge i64 %n, 64
  call void @llvm.assume(i1 %big)
  call void @llvm.assume(i1 BIG_M)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %pa = getelementptr inbounds i8, ptr %a, i64 %i
  %pb = getelementptr inbounds i8, ptr %b, i64 %i
  %x = load i8, ptr %pa
  %y = load i8, ptr %pb
  %c = icmp eq i8 %x, %y
  br i1 %c, label %done, label %latch
latch:
  %i.next = add nuw i64 %i, 1
  %e = icmp eq i64 %i.next, 64
  br i1 %e, label %done, label %loop
done:
  %r = phi i64 [ %i, %loop ], [ 64, %latch ]
  ret i64 %r
}
declare void @llvm.assume(i1)
"""


def test_each_dereferenceable_bundle_sizes_its_own_pointer(tmp_path: Path) -> None:
    """One assume with two "dereferenceable" bundles whose sizes are SSA values: %b holds
    %m bytes, not %a's %n; reading b[0..4) is speculation only once %m >= 64 too."""
    only_a = check_json(tmp_path, TWO_BUNDLES.replace("BIG_M", "true"), "--vf", "4")
    assert only_a["verdict"] == "counterexample", only_a
    both = TWO_BUNDLES.replace("  call void @llvm.assume(i1 BIG_M)\n",
                               "  %bigm = icmp uge i64 %m, 64\n  call void @llvm.assume(i1 %bigm)\n")
    assert check_json(tmp_path, both, "--vf", "4")["verdict"] == "proved"


def test_a_call_that_does_not_return_ends_the_program(tmp_path: Path) -> None:
    # abort() is noreturn: the `unreachable` after it is never reached, so the run is
    # no UB, and a target that returns instead of calling abort is refuted
    src = TRAP.replace("declare void @llvm.trap()", "declare void @abort() noreturn").replace(
        "call void @llvm.trap()", "call void @abort()")
    assert verdict(tmp_path, src, src) == "proved"
    no_abort = src.replace("  call void @abort()\n  unreachable\n", "  ret i32 0\n")
    assert verdict(tmp_path, src, no_abort) == "counterexample"


@pytest.mark.slow
def test_a_parameter_may_point_past_its_objects_start(tmp_path: Path) -> None:
    """a[i - 1] from i = 0 reads before `a`: C allows it when `a` points into an array.
    The model first takes `a` at its object's start; where a run may form a pointer
    before it, the check runs again with free room in front of `a`, and decides."""
    from tests.test_llvm_shapes import BACK_ONE, REVERSE

    src = tmp_path / "src.ll"
    src.write_text(BACK_ONE.format(start=0))
    same = cli("equiv", str(src), str(src), "--json")
    assert same.returncode == 0, same.stdout
    # a target that reads a[i] instead of a[i - 1] differs on inputs where a[-1] == x
    tgt = tmp_path / "tgt.ll"
    tgt.write_text(BACK_ONE.format(start=0).replace("%v = load i32, ptr %before", "%v = load i32, ptr %at"))
    res = cli("equiv", str(src), str(tgt), "--json")
    assert res.returncode == 1, res.stdout
    inputs = json.loads(res.stdout)["counterexample"]["inputs"]["params"]
    assert inputs["a.before"] >= 1  # the counterexample puts room in front of a
    # the reverse walk (`while (e != b) { --e; ... }`) is checked, not left out
    rev = tmp_path / "rev.ll"
    rev.write_text(REVERSE.format(eattrs=""))
    out = json.loads(cli("equiv", str(rev), str(rev), "--json").stdout)
    assert out["verdict"] == "proved", out


def test_ptrtoint_gives_addresses_whose_differences_are_offsets(tmp_path: Path) -> None:
    def fn(body: str) -> str:
        return ("define i64 @f(ptr noundef dereferenceable(64) %b, i64 noundef %i) {\nentry:\n"
                "  %ok = icmp ult i64 %i, 16\n  call void @llvm.assume(i1 %ok)\n" + body + "}\n"
                "declare void @llvm.assume(i1)\n")

    diff = ("  %p = getelementptr inbounds i32, ptr %b, i64 %i\n  %x = ptrtoint ptr %p to i64\n"
            "  %y = ptrtoint ptr %b to i64\n  %d = sub i64 %x, %y\n  ret i64 %d\n")
    assert verdict(tmp_path, fn(diff), fn("  %d = shl i64 %i, 2\n  ret i64 %d\n")) == "proved"
    assert verdict(tmp_path, fn(diff), fn("  ret i64 %i\n")) == "counterexample"


def fp(body: str, params: str = "float noundef %x, float noundef %y", ret: str = "float") -> str:
    return f"define {ret} @f({params}) {{\nentry:\n{body}}}\n"


@pytest.mark.slow
def test_float_arithmetic_on_both_sides(tmp_path: Path) -> None:
    add = fp("  %r = fadd float %x, %y\n  ret float %r\n")
    assert verdict(tmp_path, add, fp("  %r = fadd float %y, %x\n  ret float %r\n")) == "proved"
    assert verdict(tmp_path, add, fp("  %r = fsub float %x, %y\n  ret float %r\n")) == "counterexample"
    # x * 2 is x + x in IEEE (rounding, overflow to infinity, NaN alike)
    assert verdict(tmp_path, fp("  %r = fmul float %x, 2.000000e+00\n  ret float %r\n"),
                   fp("  %r = fadd float %x, %x\n  ret float %r\n")) == "proved"
    # x + 0.0 is not x: -0.0 + 0.0 is +0.0
    assert verdict(tmp_path, fp("  %r = fadd float %x, 0.000000e+00\n  ret float %r\n"),
                   fp("  ret float %x\n")) == "counterexample"
    # nnan makes a NaN result poison: anything refines it there
    assert verdict(tmp_path, fp("  %r = fdiv nnan float %x, %y\n  ret float %r\n"),
                   fp("  %r = fdiv float %x, %y\n  ret float %r\n")) == "proved"
    assert verdict(tmp_path, fp("  %r = fdiv float %x, %y\n  ret float %r\n"),
                   fp("  %r = fdiv nnan float %x, %y\n  ret float %r\n")) == "counterexample"


@pytest.mark.slow
def test_float_conversions_on_both_sides(tmp_path: Path) -> None:
    # every i32 is exact in a double: the round trip is the identity
    trip = fp("  %d = sitofp i32 %x to double\n  %r = fptosi double %d to i32\n  ret i32 %r\n",
              "i32 noundef %x", "i32")
    assert verdict(tmp_path, fp("  ret i32 %x\n", "i32 noundef %x", "i32"), trip) == "proved"
    # not in a float (24 bits of precision)
    lossy = trip.replace("double", "float")
    assert verdict(tmp_path, fp("  ret i32 %x\n", "i32 noundef %x", "i32"), lossy) == "counterexample"
    # fptosi of a value that does not fit is poison: branching on it is UB
    conv = "  %i = fptosi float %x to i8\n"
    sel = fp(conv + "  %c = icmp eq i8 %i, 0\n  %r = select i1 %c, i8 1, i8 %i\n  ret i8 %r\n", "float noundef %x",
             "i8")
    br = fp(conv + "  %c = icmp eq i8 %i, 0\n  br i1 %c, label %a, label %b\na:\n  ret i8 1\nb:\n  ret i8 %i\n",
            "float noundef %x", "i8")
    assert verdict(tmp_path, sel, br) == "counterexample"
    # fpext then fptrunc is the identity (every float is a double)
    ext = fp("  %d = fpext float %x to double\n  %r = fptrunc double %d to float\n  ret float %r\n",
             "float noundef %x")
    same = fp("  %r = fadd float %x, -0.000000e+00\n  ret float %r\n", "float noundef %x")
    assert verdict(tmp_path, same, ext) == "proved"


I128 = """define i64 @f(ptr noundef dereferenceable(DEREF) %a, i32 noundef %x) {
entry:
  br label %loop
loop:
  %i = phi i128 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %p = getelementptr inbounds i32, ptr %a, i64 %j
  %v = load i32, ptr %p, align 4
  %hit = icmp eq i32 %v, %x
  br i1 %hit, label %done, label %latch
latch:
  %i.next = add i128 %i, 1
  %j.next = add nuw nsw i64 %j, 1
  %more = icmp ult i128 %i.next, 64
  br i1 %more, label %loop, label %done
done:
  %r = phi i64 [ %j, %loop ], [ -1, %latch ]
  ret i64 %r
}
"""


@pytest.mark.slow
def test_an_i128_induction_that_wraps(tmp_path: Path) -> None:
    # the window's iteration count is 64 bits: a wrapping i128 induction falls back to
    # the bounded check (it crashed z3 before), with a verdict on both sides
    out = check_json(tmp_path, I128.replace("DEREF", "256"))
    assert out["verdict"] == "proved" and "i128" in str(out["coverage"])
    assert check_json(tmp_path, I128.replace("DEREF", "8"))["verdict"] == "counterexample"


def load_aligned(attrs: str) -> str:
    return f"""define i32 @f(ptr dereferenceable(8) {attrs} %p) {{
entry:
  %x = load i64, ptr %p, align 8
  ret i32 0
}}
"""


RET0_PTR = """define i32 @f(ptr dereferenceable(8) {attrs} %p) {{
entry:
  ret i32 0
}}
"""


def test_a_parameters_alignment_in_either_spelling(tmp_path: Path) -> None:
    # `align 8` and `align(8)` both say the pointer is 8-aligned: a load `align 8` added
    # through it is no new UB; without the attribute it is (the pointer may be misaligned)
    for attrs in ("align 8", "align(8)"):
        assert verdict(tmp_path, RET0_PTR.format(attrs=attrs), load_aligned(attrs)) == "proved", attrs
    assert verdict(tmp_path, RET0_PTR.format(attrs=""), load_aligned("")) == "counterexample"
    assert verdict(tmp_path, RET0_PTR.format(attrs="align(4)"), load_aligned("align(4)")) == "counterexample"


# the STL's shapes: the result as an index (`find_if(...) - begin`) or compared with
# the end (`all_of`); {found} is the found block, its pointer into b or the end
FIND_USE = """define {ty} @find(ptr readonly %b, ptr readnone %e, i32 %v) {{{{
entry:
  %empty = icmp eq ptr %b, %e
  br i1 %empty, label %done, label %loop
loop:
  %p = phi ptr [ %p.next, %next ], [ %b, %entry ]
  %x = load i32, ptr %p, align 4
  %hit = icmp eq i32 %x, %v
  br i1 %hit, label %found, label %next
next:
  %p.next = getelementptr inbounds nuw i8, ptr %p, i64 4
  %end = icmp eq ptr %p.next, %e
  br i1 %end, label %found, label %loop
found:
{{found}}
  br label %done
done:
  %out = phi ptr [ %e, %entry ], [ %r, %found ]
{use}
}}}}
"""
AS_INDEX = FIND_USE.format(ty="i64", use="""  %oi = ptrtoint ptr %out to i64
  %bi = ptrtoint ptr %b to i64
  %d = sub i64 %oi, %bi
  ret i64 %d""")
AT_END = FIND_USE.format(ty="i1", use="""  %c = icmp eq ptr %out, %e
  ret i1 %c""")
BY_PHI = "  %r = phi ptr [ %p, %loop ], [ {missing}, %next ]"
BY_SELECT = """  %h = phi i1 [ true, %loop ], [ false, %next ]
  %q = phi ptr [ %p, %loop ], [ %p, %next ]
  %r = select i1 %h, ptr %q, ptr {missing}"""
# std::find itself: the pointer returned ({missing}: where nothing is found)
FIND = FIND_USE.format(ty="ptr", use="  ret ptr %out").replace("{found}", BY_PHI)


@pytest.mark.slow
def test_a_pointer_phi_over_two_objects_is_returned_as_object_and_address(tmp_path: Path) -> None:
    # std::find's shape: the result is the found element (in b's object) or e (its own);
    # returning b's begin instead of e when nothing is found is a different pointer
    assert verdict(tmp_path, FIND.format(missing="%e"), FIND.format(missing="%e")) == "proved"
    assert verdict(tmp_path, FIND.format(missing="%e"), FIND.format(missing="%b")) == "counterexample"
    # one past the last element of b is not e either (another object in the model)
    assert verdict(tmp_path, FIND.format(missing="%e"), FIND.format(missing="%p.next")) == "counterexample"


@pytest.mark.slow
@pytest.mark.parametrize("use", [AS_INDEX, AT_END], ids=["ptrtoint", "icmp"])
def test_a_pointer_into_one_of_two_objects_is_read_by_its_address(tmp_path: Path, use: str) -> None:
    # ptrtoint and icmp read a pointer's address alone (LangRef): one past b's last
    # element has e's address where the loop stopped on it, so the results agree, and
    # b's start is another address (the loop ran: b is not e)
    src = use.format(found=BY_PHI.format(missing="%e"))
    assert verdict(tmp_path, src, use.format(found=BY_PHI.format(missing="%p.next"))) == "proved"
    assert verdict(tmp_path, src, use.format(found=BY_SELECT.format(missing="%e"))) == "proved"
    assert verdict(tmp_path, src, use.format(found=BY_PHI.format(missing="%b"))) == "counterexample"
    assert verdict(tmp_path, src, use.format(found=BY_SELECT.format(missing="%b"))) == "counterexample"


def test_the_addresses_of_two_accessed_objects_are_not_read(tmp_path: Path) -> None:
    # both objects' bytes are free of each other in the model, so their addresses may
    # not be compared or read (two objects could then share bytes with two contents)
    src = tmp_path / "f.ll"
    src.write_text("""define i64 @f(ptr %a, ptr %b, i1 %c) {
entry:
  %x = load i32, ptr %a, align 4
  %y = load i32, ptr %b, align 4
  %p = select i1 %c, ptr %a, ptr %b
  %i = ptrtoint ptr %p to i64
  ret i64 %i
}
""")
    with pytest.raises(LLUnsupported, match="ptrtoint of pointers into two objects that are both read or written"):
        parse_ll_file(src)


def test_a_single_object_return_against_a_phi_over_two(tmp_path: Path) -> None:
    # the pair is shown the same way on both sides: the source returns e alone
    only_e = """define ptr @find(ptr readonly %b, ptr readnone %e, i32 %v) {
entry:
  ret ptr %e
}
"""
    either = """define ptr @find(ptr readonly %b, ptr readnone %e, i32 %v) {
entry:
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %z
a:
  br label %z
z:
  %r = phi ptr [ %b, %a ], [ %e, %entry ]
  ret ptr %r
}
"""
    assert verdict(tmp_path, only_e, either) == "counterexample"
    assert verdict(tmp_path, either, either) == "proved"


def test_a_pointer_phi_over_two_objects_used_by_a_load_is_named(tmp_path: Path) -> None:
    src = tmp_path / "f.ll"
    src.write_text("""define i32 @f(ptr %a, ptr %b, i1 %c) {
entry:
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %p = phi ptr [ %a, %x ], [ %b, %entry ]
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
""")
    try:
        parse_ll_file(src)
    except LLUnsupported as u:
        assert "several objects (%a, %b) used other than by ret" in str(u) and u.loc is not None and u.loc.line == 8
    else:
        raise AssertionError("a load through a pointer into one of two objects was read")


NAMES_LIKE_OURS = """define i64 @f(ptr noundef dereferenceable(64) %first, i32 noundef %v0) {
entry:
  br label %loop
loop:
  %first.addr = phi i64 [ 0, %entry ], [ %0, %loop.inc ]
  %p = getelementptr inbounds i32, ptr %first, i64 %first.addr
  %x = load i32, ptr %p, align 4
  %c = icmp eq i32 %x, %v0
  br i1 %c, label %exit, label %loop.inc
loop.inc:
  %0 = add nuw nsw i64 %first.addr, 1
  %done = icmp eq i64 %0, 16
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i64 [ %first.addr, %loop ], [ 16, %loop.inc ]
  ret i64 %r
}
"""


def test_llvm_names_that_clean_to_one_name_or_to_a_derived_one_stay_apart(tmp_path: Path) -> None:
    """`%first.addr` beside a pointer `%first` (whose base address is `first.addr` to
    the front end), and `%0` beside `%v0` (both `v4` once cleaned): each LLVM value
    keeps a name of its own, and reports print LLVM's."""
    f = tmp_path / "names.ll"
    f.write_text(NAMES_LIKE_OURS)
    prog = parse_ll_file(f)
    names = [p.name for p in prog.params] + [ph.dest for b in prog.blocks.values() for ph in b.phis] + \
        [i.dest for i in prog.instructions() if i.dest is not None]
    assert len(names) == len(set(names))
    shown = {prog.display.get(n) for n in names}
    assert {"%first.addr", "%0", "%v0"} <= shown
    res = cli("check", str(f), "--check", "speculate", "--json")
    assert res.returncode == 0, res.stdout + res.stderr  # 16 ints of a 64-byte object: safe
    r = run(prog, Inputs(params={"v0": 7, "first.addr": 64, "first.bytes": 64}, arrays={"first": [1, 2, 7, 7] + [0] * 12}))
    assert r.outs["ret"].v == 2  # the first 7 is at index 2


MERGED_EXIT = """define i32 @f(ptr noundef dereferenceable(4096) %a) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %at = getelementptr inbounds i32, ptr %a, i32 %i
  %x = load i32, ptr %at, align 4
  %zero = icmp eq i32 %x, 0
  br i1 %zero, label %latch, label %then
then:
  %again = load i32, ptr %at, align 4
  br label %latch
latch:
  %step = phi i32 [ %again, %then ], [ 1, %loop ]
  %next = add nsw i32 %step, %i
  %go = icmp slt i32 %next, 1000
  br i1 %go, label %loop, label %exit
exit:
  ret i32 %next
}
"""


@pytest.mark.slow
def test_an_exit_on_a_value_merged_from_conditional_code_is_unknown_naming_it(tmp_path: Path) -> None:
    """The exit tests `%step + %i`, where `%step` is a phi joining the body's two paths:
    evaluated at the vector iteration's start it has no value yet. Every legality check
    says so (hoisting it was an internal error)."""
    f = tmp_path / "merged.ll"
    f.write_text(MERGED_EXIT)
    res = cli("check", str(f), "--check", "hoist", "--json")
    assert res.returncode == 3, res.stdout + res.stderr
    for line in res.stdout.splitlines():
        v = json.loads(line)
        assert v["verdict"] == "unknown" and "depends on %step, a phi merging the paths" in v["reason"]


# a VLA (`int buf[n]`, clang's `alloca i32, i64 %n`) filled by a call, then {read}
# where n > 0
VLA = """define i32 @f(i64 %n) {{
entry:
  %buf = alloca i32, i64 %n, align 16
  call void @fill(ptr %buf, i64 %n)
  %some = icmp ugt i64 %n, 0
  br i1 %some, label %read, label %done
read:
  {read}
  br label %done
done:
  ret i32 0
}}
declare void @fill(ptr, i64)
"""


def test_a_vla_holds_exactly_its_count_of_elements(tmp_path: Path) -> None:
    # the alloca fixes its object's size at count x 4 bytes: its last element may be
    # read where the source reads nothing, and the one past it may not
    src = VLA.format(read="%x = add i32 0, 0")
    last = VLA.format(read="%p = getelementptr i32, ptr %buf, i64 %n\n  %q = getelementptr i32, ptr %p, i64 -1\n"
                           "  %x = load i32, ptr %q, align 4")
    past = VLA.format(read="%p = getelementptr i32, ptr %buf, i64 %n\n  %x = load i32, ptr %p, align 4")
    assert verdict(tmp_path, src, last) == "proved"
    assert verdict(tmp_path, src, past) == "counterexample"


def test_a_vla_whose_size_could_not_be_fixed_first_is_named(tmp_path: Path) -> None:
    src = tmp_path / "f.ll"
    for body, said in [("call void @g()\n  %buf = alloca i32, i64 %n, align 4", "after a call or store"),
                       ("br label %next\nnext:\n  %buf = alloca i32, i64 %n, align 4", "outside the entry block")]:
        src.write_text(f"""define i32 @f(i64 %n) {{
entry:
  {body}
  call void @fill(ptr %buf, i64 %n)
  %x = load i32, ptr %buf, align 4
  ret i32 %x
}}
declare void @fill(ptr, i64)
declare void @g()
""")
        with pytest.raises(LLUnsupported, match=f"an alloca of a runtime size {said}"):
            parse_ll_file(src)


def test_a_gep_nuw_without_inbounds_is_unknown(tmp_path: Path) -> None:
    # found by an adversary: nuw says the address does not wrap (`@g - 4` as nuw is
    # poison wherever @g is past 4), not the offset into the object: no proof of it
    src = tmp_path / "f.ll"
    src.write_text("""@g = global [4 x i32] zeroinitializer, align 4
define i1 @f(i64 %k) {
entry:
  %q = getelementptr nuw i8, ptr @g, i64 %k
  %lt = icmp ult ptr %q, @g
  ret i1 %lt
}
""")
    with pytest.raises(LLUnsupported, match="a getelementptr nuw without inbounds"):
        parse_ll_file(src)


# a select of b or e compared with e, the compare written {flags}
SAMESIGN = """define i1 @f(ptr %b, ptr %e, i1 %c) {{
entry:
  %r = select i1 %c, ptr %b, ptr %e
  %x = icmp {flags}ult ptr %r, %e
  ret i1 %x
}}
"""


def test_samesign_on_a_pointer_compare_is_kept(tmp_path: Path) -> None:
    # found by an adversary: the flag was dropped, so a target that adds it (poison where
    # the addresses' sign bits differ) was the source
    src = SAMESIGN.format(flags="")
    assert verdict(tmp_path, src, SAMESIGN.format(flags="samesign ")) == "counterexample"
    assert verdict(tmp_path, SAMESIGN.format(flags="samesign "), src) == "proved"


# a find of one element that returns null where it misses, as an index from b: {ret}
NULL_INDEX = """define i64 @f(ptr %b, i32 %v) {{
entry:
  %x = load i32, ptr %b, align 4
  %hit = icmp eq i32 %x, %v
  br i1 %hit, label %done, label %miss
miss:
  br label %done
done:
  %r = phi ptr [ %b, %entry ], [ null, %miss ]
{ret}
}}
"""


def test_ptrtoint_of_a_pointer_that_may_be_null_is_0_where_it_is(tmp_path: Path) -> None:
    # found by an adversary: ptrtoint read the object's address whether or not the
    # pointer was null
    src = NULL_INDEX.format(ret="  %ri = ptrtoint ptr %r to i64\n  %bi = ptrtoint ptr %b to i64\n"
                                "  %d = sub i64 %ri, %bi\n  ret i64 %d")
    right = NULL_INDEX.format(ret="  %bi = ptrtoint ptr %b to i64\n  %neg = sub i64 0, %bi\n"
                                  "  %d = select i1 %hit, i64 0, i64 %neg\n  ret i64 %d")
    assert verdict(tmp_path, src, right) == "proved"
    assert verdict(tmp_path, src, NULL_INDEX.format(ret="  ret i64 0")) == "counterexample"


def test_a_global_in_one_module_only(tmp_path: Path) -> None:
    # found by an adversary: a global the function never names was an object of one
    # side only (an internal error, and objects numbered apart); one it names is unknown
    body = """define i64 @f(ptr %b, ptr %e, i1 %c) {
entry:
  %r = select i1 %c, ptr %b, ptr %e
  %i = ptrtoint ptr %r to i64
  ret i64 %i
}
"""
    assert verdict(tmp_path, "@z = global i32 0, align 4\n" + body, body) == "proved"
    named = body.replace("entry:\n", "entry:\n  %unused = load i32, ptr @a, align 4\n")
    (tmp_path / "s.ll").write_text(body)
    (tmp_path / "t.ll").write_text("@a = global i32 0, align 4\n" + named)
    with pytest.raises(LLUnsupported, match=r"reach different objects \(@a: in one module only\)"):
        parse_ll_pair(tmp_path / "s.ll", tmp_path / "t.ll")


DEAD_LOOP = """define i32 @f(ptr %a, i64 %n) {
entry:
  br i1 false, label %loop, label %done
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p, align 4
  %z = icmp eq i32 %v, 0
  br i1 %z, label %done, label %next
next:
  %i1 = add nuw i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %done
done:
  %r = phi i32 [ -1, %entry ], [ 1, %loop ], [ 0, %next ]
  ret i32 %r
}
"""


@pytest.mark.parametrize("check", ["speculate", "hoist", "freeze"])
def test_a_dead_loop_is_a_verdict_saying_so(tmp_path: Path, check: str) -> None:
    # reachable only through `br i1 false`: no run executes it, so nothing it does is unsafe
    src = tmp_path / "dead.ll"
    src.write_text(DEAD_LOOP)
    r = cli("check", str(src), "--check", check, "--json")
    out = json.loads(r.stdout)
    assert r.returncode == 0 and out["verdict"] == "proved", r.stdout + r.stderr
    assert out["location"]["line"] == 5 and "dead code" in out["coverage"]["argument"]
    # the same loop entered: speculating its loads past the exit may fault (no extent)
    live = tmp_path / "live.ll"
    live.write_text(DEAD_LOOP.replace("br i1 false, label %loop", "br i1 true, label %loop"))
    r = cli("check", str(live), "--check", "speculate", "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["verdict"] == "counterexample", r.stdout + r.stderr
