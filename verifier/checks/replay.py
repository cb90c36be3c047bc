"""Solve and replay: a sat answer made concrete, once for every check. The model is
minimized, read back into concrete `Inputs` (arrays, alias choices, pure functions'
tables, nondeterministic choices), and both programs are run on them by the
interpreter; the divergence the runs show (semantics/refines.py's relation over the
concrete domain) is the counterexample. A model whose runs do not diverge is never
shown: the check asks again or says unknown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from verifier.checks.minimize import minimize
from verifier.checks.verdict import (
    Counterexample,
    Divergence,
    DivergenceKind,
)
from verifier.ir.printer import instr as instr_text
from verifier.ir.program import Instr, Loc, Program, Ref
from verifier.ir.types import elem_of, float_text, mask, shown_int, to_signed
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.inputs import Inputs, window_of
from verifier.semantics.interpreter import Run, RunStatus, operand_type, run
from verifier.semantics.ops import UndefReading, Val, is_vec, windows_apart
from verifier.semantics.refines import cell_refines, event_refines, val_refines
from verifier.semantics.symbolic import (
    SymInputs,
)
from verifier.smt import terms


def out_types(p: Program) -> dict[str, Any]:
    """The type of each live-out (`out name = x`) of p."""
    types = p.value_types()
    return {i.out: operand_type(i.args[0], types) for i in p.instructions() if i.op == "out"}


def concrete(solver: terms.Solver, sym: SymInputs, src: Program, choices: dict[Any, Any], spend: float,
             solved_in: float, guards: Any = None, limit: int | None = None,
             choices_of: Callable[[terms.Model], dict[Any, Any]] | None = None) -> tuple[terms.Model, Inputs]:
    """The solver's model minimized within `spend` seconds of budget (minimize.py:
    the runs within `limit` iterations and small values first, `guards` the source's
    header guards) and the concrete inputs read off it; `choices_of` gives the
    target's choices from the minimized model where they depend on it."""
    model = minimize(solver, sym, choices, src, spend, guards, limit, solved_in)
    return model, model_inputs(model, src, sym, choices_of(model) if choices_of is not None else choices)


TARGET_STEPS = 16  # interpreter steps a target's replay gets per step the source's run took


def target_fuel(src_run: Run, fuel: int) -> int:
    """Fuel for a target's run beside a source's that finished: as much as the check's
    own (`fuel`), and for a source run longer than that bound (a trip count the
    solver chose), TARGET_STEPS times the source's steps: a vector loop or a legality
    harness visits more blocks per scalar iteration, never that many more."""
    return max(fuel, TARGET_STEPS * len(src_run.path))


def replay_fuel(src: Program, tgt: Program, max_trip: int) -> int:
    """Interpreter fuel for every run a bounded check up to max_trip covers (its
    target unrolling cap included), and no more: a longer run is not replayed."""
    return (4 * max_trip + 10) * (len(src.blocks) + len(tgt.blocks)) * 4


def source_fuel(src: Program, max_trip: int) -> int:
    """Fuel for the source's runs of about max_trip iterations: inputs from a step's
    free state may give a huge trip count, which is not worth interpreting."""
    return (max_trip + 2) * len(src.blocks) * 2



def replay(src: Program, tgt: Program, inputs: Inputs, fuel: int, src_fuel: int | None = None,
           shared_choices: bool = False) -> Counterexample | None:
    """Both programs run on concrete inputs (the source without the target's
    nondeterministic choices, unless `shared_choices`: a harness's copies of the
    source's instructions keep their ids, so its choices are the source's own); a
    counterexample if the target fails to refine. `src_fuel`, if given, is the
    source's own (tighter) fuel."""
    src_run = run(src, inputs if shared_choices else _without_choices(inputs),
                  fuel=fuel if src_fuel is None else src_fuel, undef=UndefReading.CHOSEN)
    if src_run.status is not RunStatus.OK:
        return None  # nothing to refine (and a long target run is not worth interpreting)
    tgt_run = run(tgt, inputs, fuel=target_fuel(src_run, fuel))
    div = compare_runs(src, tgt, src_run, tgt_run)
    if div is None:
        return None
    return Counterexample.of(inputs, src, tgt, src_run, tgt_run, div)


