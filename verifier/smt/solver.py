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


# z3's bit-blasting pipeline, tried beside the SMT solver on a proof obligation: on
# some steps it needs a tenth of the time (sum_until_zero general, VF 16: 0.7 s
# against 17 s), on others far more, so the two race and the first unsat wins.
PROOF_TACTIC = ("simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "ackermannize_bv", "bit-blast", "sat")


def check_racing(s: z3.Solver, timeout_s: float) -> Answer:
    """s.check(), raced against PROOF_TACTIC on a copy of its assertions in its own
    context and thread: an unsat from the tactic interrupts s and is the answer.
    Only an unsat is taken from the tactic (a tactic that cannot handle a goal
    says unknown, never unsat), so a sat answer and its model are always s's own."""
    t0 = time.perf_counter()
    ctx = z3.Context()
    goal = [a.translate(ctx) for a in s.assertions()]
    tactic = z3.TryFor(z3.Then(*[z3.Tactic(n, ctx) for n in PROOF_TACTIC], ctx=ctx), max(1, int(timeout_s * 1000)))
    lock = threading.Lock()
    main_running = [True]
    found: list[Answer] = []

    def race() -> None:
        other = tactic.solver()
        other.add(*goal)
        ans = check(other)
        if ans.status == "unsat":
            found.append(ans)
            with lock:
                if main_running[0]:
                    s.ctx.interrupt()

    thread = threading.Thread(target=race, daemon=True)
    thread.start()
    ans = check(s)
    with lock:
        main_running[0] = False
    if not found:
        ctx.interrupt()
    thread.join(timeout=2.0)  # a tactic deep in bit-blasting may take a while to notice
    if found:
        return Answer("unsat", "", time.perf_counter() - t0)
    return ans
