"""The symbolic encoder: a Program as z3 terms over bounded unrolling (ops.py's rules).

Blocks are visited in a topological order of the CFG's condensation; each loop is
unrolled iteration by iteration. A block instance runs under a guard (the
disjunction of its incoming edges); states (memory, trace, live-outs) and phi
values merge at joins by ite on the edge guards. An SSA value defined in a loop
and used after it takes the value of the iteration that left the loop.

How far a loop is unrolled is the caller's choice (`Unroll`): a fixed bound, the
iterations past it recorded as `exceeded`; or "until the header is infeasible",
asked of a callback (the refinement checker asks its solver), so that a target
loop is unrolled exactly as far as the source's bounded runs need.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from verifier.analysis.accesses import implied_bounds_checks
from verifier.analysis.loops import Loop, find_loops, loop_of, reachable_cfg
from verifier.ir.program import Block, Branch, FuncDecl, Halt, Instr, Jump, Operand, Program, Ref
from verifier.ir.types import Type, VecType, elem_of
from verifier.semantics.concrete import TRACE_IDX
from verifier.semantics.domain import AnyDomain
from verifier.semantics.interpreter import operand_type, read_operand, use_of
from verifier.semantics.ops import (
    Env,
    State,
    UndefReading,
    Val,
    Value,
    eval_extent,
    exec_instr,
    is_vec,
    poison_of,
)
from verifier.semantics.z3domain import SymTrace, Z3Domain, landings, merge_traces
from verifier.smt import terms
from verifier.smt.budget import ENCODE_UNITS, Budget, charge


@dataclass
class SymInputs:
    """The environment both programs of a query share: parameters, initial memory,
    alias choices, pure functions and their trap predicates (all z3 constants)."""

    params: dict[str, Any]
    memory: dict[str, tuple[Any, Any]]
    alias: dict[str, tuple[Any, Any]]  # view -> (which: 0 or a 1-based candidate, i8; offset, i64)
    pure: dict[str, Any]
    traps: dict[str, Any]
    extents: dict[str, Any]
    targets: dict[str, list[str]] = field(default_factory=dict)  # view -> candidates (Program.alias_targets)
    # callee -> trace id, one numbering for every program encoded over these inputs
    func_ids: dict[str, int] = field(default_factory=dict)
    # the run's choices at calls, made where an encoding first asks for them (so every
    # program encoded over these inputs shares them): whether a call that may not return
    # ends the run at trace position j, and an object's contents after a call at j
    # writes it (values, poison or None)
    stops: dict[int, Any] = field(default_factory=dict)
    clobbers: dict[tuple[str, int], tuple[Any, Any]] = field(default_factory=dict)
    prefix: str = ""
    elem_bits: dict[str, int] = field(default_factory=dict)
    effects: frozenset[str] = frozenset()  # effects with a result (their functions in `pure` take the position)

    def windows(self, view: str) -> tuple[tuple[str, Any], ...]:
        """(candidate, whether the view is a window on it) for each of view's candidates."""
        which = self.alias[view][0]
        return tuple((obj, which == k + 1) for k, obj in enumerate(self.targets[view]))

    def segment(self, label: str, params: dict[str, Any], memory: dict[str, tuple[Any, Any]]) -> SymInputs:
        """These inputs for one segment of a run encoded on its own from `params` and
        `memory` (a vector iteration of a chained check): its trace starts empty, so
        its calls' choices (effect results, where a call ends the run, what it writes)
        are fresh ones, not those of another segment's calls at the same positions."""
        pure = dict(self.pure)
        traps = dict(self.traps)
        for name in self.effects:
            fn, tr = self.pure[name], self.traps[name]
            pure[name] = terms.function(f"{self.prefix}{label}{name}", *_domain_of(fn), fn.range())
            traps[name] = terms.function(f"{self.prefix}{label}{name}!traps", *_domain_of(tr), tr.range())
        return dataclasses.replace(self, params=params, memory=memory, pure=pure, traps=traps, stops={},
                                   clobbers={}, prefix=f"{self.prefix}{label}")

    def stop(self, j: int) -> Any:
        """Whether a call at trace position j that may not return ends the run."""
        if j not in self.stops:
            self.stops[j] = terms.bool_var(f"{self.prefix}stop!{j}")
        return self.stops[j]

    def clobber(self, obj: str, j: int) -> tuple[Any, Any]:
        """`obj`'s contents after a call at trace position j that writes it."""
        if (obj, j) not in self.clobbers:
            idx = terms.bv_sort(64)
            vals = terms.array_var(f"{self.prefix}{obj}!after{j}", idx, terms.bv_sort(self.elem_bits[obj]))
            # (poison too, even in an `init` object: a callee may store poison)
            pois = terms.array_var(f"{self.prefix}{obj}!after{j}!poison", idx, terms.bool_sort())
            self.clobbers[(obj, j)] = (vals, pois)
        return self.clobbers[(obj, j)]


