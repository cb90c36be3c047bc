"""Verdicts, counterexamples and runs as terminal text: the inputs, where the runs
diverge, and the source and target traces side by side."""

from __future__ import annotations

from collections import Counter
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
from verifier.ir.program import MODEL_READINGS, ArrayDecl, Program
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
    lines = [*_param_lines(inp, display or {}), *_array_lines(inp, floats or {})]
    for b, (obj, delta) in inp.alias.items():
        lines.append(f"{b} " + (f"is a window on {obj}'s object at element offset {delta}" if obj is not None
                                else "does not alias"))
    for (f, args), r in inp.pure.items():
        lines.append(f"{f}({', '.join(str(a) for a in args)}) = {r}")
    lines += _call_lines(inp, runs)
    for key, v in jsonout.shown_choices(inp):
        kind, uid, it, lane = (list(key) + [None] * 4)[:4]
        what = _CHOICE_KINDS.get(str(kind), "undef")
        lines.append(f"target {what} choice (instruction #{uid}, iteration {it}, lane {lane}) = {v}")
    return [indent + x for x in lines]


def _param_lines(inp: Inputs, display: dict[str, str]) -> list[str]:
    """The parameters: one that may be poison (`x.value`, `x.poison`) as one line under
    its own name; a pointer's facts in words (none for what another line says)."""
    lines = []
    for k, v in inp.params.items():
        base = k.removesuffix(".value")
        if base != k and f"{base}.poison" in inp.params:
            lines.append(f"{display.get(base, base)} = {'poison' if inp.params[f'{base}.poison'] else v}")
        elif (said := _pointer_fact(k, inp.params, display)) is not None:
            lines += [said] if said else []
        elif not (k.endswith(".poison") and f"{k.removesuffix('.poison')}.value" in inp.params):
            lines.append(f"{k} = {v}")
    return lines


def _array_lines(inp: Inputs, floats: dict[str, int]) -> list[str]:
    """Each array's first 64 elements (floats as floats), and how many there are."""
    lines = []
    for name, content in inp.arrays.items():
        more = f", ... ({len(content)} elements)" if len(content) > 64 else ""
        lines.append(f"{name} = [{', '.join(_elem(x, floats.get(name)) for x in content[:64])}{more}]")
    return lines


def _call_lines(inp: Inputs, runs: Sequence[Run]) -> list[str]:
    """What calls do: which do not return, and what each leaves in the objects it
    writes (calls that leave the same grouped by their events)."""
    calls = jsonout.call_effects(inp, runs)
    lines = [f"the call of event {j} does not return (it ends the run, as exit() would)" for j in calls["stops"]]
    alike: dict[tuple[str, str], list[int]] = {}  # what calls leave in an object -> their events
    for w in calls["writes"]:
        obj, cells = w["object"], w["cells"]
        set_cells = ", ".join(f"{obj}[{k}] = {x}" for k, x in list(cells.items())[:16])
        left = f"{set_cells + ', ' if set_cells else ''}{'every other cell' if set_cells else f'every cell of {obj}'} " \
               f"{w['others']}"
        alike.setdefault((obj, left), []).append(w["event"])
    for (_obj, left), events in alike.items():
        which = f"call of event {events[0]}" if len(events) == 1 else f"calls of events {_spans(events)}"
        lines.append(f"the {which} {'leaves' if len(events) == 1 else 'leave'} {left}")
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
    """The source's and the target's runs in two columns: status, trace (the event
    where they differ marked) and live-outs."""
    p = c.divergence.position if c.divergence.kind == "trace" else None
    left = _column(f"source {c.source_name}", c.source, p, c.floats, display or {})
    right = _column(f"target {c.target_name}", c.target, p, c.floats, display or {})
    width = max(len(x) for x in left) + 3
    left += [""] * (len(right) - len(left))
    right += [""] * (len(left) - len(right))
    return [f"  {a:<{width}}| {b}" for a, b in zip(left, right, strict=True)]


def _column(title: str, r: Run, differs: int | None, floats: dict[str, int] | None,
            display: dict[str, str]) -> list[str]:
    """One run's column of side_by_side; line `differs` (if any) marked."""
    col = [f"{title}: {_status(r)}"] + [f"{k + 1:>3}  {e}" for k, e in enumerate(r.trace)]
    if differs is not None and differs < len(col):
        col[differs] += "   <-- differs"
    return [rename_text(x, display) for x in [*col, _outs(r, floats)]]


def _unrolled(loops: object) -> str:
    """How far each target loop was unrolled: its header in backquotes (named as the
    input does, reports/names.py) and the count; `none` for no loop."""
    if not isinstance(loops, dict) or not loops:
        return "none"
    return ", ".join(f"`{h}` {n}" for h, n in loops.items())


def verdict_text(v: Verdict) -> str:
    lines = [_head(v), *_about(v)]
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


def _head(v: Verdict) -> str:
    """The verdict's first line: kind, subject, check, form, VF, vscale and seconds."""
    shown = [v.check, v.form or None, f"VF={v.vf}" if v.vf else None,
             f"vscale={v.vscale}" if v.vscale is not None else None]
    return (f"{v.verdict}: {v.model}{' ' + v.subject if v.subject else ''} [{', '.join(x for x in shown if x)}] "
            f"in {v.seconds:.2f}s")


