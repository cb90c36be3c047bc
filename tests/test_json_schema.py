"""Every command's --json output against the one schema (verifier/reports/output.schema.json,
printed by `verifier schema`): each line a record the schema accepts, `model` the model,
`coverage` labelled with its kind, and a `counterexample` object on every counterexample."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.helpers import MODELS, cli

SCHEMA = json.loads(cli("schema").stdout)
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)


def records(*args: str, code: int | None = None) -> list[dict[str, Any]]:
    """The command's --json lines, each validated against the schema."""
    r = cli(*args, "--json")
    assert r.returncode in ((code,) if code is not None else (0, 1, 3)), r.stdout + r.stderr
    lines = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
    assert lines, r.stderr
    for rec in lines:
        errors = sorted(VALIDATOR.iter_errors(rec), key=lambda e: list(e.path))
        assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    return lines


def test_the_schema_is_a_valid_json_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


M = str(MODELS)
COMMANDS: dict[str, tuple[list[str], int]] = {
    "equiv-proved": (["equiv", f"{M}/seed/search_loop.loop", f"{M}/examples/search_loop_simple_vf4.loop", "--bounded"],
                     0),
    # (a listing that counts vector blocks: its induction does not apply, so a bound is all there is)
    "equiv-bounded-only": (["equiv", f"{M}/examples/find_first_zero.loop",
                            f"{M}/examples/find_first_zero_blocks_vf4.loop", "--max-trip", "4", "--timeout", "20"],
                           3),
    "equiv-counterexample": (["equiv", f"{M}/seed/search_loop.loop",
                              f"{M}/examples/search_loop_general_vf4_overread.loop"], 1),
    "equiv-module": (["equiv", f"{M}/llvm/module/three.src.ll", f"{M}/llvm/module/three.tgt.ll"], 1),
    "check-freeze-counterexample": (["check", f"{M}/seed/search_loop.loop", "--check", "freeze", "--no-freeze"], 1),
    "check-speculate-counterexample": (["check", f"{M}/seed/division.loop", "--check", "speculate",
                                        "--no-repair"], 1),
    "check-module": (["check", f"{M}/llvm/module/three.src.ll", "--check", "hoist"], 0),
    "lanes": (["lanes", f"{M}/lanes/divergence.loop"], 0),
    "rewrite-proved": (["rewrite", f"{M}/rewrite/seed001_condition.loop", "--exit-from-condition"], 0),
    "rewrite-refused": (["rewrite", f"{M}/seed/search_loop.loop", "--exit-from-condition"], 1),
    "run": (["run", f"{M}/seed/search_loop.loop", "--set", "N=3", "--set", "a=[1, 0, 2]"], 0),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_s_json_follows_the_schema(name: str) -> None:
    args, code = COMMANDS[name]
    out = records(*args, code=code)
    kinds = {rec["record"] for rec in out}
    if name.startswith(("equiv", "check")):
        assert "verdict" in kinds
    if name.endswith("counterexample"):
        assert any(rec.get("verdict") == "counterexample" and rec["counterexample"]["kind"] for rec in out)


@pytest.mark.slow
def test_a_module_run_records_the_functions_it_skipped() -> None:
    out = records("check", f"{M}/llvm/module/three.src.ll", "--check", "hoist", code=0)
    skipped = [rec for rec in out if rec["record"] == "skipped"]
    assert skipped and all(rec["reason"] for rec in skipped)
    checked = [rec for rec in out if rec["record"] == "verdict"]
    assert checked and all(rec["location"]["file"].endswith("three.src.ll") for rec in checked)


@pytest.mark.slow
def test_a_verdict_points_at_the_exit_it_is_about() -> None:
    rec = records("check", f"{M}/seed/division.loop", "--check", "speculate", "--no-repair", code=1)[0]
    line = int(rec["subject"].split("line ")[1].rstrip(")"))
    assert rec["location"] == {"file": f"{M}/seed/division.loop", "line": line, "column": rec["location"]["column"]}


@pytest.mark.slow
def test_the_freeze_counterexample_is_an_object_of_lane_conditions() -> None:
    rec = records("check", f"{M}/seed/search_loop.loop", "--check", "freeze", "--no-freeze", code=1)[0]
    cex = rec["counterexample"]
    assert cex["kind"] == "predicates" and rec["model"] == "search_loop"
    assert any("poison" in row for row in cex["conditions"]), cex


@pytest.mark.slow
def test_suite_rows_keep_the_model_and_name_the_obligation(tmp_path: Path) -> None:
    shutil.copy(MODELS / "seed" / "search_loop.loop", tmp_path / "m.loop")
    shutil.copy(MODELS / "legality" / "countdown.loop", tmp_path / "c.loop")
    (tmp_path / "s.toml").write_text(
        '[[obligation]]\nname = "freeze of the search"\nmodel = "m.loop"\ncheck = "freeze"\nfreeze = false\n'
        'expect = "counterexample"\n\n'
        '[[obligation]]\nname = "hoist of the countdown"\nmodel = "c.loop"\ncheck = "hoist"\nexpect = "proved"\n')
    out = records("suite", str(tmp_path / "s.toml"), "--no-cache", code=None)
    assert [rec["obligation"] for rec in out] == ["freeze of the search", "hoist of the countdown"]
    assert [rec["model"] for rec in out] == ["search_loop", "countdown"]
    assert all(rec["record"] == "verdict" and rec["as_expected"] for rec in out), out


def test_a_suite_obligation_that_cannot_be_asked_is_an_error_record(tmp_path: Path) -> None:
    (tmp_path / "c.loop").write_text("loop count(N: i64) {\n  i = 0\n  while (i < N) {\n    i = i + 1\n  }\n}\n")
    (tmp_path / "s.toml").write_text('[[obligation]]\nname = "no such exit"\nmodel = "c.loop"\n'
                                     'check = "speculate"\nexit = "C9"\nexpect = "proved"\n')
    r = cli("suite", str(tmp_path / "s.toml"), "--no-cache", "--json")
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 2 and [rec["record"] for rec in lines] == ["error"], r.stdout + r.stderr
    assert not list(VALIDATOR.iter_errors(lines[0]))


@pytest.mark.slow
def test_the_schema_rejects_a_counterexample_without_its_object() -> None:
    """The schema can fail: a counterexample verdict stripped of its object, or a
    coverage without its kind, is rejected."""
    rec = records("check", f"{M}/seed/division.loop", "--check", "speculate", "--no-repair", code=1)[0]
    assert list(VALIDATOR.iter_errors({k: v for k, v in rec.items() if k != "counterexample"}))
    assert list(VALIDATOR.iter_errors({**rec, "coverage": {"max_trip": 8}}))


def test_a_command_s_input_error_is_an_error_record_too(tmp_path: Path) -> None:
    """--json: a mistake in a model is a JSON `error` record on stdout, with its place,
    beside the file:line:col message on stderr (exit 2)."""
    bad = tmp_path / "bad.loop"
    bad.write_text("loop x(N: i64) {\n  i = 0\n  do { i = i + } while (i < N)\n}\n")
    r = cli("check", str(bad), "--json")
    [rec] = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 2 and rec["record"] == "error" and rec["location"] == {"file": str(bad), "line": 3,
                                                                                  "column": 16}
    assert rec["error"] in r.stderr and not list(VALIDATOR.iter_errors(rec))


@pytest.mark.slow
def test_a_suite_lanes_counterexample_carries_its_object(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text(
        f'[[obligation]]\nname = "xor"\ncheck = "lanes"\nmodel = "{M}/lanes/uniform_lanes.loop"\nvalue = "c"\n'
        'relation = "uniform"\nexpect = "counterexample"\n')
    [rec] = records("suite", str(tmp_path / "s.toml"), "--no-cache", code=0)
    cex = rec["counterexample"]
    assert cex["kind"] == "lanes" and cex["values"][0] != cex["values"][1], cex


@pytest.mark.slow
def test_the_shipped_suite_s_json_follows_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """`verifier suite proofs/ --json`, every row validated (records() does). It shares
    the project's answer cache (the quick start's suite run fills it, as CI runs them
    in that order): a cached row is the fresh row's JSON, kept; cold, it is that run."""
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(MODELS.parent / ".verifier-cache"))
    out = records("suite", str(MODELS.parent / "proofs"), "--jobs", "2", code=0)
    assert len(out) > 250 and all(rec["as_expected"] for rec in out)
    assert {"proved", "counterexample", "unknown"} <= {rec["verdict"] for rec in out}
    assert {rec["check"] for rec in out} >= {"equiv", "hoist", "speculate", "freeze", "lanes", "rewrite"}
