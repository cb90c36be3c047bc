"""The concrete interpreter: runs a Program on Inputs with Python ints (ops.py's rules).

It follows one path, numbers loop iterations, answers nondeterministic choices
from Inputs.choices, stops at the first immediate UB and names the instruction,
the lane and the iteration.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from verifier.analysis.loops import Loop, every_loop, loop_of
from verifier.ir.program import (
    Block,
    Branch,
    Const,
    Halt,
    Instr,
    Jump,
    Loc,
    Operand,
    PoisonConst,
    Program,
    Ref,
    Undef,
)
from verifier.ir.types import Type, VecType, elem_of, mask, to_signed
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.domain import AnyDomain
from verifier.semantics.inputs import Inputs, Key
from verifier.semantics.ops import (
    Env,
    State,
    UBKind,
    UndefReading,
    Val,
    Value,
    eval_extent,
    exec_instr,
    is_vec,
    poison_of,
)


@dataclass(frozen=True)
class UBEvent:
    """Immediate UB: where (instruction, block, lane, loop iteration) and why."""

    uid: int
    block: str
    lane: int
    iteration: int
    kind: UBKind
    reason: str
    text: str
    loc: Loc | None
    array: str | None = None  # the object of an out-of-bounds access or a read-only store


@dataclass(frozen=True)
class Event:
    """One effectful call: callee and arguments, each (value, poison); where it was
    issued (instruction uid, lane, loop iteration); and the memory the callee may read
    or write, as it was at the call (object -> cells)."""

    callee: str
    args: tuple[tuple[int, bool], ...]
    uid: int = 0
    lane: int = 0
    iteration: int = -1
    memory: dict[str, Cells] = field(default_factory=dict, compare=False, hash=False)

    def __str__(self) -> str:
        return f"{self.callee}({', '.join('poison' if p else str(v) for v, p in self.args)})"


@dataclass(frozen=True)
class ArrayView:
    """An array's final contents: element i is cell delta + i of its memory object.
    Sparse: only cells set by the inputs or written are stored."""

    cells: dict[int, tuple[int, bool]]
    delta: int
    extent: int

    def __getitem__(self, i: int) -> tuple[int, bool]:
        return self.cells.get((i + self.delta) & mask(64))  # type: ignore[return-value]

    def explicit(self) -> list[int]:
        """The element indices within the extent whose cells are stored explicitly."""
        out = []
        for k in self.cells:
            i = to_signed(k, 64) - self.delta
            if 0 <= i < self.extent:
                out.append(i)
        return sorted(out)

    def prefix(self, n: int) -> list[tuple[int, bool]]:
        return [self[i] for i in range(min(n, self.extent))]


class RunStatus(StrEnum):
    """How a concrete run ended: it finished, hit immediate UB, or ran out of fuel."""

    OK = "ok"
    UB = "ub"
    FUEL = "fuel"


@dataclass
class Run:
    status: RunStatus
    ub: UBEvent | None
    trace: list[Event]
    memory: dict[str, ArrayView]
    outs: dict[str, Value]
    iterations: dict[str, int] = field(default_factory=dict)  # loop header -> iterations run
    path: list[tuple[str, int]] = field(default_factory=list)  # (block, iteration) visited
    # every SSA value as last defined (a vector body's values: its last iteration run)
    values: dict[str, Value] = field(default_factory=dict)
    # the watched values (run's `watch`) by (name, loop iteration) each time defined
    history: dict[tuple[str, int], Value] = field(default_factory=dict)
    # the nondeterministic choices the run made (freeze of poison, uses of undef, an
    # fmuladd's rounding), by key: none means any other run on these inputs is this one
    choices: list[Key] = field(default_factory=list)
    # the run ended inside its last event's call, which did not return (status OK; its
    # memory and live-outs are then no result of the function)
    stopped: bool = False
    # (trace position, object) of each object a call wrote (its contents after:
    # Inputs.clobbers, zeros where they give none)
    written: list[tuple[int, str]] = field(default_factory=list)


def read_operand(d: AnyDomain, op: Operand, ty: Type, values: dict[str, Value], key: Key,
                 undef: UndefReading = UndefReading.TAINTED) -> Value:
    """An operand's value; every use of undef is a fresh choice named by `key` and lane,
    tainted or not as `undef` says."""
    if isinstance(op, Ref):
        return use_of(d, values[op.name], ty, key, undef)
    w = elem_of(ty).bits
    n = ty.lanes if isinstance(ty, VecType) else 0
    if isinstance(op, Const):
        lane = Val(d.const(op.value, w), d.F, d.F)
    elif isinstance(op, PoisonConst):
        lane = Val(d.const(0, w), d.T, d.F)
    elif isinstance(op, Undef):
        taint = d.T if undef is UndefReading.TAINTED else d.F
        lanes = [Val(d.choose((*key, k), w), d.F, taint) for k in range(1, max(n, 1) + 1)]
        return tuple(lanes) if n else lanes[0]
    else:  # pragma: no cover
        raise TypeError(op)
    return (lane,) * n if n else lane


def use_of(d: AnyDomain, x: Value, ty: Type, key: Key, undef: UndefReading) -> Value:
    """A use of value `x`. LLVM reads undef again at every use of a value computed from
    it (`%x = or undef, 1` may be 1 at one use and 3 at the next): a TAINTED lane is a
    fresh choice of any value at each use, named by `key` and lane (more values than
    LLVM's, never fewer: a target's reading). A CHOSEN run (a source's) keeps the value:
    fewer values than LLVM's, and its choices are quantified."""
    if undef is UndefReading.CHOSEN:
        return x
    lanes = x if is_vec(x) else (x,)
    if all(d.is_false(ln.u) for ln in lanes):  # type: ignore[union-attr]
        return x
    w = elem_of(ty).bits
    again = [ln if d.is_false(ln.u) else Val(d.ite(ln.u, d.choose((*key, k), w), ln.v, w), ln.p, ln.u)
             for k, ln in enumerate(lanes, 1)]
    return tuple(again) if is_vec(x) else again[0]


def operand_type(op: Operand, types: dict[str, Type]) -> Type:
    return types[op.name] if isinstance(op, Ref) else op.type


def concrete_env(prog: Program, d: ConcreteDomain, inputs: Inputs, params: dict[str, Val],
                 written: list[tuple[int, str]] | None = None) -> Env:
    """The environment `prog` runs in on `inputs`; `written` collects (trace position,
    object) for each object a call writes."""
    widths = {p.name: p.type.bits for p in prog.params}
    extents = {a.name: eval_extent(d, a.extent, params, widths) for a in prog.arrays}
    alias = {}
    for view, objs in prog.alias_targets().items():
        chosen, delta = inputs.alias.get(view, (None, 0))
        alias[view] = (tuple((obj, obj == chosen) for obj in objs), delta & mask(64))

    def apply(f: Any, args: Sequence[Any]) -> int:
        other = inputs.pure_else.get(f.name, 0)
        return inputs.pure.get((f.name, tuple(args)), other) & mask(f.ret.bits)

    def traps(f: Any, args: Sequence[Any]) -> bool:
        other = inputs.traps_else.get(f.name, False)
        return inputs.traps.get((f.name, tuple(args)), other)

    def stop_at(trace: Any, on: bool) -> bool:
        return len(trace) in inputs.stops

    bits = {a.name: a.elem.bits for a in prog.arrays}

    def clobbered(obj: str, trace: Any, on: bool) -> Cells:
        if on and written is not None:
            written.append((len(trace), obj))
        cells, default = inputs.clobbers.get((obj, len(trace)), ({}, 0))
        return Cells.of(cells, default, bits[obj])

    return Env(extents, {a.name: a.readonly for a in prog.arrays}, bits,
               alias, apply, traps, {name: k for k, name in enumerate(sorted(prog.funcs))}, stop_at, clobbered)


def initial_memory(prog: Program, inputs: Inputs, extents: dict[str, int]) -> dict[str, Any]:
    mem: dict[str, Any] = {}
    for a in prog.arrays:
        obj = Cells()
        if a.contents is not None:  # known contents (a constant global): no input
            for k, c in enumerate(a.contents):
                obj[k] = (c & mask(a.elem.bits), False)
            mem[a.name] = obj
            continue
        content = inputs.arrays.get(a.name, [])
        n = to_signed(extents[a.name], 64)
        obj.default = (0, True) if inputs.defaults.get(a.name, 0) is None else \
            (inputs.defaults.get(a.name, 0) & mask(a.elem.bits), False)  # type: ignore[operator]
        for k in range(max(0, min(n, len(content)))):
            x = content[k]
            obj[k] = (0, True) if x is None else (x & mask(a.elem.bits), False)
        for k, x in inputs.cells.get(a.name, {}).items():
            obj[k & mask(64)] = (0, True) if x is None else (x & mask(a.elem.bits), False)
        mem[a.name] = obj
    return mem


class Cells(dict[int, tuple[int, bool]]):
    """A concrete memory object: explicit cells, and the value of every other one."""

    default: tuple[int, bool] = (0, False)

    def get(self, key: int, default: Any = None) -> Any:
        return super().get(key, self.default)

    @staticmethod
    def of(cells: dict[int, int | None], default: int | None, bits: int) -> Cells:
        """An object of `bits`-bit elements holding `cells` (None: poison) and `default`
        in every other cell."""
        obj = Cells()
        obj.default = (0, True) if default is None else (default & mask(bits), False)
        for k, x in cells.items():
            obj[k & mask(64)] = (0, True) if x is None else (x & mask(bits), False)
        return obj


def run(prog: Program, inputs: Inputs, fuel: int = 100_000, watch: frozenset[str] = frozenset(),
        loops: list[Loop] | None = None, undef: UndefReading = UndefReading.TAINTED) -> Run:
    """Execute `prog` on `inputs` until it ends, hits immediate UB, or runs out of fuel;
    the values named in `watch` are recorded each time they are defined. `loops`:
    every_loop(prog), where a caller running the program many times has it (loops
    may nest: a block's iteration is its innermost loop's). `undef`: how it reads
    undef (a source's run reads it as CHOSEN)."""
    made: list[Key] = []

    def oracle(key: Key, w: int) -> int:
        made.append(key)
        return inputs.choices.get(key, 0)

    d = ConcreteDomain(oracle)
    types = prog.value_types()
    loops = every_loop(prog) if loops is None else loops
    where = loop_of(loops)
    params = {p.name: Val(inputs.params.get(p.name, 0) & mask(p.type.bits), False, False) for p in prog.params}
    written: list[tuple[int, str]] = []
    env = concrete_env(prog, d, inputs, params, written)
    st = State(initial_memory(prog, inputs, env.extents), [], {})
    values: dict[str, Value] = dict(params)
    iters: dict[str, int] = {}
    path: list[tuple[str, int]] = []
    block, prev = prog.entry, None
    history: dict[tuple[str, int], Value] = {}
    ub: UBEvent | None = None
    status = RunStatus.OK
    steps = 0
    while True:
        steps += 1
        if steps > fuel:
            status = RunStatus.FUEL
            break
        blk = prog.blocks[block]
        k = _iteration(where.get(block), block, prev, iters)
        path.append((block, k))
        ub = _run_block(d, env, st, blk, prev, values, types, k, undef, watch, history)
        if ub is not None:
            status = RunStatus.UB
            break
        if st.stopped:
            break
        nxt = _successor(d, prog, blk, values, types, k, undef)
        if isinstance(nxt, UBEvent):
            ub, status = nxt, RunStatus.UB
            break
        if nxt is None:
            break
        prev, block = block, nxt
    return Run(status, ub, _events(st, env), _views(prog, inputs, st, env), st.outs,
               {h: n + 1 for h, n in iters.items()}, path, values, history, made, bool(st.stopped), written)


def _iteration(lp: Loop | None, block: str, prev: str | None, iters: dict[str, int]) -> int:
    """The iteration (from 0) of the innermost loop `lp` of `block` that this visit is
    in, counted at its header (`iters`); -1 outside loops."""
    if lp is None:
        return -1
    if block == lp.header:
        iters[lp.header] = iters[lp.header] + 1 if prev in lp.blocks else 0
    return iters[lp.header]


def _views(prog: Program, inputs: Inputs, st: State, env: Env) -> dict[str, ArrayView]:
    """Each array's memory at the end: an aliased array shows the object it views."""
    memory: dict[str, ArrayView] = {}
    for a in prog.arrays:
        root, delta = inputs.window(a.name)
        memory[a.name] = ArrayView(st.mem[root], to_signed(delta & mask(64), 64),
                                   max(0, to_signed(env.extents[a.name], 64)))
    return memory


def _events(st: State, env: Env) -> list[Event]:
    """The run's trace: each event's function (by name), arguments and place."""
    names = {k: name for name, k in env.func_ids.items()}
    return [Event(names[fid], tuple((x.v, bool(x.p)) for x in args), uid, lane, it, seen)
            for fid, args, (uid, lane, it), seen in st.trace]


def _run_block(d: ConcreteDomain, env: Env, st: State, blk: Block, prev: str | None, values: dict[str, Value],
               types: dict[str, Type], k: int, undef: UndefReading, watch: frozenset[str],
               history: dict[tuple[str, int], Value]) -> UBEvent | None:
    """A block's phis (all read before any is written) and instructions, in iteration
    k; the first immediate UB, if any (the run may also stop inside a call)."""
    if blk.phis:
        assert prev is not None, "the entry block has no phis"
        new = _phis(d, blk, prev, values, k, undef)
        values.update(new)
        history.update({(n, k): v for n, v in new.items() if n in watch})
    for ins in blk.instrs:
        ub = _step(d, env, st, ins, values, types, k, blk.name, undef)
        if ub is not None or st.stopped:
            return ub
        if ins.dest in watch and ins.dest in values:
            history[(ins.dest, k)] = values[ins.dest]
    return None


def _phis(d: ConcreteDomain, blk: Block, prev: str, values: dict[str, Value], k: int,
          undef: UndefReading) -> dict[str, Value]:
    """The block's phis' values, entered from `prev` (all read before any is written)."""
    return {ph.dest: read_operand(d, dict(ph.incoming)[prev], ph.type, values, ("undef", ph.uid, 0, k), undef)
            for ph in blk.phis}


def _successor(d: ConcreteDomain, prog: Program, blk: Block, values: dict[str, Value], types: dict[str, Type],
               k: int, undef: UndefReading) -> str | UBEvent | None:
    """The block the terminator goes to; None where the run ends (halt); UB where it
    branches on poison or undef."""
    t = blk.term
    if isinstance(t, Halt):
        return None
    if isinstance(t, Jump):
        return t.target
    assert isinstance(t, Branch)
    c = read_operand(d, t.cond, operand_type(t.cond, types), values, ("undef", t.uid, 0, k), undef)
    assert isinstance(c, Val)
    if poison_of(d, c):
        return UBEvent(t.uid, blk.name, 0, k, UBKind.BRANCH_ON_POISON, "branch on poison or undef",
                       _branch_text(prog, t), t.loc)
    return t.then if c.v else t.other


def _branch_text(prog: Program, t: Branch) -> str:
    """The branch with its condition's definition, e.g. `if (t.6) ... where t.6 = anyof(c)`."""
    from verifier.ir.printer import instr, operand

    text = f"if ({operand(t.cond)}) goto {t.then} else goto {t.other}"
    if isinstance(t.cond, Ref):
        for i in prog.instructions():
            if i.dest == t.cond.name:
                return f"{text}, where {instr(i)}"
    return text


def _step(d: ConcreteDomain, env: Env, st: State, ins: Instr, values: dict[str, Value],
          types: dict[str, Type], k: int, block: str, undef: UndefReading) -> UBEvent | None:
    arg_types = [operand_type(a, types) for a in ins.args]
    args = [read_operand(d, a, t, values, ("undef", ins.uid, j, k), undef)
            for j, (a, t) in enumerate(zip(ins.args, arg_types, strict=True))]
    res, ubs = exec_instr(d, env, st, ins, args, arg_types, k)
    for cond, site in sorted(ubs, key=lambda u: u[1].lane):
        if cond:
            from verifier.ir.printer import instr

            return UBEvent(ins.uid, block, site.lane, k, site.kind, site.reason, instr(ins), ins.loc, site.array)
    if ins.dest is not None and res is not None:
        values[ins.dest] = res
    return None