def _assumed(assumptions: Sequence[str]) -> list[str]:
    """The assumptions stronger than LLVM's semantics, then LLVM's own rules that are
    stronger only than a model's (a model read against LLVM IR)."""
    beyond = [a for a in assumptions if a not in MODEL_READINGS]
    read = [a for a in assumptions if a in MODEL_READINGS]
    return ([f"  assuming (stronger than LLVM's semantics): {', '.join(beyond)}"] if beyond else []) + \
        ([f"  assuming (LLVM's own rule, stronger than a model's semantics): {', '.join(read)}"] if read else [])


def _about(v: Verdict) -> list[str]:
    """What the verdict assumed and covers, why, the advice, and a longer run."""
    lines = _assumed(v.assumptions)
    cov = v.coverage
    if cov.vscales:
        lines.append(f"  scalable vectors: {'holds' if v.verdict is VerdictKind.PROVED else 'the same'} at every "
                     f"vscale {', '.join(map(str, cov.vscales))}, each read and checked on its own "
                     f"(the function's {cov.vscale_range})")
    if cov.outer_loop:
        lines.append(f"  loop nest: {'holds for' if v.verdict is VerdictKind.PROVED else 'found in'} "
                     f"{cov.outer_loop}")
    if cov.in_context:
        lines.append(f"  in its function: {cov.in_context}")
    if v.verdict is VerdictKind.PROVED:
        lines.extend(_covers(cov))
    if v.reason:
        lines.append(f"  reason: {v.reason}")
    lines += [f"  advice: {a}" for a in v.advice]
    if v.longer_run is not None:
        lines.append(f"  a run past the bound ({v.longer_run.iterations} iterations, no UB in the first "
                     f"{v.longer_run.bound}):")
        lines.extend(inputs_lines(v.longer_run.inputs, "    ", v.names))
    return lines


def _covers(cov: Coverage) -> list[str]:
    """What a proof covers, in words (one line, and a note on how it was proved)."""
    e = cov.extent
    if isinstance(e, EveryTripCount):
        return [_every_trip_count(e)]
    return _bounded(e, cov.why_bounded) if isinstance(e, Bounded) else []


def _every_trip_count(e: EveryTripCount) -> str:
    if e.identical:
        return ("  covers every input: the target is the source (the pass left the function as it was, but "
                "for blocks that only jump on)")
    if e.argument and e.bounded is None:
        return f"  covers every input: {e.argument}"
    if e.argument:
        return (f"  covers {e.runs or 'every trip count'}: up to {e.bounded.max_trip if e.bounded else None} "
                f"iterations by the bounded check, and beyond because {e.argument}")
    return ("  covers every trip count: checked from any state the loop can be in at a vector iteration's start"
            + (", even with its inductions free" if e.inductions_free else "")
            + (", and one iteration of the target's scalar remainder loop from any state" if e.remainder else ""))


def _bounded(e: Bounded, why_bounded: str | None) -> list[str]:
    if e.complete and e.unwound is not None:
        note = [f"  note: proved this way, not by the per-iteration induction, which does not apply here: "
                f"{why_bounded}"] if why_bounded else []  # a note on the way it was proved, not a fault
        return [f"  covers every input: runs of at most {e.max_trip} iterations by the bounded check, and no run "
                f"of the source gets past {e.unwound} iterations without UB (proved)", *note]
    if e.complete:
        most = max((e.source_unrolled or {}).values(), default=0)
        return [f"  covers every input: no source loop visits its header more than {most} times"
                f" (target loops unrolled: {_unrolled(e.target_unrolled)})"]
    why = [f"  (no proof for every trip count: {why_bounded})"] if why_bounded else []
    return [f"  covers every input whose source loops run at most {e.max_trip} iterations"
            f" (target loops unrolled: {_unrolled(e.target_unrolled)})"
            + (" (a bounded answer, accepted as asked)" if e.accepted_bounded else ""), *why]


def run_text(prog: Program, r: Run, inp: Inputs, path: bool = False) -> str:
    """A concrete run: its inputs, status, trace, live-outs and the memory it wrote."""
    lines = [f"run {prog.name}:", *inputs_lines(inp, display=prog.display), *_run_lines(r)]
    outs = jsonout.run(r)["live_outs"]
    lines.append("live-outs: " + (", ".join(f"{k} = {v}" for k, v in outs.items()) or "none"))
    changed = [f"{a.name}[{k}] = {_elem(new)}" for a in prog.arrays for k, new in _written(a, r, inp)]
    if changed:
        lines.append("memory written: " + ", ".join(changed))
    if path:
        lines.append("path: " + " ".join(f"{b}#{k}" if k >= 0 else b for b, k in r.path))
    return rename_text("\n".join(lines), prog.display)  # names as the input spells them (LLVM: %1)


