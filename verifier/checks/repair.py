"""What would make speculation safe (seed 000, "Speculatability" and "General vs.
Simple: Speculatability"): the smallest dereferenceable extent of each array a
speculated load reads, and, for the simple form, runtime guards on loads that
leave for the scalar loop when a lane's index is out of range. Every proposal is
proved by the same harness question as the check itself."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from verifier.analysis.exits import Exit, analyse
from verifier.checks.added_ub import Limits, bounded_failure, harness_verdict
from verifier.checks.falsify import ConcreteTests
from verifier.checks.shares import LEAST_QUESTION, PROBE_TEST_SHARE
from verifier.checks.verdict import Check, Counterexample, Coverage, Verdict, VerdictKind
from verifier.ir.printer import instr as instr_text
from verifier.ir.program import ArrayDecl, Extent, Instr, Program, Ref
from verifier.semantics.ops import UBKind
from verifier.smt.budget import Budget, Stopwatch
from verifier.smt.solver import SolverStatus
from verifier.transforms.harness import Harness, speculation_harness
from verifier.transforms.lanes import Guard

if TYPE_CHECKING:
    import sympy

PROBE_TESTS = 4  # concrete tests of a guarded harness before the solver's proof


class _OutOfTime(Exception):
    """The repair's budget was spent before its next question."""


def _within(limits: Limits, budget: Budget | None) -> Budget:
    """A question's budget: the limits' time per question, at most what is left of
    `budget` (None: no limit but the question's own)."""
    if budget is None:
        return Budget.of(limits.timeout)
    left = budget.left()
    if left < LEAST_QUESTION:
        raise _OutOfTime
    return Budget.of(min(limits.timeout, left))


def _with_extent(prog: Program, array: str, extent: Extent) -> Program:
    arrays = [dataclasses.replace(a, extent=extent) if a.name == array else a for a in prog.arrays]
    return dataclasses.replace(prog, arrays=arrays)


def _shifted(extent: Extent, d: int) -> Extent:
    """extent + d as an extent expression."""
    if d == 0:
        return extent
    return ("+", extent, d) if d > 0 else ("-", extent, -d)


def _oob_on(v: Verdict, array: str) -> bool:
    c = v.counterexample
    ub = c.target.ub if c is not None else None
    return ub is not None and ub.kind is UBKind.OUT_OF_BOUNDS and ub.array == array


def extent_requirements(prog: Program, e: Exit, vf: int, limits: Limits = Limits(),
                        freeze: bool = True, checked: Verdict | None = None,
                        budget: Budget | None = None) -> list[str]:
    """For each array e's slice loads at an index the loop steps (not an indirect one):
    the smallest extent `declared + d` (|d| <= 2 VF) under which speculating e is
    proved for runs of at most limits.trip(vf) iterations, found by bisection (a larger
    extent is never less safe), and the replayed failure one element below it.
    `checked` is the check's own verdict at the declared extent (d = 0), when known:
    it halves the range, and a failure it shows that is not a load of the array out
    of bounds stays at every larger extent (the same run), so no extent decides it.
    Once `budget` is spent the search stops, and says so."""
    try:
        return _extent_requirements(prog, e, vf, limits, freeze, checked, budget)
    except _OutOfTime:
        return [f"the extents {e.name} needs are not decided: the time limit was spent"]


