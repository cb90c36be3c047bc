"""The command line's shared parts: the app, the flags built from options.py, the
choices, and the helpers every command uses (reading, printing verdicts, the guard that
turns a bug into an unknown, the scratch folder, the one pair check)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import traceback
from collections.abc import Callable
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Any

import typer

from verifier import frontend
from verifier.checks.dispatch import Request, Scope
from verifier.checks.verdict import Check, Verdict, VerdictKind, note_assumptions, worst
from verifier.driver import answer
from verifier.errors import UserError, write_output
from verifier.frontend.read import Read, Scalable
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Assumption, Program, parse_assumptions
from verifier.options import OPTIONS
from verifier.reports import jsonout, text
from verifier.reports.names import base_name, demangled
from verifier.reports.progress import Spinner
from verifier.smt.budget import Stopwatch, stop_if_asked
from verifier.transforms.vector_loop import Form


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

    def forms(self) -> tuple[Form, ...]:
        """The forms chosen, general first."""
        return tuple(Form) if self is FormChoice.BOTH else (Form(self.value),)


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


def _emit(v: Verdict, as_json: bool, module: bool = False, spinner: Spinner | None = None,
          err: bool = False) -> Verdict:
    """Print one verdict (on stderr if `err`): a JSON record, or its text (a blank line
    after it in a module-wide run, before the next), the spinner cleared first."""
    if spinner is not None:
        spinner.pause()
    typer.echo(json.dumps(jsonout.verdict(v)) if as_json else text.verdict_text(v) + ("\n" if module else ""),
               err=err)
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

    from verifier.pairs import claims_beyond_the_model, model_input

    model_and_llvm = source.suffix == ".loop" and target.suffix == ".ll"
    try:
        if model_and_llvm:
            claims_beyond_the_model(source, target, _func_in(target, func))
        v = answer([req], load, guard=partial(guarded, show=show)).verdicts[0]
    except LLUnsupported as u:
        v = Verdict(func or source.stem, Check.EQUIV, VerdictKind.UNKNOWN, 0.0, reason=str(u))
        v = note_assumptions([v], names=tuple(sorted(assumed)))[0]
    if model_and_llvm:
        v = model_input(v, source)
    if v.verdict is VerdictKind.COUNTEREXAMPLE and cttz_elts == CttzElts.ANY_POISON and _finds_lane_by_cttz(read):
        return v.but(advice=[*v.advice, CTTZ_ADVICE])
    return v


def _finds_lane_by_cttz(read: list[Program | None]) -> bool:
    """The target as read (if it was) finds a lane with llvm.experimental.cttz.elts."""
    return bool(read) and read[0] is not None and any(i.op == "cttz_elts" for i in read[0].instructions())


CTTZ_ADVICE = ("the target finds the exiting lane with llvm.experimental.cttz.elts over a mask whose lanes past "
               "the first true one may be poison; LangRef makes its result poison then, the reading checked here "
               "(--cttz-elts any-poison, the default). LLVM's own code generation reads only up to the first true "
               "lane: `--cttz-elts first-true` checks under that reading, listed as an assumption of the verdict")


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
    match = [n for n in names if func in (base_name(n), demangled(n))]
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


def _lowered(model: Path, func: str | None, out: Path, quiet: bool,
             role: str | None = "the source the form is proved against") -> Path:
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
    if role is not None:  # (None: a scratch file nobody is told about)
        typer.echo(f"wrote {out}: @{lowered.function}, the model as LLVM IR ({role})", err=quiet)
    for d in lowered.differences:
        typer.echo(f"  note: {d}", err=quiet)
    return out


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


