"""Deterministic z3 solvers: fixed seeds, and limits in z3's resource units
(smt/budget.py), so an answer does not depend on the machine's speed; wall-clock
time is only a safety net."""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import z3

from verifier.smt.ackermann import without_arrays
from verifier.smt.budget import (
    QUICK_CHECK,
    charge,
    note_safety_net,
    stop_if_asked,
    units,
    wall_left,
    wall_limit,
    work,
)

SWEEP_EVERY = units(2.0)  # work between two collections within a check


class _Sweep(threading.local):
    """Where this thread's check last collected garbage, as a reading of the meter."""

    def __init__(self) -> None:
        self.at = 0


_SWEEP = _Sweep()


def fresh_context(floats: bool = False) -> None:
    """Start a new default z3 context, so a query's terms, ids and therefore its
    models do not depend on what this process solved before (deterministic
    verdicts and counterexamples). Terms of earlier queries must not be reused.
    `floats`: its queries hold IEEE float terms (its solvers get that theory).

    Python's cyclic collector does not run on its own during the check: it ran after
    a count of allocations, so which terms had been freed (and which ids z3 handed
    out again) depended on how many objects unrelated code made, and with them the
    model z3 found. It runs here, between checks (whatever it frees cannot change the
    new context's ids: only what earlier contexts and code left), and within the
    check at points set by the work done since this call (`_sweep`), never by
    allocations. Without these runs a suite's peak memory grew 4x: earlier contexts,
    held by a closure's or a traceback's cycle, were never freed."""
    gc.disable()
    # the last check's cycles (and the context their terms hold) first: the young
    # generation only, the older ones as often as Python's own thresholds would
    _, gen0_runs, gen1_runs = gc.get_count()
    gc.collect(2 if gen1_runs >= 10 else 1 if gen0_runs >= 10 else 0)
    z3.z3._main_ctx = FreedInBackground()
    _SWEEP.at = work()
    if floats:
        note_float_theory()


class FreedInBackground(z3.Context):  # type: ignore[misc]  # z3 has no type information
    """A z3 context that is freed on a thread of its own once its last reference
    goes: freeing one that held a large query takes seconds (4.9 s after 1024
    unrolled iterations at VF 16), which the next question should not wait for. By
    then no term of it is left, and contexts are independent, so freeing it beside
    another context's work is safe."""

    # the defaults are bound here: at the interpreter's end module globals may be gone
    def __del__(self, _finalizing: Any = sys.is_finalizing, _thread: Any = threading.Thread) -> None:
        ref: Any = getattr(self, "ctx", None)
        handler: Any = getattr(self, "eh", None)
        self.ctx = self.eh = None  # z3's own __del__ frees nothing now
        if ref is None or not getattr(self, "owner", True) or _finalizing():
            return  # not ours, or the process is ending: its memory goes with it (no thread can start)
        try:
            _thread(target=_free, args=(ref, handler), daemon=True).start()
        except RuntimeError:  # no new thread: free it here
            _free(ref, handler)


def _free(ref: Any, handler: Any) -> None:
    """Free context `ref`; its error handler stays referenced until then."""
    z3.Z3_del_context(ref)
    del handler


# a context's attribute, set once it holds IEEE float terms: a QF_AUFBV solver has no
# float theory (its first check may still answer, through a tactic, but incremental
# checks after it, as the minimizer's, treat float operations as uninterpreted and give
# wrong models). On the context itself, not by its id: a freed context's id is handed
# to a later one, which was then taken for a float context (another solver, so other
# answers and models after any float check in the same process).
FLOAT_THEORY = "verifier_float_theory"


def note_float_theory() -> None:
    """The current context holds IEEE float terms: its solvers need that theory."""
    setattr(z3.main_ctx(), FLOAT_THEORY, True)


def float_theory() -> bool:
    """The current context holds IEEE float terms (note_float_theory)."""
    return bool(getattr(z3.main_ctx(), FLOAT_THEORY, False))


def new_solver(timeout_s: float, quantified: bool = False) -> z3.Solver:
    """A solver with fixed seeds (same verdict, same model every run) whose checks
    may each spend `timeout_s` seconds of budget (set_timeout)."""
    z3.set_param("smt.random_seed", 0)
    z3.set_param("sat.random_seed", 0)
    s = z3.Solver() if quantified or float_theory() else z3.SolverFor("QF_AUFBV")
    s.set("random_seed", 0)
    set_timeout(s, timeout_s)
    return s


