"""The README and the user guide (docs/) as a contract: every `$ verifier ...` line in
their code blocks is run and its output compared with the lines shown under it (up to
the next `$` line or the block's end), timings masked. A line `...` stands for any
number of lines of output; `...` inside a line for any text. Commands that need LLVM's
tools run when they are installed. Every other `verifier` line a code block shows (a
recipe: CI, a cluster) is parsed as the command line would parse it. The guide builds
as a site (MkDocs, strict: no broken link or anchor) and the README's links resolve."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest
import typer

from tests.helpers import ROOT, cli

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TIME = re.compile(r"\b\d+(\.\d+)?s\b")


@dataclass(frozen=True)
class Example:
    """A command a page shows at a line, with the output shown under it."""

    page: str
    line: int
    command: str
    expected: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def _fenced_lines(path: Path) -> list[tuple[int, str | None]]:
    """Each line inside a code block with its number; None marks a block's end."""
    out: list[tuple[int, str | None]] = []
    fenced = False
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append((n, None))
        elif fenced:
            out.append((n, line))
    return out


def examples() -> list[Example]:
    """Every page's `$ verifier` commands with the output shown under each."""
    out: list[Example] = []
    for page in PAGES:
        current: Example | None = None
        for n, line in _fenced_lines(page):
            if line is None:
                current = None
            elif line.startswith("$ "):
                current = Example(page.relative_to(ROOT).as_posix(), n, line[2:]) \
                    if line.startswith("$ verifier ") else None
                if current is not None:
                    out.append(current)
            elif current is not None:
                current.expected.append(line)
    return out


def recipes() -> list[Example]:
    """`verifier` command lines shown without `$` (a CI step, a cluster's commands, the
    text's own)."""
    out = []
    for page in PAGES:
        for n, line in _fenced_lines(page):
            m = re.match(r"^\s*(?:- )?(?:run:\s*)?(?:.*&& )?(verifier \S.*?)(?:\s+#.*)?$", line or "")
            if m and not (line or "").startswith("$ ") and not m.group(1).startswith("verifier/"):
                out.append(Example(page.relative_to(ROOT).as_posix(), n, m.group(1)))
        # and in the text: `verifier check MODEL --check freeze` (a usage summary with
        # [optional] parts or alternatives a|b is not one command line)
        for n, line in enumerate(page.read_text().splitlines(), 1):
            for cmd in re.findall(r"`(verifier [^`]+)`", line):
                if not re.search(r"[\[|]|\.\.\.|…", cmd):
                    out.append(Example(page.relative_to(ROOT).as_posix(), n, cmd))
    return out


def _pattern(shown: str) -> re.Pattern[str]:
    parts = [re.escape(TIME.sub("<t>", p)).replace("<t>", r"\d+(\.\d+)?s") for p in shown.split("...")]
    return re.compile(".*".join(parts) + r"\Z")


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether the output has the lines shown, `...` lines standing for any lines."""
    if not shown:
        return not actual
    if shown[0].strip() == "...":
        return any(matches(shown[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and bool(_pattern(shown[0].rstrip()).match(actual[0].rstrip())) and \
        matches(shown[1:], actual[1:])


EXAMPLES = examples()
RECIPES = recipes()
SAMPLES = {"VF": "4", "T": "16", "S": "60", "N": "2", "K": "8"}
NEEDS_LLVM = ("verifier opt", "verifier cost", "verifier scan", ".c ", ".cpp ")


def test_the_pages_show_commands() -> None:
    assert len(EXAMPLES) >= 20 and {e.page for e in EXAMPLES} >= {"README.md", "docs/cost.md", "docs/legality.md"}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that sees the repository's models and suites at the paths the pages
    use, so that commands that write files (`--emit-llvm out.ll`) leave none behind."""
    d = tmp_path_factory.mktemp("docs")
    for name in ("models", "proofs", "bench"):
        (d / name).symlink_to(ROOT / name)
    return d


