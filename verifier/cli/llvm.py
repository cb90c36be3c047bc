"""The commands that run LLVM's own tools beside the checks: `cost` (the forms and
LLVM's output measured natively and with llvm-mca) and `opt` (a pass's output checked
against its input, function by function). Registered on the one app (cli/__init__.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from verifier import frontend
from verifier.analysis.exits import analyse
from verifier.analysis.loops import LoopShapeError, vector_exits
from verifier.checks.verdict import Verdict, VerdictKind
from verifier.cli.base import (
    BOUNDED_HELP,
    CTTZ_ADVICE,
    CttzElts,
    _emit,
    _equiv_one,
    _func_in,
    _lowered,
    _module_end,
    _scratch,
    app,
    flag,
)
from verifier.errors import UserError, read_source
from verifier.frontend.read import Scalable
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Loc, Program
from verifier.llvm_tools import Remark, RemarkKind, is_c_source
from verifier.reports import jsonout
from verifier.reports.names import base_name, demangled
from verifier.reports.progress import Spinner
from verifier.transforms.vector_loop import Form, ReductionOrder

if TYPE_CHECKING:
    from verifier.cost.inputs import Plant
    from verifier.cost.measure import CostResult, Standing
    from verifier.cost.native import Variant


@app.command()
def cost(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="the scalar loop: a model (.loop, written as LLVM IR), LLVM IR (.ll) or "
                                          "C or C++ (.c, .cpp, .cc, .cxx: compiled by clang -O2 up to loop-vectorize)"),
    func: str | None = flag("func", None, help="the function (if the module defines several)"),
    vfs: list[int] = flag("vf", [4, 8, 16], help="vector factors to measure (repeat the option)"),
    n: int = typer.Option(4096, "--n", help="elements per array (at least what the loop's [static N] needs)"),
    exit_at: list[int] = typer.Option([], "--exit-at", help="exit positions to measure (repeat; default: the "
                                                            "powers of two below the trip count, three quarters "
                                                            "of it, and no exit)"),
    distribution: Path | None = typer.Option(None, "--distribution", help="a file of `position weight` lines "
                                                                          "(`never` for no exit): the expected "
                                                                          "cost per element over it"),
    reduction: ReductionOrder = flag("reduction", ReductionOrder.IN_LOOP),
    repeats: int = typer.Option(5, "--repeats", min=1, help="runs of the harness per point: the table shows "
                                                            "their median and spread"),
    full: bool = typer.Option(False, "--full", help="print every variant at every position (cold cache and "
                                                    "llvm-mca too), not only the cheapest"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object (every row, the cheapest, the "
                                                       "crossovers)"),
    mca_report: bool = typer.Option(False, "--mca-report", help="also print llvm-mca's whole report on each "
                                                                "variant's loop body"),
    plot_png: Path | None = typer.Option(None, "--plot", help="write cost per element against the exit position "
                                                              "here (PNG; needs matplotlib)"),
    keep: Path | None = typer.Option(None, "--keep", help="keep the emitted modules, the harness and its build here"),
    raw: bool = typer.Option(False, "--raw", help="compile the proven IR by llc alone, without LLVM's scalar "
                                                  "clean-up (instcombine, simplifycfg, early-cse, licm) first"),
    timeout: float = flag("timeout", 60.0, help="solver time limit of each form's proof, seconds"),
    cttz_elts: CttzElts = flag("cttz_elts", CttzElts.ANY_POISON),
    clang_tool: str | None = typer.Option(None, "--clang", help="clang (default: clang-22 or clang)"),
) -> None:
    """Measure the scalar loop, each proven vectorized form (general and simple, at each
    VF) and LLVM 22's own output per element against where the exit falls: natively
    (a generated harness, warm and cold cache, repeated) and with llvm-mca on the loop
    body; print the cheapest proved variant per position and where the forms cross over.
    LLVM's output is checked too: refuted or unproved, it is measured but never the
    cheapest."""
    from verifier.cost.measure import CostResult, Standing, record, rows_of
    from verifier.cost.measure import text as cost_text
    from verifier.cost.native import Variant, mca_cycles, run_native
    from verifier.emit.reader import read_function
    from verifier.frontend.llvm import parse_ll_file
    from verifier.llvm_tools import CLANG, OPT, find_tool

    if plot_png is not None:
        _can_plot()  # before minutes of measuring
    clang = find_tool(CLANG, clang_tool, "--clang")
    llc = find_tool(("llc-22", "llc"), None, "llc")
    mca = find_tool(("llvm-mca-22", "llvm-mca"), None, "llvm-mca")
    opt_path = find_tool(OPT, None, "--opt")
    work = _scratch(ctx, keep)
    file, func = _cost_input(file, func, clang, work, as_json)
    f = read_function(file, _func_in(file, func))
    prog = parse_ll_file(file, f.name)
    plant = _plant(file, prog, f.name)
    n = max(n, plant.min_n)
    never = plant.iterations(prog, n, None)
    weights = _distribution(distribution)
    positions = _exit_positions(exit_at, never, plant.offset, weights)
    elements = _elements(positions, never, plant.offset)

    variants = [Variant("scalar", read_source(file), 1)]
    standings = [Standing("scalar", 1, None)]
    _cost_forms(file, f.name, vfs, reduction, timeout, cttz_elts, work, variants, standings)
    llvm, llvm_says = _cost_llvm(file, f.name, opt_path, timeout, cttz_elts, work, variants, standings)
    cleanup = None if raw else opt_path
    unit, timings = run_native(f, variants, plant, n, positions, work, llc, clang, cleanup,
                               repeat=400, cold_repeat=20, runs=repeats)
    reports = {v.name: mca_cycles(v, f.name, work, llc, mca, cleanup) for v in variants}
    setup = [_planted(prog, plant, f.name, n, never), llvm_says, _compiled_by(raw)]
    res = CostResult(f.name, n, never, setup, standings,
                     rows_of(timings, elements, {k: c for k, (c, _) in reports.items()}), unit, repeats, vfs,
                     weights, llvm)
    typer.echo(json.dumps(record(res, str(file))) if as_json else cost_text(res, full))
    if cttz_elts == CttzElts.ANY_POISON and _llvm_refuted(standings, llvm):
        typer.echo(f"  note: {CTTZ_ADVICE}", err=as_json)
    if mca_report:
        _mca_reports(reports, as_json)
    if plot_png is not None:
        _plot(res, plot_png, as_json)


def _mca_reports(reports: dict[str, tuple[float | None, str]], as_json: bool) -> None:
    """`cost --mca-report`: llvm-mca's whole report on each variant's loop body."""
    for name, (_, report) in reports.items():
        typer.echo(f"\nllvm-mca on {name}'s loop body:\n{report}", err=as_json)


def _elements(positions: list[int | None], never: int, offset: int) -> dict[int | None, int]:
    """The elements a run reads for each exit position (None: no exit, `never` iterations)."""
    return {p: (never if p is None else p + offset) for p in positions}


def _compiled_by(raw: bool) -> str:
    """How each variant is compiled, in words (--raw: by llc alone)."""
    from verifier.cost.native import CLEANUP

    return "each variant compiled by " + ("llc -O2 alone (--raw)" if raw else f"opt -passes='{CLEANUP}', then llc -O2")


def _plant(file: Path, prog: Program, func: str) -> Plant:
    """How `cost` makes its inputs: where it plants the exit (cost/inputs.py)."""
    from verifier.cost.inputs import NoPlant, find_plant

    try:
        return find_plant(prog)
    except NoPlant as e:
        raise UserError(f"{file}: @{func}: no inputs to measure with: {e}") from None


def _llvm_refuted(standings: list[Standing], llvm: str | None) -> bool:
    """LLVM's output (variant `llvm`) was refuted."""
    return any(s.verdict is VerdictKind.COUNTEREXAMPLE and s.name == llvm for s in standings)


