"""Verdicts, counterexamples and runs as terminal text: the inputs, where the runs
diverge, and the source and target traces side by side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from verifier.checks.verdict import (
    Bounded,
    Counterexample,
    Coverage,
    CoverageKind,
    EveryTripCount,
    Verdict,
    VerdictKind,
)
from verifier.ir.program import Program
from verifier.ir.types import float_text
from verifier.reports import jsonout
from verifier.reports.lanes import lane_table, table_lines
from verifier.reports.names import demangled, readable, rename_json, rename_text
from verifier.reports.table import render_table
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run, RunStatus
from verifier.semantics.ops import Val

if TYPE_CHECKING:
    from verifier.suite import Outcome


def _elem(x: int | None, float_width: int | None = None) -> str:
    if x is None:
        return "poison"
    return str(x) if float_width is None else float_text(x, float_width).split(" (")[0]


# what each kind of nondeterministic choice is (the first item of its key, ops.py)
_CHOICE_KINDS = {"fr": "freeze", "fused": "fmuladd rounded once (1) or twice (0)", "undef": "undef"}


def _pointer_fact(k: str, params: dict[str, Any], display: dict[str, str]) -> str | None:
    """A pointer parameter's input the LLVM front end derives from it (its object's
    size, where in it the pointer points, its address, whether it is null) said in
    words under the pointer's name; "" for one said on another's line; None for any
    other input."""
    base, dot, what = k.rpartition(".")
    if not dot or what not in ("bytes", "before", "addr", "null") or not base:
        return None
    p = display.get(base, base)
    if what == "bytes":
        into = f" {params[base + '.before']} elements into" if base + ".before" in params else " to"
        return f"{p} points{into} an object of {params[k]} bytes"
    if what == "before":
        return "" if base + ".bytes" in params else f"{p} points {params[k]} elements into its object"
    if what == "addr":
        return f"{p} is at address {params[k]}"
    return f"{p} is {'null' if params[k] else 'not null'}"


def inputs_lines(inp: Inputs, indent: str = "  ", display: dict[str, str] | None = None,
                 floats: dict[str, int] | None = None, runs: Sequence[Run] = ()) -> list[str]:
    """The inputs, one per line; a parameter that may be poison (`x.value`, `x.poison`)
    as one line under the input's own name (`display`); an array of floats (`floats`,
    Program.floats) as floats."""
    lines = []
    for k, v in inp.params.items():
        base = k.removesuffix(".value")
        if base != k and f"{base}.poison" in inp.params:
            name = (display or {}).get(base, base)
            lines.append(f"{indent}{name} = {'poison' if inp.params[f'{base}.poison'] else v}")
        elif (said := _pointer_fact(k, inp.params, display or {})) is not None:
            if said:
                lines.append(f"{indent}{said}")
        elif not (k.endswith(".poison") and f"{k.removesuffix('.poison')}.value" in inp.params):
            lines.append(f"{indent}{k} = {v}")
    for name, content in inp.arrays.items():
        shown = content[:64]
        more = f", ... ({len(content)} elements)" if len(content) > 64 else ""
        width = (floats or {}).get(name)
        lines.append(f"{indent}{name} = [{', '.join(_elem(x, width) for x in shown)}{more}]")
    for b, (obj, delta) in inp.alias.items():
        lines.append(f"{indent}{b} " + (f"is a window on {obj}'s object at element offset {delta}" if obj is not None
                                        else "does not alias"))
    for (f, args), r in inp.pure.items():
        lines.append(f"{indent}{f}({', '.join(str(a) for a in args)}) = {r}")
    calls = jsonout.call_effects(inp, runs)
    for j in calls["stops"]:
        lines.append(f"{indent}the call of event {j} does not return (it ends the run, as exit() would)")
    alike: dict[tuple[str, str], list[int]] = {}  # what calls leave in an object -> their events
    for w in calls["writes"]:
        obj, cells = w["object"], w["cells"]
        set_cells = ", ".join(f"{obj}[{k}] = {x}" for k, x in list(cells.items())[:16])
        left = f"{set_cells + ', ' if set_cells else ''}{'every other cell' if set_cells else f'every cell of {obj}'} " \
               f"{w['others']}"
        alike.setdefault((obj, left), []).append(w["event"])
    for (_obj, left), events in alike.items():
        which = f"call of event {events[0]}" if len(events) == 1 else f"calls of events {_spans(events)}"
        lines.append(f"{indent}the {which} {'leaves' if len(events) == 1 else 'leave'} {left}")
    for key, v in jsonout.shown_choices(inp):
        kind, uid, it, lane = (list(key) + [None] * 4)[:4]
        what = _CHOICE_KINDS.get(str(kind), "undef")
        lines.append(f"{indent}target {what} choice (instruction #{uid}, iteration {it}, lane {lane}) = {v}")
    return lines


def _spans(ns: list[int]) -> str:
    """Sorted numbers as runs: [1, 2, 3, 5] -> "1-3, 5"."""
    out: list[str] = []
    start = prev = ns[0]
    for n in [*ns[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(out)


def _status(r: Run) -> str:
    if r.status is RunStatus.UB and r.ub is not None:
        lane = f" lane {r.ub.lane}" if r.ub.lane else ""
        it = f" iteration {r.ub.iteration}" if r.ub.iteration >= 0 else ""
        return f"UB: {r.ub.reason} at `{r.ub.text}`{it}{lane}"
    if r.status is RunStatus.FUEL:
        return "did not finish (out of fuel)"
    if r.stopped:
        return f"ended inside the call of event {len(r.trace)} (it did not return)"
    return "ok"


def _outs(r: Run, floats: dict[str, int] | None = None) -> str:
    """A run's live-outs; those the input types as floats (Program.floats) as floats."""
    if r.status is not RunStatus.OK:
        return "live-outs: (not reached)"
    outs = jsonout.run(r)["live_outs"]
    for k, width in (floats or {}).items():
        v = r.outs.get(k)
        if isinstance(v, Val) and not v.p and not v.u:
            outs[k] = float_text(v.v, width)
    return "live-outs: " + (", ".join(f"{k} = {v}" for k, v in outs.items()) or "none")


