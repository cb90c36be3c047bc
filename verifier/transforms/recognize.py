"""opt's vectorized output read as a vector form (transforms/vector_loop.VectorForm),
so that the induction over one vector iteration (transforms/step.py) applies to a
`.ll` pair as it does to the forms the tool generates (issue 6, item 4).

The shape taken: the target has one loop, the vector loop (no scalar epilogue: the
trip count is a multiple of VF, as in LLVM 22's early-exit vectorization of a loop
over a `T a[static N]`), entered from one preheader; each of its header phis is an
induction that steps VF times as far as a source induction with the same start, and
every source header phi is matched so (VF 1: a loop opt left scalar). A target
induction may start a constant apart from its source induction (opt counts `%index`
from 0 and adds the source's start): the relation between the two is then that
offset (VectorForm.offsets). Or two loops: such a vector loop, then a scalar remainder
loop it hands over to (VectorForm.remainder; LLVM's shape for a trip count it does
not know). Anything else: NoWindow, and the bounded check decides."""

from __future__ import annotations

import re
from collections.abc import Mapping

import networkx as nx

from verifier.analysis.exits import Induction, LoopExits, analyse, inductions
from verifier.analysis.loops import Loop, find_loops, reachable_cfg
from verifier.ir.program import Block, Const, Operand, Phi, Program, Ref
from verifier.ir.types import VecType
from verifier.transforms.latch_bound import latch_bound
from verifier.transforms.rotate import bottom_tested, rotated
from verifier.transforms.vector_loop import VectorForm
from verifier.transforms.window import NoWindow, check_applicable, check_loops


def recognize(src: Program, le: LoopExits, tgt: Program) -> VectorForm:
    """`tgt` as a vector form of the scalar loop `le` of `src`."""
    loops = find_loops(tgt)
    if len(loops) == 2:
        return _with_remainder(src, le, tgt, loops)
    if len(loops) != 1:
        raise NoWindow(f"the target has {len(loops)} loops, not one vector loop")
    lp = loops[0]
    if lp.preheader is None:
        raise NoWindow("the target's loop has no preheader")
    # the window's free state must cover the target's reachable states too
    check_applicable(tgt, analyse(tgt))
    vf, vphis, offsets = _vector_loop(src, le, tgt, lp)
    return VectorForm(tgt, vf, lp.header, "", lp.preheader, "", vphis, offsets)


def _with_remainder(src: Program, le: LoopExits, tgt: Program, loops: list[Loop]) -> VectorForm:
    """A vector loop and a scalar remainder loop after it (LLVM's shape for a trip count
    it does not know): the remainder loop is the one the other leads to and that does
    not lead back (the step cuts the target where it enters it). Its header phis stand
    for the source header's: by name where opt kept the names, else in order, types
    equal. (A wrong pairing cannot prove anything: the steps compare the states.)"""
    g = reachable_cfg(tgt)
    first, second = loops
    if nx.has_path(g, second.header, first.header):
        first, second = second, first
    vl, sl = first, second
    if nx.has_path(g, sl.header, vl.header) or not nx.has_path(g, vl.header, sl.header):
        raise NoWindow("the target has 2 loops, and neither is a vector loop followed by a remainder loop")
    if bottom_tested(src, le.loop.header) and not (bottom_tested(tgt, vl.header) and bottom_tested(tgt, sl.header)):
        # `while` loops for a bottom-tested source loop (seed 000's listing: `while (i <
        # N - N % VF)` and its remainder): rotated, a step of each ends where the
        # source's does (transforms/rotate.py)
        # (all or nothing: where a header cannot be rotated, the target stays as it is)
        try:
            turned = tgt
            for lp in (vl, sl):
                if not bottom_tested(turned, lp.header):
                    turned = rotated(turned, lp.header)
        except NoWindow:
            turned = tgt
        if turned is not tgt:
            tgt = turned
            by_header = {lp.header: lp for lp in find_loops(tgt)}
            vl, sl, loops = by_header[vl.header], by_header[sl.header], list(by_header.values())
    if vl.preheader is None or sl.preheader is None:
        raise NoWindow("a loop of the target has no preheader")
    sphis = _remainder_phis(src.blocks[le.loop.header].phis, tgt.blocks[sl.header].phis)
    check_loops(tgt, loops)
    vf, vphis, offsets = _vector_loop(src, le, tgt, vl, free_ok=True)
    ways = _handovers(tgt, vl, sl)
    kinds = set(ways.values())
    # redo: some way leaves before a vector iteration's lanes (the step unrolls the
    # remainder VF times); `ways` only where they differ
    return VectorForm(tgt, vf, vl.header, sl.header, vl.preheader, sl.preheader, vphis, offsets,
                      remainder=True, sphis=sphis, bound=latch_bound(tgt, vl.header),
                      redo=True in kinds, ways=ways if len(kinds) > 1 else {},
                      free=tuple(ph.dest for ph in tgt.blocks[vl.header].phis if ph.dest not in vphis))


