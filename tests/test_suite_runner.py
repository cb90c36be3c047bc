"""Proof suites as CI runs them: the suite schema and its errors, parallel runs,
the result cache, JUnit and HTML reports, the pytest plugin, lane tables."""

from __future__ import annotations

import dataclasses
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli
from verifier.cache import ResultCache
from verifier.errors import UserError
from verifier.limits import MAX_TRIP
from verifier.reports.html import suite_html
from verifier.reports.junit import junit_xml
from verifier.runner import run_suite
from verifier.suite import load

SEARCH = MODELS / "seed" / "search_loop.loop"
GOOD = MODELS / "examples" / "search_loop_simple_vf4.loop"
BROKEN = MODELS / "examples" / "search_loop_general_vf4_nofreeze.loop"



def _toml(v: object) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):  # TOML spells them nan, inf, -inf
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return json.dumps(str(v))


def suite_text(*obligations: dict[str, object]) -> str:
    return "\n".join("[[obligation]]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in ob.items())
                     for ob in obligations)


def write_suite(path: Path, *obligations: dict[str, object]) -> Path:
    path.write_text(suite_text(*obligations))
    return path


CHEAP = [
    {"name": "simple form proved", "check": "equiv", "source": SEARCH, "target": GOOD, "bounded": 6,
     "expect": "proved"},
    {"name": "no freeze refuted", "check": "equiv", "source": SEARCH, "target": BROKEN, "max_trip": 6,
     "expect": "counterexample"},
    {"name": "speculate", "check": "speculate", "model": SEARCH, "vf": [2, 4], "expect": "proved"},
    {"name": "freeze", "check": "freeze", "model": SEARCH, "freeze": False, "expect": "counterexample"},
]


def test_a_vf_list_expands_into_one_obligation_per_vf(tmp_path: Path) -> None:
    obs = load(write_suite(tmp_path / "s.toml", *CHEAP))
    assert [ob.name for ob in obs] == ["simple form proved", "no freeze refuted", "speculate [VF=2]",
                                       "speculate [VF=4]", "freeze"]
    assert [ob.vf for ob in obs][2:4] == [2, 4]


@pytest.mark.parametrize(("entry", "message"), [
    ({"check": "speculat"}, "unknown check 'speculat'"),
    ({"expect": "yes"}, "expect must be one of"),
    ({"vf": 0}, "vf must be a power of two from 1 to 64, not 0"),
    ({"vf": 3}, "vf must be a power of two from 1 to 64, not 3"),
    ({"vf": [4, 128]}, "vf must be a power of two from 1 to 64, not 128"),
    ({"vf": 4.0}, "vf must be an integer, not 4.0"),
    ({"max_trip": 1_000_000}, f"max_trip must be from 1 to {MAX_TRIP}"),
    ({"max_trip": 2**70}, f"max_trip must be from 1 to {MAX_TRIP}"),
    ({"timeout": float("nan")}, "timeout must be a finite number of seconds"),
    ({"timeout": float("inf")}, "timeout must be a finite number of seconds"),
    ({"timeout": -1}, "timeout must be a finite number of seconds"),
    ({"model": str(SEARCH) + "/"}, "names no file"),
    ({"target": str(GOOD)}, "'target' and 'form' go with check = \"equiv\""),
    ({"colour": "red"}, "unknown key(s) colour"),
    ({"exit": 3}, "exit (a string"),
])
def test_a_malformed_obligation_names_its_file_line_and_key(tmp_path: Path, entry: dict[str, object],
                                                            message: str) -> None:
    ok = {"name": "fine", "check": "hoist", "model": SEARCH, "expect": "proved"}
    bad = {**ok, "name": "broken", **entry}
    path = write_suite(tmp_path / "s.toml", ok, bad)
    with pytest.raises(UserError) as e:
        load(path)
    assert message in str(e.value)
    (key,) = entry
    lines = path.read_text().splitlines()
    line = next(k for k, text in enumerate(lines, 1) if k > 6 and text.startswith(f"{key} = "))
    assert str(e.value).startswith(f"{path}:{line}:{len(key) + 4}: error:")  # the value of the key at fault