def side_by_side(c: Counterexample, display: dict[str, str] | None = None) -> list[str]:
    s, t = c.source, c.target
    left = [f"source {c.source_name}: {_status(s)}"] + [f"{k + 1:>3}  {e}" for k, e in enumerate(s.trace)]
    right = [f"target {c.target_name}: {_status(t)}"] + [f"{k + 1:>3}  {e}" for k, e in enumerate(t.trace)]
    if c.divergence.kind == "trace" and c.divergence.position is not None:
        p = c.divergence.position
        for col in (left, right):
            if p < len(col):
                col[p] = col[p] + "   <-- differs"
    left.append(_outs(s, c.floats))
    right.append(_outs(t, c.floats))
    left = [rename_text(x, display or {}) for x in left]
    right = [rename_text(x, display or {}) for x in right]
    width = max(len(x) for x in left) + 3
    rows = max(len(left), len(right))
    return [f"  {(left[k] if k < len(left) else ''):<{width}}| {right[k] if k < len(right) else ''}"
            for k in range(rows)]


def _unrolled(loops: object) -> str:
    """How far each target loop was unrolled: its header in backquotes (named as the
    input does, reports/names.py) and the count; `none` for no loop."""
    if not isinstance(loops, dict) or not loops:
        return "none"
    return ", ".join(f"`{h}` {n}" for h, n in loops.items())


def verdict_text(v: Verdict) -> str:
    head = f"{v.verdict}: {v.model}{' ' + v.subject if v.subject else ''} [{v.check}"
    if v.form:
        head += f", {v.form}"
    if v.vf:
        head += f", VF={v.vf}"
    if v.vscale is not None:
        head += f", vscale={v.vscale}"
    head += f"] in {v.seconds:.2f}s"
    lines = [head]
    if v.assumptions:
        lines.append(f"  assuming (stronger than LLVM's semantics): {', '.join(v.assumptions)}")
    cov = v.coverage
    if cov.vscales:
        lines.append(f"  scalable vectors: {'holds' if v.verdict is VerdictKind.PROVED else 'the same'} at every "
                     f"vscale {', '.join(map(str, cov.vscales))}, each read and checked on its own "
                     f"(the function's {cov.vscale_range})")
    if cov.outer_loop:
        lines.append(f"  loop nest: {'holds for' if v.verdict is VerdictKind.PROVED else 'found in'} "
                     f"{cov.outer_loop}")
    if v.verdict is VerdictKind.PROVED:
        lines.extend(_covers(cov))
    if v.reason:
        lines.append(f"  reason: {v.reason}")
    for a in v.advice:
        lines.append(f"  advice: {a}")
    if v.longer_run is not None:
        lines.append(f"  a run past the bound ({v.longer_run.iterations} iterations, no UB in the first "
                     f"{v.longer_run.bound}):")
        lines.extend(inputs_lines(v.longer_run.inputs, "    ", v.names))
    c = v.counterexample
    if c is not None:
        dv = c.divergence
        lines.append(f"  divergence: {dv.summary}")
        if dv.loc:
            lines.append(f"    at {dv.loc}")
        lines.append("  inputs:")
        lines.extend(inputs_lines(c.inputs, "    ", v.names, c.floats, (c.source, c.target)))
    # names as the input spells them (LLVM's %4, not our v4); aligned blocks are
    # renamed before they are laid out
    lines = [rename_text(x, v.names) for x in lines]
    if c is not None:
        lines.extend(side_by_side(c, v.names))
        table = lane_table(c, v.vf)
        if table is not None:
            lines.extend(table_lines(rename_json(table, v.names)))
    return readable("\n".join(lines))  # C++ functions by their names in the source


