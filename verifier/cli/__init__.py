"""The command line: equiv, check, vectorize, opt, lanes, rewrite, suite, run, show and
schema (exit codes, docs/architecture.md: 0 proved, 1 counterexample, 2 bad input or
usage, 3 unknown). Options shared with suites are built from options.py (`flag`)."""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import NoReturn

import typer

from verifier import frontend
from verifier.analysis.loops import find_loops
from verifier.checks.dispatch import Request, Scope
from verifier.checks.verdict import Check, Verdict, VerdictKind, note_assumptions
from verifier.cli.base import (
    BOUNDED_HELP,
    CheckChoice,
    CttzElts,
    FormChoice,
    _emit,
    _equiv_one,
    _func_in,
    _lowered,
    _module_end,
    _scratch,
    _width,
    _worst,
    _write,
    _write_sarif,
    app,
    assumptions,
    flag,
    guarded,
    load_program,
)
from verifier.driver import answer
from verifier.errors import UserError, write_output
from verifier.frontend.read import Programs, Read
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.printer import program as print_program
from verifier.ir.program import Assumption, Program
from verifier.limits import MAX_FUEL
from verifier.llvm_tools import is_c_source
from verifier.reports import jsonout, text
from verifier.reports.names import rename_text
from verifier.reports.progress import Spinner
from verifier.semantics.interpreter import RunStatus
from verifier.semantics.interpreter import run as interpret
from verifier.setvalues import parse_sets
from verifier.smt.budget import stop_asked
from verifier.transforms.vector_loop import Form, ReductionOrder


