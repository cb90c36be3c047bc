"""How much work a question may do, counted so that the answer does not depend on the
machine's speed or load.

Work is counted in z3's resource units (its `rlimit`: a deterministic count of the
solver's steps), plus fixed charges for the encoder's instructions and if-then-else
terms and for the blocks concrete tests run. Each thread has a
meter of the units its questions used; a `Budget` is an allowance on that meter. Every
decision of the form "is there time left for another try?" is taken on the meter, so
the same obligation asks the same questions with the same limits, and gets the same
verdict, counterexample and coverage, on a quiet machine or a loaded one, and on any
host with the same z3.

Users speak in seconds (`--timeout`, a suite's `timeout`): a second is
UNITS_PER_SECOND units, calibrated on this project's reference machine (a 2-core
x86-64 VM, z3 5.4.1, the version pyproject.toml pins) over the shipped suite's
obligations (`bench/budget.py` prints the ratio per obligation). Wall-clock time is only a safety net: a question
also stops after SAFETY_NET times its seconds (plus SAFETY_SLACK), and so does a whole
verdict (`deadline`: the proofs a racing engine finds are not charged to the meter, so
a check of many such questions could otherwise outlast its `--timeout` many times
over); a verdict that this net cut short is `unknown` with `wall_clock` set (a suite
reports a TIMEOUT, not a mismatch), the one answer that may differ between machines.

The shares of one obligation's budget that a check's phases take are the checks'
own table, verifier/checks/shares.py, not where they are spent.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

UNITS_PER_SECOND = 2_000_000  # z3 resource units per second of --timeout (module docstring)
SAFETY_NET = 4.0  # a question's wall-clock limit, in multiples of its budget's seconds ...
SAFETY_SLACK = 10.0  # ... plus these seconds (a loaded machine runs several times slower)
ENCODE_UNITS = 400  # charged per instruction the symbolic encoder unrolls (about 0.2 ms each)
ITE_UNITS = 200  # charged per if-then-else term the encoder builds (merges, traces; about 0.1 ms each)
INTERPRET_UNITS = 100  # charged per block a concrete test runs (checks/falsify.py; about 50 us each)

# The solver's own share (the rest of the table of shares, the checks' phases, is
# verifier/checks/shares.py)
QUICK_CHECK = 1.0  # the SMT core's race on a proof obligation before bit-blasting takes over (smt/solver.py)


def units(seconds: float) -> int:
    """The work `seconds` of budget allow (at least one unit)."""
    return max(1, int(seconds * UNITS_PER_SECOND))


def seconds_of(n: int) -> float:
    return n / UNITS_PER_SECOND


class _Meter(threading.local):
    """The work this thread's questions have done, and whether the safety net fired."""

    def __init__(self) -> None:
        self.units = 0
        self.net_fired = False
        self.deadline: float | None = None  # the whole verdict's wall-clock net (perf_counter)


_METER = _Meter()

# The user asked the process to stop (Ctrl-C, which z3 catches itself while it
# solves: a check that saw it sets this). Every thread's work checks it; the main
# thread stops there, at once, with KeyboardInterrupt (a copy's thread just returns).
_STOP = threading.Event()


def ask_to_stop() -> None:
    _STOP.set()


def stop_asked() -> bool:
    """Whether the user asked to stop: an error z3 raised after that (a query or a
    simplification cancelled mid-way) is the stop, not a bug."""
    return _STOP.is_set()


def stop_if_asked() -> None:
    """KeyboardInterrupt in the main thread once the user asked to stop."""
    if _STOP.is_set() and threading.current_thread() is threading.main_thread():
        raise KeyboardInterrupt


def charge(n: int) -> None:
    """Count `n` units of work done on this thread (where a stop asked for takes effect)."""
    _METER.units += max(0, n)
    stop_if_asked()


def work() -> int:
    """Units of work this thread has done (the deterministic clock budgets read)."""
    return _METER.units


