"""`verifier lanes`: the lane relations of a loop's values, its branches and its
memory accesses as a table (text) or one JSON object."""

from __future__ import annotations

import re
from typing import Any

from verifier.analysis.lanes import UNIFORM, Access, LaneClass, LaneEvolution, LaneKind
from verifier.checks.lanes import LaneVerdict
from verifier.checks.verdict import LaneWitness, VerdictKind
from verifier.ir.program import Loc, Program
from verifier.reports import jsonout
from verifier.reports.lanes import TEMP, unnamed_note
from verifier.reports.names import rename_text
from verifier.reports.table import render_table
from verifier.reports.text import inputs_lines


def access_kind(a: Access, index: LaneClass) -> str:
    """What a vectorizer emits for the access, given how its index relates across lanes."""
    what = _access_shape(a.op == "load", index)
    what = f"masked {what}" if a.masked else what
    if a.writers:  # one access for all lanes reads before the lanes' own writes
        return f"{what} only if no lane's write reaches another lane's read (not checked): {a.array} is written " \
               f"in the loop ({'; '.join(a.writers)})"
    return what


def _access_shape(load: bool, index: LaneClass) -> str:
    """The vector access a load (else a store) at an index of relation `index` is."""
    if index == UNIFORM:
        return "uniform address: one scalar load, broadcast" if load else \
            "uniform address: one scalar store of the last lane"
    if index.kind is not LaneKind.STRIDED:
        return "gather" if load else "scatter"
    if index.stride == 1:
        return "wide load" if load else "wide store"
    if index.stride == -1:
        return "wide load, reversed" if load else "reversed wide store"
    return f"interleaved group, stride {index.stride}"


def _line(loc: Loc | None) -> str:
    return str(loc.line) if loc is not None else "-"


def _shown(prog: Program, name: str) -> str:
    """A value, block or array as the input spells it (LLVM: `%5`, `%5.sum.l0`)."""
    return rename_text(name, prog.display)


VERSION = re.compile(r"^[A-Za-z_]\w*\.\d+$")  # a .loop variable's later definition (SSA)


def _legend(prog: Program, names: list[str]) -> list[str]:
    """One line for each kind of row the input does not name itself."""
    note = unnamed_note([n for n in names if TEMP.match(n)])
    out = [f"  {note}"] if note else []
    return out + (_steps_note(set(prog.display.values()), names) if prog.display else _versions_note(names))


def _versions_note(names: list[str]) -> list[str]:
    """A model's later definitions of a variable (`x.2`), if any row is one."""
    versions = [n for n in names if VERSION.match(n) and not TEMP.match(n)]
    return [f"  ({', '.join(versions)}: the variable before the dot as (re)defined at that line)"] if versions else []


def _steps_note(named: set[str], names: list[str]) -> list[str]:
    """LLVM input: the steps the front end adds to a value the input `named`, if any row is one."""
    steps = [n for n in names if n not in named and "." in n and n.split(".")[0] in named]
    return [f"  ({', '.join(steps)}: steps the tool adds to compute the value named before the first "
            "dot, e.g. an address's offset or bounds test)"] if steps else []


def _status(v: LaneVerdict) -> str:
    if v.verdict is VerdictKind.PROVED:
        return f"proved when {v.pre}" if v.pre is not None else "proved"
    if v.verdict is VerdictKind.COUNTEREXAMPLE:
        return "lanes differ" if v.fact.cls.kind is LaneKind.RANDOM else f"refuted: {v.fact.cls}"
    return "unknown"


def index_relation(a: Access, verdicts: list[LaneVerdict]) -> LaneClass:
    """The relation proved for an access's index (a constant or a value from outside
    the loop: uniform)."""
    return next((v.holds for v in verdicts if not v.fact.branch and v.fact.subject == a.index), UNIFORM)


def lanes_text(prog: Program, ev: LaneEvolution, verdicts: list[LaneVerdict], no_window: str | None,
               width: int | None = None) -> str:
    """The lane tables as text; `width` (a terminal's columns) folds long cells to fit it,
    None keeps one line per row (logs, files, the README's examples)."""
    vf = ev.vf
    out = [f"lanes of {prog.name} ({prog.file}) at VF {vf}: lane k (1 to {vf}) of vector iteration q runs "
           f"scalar iteration {vf}*q + k - 1.",
           "Each relation is proved for every vector iteration, or shown broken by a run the interpreter "
           "replayed."]
    if no_window:
        out.append(f"note: no proof over every vector iteration ({no_window}); relations are unknown "
                   "unless a run breaks them")
    runs = _Runs(prog)
    out += _values_section(prog, verdicts, runs, width) + _branches_section(prog, verdicts, runs, width)
    if ev.accesses:
        rows = [("access", "line", "index", "index relation", "vectorizer")]
        for a in ev.accesses:
            idx = index_relation(a, verdicts)
            what = f"{a.op} {_shown(prog, a.array)}[{_shown(prog, a.shown)}]"
            rows.append((what, _line(a.loc), _shown(prog, a.shown), str(idx), access_kind(a, idx)))
        out += ["", "memory accesses:"] + render_table(rows, width, indent="  ")
    if ev.liveouts:
        out += ["", "used after the loop:"]
        out += [f"  {_shown(prog, n)}: {rename_text(why, prog.display)}" for n, why in ev.liveouts]
    if runs.numbered:
        out += ["", "runs that break a relation (replayed by the interpreter):"]
        for shown, n in runs.numbered.items():
            out += [f"  [{n}]", shown]
    return "\n".join(out)


