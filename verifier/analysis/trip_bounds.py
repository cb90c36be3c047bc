"""Trip counts the IR suggests as complete bounds for a bounded check: an object of
K elements read at an induction each iteration runs out after about K iterations
(its load past the end is UB), and a countable exit against a constant stops the
loop near that constant. These are proposals only: checks/unwinding.py proves
(or refutes) that no run goes past one before a bounded answer may cover every input.
"""

from __future__ import annotations

from verifier.ir.program import ArrayDecl, Const, Program
from verifier.ir.types import elem_of


def candidate_bounds(prog: Program, limit: int) -> list[int]:
    """Trip counts from 1 to `limit`, ascending, after which the runs of `prog`'s
    loops may all have ended or met UB: each constant-extent object's length in
    every unit a load or store of it reads (and one more, for a loop that leaves
    after reading the last element), and every constant a loop compares with
    (a constant trip count, a guard `i < 100`), with one more."""
    found = {k for c in _compared_constants(prog) for k in (c, c + 1)}
    widths = _access_widths(prog)
    for arr in prog.arrays:
        lengths = _lengths(arr, widths.get(arr.name))
        found |= lengths | {k + 1 for k in lengths}
    return sorted(k for k in found if 1 <= k <= limit)


def _compared_constants(prog: Program) -> set[int]:
    """The positive constants a comparison of `prog` reads."""
    return {op.value for ins in prog.instructions() if ins.op == "icmp" for op in ins.args
            if isinstance(op, Const) and op.value > 0}


def _lengths(arr: ArrayDecl, widths: set[int] | None) -> set[int]:
    """A constant-extent array's length in each unit it is accessed in (`widths`, bits;
    none where it is not accessed or its extent is not a constant)."""
    if not isinstance(arr.extent, int) or widths is None:
        return set()
    return {arr.extent * arr.elem.bits // max(1, bits) for bits in widths | {arr.elem.bits}}


def _access_widths(prog: Program) -> dict[str, set[int]]:
    """Each accessed array's access widths in bits (a vector access: its lanes')."""
    widths: dict[str, set[int]] = {}
    for ins in prog.instructions():
        if ins.op in ("load", "store"):
            widths.setdefault(ins.array, set()).update({elem_of(ins.type).bits} if ins.type is not None else set())
    return widths
