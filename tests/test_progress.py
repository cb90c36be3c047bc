"""Progress on a terminal (rich): the suite's line fits the terminal's width with its
ok/MISMATCH counts and what is running; mismatches stay on screen; off a terminal,
one plain line per obligation."""

from __future__ import annotations

import io
import re

from rich.console import Console

from verifier.reports.progress import Spinner, SuiteProgress
from verifier.suite import Outcome

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def outcome(name: str, verdict: str, expect: str) -> Outcome:
    return Outcome(name, "s.toml", 1, "equiv", expect, verdict, 0.5)


def screen(width: int) -> tuple[SuiteProgress, io.StringIO]:
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=width, color_system=None)
    return SuiteProgress(3, console=console), buf


def test_the_suite_line_fits_the_terminal_and_keeps_the_counts_visible() -> None:
    for width in (60, 80, 120):
        p, buf = screen(width)
        p.running(["a very long obligation name that goes on " * 3, "another one"])
        p.finished(1, 3, outcome("first", "proved", "proved"))
        p.finished(2, 3, outcome("second", "counterexample", "proved"))
        assert p.bar is not None
        p.bar.refresh()
        text = ANSI.sub("", buf.getvalue())
        frames = [line for chunk in text.split("\r") for line in chunk.split("\n") if line.strip()]
        assert frames and all(len(line) <= width for line in frames), (width, max(map(len, frames)))
        assert any("1 ok 1 MISMATCH" in line for line in frames), frames
        assert any("running:" in line for line in frames), frames
        assert "MISMATCH second: counterexample, expected proved" in text  # printed above the bar
        p.close()


def test_off_a_terminal_each_answer_is_one_plain_line() -> None:
    buf = io.StringIO()
    p = SuiteProgress(2, stream=buf)
    p.finished(1, 2, outcome("first", "proved", "proved"))
    p.finished(2, 2, outcome("second", "unknown", "proved"))
    assert buf.getvalue().splitlines() == ["[1/2] first: proved ok (0.50s)", "[2/2] second: unknown MISMATCH (0.50s)"]


def test_a_single_command_s_spinner_is_silent_off_a_terminal() -> None:
    buf = io.StringIO()
    s = Spinner(buf)
    s.step("speculate at VF=4: search_loop")
    s.pause()
    assert not s.active and buf.getvalue() == ""


def test_lane_tables_fold_to_a_terminal_s_width_and_keep_every_cell() -> None:
    from tests.helpers import model
    from verifier.checks.lanes import lane_verdicts
    from verifier.reports.evolution import lanes_text

    prog = model("lanes/div_start.loop")
    ev, verdicts, no_window = lane_verdicts(prog, 4, 20)
    plain = lanes_text(prog, ev, verdicts, no_window)
    folded = lanes_text(prog, ev, verdicts, no_window, 80)
    table = folded.split("\nvalues:\n")[1].split("\nruns that break")[0]
    assert max(len(line) for line in table.splitlines()) <= 80 < max(len(line) for line in plain.splitlines())
    assert "store A[i]" in folded  # cells are text, not markup
    words = lambda t: sorted(t.split())  # noqa: E731
    assert words(folded) == words(plain)  # the same words, only wrapped
