"""Verdicts on one loop of a function that has several, asked on the program of the
loop in its context (transforms/in_context.py, whose docstring argues each case).

A proof stands: every state a loop before it may leave is one the program starts
the loop from, and cutting the code after it only takes excuses away. A
counterexample stands where the function's source, run on the counterexample's
inputs, ends with no UB (the code after a cut excuses nothing then) and, where a loop
before it was taken as one step, that loop leaves no value the loop depends on and
writes nothing it accesses, and the function's run reaches the loop in the same
state: it goes the same way, or reaches it at all where every way gives the same
state (transforms/in_context.py: InContext.any_way); otherwise it is unknown, saying
why.
"""

from __future__ import annotations

import dataclasses

from verifier.checks.verdict import Verdict, VerdictKind
from verifier.ir.program import Program
from verifier.semantics.interpreter import RunStatus, run
from verifier.transforms.in_context import InContext

WHOLE_RUN_FUEL = 1_000_000  # interpreter steps the function's own run gets (its loops after the cut run too)


def context_text(ctx: InContext, whole: Program) -> str:
    """Which loop a verdict is about and how the loops beside it were taken, for reports."""
    def shown(hs: tuple[str, ...]) -> str:
        return ", ".join(whole.display.get(h, h) for h in hs)

    parts = [f"the loop at {whole.display.get(ctx.header, ctx.header)}"]
    if ctx.before:
        parts.append(f"after the loop at {shown(ctx.before)}, taken as one step that may leave any state it can "
                     "(write what it writes, leave any values, take any of its exits)")
    if ctx.after:
        parts.append(f"before the loop at {shown(ctx.after)}, where the run is cut")
    if ctx.apart:
        parts.append(f"beside the loop at {shown(ctx.apart)} on other paths, cut")
    return "; ".join(parts)


def in_context(v: Verdict, ctx: InContext, whole: Program) -> Verdict:
    """Verdict `v` on loop `ctx.header`'s program, as one on the function (module docstring)."""
    v = v.but(coverage=v.coverage.but(in_context=context_text(ctx, whole)))
    if v.verdict is not VerdictKind.COUNTEREXAMPLE or v.counterexample is None:
        return v
    why = _not_shown(v, ctx, whole)
    return v if why is None else _unknown(v, f"{_given(v.counterexample.divergence.summary)}, but {why}")


def _not_shown(v: Verdict, ctx: InContext, whole: Program) -> str | None:
    """Why counterexample `v` of the loop's program is not shown to be one of the
    function's (None: it is)."""
    cx = v.counterexample
    assert cx is not None
    if not ctx.before and not ctx.after:
        return None  # (the program is the function's runs through the loop, exactly)
    before = ", ".join(whole.display.get(h, h) for h in ctx.before)
    if ctx.before_leaves:
        return (f"from a state the loop at {before} before it was taken to leave (values it leaves, memory it "
                "writes), which no run was shown to reach")
    r = run(whole, cx.inputs, WHOLE_RUN_FUEL)
    if r.status is not RunStatus.OK:
        how = "ends in UB" if r.status is RunStatus.UB else f"does not end within {WHOLE_RUN_FUEL:,} steps"
        return f"the function's own run on its inputs {how} (in code the check cut, which may excuse it)"
    if ctx.before and not (ctx.any_way and any(b == ctx.header for b, _ in r.path)) \
            and not _same_way(cx.source.path, r.path, whole, ctx):
        return f"the function's own run on its inputs leaves the loop at {before} before it another way"
    return None


def _same_way(sliced: list[tuple[str, int]], own: list[tuple[str, int]], whole: Program, ctx: InContext) -> bool:
    """Whether the function's own run goes the way the program's did, outside the
    loops before it (which leave no value and write nothing: they decide only the way
    on), up to where the program's run ended: then it reached the loop in the same
    state."""
    def way(path: list[tuple[str, int]]) -> list[str]:
        return [b for b, _ in path if b in whole.blocks and b not in ctx.before_blocks]

    mine = way(sliced)
    return way(own)[:len(mine)] == mine


def _given(what: str) -> str:
    """The start of an unknown's reason: what the loop's program showed."""
    return f"not shown for the function: the loop's program gives a counterexample ({what})"


def _unknown(v: Verdict, reason: str) -> Verdict:
    return dataclasses.replace(v, verdict=VerdictKind.UNKNOWN, counterexample=None, reason=reason)
