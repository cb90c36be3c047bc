"""The command line: equiv, check, vectorize, opt, lanes, rewrite, suite, run, show and
schema (exit codes, docs/architecture.md: 0 proved, 1 counterexample, 2 bad input or
usage, 3 unknown). Options shared with suites are built from options.py (`flag`)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sys
import traceback
from collections.abc import Callable
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from verifier import frontend
from verifier.analysis.exits import analyse
from verifier.analysis.loops import LoopShapeError, find_loops, vector_exits
from verifier.checks.dispatch import Request, Scope
from verifier.checks.verdict import Check, Verdict, VerdictKind, note_assumptions, worst
from verifier.driver import answer
from verifier.errors import UserError, read_source, write_output
from verifier.frontend.read import Programs, Read, Scalable
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.printer import program as print_program
from verifier.ir.program import Assumption, Loc, Program, parse_assumptions
from verifier.limits import (
    MAX_FUEL,
    MAX_JOBS,
)
from verifier.llvm_tools import Remark, RemarkKind, is_c_source
from verifier.options import OPTIONS
from verifier.reports import jsonout, text
from verifier.reports.names import base_name, demangled, rename_text
from verifier.reports.progress import Spinner
from verifier.semantics.interpreter import RunStatus
from verifier.semantics.interpreter import run as interpret
from verifier.setvalues import parse_sets
from verifier.smt.budget import Stopwatch, stop_asked, stop_if_asked
from verifier.transforms.lanes import Unsupported
from verifier.transforms.reductions import ReductionOrder
from verifier.transforms.vector_loop import Form

if TYPE_CHECKING:
    from verifier.cost.measure import Standing
    from verifier.cost.native import Variant


class CheckChoice(StrEnum):
    """`check --check`: one of the legality checks, the equivalence, or all of them."""

    HOIST = "hoist"
    SPECULATE = "speculate"
    FREEZE = "freeze"
    EQUIV = "equiv"
    ALL = "all"


class FormChoice(StrEnum):
    """The vectorized forms: general (predicated), simple (anyof exit and a scalar
    epilogue), or both."""

    GENERAL = "general"
    SIMPLE = "simple"
    BOTH = "both"


class CttzElts(StrEnum):
    """What llvm.experimental.cttz.elts gives over a poison lane."""

    ANY_POISON = "any-poison"
    FIRST_TRUE = "first-true"




def load_program(path: Path, func: str | None = None, cttz_elts: str = "any-poison",
                 exit_unknown: bool = False, assume: frozenset[Assumption] = frozenset()) -> Program:
    """frontend.load_program; with `exit_unknown` a construct outside the .ll subset
    ends the command: unknown, exit code 3."""
    try:
        return frontend.load_program(path, func, cttz_elts, assume)
    except LLUnsupported as u:
        if exit_unknown:
            typer.echo(f"unknown: {u}")
            raise typer.Exit(3) from None
        raise


def assumptions(names: list[str]) -> frozenset[Assumption]:
    """--assume NAME ...: the named assumptions (an unknown name is a usage error)."""
    try:
        return parse_assumptions(names)
    except ValueError as e:
        raise UserError(f"--assume: {e}") from None




_DECLARED = object()  # `flag`'s default: the declaration's own


def flag(key: str, default: Any = _DECLARED, *, help: str | None = None, least: float | None = None) -> Any:
    """The command-line option `key` as options.py declares it (flag, help, range and
    limit); a command may give its own default, help text or least value."""
    o = OPTIONS[key]
    lo, hi = o.bounds or (None, None)
    return typer.Option(o.default if default is _DECLARED else default, o.flag, help=help or o.help,
                        min=least if least is not None else lo, max=hi,
                        callback=_checked(o.problem, isinstance(default, list) and not isinstance(o.default, list | tuple))
                        if o.problem is not None else None)


def _checked(problem: Callable[[Any], str | None], each: bool = False) -> Callable[[Any], Any]:
    """A typer callback: the option's value, or a usage error saying the limit (limits.py);
    `each`: a command repeats an option declared with one value (cost's --vf), and
    every value is checked."""
    def callback(value: Any) -> Any:
        for v in value if each else [value]:
            if v is not None and (why := problem(v)) is not None:
                raise typer.BadParameter(why)
        return value
    return callback


def guarded(req: Request, src: Program, step: Callable[[], list[Verdict]],
            show: Callable[[str], None] | None = None) -> list[Verdict]:
    """A request's verdicts; a bug in the tool is an unknown verdict that says so (a
    verdict object in every case, for --json readers), never a traceback. `show`
    names the request on the command's spinner (reports/progress.Spinner)."""
    if show is not None:
        show(_doing(req, src))
    sw = Stopwatch()
    try:
        return step()
    except (UserError, LLUnsupported, typer.Exit, KeyboardInterrupt):
        raise
    except Exception as e:
        stop_if_asked()  # z3 cancelled by Ctrl-C (its error raised in place of the KeyboardInterrupt)
        if os.environ.get("VERIFIER_DEBUG"):
            traceback.print_exc()
        return [Verdict(src.name, req.check, VerdictKind.UNKNOWN, sw(),
                        vf=None if req.check is Check.EQUIV and req.both_llvm else req.vf,
                        reason=f"internal error (a bug in verifier, please report it): {type(e).__name__}: {e}")]


