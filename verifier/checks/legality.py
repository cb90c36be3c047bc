"""Legality checks of seed 000: hoistability and speculation safety, one verdict per
data-dependent exit, each a refinement query between the loop and a harness
(transforms/harness.py), so counterexamples are replayed like any other."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

import sympy

from verifier.analysis.exits import Exit, analyse
from verifier.checks.refinement import refinement
from verifier.checks.verdict import Verdict
from verifier.ir.printer import instr as instr_text
from verifier.ir.program import ArrayDecl, Branch, Extent, Instr, Program
from verifier.transforms.harness import Harness, Unsupported, hoist_harness, speculation_harness


def _label(e: Exit, prog: Program) -> str:
    br_loc = next((b.term.loc for b in prog.blocks.values()
                   if isinstance(b.term, Branch) and b.term.uid == e.uid), None)
    return f"{e.name} (line {br_loc.line})" if br_loc else e.name


def _unknown(prog: Program, check: str, vf: int, subject: str, reason: str, t0: float) -> Verdict:
    return Verdict(prog.name, check, "unknown", time.perf_counter() - t0, reason=reason, vf=vf, subject=subject)


def speculation_safety(prog: Program, vf: int, max_trip: int | None = None, timeout: float = 60.0,
                       freeze: bool = True, repair: bool = False) -> list[Verdict]:
    """Per data-dependent exit: does evaluating its slice for VF lanes at the vector
    iteration's start add immediate UB (frozen conditions, or branched on unfrozen)?"""
    out = []
    for e, v in _per_exit(prog, "speculate", vf, max_trip or 2 * vf, timeout,
                          lambda e: speculation_harness(prog, vf, (e.index,), freeze=freeze)):
        if repair and v.verdict != "unknown":
            v.advice = extent_requirements(prog, e, vf, max_trip, timeout, freeze)
        out.append(v)
    return out


def _per_exit(prog: Program, check: str, vf: int, max_trip: int, timeout: float,
              build: Callable[[Exit], Harness]) -> list[tuple[Exit, Verdict]]:
    """One refinement query per data-dependent exit, between the loop and its harness."""
    le = analyse(prog)
    originals = {i.uid: i for i in prog.instructions()}
    out = []
    for e in le.data_dependent:
        t0 = time.perf_counter()
        subject = _label(e, prog)
        try:
            h = build(e)
        except Unsupported as u:
            out.append((e, _unknown(prog, check, vf, subject, str(u), t0)))
            continue
        v = refinement(prog, h.program, max_trip=max_trip, timeout=timeout, check_name=check)
        _finish(v, prog, h, originals, subject, vf, le.loop.header)
        out.append((e, v))
    return out


def _with_extent(prog: Program, array: str, extent: Extent) -> Program:
    arrays = [dataclasses.replace(a, extent=extent) if a.name == array else a for a in prog.arrays]
    return dataclasses.replace(prog, arrays=arrays)


def _spec_verdict(prog: Program, e: Exit, vf: int, max_trip: int | None, timeout: float, freeze: bool) -> Verdict:
    h = speculation_harness(prog, vf, (e.index,), freeze=freeze)
    return refinement(prog, h.program, max_trip=max_trip or 2 * vf, timeout=timeout,
                      check_name="speculate", minimize_budget=0.0)


def _shifted(extent: Extent, d: int) -> Extent:
    """extent + d as an extent expression."""
    if d == 0:
        return extent
    return ("+", extent, d) if d > 0 else ("-", extent, -d)


def _oob_on(v: Verdict, array: str) -> bool:
    c = v.counterexample
    return c is not None and c.target.ub is not None and f"of {array}[] out of bounds" in c.target.ub.reason