def run_model(model: terms.Model, prog: Program, sym: SymInputs, choices: dict[Any, Any], fuel: int,
              watch: frozenset[str] = frozenset()) -> tuple[Inputs, Run]:
    """One program run from its real start on a model's inputs, recording the values
    of `watch` (a check about one program's values, such as a lane relation: the
    source's, reading undef as its choice)."""
    inputs = model_inputs(model, prog, sym, choices)
    return inputs, run(prog, inputs, fuel=fuel, watch=watch, undef=UndefReading.CHOSEN)


def from_window_start(prog: Program, inputs: Inputs, start: int, fuel: int) -> Inputs | None:
    """`inputs` found for a run entered at loop iteration `start` (a window, or an
    induction step: its calls' choices, where a call ends the run and what it writes,
    are keyed by positions in that run's trace), with those choices moved to the
    positions the same calls have in the run from the real start: after the events the
    source makes before iteration `start`. None when there is nothing to move, or the
    source does not get there."""
    if not inputs.stops and not inputs.clobbers:
        return None
    bare = dataclasses.replace(_without_choices(inputs), stops=frozenset(), clobbers={})
    r = run(prog, bare, fuel=fuel, undef=UndefReading.CHOSEN)
    offset = next((j for j, e in enumerate(r.trace) if e.iteration >= start), None)
    if offset is None:
        return None
    return dataclasses.replace(inputs, stops=frozenset(j + offset for j in inputs.stops),
                               clobbers={(obj, j + offset): c for (obj, j), c in inputs.clobbers.items()})


def _without_choices(inp: Inputs) -> Inputs:
    return dataclasses.replace(inp, choices={})


def model_inputs(model: terms.Model, prog: Program, inputs: SymInputs, choices: dict[Any, Any],
                 limit: int = 4096) -> Inputs:
    """Concrete Inputs read off a model (arrays up to `limit` elements are listed)."""
    def ev(x: Any) -> Any:
        if type(x) is int:
            return terms.bv_val(x, 64)
        return model.eval(x, model_completion=True)

    params = {p.name: shown_int(ev(inputs.params[p.name]).as_long(), p.type.bits) for p in prog.params}
    arrays: dict[str, list[int | None]] = {}
    defaults: dict[str, int | None] = {}
    read = {a.name: _Cells(model, inputs.memory[a.name], a.elem.bits) for a in prog.arrays if a.contents is None}
    for name, cell in read.items():
        n = max(0, min(to_signed(ev(inputs.extents[name]).as_long(), 64), limit))
        arrays[name] = [cell(k) for k in range(n)]
        defaults[name] = cell.default()
    alias = {}
    for view, (which, delta) in inputs.alias.items():
        k = ev(which).as_long()
        cands = inputs.targets[view]
        alias[view] = (cands[k - 1], to_signed(ev(delta).as_long(), 64)) if 0 < k <= len(cands) else (None, 0)
    cells: dict[str, dict[int, int | None]] = {}
    # cells the model sets inside the extent past the listed ones (huge extents); cells
    # outside it are never read without UB stopping the run (alias windows: below)
    for name, cell in read.items():
        extent = to_signed(ev(inputs.extents[name]).as_long(), 64)
        for k in sorted(cell.stored):
            if len(arrays[name]) <= k < extent:
                cells.setdefault(name, {})[k] = cell(k)
    for view in alias:
        whole, delta = window_of(alias, view)
        if whole == view or prog.array(whole).contents is not None:
            continue  # no window, or known contents: not an input
        delta = to_signed(delta & mask(64), 64)
        extent = max(0, to_signed(ev(inputs.extents[view]).as_long(), 64))
        # the view's first cells, and those the model sets anywhere in its extent (a
        # step's run reads a window far past its start)
        seen = [*range(delta, delta + min(extent, limit)),
                *(k for k in sorted(read[whole].stored) if 0 <= to_signed((k - delta) & mask(64), 64) < extent)]
        for k in seen:
            if not 0 <= k < len(arrays.get(whole, [])):
                cells.setdefault(whole, {})[k] = read[whole](k)
    extents = {x: max(0, to_signed(ev(inputs.extents[x]).as_long(), 64)) for x in inputs.extents}
    _show_windows(prog, alias, arrays, cells, extents, limit)
    pure: dict[tuple[str, tuple[int, ...]], int] = {}
    traps: dict[tuple[str, tuple[int, ...]], bool] = {}
    pure_else: dict[str, int] = {}
    traps_else: dict[str, bool] = {}
    for fname, fn in inputs.pure.items():
        _read_table(model, fn, pure, pure_else, fname, lambda v: v.as_long())
        _read_table(model, inputs.traps[fname], traps, traps_else, fname, lambda v: terms.is_true(v))
    ch = {k: ev(v).as_long() for k, v in choices.items()}
    stops = frozenset(j for j, v in inputs.stops.items() if terms.is_true(ev(v)))
    clobbers = {}
    for (obj, j), mem in inputs.clobbers.items():
        after = _Cells(model, mem, inputs.elem_bits[obj])
        clobbers[(obj, j)] = ({k: after(k) for k in sorted(after.stored)}, after.default())
    return Inputs(params, arrays, defaults, alias, pure, traps, ch, cells, pure_else, traps_else, stops, clobbers)