@pytest.mark.slow
def test_malformed_toml_and_a_missing_model_exit_2_with_a_location(tmp_path: Path) -> None:
    (tmp_path / "t.toml").write_text('[[obligation]]\nname = "x\n')
    r = cli("suite", str(tmp_path / "t.toml"))
    assert r.returncode == 2 and "t.toml:2:" in r.stderr and "Traceback" not in r.stderr
    write_suite(tmp_path / "m.toml", {"name": "gone", "check": "hoist", "model": "nope.loop", "expect": "proved"})
    r = cli("suite", str(tmp_path / "m.toml"))
    # the obligation's own error, in the summary (the others, had there been any, ran)
    assert r.returncode == 2 and "m.toml:1:1: error: obligation 'gone': cannot read" in r.stdout + r.stderr


@pytest.mark.slow
def test_parallel_runs_give_the_serial_verdicts_in_suite_order(tmp_path: Path) -> None:
    obs = load(write_suite(tmp_path / "s.toml", *CHEAP))
    serial = run_suite(obs, jobs=1)
    parallel = run_suite(obs, jobs=2)
    assert [(o.name, o.verdict) for o in serial] == [(o.name, o.verdict) for o in parallel]
    assert [o.verdict for o in serial] == ["proved", "counterexample", "proved", "proved", "counterexample"]
    assert all(o.as_expected for o in serial)
    assert serial[1].result["counterexample"]["divergence"] == parallel[1].result["counterexample"]["divergence"]


@pytest.mark.slow
def test_the_cache_answers_unchanged_obligations_and_only_those(tmp_path: Path) -> None:
    src = tmp_path / "search.loop"
    src.write_text(SEARCH.read_text())
    suite = write_suite(tmp_path / "s.toml", {**CHEAP[0], "source": src}, {**CHEAP[1], "source": src})
    cache = ResultCache(tmp_path / "cache", "tool-A")
    first = run_suite(load(suite), cache=cache)
    assert [o.cached for o in first] == [False, False]
    again = run_suite(load(suite), cache=cache)
    assert [o.cached for o in again] == [True, True]
    assert [o.result for o in again] == [o.result for o in first]
    # a comment does not change the normalised IR; an edit of the loop does
    src.write_text("// a comment\n" + SEARCH.read_text())
    assert all(o.cached for o in run_suite(load(suite), cache=cache))
    src.write_text(SEARCH.read_text().replace("assume N >= 1", "assume N >= 2"))
    assert not any(o.cached for o in run_suite(load(suite), cache=cache))
    # another tool version never trusts the entries; --no-cache does not read them
    assert not any(o.cached for o in run_suite(load(suite), cache=ResultCache(tmp_path / "cache", "tool-B")))
    assert not any(o.cached for o in run_suite(load(suite), cache=cache, read_cache=False))


def test_only_an_answer_the_wall_clock_cut_short_is_not_cached(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path / "cache", "t")
    cache.put("k" * 64, {"result": {"verdict": "unknown", "wall_clock": True}})
    assert cache.get("k" * 64) is None  # the machine's speed decided it
    cache.put("i" * 64, {"result": {"verdict": "unknown", "reason": "solver timeout"}})
    assert cache.get("i" * 64) is not None  # a budget of solver work: the same on any machine
    cache.put("j" * 64, {"result": {"verdict": "proved"}})
    assert cache.get("j" * 64) is not None


@pytest.mark.slow
def test_a_broken_model_fails_the_suite_with_its_counterexample_in_junit_and_html(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "s.toml", CHEAP[0], {**CHEAP[1], "name": "believed fine", "expect": "proved"})
    r = cli("suite", str(suite), "--junit", str(tmp_path / "r.xml"), "--html", str(tmp_path / "r.html"))
    assert r.returncode == 1
    assert "MISMATCH believed fine" in r.stdout and "a = [" in r.stdout and "lanes of the target" in r.stdout
    assert "[2/2] believed fine: counterexample MISMATCH" in r.stderr  # progress, one line each off a terminal
    root = ET.parse(tmp_path / "r.xml").getroot()
    assert root.get("tests") == "2" and root.get("failures") == "1"
    failures = root.findall(".//testcase/failure")
    assert len(failures) == 1 and failures[0].get("message") == "expected proved, got counterexample"
    assert "branch on poison" in (failures[0].text or "")
    page = (tmp_path / "r.html").read_text()
    assert "believed fine" in page and 'class="lane"' in page and "poison" in page


