"""One step of the induction behind unbounded equivalence (issue 4, seed 000 "General
vs. Simple"): the scalar loop and its vectorized form, each entered from the same
arbitrary state at a vector iteration's start (transforms/window.py), run until
the next such point or the end.

The relation at those points: the vector header's phis hold what the scalar
header's phis hold (the form's `vphis` mapping), memory and the trace so far are
equal. One step:

- source: the scalar loop from the window state, cut at its header after VF
  iterations, where it emits its phis as `step.<phi>` live-outs (`step.kind` 1);
- target: the form from its vector header, cut where it comes back to it (the
  same live-outs, from the values the back edge carries), or, if it hands over
  to its scalar loop, cut there after VF iterations just like the source (the
  scalar loop is the source's loop resumed in the same state);
- both: where the program ends, `step.kind` is 2 and the model's own live-outs,
  trace and memory are compared as usual.

If the target refines the source for every window state, then by induction over
vector iterations it refines it for every trip count: the first vector header
visit holds the source's initial state (the forms enter the vector loop from the
source's preheader with its initial values), and once the target is in its scalar
loop it runs the source's own code. The semantics is monotone (a refined state
can only refine what follows), so a target state that refines the source's, as
the live-out comparison allows, keeps the induction sound.

A remainder loop (LLVM's, VectorForm.remainder) is not the source's code and is
entered after a vector iteration's VF lanes: the target is cut where it enters it
(its phis emitted under the source phis' names), and `remainder_steps` proves one
of its iterations against one source iteration from any state, so that every run of
the target is a chain of proved steps. Such a target's vector step also carries
the vector loop's bound (transforms/latch_bound.py) and the source step its guard
(transforms/guard.py).
"""

from __future__ import annotations

from verifier.analysis.exits import LoopExits
from verifier.analysis.loops import reachable_cfg
from verifier.ir.program import (
    Attrs,
    Block,
    Branch,
    Const,
    Fresh,
    Halt,
    Instr,
    Jump,
    Operand,
    Phi,
    PoisonConst,
    Program,
    Ref,
    copy_program,
    split_block,
)
from verifier.ir.types import I1, I8, I64, IntType, Type, VecType, mask
from verifier.transforms.guard import acyclic_entry, assume_reached, jump_to, prepend
from verifier.transforms.latch_bound import BOUND, assumed, holds
from verifier.transforms.lcssa import Reader
from verifier.transforms.vector_loop import VectorForm
from verifier.transforms.window import NoWindow, check_applicable, enter_window, entry_block

KIND = "step.kind"
CUT, END = 1, 2
# emitted (1) by a target step cut in its scalar loop: the target handed over, and
# from there runs the source's own loop (checks/lockstep.py stops comparing)
HANDED = "step.handed"


def source_step(prog: Program, le: LoopExits, vf: int, coarse: bool = False) -> Program:
    """The scalar loop from the window state (`coarse`: inductions free too), for at
    most VF iterations."""
    check_applicable(prog, le)
    p = copy_program(prog)
    lp = le.loop
    head = p.blocks[lp.header]
    pre = entry_block(p, le)
    _mark_ends(p)
    enter_window(p, lp.header, pre, {ph.dest: ph.dest for ph in head.phis}, le, vf, coarse)
    _cut_after(p, lp.header, pre, vf)
    p.name = f"{prog.name}.step"
    return p


