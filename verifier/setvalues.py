"""Concrete inputs from the command line (`verifier run --set N=5 --set 'a=[1, 2, poison, 0]'`)."""

from __future__ import annotations

import re

from verifier.errors import UserError
from verifier.ir.program import ArrayDecl, Program
from verifier.limits import MAX_NUMBER_DIGITS
from verifier.reports.names import rename_text
from verifier.semantics.inputs import Inputs

_INT = re.compile(r"-?(0x[0-9a-fA-F]+|[0-9]+)$")


def _int(text: str, what: str, bits: int) -> int:
    """An integer of `bits` bits, written signed or unsigned (-1 and 255 are one i8)."""
    t = text.strip()
    if not _INT.match(t):
        raise UserError(f"--set {what}: expected an integer, found {t!r}")
    if len(t) > MAX_NUMBER_DIGITS:
        raise UserError(f"--set {what}: number too long (more than {MAX_NUMBER_DIGITS} digits)")
    v = int(t, 0)
    if not -(1 << (bits - 1)) <= v < (1 << bits):
        raise UserError(f"--set {what}: {t} does not fit in i{bits} (from {-(1 << (bits - 1))} to {(1 << bits) - 1})")
    return v


def parse_sets(prog: Program, sets: list[str]) -> Inputs:
    """Parameters take integers; arrays take [v, v, ...] where v is an integer or
    `poison`; a trailing `...` (or a short list) leaves the rest of the array 0."""
    inp = Inputs()
    params = {p.name: p.type.bits for p in prog.params}  # and each one's width
    arrays = {a.name for a in prog.arrays}
    # names as the input spells them (LLVM: %0, %end.poison), beside the tool's own (v0)
    spelled = {rename_text(n, prog.display): n for n in params.keys() | arrays}
    for s in sets:
        if "=" not in s:
            raise UserError(f"--set {s!r}: expected NAME=VALUE")
        name, _, text = s.partition("=")
        name = spelled.get(name.strip(), name.strip())
        if name in params:
            inp.params[name] = _int(text, name, params[name])
        elif name in arrays:
            inp.arrays[name] = _array(prog.array(name), text)
        else:
            raise UserError(f"--set {name}: {prog.name} has no parameter or array {name!r} "
                            f"(it has: {', '.join(sorted(spelled)) or 'none'})")
    _every_parameter_set(prog, params.keys() - inp.params.keys())
    return inp


def _every_parameter_set(prog: Program, missing: set[str]) -> None:
    if missing:
        shown = [rename_text(m, prog.display) for m in sorted(missing)]
        raise UserError(f"--set: no value for parameter(s) {', '.join(shown)}: add --set {shown[0]}=...")


def _array(a: ArrayDecl, text: str) -> list[int | None]:
    """An array's `[v, v, ...]` (an integer or `poison` each; a trailing `...` ends it)."""
    name = a.name
    if a.contents is not None:
        raise UserError(f"--set {name}: {name} has declared initial values (a constant table)")
    vals = [None if x == "poison" else _int(x, name, a.elem.bits) for x in _items(name, text)]
    if None in vals and a.init:
        raise UserError(f"--set {name}: {name} is declared `init`, so it cannot hold poison")
    return vals


def _items(name: str, text: str) -> list[str]:
    """The items of a list `[x, y, ...]` (a trailing `...` dropped)."""
    t = text.strip()
    if not (t.startswith("[") and t.endswith("]")):
        raise UserError(f"--set {name}: expected a list like [1, 2, poison, 0]")
    items = [x.strip() for x in t[1:-1].split(",") if x.strip()]
    return items[:-1] if items and items[-1] == "..." else items
