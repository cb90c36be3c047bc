"""SARIF 2.1.0 (the format code-scanning UIs read): every refuted or undecided
obligation as a result at its loop's or exit's source line. Built from the verdict
records of reports/jsonout.py, so a suite's cached answers report like fresh ones.

Counterexamples are errors (kind "fail"), unknowns warnings (kind "open"); proofs
are left out, as code-scanning UIs show every result as an alert. A suite's log
(`suite_sarif`) holds only what needs attention: obligations that did not give
their expected verdict, and those that could not be asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from verifier.about import installed_version
from verifier.checks.verdict import VerdictKind

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"

# One rule per check; the text is what a code-scanning UI shows beside the alert.
RULES: dict[str, str] = {
    "hoist": "An early exit's condition cannot be computed before the loop runs its iterations "
             "(hoisting it out of the scalar order adds UB).",
    "speculate": "Computing an exit condition for all VF lanes of a vector iteration reads or divides "
                 "where the scalar loop, which had already left, never did.",
    "freeze": "The vector loop's lane predicates differ from what the scalar run defines.",
    "equiv": "The vectorized loop does not refine the scalar loop (new UB, another trace, memory or live-out).",
    "lanes": "A claimed relation between the lanes of one vector iteration does not hold.",
    "rewrite": "A loop rewrite (a conditional block turned into an early exit, or a split) does not "
               "refine the loop.",
    "all": "A check of the loop could not be run.",
}


def _uri(path: str, root: Path) -> tuple[str, str | None]:
    """A file as SARIF names it: relative to `root` (with the %SRCROOT% base) when it
    lies under it, else an absolute file URI."""
    p = Path(path).resolve()
    try:
        return p.relative_to(root).as_posix(), SRCROOT
    except ValueError:
        return p.as_uri(), None


def _physical(loc: dict[str, Any], root: Path) -> dict[str, Any]:
    uri, base = _uri(loc["file"], root)
    artifact: dict[str, Any] = {"uri": uri}
    if base:
        artifact["uriBaseId"] = base
    return {"physicalLocation": {"artifactLocation": artifact,
                                 "region": {"startLine": loc["line"], "startColumn": loc["column"]}}}


def _message(rec: dict[str, Any]) -> str:
    """What went wrong, in one paragraph: the counterexample's summary or the reason."""
    head = f"{rec['verdict']}: {rec['model']}" + (f" {rec['subject']}" if rec.get("subject") else "")
    head += f" [{rec['check']}" + (f", {rec['form']}" if rec.get("form") else "") + \
        (f", VF={rec['vf']}" if rec.get("vf") else "") + "]"
    cex = rec.get("counterexample")
    why = (cex.get("divergence", {}).get("summary") or cex.get("summary")) if cex else rec.get("reason")
    return head + (f": {why}" if why else "")


def result(rec: dict[str, Any], root: Path) -> dict[str, Any] | None:
    """One verdict record as a SARIF result; None for a proof. A suite's error record
    (an obligation whose model is missing or broken) is an error at the obligation."""
    if rec.get("record") == "error" and rec.get("file"):
        return _error(rec, root)
    if rec.get("record") != "verdict" or rec["verdict"] == VerdictKind.PROVED:
        return None
    out = _rule(rec)
    loc = rec.get("location") or _obligation_place(rec)
    if loc is not None:
        out["locations"] = [_physical(loc, root)]
    cex = rec.get("counterexample") or {}
    departs = _departure(cex.get("divergence", {}), root)
    if departs is not None:
        out["relatedLocations"] = [departs]
    props = _properties(rec, cex)
    return out | ({"properties": props} if props else {})


def _error(rec: dict[str, Any], root: Path) -> dict[str, Any]:
    """A suite's error record (a missing or broken model) as an error at its obligation."""
    return {"ruleId": "all", "ruleIndex": list(RULES).index("all"), "level": "error", "kind": "fail",
            "message": {"text": f"error: {rec.get('obligation', '')}: {rec.get('error', '')}"},
            "locations": [_physical({"file": rec["file"], "line": rec.get("line") or 1, "column": 1}, root)]}


def _obligation_place(rec: dict[str, Any]) -> dict[str, Any] | None:
    """A suite row's place (its obligation's line), for a verdict without a location."""
    return {"file": rec["file"], "line": rec["line"], "column": 1} if rec.get("file") else None


def _rule(rec: dict[str, Any]) -> dict[str, Any]:
    """A refuted or undecided verdict's rule (its check), level, kind and message."""
    refuted = rec["verdict"] == VerdictKind.COUNTEREXAMPLE
    check = rec["check"] if rec["check"] in RULES else "all"
    return {"ruleId": check, "ruleIndex": list(RULES).index(check),
            "level": "error" if refuted else "warning", "kind": "fail" if refuted else "open",
            "message": {"text": _message(rec)}}


def _departure(dv: dict[str, Any], root: Path) -> dict[str, Any] | None:
    """Where the vectorized run departs from the scalar one (a divergence's location)."""
    where = dv.get("location")
    if where is None:
        return None
    related = _physical(where, root)
    related["id"] = 1
    what = f"`{dv['instruction']}`" if dv.get("instruction") else "the instruction"
    related["message"] = {"text": f"{what}: where the vectorized run departs from the scalar one"}
    return related


def _properties(rec: dict[str, Any], cex: dict[str, Any]) -> dict[str, Any]:
    """A result's properties: the record's facts that are given, and a counterexample's inputs."""
    props = {k: rec[k] for k in ("model", "vf", "form", "obligation", "expected", "assumptions") if rec.get(k)}
    if cex:
        props["inputs"] = cex.get("inputs") or {"conditions": cex.get("conditions")}
    return props


def sarif_log(records: list[dict[str, Any]], root: Path | None = None) -> dict[str, Any]:
    """A SARIF log of one run of verifier over `records` (jsonout verdict records,
    suite rows included); paths are made relative to `root` (default: the current
    directory), the base code-scanning uploads resolve against."""
    base = (root or Path.cwd()).resolve()
    rules = [{"id": check, "name": check, "shortDescription": {"text": text}, "fullDescription": {"text": text},
              "defaultConfiguration": {"level": "error"}} for check, text in RULES.items()]
    results = [r for r in (result(rec, base) for rec in records) if r is not None]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "verifier", "version": installed_version(), "rules": rules}},
            "originalUriBaseIds": {SRCROOT: {"uri": base.as_uri() + "/"}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


def suite_sarif(records: list[dict[str, Any]], root: Path | None = None) -> dict[str, Any]:
    """A suite's SARIF log: what needs attention only, the obligations that did not
    give their expected verdict (mismatches, errors, an unknown where a verdict was
    expected). An expected refutation (a mutant) or an expected unknown is the suite
    working, not an alert."""
    return sarif_log([r for r in records if not r.get("as_expected", False)], root)
