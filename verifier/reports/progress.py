"""Progress while the tool works. On a terminal (rich): a suite's bar with a live
clock, its ok / MISMATCH / TIMEOUT / ERROR counts and what is running now, fitted to the
terminal's width, each mismatch printed above it as it comes; a single command's
spinner once it has worked for a second. Off a terminal (CI logs): one line per
finished obligation, and nothing for single commands."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.status import Status

from verifier.suite import Outcome

QUIET_START = 1.0  # seconds a single command works before its spinner shows


class SuiteProgress:
    """A suite's progress (runner.Progress): `running` names what is being solved,
    `finished` reports each answer."""

    def __init__(self, total: int, stream: TextIO | None = None, console: Console | None = None,
                 expected: bool = True) -> None:
        self.stream = stream or sys.stderr
        self.console = console or Console(file=self.stream, stderr=self.stream is sys.stderr)
        # `expected`: answers against the suite's expected verdicts; else (a scan) verdicts counted
        self.expected = expected
        self.counts = {"ok": 0, "MISMATCH": 0, "TIMEOUT": 0, "ERROR": 0} if expected else \
            {"proved": 0, "counterexample": 0, "unknown": 0, "error": 0}
        self.bar: Progress | None = None
        if self.console.is_terminal:
            self.bar = Progress(
                BarColumn(bar_width=16), MofNCompleteColumn(), TimeElapsedColumn(),
                TextColumn("{task.fields[counts]}"), TextColumn("{task.fields[now]}", style="dim"),
                console=self.console, transient=True, expand=False)
            self.task = self.bar.add_task("suite", total=total, counts=self._counts(), now="")
            self.bar.start()

    def _counts(self) -> str:
        shown = [f"{n} {k}" for k, n in self.counts.items() if n or k in ("ok", "proved")]
        return " ".join(shown)

    def running(self, names: list[str]) -> None:
        if self.bar is not None:
            now = f"running: {', '.join(names)}" if names else ""
            room = max(10, self.console.width - 48)
            self.bar.update(self.task, now=now if len(now) <= room else now[:room - 1] + "…")

    def finished(self, done: int, total: int, oc: Outcome) -> None:
        self.counts[oc.mark if self.expected else oc.verdict] += 1
        what = f"{oc.name}: {oc.verdict}{' (cached)' if oc.cached else ''}{f' {oc.mark}' if self.expected else ''}"
        if self.bar is None:
            self.stream.write(f"[{done}/{total}] {what} ({oc.seconds:.2f}s)\n")
            self.stream.flush()
            return
        if self.expected and not oc.as_expected:
            self.bar.console.print(f"[bold red]{oc.mark}[/] {oc.name}: {oc.verdict}, expected {oc.expect}",
                                   highlight=False)
        self.bar.update(self.task, completed=done, counts=self._counts())
        if done == total:
            self.close()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


class Spinner:
    """A single command's spinner on a terminal: once a step has run for QUIET_START
    seconds, its name and the command's seconds so far, refreshed every second.
    `pause` before printing to the terminal; the next step brings it back. Off a
    terminal it does nothing."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.console = Console(file=stream or sys.stderr, stderr=stream is None)
        self.active = self.console.is_terminal
        self.what = ""
        self.t0 = time.perf_counter()
        self.status: Status | None = None
        self.pending = False
        self.lock = threading.RLock()  # the timer threads and the command's own

    def text(self) -> str:
        return f"{self.what}  {time.perf_counter() - self.t0:.0f}s"

    def _later(self, seconds: float, then: Callable[[], None]) -> None:
        t = threading.Timer(seconds, then)
        t.daemon = True
        t.start()

    def _show(self) -> None:
        with self.lock:
            self.pending = False
            if self.status is None and self.what:
                self.status = self.console.status(self.text())
                self.status.start()
                self._tick()

    def _tick(self) -> None:
        with self.lock:
            if self.status is not None:
                self.status.update(self.text())
                self._later(1.0, self._tick)

    def step(self, what: str) -> None:
        """The command now does `what`."""
        if not self.active:
            return
        with self.lock:
            self.what = what
            if self.status is not None:
                self.status.update(self.text())
            elif not self.pending:
                self.pending = True
                self._later(QUIET_START, self._show)

    def pause(self) -> None:
        """Clear the spinner (the command prints next); the next step shows it again."""
        with self.lock:
            self.what = ""
            if self.status is not None:
                self.status.stop()
                self.status = None