def _show_windows(prog: Program, alias: dict[str, tuple[str | None, int]], arrays: dict[str, list[int | None]],
                  cells: dict[str, dict[int, int | None]], extents: dict[str, int], limit: int) -> None:
    """List what each view sees through its window (its own cells are never read then).
    A window (`window a, b`) that shares no element with its object or any other array
    in that object (a window, an alias, views of views) becomes an object of its own
    holding those elements, shown and replayed as "does not alias": accesses outside
    its extent are UB before they touch memory, so the run is the same. Not where a
    call may read or write the object (it reaches all of it, cells outside the
    window's extent too), nor where another array lies in the window itself. Extents
    past `limit` (listed in part) are left as they are."""
    before = dict(alias)
    for view, (obj, _) in before.items():
        if obj is None or extents[view] > limit:
            continue
        root, delta = window_of(before, view)
        if prog.array(root).contents is not None:
            continue
        delta = to_signed(delta & mask(64), 64)
        own, seen = arrays.get(root, []), cells.get(root, {})
        arrays[view] = [own[j] if 0 <= j < len(own) else seen.get(j) for j in range(delta, delta + extents[view])]

    d = ConcreteDomain()
    names = [a.name for a in prog.arrays]
    place = {x: window_of(before, x) for x in names}  # each array's object and offset in it
    # the objects calls reach, with every array in them
    reached = {place[a][0] for f in prog.funcs.values() for a in f.observes if a in place}
    viewed = {obj for obj, _ in before.values() if obj is not None}
    for view in prog.windows:
        root, at = place[view]
        if before[view][0] is None or extents[view] > limit or root in reached or view in viewed:
            continue
        others = [x for x in names if x != view and place[x][0] == root]
        if all(windows_apart(d, at & mask(64), extents[view], place[x][1] & mask(64), extents[x]) for x in others):
            alias[view] = (None, 0)


