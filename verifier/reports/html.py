"""Suite outcomes as one self-contained HTML page (no scripts, no external files):
the table of verdicts, and for each counterexample the inputs, the source and
target traces side by side with the first divergence highlighted, and the lane
table. Everything comes from the outcomes' JSON, the facts `--json` prints."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from verifier.suite import Outcome

_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left;font-family:ui-monospace,monospace;font-size:90%}
th{background:#f3f3f3}
tr.bad td{background:#fde2e2} tr.ok td.v{color:#176317}
td.diff{background:#ffe08a;font-weight:bold} th.lane{background:#ffe08a}
.poison{color:#a00;font-style:italic}
h2{margin-top:2em;border-top:1px solid #ddd;padding-top:1em}
pre{background:#f8f8f8;padding:.6em;overflow-x:auto}
"""


def _cell(x: Any) -> str:
    s = escape(str(x))
    return f'<span class="poison">{s}</span>' if x in ("poison", "undef") else s


def _traces(cex: dict[str, Any]) -> str:
    src, tgt = cex["source"], cex["target"]
    dv = cex.get("divergence", {})
    pos = dv.get("position") if dv.get("kind") == "trace" else None
    rows = []
    n = max(len(src["trace"]), len(tgt["trace"]))
    for k in range(n):
        cls = ' class="diff"' if pos is not None and k == pos - 1 else ""
        s = src["trace"][k] if k < len(src["trace"]) else ""
        t = tgt["trace"][k] if k < len(tgt["trace"]) else ""
        rows.append(f"<tr><td>{k + 1}</td><td{cls}>{escape(s)}</td><td{cls}>{escape(t)}</td></tr>")
    status = (f"<tr><th></th><th>source: {escape(src['status'])}{_ub(src)}</th>"
              f"<th>target: {escape(tgt['status'])}{_ub(tgt)}</th></tr>")
    outs = (f"<tr><td>live-outs</td><td>{_outs(src)}</td><td>{_outs(tgt)}</td></tr>")
    return f"<table>{status}{''.join(rows)}{outs}</table>"


def _ub(r: dict[str, Any]) -> str:
    ub = r.get("ub")
    if not ub:
        return ""
    lane = f" lane {ub['lane']}" if ub.get("lane") else ""
    return escape(f" ({ub['reason']} at `{ub['instruction']}`, iteration {ub['iteration']}{lane})")


def _outs(r: dict[str, Any]) -> str:
    if r["status"] != "ok":
        return "(not reached)"
    return ", ".join(f"{escape(k)} = {_cell(v)}" for k, v in r["live_outs"].items()) or "none"


def _lanes(t: dict[str, Any]) -> str:
    n = len(t["rows"][0]["lanes"])
    mark = t.get("lane")
    head = "".join(f'<th class="lane">{k}</th>' if k == mark else f"<th>{k}</th>" for k in range(1, n + 1))
    body = []
    for r in t["rows"]:
        cells = "".join(f'<td class="diff">{_cell(x)}</td>' if k + 1 == mark else f"<td>{_cell(x)}</td>"
                        for k, x in enumerate(r["lanes"]))
        body.append(f"<tr><th>{escape(r['name'])}</th>{cells}</tr>")
    more = ""
    if t.get("omitted_rows") or t.get("omitted_lanes"):
        more = f"<p>({t['omitted_rows']} more rows; {t['omitted_lanes']} more lanes not shown)</p>"
    return f"<p>Lanes of the target's last vector iteration:</p><table><tr><th></th>{head}</tr>{''.join(body)}</table>{more}"


def _inputs(inp: dict[str, Any]) -> str:
    rows = [f"<tr><th>{escape(k)}</th><td>{_cell(v)}</td></tr>" for k, v in inp.get("params", {}).items()]
    rows += [f"<tr><th>{escape(k)}</th><td>[{', '.join(_cell(x) for x in v)}]</td></tr>"
             for k, v in inp.get("arrays", {}).items()]
    rows += [f"<tr><th>choice {escape(k)}</th><td>{v}</td></tr>" for k, v in inp.get("choices", {}).items()]
    return f"<table>{''.join(rows)}</table>"


def _predicates(cex: dict[str, Any]) -> str:
    """The freeze check's counterexample: lane conditions, no program runs."""
    conditions = cex.get("conditions") or []
    n = max((len(c) for c in conditions), default=0)
    head = "".join(f"<th>{k}</th>" for k in range(1, n + 1))
    body = "".join(f"<tr><th>C{e + 1}</th>{''.join(f'<td>{_cell(x)}</td>' for x in c)}</tr>"
                   for e, c in enumerate(conditions))
    return (f"<p><b>Predicates:</b> {escape(str(cex.get('summary', '')))}</p>"
            f"<p>Lane conditions of each exit:</p><table><tr><th></th>{head}</tr>{body}</table>")


