"""Freeze invariance (seed 000): proved for k = 1..4 exits and VF = 2..32; the
variants without freeze, or with a CLSZ that ignores the poison rule, refuted."""

from __future__ import annotations

import pytest

from verifier.checks.freeze import freeze_invariance
from verifier.smt.budget import Budget


@pytest.mark.slow
@pytest.mark.parametrize("k", [1, 2, 3, 4])
@pytest.mark.parametrize("vf", [2, 4, 8, 16, 32])
def test_frozen_predicates_equal_the_scalar_ones(k: int, vf: int) -> None:
    v = freeze_invariance(k, vf, Budget.of(60))
    assert v.verdict == "proved", v.reason


@pytest.mark.parametrize("variant", ["nofreeze", "nofreeze-anypoison"])
@pytest.mark.parametrize("k,vf", [(1, 4), (2, 4), (3, 8)])
def test_without_freeze_a_predicate_is_poison(variant: str, k: int, vf: int) -> None:
    v = freeze_invariance(k, vf, Budget.of(60), variant)
    assert v.verdict == "counterexample"
    assert v.reason is not None and "poison" in v.reason and "scalar run" in v.reason


@pytest.mark.slow
def test_cli_freeze_check_on_a_seed_model() -> None:
    import subprocess
    import sys

    from tests.helpers import MODELS

    r = subprocess.run([sys.executable, "-m", "verifier.cli", "check", str(MODELS / "seed" / "guarded_division.loop"),
                        "--check", "freeze", "--vf", "8"], capture_output=True, text=True)
    assert r.returncode == 0 and "proved: guarded_division (lane predicates of 2 exits)" in r.stdout
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "check", str(MODELS / "seed" / "search_loop.loop"),
                        "--check", "freeze", "--vf", "4", "--no-freeze"], capture_output=True, text=True)
    assert r.returncode == 1 and "counterexample" in r.stdout
