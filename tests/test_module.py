"""Whole modules: `verifier equiv SRC.ll TGT.ll` and `verifier check FILE.ll` without
--func answer for every function, with a table and the worst verdict's exit code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

MODULE = Path(__file__).parent.parent / "models" / "llvm" / "module"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "verifier.cli", *args], capture_output=True, text=True)


def test_equiv_checks_every_function_and_exits_with_the_worst() -> None:
    r = cli("equiv", str(MODULE / "three.src.ll"), str(MODULE / "three.tgt.ll"))
    assert r.returncode == 1, r.stdout + r.stderr
    table = r.stdout[r.stdout.index("function  verdict"):]
    rows = {line.split()[0]: line.split()[1] for line in table.splitlines()[1:4]}
    assert rows == {"find": "proved", "add": "proved", "diff": "counterexample"}
    assert "2 proved, 1 counterexample" in table


def test_equiv_of_a_module_that_refines_exits_0(tmp_path: Path) -> None:
    fixed = tmp_path / "fixed.ll"
    fixed.write_text((MODULE / "three.tgt.ll").read_text().replace("sub i32 %y, %x", "sub i32 %x, %y"))
    r = cli("equiv", str(MODULE / "three.src.ll"), str(fixed), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [(o["model"].split()[0], o["verdict"]) for o in objs] == [("find", "proved"), ("add", "proved"), ("diff", "proved")]


def test_functions_only_on_one_side_are_noted(tmp_path: Path) -> None:
    fewer = tmp_path / "fewer.ll"
    text = (MODULE / "three.tgt.ll").read_text()
    fewer.write_text(text[:text.index("define i32 @diff")])
    r = cli("equiv", str(MODULE / "three.src.ll"), str(fewer))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "not defined in" in r.stdout and "diff" in r.stdout


def test_check_runs_every_loop_and_skips_functions_without_one() -> None:
    r = cli("check", str(MODULE / "three.src.ll"), "--check", "speculate")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "add       skipped" in r.stdout and "no loop" in r.stdout
    assert "find      proved" in r.stdout