def make_inputs(prog: Program, prefix: str = "", others: Sequence[Program] = ()) -> SymInputs:
    """Fresh z3 constants for everything `prog` reads from its environment; `others`
    are the programs compared with it (their callees share the trace numbering)."""
    d = Z3Domain(prefix)
    params = {p.name: terms.bv_var(prefix + p.name, p.type.bits) for p in prog.params}
    pvals = {n: Val(v, d.F, d.F) for n, v in params.items()}
    widths = {p.name: p.type.bits for p in prog.params}
    idx = terms.bv_sort(64)
    memory: dict[str, tuple[Any, Any]] = {}  # (values, poison or None: never poison)
    for a in prog.arrays:
        if a.contents is not None:  # known contents (a constant global): no input
            vals = terms.const_array(idx, terms.bv_val(0, a.elem.bits))
            for k, x in enumerate(a.contents):
                if x:
                    vals = terms.store(vals, terms.bv_val(k, 64), terms.bv_val(x, a.elem.bits))
            memory[a.name] = (vals, None)
            continue
        vals = terms.array_var(f"{prefix}{a.name}", idx, terms.bv_sort(a.elem.bits))
        pois = None if a.init else terms.array_var(f"{prefix}{a.name}!poison", idx, terms.bool_sort())
        memory[a.name] = (vals, pois)
    extents = {a.name: eval_extent(d, a.extent, pvals, widths) for a in prog.arrays}
    alias: dict[str, tuple[Any, Any]] = {}
    targets = prog.alias_targets()
    for view in targets:
        # `view` may be a window on one of its candidates' objects at any element offset
        # (C's b = a + d), the object being larger than either extent says
        which = terms.bv_val(1, 8) if view in prog.windows else terms.bv_var(f"{prefix}{view}~which", 8)
        alias[view] = (which, terms.bv_var(f"{prefix}{view}~offset", 64))
    pure: dict[str, Any] = {}
    traps: dict[str, Any] = {}
    for f in prog.funcs.values():
        if f.ret is not None:
            # an effectful call's result also depends on where in the trace it is made
            sorts = ([] if f.pure else [terms.bv_sort(TRACE_IDX)]) + [terms.bv_sort(t.bits) for t in f.params]
            pure[f.name] = terms.function(f"{prefix}{f.name}", *sorts, terms.bv_sort(f.ret.bits))
            traps[f.name] = terms.function(f"{prefix}{f.name}!traps", *sorts, terms.bool_sort())
    names = sorted(set(prog.funcs).union(*(set(o.funcs) for o in others)))
    return SymInputs(params, memory, alias, pure, traps, extents, targets, {n: k for k, n in enumerate(names)},
                     prefix=prefix, elem_bits={a.name: a.elem.bits for a in prog.arrays},
                     effects=frozenset(f.name for f in prog.funcs.values() if f.ret is not None and not f.pure))


def _domain_of(fn: Any) -> list[Any]:
    """The argument sorts of an uninterpreted function."""
    return [fn.domain(k) for k in range(fn.arity())]


@dataclass
class Unroll:
    """How far to unroll loops: `bound` iterations each, or, with `feasible`, until
    the next header is infeasible (asked at every iteration; `cap` at most)."""

    bound: int
    feasible: Callable[[Any], bool] | None = None
    cap: int = 0
    # narrow(guard, term, width): a constant the term must equal wherever guard holds
    # (under the caller's assumptions), or None. Used on the trace length at loop
    # headers, so appends after a predicated vector iteration go to a known slot.
    narrow: Callable[[Any, Any, int], int | None] | None = None
    # header -> header visits, for loops whose bound the caller knows (no solver asked)
    per_loop: dict[str, int] = field(default_factory=dict)
    # the budget the encoding is charged to (ENCODE_UNITS an instruction), past
    # which it stops (EncodingTimeout): a question whose encoding alone outlasts its time limit (VF 64 lanes of every load in 64
    # iterations) is unknown in that time, not a multiple of it
    budget: Budget | None = None


