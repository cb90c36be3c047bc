"""Every command's --json output: one JSON object per line, each a record whose
`record` field says which (verdict, skipped, refusal, run, lanes, error). The
schema is verifier/reports/output.schema.json; tests validate every command's
output against it."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from verifier.checks.verdict import (
    Counterexample,
    LaneWitness,
    PredicateCounterexample,
    Verdict,
)
from verifier.errors import UserError
from verifier.ir.program import Loc
from verifier.ir.types import shown_int
from verifier.reports.lanes import lane_table
from verifier.reports.names import rename_json
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run
from verifier.semantics.ops import Val, Value, is_vec
from verifier.suite import Outcome


class Record(StrEnum):
    """What one line of --json output is."""

    VERDICT = "verdict"  # a check's answer (equiv, check, opt, rewrite, suite rows)
    SKIPPED = "skipped"  # a function a module-wide run did not check, and why
    REMARK = "remark"  # a function the loop vectorizer left alone, with LLVM's remark (verifier opt)
    REFUSAL = "refusal"  # a rewrite whose conditions do not hold: nothing to prove
    RUN = "run"  # a concrete run (verifier run)
    LANES = "lanes"  # a lane evolution table (verifier lanes)
    ERROR = "error"  # a suite obligation that could not be asked (a mistake in it)


def location(loc: Loc | None) -> dict[str, Any] | None:
    """A place in an input file: file, line, column (1-based)."""
    return None if loc is None else {"file": loc.file, "line": loc.line, "column": loc.col}


def value(x: Value, bits: int | None = None) -> Any:
    if is_vec(x):
        return [value(lane, bits) for lane in x]
    assert isinstance(x, Val)
    if x.p:
        return "poison"
    if x.u:
        return "undef"
    return shown_int(x.v, bits) if bits else x.v


def shown_choices(inp: Inputs) -> list[tuple[Any, int]]:
    """The choices a counterexample shows: those not 0 (a freeze's or undef's default),
    and every fmuladd rounding (0 is a choice too: rounded twice)."""
    return [(k, v) for k, v in inp.choices.items() if v != 0 or k[0] == "fused"]


def inputs(inp: Inputs, runs: Sequence[Run] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {"params": dict(inp.params),
                           "arrays": {k: ["poison" if x is None else x for x in v] for k, v in inp.arrays.items()}}
    if inp.alias:
        out["alias"] = {b: {"aliases": obj is not None, "object": obj, "offset": d}
                        for b, (obj, d) in inp.alias.items()}
    if inp.pure:
        out["pure"] = [{"function": f, "args": list(a), "result": r} for (f, a), r in inp.pure.items()]
    return out | _choices_and_calls(inp, runs)


def _choices_and_calls(inp: Inputs, runs: Sequence[Run]) -> dict[str, Any]:
    """The nondeterministic choices shown (shown_choices) and what the calls did (events
    numbered from 1), each where there is any."""
    out: dict[str, Any] = {}
    chosen = {"/".join(str(k) for k in key): v for key, v in shown_choices(inp)}
    if chosen:
        out["choices"] = chosen
    calls = call_effects(inp, runs)
    if calls["stops"] or calls["writes"]:
        out["calls"] = calls
    return out


def call_effects(inp: Inputs, runs: Sequence[Run] = ()) -> dict[str, Any]:
    """What the calls of `runs` did, as the inputs choose it: the events inside whose
    call a run ended, and what each call left in each object it wrote (`cells`, the
    rest `others`; numbered from 1). Without runs, every choice the inputs hold."""
    if runs:
        stops = sorted({len(r.trace) for r in runs if r.stopped})
        wrote = sorted({(j, obj) for r in runs for j, obj in r.written})
    else:
        stops = sorted(j + 1 for j in inp.stops)
        wrote = sorted((j, obj) for obj, j in inp.clobbers)
    return {"stops": stops, "writes": [_left(inp, obj, j) for j, obj in wrote]}


def _left(inp: Inputs, obj: str, j: int) -> dict[str, Any]:
    """What the call of event j (from 0) left in object `obj`: some cells, the rest `others`."""
    cells, other = inp.clobbers.get((obj, j), ({}, 0))
    return {"event": j + 1, "object": obj, "cells": {str(k): "poison" if x is None else x for k, x in cells.items()},
            "others": "poison" if other is None else other}


def run(r: Run, out_bits: dict[str, int] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "status": r.status,
        "trace": [str(e) for e in r.trace],
        "live_outs": {n: value(v, (out_bits or {}).get(n)) for n, v in r.outs.items()},
        "iterations": r.iterations,
        "stopped": r.stopped,  # it ended inside its last event's call (which did not return)
    }
    if r.ub is not None:
        out["ub"] = {"instruction": r.ub.text, "block": r.ub.block, "lane": r.ub.lane or None,
                     "iteration": r.ub.iteration, "kind": r.ub.kind, "reason": r.ub.reason,
                     "loc": str(r.ub.loc) if r.ub.loc else None}
    return out


def counterexample(c: Counterexample, vf: int | None = None) -> dict[str, Any]:
    """Concrete inputs and both replayed runs (kind "runs")."""
    dv = c.divergence
    out = {
        "kind": "runs",
        "inputs": inputs(c.inputs, (c.source, c.target)),
        # `loc` as text (file:line:col) and `location` as a place, like a verdict's
        "divergence": {**{k: v for k, v in vars(dv).items() if v is not None and k != "loc"},
                       **({"loc": str(dv.loc), "location": location(dv.loc)} if dv.loc else {})},
        "source": run(c.source),
        "target": run(c.target),
    }
    table = lane_table(c, vf)
    if table is not None:
        out["lanes"] = table
    return out


def predicates(c: PredicateCounterexample) -> dict[str, Any]:
    """Lane conditions under which a predicate is wrong (kind "predicates": the freeze
    check has no program runs)."""
    return {"kind": "predicates", "conditions": c.conditions, "scalar_exit": c.scalar_exit,
            "predicate": c.predicate, "lane": c.lane, "expected": c.expected, "got": c.got,
            "summary": c.summary()}


def lane_witness(w: LaneWitness) -> dict[str, Any]:
    """Two lanes of one vector iteration that break a claimed relation (replayed)."""
    return {"kind": "lanes", "vector_iteration": w.iteration, "lanes": [k + 1 for k in w.lanes],  # from 1
            "values": [shown_int(v, w.bits) for v in w.values], "inputs": inputs(w.inputs)}


def verdict(v: Verdict) -> dict[str, Any]:
    """A check's answer. `model` is the model checked, `coverage.kind` what inputs a
    proof speaks for, and a counterexample verdict always has a `counterexample`."""
    out: dict[str, Any] = {"model": v.model, "check": v.check, "vf": v.vf, "form": v.form,
                           "verdict": v.verdict, "seconds": round(v.seconds, 4), "assumptions": v.assumptions}
    if v.subject:
        out["subject"] = v.subject
    if v.advice:
        out["advice"] = v.advice
    if v.reason:
        out["reason"] = v.reason
    if v.counterexample is not None:
        out["counterexample"] = counterexample(v.counterexample, v.vf)
    elif v.predicates is not None:
        out["counterexample"] = predicates(v.predicates)
    elif v.lanes is not None:
        out["counterexample"] = lane_witness(v.lanes)
    out["coverage"] = v.coverage.json()
    if v.vscale is not None:
        out["vscale"] = v.vscale  # scalable vectors: the vscale the counterexample or unknown is at
    if v.wall_clock:
        out["wall_clock"] = True  # unknown because the wall-clock safety net fired
    if v.longer_run is not None:
        out["longer_run"] = {"iterations": v.longer_run.iterations, "bound": v.longer_run.bound,
                             "inputs": inputs(v.longer_run.inputs)}
    # names as the input spells them (LLVM: %4); the location is a path, not a name
    return {"record": Record.VERDICT.value, **rename_json(out, v.names), "location": location(v.loc)}


def skipped(model: str, why: str) -> dict[str, Any]:
    """A function of a module that was not checked, and why."""
    return {"record": Record.SKIPPED.value, "model": model, "reason": why}


def remark(model: str, message: str, line: int) -> dict[str, Any]:
    """A function whose loops the loop vectorizer left alone, and LLVM's reason."""
    return {"record": Record.REMARK.value, "model": model, "remark": message, "line": line}


