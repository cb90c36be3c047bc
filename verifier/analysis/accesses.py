"""Bounds checks that other bounds checks imply (an encoding fact, not a semantic one).

A vector iteration reads `a[b + o]` for VF constant offsets o of one base b, one
scalar load per lane. The lanes' "out of bounds or at a poison index" conditions
are all implied by the two lanes with the least and the greatest offset:

- the in-bounds set {x : 0 <= x < extent} is an interval of sign-extended indices,
  and the lanes' wrapped values b+o are monotone in o unless they cross the signed
  limit, in which case one end lands below zero (the offsets span less than half
  the index range), so both ends in bounds put every lane in bounds;
- nuw/nsw make b+o poison on a set that grows with |o| on each side of zero.

The symbolic encoder leaves the middle lanes' conditions out of the UB disjunction;
the disjunction means the same, and the solver no longer bit-blasts one 64-bit
comparison per lane (countdown at VF 64). The interpreter still checks every lane.
"""

from __future__ import annotations

from dataclasses import dataclass

from verifier.ir.program import Block, Const, Instr, Program, Ref
from verifier.ir.types import IntType, Type


@dataclass(frozen=True)
class _Offset:
    """An index `base + offset`, computed by `op` with `flags` (op None: the base itself)."""

    base: str
    offset: int
    op: str | None
    flags: frozenset[str]


def _signed(v: int, w: int) -> int:
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def _offset_of(idx: Ref, defs: dict[str, Instr], block_uids: set[int], width: int) -> _Offset:
    """idx as base + constant when it is defined so in this block; else idx + 0."""
    ins = defs.get(idx.name)
    found = _base_plus_constant(ins) if ins is not None and ins.uid in block_uids else None
    if found is None or ins is None:
        return _Offset(idx.name, 0, None, frozenset())
    base, c = found[0], _signed(found[1].value, width)
    flags = frozenset(ins.attrs.flags)
    if "nuw" in flags and c < 0:  # a huge unsigned constant: poison is not monotone in o
        return _Offset(idx.name, 0, None, frozenset())
    return _Offset(base.name, c if ins.op == "add" else -c, ins.op, flags)


def _base_plus_constant(ins: Instr) -> tuple[Ref, Const] | None:
    """An unmasked `base + c`, `c + base` or `base - c`: its base and constant."""
    if ins.op not in ("add", "sub") or ins.masked:
        return None
    a, b = ins.args
    if ins.op == "add" and isinstance(a, Const) and isinstance(b, Ref):
        a, b = b, a
    return (a, b) if isinstance(a, Ref) and isinstance(b, Const) else None


def implied_bounds_checks(prog: Program) -> frozenset[int]:
    """Uids of unmasked scalar loads whose UB conditions are implied by the loads of
    the same array, base, operation and flags at the least and greatest offset in the
    same block with no call between them that may not return (module docstring: where
    the run may end between two loads, the later one's UB is no longer certain)."""
    types = prog.value_types()
    defs = {i.dest: i for i in prog.instructions() if i.dest is not None}
    implied: set[int] = set()
    for blk in prog.blocks.values():
        groups = _load_groups(blk, types, defs)
        # The base itself (offset 0, no operation) joins each group on the same base.
        for (array, base, w, op, _flags, seg), members in list(groups.items()):
            if op is not None:
                plain = groups.get((array, base, w, None, frozenset(), seg), [])
                implied |= _between_the_ends(members + [m for m in plain if m[0] == 0], w)
    return frozenset(implied)


_Group = tuple[str, str, int, str | None, frozenset[str], int]  # array, base, width, operation, flags, segment


def _load_groups(blk: Block, types: dict[str, Type], defs: dict[str, Instr]) -> dict[_Group, list[tuple[int, int]]]:
    """The block's unmasked scalar loads by array, base, index width, operation, flags
    and segment (the calls that may not return before them), as (offset, uid)."""
    uids = {i.uid for i in blk.instrs}
    groups: dict[_Group, list[tuple[int, int]]] = {}
    stops = 0  # calls before that may not return: a load after one is UB only if it does
    for ins in blk.instrs:
        if ins.op == "call" and not ins.decl.pure and not ins.decl.willreturn:
            stops += 1
            continue
        idx = _scalar_load_index(ins)
        ity = types.get(idx.name) if idx is not None else None
        if idx is None or not isinstance(ity, IntType):
            continue
        off = _offset_of(idx, defs, uids, ity.bits)
        groups.setdefault((ins.array, off.base, ity.bits, off.op, off.flags, stops), []).append((off.offset, ins.uid))
    return groups


def _scalar_load_index(ins: Instr) -> Ref | None:
    """An unmasked scalar load's index, where it is a value."""
    idx = ins.args[0] if ins.op == "load" and not ins.masked and isinstance(ins.type, IntType) else None
    return idx if isinstance(idx, Ref) else None


def _between_the_ends(lanes: list[tuple[int, int]], w: int) -> set[int]:
    """The loads of a group (offset, uid) strictly between its least and greatest
    offset (at least three, the offsets less than half the index range apart)."""
    if len(lanes) < 3:
        return set()
    lo, hi = min(o for o, _ in lanes), max(o for o, _ in lanes)
    if hi - lo >= 1 << (w - 1):
        return set()
    return {u for _, u in lanes} - {_first_at(lanes, lo), _first_at(lanes, hi)}


def _first_at(lanes: list[tuple[int, int]], offset: int) -> int:
    """The first load (uid, in block order) at `offset`."""
    return next(u for o, u in lanes if o == offset)
