"""The README as a contract: every `$ verifier ...` line in its code blocks is run
and its output compared with the lines shown under it (up to the next `$` line or
the block's end), timings masked. A line `...` in the README stands for any number
of lines of output; `...` inside a line for any text. Commands that need LLVM's
tools run when they are installed."""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass

import pytest

from tests.helpers import ROOT, cli

README = ROOT / "README.md"
TIME = re.compile(r"\b\d+(\.\d+)?s\b")


@dataclass(frozen=True)
class Example:
    line: int
    command: str
    expected: list[str]


def examples() -> list[Example]:
    """The README's `$ verifier` commands with the output shown under each."""
    out: list[Example] = []
    fenced = False
    current: Example | None = None
    for n, line in enumerate(README.read_text().splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            current = None
            continue
        if not fenced:
            continue
        if line.startswith("$ "):
            current = Example(n, line[2:], []) if line.startswith("$ verifier ") else None
            if current is not None:
                out.append(current)
        elif current is not None:
            current.expected.append(line)
    return out


def _pattern(shown: str) -> re.Pattern[str]:
    parts = [re.escape(TIME.sub("<t>", p)).replace("<t>", r"\d+(\.\d+)?s") for p in shown.split("...")]
    return re.compile(".*".join(parts) + r"\Z")


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether the output has the lines shown, `...` lines standing for any lines."""
    if not shown:
        return not actual
    if shown[0].strip() == "...":
        return any(matches(shown[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and bool(_pattern(shown[0].rstrip()).match(actual[0].rstrip())) and \
        matches(shown[1:], actual[1:])


EXAMPLES = examples()
NEEDS_LLVM = ("verifier opt", ".c ")


def test_the_readme_shows_commands() -> None:
    assert len(EXAMPLES) >= 8


@pytest.mark.slow
@pytest.mark.parametrize("ex", EXAMPLES, ids=[f"README:{e.line}" for e in EXAMPLES])
def test_a_readme_command_prints_what_the_readme_shows(ex: Example) -> None:
    if any(k in ex.command + " " for k in NEEDS_LLVM) and not (shutil.which("opt-22") and shutil.which("clang-22")):
        pytest.skip("needs clang-22 and opt-22")
    r = cli(*shlex.split(ex.command)[1:], cwd=ROOT)
    actual = r.stdout.rstrip("\n").splitlines()
    shown = list(ex.expected)
    while shown and not shown[-1].strip():
        shown.pop()
    assert matches(shown, actual), f"README line {ex.line}: `{ex.command}` printed:\n{r.stdout}{r.stderr}"


def test_the_comparison_can_fail() -> None:
    assert matches(["proved: m [equiv] in 0.30s"], ["proved: m [equiv] in 12.5s"])
    assert not matches(["proved: m [equiv] in 0.30s"], ["counterexample: m [equiv] in 0.30s"])
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"]) and not matches(["a", "z"], ["a", "b", "z"])
    assert matches(["x = ... end"], ["x = anything end"])