class EncodingTimeout(Exception):
    """The encoding spent its Unroll's budget (the check it serves is unknown)."""


@dataclass
class SymResult:
    ub: Any  # immediate UB somewhere
    exceeded: Any  # a loop would run past its unroll bound
    done: Any  # the program ended
    trace: SymTrace
    memory: dict[str, tuple[Any, Any]]
    outs: dict[str, Value]
    out_types: dict[str, Type]
    choices: dict[Any, Any]
    unrolled: dict[str, int]
    header_guards: dict[str, list[Any]]  # loop header -> guard of reaching it in iteration k
    ub_sites: list[tuple[Any, int]]  # (condition, uid of the instruction or branch) per UB site
    # the run ended inside a call that did not return (done, with its trace; its memory
    # and live-outs are not the result's)
    stopped: Any = False
    about: dict[Any, tuple[Any, ...]] = field(default_factory=dict)  # the domain's `about` of its choices
    reached: dict[Any, Any] = field(default_factory=dict)  # choice -> guard of the execution making it
    # every SSA value by (name, loop iteration; -1 outside loops), and the guard of
    # each block visit: what lane-by-lane questions (checks/lanes.py) read
    values: dict[tuple[str, int], Value] = field(default_factory=dict)
    block_guards: dict[tuple[str, int], Any] = field(default_factory=dict)


def _pick(d: Z3Domain, items: list[tuple[Any, Any]], w: int | None) -> Any:
    """ite over (guard, value) items; the last item is the default."""
    acc = items[-1][1]
    for g, x in reversed(items[:-1]):
        if w is None:
            acc = d.bite(g, x, acc)
        else:
            acc = d.ite(g, x, acc, w)
    return acc


def merge_values(d: Z3Domain, items: list[tuple[Any, Value]], ty: Type) -> Value:
    w = elem_of(ty).bits
    first = items[-1][1]
    if all(v is first for _, v in items):
        return first
    if is_vec(first):
        n = len(first)
        return tuple(
            merge_values(d, [(g, v[k]) for g, v in items], elem_of(ty))  # type: ignore[misc]
            for k in range(n))
    return Val(_pick(d, [(g, v.v) for g, v in items], w),  # type: ignore[union-attr]
               _pick(d, [(g, v.p) for g, v in items], None),  # type: ignore[union-attr]
               _pick(d, [(g, v.u) for g, v in items], None))  # type: ignore[union-attr]


def merge_states(d: Z3Domain, items: list[tuple[Any, State]], out_types: dict[str, Type]) -> State:
    if len(items) == 1:
        s = items[0][1]
        return State(dict(s.mem), s.trace, dict(s.outs), s.stopped)
    mem = {}
    for obj in items[0][1].mem:
        objs = [(g, s.mem[obj]) for g, s in items]
        first = objs[-1][1]
        if all(o is first for _, o in objs):
            mem[obj] = first
            continue
        vals = _pick(d, [(g, o[0]) for g, o in objs], None)
        if all(o[1] is None for _, o in objs):
            mem[obj] = (vals, None)
        else:
            never = terms.const_array(terms.bv_sort(64), terms.bool_val(False))
            mem[obj] = (vals, _pick(d, [(g, never if o[1] is None else o[1]) for g, o in objs], None))
    trace = merge_traces([(g, s.trace) for g, s in items])
    stopped = d.any_([d.and_(g, s.stopped) for g, s in items if not d.is_false(s.stopped)])
    outs: dict[str, Value] = {}
    names = {n for _, s in items for n in s.outs}
    for n in sorted(names):
        ty = out_types[n]
        outs[n] = merge_values(d, [(g, s.outs.get(n, unset_value(d, ty))) for g, s in items], ty)
    return State(mem, trace, outs, stopped)


def unset_value(d: AnyDomain, ty: Type) -> Value:
    """A live-out not written on this path: poison (any target value refines it)."""
    lane = Val(d.const(0, elem_of(ty).bits), d.T, d.F)
    return tuple([lane] * ty.lanes) if isinstance(ty, VecType) else lane


@dataclass
class _Pending:
    guard: Any
    state: State
    phis: dict[str, Value]