def _handovers(tgt: Program, vl: Loop, sl: Loop) -> dict[tuple[str, str], bool]:
    """For each edge from the vector loop by which the remainder loop's starting values
    leave it: whether they are its header phis' own values (the vector iteration's
    lanes are left for the remainder to run: the simple form's anyof, a vector
    header's test), not values after running them (LLVM's middle block). The values
    are followed back through the phis where the vector loop's ways out join (seed
    000's listing: its exit block's `i`); a way whose phis disagree is NoWindow."""
    assert sl.preheader is not None  # _with_remainder checked it
    vheads = {ph.dest for ph in tgt.blocks[vl.header].phis}
    # a recurrence's vector hands over its last lane (the value at the iteration's start)
    vheads |= {i.dest for b in vl.blocks for i in tgt.blocks[b].instrs if i.dest and i.op == "extractelt"
               and isinstance(i.args[0], Ref) and i.args[0].name in vheads and isinstance(i.args[1], Const)
               and i.args[1].value == vl_lanes(tgt, i.args[0].name) - 1}
    joins = {r.dest: (name, r) for name, b in tgt.blocks.items() if name not in vl.blocks | sl.blocks for r in b.phis}
    ways: dict[tuple[str, str], bool] = {}

    def follow(op: Operand, seen: frozenset[str]) -> None:
        if not isinstance(op, Ref) or op.name not in joins or op.name in seen:
            return
        block, ph = joins[op.name]
        for q, v in ph.incoming:
            if q in vl.blocks:
                kind = isinstance(v, Ref) and v.name in vheads
                if ways.setdefault((q, block), kind) != kind:
                    raise NoWindow(f"the target leaves its vector loop for {block} with values both before and "
                                   "after a vector iteration's lanes")
            else:
                follow(v, seen | {op.name})

    direct = False  # a header value read outside the loop by dominance (a `.loop` listing)
    for ph in tgt.blocks[sl.header].phis:
        for b, op in ph.incoming:
            if b != sl.preheader:
                continue
            if sl.preheader in vl.blocks:
                ways[(sl.preheader, sl.header)] = isinstance(op, Ref) and op.name in vheads
            elif isinstance(op, Ref) and op.name in vheads:
                direct = True
            else:
                follow(op, frozenset())
    if direct and False in ways.values():
        raise NoWindow(f"the target leaves its vector loop for {sl.header} with values both before and after "
                       "a vector iteration's lanes")
    if direct:  # every way out leaves the iteration's lanes to the remainder
        ways[(sl.preheader, sl.header)] = True
    return ways


_BASE = re.compile(r"(\.\d+)+$")  # an SSA suffix the model front end adds: i.3 -> i


def vl_lanes(tgt: Program, name: str) -> int:
    """The lanes of vector value `name` of `tgt` (1 for a scalar)."""
    t = tgt.value_types().get(name)
    return t.lanes if isinstance(t, VecType) else 1


def _remainder_phis(source: list[Phi], remainder: list[Phi]) -> dict[str, str]:
    """The remainder loop's header phis -> the source header's they stand for: by name,
    else in order, else by name without its SSA suffix (`i.3` for `i`). A remainder phi
    the source does not carry (seed 000's listing carries `Y` for its live-out) stands
    for nothing: the remainder's step starts it free (step.remainder_steps)."""
    want = {ph.dest: ph.type for ph in source}
    have = {ph.dest: ph.type for ph in remainder}
    if all(have.get(name) == t for name, t in want.items()):
        return {name: name for name in want}
    if [ph.type for ph in remainder] == [ph.type for ph in source]:
        return {t.dest: s.dest for t, s in zip(remainder, source, strict=True)}
    out: dict[str, str] = {}
    for s in source:
        same = [t for t in remainder if _BASE.sub("", t.dest) == _BASE.sub("", s.dest) and t.type == s.type]
        if len(same) != 1:
            raise NoWindow("the target's remainder loop does not carry the source loop's phis")
        out[same[0].dest] = s.dest
    return out


def _vector_loop(src: Program, le: LoopExits, tgt: Program, lp: Loop,
                 free_ok: bool = False) -> tuple[int, dict[str, str], dict[str, int]]:
    """VF, the vector header phis' source phis and their offsets, for target loop `lp`.
    `free_ok` (a target with a remainder loop): a scalar phi that is neither an induction
    nor carries a source phi stands for nothing (VectorForm.free)."""
    tivs = inductions(tgt, lp)
    head = tgt.blocks[lp.header]
    vphis: dict[str, str] = {}
    vf = 0
    offsets: dict[str, int] = {}
    carried = _carried_phis(src, le, tgt, lp, tivs)
    _recurrences(src, le, head, tivs, carried)
    for ph in head.phis:
        tiv = tivs.get(ph.dest)
        if ph.dest in carried:
            vphis[ph.dest] = carried[ph.dest]
            continue
        if tiv is None and free_ok and not isinstance(ph.type, VecType):
            continue
        if tiv is None:
            raise NoWindow(f"the target's loop carries {ph.dest!r}, which is not an induction"
                           + _why_no_induction(tgt, lp, ph))
        phi, k, offset = _source_induction(src, le, ph, tiv, set(vphis.values()))
        if k and vf and k != vf:
            raise NoWindow("the target's inductions step different multiples of the source's")
        vf = k or vf
        vphis[ph.dest] = phi
        if offset:
            offsets[ph.dest] = offset
    missing = [ph.dest for ph in src.blocks[le.loop.header].phis if ph.dest not in vphis.values()]
    if missing or not vf:
        raise NoWindow(f"the target's vector loop does not carry the source's {', '.join(missing) or 'state'}")
    return vf, vphis, offsets


