"""Small helpers shared by the tests."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

from verifier.frontend.parser import parse, parse_file
from verifier.ir.program import Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run, run

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "models"


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
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