def _covers(cov: Coverage) -> list[str]:
    """What a proof covers, in words (one line, and a note on how it was proved)."""
    e = cov.extent
    if isinstance(e, EveryTripCount):
        if e.identical:
            return ["  covers every input: the target is the source (the pass left the function as it was, but "
                    "for blocks that only jump on)"]
        if e.argument:
            return [f"  covers {e.runs or 'every trip count'}: up to {e.bounded.max_trip if e.bounded else None} "
                    f"iterations by the bounded check, and beyond because {e.argument}"]
        return ["  covers every trip count: checked from any state the loop can be in at a vector iteration's start"
                + (", even with its inductions free" if e.inductions_free else "")
                + (", and one iteration of the target's scalar remainder loop from any state" if e.remainder else "")]
    if not isinstance(e, Bounded):
        return []
    if e.complete and e.unwound is not None:
        note = [f"  note: proved this way, not by the per-iteration induction, which does not apply here: "
                f"{cov.why_bounded}"] if cov.why_bounded else []  # a note on the way it was proved, not a fault
        return [f"  covers every input: runs of at most {e.max_trip} iterations by the bounded check, and no run "
                f"of the source gets past {e.unwound} iterations without UB (proved)", *note]
    if e.complete:
        most = max((e.source_unrolled or {}).values(), default=0)
        return [f"  covers every input: no source loop visits its header more than {most} times"
                f" (target loops unrolled: {_unrolled(e.target_unrolled)})"]
    why = [f"  (no proof for every trip count: {cov.why_bounded})"] if cov.why_bounded else []
    return [f"  covers every input whose source loops run at most {e.max_trip} iterations"
            f" (target loops unrolled: {_unrolled(e.target_unrolled)})"
            + (" (a bounded answer, accepted as asked)" if e.accepted_bounded else ""), *why]


def run_text(prog: Program, r: Run, inp: Inputs, path: bool = False) -> str:
    """A concrete run: its inputs, status, trace, live-outs and the memory it wrote."""
    lines = [f"run {prog.name}:"]
    lines.extend(inputs_lines(inp, display=prog.display))
    loops = ", ".join(f"{h}: {n} iteration(s)" for h, n in r.iterations.items())
    lines.append(f"status: {_status(r)}" + (f" ({loops})" if loops else ""))
    if r.ub is not None and r.ub.loc:
        lines.append(f"  at {r.ub.loc}")
    lines.append("trace:" + ("" if r.trace else " (no calls)"))
    lines.extend(f"  {k + 1:>3}  {e}" for k, e in enumerate(r.trace))
    outs = jsonout.run(r)["live_outs"]
    lines.append("live-outs: " + (", ".join(f"{k} = {v}" for k, v in outs.items()) or "none"))
    changed = []
    for a in prog.arrays:
        before = list(a.contents) if a.contents is not None else inp.arrays.get(a.name, [])
        view = r.memory[a.name]
        for k in view.explicit():
            v, p = view[k]
            old = before[k] if k < len(before) else inp.defaults.get(a.name, 0)
            new = None if p else v
            if (old is None) != (new is None) or (old is not None and new is not None
                                                  and (old - new) % (1 << a.elem.bits) != 0):
                changed.append(f"{a.name}[{k}] = {_elem(new)}")
    if changed:
        lines.append("memory written: " + ", ".join(changed))
    if path:
        lines.append("path: " + " ".join(f"{b}#{k}" if k >= 0 else b for b, k in r.path))
    return rename_text("\n".join(lines), prog.display)  # names as the input spells them (LLVM: %1)


