"""Front ends: model text (.loop) and LLVM IR (.ll) into the IR."""

from __future__ import annotations

from pathlib import Path

from verifier.errors import UserError
from verifier.ir.program import Program


def load_program(path: Path, func: str | None = None, cttz_elts: str = "any-poison") -> Program:
    """A model (.loop) or one function of an LLVM module (.ll); a construct outside the
    .ll subset raises frontend.llvm.LLUnsupported (the caller's verdict: unknown)."""
    if path.suffix == ".ll":
        from verifier.frontend.llvm import LLOptions, parse_ll_file

        if not path.is_file():
            raise UserError(f"{path}: no such file")
        return parse_ll_file(path, func, LLOptions(cttz_elts=cttz_elts))
    if func is not None:
        raise UserError("--func applies to LLVM IR (.ll) input only")
    from verifier.frontend.parser import parse_file

    return parse_file(path)


def load_pair(source: Path, target: Path, func: str | None = None,
              cttz_elts: str = "any-poison") -> tuple[Program, Program]:
    """A source and its target: two .ll functions are read over one environment
    (frontend.llvm.parse_ll_pair); anything else, each on its own."""
    if source.suffix == ".ll" and target.suffix == ".ll":
        from verifier.frontend.llvm import LLOptions, parse_ll_pair

        for p in (source, target):
            if not p.is_file():
                raise UserError(f"{p}: no such file")
        return parse_ll_pair(source, target, func, LLOptions(cttz_elts=cttz_elts))
    return load_program(source, func, cttz_elts), load_program(target, func, cttz_elts)
