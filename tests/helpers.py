"""Small helpers shared by the tests."""

from __future__ import annotations

import contextlib
import io
import os
import struct
import subprocess
import sys
from pathlib import Path

from verifier.checks.verdict import Verdict
from verifier.frontend.parser import parse, parse_file
from verifier.ir.program import Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run, run
from verifier.transforms.vector_loop import VectorForm

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "models"


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command line as a user runs it: the exit code, stdout and stderr the process
    would give (verifier.cli.run_argv, which `verifier` itself calls), run in this
    process, since a process of its own spends half a second importing. Tests of what
    only a process shows (signals, the flush at exit) start one: `cli_process`."""
    from verifier.cli import run_argv

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run_argv(list(args))
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["verifier", *args], code, out.getvalue(), err.getvalue())


def cli_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command line run as a user runs it, in a process of its own."""
    return subprocess.run([sys.executable, "-m", "verifier.cli", *args], capture_output=True, text=True, cwd=cwd)


def model(rel: str) -> Program:
    return parse_file(MODELS / rel)


def run_text(text: str, **kw: object) -> Run:
    """Run a model given as text; keyword args are parameters (ints) or arrays (lists)."""
    prog = parse(text, "<test>")
    params = {k: v for k, v in kw.items() if isinstance(v, int)}
    arrays = {k: v for k, v in kw.items() if isinstance(v, list)}
    return run(prog, Inputs(params=params, arrays=arrays))  # type: ignore[arg-type]


def float_bits(x: float, w: int = 32) -> int:
    """The bits of x in IEEE half, single or double, by Python's struct (an oracle
    apart from the tool's own encoding)."""
    return int.from_bytes(struct.pack({16: "<e", 32: "<f", 64: "<d"}[w], x), "little")


def emitted_verdict(source: Path, form: str = "simple", vf: int = 4, *, order: str = "ordered",
                    bounded: bool = False, every_trip_count: bool = False, max_trip: int | None = None,
                    timeout: float = 120.0, guards: bool = False) -> Verdict:
    """`check --check equiv` on the form the emitter writes for `source` (a model or an
    .ll of one function), in process: the product's one way of answering a form."""
    from verifier.checks.dispatch import Request, Scope
    from verifier.checks.verdict import Check
    from verifier.pairs import form_verdict
    from verifier.transforms.vector_loop import Form, ReductionOrder

    scope = Scope.BOUNDED if bounded else Scope.UNBOUNDED if every_trip_count else Scope.DEFAULT
    req = Request(Check.EQUIV, vf, max_trip, timeout, scope, Form(form), guards,
                  reduction=ReductionOrder(order), accept_bounded=(max_trip or 4 * vf) if bounded else None)
    return form_verdict(req, source)


def emitted_mutant(tmp_path: Path, source: Path, edit: tuple[str, str], form: str = "simple", vf: int = 4,
                   order: str = "ordered", max_trip: int | None = None) -> subprocess.CompletedProcess[str]:
    """The form emitted for `source` broken by `edit` (a regex substitution, which must
    change it) and compared by `equiv` with the source (a model: with its lowering)."""
    import re

    out = tmp_path / "mutant.ll"
    r = cli("vectorize", str(source), "--form", form, "--vf", str(vf), "--reduction", order, "--emit-llvm", str(out),
            "--no-prove")
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    broken = re.sub(edit[0], edit[1], text, count=1)
    assert broken != text, "the mutation must change the emitted IR"
    out.write_text(broken)
    scalar = tmp_path / "mutant.scalar.ll" if source.suffix == ".loop" else source
    return cli("equiv", str(scalar), str(out), "--timeout", "60", *(["--max-trip", str(max_trip)] if max_trip else []))


def emitted_pair(tmp_path: Path, source: Path, form: str, vf: int,
                 edit: tuple[str, str] | None = None) -> tuple[Program, Program, VectorForm]:
    """The scalar loop and the form the emitter writes for it (broken by `edit`, a regex
    substitution, if given), both read as LLVM IR the way the translation validation
    reads them, and where the form's loops are (transforms/recognize.py)."""
    import re

    from verifier import frontend
    from verifier.analysis.exits import analyse
    from verifier.frontend.read import Programs
    from verifier.pairs import emitted_form
    from verifier.transforms.recognize import recognize
    from verifier.transforms.vector_loop import Form, ReductionOrder

    out, name = emitted_form(source, None, Form(form), vf, ReductionOrder.ORDERED, tmp_path)
    if edit is not None:
        text = out.read_text()
        broken = re.sub(edit[0], edit[1], text, count=1)
        assert broken != text, "the mutation must change the emitted IR"
        out.write_text(broken)
    scalar = tmp_path / f"{name}.scalar.ll" if source.suffix == ".loop" else source
    read = frontend.read_pair(scalar, out, name)
    assert isinstance(read, Programs) and read.target is not None, read
    return read.source, read.target, recognize(read.source, analyse(read.source), read.target)