def _planted(prog: Program, plant: Plant, func: str, n: int, never: int) -> str:
    """The inputs `cost` measures with, in words (values named as LLVM names them)."""
    def shown(name: str) -> str:
        return prog.display.get(name, f"%{name}")

    filled = ", ".join(f"{shown(a)}[*] = {v}" for a, v in sorted(plant.background.items()))
    given = "".join(f", {shown(p)} = {v}" for p, v in sorted(plant.params_for(n).items()))
    return (f"@{func}: {n} elements per array; the loop runs {never} iterations without an exit; "
            f"inputs: {filled}{given}; the exit at k planted as {shown(plant.trigger[0])}[k] = {plant.trigger[1]}")


def _plot(res: CostResult, out: Path, as_json: bool) -> None:
    """`cost --plot`: cost per element against the exit position, as a PNG."""
    from verifier.cost.measure import plot

    plot(res.rows, str(out), f"@{res.function}, {res.n} elements", res.unit, res.marks)
    typer.echo(f"wrote {out}", err=as_json)


def _can_plot() -> None:
    """`cost --plot` needs matplotlib: a clear error where it is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UserError("--plot needs matplotlib: `pip install matplotlib`, or install this project with its "
                        "plot extra (`pip install '.[plot]'` in its checkout)") from None


def _distribution(path: Path | None) -> dict[int | None, float]:
    """`cost --distribution`: weights by exit position (`never`: no exit); none without one."""
    weights: dict[int | None, float] = {}
    if path is None:
        return weights
    for k, line in enumerate(read_source(path).splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split()
        try:
            weights[None if parts[0] == "never" else int(parts[0])] = float(parts[1])
        except (ValueError, IndexError):
            raise UserError("expected `position weight` (a position: an index or `never`)",
                            Loc(str(path), k, 1)) from None
    return weights


def _cost_input(file: Path, func: str | None, clang: str, work: Path, as_json: bool) -> tuple[Path, str | None]:
    """cost's input as LLVM IR (C compiled, a model lowered) and the function to read."""
    from verifier.llvm_tools import c_to_ll

    if is_c_source(file):
        return c_to_ll(file, clang, work / f"{file.stem}.scalar.ll"), func
    if file.suffix == ".loop":
        return _lowered(file, func, work / f"{file.stem}.scalar.ll", as_json), None
    if file.suffix != ".ll":
        raise UserError(f"{file}: cost reads a model (.loop), LLVM IR (.ll), C (.c) or C++ (.cpp, .cc, .cxx)")
    return file, func


