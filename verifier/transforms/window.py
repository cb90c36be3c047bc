"""One vector iteration entered from any state the loop can be in at a vector
iteration's start: the inductive form of the legality checks.

A legality harness (transforms/harness.py) adds its early evaluation at every
vector iteration's start. If, from *every* such state, the added evaluation has
UB only when the scalar loop itself has UB within the next VF iterations, the
harness adds no UB for any trip count. `vector_window` rewrites a harness so its
loop starts in such a state, chosen by new parameters:

- each induction variable at `start + step * VF * q`, for a free `q` (the vector
  iteration number): wrapping, or poison past its range under nsw/nuw;
- a phi holding an induction's previous value (analysis.exits.Lagging: `j = i`, from
  one step behind) at its own `start + step * VF * q`, wrapping, or poison (a free
  pick): in iteration t it is the induction's value in t - 1, which is that, or poison
  where the induction was;
- each other loop-carried value of the model free, possibly poison (the harness's
  own counters restart with the window);
- memory as the input gives it: arbitrary contents, poison cells allowed.

Reading the window for VF iterations (the caller unrolls that far and no further)
is then one vector iteration from an over-approximation of the reachable states.
That is sound only when the loop's stores cannot contradict facts fixed before
the loop; `vector_window` refuses (NoWindow) the shapes where it cannot tell.

A `coarse` window also leaves each induction variable free (any value, or poison):
more states still, so a proof there is a proof; it drops the exact relation
between the induction and its start (`start + step * VF * q`, a wide product
the solver must reason through), which most speculation proofs do not need.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from verifier.analysis.exits import LoopExits
from verifier.analysis.loops import Loop, dominates, find_loops, reachable_cfg
from verifier.ir.program import (
    Attrs,
    Const,
    Fresh,
    Instr,
    Operand,
    Param,
    PoisonConst,
    Program,
    Ref,
    Undef,
    copy_program,
    map_operands,
    sharing,
)
from verifier.ir.types import I1, I64, IntType, Type, VecType, mask

Q = "window.q"


class NoWindow(Exception):
    """The loop's shape does not let the window over-approximate its states."""


@dataclass
class Window:
    program: Program
    params: tuple[str, ...]  # the parameters that choose the start state (not the model's)
    assumes: frozenset[int] = frozenset()  # uids of its facts about the state (UB: no such state)


def vector_window(harness: Program, original: Program, le: LoopExits, vf: int, coarse: bool = False) -> Window:
    """`harness` (built from `original`, analysed as `le`) entered at a vector
    iteration's start chosen by new parameters (`coarse`: inductions free too)."""
    check_applicable(original, le)
    p = copy_program(harness)
    originals = {ph.dest for ph in original.blocks[le.loop.header].phis}
    # the harness's own counters restart with the window
    return enter_window(p, le.loop.header, entry_block(p, le), {d: d for d in originals}, le, vf, coarse)


def entry_block(p: Program, le: LoopExits) -> str:
    """The one block outside the loop that its header is entered from. The loop's
    blocks are `p`'s own: a transform that split the header of a single-block loop
    (the header is its latch) moved the back edge to a block `le` never saw."""
    lp = le.loop
    inside = next((q.blocks for q in find_loops(p) if q.header == lp.header), lp.blocks)
    outside = {b for ph in p.blocks[lp.header].phis for b, _ in ph.incoming if b not in inside}
    if len(outside) != 1:
        raise NoWindow("the loop is entered from more than one block")
    return outside.pop()