def _extent_requirements(prog: Program, e: Exit, vf: int, limits: Limits, freeze: bool,
                         checked: Verdict | None, budget: Budget | None) -> list[str]:
    le = analyse(prog)
    arrays = sorted({le.instrs[u].array for u in e.slice if le.instrs[u].op == "load"})
    advice = []
    for name in arrays:
        decl = prog.array(name)
        if decl.contents is not None or prog.file.endswith(".ll"):
            # a constant table has its initializer's size; an LLVM object's size is a
            # fact (a global, an alloca) or free (a pointer parameter), not a choice
            continue
        if checked is not None and checked.verdict is VerdictKind.COUNTEREXAMPLE and not _oob_on(checked, name):
            continue  # something else fails, at any extent of this array
        base = extent_expr(decl.extent)
        failures: dict[int, Counterexample | None] = {}
        if checked is not None and checked.verdict is VerdictKind.COUNTEREXAMPLE:
            failures[0] = checked.counterexample

        proved = checked is not None and checked.verdict is VerdictKind.PROVED

        def holds(d: int, decl: ArrayDecl = decl, failures: dict[int, Counterexample | None] = failures,
                  proved: bool = proved) -> bool:
            if d >= 0 and proved:
                return True  # the check proved d = 0, and a larger extent is never less safe
            if d not in failures:
                p = _with_extent(prog, decl.name, _shifted(decl.extent, d))
                status, failures[d] = bounded_failure(p, speculation_harness(p, vf, (e.index,), freeze=freeze),
                                                      vf, limits, _within(limits, budget))
                if status is SolverStatus.UNSAT:
                    return True
            return False

        def oob(d: int, name: str = name, failures: dict[int, Counterexample | None] = failures) -> bool:
            c = failures.get(d)
            return c is not None and c.target.ub is not None and c.target.ub.kind is UBKind.OUT_OF_BOUNDS \
                and c.target.ub.array == name

        if not holds(2 * vf):
            if oob(2 * vf):
                advice.append(f"{name}: no extent up to {base + 2 * vf} makes speculating {e.name} safe "
                              "(the index is not bounded by the loop)")
            continue
        lo, hi = (-2 * vf, 0) if holds(0) else (0, 2 * vf)  # holds(hi); find the smallest such d
        if hi == 0:  # is one element less enough? Most often not: the declared extent is what is needed
            lo, hi = (-1, 0) if not holds(-1) else (lo, -1)
        if hi < 0 and holds(lo):
            advice.append(f"{name}: its extent does not matter for {e.name} (proved even with {base - 2 * vf})")
            continue
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if holds(mid):
                hi = mid
            else:
                lo = mid
        if not oob(lo):
            continue  # something else fails (or nothing was found) there: the extent is not what decides
        need = base + hi  # sympy keeps sums simplified
        have = "which the model declares" if hi == 0 else \
            f"the model declares {base}" + (", so speculation is unsafe" if hi > 0 else ", more than needed")
        scope = "for every trip count" if hi == 0 and checked is not None and checked.coverage.unbounded \
            else f"for trip counts up to {limits.trip(vf)}"
        advice.append(f"{name} must be dereferenceable for {need} elements for speculating {e.name} "
                      f"at VF={vf} (proved {scope}; {base + hi - 1} is not enough: a replayed run loads "
                      f"{name}[] out of bounds); {have}")
    return advice


@dataclass(frozen=True)
class Linear:
    """A linear extent, sum of coefficient * parameter plus a constant, printed as
    sympy would (`N - 1`, `2*N + 4`): the common case, without importing sympy
    (half a second, more than a repair's queries take)."""
    terms: tuple[tuple[str, int], ...]
    const: int

    def __add__(self, k: int) -> Linear:
        return Linear(self.terms, self.const + k)

    def __sub__(self, k: int) -> Linear:
        return Linear(self.terms, self.const - k)

    def __str__(self) -> str:
        parts = [(c, name if abs(c) == 1 else f"{abs(c)}*{name}") for name, c in self.terms]
        if self.const or not parts:
            parts.append((self.const, str(abs(self.const)) if parts else str(self.const)))
        text = ("-" if parts[0][0] < 0 and parts[0][1][0] != "-" else "") + parts[0][1]
        return text + "".join(f" {'-' if c < 0 else '+'} {t}" for c, t in parts[1:])


def _linear(e: Extent) -> Linear | None:
    if isinstance(e, int):
        return Linear((), e)
    if isinstance(e, str):
        return Linear(((e, 1),), 0)
    op, a, b = e
    x, y = _linear(a), _linear(b)
    if x is None or y is None:
        return None
    if op in ("+", "-"):
        sign = 1 if op == "+" else -1
        coef = dict(x.terms)
        for name, c in y.terms:
            coef[name] = coef.get(name, 0) + sign * c
        return Linear(tuple(sorted((n, c) for n, c in coef.items() if c)), x.const + sign * y.const)
    if op == "*" and (not x.terms or not y.terms):
        k, v = (x.const, y) if not x.terms else (y.const, x)
        return Linear(tuple((n, k * c) for n, c in v.terms if k * c), k * v.const)
    return None


def extent_expr(e: Extent) -> Linear | sympy.Expr:
    """An extent as an expression over its parameters (for printing requirements):
    Linear when it is, else sympy's (imported only then)."""
    lin = _linear(e)
    return lin if lin is not None else _sympy(e)


def _sympy(e: Extent) -> sympy.Expr:
    import sympy
    if isinstance(e, int):
        return sympy.Integer(e)
    if isinstance(e, str):
        return sympy.Symbol(e, integer=True)
    op, a, b = e
    x, y = _sympy(a), _sympy(b)
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    return _c_division()[op](x, y)


@functools.cache
def _c_division() -> dict[str, Any]:
    """sympy functions for C's `/` and `%` (truncating: LLVM's sdiv, srem) that print
    as C writes them, `%0.bytes / 4`, not as function calls."""
    import sympy

    def printed(sym: str) -> Any:
        def text(self: Any, printer: Any) -> str:
            a, b = (printer._print(x) if x.is_Atom else f"({printer._print(x)})" for x in self.args)
            return f"{a} {sym} {b}"
        return type(f"c{'div' if sym == '/' else 'rem'}", (sympy.Function,), {"_sympystr": text})
    return {"/": printed("/"), "%": printed("%")}