def target_step(form: VectorForm, prog: Program, le: LoopExits, mark_handover: bool = False) -> Program:
    """The form from its vector header in the window state, for one vector iteration
    (or VF iterations of its scalar loop, if it hands over; `mark_handover`: that cut
    also emits HANDED)."""
    check_applicable(prog, le)
    p = copy_program(form.program)
    jump_to(p, acyclic_entry(p, form.preheader), form.preheader)
    _mark_ends(p)
    enter_window(p, form.vector_header, form.preheader, form.vphis, le, form.vf, offsets=form.offsets)
    vh = p.blocks[form.vector_header]
    fresh = Fresh.of(p, None)
    for ph in vh.phis:  # a phi that stands for no source phi: any value, or poison
        if ph.dest in form.free:
            ph.incoming = [(b, _free(p.blocks[form.preheader], ph.type, fresh) if b == form.preheader else op)
                           for b, op in ph.incoming]
    for src in [b for b in list(p.blocks) if form.vector_header in p.blocks[b].successors()]:
        if src == form.preheader:
            continue
        cut = _cut_block(p, fresh, f"{src}.cut", _carried_state(form, vh, src))
        _emit_bound(form, vh, src, cut, fresh)
        _retarget(p.blocks[src], form.vector_header, cut.name)
        for ph in vh.phis:
            ph.incoming = [(b, op) for b, op in ph.incoming if b != src]
    if form.remainder:  # cut where it is entered: the vector iteration did all VF lanes, or
        # (redo) after it ran them itself: its code runs in the step, compared, not trusted
        _cut_after(p, form.scalar_header, form.scalar_entry, form.vf if form.redo else 0,
                   HANDED if mark_handover else None, form.sphis, _visits_left(p, form, fresh))
    elif form.scalar_header:  # a form without a scalar loop ends inside its vector loop
        _cut_after(p, form.scalar_header, form.scalar_entry, form.vf, HANDED if mark_handover else None)
    if form.bound is not None:
        _bound_at_cuts(p)
    p.name = f"{form.program.name}.step"
    return p


def _emit_bound(form: VectorForm, vh: Block, pred: str, cut: Block, fresh: Fresh) -> None:
    """At a cut where the target comes back to its vector header from `pred`, emit
    whether the state it carries is within the vector loop's bound (BOUND)."""
    b = form.bound
    if b is None:
        return
    value = next(op for ph in vh.phis if ph.dest == b.phi for blk, op in ph.incoming if blk == pred)
    code, ok = holds(b, value, fresh)
    cut.instrs[:0] = code + [Instr(fresh.uid(), "out", [ok], None, None, Attrs(name=BOUND))]


def _bound_at_cuts(p: Program) -> None:
    """Every cut of `p` that has not emitted BOUND emits it true: the source's cuts,
    and a target's cut where it enters its remainder loop."""
    fresh = Fresh.of(p, None)
    for blk in p.blocks.values():
        outs = {i.attrs.name: i.args[0] for i in blk.instrs if i.op == "out"}
        if outs.get(KIND) == Const(CUT, I8) and BOUND not in outs:
            blk.instrs.insert(0, Instr(fresh.uid(), "out", [Const(1, I1)], None, None, Attrs(name=BOUND)))


def remainder_steps(form: VectorForm, prog: Program, le: LoopExits) -> tuple[Program, Program]:
    """The step of a remainder loop (VectorForm.remainder): the source and the target's
    scalar loop, each from the same state (the coarse window: any values, the same in
    both where it picks them; the scalar loop's phis standing for the source's by
    `form.sphis`), for one iteration.

    The target gets there from its code before its loops, jumping past its vector loop
    (transforms/guard.py); the source step assumes that code gets there. With the
    vector step (target_step, cut where the remainder loop is entered) and the base
    case (target_prefix, cut at either header), every run of the target is a chain of
    proved steps: the remainder loop needs no vouching that it is the source's code.

    The vector loop skipped may store, call and end the program (a masked store, seed
    000's `foo(x)`, an early exit), and every state a real run enters the remainder
    in is still one the step starts from:
    - the remainder's phis are free (the window), whatever the vector loop left;
    - memory: recognize checked (window.check_loops over both loops) that the arrays
      the loops write are not `init` and that no code before the loops accesses
      them, so the free input memory the step starts from stands for what the
      vector loop left there, and the other arrays the loops leave as they were;
    - the trace: the vector step proved it equal to the source's at the cut; both
      steps leave out the events so far after the same code before the loops, and
      compare what follows. A call's result is a function of the trace so far that
      the solver picks, so skipping the same events on both sides covers it too;
    - a run that ends inside the skipped code never enters the remainder (the vector
      step covers it).
    Skipped code outside the loops that leads on to the remainder (a middle block) may
    have no effects: check_loops vouches only for the loops' stores, and the base case
    compares the events before the loops, the vector step those of the vector loop.
    The remainder's own preheader may have none either. Where that preheader has no
    phis, the jump may come from further away than a predecessor (seed 000's listing
    enters its remainder only past its vector loop's header test): the remainder's code
    then may read no value the skipped code defines, but its phis' (the window's).

    That jump also skips the remainder's own entry test (`while (i < N)`), so the step
    may start the remainder where no run does (N <= 0, any i). The source step assumes
    the source enters its loop: a remainder iteration runs only in a run where it does
    (the base case cuts both programs at their loops' headers and compares where each
    ends: a target that enters a loop where the source ends is refuted there; the
    vector step starts from states inside the source's loop)."""
    check_applicable(prog, le)
    if not form.remainder:
        raise NoWindow("the form has no remainder loop")
    p = copy_program(form.program)
    at = acyclic_entry(p, form.scalar_entry)
    jump_to(p, at, form.scalar_entry, skipped_acts=True)
    _mark_ends(p)
    if form.vector_header in p.blocks:
        raise NoWindow("the target's way to its remainder loop still runs its vector loop")
    _starts_where_skipped(p, form, prog, le)
    enter_window(p, form.scalar_header, form.scalar_entry, form.sphis, le, 1, coarse=True)
    _defined_before_use(p)
    _cut_after(p, form.scalar_header, form.scalar_entry, 1, names=form.sphis)
    p.name = f"{form.program.name}.remainder"
    src = assume_reached(source_step(prog, le, 1, coarse=True), form.program, at)
    # ... and that the source enters its loop: a remainder iteration runs only where it
    # does (the base case cuts both at their loops' headers and compares where each
    # ends; the vector step starts from states inside the source's loop), and the
    # target's way to its remainder skips the remainder's own entry test
    outside = [b for b in reachable_cfg(prog).predecessors(le.loop.header) if b not in le.loop.blocks]
    if len(outside) == 1:
        src = assume_reached(src, prog, outside[0])
    return src, p


