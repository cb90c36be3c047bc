"""What a call does besides its event (issue 58): it writes what LLVM says it may, and
it may not return, so source UB after it excuses nothing before it. Every check on
both sides: a loop or pair the semantics makes wrong, refuted with a replayed run,
and its variant that the attributes (or a model's declaration) make right, proved."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli, model
from verifier.checks.dispatch import Request, decide
from verifier.checks.legality import hoistability
from verifier.checks.refinement import refinement
from verifier.checks.verdict import Check, Verdict
from verifier.errors import UserError
from verifier.frontend import load_pair, load_program
from verifier.frontend.parser import parse
from verifier.ir.printer import program as printed
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.smt.budget import Budget

CALLS = MODELS / "llvm" / "calls"


def only(vs: list[Verdict]) -> Verdict:
    assert len(vs) == 1, vs
    return vs[0]


def ll(name: str, func: str | None = None) -> object:
    return load_program(CALLS / name, func)


def speculated(prog: object) -> Verdict:
    """The speculation verdict as the command line gives it (bounded answers completed)."""
    return only(decide(Request(Check.SPECULATE, vf=4, timeout=60), prog))  # type: ignore[arg-type]


# ---------------------------------------------------------------- a call writes what it may

def test_a_call_without_memory_attributes_writes_a_global_the_exit_reads() -> None:
    # int arr[64]; void ext(void); for (...) { if (arr[i] == 0) break; ext(); }
    v = only(hoistability(ll("write_global.scalar.ll"), 4))  # type: ignore[arg-type]
    assert v.verdict == "counterexample" and v.counterexample is not None
    c = v.counterexample
    assert "not hoistable" in c.divergence.summary and "ext()" in c.divergence.summary
    assert c.source.written, "the replayed run shows the call writing arr"
    assert all(obj == "arr" for _, obj in c.source.written)


def test_a_call_that_writes_no_memory_it_reaches_keeps_the_exit_hoistable() -> None:
    # the same loop, ext declared memory(inaccessiblemem: readwrite)
    assert only(hoistability(ll("write_global_io.scalar.ll"), 4)).verdict == "proved"


def test_a_pointer_parameter_is_reached_unless_restrict() -> None:
    assert only(hoistability(ll("param_reached.scalar.ll", "param_reached"), 4)).verdict == "counterexample"  # type: ignore[arg-type]
    assert only(hoistability(ll("param_reached.scalar.ll", "param_restrict"), 4)).verdict == "proved"  # type: ignore[arg-type]


@pytest.mark.parametrize("memory, hoists", [("", False), ("memory(read)", True), ("memory(argmem: readwrite)", True),
                                            ("memory(write)", False), ("readnone", True), ("writeonly", False)])
def test_the_memory_attributes_say_what_a_call_may_write(tmp_path: Path, memory: str, hoists: bool) -> None:
    text = (CALLS / "write_global.scalar.ll").read_text().replace("attributes #1 = { ", f"attributes #1 = {{ {memory} ")
    (tmp_path / "f.ll").write_text(text)
    v = only(hoistability(load_program(tmp_path / "f.ll"), 4))
    assert v.verdict == ("proved" if hoists else "counterexample"), v.reason


def test_the_call_sites_own_attributes_narrow_the_declarations(tmp_path: Path) -> None:
    # `call void @ext() #2`: the call site's attribute group says memory(none)
    text = (CALLS / "write_global.scalar.ll").read_text().replace(
        "attributes #2 = { nounwind }", "attributes #2 = { nounwind memory(none) }")
    assert "memory(none)" in text
    (tmp_path / "f.ll").write_text(text)
    assert only(hoistability(load_program(tmp_path / "f.ll"), 4)).verdict == "proved"


def test_a_model_says_what_an_effect_writes() -> None:
    assert only(hoistability(model("calls/search_writes.loop"), 4)).verdict == "counterexample"
    assert only(hoistability(model("seed/search_loop.loop"), 4)).verdict == "proved"


def test_an_effects_declaration_round_trips_and_bad_names_are_located() -> None:
    text = ("loop m(N: i64) {\n  array a: i8[N]\n  array b: i8[N] readonly\n"
            "  array t: i8[2] = [1, 2]\n"
            "  effect f(i8) reads(b) writes(a) willreturn\n  x = a[0]\n  f(x)\n}\n")
    p = parse(text, "m.loop")
    f = p.funcs["f"]
    assert (f.reads, f.writes, f.willreturn) == (("b",), ("a",), True)
    again = parse(printed(p), "again.loop").funcs["f"]
    assert (again.reads, again.writes, again.willreturn) == (f.reads, f.writes, f.willreturn)
    star = parse(text.replace("writes(a)", "writes(*)"), "star.loop").funcs["f"]
    assert star.writes == ("a", "b"), "* is every array a call may write (a readonly one too, not a constant)"
    assert parse(text.replace("writes(a)", "writes(b)"), "m.loop").funcs["f"].writes == ("b",)
    with pytest.raises(UserError, match=r"m.loop:5:.*'z' is not a declared array"):
        parse(text.replace("writes(a)", "writes(z)"), "m.loop")
    with pytest.raises(UserError, match=r"m.loop:5:.*cannot write t: its contents are given"):
        parse(text.replace("writes(a)", "writes(t)"), "m.loop")


def test_the_interpreter_replays_what_a_call_leaves() -> None:
    p = parse("loop m(N: i64) {\n  array a: i8[4]\n  effect f() writes(a) willreturn\n"
              "  f()\n  x = a[1]\n  out x\n}\n", "m.loop")
    r = run(p, Inputs(params={"N": 0}, arrays={"a": [5, 5, 5, 5]}, clobbers={("a", 0): ({1: 9}, 0)}))
    assert r.outs["x"].v == 9 and r.written == [(0, "a")]
    fresh = run(p, Inputs(params={"N": 0}, arrays={"a": [5, 5, 5, 5]}))
    assert fresh.outs["x"].v == 0, "a call with no choice given leaves zeros"


def test_translation_validation_sees_a_call_read_memory_a_target_stores_later(tmp_path: Path) -> None:
    # the source stores, then calls `show` (which may read the global); the target calls first
    body = ("@g = global i32 0\ndeclare void @show() nounwind willreturn{attr}\n"
            "define void @f(i32 %x) {{\n{order}\n  ret void\n}}\n")
    store, call = "  store i32 %x, ptr @g", "  call void @show()"
    for attr, refuted in (("", True), (" memory(read)", True), (" memory(inaccessiblemem: readwrite)", False)):
        (tmp_path / "s.ll").write_text(body.format(attr=attr, order=f"{store}\n{call}"))
        (tmp_path / "t.ll").write_text(body.format(attr=attr, order=f"{call}\n{store}"))
        src, tgt = load_pair(tmp_path / "s.ll", tmp_path / "t.ll")
        v = refinement(src, tgt, 4, Budget.of(30))
        assert v.verdict == ("counterexample" if refuted else "proved"), (attr, v.reason)
        if attr == " memory(read)":  # it cannot write g: what differs is what it sees
            assert v.counterexample is not None and "may read g[0]" in v.counterexample.divergence.summary


def test_the_emitted_form_of_a_loop_whose_call_may_write_what_it_reads_is_refuted(tmp_path: Path) -> None:
    # ext() may clear arr: the vector iteration loaded every lane before its first call,
    # so it calls again where the scalar loop, reading arr after the call, exits
    r = cli("vectorize", str(CALLS / "write_global.scalar.ll"), "--emit-llvm", str(tmp_path / "v.ll"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "trace differs" in r.stdout and "the calls of events" in r.stdout
    # declared to touch only memory the loop cannot reach, the same form is proved
    quiet = tmp_path / "quiet.ll"
    text = (CALLS / "write_global.scalar.ll").read_text()
    quiet.write_text(re.sub(r"(declare void @ext\(\))[^\n]*", r"\1 memory(inaccessiblemem: readwrite) nounwind willreturn",
                            text, count=1))
    r = cli("vectorize", str(quiet), "--emit-llvm", str(tmp_path / "q.ll"))
    assert r.returncode == 0 and "covers every trip count" in r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize("form", ["general", "simple"])
def test_the_seeds_search_loop_with_a_foo_that_writes_a_has_both_forms_refuted(form: str) -> None:
    r = cli("check", str(MODELS / "calls" / "search_writes.loop"), "--check", "equiv", "--form", form)
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout + r.stderr
    assert "model generator" not in r.stdout  # the emitter's form, not the fallback


# ---------------------------------------------------------------- UB is no time machine

def test_speculating_past_a_call_that_may_not_return_adds_ub() -> None:
    # for (i < n) { foo(i); if (g[i] == k) return i; } over int g[16]; foo writes nothing
    v = speculated(ll("exit_before_ub_io.scalar.ll"))
    assert v.verdict == "counterexample" and v.counterexample is not None
    c = v.counterexample
    assert c.source.stopped and c.target.ub is not None
    assert "inside foo(16), a call that may not return" in c.divergence.summary
    assert len(c.source.trace) in c.inputs.stops | {j + 1 for j in c.inputs.stops}


def test_speculating_past_a_call_that_returns_is_excused_by_the_ub_after_it() -> None:
    assert speculated(ll("exit_before_ub_returns.scalar.ll")).verdict == "proved"


def test_a_model_effect_may_end_the_run_unless_declared_willreturn() -> None:
    v = speculated(model("calls/report_then_read.loop"))
    assert v.verdict == "counterexample" and v.counterexample is not None and v.counterexample.source.stopped
    assert speculated(model("calls/report_then_read_returns.loop")).verdict == "proved"


def test_a_target_that_skips_a_call_which_may_end_the_run_is_refuted() -> None:
    # the target stops after 16 iterations: with n = 17 the source's run may end inside
    # foo(16), so its UB at g[16] is no excuse
    r = cli("equiv", str(CALLS / "stop_early.src.ll"), str(CALLS / "stop_early.tgt.ll"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "source foo(16), target (ends)" in r.stdout and "ends inside that call" in r.stdout
    assert "the call of event 17 does not return" in r.stdout


def test_the_same_target_refines_a_source_whose_call_returns() -> None:
    r = cli("equiv", str(CALLS / "stop_early_returns.src.ll"), str(CALLS / "stop_early.tgt.ll"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "covers every input" in r.stdout


def test_a_target_that_claims_willreturn_is_checked_not_trusted() -> None:
    # stop_early.tgt.ll declares foo willreturn; the source does not: the source's facts hold
    src, tgt = load_pair(CALLS / "stop_early.src.ll", CALLS / "stop_early.tgt.ll")
    assert not src.funcs["foo"].willreturn and not tgt.funcs["foo"].willreturn
    assert load_program(CALLS / "stop_early.tgt.ll").funcs["foo"].willreturn  # read alone: its own claim


def test_a_loop_pair_takes_the_sources_effect_declarations(tmp_path: Path) -> None:
    text = "loop {n}(N: i64) {{\n  array a: i8[4]\n  effect f(i8){wr}\n  x = a[0]\n  f(x)\n}}\n"
    (tmp_path / "s.loop").write_text(text.format(n="s", wr=""))
    (tmp_path / "t.loop").write_text(text.format(n="t", wr=" writes(a) willreturn"))
    _, tgt = load_pair(tmp_path / "s.loop", tmp_path / "t.loop")
    f = tgt.funcs["f"]
    assert (f.writes, f.willreturn) == ((), False)
    assert all(i.decl is f for b in tgt.blocks.values() for i in b.instrs if i.op == "call")


@pytest.mark.slow
def test_a_lanes_label_claims_no_wide_load_of_memory_a_call_writes() -> None:
    r = cli("lanes", str(MODELS / "calls" / "search_writes.loop"), "--vf", "4")
    assert "wide load only if no lane's write reaches another lane's read (not checked)" in r.stdout
    assert "(call foo, line 15)" in r.stdout
    plain = cli("lanes", str(MODELS / "seed" / "search_loop.loop"), "--vf", "4")
    assert "load a[i]" in plain.stdout and "not checked" not in plain.stdout


# ---------------------------------------------------------------- a proof says what it rests on

@pytest.mark.slow
def test_a_reading_weaker_than_langref_is_a_listed_assumption() -> None:
    pair = [str(MODELS / "llvm" / "find_char.scalar.ll"), str(MODELS / "llvm" / "find_char.vf4.ll")]
    for how in (["--cttz-elts", "first-true"], ["--assume", "cttz-elts-first-true"]):
        r = cli("equiv", *pair, *how, "--json")
        rec = json.loads(r.stdout.splitlines()[-1])
        assert rec["verdict"] == "proved" and rec["assumptions"] == ["cttz-elts-first-true"], r.stdout
    lang = json.loads(cli("equiv", *pair, "--json").stdout.splitlines()[-1])
    assert lang["verdict"] == "counterexample" and lang["assumptions"] == []
    # a function without a cttz.elts is read the same under either rule: nothing assumed
    scalar = json.loads(cli("equiv", pair[0], pair[0], "--cttz-elts", "first-true", "--json")
                                      .stdout.splitlines()[-1])
    assert scalar["assumptions"] == []


# ---------------------------------------------------------------- a replay is a real run of both

SLOW_TARGET = """loop slow(N: i64) {{
  array a: i8[N]
entry:
  goto head
head:
  i: i64 = phi [entry: 0, {latch}: i.next]
  more: i1 = i < N
  if (more) goto b0 else goto done
{chain}
  i.next: i64 = i + 1
  {call}goto head
done:
  out n = i
  end
}}
"""


def _slow(links: int, call: str = "") -> str:
    """A counting loop whose body is `links` blocks that only jump on (a target that
    takes many interpreter steps per iteration)."""
    chain = "\n".join(f"b{k}:\n  goto b{k + 1}" for k in range(links)) + f"\nb{links}:"
    return SLOW_TARGET.format(latch=f"b{links}", chain=chain, call=call)


def test_running_out_of_interpreter_steps_is_no_divergence() -> None:
    from verifier.checks.replay import replay

    src, tgt = parse(_slow(0), "s.loop"), parse(_slow(12), "t.loop")
    inputs = Inputs(params={"N": 500}, arrays={"a": [0] * 500})
    # the check's own fuel covers a short run; the target gets steps by the source's run
    assert replay(src, tgt, inputs, fuel=200) is None
    from verifier.checks.replay import target_fuel

    assert run(tgt, inputs, fuel=target_fuel(run(src, inputs, fuel=10_000), 200)).status == "ok"


def test_a_target_that_runs_on_making_calls_the_source_does_not_is_refuted_however_long() -> None:
    from verifier.checks.replay import replay

    src = parse(_slow(0).replace("array a: i8[N]", "array a: i8[N]\n  effect f(i64) willreturn"), "s.loop")
    text = _slow(0).replace("array a: i8[N]", "array a: i8[N]\n  effect f(i64) willreturn") \
        .replace("  more: i1 = i < N", "  more: i1 = 1 == 1").replace("  goto head\ndone", "  f(i)\n  goto head\ndone")
    cex = replay(src, parse(text, "t.loop"), Inputs(params={"N": 3}, arrays={"a": [0] * 3}), fuel=200)
    assert cex is not None and cex.divergence.kind == "trace" and cex.target.status == "fuel"


def test_a_call_that_writes_a_view_writes_the_object_only_where_the_view_lies_in_it() -> None:
    """`writes(b)` with `alias a, b`: a call reaches a's object only in a run where b is a
    window on it (then all of it); apart, a keeps its contents."""
    p = parse("loop m(N: i64) {\n  array a: i8[2]\n  array b: i8[8]\n  alias a, b\n"
              "  effect f() writes(b) willreturn\n  f()\n  x = a[1]\n  out x\n}\n", "m.loop")
    leaves = {("a", 0): ({1: 9}, 0), ("b", 0): ({}, 0)}
    apart = run(p, Inputs(params={"N": 0}, arrays={"a": [5, 5], "b": [0] * 8}, alias={"b": (None, 0)},
                          clobbers=leaves))
    assert apart.outs["x"].v == 5, "b apart from a: the call cannot reach a"
    inside = run(p, Inputs(params={"N": 0}, arrays={"a": [5, 5], "b": [0] * 8}, alias={"b": ("a", 0)},
                           clobbers=leaves))
    assert inside.outs["x"].v == 9, "b a window on a's object: the call reaches all of it"


def test_a_call_that_reads_a_view_sees_the_object_only_where_the_view_lies_in_it() -> None:
    """`reads(b)` with `alias a, b`: a store to a moved across the call is a difference
    the callee sees only in a run where b is a window on a's object; without the alias
    it sees none (the pair is proved)."""
    def pair(alias: str) -> tuple[object, object]:
        head = f"loop f(N: i64) {{\n  array a: i8[2]\n  array b: i8[8]\n{alias}  effect foo(i8) reads(b) willreturn\n"
        return (parse(head + "  a[1] = 7\n  foo(1)\n  out N\n}\n", "s.loop"),
                parse(head + "  foo(1)\n  a[1] = 7\n  out N\n}\n", "t.loop"))

    v = refinement(*pair("  alias a, b\n"), max_trip=2, budget=Budget.of(60))  # type: ignore[arg-type]
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert v.counterexample.inputs.alias["b"][0] == "a", "only a run where b views a's object differs"
    assert refinement(*pair(""), max_trip=2, budget=Budget.of(60)).verdict == "proved"  # type: ignore[arg-type]
    apart = run(pair("  alias a, b\n")[0], Inputs(params={"N": 0}, alias={"b": (None, 0)}))  # type: ignore[arg-type]
    assert set(apart.trace[0].memory) == {"b"}, "apart, the callee sees b alone"


def test_a_window_far_from_its_object_is_still_reached_by_a_call_writing_the_object() -> None:
    """`window a, b` (b always in a's object) and `writes(a)`: a load of b moved across
    the call differs, even where b lies far from a's elements (the callee reaches the
    whole object): a replayed counterexample, not an internal error; with the call
    writing nothing it is proved."""
    def pair(writes: str) -> tuple[object, object]:
        head = f"loop f(N: i64) {{\n  array a: i8[4]\n  array b: i8[4]\n  window a, b\n  effect foo(i8){writes}\n"
        return (parse(head + "  foo(1)\n  x = b[0]\n  out x\n}\n", "s.loop"),
                parse(head + "  x = b[0]\n  foo(1)\n  out x\n}\n", "t.loop"))

    v = refinement(*pair(" writes(a)"), max_trip=2, budget=Budget.of(60))  # type: ignore[arg-type]
    assert v.verdict == "counterexample" and v.counterexample is not None, v.reason
    assert v.counterexample.inputs.alias["b"][0] == "a"
    assert refinement(*pair(""), max_trip=2, budget=Budget.of(60)).verdict == "proved"  # type: ignore[arg-type]


VIEW_HEAD = ("loop {n}(N: i64) {{\n{vf}  array a: i8[N]{init}\n  array b: i8[N]\n  alias a, b\n"
             "  effect foo(i8) writes(b) willreturn\n  assume N >= 1\n")


def test_a_call_that_writes_a_view_is_memory_the_loop_writes_for_the_per_iteration_proof() -> None:
    """The per-iteration proof starts each vector iteration from memory as the loop left
    it; a callee writing b (a view of a) writes a, so a form that reads a[] once before
    the loop, or trusts `init` a[] to stay poison-free, is refuted, not proved."""
    src = parse(VIEW_HEAD.format(n="s", vf="", init=" init") + """  i = 0
  if (i < N) {
    do {
      x = a[i]
      if (x == 0) break
      if ((i & 3) == 3) foo(x)
      i = i +nsw 1
    } while (i < N)
  }
  out i
}
""", "s.loop")
    tgt = parse(VIEW_HEAD.format(n="t", vf="  const VF = 4\n", init=" init") + """  i = 0
  while (i < N - N % VF) {
    x = a[i .. i+VF)
    if (anyof(x == 0)) break
    foo(extract(x, 4))
    i = i + VF
  }
  while (i < N) {
    y = a[i]
    if (y == 0) break
    if ((i & 3) == 3) foo(y)
    i = i +nsw 1
  }
  out i
}
""", "t.loop")
    from verifier.checks.translation import equivalence

    v = equivalence(src, tgt, False, 16, Budget.of(60))  # type: ignore[arg-type]
    assert v.verdict == "counterexample", (v.verdict, v.reason)


@pytest.mark.parametrize(("decls", "what"), [
    ("  array a: i8[4]\n  array b: i8[4] = [1, 2, 3, 4]\n  alias a, b\n", "given contents"),
    ("  array a: i8[4]\n  array b: i8[4] init\n  window a, b\n", "`init`"),
])
def test_views_that_contradict_their_declarations_are_refused(decls: str, what: str) -> None:
    with pytest.raises(UserError) as e:
        parse(f"loop f(N: i64) {{\n{decls}  x = b[0]\n  out x\n}}\n", "f.loop")
    assert what in str(e.value) and e.value.loc is not None


def test_a_chain_of_windows_replays_its_counterexample() -> None:
    """`window a, b` and `window b, c`: a store to a moved past a load of c differs where
    c lies on a's element; the replay keeps the chain (it once called b apart)."""
    head = "loop f(N: i64) {\n  array a: i8[4]\n  array b: i8[4]\n  array c: i8[4]\n  window a, b\n  window b, c\n"
    s = parse(head + "  a[0] = 1\n  x = c[0]\n  out x\n}\n", "s.loop")
    t = parse(head + "  x = c[0]\n  a[0] = 1\n  out x\n}\n", "t.loop")
    v = refinement(s, t, max_trip=2, budget=Budget.of(60))
    assert v.verdict == "counterexample", v.reason