def enter_window(p: Program, header: str, pre_name: str, names: dict[str, str], le: LoopExits,
                 vf: int, coarse: bool = False, offsets: dict[str, int] | None = None) -> Window:
    """Rewrite `p` in place so that `header`'s phis named in `names` (phi -> the scalar
    loop's phi it stands for) take, from block `pre_name`, the window's state: the
    same parameters for every program built over the same scalar loop. `coarse`:
    inductions are free like any other carried value. `offsets` (phi -> d): an
    induction phi that holds its scalar phi's value + d takes the scalar phi's window
    value (from the scalar start) + d, wrapping: poison exactly where that one is, so
    every state the phi can hold refines one the window gives (VectorForm.offsets)."""
    head = p.blocks[header]
    pre = p.blocks[pre_name]
    fresh = Fresh.of(p, "w")
    first_uid = fresh.last_uid + 1
    new_params: list[Param] = [Param(Q, I64)]

    def emit(op: str, args: list[Operand], ty: Type | None, hint: str, **attrs: Any) -> Ref:
        dest = fresh.name(hint)
        pre.instrs.append(Instr(fresh.uid(), op, args, ty, dest if ty is not None else None, Attrs(**attrs)))
        return Ref(dest)

    for ph in head.phis:
        if ph.dest not in names:
            continue
        scalar = names[ph.dest]
        ty = ph.type
        k = next(i for i, (b, _) in enumerate(ph.incoming) if b == pre.name)
        start = ph.incoming[k][1]
        if isinstance(ty, VecType):
            # a first-order recurrence's vector (LLVM's vector.recur): its last lane holds
            # the scalar phi's value, the window's; the other lanes any value or poison
            if le.inductions.get(scalar) is not None:
                raise NoWindow(f"the loop carries a vector value {ph.dest!r} for an induction")
            last = Const(ty.lanes - 1, I64)
            val, pick, pois = carried_params(scalar)
            new_params += [Param(val, ty.elem), Param(pick, I1), Param(pois, I1)]
            any_v = emit("select", [Ref(pois), PoisonConst(ty.elem), Ref(val)], ty.elem, f"{scalar}.havoc")
            was = emit("extractelt", [start, last], ty.elem, f"{scalar}.start")
            lane = emit("select", [Ref(pick), any_v, was], ty.elem, f"{scalar}.window")
            lanes_i1 = VecType(ty.lanes, I1)
            anyv = emit("freeze", [PoisonConst(ty)], ty, f"{ph.dest}.lanes")
            which = emit("freeze", [PoisonConst(lanes_i1)], lanes_i1, f"{ph.dest}.poison")
            rest = emit("select", [which, PoisonConst(ty), anyv], ty, f"{ph.dest}.others")
            ph.incoming[k] = (pre.name, emit("insertelt", [rest, lane, last], ty, f"{ph.dest}.window"))
            continue
        lag = None if coarse else le.lagging.get(scalar)
        if lag is not None and isinstance(ty, IntType):
            # an induction's previous value: start + step * VF * q, wrapping (its values in
            # every iteration), or poison (where the induction was): a free pick
            behind = le.inductions[lag.induction]
            exact = _iv_at(emit, start, ty, behind.step * vf,
                           (behind.ustep if behind.op == "add" else -behind.ustep) * vf, ())
            _, _, pois = carried_params(scalar)
            new_params.append(Param(pois, I1))
            ph.incoming[k] = (pre.name, emit("select", [Ref(pois), PoisonConst(ty), exact], ty, f"{scalar}.window"))
            continue
        iv = None if coarse else le.inductions.get(scalar)
        d = (offsets or {}).get(ph.dest, 0)
        if d and (iv is None or not isinstance(iv.start, Const)):
            raise NoWindow(f"{ph.dest!r} is offset from {scalar!r}, which is no induction from a constant")
        if iv is not None:
            base = iv.start if d else start  # the scalar phi's start: the window's facts are about it
            new = _iv_at(emit, base, ty, iv.step * vf, (iv.ustep if iv.op == "add" else -iv.ustep) * vf, iv.flags)
            for c, n in _equality_exits(le, scalar):
                if _available(p, n, pre_name):
                    _not_passed(emit, base, ty, iv.step, vf, c, n)
            if d:
                new = emit("add", [new, Const(d & mask(ty.bits), ty)], ty, f"{scalar}.offset", flags=())
        else:
            val, pick, pois = carried_params(scalar)
            new_params += [Param(val, ty), Param(pick, I1), Param(pois, I1)]
            any_v = emit("select", [Ref(pois), PoisonConst(ty), Ref(val)], ty, f"{scalar}.havoc")
            new = emit("select", [Ref(pick), any_v, start], ty, f"{scalar}.window")
        ph.incoming[k] = (pre.name, new)
    p.params = new_params + list(p.params)
    facts = frozenset(i.uid for i in pre.instrs if i.op == "assume" and i.uid >= first_uid)
    return Window(p, tuple(q.name for q in new_params), facts)