def _starts_where_skipped(p: Program, form: VectorForm, prog: Program, le: LoopExits) -> None:
    """The remainder phis' values on entry, where the jump skipped what computed them.

    A phi that stands for a source phi takes its source phi's start where that is a
    constant or a parameter the programs share, whatever its own entry value (seed
    000's listing: the vector loop's exit phi; LLVM's: the vector trip count): the
    window, which may also pick a free value, then picks alike on both sides. Any value
    would be sound there (the free one covers every state); only the same one lets the
    window's other pick agree (the target's own, the vector trip count, may be out of
    bounds where the source's start is not). Else it keeps its entry value, or poison
    where the skipped code computed that.

    A phi that stands for none (recognize._remainder_phis) is not in the window: it
    starts free, any value or poison (frozen poison, a choice of the target, which the
    check takes for all values), whatever the code before it computed: the state the
    vector loop leaves it in is any."""
    defined = set(p.value_types())
    params = {q.name for q in p.params}
    head = prog.blocks[le.loop.header]
    start = {ph.dest: op for ph in head.phis for b, op in ph.incoming if b not in le.loop.blocks}
    entry = p.blocks[form.scalar_entry]
    fresh = Fresh.of(p, "x")
    for ph in p.blocks[form.scalar_header].phis:
        if ph.dest not in form.sphis:
            ph.incoming = [(b, _free(entry, ph.type, fresh) if b == form.scalar_entry else op)
                           for b, op in ph.incoming]
            continue

        def fixed(b: str, op: Operand, dest: str = ph.dest, t: Type = ph.type) -> Operand:
            if b != form.scalar_entry:
                return op
            s = start.get(form.sphis.get(dest, ""))
            if isinstance(s, Const) or (isinstance(s, Ref) and s.name in params):
                return s
            return op if not isinstance(op, Ref) or op.name in defined else PoisonConst(t)
        ph.incoming = [(b, fixed(b, op)) for b, op in ph.incoming]


def _free(blk: Block, t: Type, fresh: Fresh) -> Operand:
    """A value of type `t` computed at the end of `blk`: any value, or poison."""
    anyv, which, v = fresh.name("free.any"), fresh.name("free.poison"), fresh.name("free")
    blk.instrs += [Instr(fresh.uid(), "freeze", [PoisonConst(t)], t, anyv, Attrs()),
                   Instr(fresh.uid(), "freeze", [PoisonConst(I1)], I1, which, Attrs()),
                   Instr(fresh.uid(), "select", [Ref(which), PoisonConst(t), Ref(anyv)], t, v, Attrs())]
    return Ref(v)