def _lane_witness(cex: dict[str, Any]) -> str:
    """The lanes check's counterexample: two lanes of one vector iteration whose values
    break the claimed relation (no program pair)."""
    lanes = cex.get("lanes", [])
    head = "".join(f"<th>lane {escape(str(k))}</th>" for k in lanes)
    vals = "".join(f"<td class=\"diff\">{_cell(v)}</td>" for v in cex.get("values", []))
    return (f"<p>Vector iteration {escape(str(cex.get('vector_iteration')))}: the lanes' values break the "
            f"relation.</p><table><tr><th></th>{head}</tr><tr><th>value</th>{vals}</tr></table>"
            "<p>Inputs:</p>" + _inputs(cex.get("inputs", {})))


def _runs(cex: dict[str, Any]) -> str:
    """A refinement counterexample: the divergence, the inputs, both runs side by side."""
    dv = cex.get("divergence", {})
    part = [f"<p><b>Divergence:</b> {_text(dv.get('summary', ''))}"
            + (f" at {escape(dv['loc'])}" if dv.get("loc") else "") + "</p>",
            "<p>Inputs:</p>" + _inputs(cex.get("inputs", {})), _traces(cex)]
    if cex.get("lanes"):
        part.append(_lanes(cex["lanes"]))
    return "\n".join(part)


# each kind of counterexample the JSON has (reports/jsonout.py), and its rendering
_COUNTEREXAMPLES: dict[str, Callable[[dict[str, Any]], str]] = {
    "runs": _runs, "predicates": _predicates, "lanes": _lane_witness}


def _text(s: str) -> str:
    """Prose as the terminal shows it, `code` in backquotes set as code."""
    parts = escape(s).split("`")
    return "".join(f"<code>{p}</code>" if k % 2 and k < len(parts) - 1 else p for k, p in enumerate(parts))


def _row(k: int, o: Outcome) -> str:
    """Obligation k's row: its name (a link to its section where it has one), verdict,
    expected verdict and seconds."""
    cls = "ok" if o.as_expected else "bad"
    link = f'<a href="#o{k}">{escape(o.name)}</a>' if o.result.get("counterexample") or not o.as_expected \
        else escape(o.name)
    return (f'<tr class="{cls}"><td>{link}</td><td class="v">{escape(o.verdict)}</td>'
            f"<td>{escape(o.expect)}</td><td>{o.seconds:.2f}{' (cached)' if o.cached else ''}</td></tr>")


def _details(k: int, o: Outcome) -> str:
    """Obligation k's section: where it is, its error or reason, and its counterexample."""
    cex = o.result.get("counterexample")
    part = [f'<h2 id="o{k}">{escape(o.name)}: {escape(o.verdict)} (expected {escape(o.expect)})</h2>',
            f"<p>{escape(o.file)}:{o.line}</p>"]
    if o.error:
        part.append(f"<pre>{escape(o.error)}</pre>")
    if o.result.get("reason"):
        part.append(f"<p>Reason: {_text(o.result['reason'])}</p>")
    if cex:
        part.append(_COUNTEREXAMPLES[cex.get("kind", "runs")](cex))
    return "\n".join(part)


def suite_html(outcomes: Sequence[Outcome], title: str = "verifier suite", when: str | None = None) -> str:
    """The page; `when` (the run's date and time, UTC) is shown with the tool's version."""
    import datetime

    from verifier.about import installed_version

    bad = sum(not o.as_expected for o in outcomes)
    rows = []
    files: dict[str, int] = {}
    for k, o in enumerate(outcomes):
        if str(o.file) not in files:  # obligations grouped per suite file, in the run's order
            files[str(o.file)] = k
            rows.append(f'<tr><th colspan="4">{escape(str(o.file))}</th></tr>')
        rows.append(_row(k, o))
    when = when or datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    details = [_details(k, o) for k, o in enumerate(outcomes) if o.result.get("counterexample") or not o.as_expected]
    summary = f"{len(outcomes) - bad} as expected, {bad} not"
    legend = ("<p>Each row is an obligation: the verdict the tool gave and the one the suite expects (a red row "
              "did not give it). A counterexample's section shows the inputs, both runs side by side with the "
              "first difference highlighted, and the target's lanes (lanes numbered from 1; the marked lane is "
              "where the runs diverge; <span class=\"poison\">poison</span> and undef in red).</p>")
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{escape(title)}</h1>"
            f"<p>verifier {escape(installed_version())}, {escape(when)}: {summary}</p>{legend}"
            "<table><tr><th>obligation</th><th>verdict</th><th>expected</th><th>seconds</th></tr>"
            f"{''.join(rows)}</table>{''.join(details)}</body></html>\n")