def _iv_at(emit: Callable[..., Ref], start: Operand, ty: IntType, stride: int, ustride: int,
           flags: tuple[str, ...]) -> Operand:
    """start + stride * q for the free vector iteration number q. With nsw/nuw on the
    induction's update, the value is computed exactly (in a wider type: signed stride
    for nsw, unsigned `ustride` for nuw) and is poison where it leaves the type's
    range, as the loop's own value is once it overflowed; without flags it wraps.
    Either way it covers every value the loop can hold."""
    w = ty.bits

    def moved(base: Operand, q: Operand, by: int, t: IntType) -> Operand:
        # base +/- q * |by|: a multiplication by a small positive constant (a
        # multiplication by a negative one is a full-width multiplier for the solver)
        off = emit("mul", [q, Const(abs(by) & mask(t.bits), t)], t, "iv.offset", flags=())
        return emit("add" if by >= 0 else "sub", [base, off], t, "iv.window", flags=())

    if not {"nsw", "nuw"} & set(flags):
        if w > 64:  # q is 64 bits: a wrapping induction this wide has states it does not reach
            raise NoWindow(f"an induction of {ty} that wraps: wider than the window's iteration count")
        q = Ref(Q) if w == 64 else emit("trunc", [Ref(Q)], ty, f"{Q}.i{w}", flags=())
        return moved(start, q, stride, ty)
    wide = IntType(w + 72)
    qw = emit("zext", [Ref(Q)], wide, f"{Q}.wide", flags=())
    ok: Operand = Const(1, I1)
    exact: Operand | None = None
    for flag, ext, lo, hi, step in (("nsw", "sext", -(1 << (w - 1)), (1 << (w - 1)) - 1, stride),
                                    ("nuw", "zext", 0, (1 << w) - 1, ustride)):
        if flag not in flags:
            continue
        exact = moved(emit(ext, [start], wide, "iv.start", flags=()), qw, step, wide)
        above = emit("icmp", [Const(lo & mask(wide.bits), wide), exact], I1, "iv.lo", pred="sle")
        below = emit("icmp", [exact, Const(hi & mask(wide.bits), wide)], I1, "iv.hi", pred="sle")
        ok = emit("and", [ok, emit("and", [above, below], I1, "iv.fits", flags=())], I1, "iv.fits", flags=())
    assert exact is not None
    value = emit("trunc", [exact], ty, "iv.value", flags=())
    return emit("select", [ok, value, PoisonConst(ty)], ty, "iv.window")


def _equality_exits(le: LoopExits, scalar: str) -> list[tuple[int, Operand]]:
    """The countable exits taken when induction `scalar` (step +-1), or its update,
    equals some N (a rotated loop's `icmp eq i.next, N`), tested in every iteration
    that goes on: (c, N) for an exit on `scalar + c`."""
    iv = le.inductions[scalar]
    if abs(iv.step) != 1:
        return []
    defs = {i.dest: i for i in le.instrs.values() if i.dest}
    out: list[tuple[int, Operand]] = []
    for e in le.countable:
        if e.block not in le.loop.exits_dominating_latch:
            continue  # an iteration that went on may not have tested it
        cond = defs.get(e.cond.name) if isinstance(e.cond, Ref) else None
        if cond is None or cond.op != "icmp" or cond.attrs.pred != ("eq" if e.exit_when else "ne"):
            continue
        for x, n in (cond.args, cond.args[::-1]):
            if x == Ref(scalar):
                out.append((0, n))
            elif x == Ref(iv.update):
                out.append((iv.step, n))
    return out


def _available(p: Program, n: Operand, pre: str) -> bool:
    """`n` is a constant, a parameter, or computed by an instruction outside every loop
    of `p` in a block that dominates `pre` (the value the scalar loop compared with,
    readable where the window starts)."""
    if isinstance(n, Const):
        return True
    if not isinstance(n, Ref):
        return False
    if any(q.name == n.name for q in p.params):
        return True
    in_loops = {b for lp in find_loops(p) for b in lp.blocks}
    home = next((b.name for b in p.blocks.values() for i in b.instrs if i.dest == n.name), None)
    if home is None or home in in_loops:
        return False
    g = reachable_cfg(p)
    return pre in g and dominates(nx.immediate_dominators(g, p.entry), home, pre)