def _defined_before_use(p: Program) -> None:
    """NoWindow where `p`'s code reads a value that no longer has a definition (its
    block was skipped by the jump into the remainder)."""
    defined = set(p.value_types())
    for blk in p.blocks.values():
        ops = [op for ph in blk.phis for _, op in ph.incoming] + [a for i in blk.instrs for a in i.args]
        if isinstance(blk.term, Branch):
            ops.append(blk.term.cond)
        for op in ops:
            if isinstance(op, Ref) and op.name not in defined:
                raise NoWindow(f"the target's remainder loop reads {op.name}, which its skipped code defines")


def guarded_source_step(form: VectorForm, prog: Program, le: LoopExits) -> Program:
    """source_step assuming the target's code before its loops reaches the block its
    vector loop is entered from (transforms/guard.py): LLVM's `%min.iters.check`
    sends the other inputs to its scalar loop, and no vector iteration starts there."""
    step = source_step(prog, le, form.vf)
    if form.bound is not None:  # assumed of the window's state, proved at the cuts (latch_bound.py)
        _bound_at_cuts(step)
        step = prepend(step, form.program, assumed(step, form.program, form.bound))
    try:
        return assume_reached(step, form.program, acyclic_entry(form.program, form.preheader))
    except NoWindow:  # a guard the source cannot compute: the step from every input
        return step


def source_prefix(prog: Program, le: LoopExits, bound: bool = False) -> Program:
    """The program up to its loop's first header visit, where it emits the header's
    phis (`step.kind` 1; `bound`: BOUND true too), or to its end: the base case of
    the induction."""
    p = copy_program(prog)
    _mark_ends(p)
    _cut_after(p, le.loop.header, entry_block(p, le), 0)
    if bound:
        _bound_at_cuts(p)
    p.name = f"{prog.name}.prefix"
    return p


def target_prefix(form: VectorForm) -> Program:
    """The form up to its first vector header visit, where it emits what the vector
    phis take from the preheader under the scalar phis' names, or to its end."""
    p = copy_program(form.program)
    _mark_ends(p)
    vh = p.blocks[form.vector_header]
    fresh = Fresh.of(p, None)
    cut = _cut_block(p, fresh, f"{form.preheader}.cut", _carried_state(form, vh, form.preheader))
    _emit_bound(form, vh, form.preheader, cut, fresh)
    _retarget(p.blocks[form.preheader], form.vector_header, cut.name)
    for ph in vh.phis:
        ph.incoming = [(b, op) for b, op in ph.incoming if b != form.preheader]
    if form.remainder:  # entered instead of the vector loop: its phis are the source's state
        _cut_after(p, form.scalar_header, form.scalar_entry, 0, names=form.sphis)
    if form.bound is not None:
        _bound_at_cuts(p)
    p.name = f"{form.program.name}.prefix"
    return p


def _visits_left(p: Program, form: VectorForm, fresh: Fresh) -> Operand:
    """The remainder's visit count on entry, by the way the vector loop left
    (VectorForm.ways): 0 where it leaves a vector iteration's lanes to the remainder
    (cut after VF visits), VF where it ran them (cut at once); 0 where all ways agree.
    A phi where each way's edge arrives, read at the remainder's entry by Braun et
    al.'s construction (transforms/lcssa.Reader). A wrong count cannot prove: the
    step compares the state it cuts at with the source's after VF iterations."""
    if not form.ways:
        return Const(0, I64)
    preds: dict[str, list[str]] = {n: [] for n in p.blocks}
    for n, blk in p.blocks.items():
        for s in dict.fromkeys(blk.successors()):
            preds[s].append(n)
    at = Reader(p, preds, "step.k.first", I64, fresh, unreached=Const(form.vf, I64))
    arrive = {b for _, b in form.ways if b in p.blocks}
    phis = {b: Phi(fresh.uid(), fresh.name("step.k.first"), I64, []) for b in arrive}
    for b, ph in phis.items():
        p.blocks[b].phis.append(ph)
        at.defs[b] = Ref(ph.dest)
    for b, ph in phis.items():
        ph.incoming = [(q, Const(0 if form.ways[(q, b)] else form.vf, I64)) if (q, b) in form.ways else (q, at(q))
                       for q in preds[b]]
    return at(form.scalar_entry)


