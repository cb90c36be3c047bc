"""Seed 001's "Internal Control Flow": a conditional block turned into an early exit,
and iteration-set splitting. Both sides: the seed's loop is rewritten and proved for
every run that ends; each condition the recogniser asks for, when it fails, is a
refusal naming it; a forced rewrite of a loop that fails one is refuted by a run
replayed on both programs."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from verifier.checks.rewrite import rewrite_obligation, rewrite_verdict, skipping_persists
from verifier.checks.verdict import VerdictKind
from verifier.cli import app
from verifier.frontend import load_program
from verifier.frontend.parser import parse
from verifier.ir.printer import program as print_program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.smt.budget import Budget
from verifier.transforms.exit_from_condition import (
    Unbuildable,
    exit_from_condition,
    forced,
    recognise,
)
from verifier.transforms.split import split_iterations

MODELS = Path(__file__).parent.parent / "models" / "rewrite"


def test_seed_loop_becomes_an_early_exit() -> None:
    prog = load_program(MODELS / "seed001_condition.loop")
    found, refused = recognise(prog)
    assert [c.block for c in found] == ["loop"] and not refused
    tgt = exit_from_condition(prog, found[0])
    text = print_program(tgt)
    assert "if (cmp) goto if.then else goto exit" in text
    v = rewrite_verdict(prog, tgt, found[0], recognised=True, max_trip=8, budget=Budget.of(60))
    assert v.verdict is VerdictKind.PROVED and v.coverage.unbounded
    # the printed rewrite reads back, and runs like the original on a concrete input
    again = parse(text, "rewritten.loop")
    inp = Inputs(params={"n": 9, "a": 4}, arrays={"src": list(range(10, 19)), "dst": [0] * 9})
    assert run(again, inp).memory["dst"].prefix(9) == run(prog, inp).memory["dst"].prefix(9)


@pytest.mark.parametrize(("model", "reason"), [
    ("modulo_condition.loop", "need not be monotone"),
    ("count_liveout.loop", "is read after the loop"),
    ("skip_first.loop", "the iterations it skips come first"),
])
def test_refusals_name_the_reason(model: str, reason: str) -> None:
    prog = load_program(MODELS / model)
    found, refused = recognise(prog)
    assert not found and any(reason in r.reason for r in refused), refused


@pytest.mark.parametrize("model", ["modulo_condition.loop", "count_liveout.loop", "skip_first.loop"])
def test_forced_rewrites_are_refuted(model: str) -> None:
    prog = load_program(MODELS / model)
    cand = forced(prog)
    assert cand is not None
    v = rewrite_verdict(prog, exit_from_condition(prog, cand), cand, recognised=False, max_trip=8, budget=Budget.of(60))
    assert v.verdict is VerdictKind.COUNTEREXAMPLE and v.counterexample is not None


def test_effects_on_the_skipped_path_are_refused() -> None:
    text = (MODELS / "seed001_condition.loop").read_text().replace(
        "  inc: i64 = iv +nuw.nsw 1", "  dst[0] = 5\n  inc: i64 = iv +nuw.nsw 1")
    found, refused = recognise(parse(text, "effect.loop"))
    assert not found and "an observable effect" in refused[0].reason


def test_wrapping_induction_is_refused() -> None:
    text = (MODELS / "seed001_condition.loop").read_text().replace("iv +nuw.nsw 1", "iv + 1")
    found, refused = recognise(parse(text, "wrap.loop"))
    assert not found and "may wrap" in refused[0].reason


def test_persistence_lemma_both_sides() -> None:
    prog = load_program(MODELS / "seed001_condition.loop")
    assert skipping_persists(prog, recognise(prog)[0][0], Budget.of(20)) is None
    prog = load_program(MODELS / "modulo_condition.loop")
    cand = forced(prog)
    assert cand is not None
    assert skipping_persists(prog, cand, Budget.of(20)) is not None


def test_unbuildable_forced_rewrite() -> None:
    text = (MODELS / "count_liveout.loop").read_text().replace("out last = iv", "out last = inc")
    prog = parse(text, "late.loop")
    cand = forced(prog)
    assert cand is not None
    with pytest.raises(Unbuildable):
        exit_from_condition(prog, cand)


@pytest.mark.slow
def test_split_both_sides() -> None:
    prog = load_program(MODELS / "split_two_arms.loop")
    found, _ = recognise(prog, split=True)
    tgt = split_iterations(prog, found[0])
    text = print_program(tgt)
    assert "loop.split:" in text and "if.then.split" not in text  # the second loop has no then-side
    v = rewrite_verdict(prog, tgt, found[0], True, max_trip=6, what="split", budget=Budget.of(60))
    assert v.verdict is VerdictKind.PROVED and v.coverage.unbounded
    assert rewrite_obligation(load_program(MODELS / "modulo_condition.loop"), "split", True, 6, Budget.of(30)).verdict \
        is VerdictKind.COUNTEREXAMPLE
    assert recognise(load_program(MODELS / "modulo_condition.loop"), split=True)[0] == []


def test_rewrite_command() -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["rewrite", str(MODELS / "seed001_condition.loop"), "--exit-from-condition"])
    assert r.exit_code == 0 and "proved" in r.output and "goto exit" in r.output, r.output
    r = runner.invoke(app, ["rewrite", str(MODELS / "modulo_condition.loop"), "--exit-from-condition"])
    assert r.exit_code == 1 and "refused" in r.output and "monotone" in r.output
    r = runner.invoke(app, ["rewrite", str(MODELS / "modulo_condition.loop"), "--exit-from-condition", "--force"])
    assert r.exit_code == 1 and "counterexample" in r.output


def test_check_command_does_not_take_lanes_or_rewrite() -> None:
    """They are commands of their own: --check's choices are the legality checks,
    equiv and all (a usage error, exit 2, names them)."""
    r = CliRunner().invoke(app, ["check", str(MODELS / "seed001_condition.loop"), "--check", "lanes"])
    assert r.exit_code == 2 and "hoist" in r.output and "speculate" in r.output


def test_a_branch_on_a_constant_is_refused_not_an_internal_error() -> None:
    text = (MODELS / "seed001_condition.loop").read_text().replace("if (cmp) goto if.then", "if (1) goto if.then")
    prog = parse(text, "const.loop")
    found, refused = recognise(prog)
    assert not found and refused and forced(prog) is None


# issue 58: rewrites read every use, and the command completes bounded answers
def test_a_phi_after_the_exit_block_is_a_use_the_rewrites_refuse() -> None:
    prog = load_program(MODELS / "phi_after.loop")
    found, refused = recognise(prog)
    assert not found and "iv is read after the loop (last in after)" in str(refused[0])
    cand = forced(prog)
    assert cand is not None
    with pytest.raises(Unbuildable, match="other than by a phi of an exit block on the edge from the loop"):
        split_iterations(prog, cand)


def test_a_branch_after_the_loop_is_a_use_the_rewrites_refuse() -> None:
    prog = load_program(MODELS / "branch_only.loop")
    for split in (False, True):
        found, refused = recognise(prog, split=split)
        if not split:
            assert not found and "the branch that ends done" in str(refused[0])
    cand = forced(prog)
    assert cand is not None
    with pytest.raises(Unbuildable, match="the branch that ends done"):
        split_iterations(prog, cand)


@pytest.mark.parametrize("model, how", [("force_count", "--exit-from-condition"),
                                        ("phi_after", "--exit-from-condition")])
def test_a_forced_rewrite_that_turns_past_the_bound_is_refuted_by_the_completion(model: str, how: str) -> None:
    r = CliRunner().invoke(app, ["rewrite", str(MODELS / f"{model}.loop"), how, "--force"])
    assert r.exit_code == 1, r.output
    assert "counterexample" in r.output and "divergence: live-out last: source 11, target 10" in r.output