class _Runs:
    """The runs a table's evidence cites: each run's inputs numbered once, in order."""

    def __init__(self, prog: Program) -> None:
        self.prog = prog
        self.numbered: dict[str, int] = {}

    def evidence(self, v: LaneVerdict) -> str:
        """A row's evidence: the runs that break the relation (with and without its
        precondition), and the reason."""
        parts = []
        for w, label in ((v.witness, ""), (v.without_pre, "without it: ")):
            if w is not None:
                shown = rename_text("\n".join(inputs_lines(w.inputs, "      ", self.prog.display)), self.prog.display)
                n = self.numbered.setdefault(shown, len(self.numbered) + 1)
                parts.append(f"{label}{w} in run [{n}]")
        if v.reason and not (v.verdict is VerdictKind.PROVED and v.pre is not None):
            parts.append(v.reason)
        return "; ".join(parts)


def _values_section(prog: Program, verdicts: list[LaneVerdict], runs: _Runs, width: int | None) -> list[str]:
    """The values' table (LLVM input: the front end's own steps, such as an address's
    offset and its bounds test, counted, not shown, unless one is refuted)."""
    rows: list[tuple[str, ...]] = [("value", "line", "relation", "status", "why", "evidence")]
    steps = 0
    for v in verdicts:
        if v.fact.branch:
            continue
        if prog.display and v.fact.subject not in prog.display and v.verdict is not VerdictKind.COUNTEREXAMPLE:
            steps += 1
            continue
        rows.append((_shown(prog, v.fact.subject), _line(v.fact.loc), str(v.holds), _status(v), v.fact.why,
                     runs.evidence(v)))
    out = ["", "values:"] + render_table(rows, width, indent="  ") + _legend(prog, [r[0] for r in rows[1:]])
    if steps:
        out.append(f"  ({steps} values the tool computes for the function's own, such as an address's offset "
                   "and its bounds test, are not shown; --json lists them)")
    return out


def _branches_section(prog: Program, verdicts: list[LaneVerdict], runs: _Runs, width: int | None) -> list[str]:
    """The branches' table: each uniform, divergent or unknown, with its evidence."""
    rows = [("branch in", "line", "condition", "verdict", "evidence")]
    for v in verdicts:
        if v.fact.branch:
            rows.append((_shown(prog, v.fact.block), _line(v.fact.loc), _shown(prog, v.fact.subject),
                         _branch_kind(v), runs.evidence(v)))
    values = {_shown(prog, v.fact.subject) for v in verdicts if not v.fact.branch}
    return ["", "branches:"] + render_table(rows, width, indent="  ") + \
        _legend(prog, [r[2] for r in rows[1:] if r[2] not in values])


def _branch_kind(v: LaneVerdict) -> str:
    if v.holds == UNIFORM and v.verdict is VerdictKind.PROVED:
        return "uniform"
    return "divergent" if v.verdict is VerdictKind.COUNTEREXAMPLE else "unknown"


def _witness(w: LaneWitness | None) -> dict[str, Any] | None:
    return None if w is None else jsonout.lane_witness(w)


def _fact(prog: Program, v: LaneVerdict) -> dict[str, Any]:
    return {"name": _shown(prog, v.fact.subject), "block": _shown(prog, v.fact.block), "line": v.fact.loc.line if v.fact.loc else None,
            "proposed": str(v.fact.cls), "relation": str(v.holds), "kind": v.holds.kind.value,
            "stride": v.holds.stride, "group": v.holds.size or None, "verdict": v.verdict.value,
            "precondition": str(v.pre) if v.pre else None, "why": v.fact.why, "reason": v.reason,
            "seconds": round(v.seconds, 3), "counterexample": _witness(v.witness),
            "without_precondition": _witness(v.without_pre)}


def lanes_json(prog: Program, ev: LaneEvolution, verdicts: list[LaneVerdict], no_window: str | None) -> dict[str, Any]:
    accesses = []
    for a in ev.accesses:
        idx = index_relation(a, verdicts)
        accesses.append({"op": a.op, "array": a.array, "index": _shown(prog, a.shown), "line": a.loc.line if a.loc else None,
                         "index_relation": str(idx), "masked": a.masked, "vectorizer": access_kind(a, idx)})
    branches = []
    for v in verdicts:
        if v.fact.branch:
            d = _fact(prog, v)
            d["divergent"] = v.verdict is VerdictKind.COUNTEREXAMPLE
            branches.append(d)
    return {"record": jsonout.Record.LANES.value, "model": prog.name, "file": prog.file, "check": "lanes",
            "vf": ev.vf, "window": no_window is None, "no_window_reason": no_window,
            "values": [_fact(prog, v) for v in verdicts if not v.fact.branch], "branches": branches,
            "accesses": accesses,
            "live_outs": [{"name": _shown(prog, n), "why": why} for n, why in ev.liveouts]}