def _run_lines(r: Run) -> list[str]:
    """A run's status (with its loops' iterations and where UB happened) and trace."""
    loops = ", ".join(f"{h}: {n} iteration(s)" for h, n in r.iterations.items())
    lines = [f"status: {_status(r)}" + (f" ({loops})" if loops else "")]
    if r.ub is not None and r.ub.loc:
        lines.append(f"  at {r.ub.loc}")
    lines.append("trace:" + ("" if r.trace else " (no calls)"))
    return lines + [f"  {k + 1:>3}  {e}" for k, e in enumerate(r.trace)]


def _written(a: ArrayDecl, r: Run, inp: Inputs) -> list[tuple[int, int | None]]:
    """The cells of `a` the run changed (index, new value; None: poison), against its
    known contents or the inputs."""
    before = list(a.contents) if a.contents is not None else inp.arrays.get(a.name, [])
    view = r.memory[a.name]
    out = []
    for k in view.explicit():
        v, p = view[k]
        old = before[k] if k < len(before) else inp.defaults.get(a.name, 0)
        new = None if p else v
        if _differs(old, new, a.elem.bits):
            out.append((k, new))
    return out


def _differs(old: int | None, new: int | None, bits: int) -> bool:
    """Two cells' contents differ as `bits`-wide values (None: poison)."""
    if old is None or new is None:
        return (old is None) != (new is None)
    return (old - new) % (1 << bits) != 0


def suite_text(outcomes: Sequence[Outcome], verbose: bool = False, width: int | None = None) -> str:
    """The full report of every obligation that did not give its expected verdict, a
    table of those (of every obligation with `verbose`; fitted to `width` on a
    terminal), and a one-line summary."""
    lines = [x for oc in outcomes for x in _in_full(oc)]
    shown = [oc for oc in outcomes if verbose or not oc.as_expected]
    if shown:
        table = [("obligation", "verdict", "expected", "seconds", "")]
        for oc in shown:
            table.append((oc.name, oc.verdict, oc.expect, f"{oc.seconds:.2f}" + (" (cached)" if oc.cached else ""),
                          "" if oc.as_expected else f"<-- {oc.mark}"))
        lines.extend(render_table(table, width, keep=(1, 2, 4), right=(3,)))
    lines.append(_summary(outcomes, verbose))
    return "\n".join(lines)


def _in_full(oc: Outcome) -> list[str]:
    """An obligation's full report: its error, or why it was not as expected (none if it was)."""
    if oc.error is not None:
        return [f"{oc.error} (obligation {oc.name!r} at {oc.file}:{oc.line})", ""]
    if oc.timed_out:
        return [f"TIMEOUT {oc.name} ({oc.file}:{oc.line}): expected {oc.expect}, got {oc.verdict} when the "
                f"wall-clock safety net cut a question short (a slow or loaded machine; its budget was not spent)",
                oc.text, ""]
    if not oc.as_expected:
        return [f"MISMATCH {oc.name} ({oc.file}:{oc.line}): expected {oc.expect}, got {oc.verdict}", oc.text, ""]
    return []


def _summary(outcomes: Sequence[Outcome], verbose: bool) -> str:
    """The one-line summary: as expected, mismatched, timed out, cached, seconds."""
    bad = sum(not oc.as_expected for oc in outcomes)
    slow = sum(oc.timed_out for oc in outcomes)
    cached = sum(oc.cached for oc in outcomes)
    return (f"{len(outcomes) - bad} as expected, {bad - slow} mismatched"
            + (f", {slow} timed out" if slow else "")
            + (f" ({cached} answers from the cache)" if cached else "")
            + f", {sum(oc.seconds for oc in outcomes):.1f}s of solving"
            + ("" if verbose or bad == len(outcomes) else " (--verbose lists every obligation)"))


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
    several = len({v.check for _, v, _ in rows if v is not None}) > 1
    table = [("function", *(("check",) if several else ()), "verdict", "seconds", "coverage", "about")]
    table += [_module_row(mangled, v, note, several) for mangled, v, note in rows]
    table = _without_empty_last_column(table)  # nothing to say what a verdict is about
    at = 2 if several else 1
    out = render_table(table, width, keep=(at,), right=(at + 1,))
    counts = Counter(v.verdict.value if v is not None else "skipped" for _, v, _ in rows)
    return "\n".join([*out, ", ".join(f"{n} {k}" for k, n in counts.items())])


def _without_empty_last_column(table: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """`table`, its last column dropped when no row under the heading fills it."""
    return table if any(r[-1] for r in table[1:]) else [r[:-1] for r in table]


def _module_row(mangled: str, v: Verdict | None, note: str, several: bool) -> tuple[str, ...]:
    """One function's row of module_table (a C++ function as its source spells it)."""
    name = demangled(mangled)
    if v is None:
        return (name, *(("",) if several else ()), "skipped", "-", "-", note)
    check = " ".join(x for x in (v.check, v.form, f"VF={v.vf}" if v.vf and v.check != "freeze" else "") if x)
    return (name, *((check,) if several else ()), v.verdict.value, f"{v.seconds:.2f}", coverage_summary(v),
            v.subject or "")