@dataclass
class GuardRepair:
    """The simple form's runtime guards found for one exit, and the verdict of
    speculation with them in place (None when no load guard applies)."""
    guards: tuple[Guard, ...]
    verdict: Verdict | None
    advice: str


def guard_repair(prog: Program, e: Exit, vf: int, v: Verdict, h: Harness, limits: Limits = Limits(),
                 freeze: bool = True, budget: Budget | None = None) -> GuardRepair:
    """Seed 000, "General vs. Simple: Speculatability": for the simple form, guard each
    load that speculation reads out of bounds by `0 <= freeze(index) < extent` over all
    VF lanes (leaving for the scalar loop when a lane fails) until speculating e is
    proved, or a failure remains that no load guard removes (or `budget` is spent:
    not decided)."""
    instrs = {i.uid: i for i in prog.instructions()}
    guards: list[Guard] = []
    while True:
        c = v.counterexample
        ub = c.target.ub if c is not None else None
        orig = h.clones[ub.uid][0] if ub is not None and ub.uid in h.clones else None
        ins = instrs.get(orig) if orig is not None else None
        if v.verdict is not VerdictKind.COUNTEREXAMPLE or ub is None or ins is None or ins.op != "load" \
                or ub.kind is not UBKind.OUT_OF_BOUNDS or any(g.load_uid == ins.uid for g in guards):
            break
        guards.append(Guard(ins.uid, prog.array(ins.array).extent))
        h = speculation_harness(prog, vf, (e.index,), freeze=freeze, guards=tuple(guards))
        try:
            v = _probed_verdict(prog, h, vf, limits, _within(limits, budget))
        except _OutOfTime:
            v = Verdict(f"{prog.name} -> {h.program.name}", Check.SPECULATE, VerdictKind.UNKNOWN, 0.0, vf=vf,
                        reason="solver timeout: the time limit was spent before the guard was checked")
            break
    if not guards:
        what = ub.reason if ub is not None else v.reason or "no failure to guard"
        return GuardRepair((), None, f"no runtime guard applies to {e.name}: the failure ({what}) is not a load "
                           "out of bounds, and neither a larger extent nor a guard removes it; do not speculate "
                           f"{e.name}")
    said = "; ".join(guard_text(g, instrs) for g in guards)
    if v.verdict is VerdictKind.PROVED:
        return GuardRepair(tuple(guards), v, f"simple form: with the runtime guard {said}, for all {vf} lanes, "
                           f"leaving for the scalar loop when any lane fails, speculating {e.name} is safe (proved)")
    if v.verdict is VerdictKind.UNKNOWN:
        return GuardRepair(tuple(guards), v, f"simple form: with the runtime guard {said}, speculating {e.name} "
                           f"is not decided ({v.reason})")
    return GuardRepair(tuple(guards), v, f"simple form: even with the runtime guard {said}, speculating "
                       f"{e.name} is unsafe: {v.counterexample.divergence.summary if v.counterexample else ''}")


def _probed_verdict(prog: Program, h: Harness, vf: int, limits: Limits, budget: Budget) -> Verdict:
    """harness_verdict, after concrete tests (checks/falsify.py) of the guarded
    harness: a guard that does not remove every failure usually leaves one that a
    test of a vector iteration or two shows, in milliseconds where the window's
    refutation (replayed from the real start) takes far longer; a test that fails
    is a replayed counterexample, and tests that pass conclude nothing."""
    sw = Stopwatch()
    found = ConcreteTests(prog, h.program, vf, limits.trip(vf)).run(PROBE_TESTS, PROBE_TEST_SHARE * budget.seconds,
                                                                    shrunk=False)
    if found is not None:
        return Verdict(f"{prog.name} -> {h.program.name}", Check.SPECULATE, VerdictKind.COUNTEREXAMPLE,
                       sw(), counterexample=found, vf=vf,
                       coverage=Coverage(found_in="a concrete test of the guarded harness"))
    return harness_verdict(prog, h, vf, limits, Check.SPECULATE, budget.remainder(), minimize_budget=0.0)


def guard_text(g: Guard, instrs: dict[int, Instr]) -> str:
    """`0 <= freeze(x) < K` before `y = b[x]` (line 16), in the model's names."""
    ins = instrs[g.load_uid]
    idx = ins.args[0]
    name = idx.name if isinstance(idx, Ref) else str(getattr(idx, "value", idx))
    line = f" (line {ins.loc.line})" if ins.loc else ""
    return f"`0 <= freeze({name}) < {extent_expr(g.extent)}` before `{instr_text(ins)}`{line}"