def _cut_after(p: Program, header: str, pre: str, vf: int, marker: str | None = None,
               names: dict[str, str] | None = None, first: Operand | None = None) -> None:
    """Count `header`'s visits from `pre` (from `first`, default 0); on visit VF, emit
    the phis (under the source phis `names` gives, else their own) (and `marker`, 1)
    and stop."""
    head = p.blocks[header]
    if not head.phis:
        raise NoWindow(f"the loop header {header} has no phis to carry the state by")
    fresh = Fresh.of(p, None)
    k = fresh.name("step.k")
    rest = split_block(p, header, 0, fresh.name(f"{header}.rest"))
    preds = [b for b, _ in head.phis[0].incoming]
    k_next = f"{k}.next"
    at = f"{k}.cut"
    start = first if first is not None else Const(0, I64)
    head.phis.append(Phi(fresh.uid(), k, I64, [(b, start if b == pre else Ref(k_next)) for b in preds]))
    values: dict[str, tuple[Operand, int, Type]] = {(names or {}).get(ph.dest, ph.dest): (Ref(ph.dest), 0, ph.type)
                                                    for ph in head.phis[:-1]}
    head.instrs = [Instr(fresh.uid(), "add", [Ref(k), Const(1, I64)], I64, k_next, Attrs()),
                   Instr(fresh.uid(), "icmp", [Ref(k), Const(vf, I64)], I1, at, Attrs(pred="eq"))]
    cut = _cut_block(p, fresh, f"{header}.cut", values)
    if marker is not None:
        cut.instrs.insert(-1, Instr(fresh.uid(), "out", [Const(1, I8)], None, None, Attrs(name=marker)))
    head.term = Branch(Ref(at), cut.name, rest.name, fresh.uid())


def _carried_state(form: VectorForm, vh: Block, pred: str) -> dict[str, tuple[Operand, int, Type]]:
    """What the vector header's phis receive from `pred`, by the scalar phi each
    stands for, with its offset (VectorForm.offsets) and type."""
    return {form.vphis[ph.dest]: (op, form.offsets.get(ph.dest, 0), ph.type)
            for ph in vh.phis if ph.dest in form.vphis for b, op in ph.incoming if b == pred}


def _cut_block(p: Program, fresh: Fresh, hint: str, values: dict[str, tuple[Operand, int, Type]]) -> Block:
    """A block that emits the state (`step.<phi>`: a value less its offset, so that it
    is the scalar phi's, and `step.kind` 1) and stops."""
    blk = Block(fresh.name(hint))
    for name, (op, d, ty) in sorted(values.items()):
        if isinstance(ty, VecType):  # a recurrence's vector stands for its last lane (window.py)
            dest = fresh.name(f"{name}.last")
            blk.instrs.append(Instr(fresh.uid(), "extractelt", [op, Const(ty.lanes - 1, I64)], ty.elem, dest,
                                    Attrs()))
            op, ty = Ref(dest), ty.elem
        if d:
            assert isinstance(ty, IntType)
            dest = fresh.name(f"{name}.unoffset")
            blk.instrs.append(Instr(fresh.uid(), "sub", [op, Const(d & mask(ty.bits), ty)], ty, dest, Attrs()))
            op = Ref(dest)
        blk.instrs.append(Instr(fresh.uid(), "out", [op], None, None, Attrs(name=f"step.{name}")))
    blk.instrs.append(Instr(fresh.uid(), "out", [Const(CUT, I8)], None, None, Attrs(name=KIND)))
    blk.term = Halt()
    p.blocks[blk.name] = blk
    return blk


def _mark_ends(p: Program) -> None:
    fresh = Fresh.of(p, None)
    for blk in p.blocks.values():
        if isinstance(blk.term, Halt):
            blk.instrs.append(Instr(fresh.uid(), "out", [Const(END, I8)], None, None, Attrs(name=KIND)))


def _retarget(blk: Block, old: str, new: str) -> None:
    t = blk.term
    if isinstance(t, Jump):
        blk.term = Jump(new if t.target == old else t.target)
    elif isinstance(t, Branch):
        blk.term = Branch(t.cond, new if t.then == old else t.then, new if t.other == old else t.other, t.uid, t.loc)

