"""Models written as LLVM IR (verifier/emit/lower.py, transforms/lcssa.py): the LLVM
function, read back by the LLVM front end, runs like the model in the interpreter
(generated models and every scalar model of models/); `vectorize --emit-llvm` and
`cost` take models, and the emitted forms of the seed's loops are proved for every
trip count or refuted where the seed says the transformation is illegal."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings

from tests.helpers import MODELS, cli, emitted_mutant
from tests.progen import inputs_for, scalar_program
from verifier.analysis.loops import every_loop
from verifier.emit.lower import lower_model
from verifier.emit.reader import EmitUnsupported
from verifier.frontend import load_program
from verifier.frontend.parser import parse, parse_file
from verifier.ir.program import Extent, Program, Ref
from verifier.pairs import emitted_form
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run, RunStatus, run
from verifier.transforms.lcssa import loop_closed
from verifier.transforms.vector_loop import Form, ReductionOrder

SEED = MODELS / "seed"
SETTINGS = settings(max_examples=int(__import__("os").environ.get("PROP_EXAMPLES", "60")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _lowered(tmp_path: Path, prog: Program) -> Program:
    f = tmp_path / f"{prog.name}.ll"
    f.write_text(lower_model(prog).module)
    return load_program(f)


def _extent(e: Extent, params: dict[str, int]) -> int:
    if isinstance(e, int):
        return e
    if isinstance(e, str):
        return params[e]
    op, a, b = e
    x, y = _extent(a, params), _extent(b, params)
    return {"+": x + y, "-": x - y, "*": x * y}[op] if op in "+-*" else int(x / y) if op == "/" else x - int(x / y) * y


def _as_llvm(model: Program, ll: Program, inp: Inputs) -> Inputs:
    """The model's input for the LLVM function: the same parameters, arrays and calls'
    choices (which ends the run, what each leaves), each object exactly its extent's bytes."""
    params = dict(inp.params)
    for a in model.arrays:
        params[f"{a.name}.bytes"] = max(0, _extent(a.extent, inp.params)) * max(1, a.elem.bits // 8)
    names = {q.name for q in ll.params}
    return Inputs(params={k: v for k, v in params.items() if k in names}, arrays=dict(inp.arrays),
                  defaults=dict(inp.defaults), stops=inp.stops, clobbers=dict(inp.clobbers))


def _agree(model: Program, ll: Program, inp: Inputs) -> None:
    m, l_ = run(model, inp), run(ll, _as_llvm(model, ll, inp))
    assert m.status is not RunStatus.FUEL and l_.status is not RunStatus.FUEL
    assert m.status == l_.status, (m.ub, l_.ub)
    assert _events(m) == _events(l_)
    assert m.stopped == l_.stopped
    if m.status is RunStatus.UB or m.stopped:
        return  # (a run a call ends has no results)
    outs = model.out_names()
    theirs = [l_.outs["ret"]] if len(outs) == 1 else [l_.outs[f"ret.{k}"] for k in range(len(outs))]
    # a live-out the model's run does not set is poison in LLVM IR (and in the model's semantics)
    mine = [m.outs.get(o) for o in outs]
    assert [(0, True) if v is None or v.p else (v.v, False) for v in mine] == \
        [(0, True) if v.p else (v.v, False) for v in theirs]  # type: ignore[union-attr]
    for a in model.arrays:
        n = max(0, _extent(a.extent, inp.params))
        assert [_cell(m, a.name, k) for k in range(n)] == [_cell(l_, a.name, k) for k in range(n)], a.name


def _events(r: Run) -> list[tuple[str, tuple[tuple[int, bool], ...]]]:
    return [(e.callee, e.args) for e in r.trace]


def _cell(r: Run, array: str, k: int) -> tuple[int, bool]:
    v, p = r.memory[array][k]
    return (0, True) if p else (v, False)


@pytest.mark.slow
@SETTINGS
@given(scalar_program(), inputs_for())
def test_generated_models_run_alike_as_llvm_ir(tmp_path: Path, text: str, inp: Inputs) -> None:
    model = parse(text)
    # in LLVM IR a call that writes reaches every array not noalias: where an effect
    # writes fewer of those than some effect reaches, the lowering says it differs
    reached = {o for f in model.funcs.values() for o in f.observes}
    assume(all(not f.writes or set(f.writes) == reached for f in model.funcs.values()))
    _agree(model, _lowered(tmp_path, model), inp)


def _scalar_models() -> list[Path]:
    out = []
    for f in sorted(MODELS.rglob("*.loop")):
        try:
            lower_model(parse_file(f))
        except EmitUnsupported:
            continue
        out.append(f)
    return out


@pytest.mark.parametrize("path", _scalar_models(), ids=lambda p: str(p.relative_to(MODELS)))
def test_every_scalar_model_runs_alike_as_llvm_ir(tmp_path: Path, path: Path) -> None:
    model = parse_file(path)
    ll = _lowered(tmp_path, model)
    ints = [q for q in model.params]
    for n in (0, 1, 3, 6):
        params = {q.name: n if k == 0 else (k * 7 - 5) for k, q in enumerate(ints)}
        for bg in (0, 1, -3):
            arrays: dict[str, list[int | None]] = {}
            for a in model.arrays:
                size = max(0, _extent(a.extent, params))
                if size > 64:
                    break
                arrays[a.name] = [(bg + k) & 1 if a.elem.bits == 1 else bg * k for k in range(size)]
            else:
                _agree(model, ll, Inputs(params=params, arrays=arrays))


def test_the_scalar_models_that_lower_are_many() -> None:
    # every model of models/ but the vector ones, windows and constant tables (a live-out
    # set on some paths only is poison on the others: distinct_exits)
    assert MODELS / "multiexit" / "distinct_exits.loop" in _scalar_models()
    assert len(_scalar_models()) >= 40


def test_loop_closed_ssa_reaches_every_use_after_the_loop_through_an_exit_phi() -> None:
    prog = loop_closed(parse_file(SEED / "search_loop.loop"))
    (loop,) = every_loop(prog)
    defined = {i.dest for b in loop.blocks for i in prog.blocks[b].instrs} | {
        ph.dest for b in loop.blocks for ph in prog.blocks[b].phis}
    for name, blk in prog.blocks.items():
        if name in loop.blocks:
            continue
        for ph in blk.phis:
            for frm, op in ph.incoming:
                if isinstance(op, Ref) and op.name in defined:
                    assert frm in loop.blocks and len(blk.phis) >= 1 and len(ph.incoming) == 1, (name, ph)
        for ins in blk.instrs:
            assert not any(isinstance(a, Ref) and a.name in defined for a in ins.args), (name, ins)
    # and the program runs as before
    before = parse_file(SEED / "search_loop.loop")
    for a in ([1, 2, 0, 4], [5, 5, 5, 5], [0]):
        inp = Inputs(params={"N": len(a)}, arrays={"a": list(a)})
        x, y = run(before, inp), run(prog, inp)
        assert (x.status, _events(x), x.outs["i"].v) == (y.status, _events(y), y.outs["i"].v)  # type: ignore[union-attr]


def test_the_lowering_lists_what_llvm_ir_says_differently() -> None:
    low = lower_model(parse_file(SEED / "liveout_a.loop"))
    assert any("c1 is `init`" in d for d in low.differences)
    assert "noalias" in low.module and '"dereferenceable"(ptr %A' in low.module


@pytest.mark.slow
@pytest.mark.parametrize("model", ["search_loop", "predication_example", "liveout_y", "liveout_a", "liveout_b"])
@pytest.mark.parametrize("form", ["general", "simple"])
def test_seed_model_forms_emitted_as_llvm_ir_are_proved_for_every_trip_count(tmp_path: Path, model: str,
                                                                              form: str) -> None:
    out = tmp_path / "out.ll"
    r = cli("vectorize", str(SEED / f"{model}.loop"), "--form", form, "--emit-llvm", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "covers every trip count" in r.stdout and "remainder loop" in r.stdout
    assert (tmp_path / "out.scalar.ll").read_text().startswith(f"; the loop model {model}")
    assert "<4 x " in out.read_text()


@pytest.mark.parametrize("model, says", [("predication_example_ordered", "trace differs"),
                                         ("division", "division")])
@pytest.mark.slow
def test_seed_models_the_seed_calls_illegal_are_refuted_as_llvm_ir(tmp_path: Path, model: str, says: str) -> None:
    r = cli("vectorize", str(SEED / f"{model}.loop"), "--form", "simple", "--emit-llvm", str(tmp_path / "out.ll"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "counterexample" in r.stdout and says in r.stdout


def _mutant(tmp_path: Path, model: str | Path, edit: tuple[str, str], form: str = "simple") -> str:
    """The form emitted from `model` (a seed model's name, or a path), broken by `edit`
    (a regex substitution), refuted against the model's lowering: the output."""
    r = emitted_mutant(tmp_path, model if isinstance(model, Path) else SEED / f"{model}.loop", edit, form)
    assert r.returncode == 1, r.stdout + r.stderr
    return r.stdout


@pytest.mark.parametrize("model", [SEED / "hoist_store.loop", MODELS / "forms" / "clamp_until_limit.loop"],
                         ids=lambda p: p.stem)
@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_exit_test_reading_a_store_is_forwarded_and_proved(tmp_path: Path, model: Path, form: str) -> None:
    # seed 000's hoist_store: C1 reads the c[i] that I0 stores. The seed's hoisting of C1
    # above I0 is illegal, but the form's stores wait for the exit test, and the test
    # takes the stored vector instead (in clamp_until_limit, only in the lanes that stored)
    out = tmp_path / "out.ll"
    r = cli("vectorize", str(model), "--form", form, "--emit-llvm", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "covers every trip count" in r.stdout
    body = out.read_text().split("vec.body:")[1]
    assert ("load <4 x i32>, ptr %c" not in body) if model.stem == "hoist_store" else (".fwd = select" in body)


# each carried induction the emitter steps as such, emitted and proved for every trip count:
# - j = i; i = i + 1 (adjacent_pair): j is stepped as an induction, and the proof's window
#   gives it i's previous value (else a[j] for VF lanes may be out of bounds from a free j);
# - i = i -nuw 1 down to the exit at 0 (countdown): the vector loop runs while every lane's
#   i stays at or above 0 (i >= VF, unsigned), as the nuw flag says
@pytest.mark.parametrize("model", [MODELS / "forms" / "adjacent_pair.loop",
                                   pytest.param(MODELS / "legality" / "countdown.loop", marks=pytest.mark.slow)],
                         ids=lambda p: p.stem)
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_carried_induction_is_emitted_and_proved(tmp_path: Path, model: Path, form: str) -> None:
    r = cli("vectorize", str(model), "--form", form, "--emit-llvm", str(tmp_path / "out.ll"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "covers every trip count" in r.stdout


@pytest.mark.slow
def test_a_countdown_whose_vector_loop_runs_past_zero_is_refuted(tmp_path: Path) -> None:
    # the vector loop entered whatever i is (no countable-exit test, no room test): with
    # i < VF - 1 the last lanes read below a[0]. (The room test alone is implied here by
    # the countable exit i == 0, which every lane must pass: dropping only it is no bug.)
    out = _mutant(tmp_path, MODELS / "legality" / "countdown.loop",
                  (r"%vec\.go\.1 = and i1 %vec\.go, %fits", "%vec.go.1 = and i1 true, true"), "general")
    assert "counterexample" in out


def test_lagging_phis_are_found_only_one_step_behind() -> None:
    from verifier.analysis.exits import analyse

    text = (MODELS / "forms" / "adjacent_pair.loop").read_text()
    le = analyse(parse(text))
    assert [(g.phi, g.induction) for g in le.lagging.values()] == [("j", "i")]
    assert analyse(parse(text.replace("j = 0", "j = 5"))).lagging == {}


@pytest.mark.parametrize("model, edit", [
    # the exit test reads c[i] from memory, where the form has not stored it yet
    ("hoist_store", (r"(%t\.5\.v = icmp slt <4 x i32> )%t\.3\.v",
                     r"%c.mem.at = getelementptr inbounds i32, ptr %c, i64 %i.vec\n"
                     r"  %c.mem = load <4 x i32>, ptr %c.mem.at, align 4\n  \1%c.mem")),
    # every lane takes the stored zero, also those that did not store it
    ("clamp_until_limit", (r"select <4 x i1> %t\.2\.frozen, ", "select <4 x i1> <i1 true, i1 true, i1 true, i1 true>, ")),
    # no lane does: the test reads memory the masked store has not written yet
    ("clamp_until_limit", (r"select <4 x i1> %t\.2\.frozen, ", "select <4 x i1> zeroinitializer, ")),
], ids=["hoist_store read from memory", "forwarded in every lane", "forwarded in no lane"])
@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_broken_forwarding_is_refuted(tmp_path: Path, model: str, edit: tuple[str, str], form: str) -> None:
    path = SEED / f"{model}.loop" if model == "hoist_store" else MODELS / "forms" / f"{model}.loop"
    out = _mutant(tmp_path, path, edit, form=form)
    assert "counterexample" in out


@pytest.mark.slow
def test_wrong_store_in_the_skipped_vector_loop_is_refuted(tmp_path: Path) -> None:
    # the vector loop the remainder's step skips stores 2 in lane 3 instead of I2's 1: the
    # vector step, which compares memory where the remainder is entered, refutes it
    out = _mutant(tmp_path, "predication_example", (r"<i8 1, i8 1, i8 1, i8 1>, (ptr %I2)",
                                                    r"<i8 1, i8 1, i8 2, i8 1>, \1"))
    assert "counterexample" in out


@pytest.mark.slow
def test_wrong_remainder_loop_is_refuted(tmp_path: Path) -> None:
    # the remainder loop's store of I2 gone astray: one remainder iteration against
    # one source iteration from any state refutes it
    out = _mutant(tmp_path, "predication_example", (r"store i8 1, ptr %I2\.at", "store i8 3, ptr %I2.at"))
    assert "counterexample" in out


@pytest.mark.parametrize("edit", [
    # lane k of the recurrence read from the current iteration's lane k, not lane k-1
    (r"<4 x i32> <i32 3, i32 4, i32 5, i32 6>", "<4 x i32> <i32 4, i32 5, i32 6, i32 7>"),
    # the start in the first lane of the initial vector, not the last
    (r"(%X\.2\.init = insertelement <4 x i32> poison, i32 0, )i64 3", r"\1i64 0"),
    # the back edge carries the recurrence's own lanes, not this iteration's X
    (r"\[ %X\.v, %vec\.latch \]", "[ %X.2.v, %vec.latch ]"),
], ids=["lane k", "start lane", "back edge"])
@pytest.mark.slow
def test_broken_recurrence_is_refuted(tmp_path: Path, edit: tuple[str, str]) -> None:
    # seed 000's liveout_a: X, read after the loop, is the previous iteration's A[i]
    out = _mutant(tmp_path, "liveout_a", edit, form="general")
    assert "counterexample" in out


def test_vector_model_is_a_clear_error(tmp_path: Path) -> None:
    r = cli("vectorize", str(SEED / "vectorized" / "search_loop_general_vf4.loop"), "--emit-llvm",
            str(tmp_path / "out.ll"))
    assert r.returncode == 2
    assert "cannot write the model as LLVM IR: the vector operation" in r.stderr and "(line " in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.skipif(shutil.which("llc-22") is None, reason="needs llc-22")
@pytest.mark.parametrize("path", [p for p in _scalar_models() if p.parent == SEED], ids=lambda p: p.name)
def test_lowered_seed_models_compile(tmp_path: Path, path: Path) -> None:
    import subprocess

    f = tmp_path / "m.ll"
    f.write_text(lower_model(parse_file(path)).module)
    subprocess.run(["llc-22", "-O2", str(f), "-o", str(tmp_path / "m.s")], check=True)


def _equiv_json(source: Path, target: Path, *extra: str) -> dict[str, object]:
    """`verifier equiv SOURCE TARGET --json` in this process: the verdict's object."""
    import json

    from typer.testing import CliRunner

    from verifier.cli import app

    res = CliRunner().invoke(app, ["equiv", str(source), str(target), "--json", "--timeout", "20", *extra])
    assert res.exit_code != 2, res.output
    return dict(json.loads(res.output))


@pytest.mark.slow
@pytest.mark.parametrize("path", _scalar_models(), ids=lambda p: str(p.relative_to(MODELS)))
def test_every_scalar_model_is_proved_equal_to_its_lowering_or_bounded(tmp_path: Path, path: Path) -> None:
    """`equiv MODEL.loop LOWERED.ll` over one environment: never a counterexample (the
    lowering is the model's meaning); proved for every trip count unless the loop's runs
    are longer than the bounded check looks (no vector form for the induction to take)."""
    ll = tmp_path / f"{path.stem}.ll"
    ll.write_text(lower_model(parse_file(path)).module)
    v = _equiv_json(path, ll)
    assert v["verdict"] == "proved" or "bounded only" in str(v.get("reason")), v
    assert "arrays-are-objects" in v["assumptions"] or not parse_file(path).arrays, v


def test_a_lowering_that_steps_twice_or_reads_past_the_array_is_refuted_against_its_model(tmp_path: Path) -> None:
    """Both sides of the model-against-LLVM reading: the lowering is proved; a copy whose
    induction steps by 2, or that loads the next element, is refuted with a replayed
    run (each object exactly its extent: one element past it is out of bounds)."""
    model = MODELS / "forms" / "abs_copy.loop"
    text = lower_model(parse_file(model)).module
    right = tmp_path / "right.ll"
    right.write_text(text)
    assert _equiv_json(model, right)["verdict"] == "proved"
    step, load = "add nsw i64 %i, 1", "%x = load i32, ptr %a.at, align 4"
    assert text.count(step) == 1 and text.count(load) == 1
    for name, broken, says in (("step", text.replace(step, "add nsw i64 %i, 2"), "live-out i"),
                               ("past", text.replace(load, "%a.nx = getelementptr inbounds i32, ptr %a.at, i64 1\n"
                                                           "  %x = load i32, ptr %a.nx, align 4"), "out of bounds")):
        f = tmp_path / f"{name}.ll"
        f.write_text(broken)
        v = _equiv_json(model, f)
        assert v["verdict"] == "counterexample" and says in str(v["counterexample"]), v


def test_a_function_returning_other_than_the_models_live_outs_is_a_clear_error(tmp_path: Path) -> None:
    model = MODELS / "forms" / "sum_until_zero.loop"  # out s, out i: a struct of two
    text = lower_model(parse_file(model)).module
    f = tmp_path / "one.ll"
    f.write_text("define i64 @sum_until_zero(i64 noundef %N, ptr noalias %a) {\nentry:\n  ret i64 0\n}\n")
    r = cli("equiv", str(model), str(f))
    assert r.returncode == 2 and "returns 1 value(s)" in r.stderr and "2 live-out(s) (s, i)" in r.stderr, r.stderr
    assert "{ i32, i64 }" in text


def test_a_bool_array_is_read_as_the_bytes_llvm_keeps_it_in(tmp_path: Path) -> None:
    """liveout_a's `c1: i1[]` is a byte in LLVM IR (C's bool): its lowering is proved
    against the model, and a lowering that reads the byte negated is refuted."""
    model = SEED / "liveout_a.loop"
    text = lower_model(parse_file(model)).module
    right = tmp_path / "right.ll"
    right.write_text(text)
    v = _equiv_json(model, right)
    assert v["verdict"] == "proved" and "arrays-are-objects" in v["assumptions"], v
    (read,) = re.findall(r"(%[\w.]+) = trunc i8 (%[\w.]+) to i1", text)
    negated = tmp_path / "negated.ll"
    negated.write_text(text.replace(f"{read[0]} = trunc i8 {read[1]} to i1", f"{read[0]} = icmp eq i8 {read[1]}, 0"))
    assert _equiv_json(model, negated)["verdict"] == "counterexample"


def test_a_form_the_bridge_cannot_read_keeps_the_proof_against_the_lowering(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the model and the form cannot be read over one environment, vectorize does
    not make a proved form an error: the lowering's proof stands and the verdict says so."""
    from typer.testing import CliRunner

    import verifier.frontend as frontend
    from verifier.cli import app
    from verifier.errors import UserError

    def unreadable(*_: object) -> None:
        raise UserError("no environment for both")

    monkeypatch.setattr(frontend, "over_llvm_environment", unreadable)
    res = CliRunner().invoke(app, ["vectorize", str(SEED / "search_loop.loop"), "--form", "simple", "--emit-llvm",
                                   str(tmp_path / "o.ll")])
    assert res.exit_code == 0, res.output
    assert "proved against the model as LLVM IR only: compared with the model itself, no environment for both" \
        in res.output


LAST_BIT = """loop last_bit(N: i64) {
  array c: i1[N]
  b: i1 = 0
  i = 0
  while (i < N) {
    b = c[i]
    i = i + 1
  }
  out b
}
"""


def test_a_poison_bit_the_model_only_reads_is_an_input_the_comparison_keeps(tmp_path: Path) -> None:
    """A model's bool cell may be poison and is read without a branch: a function that
    branches on the loaded bit is UB on that input, where the model is not. (Reading the
    byte under an assumption that it is 0 or 1 would be UB on poison too, and would prove
    this function.)"""
    model = tmp_path / "last_bit.loop"
    model.write_text(LAST_BIT)
    text = lower_model(parse_file(model)).module
    right = tmp_path / "right.ll"
    right.write_text(text)
    assert _equiv_json(model, right)["verdict"] == "proved"
    body = "  %i.1 = add i64 %i, 1\n  br label %loop\n}"
    phis = ("[ %i.1, %body ]", "[ %b, %body ]")
    assert text.count(body) == 1 and all(text.count(p) == 1 for p in phis)
    branchy = text.replace(body, "  %i.1 = add i64 %i, 1\n  br i1 %b, label %bt, label %bf\nbt:\n  br label %loop\n"
                                 "bf:\n  br label %loop\n}")
    for p in phis:
        branchy = branchy.replace(p, p.replace("%body", "%bt") + ", " + p.replace("%body", "%bf"))
    f = tmp_path / "branchy.ll"
    f.write_text(branchy)
    v = _equiv_json(model, f)
    assert v["verdict"] == "counterexample" and "branch on poison" in str(v["counterexample"]), v


SUZ = MODELS / "forms" / "sum_until_zero.loop"
SIGNATURE = "define { i32, i64 } @sum_until_zero(i64 noundef %N, ptr noalias captures(none) align 4 %a) {"


@pytest.mark.parametrize("model, old, new, says", [
    (SUZ, SIGNATURE, SIGNATURE.replace(") {", ") memory(none) {"), "memory(none) on the function"),
    (SUZ, SIGNATURE, SIGNATURE.replace("align 4", "align 16"), "align 16 on argument 1"),
    (SUZ, SIGNATURE, SIGNATURE.replace("%a)", "writeonly %a)"), "writeonly on argument 1"),
    (MODELS / "calls" / "search_writes.loop", "declare void @foo(i8) memory(readwrite)",
     "declare void @foo(i8) memory(inaccessiblemem: readwrite)", "@foo declared or called as doing less"),
], ids=["memory(none)", "align", "writeonly", "callee"])
def test_a_function_that_claims_what_its_model_does_not_is_unknown(tmp_path: Path, model: Path, old: str, new: str,
                                                                   says: str) -> None:
    """Claims the comparison does not check (the function's memory, an argument's
    alignment or access, a callee's declared effects), where the model's lowering makes
    none: each would let LLVM treat a run of the model as UB."""
    text = lower_model(parse_file(model)).module
    assert text.count(old) == 1
    f = tmp_path / "claims.ll"
    f.write_text(text.replace(old, new))
    v = _equiv_json(model, f)
    assert v["verdict"] == "unknown" and says in str(v["reason"]), v


def test_a_model_without_llvm_ir_of_its_own_is_unknown_against_a_function(tmp_path: Path) -> None:
    """An extent LLVM cannot compute for every input (a division by a parameter): the
    model has no lowering to hold the function's claims against, nor one environment."""
    m = tmp_path / "m.loop"
    m.write_text("loop m(N: i64, M: i64) {\n  array a: i32[N % M]\n  i = 0\n  out i\n}\n")
    f = tmp_path / "f.ll"
    f.write_text("define i64 @m(i64 noundef %N, i64 noundef %M, ptr %a) {\nentry:\n  ret i64 0\n}\n")
    v = _equiv_json(m, f)
    assert v["verdict"] == "unknown" and "divides by M" in str(v["reason"]), v


def test_a_function_taking_the_models_parameters_in_another_order_is_a_clear_error(tmp_path: Path) -> None:
    m = tmp_path / "m.loop"
    m.write_text("loop m(N: i64, M: i64) {\n  array a: i32[N]\n  i = 0\n  out i\n}\n")
    text = lower_model(parse_file(m)).module
    old = "(i64 noundef %N, i64 noundef %M"
    assert text.count(old) == 1
    f = tmp_path / "f.ll"
    f.write_text(text.replace(old, "(i64 noundef %M, i64 noundef %N"))
    r = cli("equiv", str(m), str(f))
    assert r.returncode == 2 and "takes (%M, %N) where" in r.stderr and "m.loop takes (N, M), in that order" in r.stderr, r.stderr


def test_a_difference_only_at_a_bool_byte_over_one_is_no_counterexample(tmp_path: Path) -> None:
    """A function reading a bool as `!= 0` where the lowering truncates: the two differ
    only on a byte of 2, no input of the model (unknown, never a counterexample); one
    that negates the bit is refuted at a byte the model has."""
    model = tmp_path / "last_bit.loop"
    model.write_text(LAST_BIT)
    text = lower_model(parse_file(model)).module
    read = "%b = trunc i8 %b.byte to i1"
    assert text.count(read) == 1
    for name, new, verdict in (("ne", "%b = icmp ne i8 %b.byte, 0", "unknown"),
                               ("eq", "%b = icmp eq i8 %b.byte, 0", "counterexample")):
        f = tmp_path / f"{name}.ll"
        f.write_text(text.replace(read, new))
        v = _equiv_json(model, f)
        assert v["verdict"] == verdict, v
        if verdict == "unknown":
            assert "byte over 1 in bool array(s) c" in str(v["reason"]), v


def test_a_live_out_set_inside_the_loop_is_refused_where_the_run_ends_without_it() -> None:
    """A live-out no block sets on the way to an end is poison there (distinct_exits);
    one set inside the loop and not again where the run ends is the model's value, which
    the block that ends the run cannot return: refused, never read as poison."""
    lower_model(parse_file(MODELS / "multiexit" / "distinct_exits.loop"))
    inside = parse("""loop inside(N: i64) {
  array a: i8[N]
  assume N >= 1
  i = 0
  while (true) {
    x = a[i]
    if (x == 0) { out r = x + 1  break }
    i = i +nsw 1
    if (i == N) { out r = x  break }
  }
  out i
}
""")
    with pytest.raises(EmitUnsupported, match="live-out r is set before block"):
        lower_model(inside)


@pytest.mark.parametrize("model", [MODELS / "lanes" / "pure_call.loop", MODELS / "forms" / "assume_after_exit.loop"],
                         ids=lambda p: p.stem)
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_speculatable_call_and_an_assume_are_emitted_and_proved(tmp_path: Path, model: Path, form: str) -> None:
    # g(i), declared speculatable and memory(none), called once per lane; the assume
    # after the exit dropped (the form may have less undefined behaviour than the loop)
    out = tmp_path / "out.ll"
    r = cli("vectorize", str(model), "--form", form, "--emit-llvm", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "covers every trip count" in r.stdout
    vector_loop = out.read_text().split("vec.body:")[1].split("scalar.ph:")[0]
    assert ("call i64 @g(i64 %i.lane3)" in vector_loop) if model.stem == "pure_call" else \
        ("@llvm.assume" not in vector_loop)


@pytest.mark.slow
@pytest.mark.parametrize("model, edit", [
    # lane 1 of g(i) called with lane 0's argument: B[i+1] = g(i)
    ("pure_call", (r"(%b\.lane1 = call i64 @g\(i64 )%i\.lane1", r"\1%i.lane0")),
    # the assume kept for every lane, past the exiting one too (where x == 0)
    ("assume_after_exit", (r"(%t\.3\.v = icmp ne <4 x i8> %x\.v, zeroinitializer\n)",
                           r"\1  %t.3.lane1 = extractelement <4 x i1> %t.3.v, i64 1\n"
                           r"  call void @llvm.assume(i1 %t.3.lane1)\n")),
], ids=["call for another lane", "assume past the exit"])
def test_a_call_for_the_wrong_lane_or_an_unpredicated_assume_is_refuted(tmp_path: Path, model: str,
                                                                        edit: tuple[str, str]) -> None:
    path = MODELS / ("lanes" if model == "pure_call" else "forms") / f"{model}.loop"
    out = _mutant(tmp_path, path, edit, form="general")
    assert "counterexample" in out


def test_a_call_that_is_not_speculatable_is_not_emitted_for_lanes_the_loop_does_not_run(tmp_path: Path) -> None:
    src = tmp_path / "not_speculatable.loop"
    src.write_text((MODELS / "lanes" / "pure_call.loop").read_text().replace(" speculatable", ""))
    with pytest.raises(EmitUnsupported, match=r"@g whose result the loop uses and that is not both `speculatable`"):
        emitted_form(src, None, Form.GENERAL, 4, ReductionOrder.ORDERED, tmp_path)