class SolverStatus(StrEnum):
    """A solver's answer to one query."""

    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


@dataclass
class Answer:
    status: SolverStatus
    reason: str
    seconds: float  # wall-clock, for reports
    units: int = 0  # resource units the check used (its cost on the budget's meter)
    wall_clock: bool = False  # unknown because the wall-clock safety net fired


LIMITS = "verifier_limits"  # a solver's attribute: (units, wall seconds) as set_timeout set them


def _rlimit_count(s: z3.Solver) -> int:
    st = s.statistics()
    return int(st.get_key_value("rlimit count")) if "rlimit count" in st.keys() else 0


def _sweep() -> None:
    """Collect the cyclic garbage the check made (terms a closure or a traceback still
    held) once SWEEP_EVERY units of work were done since the last sweep or the
    check's start: the same points on every run of the check."""
    if work() - _SWEEP.at >= SWEEP_EVERY:
        gc.collect(0)  # what the check made since the last run
        _SWEEP.at = work()


def check(s: z3.Solver, *assumptions: Any, charged: bool = True) -> Answer:
    """s.check(), its cost charged to this thread's meter (unless not `charged`: a
    copy on another thread). Unknown says whether the budget ran out or the
    wall-clock safety net fired. After Ctrl-C (smt/interrupt.py) the main thread
    gets KeyboardInterrupt instead of an answer."""
    stop_if_asked()
    if charged:
        _sweep()
    if _net_fired():
        return Answer(SolverStatus.UNKNOWN, VERDICT_NET, 0.0, 0, True)
    left = wall_left()
    before = _rlimit_count(s)
    t0 = time.perf_counter()
    r = _within(s, left, assumptions)
    dt = time.perf_counter() - t0
    used = max(0, _rlimit_count(s) - before)
    if charged:
        charge(used)
    if r == z3.sat:
        return Answer(SolverStatus.SAT, "", dt, used)
    if r == z3.unsat:
        return Answer(SolverStatus.UNSAT, "", dt, used)
    reason = s.reason_unknown()
    stop_if_asked()  # a query cut short by Ctrl-C (smt/interrupt.py) is no answer
    return _unknown(s, reason, dt, used, charged)


VERDICT_NET = "wall-clock safety net (the verdict's) fired"


def _net_fired() -> bool:
    """Whether this thread's verdict's wall-clock net has fired (noted as the safety net)."""
    left = wall_left()
    if left is None or left > 0:
        return False
    note_safety_net()
    return True


def _within(s: z3.Solver, left: float | None, assumptions: tuple[Any, ...]) -> Any:
    """s.check(), stopped by wall-clock time where the verdict's net comes before the
    question's own."""
    _, wall = getattr(s, LIMITS, (0, 0.0))
    if left is None or (wall and wall <= left):
        return s.check(*assumptions)
    s.set("timeout", max(1, int(left * 1000)))
    try:
        return s.check(*assumptions)
    finally:
        s.set("timeout", max(1, int(wall * 1000)) if wall else 4294967295)


def _unknown(s: z3.Solver, reason: str, dt: float, used: int, charged: bool) -> Answer:
    """Why a check answered unknown: its budget spent (so on any machine), the
    wall-clock safety net (a slow or loaded machine), or the solver's own reason."""
    limit, wall = getattr(s, LIMITS, (0, 0.0))
    if limit and used >= limit:
        return Answer(SolverStatus.UNKNOWN, "solver timeout", dt, used)
    if wall and dt >= wall:
        if charged:
            note_safety_net()
        return Answer(SolverStatus.UNKNOWN, f"wall-clock safety net ({wall:.0f} s) fired", dt, used, True)
    if _net_fired():
        return Answer(SolverStatus.UNKNOWN, VERDICT_NET, dt, used, True)
    if reason in ("timeout", "canceled"):
        reason = "solver timeout"
    return Answer(SolverStatus.UNKNOWN, reason or "solver gave up", dt, used)


