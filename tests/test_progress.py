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
    folded = re.sub(r"\x1b\[[0-9;]*m", "", lanes_text(prog, ev, verdicts, no_window, 80))  # colours off
    table = folded.split("\nvalues:\n")[1].split("\nruns that break")[0]
    assert max(len(line) for line in table.splitlines()) <= 80 < max(len(line) for line in plain.splitlines())
    assert "store A[i]" in folded  # cells are text, not markup
    words = lambda t: sorted(t.split())  # noqa: E731
    assert words(folded) == words(plain)  # the same words, only wrapped


def test_the_suite_table_fits_a_terminal_and_keeps_every_mark_whole() -> None:
    from verifier.reports.text import suite_text

    long = "equiv_" + "very_long_obligation_name_" * 4
    outcomes = [outcome(long, "proved", "counterexample"), outcome("short", "proved", "proved")]
    plain = suite_text(outcomes, verbose=True)
    fitted = ANSI.sub("", suite_text(outcomes, verbose=True, width=60))
    lines = fitted.splitlines()
    table = lines[next(k for k, line in enumerate(lines) if line.startswith("obligation")):-1]
    assert max(len(line) for line in table) <= 60 < max(len(line) for line in plain.splitlines())
    assert sum("<-- MISMATCH" in line for line in table) == 1  # the mark never folds
    assert "".join(fitted.split()).count(long) == 1  # the folded name is all there


def test_the_module_table_names_the_check_when_there_are_several() -> None:
    from verifier.checks.verdict import Coverage, EveryTripCount, Verdict, VerdictKind
    from verifier.reports.text import module_table

    rows = [("f", Verdict("f", "speculate", VerdictKind.COUNTEREXAMPLE, 0.5, vf=4, subject="C1 (line 3)"), ""),
            ("f", Verdict("f", "equiv", VerdictKind.PROVED, 0.25, vf=4, form="simple",
                          coverage=Coverage(EveryTripCount())), ""),
            ("g", None, "no loop")]
    lines = module_table(rows).splitlines()
    assert lines[0].split() == ["function", "check", "verdict", "seconds", "coverage", "about"]
    assert lines[1].split()[:5] == ["f", "speculate", "VF=4", "counterexample", "0.50"]
    assert "equiv simple VF=4" in lines[2] and "every trip count" in lines[2]
    assert lines[3].split()[:3] == ["g", "skipped", "-"] and lines[3].endswith("no loop")
    assert lines[-1] == "1 counterexample, 1 proved, 1 skipped"
    one = module_table(rows[1:2]).splitlines()  # one check, nothing to say it is about: neither column
    assert one[0].split() == ["function", "verdict", "seconds", "coverage"]
