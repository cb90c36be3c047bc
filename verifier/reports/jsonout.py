"""Verdicts and runs as JSON-ready dicts (README "Commands": model, check, vf, form, verdict,
seconds, counterexample or reason)."""

from __future__ import annotations

from typing import Any

from verifier.checks.verdict import Counterexample, Verdict
from verifier.ir.types import shown_int
from verifier.reports.lanes import lane_table
from verifier.reports.names import rename_json
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run
from verifier.semantics.ops import Val, Value, is_vec


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


def inputs(inp: Inputs) -> dict[str, Any]:
    out: dict[str, Any] = {"params": dict(inp.params),
                           "arrays": {k: ["poison" if x is None else x for x in v] for k, v in inp.arrays.items()}}
    if inp.alias:
        out["alias"] = {b: {"aliases": obj is not None, "object": obj, "offset": d}
                        for b, (obj, d) in inp.alias.items()}
    if inp.pure:
        out["pure"] = [{"function": f, "args": list(a), "result": r} for (f, a), r in inp.pure.items() if a != ("else",)]
    chosen = {"/".join(str(k) for k in key): v for key, v in shown_choices(inp)}
    if chosen:
        out["choices"] = chosen
    return out


def run(r: Run, out_bits: dict[str, int] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "status": r.status,
        "trace": [str(e) for e in r.trace],
        "live_outs": {n: value(v, (out_bits or {}).get(n)) for n, v in r.outs.items()},
        "iterations": r.iterations,
    }
    if r.ub is not None:
        out["ub"] = {"instruction": r.ub.text, "block": r.ub.block, "lane": r.ub.lane or None,
                     "iteration": r.ub.iteration, "kind": r.ub.kind, "reason": r.ub.reason,
                     "loc": str(r.ub.loc) if r.ub.loc else None}
    return out


def counterexample(c: Counterexample, vf: int | None = None) -> dict[str, Any]:
    dv = c.divergence
    out = {
        "inputs": inputs(c.inputs),
        "divergence": {k: v for k, v in vars(dv).items() if v is not None},
        "source": run(c.source),
        "target": run(c.target),
    }
    table = lane_table(c, vf)
    if table is not None:
        out["lanes"] = table
    return out


def verdict(v: Verdict) -> dict[str, Any]:
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
    if v.coverage:
        out["coverage"] = v.coverage
    return rename_json(out, v.names)  # names as the input spells them (LLVM: %4)