def encode(prog: Program, inputs: SymInputs, prefix: str, unroll: Unroll,
           abstract: frozenset[str] = frozenset(), undef: UndefReading = UndefReading.TAINTED) -> SymResult:
    """Encode every run of `prog` (up to the unrolling) over the shared `inputs`;
    `abstract` operations become uninterpreted functions (an over-approximation);
    `undef`: how it reads undef (a source's runs read it as CHOSEN)."""
    return _Encoder(prog, inputs, prefix, unroll, abstract, undef).run()


def _components_in_order(prog: Program) -> list[list[str]]:
    """The reachable CFG's strongly connected components (a loop nest's blocks, or one
    block), in a topological order that follows the program's block order."""
    cond = nx.condensation(reachable_cfg(prog))
    groups: dict[int, list[str]] = {}
    for b, c in cond.graph["mapping"].items():
        groups.setdefault(c, []).append(b)
    rank = {name: k for k, name in enumerate(prog.blocks)}
    return [groups[c] for c in nx.lexicographical_topological_sort(cond, key=lambda c: min(rank[b] for b in groups[c]))]


def _going_on(d: Z3Domain, items: list[_Pending], guard: Any) -> Any:
    """Of the runs pending at a header (`guard`: any of them), those that have not ended
    inside a call."""
    if all(d.is_false(p.state.stopped) for p in items):
        return guard
    return d.any_([d.and_(p.guard, d.not_(p.state.stopped)) for p in items])


