"""`verifier scan`: a whole project's early-exit loops through clang and LLVM's loop
vectorizer at the project's own flags, each checked. Registered on the one app
(cli/__init__.py)."""

from __future__ import annotations

import itertools
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from verifier.cache import SCAN_FOLDER
from verifier.cli.base import CttzElts, _width, app, flag
from verifier.cli.suites import _report, _run
from verifier.errors import UserError
from verifier.limits import MAX_JOBS
from verifier.scan.compdb import CompileUnit
from verifier.scan.plan import Question, ScanRow, Settings
from verifier.scan.units import LLVMDid, Tools, UnitScan

if TYPE_CHECKING:
    from verifier.cache import ResultCache



@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def scan(
    ctx: typer.Context,
    paths: list[Path] = typer.Argument(..., help="a compile_commands.json (or the build folder holding one), or C "
                                                 "and C++ files compiled with the flags after `--`"),
    vf: int = flag("vf", 4, help="the vectorization factor of the speculation check and of our forms"),
    timeout: float = flag("timeout", 30.0, help="solver time limit per question, seconds"),
    cttz_elts: CttzElts = flag("cttz_elts", CttzElts.ANY_POISON),
    forms: bool = typer.Option(True, "--forms/--no-forms", help="emit and prove our two forms of each loop LLVM "
                                                                 "left alone"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON record per unit and per loop"),
    sarif: Path | None = typer.Option(None, "--sarif", help="write LLVM's refuted and undecided loops as SARIF here"),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=MAX_JOBS, help="parallel worker processes"),
    cluster: str | None = typer.Option(None, "--cluster", help="send the questions to the Dask scheduler at this "
                                                               "address (tcp://host:8786)"),
    work: Path | None = typer.Option(None, "--work", help="where the scan writes its modules (default: "
                                                          f"{SCAN_FOLDER}/ in the result cache's folder)"),
    no_cache: bool = typer.Option(False, "--no-cache", help="solve everything again (fresh answers are still stored)"),
    cache_dir: Path | None = typer.Option(None, "--cache-dir", help="the result cache (default: $VERIFIER_CACHE, "
                                                                    "else .verifier-cache at the root of the project holding the database)"),
    clang_tool: str | None = typer.Option(None, "--clang", help="the clang to compile with (default: clang-22)"),
    opt_tool: str | None = typer.Option(None, "--opt", help="the opt to vectorize with (default: opt-22)"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="no progress"),
) -> None:
    """Check every loop of a project that exits on data: each one LLVM vectorized is
    validated (its output refines the scalar loop), each one it left alone gets our
    speculation verdict and our two forms, proved or not. Exit code: 1 if LLVM's
    output of some loop is refuted, else 3 if one is undecided, else 0."""
    from verifier.cache import ResultCache
    from verifier.llvm_tools import CLANG, EXTRACT, OPT, find_tool
    from verifier.scan.compdb import units_of

    # the flags after `--` (for C and C++ files given alone) arrive after the paths
    given = list(itertools.takewhile(lambda p: not str(p).startswith("-"), paths))
    units = units_of(given, [str(p) for p in paths[len(given):]] + list(ctx.args))
    if not units:
        raise UserError(f"{', '.join(map(str, paths))}: no C or C++ file to compile")
    tools = Tools(find_tool(CLANG, clang_tool, "--clang"), find_tool(OPT, opt_tool, "--opt"),
                  find_tool(EXTRACT, None, "llvm-extract"))
    home = _home(paths)
    cache = ResultCache.at(cache_dir, near=home)
    folder = (work or cache.root / SCAN_FOLDER).absolute()
    start = time.monotonic()
    scanned = _compiled(units, tools, folder, jobs, quiet or as_json)
    if all(u.error is not None for u in scanned):  # the flags, not the code, most likely
        from verifier.reports.scan import unit_problems

        raise UserError("clang compiled no file:\n" + "\n".join(unit_problems(scanned)))
    rows = _answered(scanned, Settings(vf, timeout, cttz_elts.value, forms), jobs, cluster, cache,
                     not no_cache, quiet or as_json)
    _show(scanned, rows, home, as_json, time.monotonic() - start)
    if sarif is not None and not _report("--sarif", sarif, lambda: _sarif_text(rows, home)):
        raise typer.Exit(3)
    raise typer.Exit(_exit_code(rows))


def _home(paths: list[Path]) -> Path:
    """The scan's folder: the database's (or the build folder given), else the current one."""
    p = paths[0]
    if p.is_dir():
        return p.absolute()
    return p.parent.absolute() if p.suffix == ".json" else Path.cwd()


def _compiled(units: list[CompileUnit], tools: Tools, folder: Path, jobs: int, quiet: bool) -> list[UnitScan]:
    """Every unit through clang and opt (`jobs` at a time: they are other processes)."""
    from verifier.scan.units import scan_unit

    if not quiet:
        typer.echo(f"compiling {len(units)} unit(s) into {folder}", err=True)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda u: scan_unit(u, tools, folder), units))


def _answered(scanned: list[UnitScan], settings: Settings, jobs: int, cluster: str | None, cache: ResultCache,
              read_cache: bool, quiet: bool) -> list[ScanRow]:
    """Each early-exit loop's row, its questions answered by the suite runner."""
    from verifier.reports.progress import SuiteProgress
    from verifier.scan.plan import answer, form_questions, questions

    rows = [ScanRow(loop) for u in scanned for loop in u.loops]
    # first LLVM's outputs and the speculations, then the forms where speculation allows them
    for first in (True, False):
        asked = [questions(row.loop, settings) if first else form_questions(row, settings) for row in rows]
        obligations = [ob for qs in asked for _, ob in qs]
        if obligations:
            progress = None if quiet else SuiteProgress(len(obligations), expected=False)
            answer(rows, asked, _run(obligations, jobs, None, cache, progress, read_cache, cluster))
    return rows


def _show(scanned: list[UnitScan], rows: list[ScanRow], home: Path, as_json: bool, seconds: float) -> None:
    from verifier.reports import scan as report

    if as_json:
        for u in scanned:
            typer.echo(json.dumps(report.unit_record(u)))
        for row in rows:
            typer.echo(json.dumps(report.record(row)))
        return
    for line in report.unit_problems(scanned):
        typer.echo(line)
    if rows:
        typer.echo("\n".join(report.loop_table(rows, home, _width())))
        typer.echo("")
    typer.echo("\n".join(report.summary(scanned, rows)))
    typer.echo(f"in {seconds:.1f}s")


def _sarif_text(rows: list[ScanRow], home: Path) -> str:
    from verifier.reports import scan as report
    from verifier.reports.sarif import sarif_log

    return json.dumps(sarif_log(report.alerts(rows), home), indent=1) + "\n"


def _exit_code(rows: list[ScanRow]) -> int:
    """1 if LLVM's output of some loop is refuted, else 3 if one is undecided (or could
    not be asked), else 0; what the checks say of loops LLVM left is information."""
    verdicts = [r.verdict(Question.VALIDATION) for r in rows if r.loop.did is LLVMDid.VECTORIZED]
    if "counterexample" in verdicts:
        return 1
    return 3 if any(v in ("unknown", "error") for v in verdicts) else 0