@pytest.mark.slow
def test_json_lines_carry_the_expectation_and_filter_selects_by_name(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "s.toml", *CHEAP)
    r = cli("suite", str(suite), "--json", "--filter", "speculate")
    assert r.returncode == 0, r.stderr
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["obligation"] for o in objs] == ["speculate [VF=2]", "speculate [VF=4]"]
    assert all(o["as_expected"] and o["expected"] == "proved" and o["check"] == "speculate" for o in objs)
    assert cli("suite", str(suite), "--filter", "nothing-like-this").returncode == 2


@pytest.mark.slow
def test_the_lane_table_of_a_generated_form_shows_the_frozen_conditions_and_masks(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "s.toml", {"name": "liveout_y general", "check": "equiv",
                                              "model": MODELS / "seed" / "liveout_y_ordered.loop",
                                              "form": "general",
                                              "vf": 4, "bounded": 4, "expect": "counterexample"})
    (oc,) = run_suite(load(suite))
    assert oc.verdict == "counterexample"
    table = oc.result["counterexample"]["lanes"]
    names = [r["name"] for r in table["rows"]]
    # the emitted form's rows: the exit condition, frozen, and the lanes' mask; not the
    # insertelement that only starts a splat
    assert "%C1.frozen" in names and "mask" in [n.lstrip("%") for n in names], " ".join(names)
    assert not any(n.endswith(("splatinsert", ".ins")) for n in names) and "%N.splat" in names
    assert all(len(r["lanes"]) == 4 for r in table["rows"])


def test_html_and_junit_of_an_all_green_run(tmp_path: Path) -> None:
    outcomes = run_suite(load(write_suite(tmp_path / "s.toml", CHEAP[0])))
    from verifier.about import installed_version

    page = suite_html(outcomes, when="2026-11-28 12:00 UTC")
    assert f"verifier {installed_version()}, 2026-11-28 12:00 UTC: 1 as expected, 0 not" in page
    assert f'<th colspan="4">{tmp_path / "s.toml"}</th>' in page  # obligations grouped per suite file
    assert "lanes numbered from 1" in page  # the legend
    root = ET.fromstring(junit_xml(outcomes).split("\n", 1)[1])
    assert root.get("failures") == "0" and root.find(".//testcase/system-out") is not None


def test_the_pytest_plugin_runs_each_obligation_as_an_item(pytester: pytest.Pytester) -> None:
    pytester.makefile(".toml", proofs=suite_text(
        {"name": "fine", "check": "hoist", "model": SEARCH, "expect": "proved"},
        {"name": "believed fine", "check": "freeze", "model": SEARCH, "expect": "proved", "freeze": False}))
    pytester.makefile(".toml", pyproject="[project]\nname = 'x'\n")
    r = pytester.runpytest("-p", "no:cacheprovider")
    r.assert_outcomes(passed=1, failed=1)
    r.stdout.fnmatch_lines(["*expected proved, got counterexample*", "*P1_LOOP lane*"])


# Jenkins xUnit's junit-10.xsd, the schema the JUnit report follows (docs/suites.md): for each
# element, its attributes (required ones first, then the optional), its children
JUNIT_10: dict[str, tuple[set[str], set[str], set[str]]] = {
    "testsuites": (set(), {"name", "time", "tests", "failures", "errors"}, {"testsuite"}),
    "testsuite": ({"name", "tests", "failures", "errors"},
                  {"group", "time", "skipped", "timestamp", "hostname", "id", "package", "file", "log", "url"},
                  {"testsuite", "properties", "testcase", "system-out", "system-err"}),
    "properties": (set(), set(), {"property"}),
    "property": ({"name", "value"}, set(), set()),
    "testcase": ({"name"}, {"time", "classname", "group"},
                 {"skipped", "error", "failure", "system-out", "system-err"}),
    "failure": (set(), {"type", "message"}, set()),
    "error": (set(), {"type", "message"}, set()),
    "skipped": (set(), {"type", "message"}, set()),
    "system-out": (set(), set(), set()),
    "system-err": (set(), set(), set()),
}
SUREFIRE_TIME = re.compile(r"(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?")