def _doing(req: Request, src: Program) -> str:
    """What a request is doing, for the spinner: `speculate at VF=4: search_loop`."""
    generated = req.check is Check.EQUIV and not req.both_llvm and " -> " not in src.name
    what = f"{req.check}" + (f" ({req.form} form)" if generated else "")
    return f"{what}{'' if req.check is Check.EQUIV and req.both_llvm else f' at VF={req.vf}'}: {src.name}"


app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Prove or refute vectorizations of loops with early exits.")


def _print_version(value: bool) -> None:
    if value:
        from verifier.about import installed_version

        typer.echo(f"verifier {installed_version()}")
        raise typer.Exit()


BOUNDED_HELP = ("skip the proof for every trip count and accept a proof for runs up to --max-trip as proved "
                "(exit 0); without it a bounded proof is proved only where no run of the source gets past its "
                "bound without UB, and else unknown")


@app.callback()
def _options(version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                          help="print the version and exit")) -> None:
    """Prove or refute vectorizations of loops with early exits."""


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


def _emit(v: Verdict, as_json: bool, module: bool = False, spinner: Spinner | None = None) -> Verdict:
    """Print one verdict: a JSON record, or its text (a blank line after it in a
    module-wide run, before the next), the spinner cleared first."""
    if spinner is not None:
        spinner.pause()
    typer.echo(json.dumps(jsonout.verdict(v)) if as_json else text.verdict_text(v) + ("\n" if module else ""))
    return v


def _write_sarif(path: Path | None, verdicts: list[Verdict]) -> None:
    """--sarif FILE: the verdicts as a SARIF log."""
    if path is not None:
        from verifier.reports.sarif import sarif_log

        write_output(path, json.dumps(sarif_log([jsonout.verdict(v) for v in verdicts]), indent=1) + "\n", "--sarif")


def _module_end(rows: list[tuple[str, Verdict | None, str]], as_json: bool, sarif: Path | None) -> None:
    """A module-wide run's end: the table (--json: a `skipped` record per function not
    checked), the SARIF log if asked; the exit code is the worst verdict's."""
    _write_sarif(sarif, [v for _, v, _ in rows if v is not None])
    if as_json:
        for name, v, note in rows:
            if v is None:
                typer.echo(json.dumps(jsonout.skipped(name, note)))
    else:
        typer.echo(text.module_table(rows, _width()))
    raise typer.Exit(_worst([v for _, v, _ in rows if v is not None]))


def _width() -> int | None:
    """The terminal's width when a person reads stdout (tables fit it), else None
    (a file or a pipe: stable padded columns)."""
    return shutil.get_terminal_size().columns if sys.stdout.isatty() else None


def _worst(verdicts: list[Verdict]) -> int:
    """The exit code of several verdicts: a counterexample, else an unknown, else proved."""
    return worst(v.verdict for v in verdicts).exit_code


