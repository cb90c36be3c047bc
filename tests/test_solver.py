"""smt/solver.py: the race beside the SMT solver (check_racing): the SMT core, then the bit-blaster."""

from __future__ import annotations

import z3

from verifier.smt.solver import check_racing, fresh_context, new_solver


def _pigeonhole(n: int) -> list[z3.BoolRef]:
    """n+1 pigeons in n holes, as bit-vectors: unsat."""
    xs = [z3.BitVec(f"p{k}", 8) for k in range(n + 1)]
    return [z3.ULT(x, n) for x in xs] + [z3.Distinct(*xs)]


def test_an_unsat_goal_is_unsat_whichever_side_answers() -> None:
    fresh_context()
    s = new_solver(30)
    s.add(*_pigeonhole(6))
    assert check_racing(s, 30).status == "unsat"


def test_a_sat_answer_is_the_smt_solvers_own_with_its_model() -> None:
    fresh_context()
    x, y = z3.BitVecs("x y", 32)
    s = new_solver(30)
    s.add(x * y == 391, z3.ULT(1, x), z3.ULT(x, y))
    ans = check_racing(s, 30)
    assert ans.status == "sat"
    m = s.model()  # the model is read off the solver that was asked
    assert m.eval(x).as_long() * m.eval(y).as_long() % (1 << 32) == 391


def test_a_goal_the_tactic_cannot_take_still_gets_an_answer() -> None:
    # stores into an array: the bit-blaster gives up; the SMT solver answers
    fresh_context()
    a = z3.Array("a", z3.BitVecSort(64), z3.BitVecSort(8))
    i, j = z3.BitVecs("i j", 64)
    b = z3.Store(z3.Store(a, i, 1), j, 2)
    s = new_solver(30)
    s.add(i != j, z3.Select(b, i) != 1)
    assert check_racing(s, 30).status == "unsat"
    s2 = new_solver(30)
    s2.add(z3.Select(b, i) != 1)
    assert check_racing(s2, 30).status == "sat"


def test_a_dropped_context_is_freed_off_the_main_thread(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Freeing a context that held a large query takes seconds: fresh_context's
    contexts are freed on a thread of their own once nothing refers to them."""
    import gc
    import threading
    import time

    import verifier.smt.solver as solver

    where: list[bool] = []
    free = solver._free
    monkeypatch.setattr(solver, "_free", lambda ref, handler: (where.append(threading.current_thread()
                                                                            is threading.main_thread()),
                                                               free(ref, handler)))
    fresh_context()
    s = new_solver(30)
    s.add(*_pigeonhole(4))
    assert isinstance(s.ctx, solver.FreedInBackground) and check_racing(s, 30).status == "unsat"
    del s
    fresh_context()  # the last reference to the old context goes
    gc.collect()
    give_up = time.perf_counter() + 10
    while len(where) < 2 and time.perf_counter() < give_up:  # the main context and the race's copy
        time.sleep(0.01)
    assert len(where) >= 2 and not any(where), where


def test_a_process_ends_with_contexts_left() -> None:
    """At the interpreter's end no thread can start: a context left then is not
    freed on one (that waited for ever)."""
    import subprocess
    import sys

    code = ("import z3\nfrom verifier.smt.solver import fresh_context, new_solver\n"
            "fresh_context(); s = new_solver(5); s.add(z3.Int('x') > 1); s.check()\n")
    r = subprocess.run([sys.executable, "-c", code], timeout=60, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
