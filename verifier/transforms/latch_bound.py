"""The bound LLVM's vector loop counts to, as an invariant of the induction's steps
(transforms/step.py) over a target with a remainder loop.

LLVM's vector loop leaves when `%index.next == %n.vec` (the trip count rounded down
to a multiple of VF), often or-ed with the early exit's any-of. The window
(transforms/window.py) knows the source's state only, so a vector iteration from
`%index = 4q` may load lanes past `%n.vec`, a state no run reaches. The invariant
that rules it out: at every vector header visit, `iv + step <=u N` (no wrap) for such an exit
test `iv + step == N` (or `>=u N`; `!=`, `<u` where the loop goes on while it holds)
on a vector induction `iv`. An inclusive test (the loop goes on while `iv + step <= N`,
a rotated `while (i <= N - VF)`) bounds `iv <= N` only: no room for a step.

It is proved with the steps, not assumed:
- the base case's target emits its value at its first vector header visit, and the
  step's target at the visit it is cut at, as live-out BOUND; the source emits 1
  there (transforms/step.py), so a target whose bound fails, or is poison, differs;
- the vector step's source assumes it of the window's state, which makes the states
  where it fails vacuous. The source computes it as the target does: a copy of the
  target's code for N and the induction's start (transforms/guard.py's rules: pure,
  over the shared parameters) and `start + step * q` wrapping, which is the target's
  window value wherever that is not poison (a poison one is no state the proved
  bound allows).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from verifier.analysis.exits import Induction, inductions
from verifier.analysis.loops import find_loops
from verifier.ir.program import Attrs, Branch, Const, Fresh, Instr, Operand, Program, Ref
from verifier.ir.types import I1, IntType, mask
from verifier.transforms.guard import copier
from verifier.transforms.window import NoWindow, Q

BOUND = "step.bound"


@dataclass(frozen=True)
class LatchBound:
    """At every visit of the vector header, `phi + room <=u bound` (room: the step,
    or 0 for an inclusive test `iv.next <= M`)."""

    phi: str
    step: int
    bound: Operand
    start: Operand
    type: IntType
    # a signed test (`iv.next <s N`, seed 000's `while (i < N - N % VF)`): the bound is
    # `start <=s phi <=s N` with `phi + step` no further than N, which leaves out the
    # states where the induction wrapped negative (no run reaches them)
    signed: bool = False
    room: int | None = None  # None: the step

    @property
    def slack(self) -> int:
        """How far below the bound the phi stays at every header visit."""
        return self.step if self.room is None else self.room


# the latch leaves when `iv.next PRED N` holds (exit on true) or fails (exit on false);
# swapped, the test reads `N PRED' iv.next`. (A signed test's bound, iv + C <=s N, also
# holds in states where iv wrapped negative, which no run reaches: no step closes on it.)
_LEAVE_ON = {True: ("eq", "uge", "sge", "ugt", "sgt"), False: ("ne", "ult", "slt", "ule", "sle")}
_SWAPPED = {"eq": "eq", "ne": "ne", "uge": "ule", "ult": "ugt", "sge": "sle", "slt": "sgt",
            "ule": "uge", "ugt": "ult", "sle": "sge", "sgt": "slt"}
_SIGNED = {"sge", "sle", "slt", "sgt"}
# tests whose bound is inclusive: the loop goes on while `iv.next <= N` (a `.loop`
# listing's `while (i <= N - VF)`, rotated), so at every header visit `iv <= N`
_INCLUSIVE = {"ule", "sle", "ugt", "sgt"}


def latch_bound(tgt: Program, header: str) -> LatchBound | None:
    """The bound of the loop at `header` in `tgt`: an exit test of its latch on the
    update `iv + C` of an induction stepping by C > 0 against an N computed before the
    loop (`==` or `>=u` where the latch leaves on true, under `or`; `!=` or `<u` where
    it leaves on false, under `and`): `iv + C <=u N` at every header visit (a
    proposal: the steps prove it or fail)."""
    lp = next((q for q in find_loops(tgt) if q.header == header), None)
    if lp is None or len(lp.latches) != 1:
        return None
    t = tgt.blocks[lp.latches[0]].term
    if not isinstance(t, Branch) or (t.then in lp.blocks) == (t.other in lp.blocks):
        return None
    exit_when = t.then not in lp.blocks
    defs = {i.dest: i for b in tgt.blocks.values() for i in b.instrs if i.dest}
    inside = {i.dest for b in lp.blocks for i in tgt.blocks[b].instrs if i.dest}
    inside |= {ph.dest for b in lp.blocks for ph in tgt.blocks[b].phis}
    ivs = inductions(tgt, lp)
    starts = {ph.dest: op for ph in tgt.blocks[header].phis for b, op in ph.incoming if b not in lp.blocks}
    for cmp in _leaving_compares(defs, t.cond, exit_when):
        for (x, n), swapped in ((cmp.args, False), (cmp.args[::-1], True)):
            b = _bound_of(cmp, x, n, swapped, exit_when, defs, ivs, inside, starts)
            if b is not None and _computable_before(tgt, b):
                return b
    return None


def _bound_of(cmp: Instr, x: Operand, n: Operand, swapped: bool, exit_when: bool, defs: dict[str, Instr],
              ivs: dict[str, Induction], inside: set[str], starts: dict[str, Operand]) -> LatchBound | None:
    """The bound `cmp` (read as x against n) puts on an induction's update x, where n
    is computed before the loop and the predicate leaves the loop as the latch does."""
    if cmp.attrs.pred not in {_SWAPPED[p] if swapped else p for p in _LEAVE_ON[exit_when]}:
        return None
    if isinstance(n, Ref) and n.name in inside:
        return None
    upd = defs.get(x.name) if isinstance(x, Ref) else None
    if upd is None or not isinstance(upd.type, IntType):
        return None
    iv = next((v for v in ivs.values() if v.update == upd.dest), None)
    if iv is None or iv.op != "add" or iv.step <= 0:
        return None
    pred = _SWAPPED[cmp.attrs.pred] if swapped else cmp.attrs.pred
    return LatchBound(iv.phi, iv.step, n, starts[iv.phi], upd.type, pred in _SIGNED,
                      0 if pred in _INCLUSIVE else None)


def _leaving_compares(defs: dict[str, Instr], c: Operand, exit_when: bool) -> list[Instr]:
    """The icmps whose value alone (true where the latch leaves on true, false where
    it leaves on false) makes the latch leave: through `or` / `||` for the first, `and`
    / `&&` for the second."""
    ins = defs.get(c.name) if isinstance(c, Ref) else None
    if ins is None:
        return []
    if ins.op == ("or" if exit_when else "and"):
        return _leaving_compares(defs, ins.args[0], exit_when) + _leaving_compares(defs, ins.args[1], exit_when)
    if ins.op == "select" and exit_when and ins.args[1] == Const(1, I1):  # a || b
        return _leaving_compares(defs, ins.args[0], exit_when) + _leaving_compares(defs, ins.args[2], exit_when)
    if ins.op == "select" and not exit_when and ins.args[2] == Const(0, I1):  # a && b
        return _leaving_compares(defs, ins.args[0], exit_when) + _leaving_compares(defs, ins.args[1], exit_when)
    return [ins] if ins.op == "icmp" else []


def _computable_before(tgt: Program, b: LatchBound) -> bool:
    """Whether the source step can compute the bound's start and N as the target does."""
    try:
        _, copy = copier(tgt, None, Fresh.of(tgt, "b"))
        copy(b.start), copy(b.bound)
    except NoWindow:
        return False
    return True


