"""The command line as a user runs it: exit codes, JSON fields, run and show."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MODELS, cli

SEARCH = str(MODELS / "seed" / "search_loop.loop")


@pytest.mark.slow
def test_equiv_proved_exits_0_with_the_coverage() -> None:
    """A bounded proof of a hand-written target the induction does not prove is proved
    only where it is asked for (--bounded); without it the loop's longer runs make it
    unknown, with one of them shown."""
    pair = (str(MODELS / "examples" / "find_first_zero.loop"), str(MODELS / "examples" / "find_first_zero_blocks_vf4.loop"))
    r = cli("equiv", *pair, "--max-trip", "8", "--bounded")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("proved:") and "at most 8 iterations" in r.stdout
    r = cli("equiv", *pair, "--max-trip", "8", "--json")
    assert r.returncode == 3, r.stdout + r.stderr
    obj = json.loads(r.stdout)
    assert obj["verdict"] == "unknown" and obj["coverage"]["kind"] == "bounded" and obj["coverage"]["complete"] is False
    assert obj["longer_run"]["iterations"] > obj["longer_run"]["bound"] >= 8
    assert "bounded only" in obj["reason"]


def test_equiv_counterexample_exits_1_and_json_has_the_contract_fields() -> None:
    r = cli("equiv", SEARCH, str(MODELS / "examples" / "search_loop_general_vf4_overread.loop"),
            "--max-trip", "8", "--json")
    assert r.returncode == 1, r.stderr
    obj = json.loads(r.stdout)
    for key in ("model", "check", "vf", "form", "verdict", "seconds", "counterexample"):
        assert key in obj
    assert obj["verdict"] == "counterexample"
    cex = obj["counterexample"]
    assert cex["target"]["status"] == "ub" and cex["target"]["ub"]["lane"] is not None
    assert "N" in cex["inputs"]["params"] and "a" in cex["inputs"]["arrays"]
    assert cex["divergence"]["kind"] == "target-ub"


@pytest.mark.slow
def test_equiv_text_shows_inputs_and_both_runs_side_by_side() -> None:
    r = cli("equiv", SEARCH, str(MODELS / "examples" / "search_loop_general_vf4_nofreeze.loop"), "--max-trip", "8")
    assert r.returncode == 1
    assert "divergence:" in r.stdout and "inputs:" in r.stdout and "poison" in r.stdout
    assert "source search_loop: ok" in r.stdout and "| target search_loop_general_vf4_nofreeze: UB" in r.stdout


@pytest.mark.slow
def test_run_prints_the_trace_and_live_outs() -> None:
    r = cli("run", SEARCH, "--set", "N=5", "--set", "a=[3, 4, 0, poison, 7]")
    assert r.returncode == 0
    assert "foo(3)" in r.stdout and "foo(4)" in r.stdout and "live-outs: i = 2" in r.stdout
    r = cli("run", SEARCH, "--set", "N=5", "--set", "a=[3, poison, 0]", "--json")
    assert r.returncode == 1
    obj = json.loads(r.stdout)
    assert obj["status"] == "ub" and "branch on poison" in obj["ub"]["reason"] and obj["ub"]["iteration"] == 1


@pytest.mark.slow
def test_run_rejects_bad_values_with_exit_2() -> None:
    for args in (["--set", "M=3"], ["--set", "N=x"], ["--set", "a=1"], []):
        r = cli("run", SEARCH, *args)
        assert r.returncode == 2, args
        assert "error:" in r.stderr and "Traceback" not in r.stderr
    r = cli("run", str(MODELS / "seed" / "predication_example.loop"), "--set", "N=2", "--set", "c1=[poison, 0]")
    assert r.returncode == 2 and "cannot hold poison" in r.stderr


def test_show_prints_blocks_and_loop_structure() -> None:
    r = cli("show", SEARCH)
    assert r.returncode == 0
    for word in ("header:", "latch:", "exiting:", "exits:", "guard:", "dominate the latch"):
        assert word in r.stdout


@pytest.mark.slow
def test_usage_errors_exit_2() -> None:
    assert cli("equiv").returncode == 2
    assert cli("equiv", SEARCH, "/nonexistent.loop").returncode == 2
    assert cli("nosuchcommand").returncode == 2


def _suite(tmp_path, **keys: object) -> str:  # type: ignore[no-untyped-def]
    """A one-obligation suite file (strings quoted, numbers and booleans as TOML)."""
    def toml(v: object) -> str:
        return str(v).lower() if isinstance(v, bool) else str(v) if isinstance(v, int) else f'"{v}"'

    path = tmp_path / "s.toml"
    path.write_text("[[obligation]]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in keys.items()))
    return str(path)


@pytest.mark.slow
def test_a_suite_obligation_may_name_a_generated_form(tmp_path) -> None:  # type: ignore[no-untyped-def]
    r = cli("suite", _suite(tmp_path, name="search loop, general form, VF 8, every trip count", check="equiv",
                            source=SEARCH, form="general", vf=8, unbounded=True, expect="proved"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1 as expected" in r.stdout


def test_a_suite_obligation_with_both_a_target_and_a_form_is_bad_input(tmp_path) -> None:  # type: ignore[no-untyped-def]
    r = cli("suite", _suite(tmp_path, name="x", check="equiv", source=SEARCH, target=SEARCH, form="simple",
                            expect="proved"))
    assert r.returncode == 2 and "either a 'target' model or a generated 'form'" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.slow
def test_check_equiv_runs_both_forms_and_vectorize_prints_the_general_form_as_llvm_ir() -> None:
    r = cli("check", SEARCH, "--check", "equiv", "--vf", "4", "--json")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 0 and [(x["form"], x["verdict"]) for x in rows] == [("general", "proved"), ("simple", "proved")]
    out = cli("vectorize", SEARCH, "--vf", "2")  # the general form as LLVM IR on stdout, proved first
    assert out.returncode == 0 and "load <2 x i8>" in out.stdout and "cttz.elts" in out.stdout, out.stderr
    assert out.stdout.lstrip().startswith("; ModuleID") and "proved:" in out.stderr
    bad = cli("vectorize", SEARCH, "--form", "general", "--guards")
    assert bad.returncode == 2 and "simple form" in bad.stderr


@pytest.mark.slow
def test_run_on_llvm_ir_takes_and_shows_llvm_s_names() -> None:
    from tests.helpers import MODELS, cli

    ll = str(MODELS / "llvm" / "find_char.scalar.ll")
    r = cli("run", ll, "--set", "%1=7", "--set", "%0.bytes=128", "--set", "%0=[1, 7, 2]")
    assert r.returncode == 0 and "%1 = 7" in r.stdout and "v1" not in r.stdout, r.stdout + r.stderr
    missing = cli("run", ll)
    assert missing.returncode == 2 and "add --set %0.bytes=" in missing.stderr, missing.stderr
