"""Whole modules: `verifier equiv SRC.ll TGT.ll` and `verifier check FILE.ll` without
--func answer for every function, with a table and the worst verdict's exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import cli

MODULE = Path(__file__).parent.parent / "models" / "llvm" / "module"



@pytest.mark.slow
def test_equiv_checks_every_function_and_exits_with_the_worst() -> None:
    r = cli("equiv", str(MODULE / "three.src.ll"), str(MODULE / "three.tgt.ll"))
    assert r.returncode == 1, r.stdout + r.stderr
    table = r.stdout[r.stdout.index("function  verdict"):]
    rows = {line.split()[0]: line.split()[1] for line in table.splitlines()[1:4]}
    assert rows == {"find": "proved", "add": "proved", "diff": "counterexample"}
    assert "2 proved, 1 counterexample" in table


@pytest.mark.slow
def test_equiv_of_a_module_that_refines_exits_0(tmp_path: Path) -> None:
    fixed = tmp_path / "fixed.ll"
    fixed.write_text((MODULE / "three.tgt.ll").read_text().replace("sub i32 %y, %x", "sub i32 %x, %y"))
    r = cli("equiv", str(MODULE / "three.src.ll"), str(fixed), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [(o["model"].split()[0], o["verdict"]) for o in objs] == [("find", "proved"), ("add", "proved"), ("diff", "proved")]


@pytest.mark.slow
def test_functions_only_on_one_side_are_noted(tmp_path: Path) -> None:
    fewer = tmp_path / "fewer.ll"
    text = (MODULE / "three.tgt.ll").read_text()
    fewer.write_text(text[:text.index("define i32 @diff")])
    r = cli("equiv", str(MODULE / "three.src.ll"), str(fewer))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "not defined in" in r.stdout and "diff" in r.stdout


@pytest.mark.slow
def test_check_runs_every_loop_and_skips_functions_without_one() -> None:
    r = cli("check", str(MODULE / "three.src.ll"), "--check", "speculate")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "add       skipped" in r.stdout and "no loop" in r.stdout
    assert "find      proved" in r.stdout


@pytest.mark.slow
def test_version_and_llvm_input_for_show_and_run() -> None:
    r = cli("--version")
    assert r.returncode == 0 and r.stdout.startswith("verifier ")
    # the version of the installed distribution, early-exit-verifier (the tests run
    # installed, as the README says): "verifier" on PyPI is an unrelated package
    from importlib.metadata import version

    from verifier.about import DISTRIBUTION
    assert r.stdout.split()[1] == version(DISTRIBUTION)
    ll = str(Path(__file__).parent.parent / "models" / "llvm" / "find_char.scalar.ll")
    r = cli("show", ll)
    assert r.returncode == 0 and "exiting blocks that dominate the latch" in r.stdout
    r = cli("run", ll, "--set", "v1=3", "--set", "v0.bytes=128")
    assert r.returncode == 0 and "ret = 128" in r.stdout  # no byte equals 3: memory is all 0
    r = cli("show", str(MODULE / "three.src.ll"))
    assert r.returncode == 2 and "choose one with --func" in r.stderr
    r = cli("show", str(MODULE / "three.src.ll"), "--func", "add")
    assert r.returncode == 0 and "nsw" in r.stdout


def test_an_i1_is_shown_as_0_or_1() -> None:
    from verifier.ir.types import shown_int
    from verifier.reports.jsonout import value
    from verifier.semantics.ops import Val

    assert shown_int(1, 1) == 1 and shown_int(0xFF, 8) == -1 and shown_int(1, 8) == 1
    assert value(Val(1, False, False), 1) == 1 and value(Val(0xFFFF_FFFF, False, False), 32) == -1


def test_help_lists_choices_and_speaks_the_users_words() -> None:
    """--check, --form and --cttz-elts list their choices; no flag shows a `<bool>`
    metavar and no text names the project's design documents."""
    from typer.testing import CliRunner

    from verifier.cli import app

    runner = CliRunner()
    for command in ("equiv", "check", "vectorize", "lanes", "rewrite", "suite", "run", "show"):
        r = runner.invoke(app, [command, "--help"], env={"COLUMNS": "250"})
        assert r.exit_code == 0, command
        assert "<bool>" not in r.output and "seed 00" not in r.output.lower(), command
    text = runner.invoke(app, ["check", "--help"], env={"COLUMNS": "250"}).output.replace(" ", "")
    assert "[hoist|speculate|freeze|equiv|all]" in text and "[general|simple|both]" in text
    assert "[any-poison|first-true]" in text
    r = runner.invoke(app, ["check", str(MODULE / "three.src.ll"), "--check", "lanes"])
    assert r.exit_code == 2 and "Invalid value" in r.output