def set_timeout(s: z3.Solver, seconds: float) -> None:
    """Each later check of `s` may spend `seconds` of budget (z3 resource units), and
    at most the safety net's wall-clock time."""
    n, wall = units(seconds), wall_limit(seconds)
    s.set("rlimit", n)
    s.set("timeout", max(1, int(wall * 1000)))
    setattr(s, LIMITS, (n, wall))


class BackgroundCheck:
    """A satisfiability check run on a copy of a solver in its own z3 context and
    thread, beside the main query (z3 releases the GIL while it solves; one context
    per thread is what z3 supports). Used for the vacuity check of a proof."""

    def __init__(self, s: z3.Solver, timeout_s: float) -> None:
        self._ctx = z3.Context()
        self._solver = s.translate(self._ctx)
        set_timeout(self._solver, timeout_s)
        self._answer: Answer | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        self._answer = check(self._solver, charged=False)

    def result(self) -> Answer:
        self._thread.join()
        stop_if_asked()
        assert self._answer is not None
        return self._answer

    def cancel(self) -> None:
        self._ctx.interrupt()
        self._thread.join()


# Two other engines race the SMT solver (z3's QF_AUFBV strategy) on a proof
# obligation, one after the other on a copy in a thread of its own (the second, which
# takes no arrays, with the arrays' reads as bit-vectors: smt/ackermann.py). First z3's SMT
# core alone (no preprocessing; bit-vectors blasted lazily, as the search needs
# them), which closes the small steps of the induction 3-8x faster (seconds, alone):
#                                  QF_AUFBV  SMT core  bit-blasting
#   search_loop general step, VF 16   0.108     0.016      0.069
#   find_first_zero general, VF 16    0.079     0.010      0.057
# (memrchr's count-down general form at VF 4: 0.2 s, 1.3-1.9 M units, where QF_AUFBV and
# bit-blasting take 9-13 s: QUICK_CHECK is 1 s, 2 M units, not 0.25 s, which cut it off)
# then, if the obligation is still open after QUICK_CHECK seconds, z3's
# bit-blasting pipeline, which is far faster on some steps and far slower on others:
#   sum_until_zero general, VF 16      19.1                    0.55
#   abs_copy general, VF 16             9.4                    0.75
#   sum_until_zero general, VF 64       0.87                  29.8
# The first unsat wins. A sat answer from the SMT core ends the copy's race (the
# obligation is satisfiable: no unsat to find). (z3's QF_BV solver as another engine
# won on find_first_64.ll in some processes and lost in others, and a third thread
# on two cores slowed every mid-size proof: left out.)
PROOF_TACTIC = ("simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "ackermannize_bv", "bit-blast", "sat")


def consume_interrupt(ctx: z3.Context) -> None:
    """Let a check take an interrupt that may have reached `ctx` after its check had
    ended. z3 keeps such an interrupt, and the next solver checked in the context
    then gives wrong answers: with z3 5.4, incremental checks said sat with models
    that violate their assertions (the minimizer's, after a racing copy's unsat came
    just after the main check's own). One throwaway check takes it (and an interrupt
    that the main check took leaves nothing: the throwaway check is then plain)."""
    z3.Solver(ctx=ctx).check()


def _outlive(thread: threading.Thread, keep: tuple[Any, ...]) -> None:
    """Hold `keep` (a z3 context and what lives in it) until `thread`, which solves
    in that context, has ended; then let it go, to be freed."""
    thread.join()
    del keep


def _engines(copy: list[Any], ctx: z3.Context, timeout_s: float) -> Iterator[Callable[[], z3.Solver | None]]:
    """The copy's engines in turn (each made when its turn comes; None: it does not
    apply): the SMT core for QUICK_CHECK, then the bit-blasting pipeline on the
    obligation as it is, then, where that pipeline gave up at once (arrays it does
    not take, as a `.loop` model's memory), on the obligation with its arrays read
    as functions (smt/ackermann.py). On an LLVM scalable step at vscale 8 the first
    pipeline is 2x faster than the second; on the simple listings' steps it gives up."""
    def solver(t: z3.Solver, seconds: float, formulas: list[Any] | None) -> z3.Solver | None:
        if formulas is None:
            return None
        set_timeout(t, seconds)
        t.add(*formulas)
        return t

    core = z3.Tactic("smt", ctx).solver()
    core.set("random_seed", 0)
    yield lambda: solver(core, min(QUICK_CHECK, timeout_s), copy)
    tactic = z3.Then(*[z3.Tactic(n, ctx) for n in PROOF_TACTIC], ctx=ctx)
    yield lambda: solver(tactic.solver(), timeout_s, copy)
    yield lambda: solver(tactic.solver(), timeout_s, without_arrays(copy))


def _await_copy(thread: threading.Thread, ans: Answer, found: list[Answer]) -> Answer:
    """Waits for the racing copy (until the verdict's wall-clock net, if it has one):
    `ans`, or the net's unknown where it fired first."""
    left = wall_left()
    thread.join(None if left is None else max(0.0, left))
    if thread.is_alive() and not found:
        note_safety_net()
        return Answer(SolverStatus.UNKNOWN, VERDICT_NET, ans.seconds, ans.units, True)
    return ans


def check_racing(s: z3.Solver, timeout_s: float) -> Answer:
    """s.check(), raced on a copy of the obligation in its own context and thread by
    the engines of _engines in turn (the SMT core for QUICK_CHECK seconds of budget,
    then PROOF_TACTIC, on the arrays as functions where it gave up on them). An unsat
    from the copy interrupts s and is the answer. Only an unsat is taken from it (a
    tactic that cannot take a goal says unknown, never unsat), so a sat answer and
    its model are s's own.

    The answer is the same on any machine: each engine has its own limit in resource
    units, so whether it proves the obligation within its limit is fixed, and an
    unknown from s waits for the copy to finish. What the meter is charged is fixed
    too: s's units for sat and unknown, nothing for unsat (which engine got there
    first, and what the other had spent by then, depends on the machine); so the
    verdict's wall-clock net (smt/budget.deadline) also bounds the wait."""
    if _net_fired():  # (no race)
        return Answer(SolverStatus.UNKNOWN, VERDICT_NET, 0.0, 0, True)
    t0 = time.perf_counter()
    ctx = FreedInBackground()
    copy = [a.translate(ctx) for a in s.assertions()]
    lock = threading.Lock()
    main_done = threading.Event()
    found: list[Answer] = []
    interrupted: list[bool] = []
    held: list[z3.Solver] = []  # the engines made, which live in ctx

    def race() -> None:
        for k, make in enumerate(_engines(copy, ctx, timeout_s)):
            try:
                engine = None if main_done.is_set() else make()
            except z3.Z3Exception:  # (interrupted while the engine was made)
                return
            if engine is None or main_done.is_set():
                return
            held.append(engine)
            ans = check(engine, charged=False)
            if ans.status is SolverStatus.UNSAT:
                with lock:
                    found.append(ans)
                    if not main_done.is_set():
                        s.ctx.interrupt()
                        interrupted.append(True)
                return
            if ans.status is SolverStatus.SAT or (k > 0 and (ans.wall_clock or ans.units >= units(timeout_s))):
                return  # (a pipeline that ran out of budget: the next would not do better)

    thread = threading.Thread(target=race, daemon=True)
    thread.start()
    ans = check(s, charged=False)
    if ans.status is SolverStatus.UNKNOWN and not found and not ans.wall_clock:
        ans = _await_copy(thread, ans, found)  # s ran out: the copy's answer within its own limits decides
    with lock:
        main_done.set()
    if interrupted:
        consume_interrupt(s.ctx)
    # interrupt until the copy stops (an interrupt just before its check starts is
    # lost); a tactic deep in bit-blasting may take a while to notice
    give_up = time.perf_counter() + 2.0
    while thread.is_alive() and time.perf_counter() < give_up:
        ctx.interrupt()
        thread.join(0.02)
    if thread.is_alive():
        # still solving (a loaded machine): its context must not be freed under it
        # when this frame lets go of it (a crash seen once under load), so a thread
        # holds it until the copy's check has returned
        threading.Thread(target=_outlive, args=(thread, (ctx, held, copy)), daemon=True).start()
    if found or ans.status is SolverStatus.UNSAT:
        return Answer(SolverStatus.UNSAT, "", time.perf_counter() - t0, 0)
    charge(ans.units)
    if ans.wall_clock:
        note_safety_net()
    return ans
