"""Deterministic z3 solvers with a timeout, and answers as plain strings."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import z3


def fresh_context() -> None:
    """Start a new default z3 context, so a query's terms, ids and therefore its
    models do not depend on what this process solved before (deterministic
    verdicts and counterexamples). Terms of earlier queries must not be reused."""
    z3.z3._main_ctx = None  # z3.main_ctx() makes a new Context on next use


def new_solver(timeout_s: float, quantified: bool = False) -> z3.Solver:
    """A solver with fixed seeds (same verdict, same model every run) and a timeout."""
    z3.set_param("smt.random_seed", 0)
    z3.set_param("sat.random_seed", 0)
    s = z3.Solver() if quantified else z3.SolverFor("QF_AUFBV")
    s.set("random_seed", 0)
    s.set("timeout", max(1, int(timeout_s * 1000)))
    return s


@dataclass
class Answer:
    status: str  # "sat", "unsat", "unknown"
    reason: str
    seconds: float


def check(s: z3.Solver, *assumptions: Any) -> Answer:
    t0 = time.perf_counter()
    r = s.check(*assumptions)
    dt = time.perf_counter() - t0
    if r == z3.sat:
        return Answer("sat", "", dt)
    if r == z3.unsat:
        return Answer("unsat", "", dt)
    reason = s.reason_unknown()
    if reason in ("timeout", "canceled"):
        reason = "solver timeout"
    return Answer("unknown", reason or "solver gave up", dt)


def set_timeout(s: z3.Solver, seconds: float) -> None:
    s.set("timeout", max(1, int(seconds * 1000)))


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
        self._answer = check(self._solver)

    def result(self) -> Answer:
        self._thread.join()
        assert self._answer is not None
        return self._answer

    def cancel(self) -> None:
        self._ctx.interrupt()
        self._thread.join()


# Engines tried beside the SMT solver on a proof obligation, each on a copy of it in
# its own context and thread; which is fastest differs by query (seconds):
#                                  SMT (QF_AUFBV)  QF_BV  bit-blasting
#   sum_until_zero general, VF 16       19.1        0.54     0.55
#   abs_copy general, VF 16              9.4        6.0      0.75
#   find_first_64.ll, VF 4, trip 64      2.8        0.16     3.9
# so they race and the first unsat wins.
PROOF_TACTIC = ("simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "ackermannize_bv", "bit-blast", "sat")


def _bit_blasting(s: z3.Solver, ctx: z3.Context, timeout_ms: int) -> z3.Solver:
    other = z3.TryFor(z3.Then(*[z3.Tactic(n, ctx) for n in PROOF_TACTIC], ctx=ctx), timeout_ms).solver()
    other.add(*[a.translate(ctx) for a in s.assertions()])
    return other


def _qf_bv(s: z3.Solver, ctx: z3.Context, timeout_ms: int) -> z3.Solver:
    """z3's QF_BV solver on the obligation's SMT-LIB text: parsed afresh, its terms
    come in another order than a translated copy's, which changes z3's search a lot
    (find_first_64.ll: 0.2 s parsed against 3-8 s translated, over seeds 0-3)."""
    other = z3.SolverFor("QF_BV", ctx=ctx)
    other.set("timeout", timeout_ms)
    other.from_string(s.sexpr())
    return other


PROOF_ENGINES = (_bit_blasting, _qf_bv)
QUICK_CHECK = 0.25  # seconds the SMT solver has alone before the race starts


def check_racing(s: z3.Solver, timeout_s: float) -> Answer:
    """s.check(), raced against PROOF_ENGINES after QUICK_CHECK seconds alone: an unsat
    from one of them interrupts s and is the answer. Only an unsat is taken from them (an engine that cannot take
    a goal says unknown, never unsat), so a sat answer and its model are s's own."""
    t0 = time.perf_counter()
    if timeout_s > 2 * QUICK_CHECK:
        # most obligations take less than this alone: no copies, no contention
        set_timeout(s, QUICK_CHECK)
        ans = check(s)
        set_timeout(s, timeout_s - ans.seconds)
        if ans.status != "unknown" or ans.reason != "solver timeout":
            return ans
        timeout_s -= ans.seconds
    ms = max(1, int(timeout_s * 1000))
    lock = threading.Lock()
    main_running = [True]
    found: list[Answer] = []
    helpers: list[tuple[z3.Context, threading.Thread]] = []
    for engine in PROOF_ENGINES:
        ctx = z3.Context()
        other = engine(s, ctx, ms)

        def race(other: z3.Solver = other) -> None:
            ans = check(other)
            if ans.status == "unsat":
                with lock:
                    found.append(ans)
                    if main_running[0]:
                        s.ctx.interrupt()
                        for c, _ in helpers:
                            c.interrupt()

        helpers.append((ctx, threading.Thread(target=race, daemon=True)))
    for _, thread in helpers:
        thread.start()
    ans = check(s)
    with lock:
        main_running[0] = False
        for c, _ in helpers:
            c.interrupt()
    for _, thread in helpers:
        thread.join(timeout=2.0)  # an engine deep in bit-blasting may take a while to notice
    if found:
        return Answer("unsat", "", time.perf_counter() - t0)
    return ans