def _equiv_one(source: Path, target: Path, func: str | None, max_trip: int, timeout: float, cttz_elts: str,
               assumed: frozenset[Assumption], show: Callable[[str], None] | None = None,
               debug_locations: bool = False, bounded: bool = False) -> Verdict:
    """The verdict of one pair (one function of two modules); `bounded`: a proof for
    runs up to max_trip is accepted (without it, only one that covers every input)."""
    req = Request(Check.EQUIV, max_trip=max_trip, timeout=timeout, both_llvm=source.suffix == target.suffix == ".ll",
                  scope=Scope.BOUNDED if bounded else Scope.DEFAULT, accept_bounded=1 if bounded else None)

    read: list[Program | None] = []  # the target as read (for advice on the verdict)

    def load(room: frozenset[str], vscale: int | None) -> Read:
        if room and target.suffix != ".ll":  # a model has no room to give: the first verdicts stand
            raise LLUnsupported(f"{target}: a model cannot give pointer parameters room before their object")
        pair = frontend.read_pair(source, target, func, cttz_elts, assumed, room, debug_locations, vscale)
        if not isinstance(pair, Scalable):
            read[:] = [pair.target]
        return pair

    try:
        v = answer([req], load, guard=partial(guarded, show=show)).verdicts[0]
    except LLUnsupported as u:
        v = Verdict(func or source.stem, Check.EQUIV, VerdictKind.UNKNOWN, 0.0, reason=str(u))
        note_assumptions([v], names=tuple(sorted(assumed)))
    tgt = read[0] if read else None
    if (v.verdict is VerdictKind.COUNTEREXAMPLE and cttz_elts == CttzElts.ANY_POISON and tgt is not None
            and any(i.op == "cttz_elts" for i in tgt.instructions())):
        v.advice.append(CTTZ_ADVICE)
    return v


CTTZ_ADVICE = ("the target finds the exiting lane with llvm.experimental.cttz.elts over a mask whose lanes past "
               "the first true one may be poison; LangRef makes its result poison then, the reading checked here "
               "(--cttz-elts any-poison, the default). LLVM's own code generation reads only up to the first true "
               "lane: `--cttz-elts first-true` checks under that reading, listed as an assumption of the verdict")


