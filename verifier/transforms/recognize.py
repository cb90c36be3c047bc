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
offset (VectorForm.offsets). Anything else: NoWindow, and the bounded check decides."""

from __future__ import annotations

from verifier.analysis.exits import LoopExits, analyse, inductions
from verifier.analysis.loops import find_loops
from verifier.ir.program import Const, Program
from verifier.transforms.vector_loop import VectorForm
from verifier.transforms.window import NoWindow, check_applicable


def recognize(src: Program, le: LoopExits, tgt: Program) -> VectorForm:
    """`tgt` as a vector form of the scalar loop `le` of `src`."""
    loops = find_loops(tgt)
    if len(loops) != 1:
        raise NoWindow(f"the target has {len(loops)} loops, not one vector loop")
    lp = loops[0]
    if lp.preheader is None:
        raise NoWindow("the target's loop has no preheader")
    # the window's free state must cover the target's reachable states too
    check_applicable(tgt, analyse(tgt))
    tivs = inductions(tgt, lp)
    head = tgt.blocks[lp.header]
    vphis: dict[str, str] = {}
    vf = 0
    offsets: dict[str, int] = {}
    for ph in head.phis:
        tiv = tivs.get(ph.dest)
        if tiv is None:
            raise NoWindow(f"the target's loop carries {ph.dest!r}, which is not an induction")
        steps = [s for s in le.inductions.values() if s.step and tiv.step % s.step == 0 and tiv.step // s.step >= 1
                 and src.value_types().get(s.phi) == ph.type]
        # the same start first; else a constant one apart (opt's `%index` from 0 for an `i`
        # from 3, with `offset.idx = 3 + %index`): the relation is t = s + (t0 - s0)
        match = ([s for s in steps if s.start == tiv.start]
                 or [s for s in steps if isinstance(s.start, Const) and isinstance(tiv.start, Const)])
        if not match:
            raise NoWindow(f"the target's induction {ph.dest!r} steps no source induction VF times as far")
        siv = match[0]
        k = tiv.step // siv.step
        if vf and k != vf:
            raise NoWindow("the target's inductions step different multiples of the source's")
        vf = k
        if siv.phi in vphis.values():
            raise NoWindow(f"two target inductions stand for the source's {siv.phi!r}")
        vphis[ph.dest] = siv.phi
        if siv.start != tiv.start:
            assert isinstance(siv.start, Const) and isinstance(tiv.start, Const)
            offsets[ph.dest] = tiv.start.value - siv.start.value
    missing = [ph.dest for ph in src.blocks[le.loop.header].phis if ph.dest not in vphis.values()]
    if missing or not vf:
        raise NoWindow(f"the target's vector loop does not carry the source's {', '.join(missing) or 'state'}")
    return VectorForm(tgt, vf, lp.header, "", lp.preheader, "", vphis, offsets)