def _exit_positions(exit_at: list[int], never: int, offset: int, weights: dict[int | None, float]) -> list[int | None]:
    """The exit positions cost measures: those asked for, else every power of two below
    the trip count and three quarters of it (early to late); then no exit; then those a
    distribution weighs."""
    chosen = sorted(set(exit_at) or {*(1 << j for j in range(never.bit_length()) if 1 << j < never - 1),
                                     3 * never // 4})
    positions: list[int | None] = [p for p in chosen if 0 <= p < never - offset]
    positions.append(None)
    positions += [p for p in weights if p not in positions]
    return positions


def _cost_forms(file: Path, name: str, vfs: list[int], reduction: ReductionOrder, timeout: float, cttz_elts: str,
                work: Path, variants: list[Variant], standings: list[Standing]) -> None:
    """Emit both forms at each VF and prove each; only a proved one is measured."""
    from verifier.cost.measure import Standing
    from verifier.cost.native import Variant
    from verifier.emit.reader import EmitUnsupported
    from verifier.emit.vectorize import emit_form

    for vf in vfs:
        for form in Form:
            label = f"{form} vf{vf}"
            try:
                emitted = emit_form(file, name, form, vf, reduction)
            except EmitUnsupported as u:
                standings.append(Standing(label, vf, VerdictKind.UNKNOWN, f"not emitted: {u}", measured=False))
                continue
            out = work / f"{name}.{form}.vf{vf}.ll"
            out.write_text(emitted.module)
            v = _equiv_one(file, out, name, 16, timeout, cttz_elts, frozenset())
            proved = v.verdict is VerdictKind.PROVED
            standings.append(Standing(label, vf, v.verdict, None if proved else _why_not(v, f"verifier vectorize "
                                                                                            f"{file} --form {form} --vf {vf} --emit-llvm OUT.ll"),
                                      measured=proved))
            if proved:
                variants.append(Variant(label, emitted.module, vf))


def _why_not(v: Verdict, command: str) -> str:
    """Why a variant is not proved, in a line, and the command that shows it whole."""
    return f"{v.verdict}{': ' + v.reason if v.reason else ''} (`{command}` shows it)"


def _cost_llvm(file: Path, name: str, opt_path: str, timeout: float, cttz_elts: str, work: Path,
               variants: list[Variant], standings: list[Standing]) -> tuple[str | None, str]:
    """LLVM 22's own output, when it vectorizes the loop: measured, and checked as any
    target is (a refuted or unproved one is never the cheapest)."""
    from verifier.cost.measure import Standing
    from verifier.cost.native import Variant
    from verifier.llvm_tools import read_remarks, run_opt, vectorized

    remarks = work / "remarks.yaml"
    llvm_out = run_opt(file, opt_path, ["-passes=loop-vectorize"], work / "llvm.ll", remarks)
    if name not in vectorized(read_remarks(remarks)):
        why = next((r.message for r in read_remarks(remarks) if r.function == name), "no remark")
        return None, f"LLVM 22 leaves it scalar: {why}"
    module = llvm_out.read_text()
    widths = [int(w) for w in re.findall(r"<(\d+) x ", module)]
    label = f"llvm vf{max(widths, default=1)}"
    variants.append(Variant(label, module, max(widths, default=1)))
    v = _equiv_one(file, llvm_out, name, 16, timeout, cttz_elts, frozenset())
    proved = v.verdict is VerdictKind.PROVED
    standings.append(Standing(label, max(widths, default=1), v.verdict,
                              None if proved else _why_not(v, f"verifier opt {file}")))
    return label, f"LLVM 22 vectorizes it (measured as {label}; checked: {v.verdict})"


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def opt(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="LLVM IR (.ll) or C (.c, compiled by clang -O2 up to loop-vectorize)"),
    opt_tool: str | None = typer.Option(None, "--opt", help="the opt to run (default: opt-22 or opt on PATH)"),
    clang_tool: str | None = typer.Option(None, "--clang", help="the clang for C and C++ input (default: clang-22 or clang)"),
    keep: Path | None = typer.Option(None, "--keep", help="write the module before and after the pass here"),
    max_trip: int = flag("max_trip", 16, help="trip bound of the bounded checks"),
    timeout: float = flag("timeout", 60.0, help="solver time limit per function, seconds"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object per function"),
    cttz_elts: CttzElts = flag("cttz_elts", CttzElts.ANY_POISON),
    sarif: Path | None = typer.Option(None, "--sarif", help="also write the refuted and undecided loops as SARIF "
                                                           "(for code-scanning UIs) here"),
    bounded: bool = typer.Option(False, "--bounded", help=BOUNDED_HELP),
) -> None:
    """Run opt on FILE with the pass arguments after `--` (default:
    -passes=loop-vectorize) and check that every function it changed refines the
    original: `verifier opt f.c -- -passes=loop-vectorize -force-vector-width=4`.
    Exit code: the worst verdict's."""
    spin = Spinner()
    from verifier.llvm_tools import (
        OPT,
        changed_functions,
        find_tool,
        left_alone,
        read_remarks,
        run_opt,
        vectorized,
    )

    args = list(ctx.args) or ["-passes=loop-vectorize"]
    opt_path = find_tool(OPT, opt_tool, "--opt")
    work = _scratch(ctx, keep)
    from_c = is_c_source(file)  # positions come from the modules' debug info: the C lines
    source = _opt_input(file, clang_tool, work)
    target = run_opt(source, opt_path, args, work / f"{file.stem}.opt.ll", remarks=work / "remarks.yaml")
    remarks = read_remarks(work / "remarks.yaml")
    alone, done = left_alone(remarks), vectorized(remarks)
    changed = changed_functions(source, target)
    _list_unchecked(file, source, from_c, alone, done, as_json)
    # what is not checked below is listed as skipped
    rows: list[tuple[str, Verdict | None, str]] = [(name, None, f"left alone: {r.message}")
                                                   for name, r in alone.items() if name not in changed]
    if not changed:
        _nothing_changed(rows, f"opt {' '.join(args)} changed no function of {file}: nothing to check", str(file),
                         as_json)
    for name in changed:
        # a vectorized loop without an early exit is not this tool's question
        scope = _out_of_scope(source, target, name, remarks) if name in done else None
        if scope is not None:
            rows.append((name, None, scope))
            continue
        v = _equiv_one(source, target, name, max_trip, timeout, cttz_elts, frozenset(), spin.step, from_c, bounded)
        rows.append((name, _emit(v if keep else _in_removed_output(v, target), as_json, module=True, spinner=spin), ""))
    if not as_json:
        _where_modules_are(rows, source, target, keep is not None)
    _module_end(rows, as_json, sarif)


def _list_unchecked(file: Path, source: Path, from_c: bool, alone: dict[str, Remark], done: frozenset[str],
                    as_json: bool) -> None:
    """What opt's check will not look at: the loops the vectorizer left alone and, for
    C (`source`: the module clang wrote), the loops clang turned into library calls
    (none is left to vectorize)."""
    if from_c and not as_json:
        from verifier.llvm_tools import idiom_calls

        _list_idioms({n: calls for n, calls in idiom_calls(source).items() if n not in alone.keys() | done})
    _list_alone(file, alone, _remark_places(source, alone) if from_c else {}, as_json)


def _in_removed_output(v: Verdict, target: Path) -> Verdict:
    """`v` with opt's output, removed when the command ends, named OPT_OUTPUT."""
    v.rename_file(str(target), OPT_OUTPUT)
    return v


def _opt_input(file: Path, clang_tool: str | None, work: Path) -> Path:
    """The module opt runs on: `file`, or what clang makes of it (C, C++) in `work`."""
    if is_c_source(file):
        from verifier.llvm_tools import CLANG, c_to_ll, find_tool

        return c_to_ll(file, find_tool(CLANG, clang_tool, "--clang"), work / f"{file.stem}.scalar.ll")
    if file.suffix != ".ll":
        raise UserError(f"{file}: expected LLVM IR (.ll), C (.c) or C++ (.cpp, .cc, .cxx)")
    if not file.is_file():
        raise UserError(f"{file}: no such file")
    return file


def _nothing_changed(rows: list[tuple[str, Verdict | None, str]], why: str, file: str, as_json: bool) -> None:
    """The pass changed no function: say so (each skipped row too, as JSON) and end, exit 0."""
    if as_json:
        for name, _, note in rows:
            typer.echo(json.dumps(jsonout.skipped(name, note)))
    typer.echo(json.dumps(jsonout.skipped(file, why)) if as_json else why)
    raise typer.Exit(0)


def _where_modules_are(rows: list[tuple[str, Verdict | None, str]], source: Path, target: Path, kept: bool) -> None:
    """Where the modules before and after the pass are (kept), or what the lines that
    point into opt's removed output mean."""
    if kept:
        typer.echo(f"modules: {source} -> {target}")
    elif any(OPT_OUTPUT in str(v.counterexample.divergence.loc if v.counterexample else v.reason)
             for _, v, _ in rows if v is not None):
        typer.echo(f"({OPT_OUTPUT}: the module opt wrote, removed; --keep DIR keeps it, and the lines point into it)")


OPT_OUTPUT = "<opt output>"


def _list_idioms(idioms: dict[str, list[str]]) -> None:
    """opt's list of functions whose loop clang turned into library calls."""
    if idioms:
        typer.echo("loops clang turned into library calls (loop idiom recognition; no loop left to vectorize):")
        for name, calls in idioms.items():
            typer.echo(f"  {demangled(name)}: calls {', '.join(calls)}")
        typer.echo("")


def _remark_places(ll: Path, alone: dict[str, Remark]) -> dict[str, str]:
    """Where each remark's loop is in the user's source: LLVM's remark names the loop's
    own line, which for code inlined from a library (`std::find`) is the library
    header's; the module's debug info leads back to the user's line that calls it."""
    from verifier.frontend.llvm.debuginfo import source_positions

    lines = read_source(ll).splitlines()
    positions = source_positions(lines)
    out = {}
    for name, r in alone.items():
        if r.line:
            inlined = [loc for k in _function_lines(lines, name)
                       if (loc := positions.get(k)) is not None and _inlined_from(loc, r)]
            out[name] = str(inlined[0]) if inlined else f"line {r.line}"
    return out


def _function_lines(lines: list[str], name: str) -> range:
    """The line numbers (from 0) of @name's definition, `define` to `}` (none if absent)."""
    start = next((k for k, line in enumerate(lines) if line.startswith("define") and f"@{name}(" in line), None)
    if start is None:
        return range(0)
    return range(start, next((k for k in range(start, len(lines)) if lines[k].startswith("}")), len(lines)))


def _inlined_from(loc: Loc, r: Remark) -> bool:
    """`loc` is code inlined from the remark's line (and column, where it gives one)."""
    here = f":{r.line}:{r.column}" if r.column else f":{r.line}:"
    return bool(loc.inlined) and here in f"{loc.inlined}:"


def _list_alone(file: Path, alone: dict[str, Remark], places: dict[str, str], as_json: bool) -> None:
    """opt's list of the loops the vectorizer left alone (LLVM's remarks), and the two
    commands that answer for them."""
    if as_json:
        for name, r in alone.items():
            typer.echo(json.dumps(jsonout.remark(name, r.message, r.line)))
        return
    if not alone:
        return
    where = "" if places else f" of {file}"
    typer.echo(f"left alone by the loop vectorizer{where} (LLVM's remarks):")
    for name, r in alone.items():
        typer.echo(f"  {demangled(name)}" + (f" at {places[name]}" if name in places else "") + f": {r.message}")
    first = next(iter(alone))
    if base_name(first) != first and [base_name(n) for n in alone].count(base_name(first)) == 1:
        first = base_name(first)  # --func takes a C++ function's source name (_func_in)
    typer.echo(f"  whether such a loop may be vectorized anyway: verifier check {file} --func {first}\n"
               f"  a vector form proved for it, as LLVM IR: verifier vectorize {file} --func {first} "
               f"--emit-llvm {Path(file).stem}.vec.ll")
    typer.echo("")


def _out_of_scope(source: Path, target: Path, name: str, remarks: list[Remark]) -> str | None:
    """Why function `name`, which the vectorizer vectorized, is outside what this tool
    checks, else None (the check itself says what it cannot read): its one loop has no
    exit besides the countable one (a plain sum, a copy); or no loop of the output
    exits on a vector value, so what was vectorized exits on a count only (its loop
    with an early exit, if any, was left alone: LLVM's remark, of `remarks`, says why)."""
    prog = _loaded(source, name)
    if prog is None:
        return None
    if _no_early_exit(prog):
        return ("out of scope: its loop has no early exit (only its countable one); this tool checks "
                "loops with data-dependent exits")
    out = _loaded(target, name)
    if out is None or vector_exits(out):
        return None
    refused = sorted((r.message for r in remarks if r.function == name and r.kind is not RemarkKind.PASSED
                      and r.message.startswith("loop not")), key=len)  # the longest says why
    why = f" (LLVM: {refused[-1]})" if refused else ""
    return (f"out of scope: the loops it vectorized exit on a count only; its loops with early exits were left "
            f"alone{why}")


def _no_early_exit(prog: Program) -> bool:
    """The program's loop reads, and has no data-dependent exit."""
    try:
        return not analyse(prog).data_dependent
    except (UserError, LLUnsupported, LoopShapeError):
        return False


def _loaded(path: Path, name: str) -> Program | None:
    """The function read (a nest's program too), or None where it cannot be."""
    try:
        read = frontend.read_program(path, name)
    except (UserError, LLUnsupported):
        return None
    return None if isinstance(read, Scalable) else read.source