def junit_10_problems(el: ET.Element) -> list[str]:
    """Where `el` and its children break junit-10.xsd (empty: they keep to it)."""
    if el.tag not in JUNIT_10:
        return [f"unknown element <{el.tag}>"]
    required, optional, children = JUNIT_10[el.tag]
    out = [f"<{el.tag}> lacks {a}" for a in sorted(required - set(el.attrib))]
    out += [f"<{el.tag}> has {a}" for a in sorted(set(el.attrib) - required - optional)]
    if el.tag in ("testsuite", "testsuites") and "time" in el.attrib and not SUREFIRE_TIME.fullmatch(el.attrib["time"]):
        out.append(f"<{el.tag}> time {el.attrib['time']!r}")
    for child in el:
        out += [f"<{child.tag}> inside <{el.tag}>"] if child.tag not in children else junit_10_problems(child)
    return out


def test_junit_keeps_to_jenkins_junit_10_and_cached_answers_take_no_time(tmp_path: Path) -> None:
    """The report keeps to Jenkins xUnit's junit-10.xsd, with a failure, a timeout-free
    pass and an error in it; classname is the suite file; a cache hit's time is 0."""
    from verifier.cache import ResultCache

    suite = write_suite(tmp_path / "s.toml", CHEAP[0])
    cache = ResultCache(tmp_path / "c", "tool")
    run_suite(load(suite), cache=cache)
    again = run_suite(load(suite), cache=cache)
    root = ET.fromstring(junit_xml(again).split("\n", 1)[1])
    cases = root.findall(".//testcase")
    assert cases and all(c.get("classname") == str(suite) and c.get("time") == "0.000" for c in cases)
    assert not junit_10_problems(root)
    failing = write_suite(tmp_path / "f.toml", {**CHEAP[0], "expect": "counterexample"})
    mixed = run_suite(load(failing)) + [dataclasses.replace(again[0], error="s.toml:1:1: error: broken")]
    root = ET.fromstring(junit_xml(mixed).split("\n", 1)[1])
    assert root.find(".//failure") is not None and root.find(".//error") is not None
    assert not junit_10_problems(root), junit_10_problems(root)
    root.find(".//testcase").set("status", "x")  # type: ignore[union-attr]
    assert junit_10_problems(root)  # the check can fail


@pytest.mark.slow
def test_cache_lives_at_the_project_root_and_clears(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from verifier.cache import ResultCache

    monkeypatch.delenv("VERIFIER_CACHE_DIR", raising=False)
    monkeypatch.delenv("VERIFIER_CACHE", raising=False)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "proofs").mkdir()
    suite = write_suite(tmp_path / "proofs" / "s.toml", CHEAP[0])
    cache = ResultCache.at(near=suite)
    assert cache.root == tmp_path.resolve() / ".verifier-cache"
    run_suite(load(suite), cache=cache)
    assert any(cache.root.rglob("*.json"))
    (cache.root / "scan" / "unit-0123456789").mkdir(parents=True)  # what a project scan writes there
    monkeypatch.setenv("VERIFIER_CACHE", str(tmp_path / "elsewhere"))
    assert ResultCache.at(near=suite).root == tmp_path / "elsewhere"
    r = cli("cache", "clear", str(suite))
    assert r.returncode == 0 and "removed 0" in r.stdout  # $VERIFIER_CACHE (inherited) is empty
    monkeypatch.delenv("VERIFIER_CACHE")
    r = cli("cache", "clear", str(suite))
    assert r.returncode == 0 and "removed 1 answer(s)" in r.stdout and not cache.root.exists()


