"""What would make speculation safe (seed 000, "Speculatability" and "General vs.
Simple: Speculatability"): the smallest dereferenceable extent of each array a
speculated load reads, and, for the simple form, runtime guards on loads that
leave for the scalar loop when a lane's index is out of range. Every proposal is
proved by the same harness question as the check itself."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from verifier.analysis.exits import Exit, analyse
from verifier.checks.added_ub import Limits, harness_verdict
from verifier.checks.verdict import Verdict, VerdictKind
from verifier.ir.printer import instr as instr_text
from verifier.ir.program import ArrayDecl, Extent, Instr, Program, Ref
from verifier.semantics.ops import UBKind
from verifier.transforms.harness import Harness, speculation_harness
from verifier.transforms.lanes import Guard

if TYPE_CHECKING:
    import sympy


def _with_extent(prog: Program, array: str, extent: Extent) -> Program:
    arrays = [dataclasses.replace(a, extent=extent) if a.name == array else a for a in prog.arrays]
    return dataclasses.replace(prog, arrays=arrays)


def _spec_verdict(prog: Program, e: Exit, vf: int, limits: Limits, freeze: bool) -> Verdict:
    h = speculation_harness(prog, vf, (e.index,), freeze=freeze)
    return harness_verdict(prog, h, vf, limits, "speculate", minimize_budget=0.0)


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
                        freeze: bool = True) -> list[str]:
    """For each array e's slice loads at an index the loop steps (not an indirect one):
    the smallest extent `declared + d` (|d| <= 2 VF) under which speculating e is
    proved, found by bisection (a larger extent is never less safe) and proved."""
    le = analyse(prog)
    arrays = sorted({le.instrs[u].attrs["array"] for u in e.slice if le.instrs[u].op == "load"})
    advice = []
    for name in arrays:
        decl = prog.array(name)
        if decl.contents is not None or prog.file.endswith(".ll"):
            # a constant table has its initializer's size; an LLVM object's size is a
            # fact (a global, an alloca) or free (a pointer parameter), not a choice
            continue
        base = extent_expr(decl.extent)

        def verdict_at(d: int, decl: ArrayDecl = decl) -> Verdict:
            return _spec_verdict(_with_extent(prog, decl.name, _shifted(decl.extent, d)), e, vf, limits, freeze)

        hi_v = verdict_at(2 * vf)
        if hi_v.verdict is not VerdictKind.PROVED:
            if _oob_on(hi_v, name):
                advice.append(f"{name}: no extent up to {base + 2 * vf} makes speculating {e.name} safe "
                              "(the index is not bounded by the loop)")
            continue
        lo, hi = -2 * vf, 2 * vf  # verdict_at(hi) is proved; find the smallest such d
        lo_v = verdict_at(lo)
        if lo_v.verdict is VerdictKind.PROVED:
            advice.append(f"{name}: its extent does not matter for {e.name} (proved even with {base - 2 * vf})")
            continue
        if not _oob_on(lo_v, name):
            continue  # something else fails: the extent is not what decides
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if verdict_at(mid).verdict is VerdictKind.PROVED:
                hi = mid
            else:
                lo = mid
        need = base + hi  # sympy keeps sums simplified
        have = "which the model declares" if hi == 0 else \
            f"the model declares {base}" + (", so speculation is unsafe" if hi > 0 else ", more than needed")
        advice.append(f"{name} must be dereferenceable for {need} elements for speculating {e.name} "
                      f"at VF={vf} (proved; {base + hi - 1} is not enough); {have}")
    return advice


def extent_expr(e: Extent) -> sympy.Expr:
    """An extent as a sympy expression over its parameters (for printing requirements).
    sympy is imported here, where an extent is printed: importing it took half of
    every command's start-up time."""
    import sympy
    if isinstance(e, int):
        return sympy.Integer(e)
    if isinstance(e, str):
        return sympy.Symbol(e, integer=True)
    op, a, b = e
    x, y = extent_expr(a), extent_expr(b)
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    return sympy.Function("sdiv" if op == "/" else "srem")(x, y)


@dataclass
class GuardRepair:
    """The simple form's runtime guards found for one exit, and the verdict of
    speculation with them in place (None when no load guard applies)."""
    guards: tuple[Guard, ...]
    verdict: Verdict | None
    advice: str


def guard_repair(prog: Program, e: Exit, vf: int, v: Verdict, h: Harness, limits: Limits = Limits(),
                 freeze: bool = True) -> GuardRepair:
    """Seed 000, "General vs. Simple: Speculatability": for the simple form, guard each
    load that speculation reads out of bounds by `0 <= freeze(index) < extent` over all
    VF lanes (leaving for the scalar loop when a lane fails) until speculating e is
    proved, or a failure remains that no load guard removes."""
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
        guards.append(Guard(ins.uid, prog.array(ins.attrs["array"]).extent))
        h = speculation_harness(prog, vf, (e.index,), freeze=freeze, guards=tuple(guards))
        v = _probed_verdict(prog, h, vf, limits)
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


def _probed_verdict(prog: Program, h: Harness, vf: int, limits: Limits) -> Verdict:
    """harness_verdict, after a probe for a counterexample within one vector iteration
    of the start (trip counts up to VF): a guard that does not remove every failure
    usually leaves one there, and that query is a fraction of the size of the
    window's and the bounded check's (a probe's proof covers too little to keep)."""
    probe = dataclasses.replace(limits, inductive=False, max_trip=vf, timeout=limits.timeout / 4)
    v = harness_verdict(prog, h, vf, probe, "speculate", minimize_budget=0.0)
    if v.verdict is VerdictKind.COUNTEREXAMPLE:
        return v
    rest = dataclasses.replace(limits, timeout=max(0.1, limits.timeout - v.seconds))
    return harness_verdict(prog, h, vf, rest, "speculate", minimize_budget=0.0)


def guard_text(g: Guard, instrs: dict[int, Instr]) -> str:
    """`0 <= freeze(x) < K` before `y = b[x]` (line 16), in the model's names."""
    ins = instrs[g.load_uid]
    idx = ins.args[0]
    name = idx.name if isinstance(idx, Ref) else str(getattr(idx, "value", idx))
    line = f" (line {ins.loc.line})" if ins.loc else ""
    return f"`0 <= freeze({name}) < {extent_expr(g.extent)}` before `{instr_text(ins)}`{line}"