def note_safety_net() -> None:
    """A question on this thread was cut short by wall-clock time, not by its budget."""
    _METER.net_fired = True


class deadline:  # noqa: N801  (a context manager, named as it reads: `with deadline(60):`)
    """The whole verdict's wall-clock safety net on this thread: its questions stop
    once wall_limit(`seconds`) has passed since it was set (the net of an outer one,
    if sooner, stays)."""

    def __init__(self, seconds: float) -> None:
        self.at = time.perf_counter() + wall_limit(seconds)

    def __enter__(self) -> None:
        self.outer = _METER.deadline
        if self.outer is None or self.at < self.outer:
            _METER.deadline = self.at

    def __exit__(self, *exc: object) -> None:
        _METER.deadline = self.outer


def wall_left() -> float | None:
    """Seconds until this thread's verdict's wall-clock net fires (None: no net)."""
    return None if _METER.deadline is None else _METER.deadline - time.perf_counter()


def take_safety_net() -> bool:
    """Whether the safety net fired since the last call (and reset it)."""
    fired, _METER.net_fired = _METER.net_fired, False
    return fired


@dataclass(frozen=True)
class Budget:
    """An allowance of `total` units of work (`seconds` as users give them), from the
    meter reading `start`. It is passed down from the check that owns it: a phase
    takes a `share` of the whole or the `remainder`, and a question's solver limit is
    what is `left`."""

    total: int
    start: int
    seconds: float

    @classmethod
    def of(cls, seconds: float) -> Budget:
        """A budget of `seconds` (as users give them), starting now."""
        return cls(units(seconds), work(), seconds)

    def share(self, share: float) -> Budget:
        """A budget of `share` of this whole allowance (not of what is left), starting
        now: a phase whose part the table above fixes in advance."""
        return Budget.of(share * self.seconds)

    def again(self) -> Budget:
        """This whole allowance afresh, starting now: a phase that does not share
        this budget but gets as much on its own (each is marked where it is used)."""
        return Budget.of(self.seconds)

    def remainder(self, least: float = 0.1) -> Budget:
        """What is left of this budget (at least `least` seconds) as a budget of its
        own, starting now: the next phase, which may use all of it."""
        return Budget.of(self.rest(least))

    def spent(self) -> float:
        """Seconds of budget used so far."""
        return seconds_of(work() - self.start)

    def left(self) -> float:
        """Seconds of budget left (<= 0 when spent)."""
        return seconds_of(self.total - (work() - self.start))

    def exhausted(self) -> bool:
        """Spent; or the verdict's wall-clock net has passed (noted as the safety net),
        so that work the solver's limits do not stop (encoding, concrete tests) stops."""
        if work() - self.start >= self.total:
            return True
        left = wall_left()
        if left is not None and left <= 0:
            note_safety_net()
            return True
        return False

    def part(self, share: float, least: float = 0.0) -> Budget:
        """A budget of `share` of what is left (at least `least` seconds, at most what is
        left), starting now; its work counts against this budget too."""
        left = max(0.0, self.left())
        return Budget.of(min(left, max(share * left, least)) if left > 0 else least)

    def rest(self, least: float = 0.1) -> float:
        """Seconds left for the next phase, at least `least` (a phase always gets to
        ask; the meter, not this floor, ends the check)."""
        return max(least, self.left())

    def at_most(self, seconds: float) -> float:
        """The seconds a question may take: `seconds`, or what is left if less."""
        return min(seconds, self.left())


def wall_limit(seconds: float) -> float:
    """The wall-clock safety net of a question budgeted `seconds`."""
    return SAFETY_NET * seconds + SAFETY_SLACK


class Stopwatch:
    """Wall-clock time, for reports only (Verdict.seconds): no decision reads it."""

    def __init__(self) -> None:
        self.t0 = time.perf_counter()

    def __call__(self) -> float:
        return time.perf_counter() - self.t0
