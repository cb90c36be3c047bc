"""Concrete inputs from the command line (`verifier run --set N=5 --set 'a=[1, 2, poison, 0]'`)."""

from __future__ import annotations

import re

from verifier.errors import UserError
from verifier.ir.program import Program
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
    params = {p.name for p in prog.params}
    arrays = {a.name for a in prog.arrays}
    # names as the input spells them (LLVM: %0, %end.poison), beside the tool's own (v0)
    spelled = {rename_text(n, prog.display): n for n in params | arrays}
    for s in sets:
        if "=" not in s:
            raise UserError(f"--set {s!r}: expected NAME=VALUE")
        name, _, text = s.partition("=")
        name = spelled.get(name.strip(), name.strip())
        if name in params:
            inp.params[name] = _int(text, name, next(p.type.bits for p in prog.params if p.name == name))
        elif name in arrays:
            if prog.array(name).contents is not None:
                raise UserError(f"--set {name}: {name} has declared initial values (a constant table)")
            t = text.strip()
            if not (t.startswith("[") and t.endswith("]")):
                raise UserError(f"--set {name}: expected a list like [1, 2, poison, 0]")
            items = [x.strip() for x in t[1:-1].split(",") if x.strip()]
            if items and items[-1] == "...":
                items = items[:-1]
            vals: list[int | None] = []
            for x in items:
                vals.append(None if x == "poison" else _int(x, name, prog.array(name).elem.bits))
            if None in vals and prog.array(name).init:
                raise UserError(f"--set {name}: {name} is declared `init`, so it cannot hold poison")
            inp.arrays[name] = vals
        else:
            known = ", ".join(sorted(spelled)) or "none"
            raise UserError(f"--set {name}: {prog.name} has no parameter or array {name!r} (it has: {known})")
    missing = sorted(params - set(inp.params))
    if missing:
        shown = [rename_text(m, prog.display) for m in missing]
        raise UserError(f"--set: no value for parameter(s) {', '.join(shown)}: add --set {shown[0]}=...")
    return inp
