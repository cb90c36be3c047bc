"""Front ends: model text (.loop) and LLVM IR (.ll) into the IR."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path

from verifier.errors import UserError
from verifier.frontend.bridge import over_llvm_environment
from verifier.frontend.read import LoopNest, Programs, Read, Scalable, single
from verifier.ir.program import Assumption, FuncDecl, Program, copy_program


def load_program(path: Path, func: str | None = None, cttz_elts: str = "any-poison",
                 assume: Iterable[Assumption] = (), room: frozenset[str] = frozenset(),
                 debug_locations: bool = False, vscale: int | None = None) -> Program:
    """read_program's program, for a caller that takes one loop: a loop nest, or
    scalable vectors where `vscale` is None, raise LLUnsupported naming them."""
    return single(read_program(path, func, cttz_elts, assume, room, debug_locations, vscale))


def read_program(path: Path, func: str | None = None, cttz_elts: str = "any-poison",
                 assume: Iterable[Assumption] = (), room: frozenset[str] = frozenset(),
                 debug_locations: bool = False, vscale: int | None = None) -> Read:
    """A model (.loop) or one function of an LLVM module (.ll), as what it is
    (frontend/read.py: programs, a loop nest, or scalable vectors to read at each
    vscale); a construct outside the .ll subset raises frontend.llvm.LLUnsupported (the
    caller's verdict: unknown). `assume`: assumptions stronger than LLVM's semantics
    the user opted into; `room`: .ll pointer parameters that may point past their
    object's start (LLOptions.room); `debug_locations`: positions from the module's
    debug info (a module compiled from C); `vscale`: the vscale scalable vectors are
    read at (None: a function with them is `Scalable`)."""
    assume = frozenset(assume)
    cttz_elts = _cttz_rule(cttz_elts, assume)
    if path.suffix == ".ll":
        from verifier.frontend.llvm import LLOptions
        from verifier.frontend.llvm.module import read_ll_file

        if not path.is_file():
            raise UserError(f"{path}: no such file")
        return read_ll_file(path, func, LLOptions(cttz_elts=cttz_elts, assume=assume, room=room,
                                                  debug_locations=debug_locations, vscale=vscale))
    if func is not None:
        raise UserError("--func applies to LLVM IR (.ll) input only")
    from verifier.frontend.parser import parse_file

    return Programs(with_assumptions(parse_file(path), assume))


def _cttz_rule(rule: str, assume: frozenset[Assumption]) -> str:
    """The cttz.elts rule LLVM input is read under: `--assume cttz-elts-first-true` is
    `--cttz-elts first-true` (either way the verdict lists the assumption)."""
    return "first-true" if Assumption.CTTZ_ELTS_FIRST_TRUE in assume else rule


def with_assumptions(prog: Program, assume: frozenset[Assumption]) -> Program:
    """A model read under `assume` (for .loop input, where the model states the rest)."""
    if not assume:
        return prog
    arrays = prog.arrays
    if Assumption.MEMORY_HAS_NO_POISON in assume:
        arrays = [dataclasses.replace(a, init=True) for a in arrays]
    return dataclasses.replace(prog, arrays=arrays, assumptions=tuple(sorted(assume)))


def load_pair(source: Path, target: Path, func: str | None = None, cttz_elts: str = "any-poison",
              assume: Iterable[Assumption] = (), room: frozenset[str] = frozenset(),
              debug_locations: bool = False, vscale: int | None = None) -> tuple[Program, Program]:
    """read_pair's programs, for a caller that takes one loop: a loop nest, or scalable
    vectors where `vscale` is None, raise LLUnsupported naming them."""
    read = read_pair(source, target, func, cttz_elts, assume, room, debug_locations, vscale)
    src = single(read)
    assert isinstance(read, Programs) and read.target is not None
    return src, read.target


def read_pair(source: Path, target: Path, func: str | None = None, cttz_elts: str = "any-poison",
              assume: Iterable[Assumption] = (), room: frozenset[str] = frozenset(),
              debug_locations: bool = False, vscale: int | None = None) -> Read:
    """A source and its target, as what they are (read_program): two .ll functions are
    read over one environment (frontend.llvm.parse_ll_pair); anything else, each on
    its own. A nest on either side makes the pair a nest; scalable vectors on either,
    a pair to read at each vscale."""
    assume = frozenset(assume)
    cttz_elts = _cttz_rule(cttz_elts, assume)
    if source.suffix == ".ll" and target.suffix == ".ll":
        return _ll_pair(source, target, func, cttz_elts, assume, room, debug_locations, vscale)

    def one(p: Path) -> Read:  # --func names the function of whichever is LLVM IR
        return read_program(p, func if p.suffix == ".ll" else None, cttz_elts, assume, room, vscale=vscale)

    if func is not None and ".ll" not in (source.suffix, target.suffix):
        raise UserError("--func applies to LLVM IR (.ll) input only")
    a = one(source)
    if isinstance(a, Scalable):
        return a
    b = one(target)
    if isinstance(b, Scalable):
        return b
    pair = a.source, with_source_callees(a.source, b.source)
    if source.suffix == ".loop" and target.suffix == ".ll" and isinstance(a, Programs) and isinstance(b, Programs):
        pair = over_llvm_environment(*pair)
    nest = next((r for r in (a, b) if isinstance(r, LoopNest)), None)
    return Programs(*pair) if nest is None else LoopNest(nest.what, nest.loc, *pair)


def _ll_pair(source: Path, target: Path, func: str | None, cttz_elts: str, assume: frozenset[Assumption],
             room: frozenset[str], debug_locations: bool, vscale: int | None) -> Read:
    """Two LLVM functions read over one environment (frontend.llvm.parse_ll_pair)."""
    from verifier.frontend.llvm import LLOptions
    from verifier.frontend.llvm.module import read_ll_pair

    for p in (source, target):
        if not p.is_file():
            raise UserError(f"{p}: no such file")
    return read_ll_pair(source, target, func, LLOptions(cttz_elts=cttz_elts, assume=assume, room=room,
                                                        debug_locations=debug_locations, vscale=vscale))


def with_source_callees(src: Program, tgt: Program) -> Program:
    """`tgt` with the source's declaration of each callee both declare alike (the same
    parameters, result and kind): what a function may read, write and whether it
    returns are facts of the function the source gives, which a target may not
    strengthen (a target assumes nothing its source does not)."""
    same = {name: f for name, f in src.funcs.items() if name in tgt.funcs and _alike(f, tgt.funcs[name])}
    if all(tgt.funcs[n] == f for n, f in same.items()):
        return tgt
    out = copy_program(tgt)
    out.funcs.update(same)
    for ins in out.instructions():
        if ins.op == "call" and ins.attrs.func is not None and ins.attrs.func.name in same:
            ins.attrs = ins.attrs.but(func=same[ins.attrs.func.name])
    return out


def _alike(f: FuncDecl, g: FuncDecl) -> bool:
    """Declared alike: the same parameters, result and kind (pure or an effect)."""
    return (f.params, f.ret, f.pure) == (g.params, g.ret, g.pure)