def extent_requirements(prog: Program, e: Exit, vf: int, max_trip: int | None = None,
                        timeout: float = 60.0, freeze: bool = True) -> list[str]:
    """For each array e's slice loads at an index the loop steps (not an indirect one):
    the smallest extent `declared + d` (|d| <= 2 VF) under which speculating e is
    proved, found by bisection (a larger extent is never less safe) and proved."""
    le = analyse(prog)
    arrays = sorted({le.instrs[u].attrs["array"] for u in e.slice if le.instrs[u].op == "load"})
    advice = []
    for name in arrays:
        decl = prog.array(name)
        base = extent_expr(decl.extent)

        def verdict_at(d: int, decl: ArrayDecl = decl) -> Verdict:
            return _spec_verdict(_with_extent(prog, decl.name, _shifted(decl.extent, d)), e, vf,
                                 max_trip, timeout, freeze)

        hi_v = verdict_at(2 * vf)
        if hi_v.verdict != "proved":
            if _oob_on(hi_v, name):
                advice.append(f"{name}: no extent up to {base + 2 * vf} makes speculating {e.name} safe "
                              "(the index is not bounded by the loop); guard the access or do not speculate")
            continue
        lo, hi = -2 * vf, 2 * vf  # verdict_at(hi) is proved; find the smallest such d
        lo_v = verdict_at(lo)
        if lo_v.verdict == "proved":
            advice.append(f"{name}: its extent does not matter for {e.name} (proved even with {base - 2 * vf})")
            continue
        if not _oob_on(lo_v, name):
            continue  # something else fails: the extent is not what decides
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if verdict_at(mid).verdict == "proved":
                hi = mid
            else:
                lo = mid
        need = sympy.simplify(base + hi)
        have = "which the model declares" if hi == 0 else \
            f"the model declares {base}" + (", so speculation is unsafe" if hi > 0 else ", more than needed")
        advice.append(f"{name} must be dereferenceable for {need} elements for speculating {e.name} "
                      f"at VF={vf} (proved; {sympy.simplify(base + hi - 1)} is not enough); {have}")
    return advice


def extent_expr(e: Extent) -> sympy.Expr:
    """An extent as a sympy expression over its parameters (for printing requirements)."""
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


def hoistability(prog: Program, vf: int = 1, max_trip: int | None = None,
                 timeout: float = 60.0) -> list[Verdict]:
    """Per data-dependent exit: does its slice, evaluated at the start of the (vector)
    iteration, give the value the loop computes at the exit whenever it gets there?"""
    le = analyse(prog)
    out = []
    for e, v in _per_exit(prog, "hoist", vf, max_trip or max(2 * vf, 4), timeout,
                          lambda e: hoist_harness(prog, vf, (e.index,))):
        if v.verdict == "counterexample" and v.counterexample is not None:
            writers = _writers_before(prog, e, le.instrs)
            if writers:
                v.counterexample.divergence.summary += "; written before the exit by " + ", ".join(writers)
        out.append(v)
    return out


def _finish(v: Verdict, prog: Program, h: Harness, originals: dict[int, Instr], subject: str,
            vf: int, header: str) -> None:
    """Name the verdict after the exit and say, in the seed's terms, what went wrong."""
    v.model = prog.name
    v.vf = vf
    v.subject = subject
    c = v.counterexample
    if c is None or c.target.ub is None:
        return
    ub = c.target.ub
    last = c.source.iterations.get(header, 0) - 1
    if ub.uid in h.clones:
        orig_uid, lane, _ = h.clones[ub.uid]
        ins = originals[orig_uid]
        where = f" (line {ins.loc.line})" if ins.loc else ""
        scalar_it = ub.iteration + lane - 1
        c.divergence.summary = (
            f"speculating {subject} is unsafe: `{instr_text(ins)}`{where}: {ub.reason} in lane {lane} "
            f"of the vector iteration starting at scalar iteration {ub.iteration}, i.e. scalar "
            f"iteration {scalar_it}; the scalar loop had already left in iteration {last}")
        c.divergence.instruction = instr_text(ins)
        c.divergence.lane = lane
        c.divergence.iteration = scalar_it
        c.divergence.loc = str(ins.loc) if ins.loc else None
    elif ub.uid in h.checks:
        c.divergence.summary = (f"{subject} is not hoistable: {ub.reason} in scalar iteration {ub.iteration}")
    elif ub.reason.startswith("branch on poison"):
        c.divergence.summary = (
            f"speculating {subject} without freeze is unsafe: a speculated lane's condition is poison "
            f"and the vector loop branches on it (vector iteration starting at scalar iteration "
            f"{ub.iteration}; the scalar loop had already left in iteration {last}). Freeze the condition.")


def _writers_before(prog: Program, e: Exit, instrs: dict[int, Instr]) -> list[str]:
    """Stores and effectful calls in the loop that may change what e's slice loads."""
    arrays = {instrs[u].attrs["array"] for u in e.slice if instrs[u].op == "load"}
    for a, b in prog.aliases:
        if a in arrays or b in arrays:
            arrays |= {a, b}
    found = []
    for ins in instrs.values():
        if (ins.op == "store" and ins.attrs["array"] in arrays) or \
                (ins.op == "call" and not ins.attrs["func"].pure and arrays):
            line = f" (line {ins.loc.line})" if ins.loc else ""
            found.append(f"`{instr_text(ins)}`{line}")
    return found