class _Encoder:
    def __init__(self, prog: Program, inputs: SymInputs, prefix: str, unroll: Unroll,
                 abstract: frozenset[str] = frozenset(), undef: UndefReading = UndefReading.TAINTED) -> None:
        self.prog = prog
        self.undef = undef
        self.d = Z3Domain(prefix, abstract)
        self.inputs = inputs
        self.unroll = unroll
        self.types = prog.value_types()
        self.loops = find_loops(prog)
        self.where = loop_of(self.loops)
        self.def_block = prog.def_blocks()
        self.values: dict[tuple[str, int], Value] = {}
        self.pending: dict[tuple[str, int], list[_Pending]] = {}
        self.exit_records: dict[str, list[tuple[Any, int]]] = {lp.header: [] for lp in self.loops}
        self.post_cache: dict[str, Value] = {}
        self.ubs: list[tuple[Any, int]] = []
        self.reached: dict[Any, Any] = {}  # choice key -> guard of the execution that made it
        self.implied = implied_bounds_checks(prog)
        self.exceeded: list[Any] = []
        self.halts: list[tuple[Any, State]] = []
        self.unrolled: dict[str, int] = {}
        # loop headers where the trace's length was once not one constant: a path that
        # diverged stays diverged, so later visits do not ask again (a solver call each)
        self.diverged: set[str] = set()
        self.header_guards: dict[str, list[Any]] = {lp.header: [] for lp in self.loops}
        self.block_guards: dict[tuple[str, int], Any] = {}
        self.out_types = {i.out: operand_type(i.args[0], self.types)
                          for i in prog.instructions() if i.op == "out"}
        d = self.d
        for name, v in inputs.params.items():
            self.values[(name, -1)] = Val(v, d.F, d.F)
        self.env = Env(
            dict(inputs.extents),
            {a.name: a.readonly for a in prog.arrays},
            {a.name: a.elem.bits for a in prog.arrays},
            {view: (inputs.windows(view), inputs.alias[view][1]) for view in inputs.targets},
            self._apply, self._traps, inputs.func_ids, self._stop_at, self._clobbered)
        self.start = State(dict(inputs.memory), SymTrace.empty(), {})

    def _apply(self, f: FuncDecl, args: Sequence[Any]) -> Any:
        fn = self.inputs.pure[f.name]
        return fn(*args) if args else fn

    def _traps(self, f: FuncDecl, args: Sequence[Any]) -> Any:
        fn = self.inputs.traps[f.name]
        return fn(*args) if args else fn

    def _stop_at(self, trace: SymTrace, on: Any) -> Any:
        return self.d.any_([self.d.and_(at, self.inputs.stop(j)) for at, j in landings(trace, on)])

    def _clobbered(self, obj: str, trace: SymTrace, on: Any) -> Any:
        cases = landings(trace, on)
        out = self.inputs.clobber(obj, cases[-1][1])
        for at, j in reversed(cases[:-1]):
            out = self.d.mem_pick(at, self.inputs.clobber(obj, j), out)
        return out

    # ------------------------------------------------------------ values
    def lookup(self, name: str, block: str, k: int) -> Value:
        dl = self.where.get(self.def_block[name])
        if dl is None:
            return self.values[(name, -1)]
        if self.where.get(block) is dl:
            return self.values[(name, k)]
        if name not in self.post_cache:
            items = [(g, self.values[(name, kk)]) for g, kk in self.exit_records[dl.header]
                     if (name, kk) in self.values]
            if not items:
                raise KeyError(name)
            self.post_cache[name] = merge_values(self.d, items, self.types[name])
        return self.post_cache[name]

    def read(self, op: Operand, block: str, k: int, key: tuple[Any, ...]) -> Value:
        ty = operand_type(op, self.types)
        if isinstance(op, Ref):
            return use_of(self.d, self.lookup(op.name, block, k), ty, key, self.undef)
        return read_operand(self.d, op, ty, {}, key, self.undef)

    # ------------------------------------------------------------ driver
    def run(self) -> SymResult:
        self.pending[(self.prog.entry, -1)] = [_Pending(self.d.T, self.start, {})]
        for blocks in _components_in_order(self.prog):
            lp = self.where.get(blocks[0])
            if lp is None:
                self.visit(blocks[0], -1)
            else:
                self.run_loop(lp)
        d = self.d
        done = d.any_([gd for gd, _ in self.halts]) if self.halts else d.F
        final = merge_states(d, self.halts, self.out_types) if self.halts else self.start
        # a run that ended inside a call went on through the code (State.stopped): its
        # observed trace is its live events, its memory and live-outs no result
        stopped = d.any_([d.and_(gd, st.stopped) for gd, st in self.halts])
        for n, ty in self.out_types.items():
            final.outs.setdefault(n, unset_value(d, ty))
        return SymResult(d.any_([c for c, _ in self.ubs]), d.any_(self.exceeded), done, final.trace,
                         final.mem, final.outs, self.out_types, self.d.choices, self.unrolled,
                         self.header_guards, self.ubs, stopped, self.d.about, self.reached, self.values,
                         self.block_guards)

    def run_loop(self, lp: Loop) -> None:
        """Unroll `lp` iteration by iteration. A run that ended inside a call goes on
        through the code (State.stopped) but does not keep the loop going: where the
        unrolling stops (the bound, or no run that goes on reaches the header), it has
        ended there, a halt, never one that exceeds the bound."""
        d = self.d
        k = 0
        while True:
            items = self.pending.get((lp.header, k), [])
            guard = d.any_([p.guard for p in items])
            if d.is_false(guard):
                break
            self.header_guards[lp.header].append(guard)
            going = _going_on(d, items, guard)
            feasible = self._stop_test(lp)
            if k >= 1 and feasible is not None and not feasible(going):
                self._ended(items)
                break
            if k >= self._limit(lp):
                self.exceeded.append(going)
                self._ended(items)
                break
            for b in lp.body_order:
                self.visit(b, k)
            k += 1
        self.unrolled[lp.header] = k

    def _stop_test(self, lp: Loop) -> Callable[[Any], bool] | None:
        """Whether any run goes on (Unroll.feasible): the unrolling of `lp` stops where
        none does, unless its bound is given per loop."""
        return None if lp.header in self.unroll.per_loop else self.unroll.feasible

    def _limit(self, lp: Loop) -> int:
        """How many iterations of `lp` to unroll at most: its own bound, else the cap
        (when the unrolling stops where no run goes on), else the bound."""
        return self.unroll.per_loop.get(lp.header) or (
            self.unroll.cap if self.unroll.feasible is not None else self.unroll.bound)

    def _ended(self, items: list[_Pending]) -> None:
        """The runs among `items` (pending at a header the unrolling stops at) that ended
        inside a call: halts, in the state they reach there."""
        d = self.d
        ended = [(d.and_(p.guard, p.state.stopped), p.state) for p in items if not d.is_false(p.state.stopped)]
        if ended:
            self.halts.append((d.any_([g for g, _ in ended]), merge_states(d, ended, self.out_types)))

    def visit(self, block: str, k: int) -> None:
        """Block `block` in iteration k, on the merged states of the paths that reach
        it: its phis, its instructions (their UB under the guard), its terminator."""
        d = self.d
        items = [p for p in self.pending.pop((block, k), []) if not d.is_false(p.guard)]
        if not items:
            return
        self._charge(block, k)
        guard = d.any_([p.guard for p in items])
        self.block_guards[(block, k)] = guard
        blk = self.prog.blocks[block]
        st = merge_states(d, [(p.guard, p.state) for p in items], self.out_types)
        self._narrow_trace(block, guard, st)
        for ph in blk.phis:
            self.values[(ph.dest, k)] = merge_values(d, [(p.guard, p.phis[ph.dest]) for p in items], ph.type)
        for ins in blk.instrs:
            self._instr(ins, block, k, guard, st)
        self._leave(blk, k, guard, st)

    def _charge(self, block: str, k: int) -> None:
        """Encoding a block is work on the budget's meter; a spent budget stops it."""
        charge(ENCODE_UNITS * (1 + len(self.prog.blocks[block].instrs)))
        if self.unroll.budget is not None and self.unroll.budget.exhausted():
            raise EncodingTimeout(f"{self.prog.name}: encoding stopped at block {block}, iteration {k}")

    def _narrow_trace(self, block: str, guard: Any, st: State) -> None:
        """At a loop header, the trace's length narrowed to the one value every path
        there gives it (Unroll.narrow), while it does; else that header diverged."""
        lp = self.where.get(block)
        if lp is None or block != lp.header or self.unroll.narrow is None or type(st.trace.length) is int \
                or block in self.diverged:
            return
        c = self.unroll.narrow(guard, st.trace.length, TRACE_IDX)
        if c is not None:
            st.trace = SymTrace(c, st.trace.slots[:c], c, c, seen=st.trace.seen)
        else:
            self.diverged.add(block)

    def _instr(self, ins: Instr, block: str, k: int, guard: Any, st: State) -> None:
        """One instruction: its result, the choices it made (reached under `guard`), and
        its immediate UB where the run has not ended inside a call."""
        d = self.d
        arg_types = [operand_type(a, self.types) for a in ins.args]
        args = [self.read(a, block, k, ("undef", ins.uid, j, k)) for j, a in enumerate(ins.args)]
        made = len(d.choices)
        alive = d.not_(st.stopped)  # (UB after the run ended inside a call is none)
        res, ubs = exec_instr(d, self.env, st, ins, args, arg_types, k)
        if len(d.choices) > made:  # the choices this execution made, and when it runs
            for key in list(d.choices)[made:]:
                self.reached[key] = guard
        if ins.uid in self.implied:
            ubs = []  # the group's end lanes cover this load's conditions (analysis/accesses.py)
        for cond, _site in ubs:  # the interpreter names the site when it replays
            c = d.and_(d.and_(guard, alive), cond)
            if not d.is_false(c):
                self.ubs.append((c, ins.uid))
        if ins.dest is not None and res is not None:
            self.values[(ins.dest, k)] = res

    def _leave(self, blk: Block, k: int, guard: Any, st: State) -> None:
        """The terminator: a halt ends the path; a jump or branch sends the state on
        (a branch on poison is UB)."""
        d, t = self.d, blk.term
        if isinstance(t, Halt):
            self.halts.append((guard, st))
        elif isinstance(t, Jump):
            self.send(blk.name, k, t.target, guard, st)
        else:
            assert isinstance(t, Branch)
            cv = self.read(t.cond, blk.name, k, ("undef", t.uid, 0, k))
            assert isinstance(cv, Val)
            bad = d.and_(d.and_(guard, d.not_(st.stopped)), poison_of(d, cv))
            if not d.is_false(bad):
                self.ubs.append((bad, t.uid))
            taken = d.eq(cv.v, d.const(1, 1), 1)
            self.send(blk.name, k, t.then, d.and_(guard, taken), st)
            self.send(blk.name, k, t.other, d.and_(guard, d.not_(taken)), st)

    def send(self, src: str, k: int, dst: str, guard: Any, st: State) -> None:
        if self.d.is_false(guard):
            return
        phis = {ph.dest: self.read(dict(ph.incoming)[src], src, k, ("undef", ph.uid, 0, k))
                for ph in self.prog.blocks[dst].phis}
        ls, ld = self.where.get(src), self.where.get(dst)
        if ls is not None and ls is ld:
            key = (dst, k + 1) if dst == ls.header else (dst, k)
        elif ld is not None:
            key = (dst, 0)
        else:
            key = (dst, -1)
        if ls is not None and ls is not ld:
            self.exit_records[ls.header].append((guard, k))
        self.pending.setdefault(key, []).append(_Pending(guard, st, phis))