@app.command()
def check(
    ctx: typer.Context,
    model: Path = typer.Argument(..., help="the scalar loop: a model (.loop), LLVM IR (.ll) or C/C++ (.c, .cpp, compiled "
                                           "by clang -O2 up to loop-vectorize)"),
    check_name: CheckChoice = typer.Option(CheckChoice.ALL, "--check", help="the check to run"),
    form: FormChoice = typer.Option(FormChoice.BOTH, "--form", help="equiv: the vectorized form to generate"),
    guards: bool = flag("guards", False, help="equiv: add the runtime guards the speculation repair proves"),
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
    order = (Check.HOIST, Check.SPECULATE, Check.FREEZE, Check.EQUIV)  # cheap questions first
    from verifier.checks.forms import forms_of

    forms = forms_of(form)
    if bounded and unbounded:
        raise UserError("--bounded and --unbounded contradict each other")
    assumed = assumptions(assume)
    scope = Scope.BOUNDED if bounded else Scope.UNBOUNDED if unbounded else Scope.DEFAULT
    requests = [Request(c, vf, max_trip, timeout, scope, f, guards, freeze=not no_freeze, repair=repair,
                        needed_extents=needed_extents, scalar_hoist=True, accept_bounded=1 if bounded else None,
                        reduction=reduction)
                for c in order if check_name in ("all", c) for f in (forms if c is Check.EQUIV else forms[:1])]
    from_c = is_c_source(model)  # positions come from the module's debug info: the C lines
    if from_c:
        from verifier.llvm_tools import CLANG, c_to_ll, find_tool

        model = c_to_ll(model, find_tool(CLANG, clang_tool, "--clang"), _scratch(ctx, None) / f"{model.stem}.ll")
    read_fn = partial(frontend.read_program, debug_locations=from_c)
    func = _func_in(model, func)
    if func is None and model.suffix == ".ll":
        from verifier.frontend.llvm import defined_functions

        names = defined_functions(model)
        if len(names) > 1:
            rows: list[tuple[str, Verdict | None, str]] = []
            for name in names:
                try:
                    read = read_fn(model, name, cttz_elts, assumed)
                except LLUnsupported as u:
                    v = Verdict(name, Check(check_name.value), VerdictKind.UNKNOWN, 0.0, reason=str(u), vf=vf)
                    rows.append((name, _emit(v, as_json, module=True, spinner=spin), ""))
                    continue
                loops = len(find_loops(read.source)) if isinstance(read, Programs) else 1
                if loops != 1:
                    rows.append((name, None, "no loop" if loops == 0 else f"{loops} loops (the checks take one)"))
                    continue
                for v in _check_one(model, name, read, requests, Check(check_name.value), vf, cttz_elts, assumed, show,
                                    from_c):
                    rows.append((name, _emit(v, as_json, module=True, spinner=spin), ""))
            _module_end(rows, as_json, sarif)
    try:
        first = read_fn(model, func, cttz_elts, assumed)
    except LLUnsupported as u:
        v = Verdict(func or model.stem, Check(check_name.value), VerdictKind.UNKNOWN, 0.0, reason=str(u), vf=vf,
                    assumptions=sorted(assumed))
        _write_sarif(sarif, [_emit(v, as_json, spinner=spin)])
        raise typer.Exit(3) from None
    verdicts = [_emit(v, as_json, spinner=spin) for v in _check_one(model, func, first, requests, Check(check_name.value), vf, cttz_elts,
                                                                   assumed, show, from_c)]
    _write_sarif(sarif, verdicts)
    raise typer.Exit(_worst(verdicts))


def _check_one(model: Path, func: str | None, first: Read, requests: list[Request],
               check_name: Check, vf: int, cttz_elts: str, assumed: frozenset[Assumption],
               show: Callable[[str], None] | None = None, debug_locations: bool = False) -> list[Verdict]:
    """The verdicts of `requests` on one loop (`first`: the function as read without
    room; the driver answers a nest one outer iteration at a time, scalable vectors at
    every vscale)."""
    def read(room: frozenset[str], vscale: int | None) -> Read:
        return _one_loop(frontend.read_program(model, func, cttz_elts, assumed, room, debug_locations, vscale),
                         model)

    try:
        verdicts, prog, _ = answer(requests, read, partial(guarded, show=show), _one_loop(first, model))
    except LLUnsupported as u:
        return [Verdict(func or model.stem, check_name, VerdictKind.UNKNOWN, 0.0, reason=str(u), vf=vf,
                        assumptions=sorted(assumed))]
    if not verdicts:
        verdicts.append(Verdict(prog.name, check_name, VerdictKind.PROVED, 0.0, vf=vf,
                                reason="no data-dependent exit: nothing to hoist, speculate or freeze"))
        note_assumptions(verdicts, prog)
    return verdicts


def _one_loop(read: Read, model: Path) -> Read:
    """`read`, where the legality checks can take it: LLVM IR with several loops one
    after another is valid IR they cannot (unknown, naming the second; a model with
    them is a usage error, which the checks raise)."""
    if not isinstance(read, Programs) or model.suffix != ".ll" or len(loops := find_loops(read.source)) < 2:
        return read
    head = read.source.blocks[loops[1].header]
    at = next((x.loc for x in head.phis + head.instrs if x.loc is not None), None)
    raise LLUnsupported(f"{len(loops)} loops one after another in @{read.source.name} (the checks take a "
                        "function with one loop, or one loop nest); this is the second", at)


@app.command()
def vectorize(
    ctx: typer.Context,
    model: Path = typer.Argument(..., help="the scalar loop: a model (.loop); with --emit-llvm also LLVM IR (.ll) or "
                                           "C or C++ (.c, .cpp, .cc, .cxx: compiled by clang -O2 up to loop-vectorize)"),
    form: FormChoice = typer.Option(FormChoice.GENERAL, "--form", help="the vectorized form (one: general or simple)"),
    vf: int = flag("vf", 4, help="vector factor"),
    guards: bool = flag("guards", False, help="add the runtime guards the speculation repair proves"),
    reduction: ReductionOrder = flag("reduction", ReductionOrder.ORDERED,
                                      help="how a reduction is vectorized: ordered (lane to lane) or in-loop "
                                           "(each lane from the identity, combined at the back edge and the exit)"),
    func: str | None = flag("func", None, help=".ll input: the function"),
    cttz_elts: CttzElts = flag("cttz_elts", CttzElts.ANY_POISON),
    emit_llvm: Path | None = typer.Option(None, "--emit-llvm", help="write the form as LLVM IR (vector "
                                                                    "instructions) to this file and prove it "
                                                                    "against the source"),
    prove: bool = typer.Option(True, "--prove/--no-prove", help="--emit-llvm: prove the emitted function against "
                                                                 "the source (verifier equiv)"),
    keep_unproved: bool = typer.Option(False, "--keep-unproved",
                                       help="--emit-llvm: keep the file when the proof refutes it or is unknown "
                                            "(by default only a proved form is left written)"),
    clang_tool: str | None = typer.Option(None, "--clang", help="the clang for C and C++ input (default: clang-22 or clang)"),
    timeout: float = flag("timeout", 60.0, help="--emit-llvm: solver time limit of the proof, seconds"),
    as_json: bool = typer.Option(False, "--json", help="--emit-llvm: print the proof's verdict as one JSON object"),
) -> None:
    """Print the vectorized form of a scalar loop as model text (block form), or
    with --emit-llvm write it as LLVM IR and prove it (exit code: the proof's)."""
    from verifier.checks.forms import forms_of, generate

    if len(forms_of(form)) != 1:
        raise UserError("--form: vectorize prints one form: general or simple")
    if emit_llvm is not None:
        _emit_llvm(ctx, model, form, vf, func, emit_llvm, prove, clang_tool, timeout, cttz_elts, as_json, reduction,
                   keep_unproved)
        return
    prog = load_program(model, func, cttz_elts, exit_unknown=True)
    try:
        vform = generate(prog, Form(form.value), vf, guards, order=reduction)
    except Unsupported as u:
        raise UserError(f"{model}: cannot generate the {form} form: {u}") from None
    typer.echo(print_program(vform.program))


def _emit_llvm(ctx: typer.Context, model: Path, form: FormChoice, vf: int, func: str | None, out: Path, prove: bool,
               clang_tool: str | None, timeout: float, cttz_elts: str, as_json: bool, order: ReductionOrder,
               keep_unproved: bool = False) -> None:
    """vectorize --emit-llvm: lower the form to LLVM IR (verifier/emit), write it, and
    prove it against its source with the translation validation."""
    from verifier.emit.reader import EmitUnsupported
    from verifier.emit.vectorize import emit_form
    from verifier.llvm_tools import CLANG, c_to_ll, find_tool

    if is_c_source(model):
        model = c_to_ll(model, find_tool(CLANG, clang_tool, "--clang"), _scratch(ctx, None) / f"{model.stem}.ll")
    elif model.suffix == ".loop":
        model = _lowered(model, func, out.with_name(out.stem + ".scalar.ll"), as_json)
        func = None
    elif model.suffix != ".ll":
        raise UserError(f"{model}: --emit-llvm reads a model (.loop), LLVM IR (.ll), C (.c) or C++ (.cpp, .cc, .cxx), not a "
                        f"{model.suffix or 'suffix-less'} file")
    if not model.is_file():
        raise UserError(f"{model}: no such file")
    try:
        emitted = emit_form(model, _func_in(model, func), Form(form.value), vf, order)
    except EmitUnsupported as u:
        raise UserError(f"{model}: cannot emit the {form} form as LLVM IR: {u}") from None
    _write(out, emitted.module, "--emit-llvm ")
    typer.echo(f"wrote {out}: @{emitted.function}, the {form} form at VF {vf}", err=as_json)
    if not prove:
        return
    spin = Spinner()
    v = _emit(_equiv_one(model, out, emitted.function, 16, timeout, cttz_elts, frozenset(), spin.step), as_json,
              spinner=spin)
    if v.verdict is not VerdictKind.PROVED and not keep_unproved:  # no unproved code left where code is kept
        out.unlink(missing_ok=True)
        typer.echo(f"removed {out}: the form is not proved ({v.verdict}); --keep-unproved keeps it", err=True)
    raise typer.Exit(v.exit_code)


def _func_in(ll: Path, func: str | None) -> str | None:
    """`--func` as LLVM names it: a C++ function may be named as its source does
    (`find_neg`, `ns::f` for `_Z8find_negRKSt6vectorIiSaIiEE`) when that names one
    defined function; any other name is left for the reader to report."""
    if func is None or ll.suffix != ".ll" or not ll.is_file():
        return func
    from verifier.frontend.llvm import defined_functions

    names = defined_functions(ll)
    if func in names:
        return func
    match = [n for n in names if base_name(n) == func or demangled(n) == func]
    if len(match) > 1:
        raise UserError(f"{ll}: --func {func} names {len(match)} functions (overloads or instances): "
                        + ", ".join(f"{demangled(n)} (--func {n})" for n in match))
    return match[0] if match else func


def _write(out: Path, text: str, option: str = "") -> None:
    """Write a file the command makes; a path it cannot write is the user's mistake."""
    try:
        out.write_text(text)
    except OSError as e:
        raise UserError(f"{option}{out}: cannot write ({e.strerror or e})") from None


def _lowered(model: Path, func: str | None, out: Path, quiet: bool) -> Path:
    """A scalar model written as LLVM IR to `out` (emit/lower.py), for the emitter and the
    cost harness; what the LLVM function assumes differently is printed with it."""
    from verifier.emit.lower import lower_model
    from verifier.emit.reader import EmitUnsupported

    prog = load_program(model, func, exit_unknown=True)
    try:
        lowered = lower_model(prog)
    except EmitUnsupported as u:
        raise UserError(f"{model}: cannot write the model as LLVM IR: {u}") from None
    _write(out, lowered.module)
    typer.echo(f"wrote {out}: @{lowered.function}, the model as LLVM IR (the source the form is proved against)",
               err=quiet)
    for d in lowered.differences:
        typer.echo(f"  note: {d}", err=quiet)
    return out


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
    from verifier.cost.inputs import NoPlant, find_plant
    from verifier.cost.measure import CostResult, Standing, record, rows_of
    from verifier.cost.measure import text as cost_text
    from verifier.cost.native import CLEANUP, Variant, mca_cycles, run_native
    from verifier.emit.reader import read_function
    from verifier.frontend.llvm import parse_ll_file
    from verifier.llvm_tools import CLANG, OPT, find_tool

    if plot_png is not None and not _can_plot():  # before minutes of measuring
        raise UserError("--plot needs matplotlib: `pip install matplotlib`, or install this project with its "
                        "plot extra (`pip install '.[plot]'` in its checkout)")
    clang = find_tool(CLANG, clang_tool, "--clang")
    llc = find_tool(("llc-22", "llc"), None, "llc")
    mca = find_tool(("llvm-mca-22", "llvm-mca"), None, "llvm-mca")
    opt_path = find_tool(OPT, None, "--opt")
    work = _scratch(ctx, keep)
    file, func = _cost_input(file, func, clang, work, as_json)
    f = read_function(file, _func_in(file, func))
    prog = parse_ll_file(file, f.name)
    try:
        plant = find_plant(prog)
    except NoPlant as e:
        raise UserError(f"{file}: @{f.name}: no inputs to measure with: {e}") from None
    n = max(n, plant.min_n)
    never = plant.iterations(prog, n, None)
    weights = _distribution(distribution) if distribution is not None else {}
    positions = _exit_positions(exit_at, never, plant.offset, weights)
    elements = {p: (never if p is None else p + plant.offset) for p in positions}

    variants = [Variant("scalar", read_source(file), 1)]
    standings = [Standing("scalar", 1, None)]
    _cost_forms(file, f.name, vfs, reduction, timeout, cttz_elts, work, variants, standings)
    llvm, llvm_says = _cost_llvm(file, f.name, opt_path, timeout, cttz_elts, work, variants, standings)
    cleanup = None if raw else opt_path
    unit, timings = run_native(f, variants, plant, n, positions, work, llc, clang, cleanup,
                               repeat=400, cold_repeat=20, runs=repeats)
    reports = {v.name: mca_cycles(v, f.name, work, llc, mca, cleanup) for v in variants}
    def shown(name: str) -> str:  # LLVM's name of a value
        return prog.display.get(name, f"%{name}")

    filled = ", ".join(f"{shown(a)}[*] = {v}" for a, v in sorted(plant.background.items()))
    given = "".join(f", {shown(p)} = {v}" for p, v in sorted(plant.params_for(n).items()))
    setup = [f"@{f.name}: {n} elements per array; the loop runs {never} iterations without an exit; "
             f"inputs: {filled}{given}; the exit at k planted as {shown(plant.trigger[0])}[k] = {plant.trigger[1]}",
             llvm_says, "each variant compiled by " + ("llc -O2 alone (--raw)" if raw else
                                                       f"opt -passes='{CLEANUP}', then llc -O2")]
    res = CostResult(f.name, n, never, setup, standings,
                     rows_of(timings, elements, {k: c for k, (c, _) in reports.items()}), unit, repeats, vfs,
                     weights, llvm)
    typer.echo(json.dumps(record(res, str(file))) if as_json else cost_text(res, full))
    if cttz_elts == CttzElts.ANY_POISON and any(s.verdict is VerdictKind.COUNTEREXAMPLE and s.name == llvm
                                                 for s in standings):
        typer.echo(f"  note: {CTTZ_ADVICE}", err=as_json)
    if mca_report:
        for name, (_, report) in reports.items():
            typer.echo(f"\nllvm-mca on {name}'s loop body:\n{report}", err=as_json)
    if plot_png is not None:
        from verifier.cost.measure import plot

        plot(res.rows, str(plot_png), f"@{f.name}, {n} elements", unit, res.marks)
        typer.echo(f"wrote {plot_png}", err=as_json)


def _can_plot() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _distribution(path: Path) -> dict[int | None, float]:
    """`cost --distribution`: weights by exit position (`never`: no exit)."""
    weights: dict[int | None, float] = {}
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
    show = spin.step
    from verifier.llvm_tools import (
        CLANG,
        OPT,
        c_to_ll,
        changed_functions,
        find_tool,
        idiom_calls,
        left_alone,
        read_remarks,
        run_opt,
        vectorized,
    )

    args = list(ctx.args) or ["-passes=loop-vectorize"]
    opt_path = find_tool(OPT, opt_tool, "--opt")
    work = _scratch(ctx, keep)
    from_c = is_c_source(file)  # positions come from the modules' debug info: the C lines
    if from_c:
        source = c_to_ll(file, find_tool(CLANG, clang_tool, "--clang"), work / f"{file.stem}.scalar.ll")
    elif file.suffix == ".ll":
        if not file.is_file():
            raise UserError(f"{file}: no such file")
        source = file
    else:
        raise UserError(f"{file}: expected LLVM IR (.ll), C (.c) or C++ (.cpp, .cc, .cxx)")
    target = run_opt(source, opt_path, args, work / f"{file.stem}.opt.ll", remarks=work / "remarks.yaml")
    remarks = read_remarks(work / "remarks.yaml")
    alone, done = left_alone(remarks), vectorized(remarks)
    if from_c and not as_json:  # a loop clang already turned into a library call: none is left
        _list_idioms({n: calls for n, calls in idiom_calls(source).items() if n not in alone and n not in done})
    changed = changed_functions(source, target)
    rows: list[tuple[str, Verdict | None, str]] = []
    _list_alone(file, alone, _remark_places(source, alone) if from_c else {}, as_json)
    for name, r in alone.items():  # what is not checked below is listed as skipped
        if name not in changed:
            rows.append((name, None, f"left alone: {r.message}"))
    if not changed:
        why = f"opt {' '.join(args)} changed no function of {file}: nothing to check"
        if as_json:
            for name, _, note in rows:
                typer.echo(json.dumps(jsonout.skipped(name, note)))
        typer.echo(json.dumps(jsonout.skipped(str(file), why)) if as_json else why)
        raise typer.Exit(0)
    assumed: frozenset[Assumption] = frozenset()
    for name in changed:
        scope = _out_of_scope(source, target, name, [r for r in remarks if r.function == name]) if name in done else None
        if scope is not None:  # a vectorized loop without an early exit: not this tool's question
            rows.append((name, None, scope))
            continue
        v = _equiv_one(source, target, name, max_trip, timeout, cttz_elts, assumed, show, from_c, bounded)
        if keep is None:  # opt's output is removed when the command ends
            v.rename_file(str(target), OPT_OUTPUT)
        rows.append((name, _emit(v, as_json, module=True, spinner=spin), ""))
    if not as_json and keep is not None:
        typer.echo(f"modules: {source} -> {target}")
    elif not as_json and any(OPT_OUTPUT in str(v.counterexample.divergence.loc if v.counterexample else v.reason)
                             for _, v, _ in rows if v is not None):
        typer.echo(f"({OPT_OUTPUT}: the module opt wrote, removed; --keep DIR keeps it, and the lines point into it)")
    _module_end(rows, as_json, sarif)


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
        if not r.line:
            continue
        start = next((k for k, line in enumerate(lines) if line.startswith("define") and f"@{name}(" in line), None)
        end = next((k for k in range(start or 0, len(lines)) if lines[k].startswith("}")), len(lines))
        here = f":{r.line}:{r.column}" if r.column else f":{r.line}:"
        inlined = [loc for k in range(start or 0, end) if start is not None
                   and (loc := positions.get(k)) is not None and loc.inlined and here in loc.inlined + ":"]
        out[name] = str(inlined[0]) if inlined else f"line {r.line}"
    return out


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
    """Why a function the vectorizer vectorized is outside what this tool checks, else
    None (the check itself says what it cannot read): its one loop has no exit besides
    the countable one (a plain sum, a copy); or no loop of the output exits on a vector
    value, so what was vectorized exits on a count only (its loop with an early exit,
    if any, was left alone: LLVM's remark says why)."""
    prog = _loaded(source, name)
    if prog is None:
        return None
    try:
        exits = analyse(prog)
    except (UserError, LLUnsupported, LoopShapeError):
        exits = None
    if exits is not None and not exits.data_dependent:
        return ("out of scope: its loop has no early exit (only its countable one); this tool checks "
                "loops with data-dependent exits")
    out = _loaded(target, name)
    if out is None or vector_exits(out):
        return None
    refused = sorted((r.message for r in remarks if r.kind is not RemarkKind.PASSED
                      and r.message.startswith("loop not")), key=len)  # the longest says why
    why = f" (LLVM: {refused[-1]})" if refused else ""
    return (f"out of scope: the loops it vectorized exit on a count only; its loops with early exits were left "
            f"alone{why}")


def _loaded(path: Path, name: str) -> Program | None:
    """The function read (a nest's program too), or None where it cannot be."""
    try:
        read = frontend.read_program(path, name)
    except (UserError, LLUnsupported):
        return None
    return None if isinstance(read, Scalable) else read.source


def _scratch(ctx: typer.Context, keep: Path | None) -> Path:
    """The folder for the modules a command writes: `keep`, else a temporary folder
    removed when the command ends."""
    if keep is None:
        import tempfile

        work = Path(tempfile.mkdtemp(prefix="verifier-"))
        ctx.call_on_close(partial(shutil.rmtree, work, ignore_errors=True))
        return work
    try:
        keep.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"--keep {keep}: cannot make the folder ({e.strerror or e})") from None
    return keep


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
    from verifier.transforms.exit_from_condition import recognise

    if exit_from_condition == split:
        raise UserError("rewrite: name one rewrite (--exit-from-condition or --split)")
    prog = load_program(model, func, exit_unknown=True)
    how = Rewrite.SPLIT if split else Rewrite.EXIT
    made = rewritten(prog, how, force, block)
    if not isinstance(made, Rewritten):
        _refuse(prog.name, [rename_text(r, prog.display) for r in made], as_json)
    if not made.recognised:
        why = [str(r) for r in recognise(prog, split=split)[1] if block is None or r.block == block]
        typer.echo(f"forced: {'; '.join(rename_text(r, prog.display) for r in why)}", err=True)
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


