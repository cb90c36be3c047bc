"""SARIF output (--sarif FILE): refuted and undecided loops at their source lines, in
the SARIF 2.1.0 shapes code-scanning UIs read. The schema below is the part of
SARIF 2.1.0 we write, with its required properties and closed objects, so a
misspelt or misplaced property fails."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft7Validator

from tests.helpers import MODELS, cli

M = str(MODELS)
MESSAGE = {"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "minLength": 1}},
           "additionalProperties": False}
LOCATION = {
    "type": "object", "required": ["physicalLocation"], "additionalProperties": False,
    "properties": {
        "id": {"type": "integer", "minimum": -1},
        "message": MESSAGE,
        "physicalLocation": {
            "type": "object", "required": ["artifactLocation", "region"], "additionalProperties": False,
            "properties": {
                "artifactLocation": {"type": "object", "required": ["uri"], "additionalProperties": False,
                                     "properties": {"uri": {"type": "string", "format": "uri-reference"},
                                                    "uriBaseId": {"type": "string"}}},
                "region": {"type": "object", "required": ["startLine"], "additionalProperties": False,
                           "properties": {"startLine": {"type": "integer", "minimum": 1},
                                          "startColumn": {"type": "integer", "minimum": 1}}}}}}}
SARIF_SUBSET = {
    "type": "object", "required": ["version", "runs"], "additionalProperties": False,
    "properties": {
        "$schema": {"type": "string"},
        "version": {"enum": ["2.1.0"]},
        "runs": {"type": "array", "items": {
            "type": "object", "required": ["tool"], "additionalProperties": False,
            "properties": {
                "tool": {"type": "object", "required": ["driver"], "additionalProperties": False, "properties": {
                    "driver": {"type": "object", "required": ["name"], "additionalProperties": False, "properties": {
                        "name": {"type": "string"}, "version": {"type": "string"},
                        "rules": {"type": "array", "items": {
                            "type": "object", "required": ["id"], "additionalProperties": False, "properties": {
                                "id": {"type": "string"}, "name": {"type": "string"},
                                "shortDescription": MESSAGE, "fullDescription": MESSAGE,
                                "defaultConfiguration": {"type": "object", "additionalProperties": False,
                                                         "properties": {"level": {
                                                             "enum": ["none", "note", "warning", "error"]}}}}}}}}}},
                "originalUriBaseIds": {"type": "object", "additionalProperties": {
                    "type": "object", "properties": {"uri": {"type": "string"}}, "additionalProperties": False}},
                "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
                "results": {"type": "array", "items": {
                    "type": "object", "required": ["message"], "additionalProperties": False, "properties": {
                        "ruleId": {"type": "string"}, "ruleIndex": {"type": "integer", "minimum": -1},
                        "level": {"enum": ["none", "note", "warning", "error"]},
                        "kind": {"enum": ["notApplicable", "pass", "fail", "review", "open", "informational"]},
                        "message": MESSAGE,
                        "locations": {"type": "array", "items": LOCATION},
                        "relatedLocations": {"type": "array", "items": LOCATION},
                        "properties": {"type": "object"}}}}}}},
    },
}


def sarif(tmp_path: Path, *args: str) -> dict[str, Any]:
    out = tmp_path / "r.sarif"
    r = cli(*args, "--sarif", str(out), cwd=MODELS.parent)
    # a suite with an obligation that cannot be asked exits 2, its reports written all the same
    assert r.returncode in ((0, 1, 2, 3) if args[0] == "suite" else (0, 1, 3)), r.stdout + r.stderr
    log = json.loads(out.read_text())
    errors = list(Draft7Validator(SARIF_SUBSET, format_checker=Draft7Validator.FORMAT_CHECKER).iter_errors(log))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    return log


@pytest.mark.slow
def test_a_refuted_speculation_points_at_its_exit_and_at_the_faulting_load(tmp_path: Path) -> None:
    log = sarif(tmp_path, "check", f"{M}/seed/division.loop", "--check", "speculate", "--no-repair")
    run = log["runs"][0]
    [res] = run["results"]
    assert res["level"] == "error" and res["ruleId"] == "speculate"
    assert run["tool"]["driver"]["rules"][res["ruleIndex"]]["id"] == "speculate"
    where = res["locations"][0]["physicalLocation"]
    assert where["artifactLocation"] == {"uri": "models/seed/division.loop", "uriBaseId": "%SRCROOT%"}
    exit_line = next(n for n, line in enumerate((MODELS / "seed/division.loop").read_text().splitlines(), 1)
                     if "break" in line)
    assert where["region"]["startLine"] == exit_line
    related = res["relatedLocations"][0]["physicalLocation"]["region"]["startLine"]
    assert "/" in (MODELS / "seed/division.loop").read_text().splitlines()[related - 1]  # the division


@pytest.mark.slow
def test_proofs_are_not_alerts(tmp_path: Path) -> None:
    log = sarif(tmp_path, "check", f"{M}/legality/countdown.loop", "--check", "hoist")
    assert log["runs"][0]["results"] == []


@pytest.mark.slow
def test_a_suite_reports_what_needs_attention_cached_or_not(tmp_path: Path) -> None:
    """A mismatch (believed proved, refuted) and an obligation whose model is missing
    are alerts; an expected refutation (a mutant) is the suite working, not an alert."""
    shutil.copy(MODELS / "seed" / "search_loop.loop", tmp_path / "m.loop")
    one = '[[obligation]]\nname = "{n}"\nmodel = "{m}"\ncheck = "freeze"\nfreeze = false\nexpect = "{e}"\n\n'
    (tmp_path / "s.toml").write_text(one.format(n="unfrozen predicates", m="m.loop", e="proved")
                                     + one.format(n="a known mutant", m="m.loop", e="counterexample")
                                     + one.format(n="lost model", m="gone.loop", e="proved"))
    cache = ["--cache-dir", str(tmp_path / "cache")]
    logs = [sarif(tmp_path, "suite", str(tmp_path / "s.toml"), *cache) for _ in range(2)]
    assert logs[0]["runs"][0]["results"] == logs[1]["runs"][0]["results"]
    mismatch, lost = logs[0]["runs"][0]["results"]
    assert mismatch["ruleId"] == "freeze" and mismatch["properties"]["obligation"] == "unfrozen predicates"
    assert mismatch["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("m.loop")
    assert lost["level"] == "error" and "gone.loop" in lost["message"]["text"]
    assert lost["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("s.toml")


def test_a_report_path_that_cannot_be_written_is_a_usage_error(tmp_path: Path) -> None:
    r = cli("check", f"{M}/legality/countdown.loop", "--check", "hoist", "--sarif", str(tmp_path / "no" / "r.sarif"))
    assert r.returncode == 2 and "--sarif" in r.stderr and "cannot write" in r.stderr, r.stderr
    assert "internal error" not in r.stderr