@pytest.mark.slow
@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_a_page_s_command_prints_what_the_page_shows(ex: Example, workdir: Path) -> None:
    if any(k in ex.command + " " for k in NEEDS_LLVM) and not (shutil.which("opt-22") and shutil.which("clang-22")):
        pytest.skip("needs clang-22 and opt-22")
    r = cli(*shlex.split(ex.command)[1:], cwd=workdir)
    actual = r.stdout.rstrip("\n").splitlines()
    shown = list(ex.expected)
    while shown and not shown[-1].strip():
        shown.pop()
    assert matches(shown, actual), f"{ex.id}: `{ex.command}` printed:\n{r.stdout}{r.stderr}"


@pytest.mark.parametrize("ex", RECIPES, ids=[e.id for e in RECIPES])
def test_a_recipe_s_command_line_parses(ex: Example) -> None:
    from verifier.cli import app

    group = typer.main.get_command(app)
    # a placeholder in capitals stands for a value: a number where the option takes one
    args = [SAMPLES.get(a, a) for a in shlex.split(ex.command)[1:]]
    try:
        with group.make_context("verifier", list(args), resilient_parsing=False) as ctx:
            assert isinstance(group, click.Group)
            name, sub, rest = group.resolve_command(ctx, list(args))
            assert sub is not None, ex
            sub.make_context(name or "", rest, parent=ctx)
    except click.exceptions.Exit:
        pass  # --version, --help
    except click.MissingParameter:
        pass  # the text names a command (`verifier cost`) without all its arguments
    except click.BadOptionUsage as e:
        if not ("requires an argument" in e.format_message() and args and args[-1].startswith("--")):
            pytest.fail(f"{ex.id}: `{ex.command}`: {e.format_message()}")
    except click.UsageError as e:  # an option, a command or a value the tool does not take
        pytest.fail(f"{ex.id}: `{ex.command}`: {e.format_message()}")


def test_the_guide_builds_with_every_link_and_anchor_resolved(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                        "-d", str(tmp_path / "site")], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "site" / "cost" / "index.html").is_file()
    listed = set(re.findall(r":\s*([\w-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(), re.M))
    assert listed == {p.name for p in (ROOT / "docs").glob("*.md")}, "every page is in the site's nav"


def test_the_readme_s_links_resolve() -> None:
    text = (ROOT / "README.md").read_text()
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert links and all((ROOT / link).is_file() for link in links), [x for x in links if not (ROOT / x).is_file()]
    assert len(text.splitlines()) < 300


def test_the_comparison_can_fail() -> None:
    assert matches(["proved: m [equiv] in 0.30s"], ["proved: m [equiv] in 12.5s"])
    assert not matches(["proved: m [equiv] in 0.30s"], ["counterexample: m [equiv] in 0.30s"])
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"]) and not matches(["a", "z"], ["a", "b", "z"])
    assert matches(["x = ... end"], ["x = anything end"])


def test_a_recipe_with_a_wrong_option_is_caught() -> None:
    with pytest.raises(pytest.fail.Exception, match="No such option: --jbos"):
        test_a_recipe_s_command_line_parses(Example("x.md", 1, "verifier suite proofs/ --jbos 2"))


@pytest.mark.slow
def test_the_ci_recipe_passes_on_the_shipped_suite(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/suites.md's GitHub Actions step, as written, on `proofs/`: exit 0 and all
    three reports. It shares the project's answer cache (the quick start's suite run
    fills it, as CI runs them in that order); cold, it is that run."""
    import json
    import xml.etree.ElementTree as ET

    step = next(e for e in RECIPES if e.page == "docs/suites.md" and "--junit" in e.command)
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(ROOT / ".verifier-cache"))
    r = cli(*shlex.split(step.command)[1:], cwd=workdir)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr
    root = ET.parse(workdir / "report.xml").getroot()
    assert root.get("failures") == "0" and int(root.get("tests") or 0) > 200
    assert json.loads((workdir / "report.sarif").read_text())["runs"][0]["results"] == []
    page = (workdir / "report.html").read_text()
    assert "lanes.toml" in page and "internal error" not in page