def _refuse(model: str, reasons: list[str], as_json: bool) -> NoReturn:
    """A rewrite the tool will not make: why, and exit 1."""
    typer.echo(json.dumps(jsonout.refusal(model, "rewrite", reasons)) if as_json
               else "refused: " + "; ".join(reasons))
    raise typer.Exit(1)


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
    from verifier.reports.html import suite_html
    from verifier.reports.junit import junit_xml
    from verifier.reports.progress import SuiteProgress
    from verifier.runner import run_suite
    from verifier.suite import load, suite_files

    obligations = [ob for f in suite_files(paths) for ob in load(f)]
    if name_filter:
        obligations = [ob for ob in obligations if any(n.lower() in ob.name.lower() for n in name_filter)]
        if not obligations:
            raise UserError(f"--filter {' '.join(name_filter)}: no obligation's name contains it")
    progress = None if quiet or as_json else SuiteProgress(len(obligations))
    from verifier.runner import Interrupted

    # SIGTERM ends the run as Ctrl-C does: workers stopped, finished answers kept
    from verifier.smt.interrupt import terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        outcomes = run_suite(obligations, jobs, timeout, ResultCache.at(cache_dir, near=suite_files(paths)[0]),
                             progress, read_cache=not no_cache, cluster=cluster)
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
    from verifier.reports.sarif import suite_sarif

    writers: list[tuple[str, Path | None, Callable[[], str]]] = [
        ("--junit", junit, lambda: junit_xml(outcomes)),
        ("--html", html, lambda: suite_html(outcomes)),
        ("--sarif", sarif, lambda: json.dumps(suite_sarif([jsonout.obligation(oc) for oc in outcomes]), indent=1)
         + "\n")]
    failed = [flag for flag, path, make in writers if path is not None and not _report(flag, path, make)]
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
    try:
        rc = app(args=argv, standalone_mode=False, prog_name="verifier")
        if rc == INTERRUPTED and (sys.argv[1:] if argv is None else argv)[:1] != ["suite"]:  # (suite says its own)
            typer.echo(STOPPED, err=True)
        return rc if isinstance(rc, int) else 0
    except UserError as e:
        typer.echo(str(e), err=True)
        if "--json" in (sys.argv[1:] if argv is None else argv):  # a reader of the JSON sees it too
            from verifier.reports.jsonout import input_error

            typer.echo(json.dumps(input_error(e)))
        return 2
    except typer.Exit as e:
        return int(e.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        typer.echo(STOPPED, err=True)
        return INTERRUPTED
    except SystemExit as e:  # sys.exit(code), as the interpreter would end it
        if e.code is None or isinstance(e.code, int):
            return e.code or 0
        typer.echo(str(e.code), err=True)
        return 1
    except Exception as e:  # usage errors (typer's click) and our own bugs
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


if __name__ == "__main__":
    main()