def test_suite_text_shows_mismatches_and_one_summary_line() -> None:
    from verifier.reports.text import suite_text as render
    from verifier.suite import Outcome

    good = Outcome("fine", "s.toml", 3, "hoist", "proved", "proved", 1.5)
    bad = Outcome("believed fine", "s.toml", 9, "freeze", "proved", "counterexample", 0.5, text="the report")
    quiet = render([good, bad])
    assert "MISMATCH believed fine" in quiet and "the report" in quiet and "<-- MISMATCH" in quiet
    assert "fine  " not in quiet.replace("believed fine", "")  # no row for what went as expected
    assert quiet.splitlines()[-1].startswith("1 as expected, 1 mismatched, 2.0s of solving")
    assert "fine  " in render([good, bad], verbose=True).replace("believed fine", "")
    assert render([good]).splitlines() == ["1 as expected, 0 mismatched, 1.5s of solving (--verbose lists every "
                                           "obligation)"]


def test_a_loop_without_data_dependent_exits_is_a_verdict_in_a_suite_as_on_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "c.loop").write_text("loop count(N: i64) {\n  i = 0\n  while (i < N) {\n    i = i + 1\n  }\n}\n")
    obs = load(write_suite(tmp_path / "s.toml", *({"name": c, "check": c, "model": "c.loop", "expect": "proved"}
                                                   for c in ("freeze", "speculate", "hoist"))))
    outcomes = run_suite(obs)
    assert [(o.verdict, o.error) for o in outcomes] == [("proved", None)] * 3
    assert all("no data-dependent exit" in o.text for o in outcomes)


# ------------------------------------------------------- reports that never lose each other

FREEZE_REFUTED = {"name": "unfrozen predicates", "check": "freeze", "model": SEARCH, "freeze": False,
                  "expect": "counterexample"}


def test_the_html_report_shows_a_freeze_counterexample() -> None:
    """The freeze check's counterexample has lane conditions, no runs: the page shows
    them (it was an internal error, KeyError 'source', and no report was written)."""
    (oc,) = run_suite(load(write_suite(Path(__import__("tempfile").mkdtemp()) / "s.toml", FREEZE_REFUTED)))
    assert oc.result["counterexample"]["kind"] == "predicates"
    page = suite_html([oc])
    assert "Predicates:" in page and "<th>C1</th>" in page and "1 as expected, 0 not" in page


@pytest.mark.slow
def test_a_missing_model_is_its_obligation_s_error_and_every_report_is_written(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "s.toml", CHEAP[2],
                        {"name": "lost", "check": "hoist", "model": tmp_path / "gone.loop", "expect": "proved"},
                        FREEZE_REFUTED)
    reports = {flag: tmp_path / f"r.{flag}" for flag in ("junit", "html", "sarif")}
    r = cli("suite", str(suite), "--no-cache", "-q", *(x for f, p in reports.items() for x in (f"--{f}", str(p))))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "gone.loop" in r.stdout and "3 as expected" in r.stdout  # the others ran (speculate at VF 2 and 4)
    assert all(p.is_file() and p.stat().st_size > 0 for p in reports.values())
    assert "Traceback" not in r.stdout + r.stderr


def test_a_writer_s_bug_costs_only_its_own_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """cli._report runs each writer on its own: one that raises is an internal error on
    stderr, and the others' files and the summary are still written (exit 3)."""
    from typer.testing import CliRunner

    import verifier.reports.html as html
    from verifier.cli import app

    def broken(outcomes: object) -> str:
        raise KeyError("source")

    monkeypatch.setattr(html, "suite_html", broken)
    suite = write_suite(tmp_path / "s.toml", FREEZE_REFUTED)
    junit, page = tmp_path / "r.xml", tmp_path / "r.html"
    r = CliRunner().invoke(app, ["suite", str(suite), "--no-cache", "-q", "--html", str(page), "--junit", str(junit)])
    assert r.exit_code == 3, r.output
    assert junit.is_file() and not page.exists()
    assert "internal error writing --html" in r.output and "1 as expected" in r.output


