"""An early-exit loop with a store before its exit, vectorized the way LLVM's trunk
does it (masked loads and stores under the lanes before the first exiting one, then
the scalar loop from that lane): models/llvm/stores/. The output is proved; a store
that may alias the exit condition's memory, and a store that is not masked, are
refuted with replayed runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import MODELS
from verifier.checks.refinement import refinement
from verifier.frontend.llvm import parse_ll_pair
from verifier.smt.budget import Budget

STORES = MODELS / "llvm" / "stores"
SRC, TGT = STORES / "bump_until_stop.scalar.ll", STORES / "bump_until_stop.vf4.ll"
HEAD = "ptr noalias align 4 dereferenceable(32) %dst"


def check(tmp_path: Path, edit: tuple[str, str] = ("", ""), both: tuple[str, str] = ("", "")) -> object:
    """The pair, the target edited by `edit`, both sides by `both` (old, new)."""
    src, tgt = SRC.read_text(), TGT.read_text()
    if edit[0]:
        assert tgt.count(edit[0]) == 1, edit[0]
        tgt = tgt.replace(edit[0], edit[1])
    if both[0]:
        src, tgt = src.replace(both[0], both[1]), tgt.replace(both[0], both[1])
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(tgt)
    return refinement(*parse_ll_pair(a, b), max_trip=8, budget=Budget.of(120))


def test_the_masked_stores_and_the_scalar_lane_after_them_are_proved(tmp_path: Path) -> None:
    v = check(tmp_path)
    assert v.verdict == "proved" and v.coverage.complete, v  # type: ignore[attr-defined]


@pytest.mark.slow
def test_a_store_that_may_alias_the_exit_condition_is_refuted(tmp_path: Path) -> None:
    """Without noalias, %dst may be %stop: the source's store sets the flag it then
    reads and leaves, while the target read the flags before storing."""
    v = check(tmp_path, both=(HEAD, HEAD.replace("noalias ", "")))
    assert v.verdict == "counterexample", v  # type: ignore[attr-defined]
    cx = v.counterexample  # type: ignore[attr-defined]
    assert cx is not None and cx.inputs.window("stop")[0] == "dst"


def test_an_unmasked_store_past_the_exiting_lane_is_refuted(tmp_path: Path) -> None:
    v = check(tmp_path, edit=("<4 x i1> %before)\n  %any", "<4 x i1> splat (i1 true))\n  %any"))
    assert v.verdict == "counterexample", v  # type: ignore[attr-defined]
    assert "dst[" in v.counterexample.divergence.summary  # type: ignore[attr-defined]


@pytest.mark.slow
def test_a_mask_that_takes_the_exiting_lane_too_is_proved_where_the_store_repeats(tmp_path: Path) -> None:
    """Lanes up to the exiting one: the exiting lane's store happens in the vector
    iteration and again in the scalar loop, with the same value, so nothing differs:
    proved (the check does not mistake a harmless change for a bug)."""
    v = check(tmp_path, edit=("  %before = call <4 x i1> @llvm.get.active.lane.mask.v4i1.i64(i64 0, i64 %first)",
                              "  %upto = add i64 %first, 1\n"
                              "  %before = call <4 x i1> @llvm.get.active.lane.mask.v4i1.i64(i64 0, i64 %upto)"))
    assert v.verdict == "proved", v  # type: ignore[attr-defined]
