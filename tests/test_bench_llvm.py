"""bench/llvm.py's Alive2 column: alive-tv's verdict read off its summary, and a
tool that is missing or says nothing is shown as such, never as a verdict."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from llvm import alive2_verdict, run_alive2  # noqa: E402


def _summary(correct: int, incorrect: int, failed: int, errors: int) -> str:
    return (f"Summary:\n  {correct} correct transformations\n  {incorrect} incorrect transformations\n"
            f"  {failed} failed-to-prove transformations\n  {errors} Alive2 errors\n")


@pytest.mark.parametrize(("counts", "verdict"), [
    ((1, 0, 0, 0), "correct"),
    ((0, 1, 0, 0), "incorrect"),
    ((1, 1, 0, 0), "incorrect"),  # one function of two is wrong: so is the pair of files
    ((0, 0, 1, 0), "failed-to-prove"),
    ((0, 0, 0, 1), "error"),
    ((0, 0, 0, 0), "no summary"),
])
def test_the_verdict_is_the_worst_kind_the_summary_counts(counts: tuple[int, int, int, int], verdict: str) -> None:
    assert alive2_verdict("Transformation doesn't verify!\n" + _summary(*counts)) == verdict


def test_output_without_a_summary_is_no_verdict() -> None:
    assert alive2_verdict("ERROR: Unsupported instruction\n") == "no summary"


def test_the_tool_is_run_on_the_pair_with_its_unroll_and_timeout(tmp_path: Path) -> None:
    tool = tmp_path / "alive-tv"
    log = tmp_path / "args"
    tool.write_text(f"#!/bin/sh\necho \"$@\" > {log}\nprintf '{_summary(0, 1, 0, 0)}'\n")
    tool.chmod(0o755)
    verdict, seconds = run_alive2(str(tool), Path("a.ll"), Path("b.ll"), 64, 2.5)
    assert verdict == "incorrect" and seconds >= 0
    assert log.read_text().split() == ["--src-unroll=64", "--tgt-unroll=64", "--smt-to=2500", "a.ll", "b.ll"]


def test_a_missing_tool_says_so(tmp_path: Path) -> None:
    verdict, _ = run_alive2(str(tmp_path / "no-such-alive-tv"), Path("a.ll"), Path("b.ll"), 4, 1.0)
    assert verdict.startswith("cannot run")
