"""The proof-suite commands: `suite` (run TOML obligations, with reports and a result
cache), and `cache clear`. Registered on the one app
(cli/__init__.py)."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from verifier.cli.base import _width, app, flag
from verifier.errors import UserError, write_output
from verifier.limits import (
    MAX_JOBS,
)
from verifier.reports import jsonout, text

if TYPE_CHECKING:
    from verifier.cache import ResultCache
    from verifier.reports.progress import SuiteProgress
    from verifier.suite import Obligation, Outcome


@app.command()
def suite(
    paths: list[Path] = typer.Argument(..., help="suite files (.toml) or folders of them"),
    timeout: float | None = flag("timeout", None, help="override every obligation's time limit"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object per obligation"),
    junit: Path | None = typer.Option(None, "--junit", help="write a JUnit XML report here (for CI)"),
    html: Path | None = typer.Option(None, "--html", help="write a self-contained HTML report here"),
    sarif: Path | None = typer.Option(None, "--sarif", help="write the refuted and undecided obligations as SARIF "
                                                           "(for code-scanning UIs) here"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=MAX_JOBS, help="parallel worker processes"),
    cluster: str | None = typer.Option(None, "--cluster", help="send the obligations to the Dask scheduler at this "
                                                               "address (tcp://host:8786) instead of local processes"),
    name_filter: list[str] = typer.Option([], "--filter", "-k",
                                          help="only obligations whose name contains this (repeatable)"),
    no_cache: bool = typer.Option(False, "--no-cache", help="solve everything again (fresh answers are still stored)"),
    cache_dir: Path | None = typer.Option(None, "--cache-dir",
                                          help="the result cache (default: $VERIFIER_CACHE, else .verifier-cache "
                                               "at the root of the suite's project)"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="no progress bar"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="a row for every obligation, not only mismatches"),
) -> None:
    """Run proof suites; exit 0 only if every verdict is the expected one. Prints the
    mismatches in full and a one-line summary (--verbose: every obligation's row)."""
    from verifier.cache import ResultCache
    from verifier.reports.progress import SuiteProgress
    from verifier.suite import suite_files

    obligations = _chosen(paths, name_filter)
    progress = None if quiet or as_json else SuiteProgress(len(obligations))
    outcomes = _run(obligations, jobs, timeout, ResultCache.at(cache_dir, near=suite_files(paths)[0]), progress,
                    not no_cache, cluster)
    failed = _reports(outcomes, junit, html, sarif)
    if as_json:
        for oc in outcomes:
            typer.echo(json.dumps(jsonout.obligation(oc)))
    else:
        typer.echo(text.suite_text(outcomes, verbose, _width()))
    # the suite's own answer first: a report that failed (its file alone is lost, said
    # on stderr) is exit 3 only where every obligation was as expected
    if any(oc.error is not None for oc in outcomes):
        raise typer.Exit(2)
    if not all(oc.as_expected for oc in outcomes):
        raise typer.Exit(1)
    raise typer.Exit(3 if failed else 0)


def _chosen(paths: list[Path], name_filter: list[str]) -> list[Obligation]:
    """The suites' obligations, those whose names contain a --filter word where given."""
    from verifier.suite import load, suite_files

    obligations = [ob for f in suite_files(paths) for ob in load(f)]
    if not name_filter:
        return obligations
    chosen = [ob for ob in obligations if any(n.lower() in ob.name.lower() for n in name_filter)]
    if not chosen:
        raise UserError(f"--filter {' '.join(name_filter)}: no obligation's name contains it")
    return chosen


def _run(obligations: list[Obligation], jobs: int, timeout: float | None, cache: ResultCache,
         progress: SuiteProgress | None, read_cache: bool, cluster: str | None) -> list[Outcome]:
    """The outcomes (runner.run_suite); SIGTERM ends the run as Ctrl-C does (workers
    stopped, finished answers kept, exit 130)."""
    from verifier.runner import Interrupted, run_suite
    from verifier.smt.interrupt import terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        return run_suite(obligations, jobs, timeout, cache, progress, read_cache=read_cache, cluster=cluster)
    except Interrupted as e:
        if progress is not None:
            progress.close()
            progress = None
        typer.echo(str(e), err=True)
        raise typer.Exit(130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
        if progress is not None:
            progress.close()


def _reports(outcomes: list[Outcome], junit: Path | None, html: Path | None, sarif: Path | None) -> list[str]:
    """Write the reports asked for, each on its own; the options of those that failed."""
    from verifier.reports.html import suite_html
    from verifier.reports.junit import junit_xml
    from verifier.reports.sarif import suite_sarif

    writers: list[tuple[str, Path | None, Callable[[], str]]] = [
        ("--junit", junit, lambda: junit_xml(outcomes)),
        ("--html", html, lambda: suite_html(outcomes)),
        ("--sarif", sarif, lambda: json.dumps(suite_sarif([jsonout.obligation(oc) for oc in outcomes]), indent=1)
         + "\n")]
    return [flag for flag, path, make in writers if path is not None and not _report(flag, path, make)]


def _report(flag: str, path: Path, make: Callable[[], str]) -> bool:
    """Write one report on its own: a bug in its writer costs only its file (said on
    stderr as an internal error), never the other reports or the suite's summary."""
    try:
        text_out = make()
    except Exception as e:  # noqa: BLE001 - a writer's bug, reported, not a user's mistake
        typer.echo(f"internal error writing {flag} {path} (a bug in verifier, please report it): "
                   f"{type(e).__name__}: {e}", err=True)
        return False
    write_output(path, text_out, flag)
    return True


cache_app = typer.Typer(help="The proof suites' result cache.", no_args_is_help=True)
app.add_typer(cache_app, name="cache")


@cache_app.command("clear")
def cache_clear(
    paths: list[Path] = typer.Argument(None, help="a suite file or folder whose project's cache to clear "
                                                  "(default: the current directory's project)"),
    cache_dir: Path | None = typer.Option(None, "--cache-dir", help="the cache folder itself"),
) -> None:
    """Remove every stored answer (the next suite run solves everything again)."""
    from verifier.cache import ResultCache

    cache = ResultCache.at(cache_dir, near=paths[0] if paths else None)
    n = cache.clear()
    typer.echo(f"removed {n} answer(s) from {cache.root}")