def _not_passed(emit: Callable[..., Ref], start: Operand, ty: IntType, step: int, vf: int, c: int,
                n: Operand) -> None:
    """Assume the window's state is past no equality exit: in the VF*q iterations
    before it, `start + c + step*j` (mod 2^w) never met N. With step +-1 it met N at
    j = +-(N - start - c) mod 2^w, so that distance is at least VF*q. States the loop
    cannot reach (past a rotated loop's `i.next == N`) are left out of the window."""
    w = ty.bits
    at = emit("add", [start, Const(c & mask(w), ty)], ty, "exit.first", flags=())
    dist = emit("sub", [n, at] if step > 0 else [at, n], ty, "exit.dist", flags=())
    wide = IntType(w + 72)
    dist_w = emit("zext", [dist], wide, "exit.dist", flags=())
    done = emit("mul", [emit("zext", [Ref(Q)], wide, f"{Q}.wide", flags=()), Const(vf, wide)], wide,
                "exit.before", flags=())
    ok = emit("icmp", [done, dist_w], I1, "exit.notyet", pred="ule")
    emit("assume", [ok], None, "exit.assume")


def check_applicable(prog: Program, le: LoopExits) -> None:
    """Refuse shapes whose reachable vector-start states the window may miss."""
    if len(find_loops(prog)) != 1:
        raise NoWindow("the model has more than one loop")
    check_loops(prog, [le.loop])


def check_loops(prog: Program, loops: list[Loop]) -> None:
    """Refuse shapes where a window entered at any of `loops`' headers may miss a
    reachable state: undef in an instruction anywhere, or in a phi or branch of a loop
    or the code before it (a value computed from it is carried tainted, and a free
    start state is clean: a target's branch on it would not be UB); a loop writing
    memory (by a store, or a call that may write it) whose cells the input never makes
    poison, or code before a header accessing memory a loop writes."""
    for ins in prog.instructions():
        if any(isinstance(a, Undef) for a in ins.args):
            raise NoWindow("the model uses undef, whose per-use values a free start state does not cover")
    inside = frozenset().union(*(lp.blocks for lp in loops))
    upto = inside | set().union(*(nx.ancestors(reachable_cfg(prog), lp.header) for lp in loops))
    if prog.uses_undef_in(upto):
        raise NoWindow("a loop or the code before it uses undef, whose per-use values a free start state "
                       "does not cover")
    written: set[str] = set()
    for b in inside:
        for ins in prog.blocks[b].instrs:
            if ins.op == "store":
                written.add(ins.array)
            elif ins.op == "call":  # what a callee may write (semantics/ops._reached_by)
                written.update(ins.decl.writes)
    written = sharing(prog, written)
    for name in written:
        if prog.array(name).init:
            raise NoWindow(f"the loop writes {name}[], whose cells the input never makes poison")
    g = reachable_cfg(prog)
    before = set().union(*(nx.ancestors(g, lp.header) for lp in loops)) - inside
    for b in before:
        for ins in prog.blocks[b].instrs:
            if ins.op in ("load", "store") and ins.array in written:
                raise NoWindow(f"code outside the loop accesses {ins.array}[], which the loop writes")


def carried_params(scalar: str) -> tuple[str, str, str]:
    """The window's parameters for a loop-carried value that is not an induction:
    its value, whether the window picks it (else the loop's start value), poison."""
    return f"window.{scalar}", f"window.{scalar}.pick", f"window.{scalar}.poison"


def _start_values(params: list[Param]) -> dict[str, Operand]:
    """The window parameters (of enter_window) and their values at the loop's start:
    q = 0, and no carried value picked."""
    names = {q.name for q in params}
    fixed: dict[str, Operand] = {Q: Const(0, I64)} if Q in names else {}
    for q in params:
        scalar = q.name.removeprefix("window.").removesuffix(".pick")
        if q.type == I1 and q.name == carried_params(scalar)[1] and set(carried_params(scalar)) <= names:
            fixed[q.name] = Const(0, I1)
    return fixed


def at_loop_start(p: Program) -> Program:
    """A windowed program (enter_window) fixed to the loop's own first vector
    iteration: q = 0 and no loop-carried value picked, so the window state is the
    state the loop starts in. A divergence found from there needs no unreachable
    state, only the inputs, and is replayed on the whole programs."""
    fixed = _start_values(p.params)
    out = copy_program(p)
    out.params = [q for q in out.params if q.name not in fixed]

    def sub(op: Operand) -> Operand:
        return fixed.get(op.name, op) if isinstance(op, Ref) else op

    map_operands(out.blocks, sub)
    return out