def test_the_pytest_plugin_reports_a_missing_model_in_one_line(pytester: pytest.Pytester) -> None:
    pytester.makefile(".toml", proofs=suite_text(
        {"name": "lost", "check": "hoist", "model": "gone.loop", "expect": "proved"},
        {"name": "fine", "check": "hoist", "model": SEARCH, "expect": "proved"}))
    pytester.makefile(".toml", pyproject="[project]\nname = 'x'\n")
    r = pytester.runpytest("-p", "no:cacheprovider")
    r.assert_outcomes(passed=1, failed=1)
    out = r.stdout.str()
    assert "cannot read" in out and "gone.loop" in out and "Traceback" not in out
    assert len(out.splitlines()) < 60


# one obligation of each kind of answer (every check, nested, scalable, generated
# forms, every verdict and counterexample kind), taken from the shipped suites by name
EVERY_KIND = {
    "lanes.toml": ["seed 001: the xor recurrence is not uniform", "seed 001: i / 8 is uniform per 8 lanes (VF 2..16)"],
    "rewrite.toml": ["seed 001: the conditional block becomes an early exit",
                     "seed 001: iv % 3 < a is refused (not monotone)", "seed 001: iv % 3 < a forced into an exit is refuted"],
    "legality.toml": ["search loop: predicates without freeze are poison past the exit",
                      "division: x/y faults on a lane past the exit", "search loop: C1 hoistable"],
    "llvm.toml": ["first_diff (SVE), any-poison: the unfrozen mask's poison lane, at vscale 1",
                  "first_key_found (vec, VF 16): the inner loop's exit leaves the nest, proved",
                  "three_deep: loops nested three deep are outside the subset, named"],
    "forms.toml": ["liveout_a -> generated simple form, VF=4: seed 000 Simple Approach Live-Outs"],
}


def _every_kind_suite(path: Path, mismatch: bool) -> Path:
    """The obligations above, their paths made absolute; `mismatch`: the lanes
    counterexample is expected proved (a suite that fails)."""
    import tomllib

    proofs = MODELS.parent / "proofs"
    chosen = []
    for file, names in EVERY_KIND.items():
        obs = {ob["name"]: ob for ob in tomllib.loads((proofs / file).read_text())["obligation"]}
        for n in names:
            ob = dict(obs[n])
            for key in ("model", "source", "target"):
                if key in ob:
                    ob[key] = str((proofs / ob[key]).resolve())
            chosen.append(ob)
    if mismatch:
        chosen[0]["expect"] = "proved"
    return write_suite(path, *chosen)


@pytest.mark.slow
@pytest.mark.parametrize("mismatch", [False, True])
def test_the_readme_ci_recipe_writes_every_report_for_every_kind_of_answer(tmp_path: Path, mismatch: bool) -> None:
    """`suite --junit --html --sarif` (docs/suites.md): every writer handles
    every kind of answer, and the exit code is the suite's (1 on a mismatch), never a
    report's."""
    suite = _every_kind_suite(tmp_path / "s.toml", mismatch)
    r = cli("suite", str(suite), "--jobs", "2", "--junit", str(tmp_path / "r.xml"), "--html", str(tmp_path / "r.html"),
            "--sarif", str(tmp_path / "r.sarif"))
    assert r.returncode == (1 if mismatch else 0), r.stdout + r.stderr
    assert "internal error" not in r.stderr, r.stderr
    root = ET.parse(tmp_path / "r.xml").getroot()
    assert root.get("failures") == ("1" if mismatch else "0")
    page = (tmp_path / "r.html").read_text()
    assert "the lanes' values break the relation" in page and "Lane conditions of each exit" in page
    assert page.count('id="o') >= 5  # every counterexample gets its section
    # SARIF lists what needs attention: the mismatch alone
    results = json.loads((tmp_path / "r.sarif").read_text())["runs"][0]["results"]
    assert [res["kind"] for res in results] == (["fail"] if mismatch else [])