@app.command()
def equiv(
    source: Path = typer.Argument(..., help="the source loop model (.loop)"),
    target: Path = typer.Argument(..., help="the target model that should refine it"),
    max_trip: int = flag("max_trip", 16, help="cover every input whose source loops run at most this many iterations"),
    timeout: float = flag("timeout", 60.0, help="solver time limit in seconds"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    func: str | None = flag("func", None, help=".ll input: the function to check (the same in both)"),
    cttz_elts: CttzElts = flag("cttz_elts", CttzElts.ANY_POISON),
    assume: list[str] = flag("assume", []),
    sarif: Path | None = typer.Option(None, "--sarif", help="also write the refuted and undecided loops as SARIF "
                                                           "(for code-scanning UIs) here"),
    bounded: bool = typer.Option(False, "--bounded", help=BOUNDED_HELP),
) -> None:
    """Check that TARGET refines SOURCE (no new UB, same trace, memory and live-outs).
    Both may be models (.loop) or LLVM IR (.ll, one function chosen with --func; without
    it, every function defined in both, with a table at the end)."""
    spin = Spinner()
    show = spin.step
    assumed = assumptions(assume)
    func = _func_in(source, func)
    if func is None and source.suffix == target.suffix == ".ll":
        from verifier.frontend.llvm import defined_functions

        in_src, in_tgt = defined_functions(source), defined_functions(target)
        if len(in_src) > 1 or len(in_tgt) > 1:
            rows: list[tuple[str, Verdict | None, str]] = []
            for name in in_src:
                if name not in in_tgt:
                    rows.append((name, None, f"not defined in {target}"))
                    continue
                rows.append((name, _emit(_equiv_one(source, target, name, max_trip, timeout, cttz_elts, assumed, show,
                                                     bounded=bounded),
                                         as_json, module=True, spinner=spin), ""))
            rows += [(name, None, f"not defined in {source}") for name in in_tgt if name not in in_src]
            _module_end(rows, as_json, sarif)
    v = _emit(_equiv_one(source, target, func, max_trip, timeout, cttz_elts, assumed, show, bounded=bounded), as_json,
              spinner=spin)
    _write_sarif(sarif, [v])
    raise typer.Exit(v.exit_code)


@app.command()
def check(
    ctx: typer.Context,
    model: Path = typer.Argument(..., help="the scalar loop: a model (.loop), LLVM IR (.ll) or C/C++ (.c, .cpp, compiled "
                                           "by clang -O2 up to loop-vectorize)"),
    check_name: CheckChoice = typer.Option(CheckChoice.ALL, "--check", help="the check to run"),
    form: FormChoice = typer.Option(FormChoice.BOTH, "--form", help="equiv: the vectorized form to generate"),
    guards: bool = flag("guards", False, help="equiv, simple form: runtime guards, each gather's lanes checked "
                                              "against its object's known size (the emitter's form)"),
    reduction: ReductionOrder = flag("reduction", ReductionOrder.ORDERED),
    vf: int = flag("vf", 4, help="vector factor"),
    max_trip: int | None = flag("max_trip", None, help="trip bound of the bounded check (default 2*VF; equiv: 4*VF)"),
    bounded: bool = typer.Option(False, "--bounded", help=BOUNDED_HELP),
    unbounded: bool = typer.Option(False, "--unbounded",
                                   help="equiv: a proof must cover every trip count (else unknown)"),
    no_freeze: bool = typer.Option(False, "--no-freeze", help="speculate: the vector loop branches on unfrozen conditions"),
    repair: bool = typer.Option(True, "--repair/--no-repair",
                                help="speculate: when it fails, the extents and runtime guards that make it safe"),
    needed_extents: bool = typer.Option(False, "--needed-extents",
                                        help="speculate: for an exit proved safe too, the smallest extent of each "
                                             "array its proof needs (several bounded checks more)"),
    timeout: float = flag("timeout", 60.0, help="solver time limit per obligation, seconds"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object per obligation"),
    func: str | None = flag("func", None, help=".ll input: the function"),
    cttz_elts: CttzElts = flag("cttz_elts", CttzElts.ANY_POISON),
    assume: list[str] = flag("assume", []),
    sarif: Path | None = typer.Option(None, "--sarif", help="also write the refuted and undecided loops as SARIF "
                                                           "(for code-scanning UIs) here"),
    clang_tool: str | None = typer.Option(None, "--clang", help="the clang for C and C++ input (default: clang-22 or clang)"),
) -> None:
    """Legality checks on a scalar loop, one verdict per data-dependent exit (.ll without
    --func: every loop of every function, with a table at the end)."""
    spin = Spinner()
    show = spin.step
    requests = _check_requests(check_name, form.forms(), _scope(bounded, unbounded),
                               Request(Check.HOIST, vf, max_trip, timeout, guards=guards, freeze=not no_freeze,
                                       repair=repair, needed_extents=needed_extents, scalar_hoist=True,
                                       accept_bounded=1 if bounded else None, reduction=reduction))
    assumed = assumptions(assume)
    from_c = is_c_source(model)  # positions come from the module's debug info: the C lines
    if from_c:
        from verifier.llvm_tools import CLANG, c_to_ll, find_tool

        model = c_to_ll(model, find_tool(CLANG, clang_tool, "--clang"), _scratch(ctx, None) / f"{model.stem}.ll")
    read_fn = partial(frontend.read_program, debug_locations=from_c)
    func = _func_in(model, func)
    asked = Check(check_name.value)
    if func is None and model.suffix == ".ll":
        _check_module(model, read_fn, requests, asked, vf, cttz_elts, assumed, spin, from_c, as_json, sarif)
    try:
        first = read_fn(model, func, cttz_elts, assumed)
    except LLUnsupported as u:
        v = Verdict(func or model.stem, asked, VerdictKind.UNKNOWN, 0.0, reason=str(u), vf=vf,
                    assumptions=sorted(assumed))
        _write_sarif(sarif, [_emit(v, as_json, spinner=spin)])
        raise typer.Exit(3) from None
    verdicts = [_emit(v, as_json, spinner=spin)
                for v in _check_one(model, func, first, requests, asked, vf, cttz_elts, assumed, show, from_c)]
    _write_sarif(sarif, verdicts)
    raise typer.Exit(_worst(verdicts))


def _scope(bounded: bool, unbounded: bool) -> Scope:
    """The scope --bounded or --unbounded asks for (not both)."""
    if bounded and unbounded:
        raise UserError("--bounded and --unbounded contradict each other")
    return Scope.BOUNDED if bounded else Scope.UNBOUNDED if unbounded else Scope.DEFAULT


CHECK_ORDER = (Check.HOIST, Check.SPECULATE, Check.FREEZE, Check.EQUIV)  # cheap questions first


def _check_requests(check_name: CheckChoice, forms: tuple[Form, ...], scope: Scope, like: Request) -> list[Request]:
    """`check`'s requests, cheap questions first: the one check asked (or every one),
    equiv once per form; each with `like`'s options."""
    return [replace(like, check=c, scope=scope, form=f) for c in CHECK_ORDER if check_name in ("all", c)
            for f in (forms if c is Check.EQUIV else forms[:1])]


def _check_module(model: Path, read_fn: Callable[..., Read], requests: list[Request], asked: Check, vf: int,
                  cttz_elts: str, assumed: frozenset[Assumption], spin: Spinner, from_c: bool, as_json: bool,
                  sarif: Path | None) -> None:
    """`check` on a module of several functions: each function's one loop, and the
    table at the end (which ends the command); a module of one function: nothing."""
    from verifier.frontend.llvm import defined_functions

    names = defined_functions(model)
    if len(names) <= 1:
        return
    rows: list[tuple[str, Verdict | None, str]] = []
    for name in names:
        try:
            read = read_fn(model, name, cttz_elts, assumed)
        except LLUnsupported as u:
            v = Verdict(name, asked, VerdictKind.UNKNOWN, 0.0, reason=str(u), vf=vf)
            rows.append((name, _emit(v, as_json, module=True, spinner=spin), ""))
            continue
        if isinstance(read, Programs) and not find_loops(read.source):
            rows.append((name, None, "no loop"))
            continue
        rows += [(name, _emit(v, as_json, module=True, spinner=spin), "")
                 for v in _check_one(model, name, read, requests, asked, vf, cttz_elts, assumed, spin.step, from_c)]
    _module_end(rows, as_json, sarif)


def _check_one(model: Path, func: str | None, first: Read, requests: list[Request],
               check_name: Check, vf: int, cttz_elts: str, assumed: frozenset[Assumption],
               show: Callable[[str], None] | None = None, debug_locations: bool = False) -> list[Verdict]:
    """The verdicts of `requests` on one loop (`first`: the function as read without
    room; the driver answers a nest one outer iteration at a time, scalable vectors at
    every vscale)."""
    from verifier.pairs import by_the_emitter, form_verdict

    def read(room: frozenset[str], vscale: int | None) -> Read:
        return frontend.read_program(model, func, cttz_elts, assumed, room, debug_locations, vscale)

    def forms() -> list[Verdict]:  # equiv: against the form the emitter writes
        return [form_verdict(r, model, func, cttz_elts, assumed, partial(guarded, show=show), debug_locations)
                for r in requests if by_the_emitter(r)]

    legality = [r for r in requests if not by_the_emitter(r)]
    if not legality:
        return forms()
    try:
        verdicts, prog, _ = answer(legality, read, partial(guarded, show=show), first)
    except LLUnsupported as u:
        return [Verdict(func or model.stem, check_name, VerdictKind.UNKNOWN, 0.0, reason=str(u), vf=vf,
                        assumptions=sorted(assumed))]  # (one verdict: the function is not read)
    verdicts += forms()
    if not verdicts:
        verdicts = note_assumptions([Verdict(prog.name, check_name, VerdictKind.PROVED, 0.0, vf=vf,
                                             reason="no data-dependent exit: nothing to hoist, speculate or freeze")],
                                    prog)
    return verdicts


@app.command()
def vectorize(
    ctx: typer.Context,
    model: Path = typer.Argument(..., help="the scalar loop: a model (.loop), LLVM IR (.ll), or C or C++ (.c, .cpp, "
                                           ".cc, .cxx: compiled by clang -O2 up to loop-vectorize)"),
    form: FormChoice = typer.Option(FormChoice.GENERAL, "--form", help="the vectorized form (one: general or simple)"),
    vf: int = flag("vf", 4, help="vector factor"),
    guards: bool = flag("guards", False, help="simple form: runtime guards (each gather's lanes checked against its "
                                              "object's known size, leaving for the scalar loop where one is outside)"),
    reduction: ReductionOrder = flag("reduction", ReductionOrder.ORDERED,
                                      help="how a reduction is vectorized: ordered (lane to lane) or in-loop "
                                           "(each lane from the identity, combined at the back edge and the exit)"),
    func: str | None = flag("func", None, help=".ll input: the function"),
    loop: str | None = typer.Option(None, "--loop", help="where the function has several innermost loops: the "
                                                         "header of the one to vectorize (`%12`); the others stay "
                                                         "as they are"),
    cttz_elts: CttzElts = flag("cttz_elts", CttzElts.ANY_POISON),
    emit_llvm: Path | None = typer.Option(None, "--emit-llvm", help="write the form to this file (default: print it "
                                                                    "on stdout, the verdict on stderr)"),
    prove: bool = typer.Option(True, "--prove/--no-prove", help="prove the emitted function against the source "
                                                                 "(verifier equiv) before it is written"),
    keep_unproved: bool = typer.Option(False, "--keep-unproved",
                                       help="write the form even when the proof refutes it or is unknown (by "
                                            "default only a proved form is written)"),
    clang_tool: str | None = typer.Option(None, "--clang", help="the clang for C and C++ input (default: clang-22 or clang)"),
    timeout: float = flag("timeout", 60.0, help="solver time limit of the proof, seconds"),
    as_json: bool = typer.Option(False, "--json", help="print the proof's verdict as one JSON object"),
) -> None:
    """Write the vectorized form of a scalar loop as LLVM IR (vector instructions) and
    prove it against the loop: printed on stdout, or written to --emit-llvm FILE. Only
    a proved form is written unless --keep-unproved (exit code: the proof's)."""
    if form is FormChoice.BOTH:
        raise UserError("--form: vectorize writes one form: general or simple")
    if guards and form is FormChoice.GENERAL:
        raise UserError("--guards: runtime guards belong to the simple form (seed 000, \"General vs. Simple\"); the "
                        "general form has none")
    if emit_llvm is not None:
        _emit_llvm(ctx, model, form, vf, func, emit_llvm, prove, clang_tool, timeout, cttz_elts, as_json, reduction,
                   keep_unproved, guards, loop=loop)
        return
    out = _scratch(ctx, None) / f"{model.stem}.{form.value}.ll"
    _emit_llvm(ctx, model, form, vf, func, out, prove, clang_tool, timeout, cttz_elts, as_json, reduction,
               keep_unproved, guards, to_stdout=True, loop=loop)


def _emit_llvm(ctx: typer.Context, model: Path, form: FormChoice, vf: int, func: str | None, out: Path, prove: bool,
               clang_tool: str | None, timeout: float, cttz_elts: str, as_json: bool, order: ReductionOrder,
               keep_unproved: bool = False, guards: bool = False, to_stdout: bool = False,
               loop: str | None = None) -> None:
    """vectorize: lower the form to LLVM IR (verifier/emit), write it, and prove it
    against its source with the translation validation; `to_stdout`: `out` is scratch,
    the module is printed on stdout once kept and everything else goes to stderr;
    `loop`: the header of the loop to vectorize, of several."""
    from verifier.emit.reader import EmitUnsupported
    from verifier.emit.vectorize import emit_form

    given = model
    model, func = _emit_input(ctx, model, func, out, clang_tool, as_json or to_stdout, to_stdout)
    try:
        emitted = emit_form(model, _func_in(model, func), Form(form.value), vf, order, guards, loop)
    except EmitUnsupported as u:
        raise UserError(f"{model}: cannot emit the {form} form as LLVM IR: {u}") from None
    _write(out, emitted.module, "--emit-llvm ")
    if not to_stdout:
        which = f" of the loop at {loop}" if loop else ""
        typer.echo(f"wrote {out}: @{emitted.function}, the {form} form{which} at VF {vf}", err=as_json)
    if not prove:
        if to_stdout:
            typer.echo(emitted.module, nl=False)
        return
    spin = Spinner()
    v = _equiv_one(model, out, emitted.function, 16, timeout, cttz_elts, frozenset(), spin.step)
    if given.suffix == ".loop" and v.verdict is VerdictKind.PROVED:
        v = _against_the_model(v, given, out, emitted.function, timeout, cttz_elts, spin)
    v = _emit(v, as_json, spinner=spin, err=to_stdout)
    kept = v.verdict is VerdictKind.PROVED or keep_unproved
    if to_stdout:
        if kept:
            typer.echo(emitted.module, nl=False)
        else:
            typer.echo(f"the form is not printed: it is not proved ({v.verdict}); --keep-unproved prints it", err=True)
    elif not kept:  # no unproved code left where code is kept
        out.unlink(missing_ok=True)
        typer.echo(f"removed {out}: the form is not proved ({v.verdict}); --keep-unproved keeps it", err=True)
    raise typer.Exit(v.exit_code)


def _emit_input(ctx: typer.Context, model: Path, func: str | None, out: Path, clang_tool: str | None,
                quiet: bool, scratch: bool = False) -> tuple[Path, str | None]:
    """The LLVM function vectorize reads: the .ll given, C through clang, or a model's
    lowering written beside `out` (said on stderr if `quiet`, not at all if `scratch`)."""
    from verifier.llvm_tools import CLANG, c_to_ll, find_tool

    if is_c_source(model):
        model = c_to_ll(model, find_tool(CLANG, clang_tool, "--clang"), _scratch(ctx, None) / f"{model.stem}.ll")
    elif model.suffix == ".loop":
        model = _lowered(model, func, out.with_name(out.stem + ".scalar.ll"), quiet,
                         None if scratch else "the form is proved against it, then against the model")
        func = None
    elif model.suffix != ".ll":
        raise UserError(f"{model}: vectorize reads a model (.loop), LLVM IR (.ll), C (.c) or C++ (.cpp, .cc, .cxx), not a "
                        f"{model.suffix or 'suffix-less'} file")
    if not model.is_file():
        raise UserError(f"{model}: no such file")
    return model, func


def _against_the_model(lowered: Verdict, model: Path, out: Path, func: str, timeout: float, cttz_elts: str,
                       spin: Spinner) -> Verdict:
    """The form proved against its model's lowering, proved against the model itself
    too (frontend/bridge.py reads the two over one environment). Where the two cannot
    be read so (an `i1` array, a byte in LLVM IR), the lowering's proof stands, saying so."""
    try:
        return _equiv_one(model, out, func, 16, timeout, cttz_elts, frozenset(), spin.step)
    except UserError as e:
        return lowered.but(advice=[*lowered.advice, f"proved against the model as LLVM IR only: compared with "
                                                    f"the model itself, {e.message}"])


# the LLVM toolchain's commands (cost, opt), registered on `app` here, so --help lists them
# in this order (the module uses the helpers above)
import verifier.cli.llvm as _llvm_commands  # noqa: E402, F401


@app.command()
def lanes(
    model: Path = typer.Argument(..., help="the scalar loop (.loop, or .ll with --func)"),
    vf: int = flag("vf", 4, least=2, help="vector factor: lanes per vector iteration"),
    timeout: float = flag("timeout", 20.0, help="solver time limit per relation, seconds"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    func: str | None = flag("func", None, help=".ll input: the function"),
) -> None:
    """How the VF lanes of one vector iteration relate (SIMD lane evolution): every value
    uniform, consecutive, strided, grouped, alternating or random; every branch uniform
    or divergent; every access a wide load/store, interleaved group or gather/scatter.
    Each relation is proved for every vector iteration or broken by a replayed run.
    Exit 0 when every row is decided, 3 when some relation is unknown."""
    from verifier.checks.lanes import lane_verdicts
    from verifier.reports.evolution import lanes_json, lanes_text

    if vf & (vf - 1):
        raise UserError(f"--vf {vf}: expected a power of two")
    prog = load_program(model, _func_in(model, func), exit_unknown=True)
    ev, verdicts, no_window = lane_verdicts(prog, vf, timeout)
    typer.echo(json.dumps(lanes_json(prog, ev, verdicts, no_window)) if as_json
               else lanes_text(prog, ev, verdicts, no_window, _width()))
    raise typer.Exit(3 if any(v.verdict is VerdictKind.UNKNOWN for v in verdicts) else 0)


@app.command()
def rewrite(
    model: Path = typer.Argument(..., help="the scalar loop (.loop, or .ll with --func)"),
    exit_from_condition: bool = typer.Option(False, "--exit-from-condition",
                                             help="turn a conditional block on a monotone induction into an "
                                                  "early exit"),
    split: bool = typer.Option(False, "--split", help="split the iteration set where a monotone condition on the "
                                                      "induction turns: two loops"),
    block: str | None = typer.Option(None, "--block", help="the conditional block's name (default: the first "
                                                           "that qualifies)"),
    force: bool = typer.Option(False, "--force", help="rewrite the first conditional block even if it does not "
                                                      "qualify (the proof then decides)"),
    max_trip: int = flag("max_trip", 8, help="trip bound of the bounded check"),
    timeout: float = flag("timeout", 60.0, help="solver time limit in seconds"),
    output: Path | None = typer.Option(None, "--output", "-o", help="write the rewritten loop here"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object (the verdict)"),
    func: str | None = flag("func", None, help=".ll input: the function"),
) -> None:
    """Rewrite a loop and prove the result refines it. --exit-from-condition: a block
    that runs while a monotone condition on the induction holds, with nothing observable
    on the other side, becomes an early exit. --split: the loop becomes two, split where
    such a condition turns. Exit 0 proved, 1 refuted or refused, 3 unknown."""
    from verifier.checks.rewrite import Rewrite, Rewritten, rewritten

    if exit_from_condition == split:
        raise UserError("rewrite: name one rewrite (--exit-from-condition or --split)")
    prog = load_program(model, func, exit_unknown=True)
    how = Rewrite.SPLIT if split else Rewrite.EXIT
    made = rewritten(prog, how, force, block)
    if not isinstance(made, Rewritten):
        _refuse(prog.name, [rename_text(r, prog.display) for r in made], as_json)
    if not made.recognised:
        _forced(prog, split, block)
    text_out = print_program(made.program)
    if output is not None:
        write_output(output, text_out + "\n", "--output")
    # the one path every command reaches verdicts by (the driver: assumptions listed, a
    # parameter's room; a bounded proof is proved only where it covers every input)
    def read(room: frozenset[str], vscale: int | None) -> Read:
        return frontend.read_program(model, func, room=room, vscale=vscale)

    (v,) = answer([Request(Check.REWRITE, rewrite=how, force=force, block=block, max_trip=max_trip,
                           timeout=timeout)], read, first=Programs(prog)).verdicts
    if as_json:
        typer.echo(json.dumps(jsonout.verdict(v)))
    else:
        if output is None:
            typer.echo(text_out + "\n")
        typer.echo(text.verdict_text(v))
    raise typer.Exit(v.exit_code)


def _forced(prog: Program, split: bool, block: str | None) -> None:
    """`rewrite --force` where the rewrite's conditions fail: which fail (at `block`,
    else at any block)."""
    from verifier.transforms.exit_from_condition import recognise

    why = [str(r) for r in recognise(prog, split=split)[1] if block is None or r.block == block]
    typer.echo(f"forced: {'; '.join(rename_text(r, prog.display) for r in why)}", err=True)


def _refuse(model: str, reasons: list[str], as_json: bool) -> NoReturn:
    """A rewrite the tool will not make: why, and exit 1."""
    typer.echo(json.dumps(jsonout.refusal(model, "rewrite", reasons)) if as_json
               else "refused: " + "; ".join(reasons))
    raise typer.Exit(1)


# the suite commands (suite, cache clear) and the project scan, registered on `app` here (as above)
import verifier.cli.scan as _scan_commands  # noqa: E402, F401
import verifier.cli.suites as _suite_commands  # noqa: E402, F401


@app.command("run")
def run_cmd(
    model: Path = typer.Argument(..., help="the loop model (.loop)"),
    sets: list[str] = typer.Option([], "--set", help="NAME=VALUE: a parameter (N=5) or an array ('a=[1, poison, 0]')"),
    fuel: int = typer.Option(100_000, "--fuel", min=1, max=MAX_FUEL, help="stop after this many blocks"),
    path: bool = typer.Option(False, "--path", help="also print the blocks visited (block#iteration)"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    func: str | None = flag("func", None, help=".ll input: the function"),
) -> None:
    """Run MODEL (.loop, or a function of a .ll module) on concrete inputs and print the
    trace, live-outs and any UB."""
    prog = load_program(model, func, exit_unknown=True)
    inp = parse_sets(prog, sets)
    r = interpret(prog, inp, fuel=fuel)
    if as_json:
        typer.echo(json.dumps(jsonout.run_record(prog.name, inp, r)))
    else:
        typer.echo(text.run_text(prog, r, inp, path))
    raise typer.Exit(0 if r.status is RunStatus.OK else 1)


@app.command()
def show(model: Path = typer.Argument(..., help="the loop model (.loop) or LLVM IR (.ll)"),
         func: str | None = flag("func", None, help=".ll input: the function")) -> None:
    """Print the loop as the tool reads it: blocks, exits, and its structure (header,
    latch, exiting and exit blocks, preheader, guard)."""
    prog = load_program(model, func, exit_unknown=True)
    typer.echo(print_program(prog))
    for lp in find_loops(prog):
        typer.echo(f"\nloop at {lp.header}:")
        typer.echo(f"  header:    {lp.header}")
        typer.echo(f"  blocks:    {', '.join(lp.body_order)}")
        typer.echo(f"  latch:     {', '.join(lp.latches)}")
        typer.echo(f"  exiting:   {', '.join(lp.exiting)}")
        typer.echo(f"  exits:     {', '.join(lp.exits)}")
        typer.echo(f"  preheader: {lp.preheader or '-'}")
        typer.echo(f"  guard:     {lp.guard or '-'}")
        typer.echo(f"  exiting blocks that dominate the latch: {', '.join(lp.exits_dominating_latch) or '-'}")


@app.command()
def schema() -> None:
    """Print the JSON Schema that every command's --json output follows (one record
    per line; `record` says which)."""
    from importlib.resources import files

    typer.echo(files("verifier.reports").joinpath("output.schema.json").read_text())


def main() -> None:
    """Entry point: user mistakes exit 2 with file:line:col; tool bugs say so. The
    process ends without tearing down its objects one by one: after a large query
    freeing every z3 term took seconds (everything shown is flushed first)."""
    code = run_argv()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):
            pass  # a reader that went away (`| head`), or a closed stream: nothing to show
    os._exit(code)


INTERRUPTED = 130  # the exit code of a command stopped by Ctrl-C or SIGTERM (typer's too)
STOPPED = "interrupted: stopped at once (what is printed above is complete; nothing after it was decided)"


def run_argv(argv: list[str] | None = None) -> int:
    """The command's exit code (`argv`: the arguments after the program's name; None:
    the process's own). In-process callers (the fuzz tier) get what a user would."""
    if argv is None:  # the process's own command: Ctrl-C and SIGTERM stop it at once
        from verifier.smt.interrupt import stop_on_interrupt

        stop_on_interrupt()
    args = sys.argv[1:] if argv is None else argv
    try:
        return _returned(app(args=argv, standalone_mode=False, prog_name="verifier"), args)
    except UserError as e:
        return _user_error(e, "--json" in args)
    except typer.Exit as e:
        return int(e.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        typer.echo(STOPPED, err=True)
        return INTERRUPTED
    except SystemExit as e:  # sys.exit(code), as the interpreter would end it
        return _exit_code(e)
    except Exception as e:  # usage errors (typer's click) and our own bugs
        return _unexpected(e)


def _returned(rc: object, args: list[str]) -> int:
    """The exit code of a command that returned (a stop said, but by `suite`, which says its own)."""
    if rc == INTERRUPTED and args[:1] != ["suite"]:
        typer.echo(STOPPED, err=True)
    return rc if isinstance(rc, int) else 0


def _user_error(e: UserError, as_json: bool) -> int:
    """A mistake in the user's input: said on stderr (and as JSON to a reader of the
    JSON), exit 2."""
    typer.echo(str(e), err=True)
    if as_json:
        from verifier.reports.jsonout import input_error

        typer.echo(json.dumps(input_error(e)))
    return 2


def _exit_code(e: SystemExit) -> int:
    """sys.exit(code)'s exit code, as the interpreter would end the process."""
    if e.code is None or isinstance(e.code, int):
        return e.code or 0
    typer.echo(str(e.code), err=True)
    return 1


def _unexpected(e: Exception) -> int:
    """Any other exception: a stop asked for (Ctrl-C cancelled z3), a usage error
    (click's, exit 2), or a bug of ours (exit 3, said as one)."""
    if stop_asked():  # an error z3 raised because Ctrl-C cancelled it: the stop, not a bug
        typer.echo(STOPPED, err=True)
        return INTERRUPTED
    show = getattr(e, "show", None)
    if callable(show) and hasattr(e, "exit_code"):
        show()
        return 2
    if os.environ.get("VERIFIER_DEBUG"):
        traceback.print_exc()
    typer.echo(f"internal error (a bug in verifier, please report it): {type(e).__name__}: {e}", err=True)
    return 3


__all__ = ["app", "guarded", "main", "run_argv"]

if __name__ == "__main__":
    main()