def holds(b: LatchBound, value: Operand, fresh: Fresh) -> tuple[list[Instr], Operand]:
    """Instructions computing whether `value` (the phi's, at a visit) is within bound:
    `value + room <=u N` without wrapping, as `value <=u N` and `N - value >=u room`
    (a wrapped sum is small, and would let a state at the top of the range pass);
    signed, `start <=s value <=s N` and `N - value >=u step` (the difference of two
    values in order is exact unsigned)."""
    below, left, room, ok = (fresh.name(h) for h in ("bound.below", "bound.left", "bound.room", "bound.ok"))
    code = [Instr(fresh.uid(), "icmp", [value, b.bound], I1, below, Attrs(pred="sle" if b.signed else "ule")),
            Instr(fresh.uid(), "sub", [b.bound, value], b.type, left, Attrs()),
            Instr(fresh.uid(), "icmp", [Ref(left), Const(b.slack & mask(b.type.bits), b.type)], I1, room,
                  Attrs(pred="uge")),
            Instr(fresh.uid(), "and", [Ref(below), Ref(room)], I1, ok, Attrs())]
    if not b.signed:
        return code, Ref(ok)
    started, both = fresh.name("bound.started"), fresh.name("bound.ok")
    code += [Instr(fresh.uid(), "icmp", [b.start, value], I1, started, Attrs(pred="sle")),
             Instr(fresh.uid(), "and", [Ref(ok), Ref(started)], I1, both, Attrs())]
    return code, Ref(both)


def assumed(src: Program, tgt: Program, b: LatchBound) -> list[Instr]:
    """Instructions for the vector step's source (its entry): the bound holds at the
    window's vector iteration `q` (module docstring)."""
    fresh = Fresh.of(src, "b")
    code, copy = copier(tgt, None, fresh)
    start, bound = copy(b.start), copy(b.bound)
    ty = b.type
    q: Operand = Ref(Q)
    if ty.bits != 64:
        qn = fresh.name(f"{Q}.i{ty.bits}")
        code.append(Instr(fresh.uid(), "trunc" if ty.bits < 64 else "zext", [q], ty, qn, Attrs()))
        q = Ref(qn)
    off, at = fresh.name("bound.offset"), fresh.name("bound.at")
    code += [Instr(fresh.uid(), "mul", [q, Const(b.step & mask(ty.bits), ty)], ty, off, Attrs()),
             Instr(fresh.uid(), "add", [start, Ref(off)], ty, at, Attrs())]
    more, ok = holds(replace(b, bound=bound, start=start), Ref(at), fresh)
    code += more
    code.append(Instr(fresh.uid(), "assume", [ok], None, None, Attrs()))
    return code

