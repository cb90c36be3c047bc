"""Where `undef` can matter to UB: the uses of undef whose values (and values computed
from them, through phis and instructions) reach an operand that can be immediate UB
or reach memory: a branch condition, or an operand of an operation that may fault,
has an effect, accesses memory, or runs under a mask. A check that cannot read
undef on both sides at once (a legality harness, checks/added_ub.py) refuses only
those; undef that reaches only results (a live-out, a select's value) is read safely."""

from __future__ import annotations

from verifier.ir.opcodes import opcode
from verifier.ir.program import Branch, Instr, Loc, Operand, Phi, Program, Ref, Undef


def _sink(ins: Instr) -> bool:
    o = opcode(ins.op)
    return ins.op != "out" and (o.faults or o.effect or o.memory or ins.attrs.masked)  # (a live-out: a result)


def undef_reaching_ub(prog: Program) -> list[Loc | None]:
    """The locations of the undef uses (phis, instructions, branches) whose values
    reach a branch condition or a faulting, effectful, memory or masked operation."""
    origin = _undef_origins(prog)
    out: list[Loc | None] = []
    for b in prog.blocks.values():
        for i in b.instrs:
            hit, at = _source_of(origin, list(i.args), i.loc)
            if hit and _sink(i):
                out.append(at)
        if isinstance(b.term, Branch):
            hit, at = _source_of(origin, [b.term.cond], b.term.loc)
            if hit:
                out.append(at)
    return out


def _source_of(origin: dict[str, Loc | None], ops: list[Operand], loc: Loc | None) -> tuple[bool, Loc | None]:
    """Whether an operand is undef (the use at `loc`) or computed from one (its use)."""
    for op in ops:
        if isinstance(op, Undef):
            return True, loc
        if isinstance(op, Ref) and op.name in origin:
            return True, origin[op.name]
    return False, None


def _undef_origins(prog: Program) -> dict[str, Loc | None]:
    """Each value computed from an undef use -> that use's place, to a fixed point
    (phis read values defined later)."""
    origin: dict[str, Loc | None] = {}
    defs: list[tuple[Phi | Instr, list[Operand]]] = []
    for b in prog.blocks.values():
        defs += [(ph, [op for _, op in ph.incoming]) for ph in b.phis]
        defs += [(i, list(i.args)) for i in b.instrs if i.dest is not None]
    while _spread(origin, defs):
        pass
    return origin


def _spread(origin: dict[str, Loc | None], defs: list[tuple[Phi | Instr, list[Operand]]]) -> bool:
    """One pass of _undef_origins over `defs`: whether a value was found to come from undef."""
    changed = False
    for d, ops in defs:
        if d.dest is None or d.dest in origin:
            continue
        hit, at = _source_of(origin, ops, d.loc)
        if hit:
            origin[d.dest] = at
            changed = True
    return changed