class _Cells:
    """An object's cells read off a model: `cells(k)` is element k's value, None for
    poison. The model's array values are read once (z3 gives Store chains over a
    constant), so listing thousands of cells costs no evaluation per cell; any other
    shape of array value falls back to evaluating each cell. `stored` holds the
    indices the model sets explicitly (cells past a listed prefix worth showing)."""

    def __init__(self, model: terms.Model, memory: tuple[Any, Any], bits: int) -> None:
        self.model, (self.vals, self.pois), self.bits = model, memory, bits
        self.vt = self._table(self.vals)
        self.pt = self._table(self.pois) if self.pois is not None else None
        self.stored = {k for t in (self.vt, self.pt) if t is not None for k in t[0]}

    def _table(self, arr: Any) -> tuple[dict[int, Any], Any] | None:
        v = self.model.eval(arr, model_completion=True)
        stored: dict[int, Any] = {}
        seen = 0
        while terms.is_store(v) and terms.is_bv_value(v.arg(1)) and seen < 100_000:
            stored.setdefault(to_signed(v.arg(1).as_long(), 64), v.arg(2))  # the outermost store wins
            v, seen = v.arg(0), seen + 1
        return (stored, v.arg(0)) if terms.is_const_array(v) else None

    def _at(self, arr: Any, t: tuple[dict[int, Any], Any] | None, k: int) -> Any:
        if t is not None:
            return t[0].get(to_signed(k & mask(64), 64), t[1])
        return self.model.eval(terms.select(arr, terms.bv_val(k, 64)), model_completion=True)

    def __call__(self, k: int) -> int | None:
        if self.pois is not None and terms.is_true(self._at(self.pois, self.pt, k)):
            return None
        return shown_int(self._at(self.vals, self.vt, k).as_long(), self.bits)

    def default(self) -> int | None:
        """The value of every cell the model does not set: the constant array's under
        its stores (not a cell's such as -1's, which the model may set); else the value
        at an index no run reaches."""
        if self.vt is None or (self.pois is not None and self.pt is None):
            return self(-(1 << 63))
        if self.pt is not None and terms.is_true(self.pt[1]):
            return None
        return shown_int(self.vt[1].as_long(), self.bits)


def _read_table(model: terms.Model, fn: Any, out: dict[Any, Any], other: dict[str, Any], fname: str,
                conv: Any) -> None:
    """A model's table for the uninterpreted function `fn`: its entries into `out`, its
    value elsewhere into `other`."""
    decl = fn.decl() if terms.is_const(fn) else fn
    interp = model[decl] if decl in model else None
    if interp is None:
        return
    if terms.is_interpretation(interp):
        for entry in interp.as_list()[:-1]:
            *args, val = entry
            out[(fname, tuple(a.as_long() for a in args))] = conv(val)
        other[fname] = conv(interp.else_value())
    else:
        out[(fname, ())] = conv(interp)


def _seen_differs(cd: ConcreteDomain, se: Any, te: Any, bits: dict[str, int]) -> str | None:
    """Where the memory one call may read or write differs between the source's event
    and the target's (`a[3] = 5 in the source, 7 in the target`), None where it does not."""
    for name in dict.fromkeys([*se.memory, *te.memory]):
        if name not in se.memory or name not in te.memory:
            return f"{name} in the {'target' if name in te.memory else 'source'} only"
        sm, tm = se.memory[name], te.memory[name]
        w = bits.get(name, 8)
        for k in sorted(set(sm) | set(tm)):
            (sv, sp), (tv, tp) = sm.get(k), tm.get(k)
            if not cell_refines(cd, sv, sp, tv, tp, w):
                shown_t = "poison" if tp else str(shown_int(tv, w))
                return f"{name}[{to_signed(k, 64)}] = {shown_int(sv, w)} in the source, {shown_t} in the target"
        (sv, sp), (tv, tp) = sm.default, tm.default  # every cell neither stores
        if not cell_refines(cd, sv, sp, tv, tp, w):
            return f"{name}'s other cells: {shown_int(sv, w)} in the source, {'poison' if tp else shown_int(tv, w)} " \
                   "in the target"
    return None


def compare_runs(src: Program, tgt: Program, s: Run, t: Run) -> Divergence | None:
    """The first way the concrete target run fails to refine the source run, if any
    (semantics/refines.py's relation, evaluated on the concrete domain): the target's
    UB, then the traces, a run that ends inside a call, memory, and the live-outs."""
    if s.status is not RunStatus.OK:
        return None
    cd = ConcreteDomain()
    if t.status is RunStatus.UB:
        return _target_ub(t)
    if t.status is RunStatus.FUEL and _extra_event(cd, s, t) is None:
        # running out of steps is no divergence: only events it made that the source's
        # run does not are one
        return None
    found = _trace_differs(cd, src, tgt, s, t)
    if found is not None or (s.stopped and t.stopped):
        return found  # both ended inside the same call: their traces are the behaviour
    return _stopped_differs(s, t) or _memory_differs(cd, src, s, t) or _live_out_differs(cd, src, tgt, s, t)