def suite_text(outcomes: Sequence[Outcome], verbose: bool = False, width: int | None = None) -> str:
    """The full report of every obligation that did not give its expected verdict, a
    table of those (of every obligation with `verbose`; fitted to `width` on a
    terminal), and a one-line summary."""
    lines: list[str] = []
    for oc in outcomes:
        if oc.error is not None:
            lines += [f"{oc.error} (obligation {oc.name!r} at {oc.file}:{oc.line})", ""]
        elif oc.timed_out:
            lines += [f"TIMEOUT {oc.name} ({oc.file}:{oc.line}): expected {oc.expect}, got {oc.verdict} when the "
                      f"wall-clock safety net cut a question short (a slow or loaded machine; its budget was not spent)",
                      oc.text, ""]
        elif not oc.as_expected:
            lines += [f"MISMATCH {oc.name} ({oc.file}:{oc.line}): expected {oc.expect}, got {oc.verdict}",
                      oc.text, ""]
    shown = [oc for oc in outcomes if verbose or not oc.as_expected]
    if shown:
        table = [("obligation", "verdict", "expected", "seconds", "")]
        for oc in shown:
            table.append((oc.name, oc.verdict, oc.expect, f"{oc.seconds:.2f}" + (" (cached)" if oc.cached else ""),
                          "" if oc.as_expected else f"<-- {oc.mark}"))
        lines.extend(render_table(table, width, keep=(1, 2, 4), right=(3,)))
    bad = sum(not oc.as_expected for oc in outcomes)
    slow = sum(oc.timed_out for oc in outcomes)
    cached = sum(oc.cached for oc in outcomes)
    lines.append(f"{len(outcomes) - bad} as expected, {bad - slow} mismatched"
                 + (f", {slow} timed out" if slow else "")
                 + (f" ({cached} answers from the cache)" if cached else "")
                 + f", {sum(oc.seconds for oc in outcomes):.1f}s of solving"
                 + ("" if verbose or bad == len(outcomes) else " (--verbose lists every obligation)"))
    return "\n".join(lines)

def coverage_summary(v: Verdict) -> str:
    """What a verdict covers, in a table cell."""
    kind, bounded = v.coverage.kind, v.coverage.bounded
    if v.verdict is VerdictKind.UNKNOWN and kind is CoverageKind.BOUNDED and bounded and bounded.complete is False:
        return f"bounded only: trips <= {bounded.max_trip}"
    if v.verdict is not VerdictKind.PROVED:
        return "-"
    if kind is CoverageKind.BOUNDED and bounded:
        return f"trips <= {bounded.max_trip}"
    return {CoverageKind.EVERY_TRIP_COUNT: "every trip count", CoverageKind.EVERY_INPUT: "every input"}.get(kind, "-")


def module_table(rows: Sequence[tuple[str, Verdict | None, str]], width: int | None = None) -> str:
    """A whole module's answer: function, check (when there are several), verdict,
    seconds, coverage and what the verdict is about (or the note that says why a
    function was skipped); fitted to `width` on a terminal."""
    checks = {v.check for _, v, _ in rows if v is not None}
    several = len(checks) > 1
    table = [("function", *(("check",) if several else ()), "verdict", "seconds", "coverage", "about")]
    for mangled, v, note in rows:
        name = demangled(mangled)  # a C++ function as its source spells it
        if v is None:
            table.append((name, *(("",) if several else ()), "skipped", "-", "-", note))
        else:
            check = " ".join(x for x in (v.check, v.form, f"VF={v.vf}" if v.vf and v.check != "freeze" else "") if x)
            table.append((name, *((check,) if several else ()), v.verdict.value, f"{v.seconds:.2f}",
                          coverage_summary(v), v.subject or ""))
    if not any(r[-1] for r in table[1:]):  # nothing to say what a verdict is about
        table = [r[:-1] for r in table]
    at = 2 if several else 1
    out = render_table(table, width, keep=(at,), right=(at + 1,))
    counts: dict[str, int] = {}
    for _, v, _ in rows:
        key = v.verdict.value if v is not None else "skipped"
        counts[key] = counts.get(key, 0) + 1
    out.append(", ".join(f"{n} {k}" for k, n in counts.items()))
    return "\n".join(out)