def _recurrences(src: Program, le: LoopExits, head: Block, tivs: Mapping[str, object],
                 carried: dict[str, str]) -> None:
    """A vector phi stands for a source phi its last lane holds (a first-order
    recurrence, LLVM's vector.recur): paired in order with the carried source phis of
    its lane type that nothing else stands for, added to `carried` (a wrong pairing
    proves nothing: the steps compare)."""
    free = [s for s in src.blocks[le.loop.header].phis if s.dest not in le.inductions
            and s.dest not in carried.values()]
    for ph in head.phis:
        if isinstance(ph.type, VecType) and ph.dest not in tivs:
            lane = next((s for s in free if s.type == ph.type.elem), None)
            if lane is not None:
                carried[ph.dest] = lane.dest
                free.remove(lane)


def _source_induction(src: Program, le: LoopExits, ph: Phi, tiv: Induction,
                      taken: set[str]) -> tuple[str, int, int]:
    """The source phi a target induction stands for, the multiple k of its step the
    target's steps (0: a lagging value, which sets no VF), and the constant the
    target's start is ahead of the source's."""
    steps = [s for s in le.inductions.values() if s.step and tiv.step % s.step == 0 and tiv.step // s.step >= 1
             and src.value_types().get(s.phi) == ph.type]
    # the same start first; else a constant one apart (opt's `%index` from 0 for an `i`
    # from 3, with `offset.idx = 3 + %index`): the relation is t = s + (t0 - s0)
    match = [s for s in steps if s.start == tiv.start]
    lag = None if match else _lagging(le, tiv.start, tiv.step, taken)
    if lag is not None:
        return lag, 0, 0
    match = match or [s for s in steps if isinstance(s.start, Const) and isinstance(tiv.start, Const)]
    if not match:
        raise NoWindow(f"the target's induction {ph.dest!r} steps no source induction VF times as far")
    siv = match[0]
    if siv.phi in taken:
        raise NoWindow(f"two target inductions stand for the source's {siv.phi!r}")
    offset = 0
    if siv.start != tiv.start:
        assert isinstance(siv.start, Const) and isinstance(tiv.start, Const)
        offset = tiv.start.value - siv.start.value
    return siv.phi, tiv.step // siv.step, offset


def _lagging(le: LoopExits, start: Operand, step: int, taken: set[str]) -> str | None:
    """The source phi a target induction (from `start` by `step`) stands for where it
    holds a source induction's previous value (analysis.exits.Lagging; the emitter steps
    it as an induction): from the same start, stepped a multiple of that induction's
    step. None where there is none (a wrong pairing proves nothing: the steps compare)."""
    for lag in le.lagging.values():
        iv = le.inductions[lag.induction]
        if lag.phi not in taken and lag.start == start and iv.step and step % iv.step == 0 and step // iv.step >= 1:
            return lag.phi
    return None


def _carried_phis(src: Program, le: LoopExits, tgt: Program, lp: Loop, tivs: Mapping[str, object]) -> dict[str, str]:
    """Target header phis that are no induction -> the source header phis they carry
    (a reduction's running value kept as a scalar, verifier/emit): in order, with the
    same type and the same start. A wrong pairing proves nothing (the steps compare
    the states); no pairing leaves the phi to the induction test."""
    tphis = [ph for ph in tgt.blocks[lp.header].phis if ph.dest not in tivs]
    sphis = [ph for ph in src.blocks[le.loop.header].phis if ph.dest not in le.inductions]
    if not tphis or len(tphis) != len(sphis):
        return {}
    out: dict[str, str] = {}
    for t, s in zip(tphis, sphis, strict=True):
        t0 = [op for b, op in t.incoming if b not in lp.blocks]
        s0 = [op for b, op in s.incoming if b not in le.loop.blocks]
        if t.type != s.type or len(t0) != 1 or t0 != s0:
            return {}
        out[t.dest] = s.dest
    return out


def _why_no_induction(tgt: Program, lp: Loop, ph: Phi) -> str:
    """What a target phi that reads as no induction does instead, where it steps by a
    value it computes (a scalable vector's vscale * VF): the induction takes constant
    steps only."""
    defs = {i.dest: i for b in lp.blocks for i in tgt.blocks[b].instrs if i.dest}
    ups = [defs.get(op.name) for b, op in ph.incoming if b in lp.blocks and isinstance(op, Ref)]
    if any(u is not None and u.op in ("add", "sub") and u.args[0] == Ref(ph.dest) and not isinstance(u.args[1], Const)
           for u in ups):
        return " of a constant step (it steps by a value computed at run time, such as vscale * VF)"
    return ""

