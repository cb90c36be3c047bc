"""The generated form's question through the one generator (verifier/pairs.py): a
model's loop lowered to LLVM IR, its form emitted, and the form proved against the
model itself; refuted with a replayed run where the seed says the form is illegal;
unknown, naming why, where no form can be emitted or compared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli
from verifier.checks.dispatch import Request, Scope
from verifier.checks.verdict import Check, VerdictKind
from verifier.ir.program import Assumption
from verifier.pairs import by_the_emitter, form_verdict
from verifier.transforms.vector_loop import Form

SEED = MODELS / "seed"


def _ask(form: Form, vf: int = 4, scope: Scope = Scope.UNBOUNDED, **kw: object) -> Request:
    return Request(Check.EQUIV, vf=vf, form=form, scope=scope, timeout=60, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("form", list(Form))
def test_a_models_form_is_proved_against_the_model_for_every_trip_count(form: Form) -> None:
    v = form_verdict(_ask(form), SEED / "search_loop.loop")
    assert v.verdict is VerdictKind.PROVED, v.reason
    assert v.coverage.unbounded and v.form == form and v.vf == 4 and v.model == "search_loop"
    # the model's arrays are read as LLVM objects: an assumption the verdict names
    assert Assumption.ARRAYS_ARE_OBJECTS in v.assumptions


def test_a_form_that_speculates_a_division_by_zero_is_refuted_with_a_run_of_the_model() -> None:
    v = form_verdict(_ask(Form.GENERAL, vf=2, scope=Scope.BOUNDED), SEED / "division.loop")
    assert v.verdict is VerdictKind.COUNTEREXAMPLE, v.reason
    cex = v.counterexample
    assert cex is not None and cex.inputs is not None and "N" in cex.inputs.params


def test_a_live_out_set_on_some_paths_only_is_poison_on_the_others_and_both_forms_are_proved() -> None:
    # seed 001's distinct exit blocks: `at` is not set where the loop runs to its end
    for form in Form:
        v = form_verdict(_ask(form), MODELS / "multiexit" / "distinct_exits.loop")
        assert v.verdict is VerdictKind.PROVED, (form, v.reason)


def test_an_ordered_float_sum_s_form_is_proved_for_every_trip_count() -> None:
    # (its in-loop form, reassociated as asked, is refuted: tests/test_float_display.py)
    v = form_verdict(_ask(Form.SIMPLE, scope=Scope.DEFAULT), MODELS / "llvm" / "fsum_until_negative.scalar.ll")
    assert v.verdict is VerdictKind.PROVED and v.coverage.unbounded, v.reason


def test_a_constant_table_is_lowered_and_its_form_proved_or_refuted(tmp_path: Path) -> None:
    # the table is a constant global in the lowering, read by the bridge as the model's
    # array of given contents
    src = tmp_path / "table.loop"
    src.write_text("""loop table(N: i64) {
  array a: i8[N]
  array t: i8[4] = [1, 2, 3, 0]
  i = 0
  do {
    if (t[i & 3] == 0) break
    i = i + 1
  } while (i < N)
  out i
}
""")
    v = form_verdict(_ask(Form.GENERAL), src)
    assert v.verdict is VerdictKind.PROVED and v.coverage.unbounded, v.reason
    # indexed by data: a lane past the exit may read a poison byte of `a`, which the
    # emitter freezes before the gather; without that freeze the form is refuted
    src.write_text(src.read_text().replace("t[i & 3]", "t[a[i] & 3]"))
    out = tmp_path / "form.ll"
    r = cli("vectorize", str(src), "--form", "general", "--emit-llvm", str(out))
    assert r.returncode == 0 and "covers every trip count" in r.stdout, r.stdout + r.stderr
    text = out.read_text()
    assert text.count("and <4 x i8> %t.v.fr,") == 1
    out.write_text(text.replace("and <4 x i8> %t.v.fr,", "and <4 x i8> %t.v.v,"))
    r = cli("equiv", str(tmp_path / "form.scalar.ll"), str(out), "--timeout", "60")
    assert r.returncode == 1 and "poison" in r.stdout, r.stdout


def test_where_the_emitter_writes_no_form_the_verdict_is_unknown_naming_the_construct() -> None:
    # pred() is memory(none) but not speculatable: no form may call it for lanes past the exit
    v = form_verdict(_ask(Form.SIMPLE), MODELS / "llvm" / "corpus" / "e_find_pred.scalar.ll")
    assert v.verdict is VerdictKind.UNKNOWN and v.form == "simple"
    assert "the emitter writes no simple form here: a call to @pred" in (v.reason or "") and "(line 18)" in v.reason


def test_every_form_question_goes_to_the_emitter_and_no_legality_question_does() -> None:
    assert by_the_emitter(_ask(Form.SIMPLE))
    assert by_the_emitter(_ask(Form.SIMPLE, guards=True))
    assert not by_the_emitter(Request(Check.SPECULATE))


def test_check_equiv_on_a_model_answers_on_the_emitted_forms() -> None:
    r = cli("check", str(SEED / "search_loop.loop"), "--check", "equiv", "--vf", "4", "--json")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 0, r.stderr
    assert [(x["form"], x["verdict"]) for x in rows] == [("general", "proved"), ("simple", "proved")]
    assert all("arrays-are-objects" in x["assumptions"] for x in rows)


def test_a_counterexample_on_an_emitted_form_names_the_form_the_same_way_in_every_run() -> None:
    # the form is written in a temporary folder, whose name differs in every run: the
    # verdict names the file as `vectorize --emit-llvm` would write it
    seen = set()
    for _ in range(2):
        v = form_verdict(_ask(Form.GENERAL, scope=Scope.BOUNDED), MODELS / "llvm" / "div_exit.scalar.ll")
        assert v.verdict is VerdictKind.COUNTEREXAMPLE and v.counterexample is not None
        loc = v.counterexample.divergence.loc
        assert loc is not None and loc.file == "div_exit.general.ll", loc
        seen.add((loc, tuple(v.advice)))
    assert len(seen) == 1
    assert any("--emit-llvm div_exit.general.ll" in a for a in v.advice), v.advice