def _target_ub(t: Run) -> Divergence:
    ub = t.ub
    assert ub is not None
    lane = f", lane {ub.lane}" if ub.lane else ""
    it = f", iteration {ub.iteration}" if ub.iteration >= 0 else ""
    return Divergence(DivergenceKind.TARGET_UB, f"target has immediate UB ({ub.reason}) at `{ub.text}`"
                      f" in block {ub.block}{it}{lane}; the source has none", ub.text, ub.loc, ub.lane or None,
                      ub.iteration, None)


def _extra_event(cd: ConcreteDomain, s: Run, t: Run) -> int | None:
    """The first event of the target's run that the source's does not refine to."""
    return next((j for j, te in enumerate(t.trace)
                 if j >= len(s.trace) or not event_refines(cd, s.trace[j].callee, te.callee, s.trace[j].args,
                                                           te.args)), None)


def _trace_differs(cd: ConcreteDomain, src: Program, tgt: Program, s: Run, t: Run) -> Divergence | None:
    """The first event where the traces differ, or where the callee may read memory
    that differs between the runs."""
    uids = {i.uid: i for i in tgt.instructions()}
    bits = {a.name: a.elem.bits for a in src.arrays}

    def at(te: Any) -> tuple[str | None, Loc | None]:
        made = uids.get(te.uid) if te is not None else None
        return (instr_text(made), made.loc) if made is not None else (None, None)

    for j in range(max(len(s.trace), len(t.trace))):
        se = s.trace[j] if j < len(s.trace) else None
        te = t.trace[j] if j < len(t.trace) else None
        if se is not None and te is not None and event_refines(cd, se.callee, te.callee, se.args, te.args):
            seen = _seen_differs(cd, se, te, bits)
            if seen is not None:
                return Divergence(DivergenceKind.TRACE, f"at event {j + 1}, {te}, the callee may read {seen}",
                                  *at(te), te.lane or None, te.iteration, j + 1)
            continue
        summary = f"trace differs at event {j + 1}: source {se if se else '(ends)'}, target {te if te else '(ends)'}"
        if s.stopped and j == len(s.trace) - 1:
            summary += ("; the source's run ends inside that call (it may not return), so what would follow "
                        "it, UB included, does not excuse the target")
        return Divergence(DivergenceKind.TRACE, summary, *at(te), te.lane if te is not None and te.lane else None,
                          te.iteration if te is not None else None, j + 1)
    return None


def _stopped_differs(s: Run, t: Run) -> Divergence | None:
    """One run ends inside a call (it may not return) where the other goes on."""
    if s.stopped == t.stopped:
        return None
    ended, other = ("source", "target") if s.stopped else ("target", "source")
    last = (s if s.stopped else t).trace[-1]
    return Divergence(DivergenceKind.TRACE, f"the {ended} ends inside its call {last} (it may not return), "
                      f"the {other} goes on past it", position=len(s.trace))


def _memory_differs(cd: ConcreteDomain, src: Program, s: Run, t: Run) -> Divergence | None:
    """The first memory cell the target's run leaves that the source's does not refine."""
    for a in src.arrays:
        sm, tm = s.memory[a.name], t.memory[a.name]
        for k in sorted(set(sm.explicit()) | set(tm.explicit())):
            (sv, sp), (tv, tp) = sm[k], tm[k]
            if not cell_refines(cd, sv, sp, tv, tp, a.elem.bits):
                shown = "poison" if tp else str(shown_int(tv, a.elem.bits))
                return Divergence(DivergenceKind.MEMORY, f"{a.name}[{k}] is {shown_int(sv, a.elem.bits)} after the "
                                  f"source but {shown} after the target", position=k)
    return None