def refusal(model: str, check: str, reasons: list[str]) -> dict[str, Any]:
    """A rewrite the tool would not make: its conditions fail (exit 1)."""
    return {"record": Record.REFUSAL.value, "model": model, "check": check, "verdict": "refused",
            "reasons": reasons}


def run_record(model: str, inp: Inputs, r: Run) -> dict[str, Any]:
    """verifier run: the inputs and what the run did."""
    return {"record": Record.RUN.value, "model": model, "inputs": inputs(inp), **run(r)}


def input_error(e: UserError) -> dict[str, Any]:
    """A mistake in what a command was given (a model, a flag), as `--json` reports it
    beside the `file:line:col: error` on stderr (exit 2)."""
    return {"record": Record.ERROR.value, "error": str(e), "message": e.message, "location": location(e.loc)}


def obligation(oc: Outcome) -> dict[str, Any]:
    """A suite row: the verdict record with the obligation's name, place, expected
    verdict and whether it came from the cache; an obligation that could not be asked
    is an `error` record."""
    where = {"obligation": oc.name, "file": oc.file, "line": oc.line, "expected": oc.expect,
             "as_expected": oc.as_expected, "cached": oc.cached}
    if oc.error is not None:
        return {"record": Record.ERROR.value, **where, "error": oc.error}
    return {**oc.result, **where}
