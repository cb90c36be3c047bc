"""Loop rotation, as LLVM's loop-rotate does it: a top-tested loop (`while (c) body`,
whose header tests the exit) becomes a guarded bottom-tested one (`if (c) do body
while (c)`): a guard before the loop and the latch each get a copy of the header's
code and its exit test, and the header then always enters the body.

recognize uses it on a hand-written target whose remainder loop is top-tested where
the source loop is bottom-tested (seed 000's listing: `while (i < N) { ... }` after
the vector loop), so that one iteration of each, from one state, does the same.

Sound: each run of the header's test is replaced by exactly one run of a copy (the
guard's on the first visit, the latch's on every later one), and the header's code
must be pure (no memory, effects, faults, choices or undef), so a copy computes what
the header computed on that visit; the header keeps its code for the body's uses (one
more run of pure code, which observes nothing). The exit's phis take, from each copy,
the value the header had on that visit.
"""

from __future__ import annotations

from verifier.analysis.loops import Loop, every_loop
from verifier.ir.program import (
    Block,
    Branch,
    Fresh,
    Instr,
    Jump,
    Operand,
    Program,
    Ref,
    Terminator,
    map_operands,
)
from verifier.transforms.guard import copyable
from verifier.transforms.lcssa import loop_closed
from verifier.transforms.window import NoWindow


def bottom_tested(prog: Program, header: str) -> bool:
    """Whether the loop at `header` may leave from its latch (a `do ... while`), or
    from a block whose way back to the header is only empty jumps (a `.loop` model's
    `if (!(i < N)) break` as the body's last statement)."""
    loop = next((lp for lp in every_loop(prog) if lp.header == header), None)
    if loop is None:
        return False

    def back(b: str) -> bool:
        seen: set[str] = set()
        while b != header:
            blk = prog.blocks[b]
            if b in seen or blk.phis or blk.instrs or not isinstance(blk.term, Jump):
                return False
            seen.add(b)
            b = blk.term.target
        return True

    return any(any(s not in loop.blocks for s in succ) and any(back(s) for s in succ if s in loop.blocks)
               for succ in (prog.blocks[b].successors() for b in loop.blocks))


def rotated(prog: Program, header: str) -> Program:
    """`prog` with the top-tested loop at `header` rotated (module docstring); NoWindow
    where the loop's shape does not allow it. A copy; `prog` is unchanged."""
    p = loop_closed(prog, frozenset({header}))
    loop = next(lp for lp in every_loop(p) if lp.header == header)
    head = p.blocks[header]
    term = head.term
    _check_rotatable(p, loop, header)
    assert isinstance(term, Branch) and loop.preheader is not None
    latch = p.blocks[loop.latches[0]]
    inside, outside = (term.then, term.other) if term.then in loop.blocks else (term.other, term.then)
    fresh = Fresh.of(p, "r")

    def copy(values: dict[str, Operand]) -> tuple[list[Instr], dict[str, Operand]]:
        """The header's code over `values` for its phis (and its invariant values), and
        every header value's copy."""
        m = dict(values)
        out = []
        for ins in head.instrs:
            if ins.dest is not None and ins.dest in values:
                continue
            dest = fresh.name(ins.dest) if ins.dest is not None else None
            out.append(Instr(fresh.uid(), ins.op, [_sub(a, m) for a in ins.args], ins.type, dest, ins.attrs, ins.loc))
            if ins.dest is not None and dest is not None:
                m[ins.dest] = Ref(dest)
        return out, m

    pre = loop.preheader
    guard, entry = fresh.name(f"{header}.guard"), fresh.name(f"{header}.ph")
    first, at_pre = copy({ph.dest: op for ph in head.phis for b, op in ph.incoming if b == pre})
    # the header's loop-invariant code is computed once, by the guard: the loop and the
    # latch's copy read the guard's values (the bound `N - N % VF` is then code before
    # the loop, as latch_bound needs it)
    invariant = _invariant(p, loop, head, at_pre)
    head.instrs = [i for i in head.instrs if i.dest not in invariant]
    map_operands({b: blk for b, blk in p.blocks.items() if b != guard}, lambda op: _sub(op, invariant))
    later, at_latch = copy({**{ph.dest: op for ph in head.phis for b, op in ph.incoming if b == latch.name},
                            **invariant})

    def branch(cond: Operand, stay: str) -> Branch:
        c = _sub(cond, at_pre if stay == entry else at_latch)
        return Branch(c, stay, outside, fresh.uid(), term.loc) if term.then == inside else \
            Branch(c, outside, stay, fresh.uid(), term.loc)

    p.blocks[guard] = Block(guard, [], first, branch(term.cond, entry))
    p.blocks[entry] = Block(entry, [], [], Jump(header))
    blk = p.blocks[pre]
    blk.term = _retargeted(blk.term, header, guard)
    for ph in head.phis:
        ph.incoming = [(entry if b == pre else b, op) for b, op in ph.incoming]
    latch.instrs = latch.instrs + later
    latch.term = branch(term.cond, header)
    head.term = Jump(inside)
    for ph in p.blocks[outside].phis:  # a dedicated exit (loop_closed): only the header led here
        ph.incoming = [(guard, _sub(op, at_pre)) for b, op in ph.incoming if b == header] + \
                      [(latch.name, _sub(op, at_latch)) for b, op in ph.incoming if b == header]
    return p


def _check_rotatable(p: Program, loop: Loop, header: str) -> None:
    """NoWindow unless the loop leaves from a two-way branch of its header, has a
    preheader and one latch of its own that does not test, and its header's code can
    be copied."""
    head = p.blocks[header]
    term = head.term
    if not isinstance(term, Branch) or (term.then in loop.blocks) == (term.other in loop.blocks):
        raise NoWindow(f"the loop at {header} does not leave from a two-way branch of its header")
    if loop.preheader is None or len(loop.latches) != 1 or loop.latches[0] == header:
        raise NoWindow(f"the loop at {header} has no preheader or not one latch of its own")
    if not isinstance(p.blocks[loop.latches[0]].term, Jump):
        raise NoWindow(f"the loop at {header} has a latch that tests too")
    for ins in head.instrs:
        if not copyable(ins, p):
            raise NoWindow(f"the header of the loop at {header} runs {ins.op}, which rotating it would copy")


def _invariant(p: Program, loop: Loop, head: Block, at_pre: dict[str, Operand]) -> dict[str, Operand]:
    """The header's loop-invariant values, each as the guard's copy computes it."""
    in_loop = {i.dest for b in loop.blocks for i in p.blocks[b].instrs if i.dest} | {
        ph.dest for b in loop.blocks for ph in p.blocks[b].phis}
    invariant: dict[str, Operand] = {}
    for ins in head.instrs:
        if ins.dest is not None and all(not isinstance(a, Ref) or a.name not in in_loop or a.name in invariant
                                        for a in ins.args):
            invariant[ins.dest] = at_pre[ins.dest]
    return invariant


def _sub(op: Operand, m: dict[str, Operand]) -> Operand:
    return m.get(op.name, op) if isinstance(op, Ref) else op


def _retargeted(t: Terminator, old: str, new: str) -> Terminator:
    if isinstance(t, Jump):
        return Jump(new if t.target == old else t.target)
    assert isinstance(t, Branch)
    return Branch(t.cond, new if t.then == old else t.then, new if t.other == old else t.other, t.uid, t.loc)