def _live_out_differs(cd: ConcreteDomain, src: Program, tgt: Program, s: Run, t: Run) -> Divergence | None:
    """The first live-out (lane) the target's run gives that the source's does not
    refine, naming where a poison one was made."""
    out_bits = {n: elem_of(ty).bits for n, ty in out_types(src).items()}
    for n, s_out in s.outs.items():
        t_out = t.outs.get(n)
        if t_out is None:
            return Divergence(DivergenceKind.LIVE_OUT, f"live-out {n} is not produced by the target")
        s_lanes = [s_out] if isinstance(s_out, Val) else list(s_out)
        t_lanes = [t_out] if isinstance(t_out, Val) else list(t_out)
        k = next((k for k, (sl, tl) in enumerate(zip(s_lanes, t_lanes, strict=True))
                  if not val_refines(cd, sl, tl, out_bits[n])), None)
        if k is None:
            continue
        sl, tl = s_lanes[k], t_lanes[k]
        made = _last_out(tgt, t, n)
        width = src.floats.get(n)
        return Divergence(DivergenceKind.LIVE_OUT,
                          f"live-out {n}: source {show_val(sl, float_width=width)}, "
                          f"target {show_val(tl, float_width=width)}{_poison_made(tgt, t, made, tl)}",
                          instr_text(made) if made else None, made.loc if made else None,
                          lane=k + 1 if is_vec(s_out) else None)
    return None


def _poison_made(tgt: Program, t: Run, out: Instr | None, value: Val) -> str:
    """Where a poison live-out's poison was first produced, for its message ('' else)."""
    origin = _poison_origin(tgt, t, out.args[0]) if out is not None and value.p else None
    if origin is None:
        return ""
    made, lane = origin
    return (f"; the poison is first produced by `{instr_text(made)}`" + (f" in lane {lane}" if lane else "")
            + (f" at {made.loc}" if made.loc else ""))


def _poison_origin(prog: Program, r: Run, op: Any) -> tuple[Instr, int | None] | None:
    """The instruction whose result is poison while none of its operands is: where the
    poison a value holds was made (following the first poison operand back, by the
    values the run held last); with the first poison lane of a vector."""
    defs = {i.dest: i for b in prog.blocks.values() for i in b.instrs if i.dest}
    phis = {ph.dest: ph for b in prog.blocks.values() for ph in b.phis}
    seen: set[str] = set()

    def poison_lane(v: Any) -> int:
        """The first poison lane (1 for a scalar), 0 if none."""
        lanes = list(v) if is_vec(v) else [v]
        return next((k + 1 for k, x in enumerate(lanes) if x.p), 0)

    def poisoned(a: Any) -> bool:
        return isinstance(a, Ref) and a.name in r.values and poison_lane(r.values[a.name]) > 0

    while isinstance(op, Ref) and (op.name in defs or op.name in phis) and op.name not in seen:
        seen.add(op.name)
        if op.name in phis:  # through a phi: the poison incoming value
            op = next((a for _, a in phis[op.name].incoming if poisoned(a)), None)
            continue
        ins = defs[op.name]
        v = r.values.get(op.name)
        if v is None or not poison_lane(v):
            return None
        lane = poison_lane(v) if is_vec(v) else None
        cands = ins.args
        if ins.op == "select" and not is_vec(v):
            c = r.values.get(ins.args[0].name) if isinstance(ins.args[0], Ref) else None
            if c is not None and not is_vec(c) and not c.p:  # type: ignore[union-attr]
                cands = [ins.args[1] if c.v else ins.args[2]]  # type: ignore[union-attr]
        nxt = next((a for a in cands if poisoned(a)), None)
        if nxt is None or ins.op in ("load", "freeze"):
            return ins, lane
        op = nxt
    return None


def _last_out(prog: Program, r: Run, name: str) -> Instr | None:
    """The `out` of live-out `name` the run executed last (a function's `ret`)."""
    outs = {b.name: i for b in prog.blocks.values() for i in b.instrs if i.op == "out" and i.out == name}
    for blk, _ in reversed(r.path):
        if blk in outs:
            return outs[blk]
    return None


def show_val(x: Val, bits: int | None = None, float_width: int | None = None) -> str:
    """A value as reports write it: poison, undef, an IEEE float (`float_width`: the
    input typed it so) or an integer (signed at `bits`)."""
    if x.p:
        return "poison"
    if x.u:
        return "undef"
    if float_width is not None:
        return float_text(x.v, float_width)
    return str(x.v if bits is None else to_signed(x.v, bits))
