"""The lane table of a counterexample: the target's values and predicates lane by
lane (columns 1..VF), as the last vector iteration it ran left them.

Rows are the target's vector values and its per-lane scalar families, which the
transforms record as they make them (Program.lanes; named `<value>.lane<k>` or
`<value>.v<k>`, lane k of the seed's X^), so the table reads like the seed's tables: P0, Pi_LOOP, Pi_EXIT, the frozen
conditions, the loaded values. Poison and undef lanes are shown as such."""

from __future__ import annotations

import re
from typing import Any

from verifier.checks.verdict import Counterexample
from verifier.ir.types import to_signed
from verifier.semantics.ops import Val, Value, is_vec

MAX_ROWS = 40
MAX_LANES = 16


def _cell(x: Val, bits: int) -> Any:
    if x.p:
        return "poison"
    if x.u:
        return "undef"
    return to_signed(x.v, bits) if bits > 1 else x.v


COPY = re.compile(r"\.h\d+$")  # a value the lane builder derives (transforms/lanes.py: `hint.h<k>`)
TEMP = re.compile(r"^t(\.\d+)?$")  # a value the .loop front end names for an unnamed expression
# a value the LLVM front end adds (frontend/llvm/state.py's `.l<k>` names: a GEP's
# offset and bounds test, a lowered intrinsic's parts): not LLVM's, so not a row
LOWERED = re.compile(r"\.l\d+$")
# the emitter's first step of a splat (an insertelement into poison): the splat is the row
SPLAT_PART = re.compile(r"\.(splatinsert|splat\.ins|vsplat\.ins)$")


def unnamed_note(temps: list[str]) -> str | None:
    """The legend line for values the .loop front end named (`t`, `t.5`), if any."""
    return f"({', '.join(temps)}: conditions and subexpressions the model computes without naming them)" \
        if temps else None


def _plain_names(rows: list[tuple[str, dict[int, Any]]]) -> list[tuple[str, dict[int, Any]]]:
    """Rows by the model's own names: the harness's copy suffix (`.h0`) dropped where
    no other row would then share the name."""
    plain = [COPY.sub("", n) for n, _ in rows]
    return [(p if plain.count(p) == 1 else n, r) for p, (n, r) in zip(plain, rows, strict=True)]


def lane_table(c: Counterexample, vf: int | None = None) -> dict[str, Any] | None:
    """{"vf", "rows": [{"name", "lanes": [...]}], "lane": diverging lane or None,
    "omitted_rows", "omitted_lanes"}; None when the target has no lanes to show."""
    rows = _target_rows(c)
    lowered = [n for n, _ in rows if LOWERED.search(COPY.sub("", n))]
    rows = [(n, r) for n, r in _without_splat_parts(rows) if n not in lowered]
    if not rows:
        return None
    rows = _plain_names(rows)
    width = vf or max(max(r) for _, r in rows)
    shown = min(width, MAX_LANES)
    return {
        "vf": width,
        "rows": [{"name": n, "lanes": [r.get(k, "") for k in range(1, shown + 1)]} for n, r in rows[:MAX_ROWS]],
        "lane": c.divergence.lane,
        "omitted_rows": max(0, len(rows) - MAX_ROWS),
        "omitted_lanes": width - shown,
        "lowered": len(lowered),
    }


def _without_splat_parts(rows: list[tuple[str, dict[int, Any]]]) -> list[tuple[str, dict[int, Any]]]:
    return [(n, r) for n, r in rows if not SPLAT_PART.search(n)]


def _target_rows(c: Counterexample) -> list[tuple[str, dict[int, Any]]]:
    """The target's values by lane (from 1): each vector value a row, then each family
    of per-lane scalars (Counterexample.target_lanes) with at least two lanes."""
    rows: list[tuple[str, dict[int, Any]]] = []
    families: dict[str, dict[int, Any]] = {}  # in order of their first lane's value
    values: dict[str, Value] = c.target.values
    for name, v in values.items():
        w = c.target_bits.get(name, 64)
        lane = c.target_lanes.get(name)
        if is_vec(v):
            rows.append((name, {k + 1: _cell(x, w) for k, x in enumerate(v)}))
        elif lane is not None and isinstance(v, Val):
            families.setdefault(lane[0], {})[lane[1]] = _cell(v, w)
    return rows + [(f, lanes) for f, lanes in families.items() if len(lanes) >= 2]


def table_lines(t: dict[str, Any], indent: str = "  ") -> list[str]:
    """The lane table as terminal text; the diverging lane's column is marked."""
    n = len(t["rows"][0]["lanes"])
    names = max(len(r["name"]) for r in t["rows"])
    cells = [[str(x) for x in r["lanes"]] for r in t["rows"]]
    w = max(6, *(len(x) for row in cells for x in row))
    lines = _heading(t.get("lane"), n, w, names, indent)
    for r, row in zip(t["rows"], cells, strict=True):
        lines.append(f"{indent}  {r['name']:<{names}}" + "".join(f"{x or '-':>{w + 1}}" for x in row))
    return lines + [f"{indent}  {note}" for note in [*legend(t), *_omitted(t, n)]]


def _heading(mark: int | None, n: int, w: int, names: int, indent: str) -> list[str]:
    """The table's title and its row of lane numbers (`n` lanes, `w` wide, after a
    column of `names` characters); the diverging lane `mark` starred."""
    head = "".join(f"{('*' if k == mark else '') + str(k):>{w + 1}}" for k in range(1, n + 1))
    return [f"{indent}lanes of the target's last vector iteration"
            + (f" (* lane {mark}, where it diverges)" if mark else "") + ":",
            f"{indent}  {'':<{names}}{head}"]


def _omitted(t: dict[str, Any], n: int) -> list[str]:
    """What the table leaves out (rows past MAX_ROWS, lanes past the `n` shown), if anything."""
    if t["omitted_lanes"]:
        return [f"({t['omitted_rows']} more rows, lanes {n + 1}..{t['vf']} not shown)"]
    return [f"({t['omitted_rows']} more rows)"] if t["omitted_rows"] else []


def legend(t: dict[str, Any]) -> list[str]:
    """One line for each kind of row or cell a reader of the model would not recognise."""
    names = [r["name"] for r in t["rows"]]
    note = unnamed_note([n for n in names if TEMP.match(COPY.sub("", n))])
    out = [note] if note else []
    out += _copies_note([n for n in names if COPY.search(n)])
    if any("" in r["lanes"] for r in t["rows"]):
        out.append("(-: a lane that does not compute this value)")
    return out + _lowered_note(t.get("lowered") or 0)


def _copies_note(copies: list[str]) -> list[str]:
    """The harness's copies of a value for the speculated lanes (`x.h0`), if any row is one."""
    return [f"({', '.join(copies)}: values the check derives from the one named before `.h` for the "
            "speculated lanes)"] if copies else []


def _lowered_note(k: int) -> list[str]:
    """How many of the LLVM front end's own values the table leaves out (if any)."""
    return [f"({k} value{'s' if k > 1 else ''} the LLVM front end adds, such as a GEP's offset and bounds "
            "test, not shown)"] if k else []
