"""Concrete tests before the solver searches for a counterexample.

A target fails to refine a source on an input where the source runs without UB
and the target's run is not one of the source's behaviours. When the source
makes no nondeterministic choice on that input (no freeze of poison, no use of
undef, no rounding choice: `Run.choices` is empty), its run is its only behaviour
there, so a target run that does not refine it (compare_runs) is a counterexample
outright: exactly the replay every counterexample of the solver goes through,
with nothing left to search for. Inputs made to reach a loop's exits (trip counts
around multiples of VF, the programs' constants and parameters as array elements,
now and then poison) find most wrong vectorizations within a vector iteration or
two, in milliseconds a run, where the solver's search takes seconds at VF 64.

Nothing is concluded from tests that pass: the solver decides then. The first
failing input is shrunk (parameters towards zero, elements to 0 or 1, poison
away), each step again such a replay, so what is shown is small and replayed.
The inputs are a function of the programs, VF and the bound, and the shrinking is
bounded by a count of replays (the clock is a safety net): the same obligation finds
the same counterexample in every process unless the machine is too loaded for the
budget.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import struct
from collections.abc import Callable, Iterator

from verifier.analysis.loops import find_loops
from verifier.checks.replay import compare_runs, replay_fuel, source_fuel, target_fuel
from verifier.checks.shares import SHRINK_SHARE
from verifier.checks.verdict import Counterexample
from verifier.ir.opcodes import OPCODES
from verifier.ir.program import Const, Program, Ref
from verifier.ir.types import elem_of, mask, to_signed
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.inputs import Inputs, window_of
from verifier.semantics.interpreter import Run, RunStatus, run
from verifier.semantics.ops import Val, eval_extent
from verifier.smt.budget import INTERPRET_UNITS, Budget, charge

TRIES = 400  # inputs at most per obligation (the time budget usually ends it first)
MAX_LISTED = 4096  # array elements given explicitly; the rest take the array's default
# shrinking a failure: replays at most, and the share of the time left (a safety net:
# the count, not the clock, ends it on a machine that is not overloaded)
SHRINK_ATTEMPTS = 300
POISON_RATE = 0.25  # of the inputs, some elements of arrays that may hold poison are poison
PROBES = 3  # fills of the arrays tried on the source alone, for one that runs long
# of the inputs, where pointers may share memory, those that make each view a window on
# one of the objects it may see (the rest keep it apart)
ALIAS_RATE = 0.5
FLOOR_RATE = 0.7  # of the inputs, those whose parameters with an assumed least value take it (or a little more)


def testable(src: Program, tgt: Program) -> bool:
    """One input means the same memory to both programs: where pointers may share
    memory, both read them as the same views of the same candidates (the generator
    chooses each view's window, _Generator.alias)."""
    return src.alias_targets() == tgt.alias_targets() and src.windows == tgt.windows


class ConcreteTests:
    """The tests of one obligation, run in installments (`run`): a few cheap ones
    before any solver call, more where the solver's first question did not settle
    it. Each installment goes on with the same sequence of inputs."""

    def __init__(self, src: Program, tgt: Program, vf: int, max_trip: int, enabled: bool = True,
                 long_runs: int | None = None) -> None:
        self.src, self.tgt = src, tgt
        # the source's runs are followed to max_trip iterations, or to `long_runs`: a
        # failing run of any length is a counterexample (a target that differs only
        # after the source's hundredth iteration, say), where the bound is the solver's
        self.fuel, self.src_fuel = replay_fuel(src, tgt, max_trip), source_fuel(src, max(max_trip, long_runs or 0))
        self.gen = _Generator(src, tgt, vf, max_trip)
        self.tgt_loops = find_loops(tgt)
        self.stream = self.gen.inputs()
        self.tried = 0
        self.testable = enabled and testable(src, tgt)
        self.found: Counterexample | None = None  # the counterexample the tests gave, once they have
        # an input the source ran without UB within max_trip iterations, once one has:
        # its assumptions hold on some input, so a proof is not vacuous
        self.witness: Inputs | None = None
        self.max_trip = max_trip

    def attempt(self, inputs: Inputs) -> Counterexample | None:
        """The counterexample these inputs are, if the source's run is its only
        behaviour on them and the target's does not refine it."""
        inputs = _as_seen(inputs)
        s = run(self.src, inputs, fuel=self.src_fuel, loops=self.gen.src_loops)
        charge(INTERPRET_UNITS * len(s.path))
        if s.status is RunStatus.OK and self.witness is None and max(s.iterations.values(), default=0) <= self.max_trip:
            self.witness = inputs
        ended = _ended_before_ub(self.src, inputs, s)
        if ended is not None:  # UB no time machine: the run that ends inside the call before it
            inputs = ended
            s = run(self.src, inputs, fuel=self.src_fuel, loops=self.gen.src_loops)
            charge(INTERPRET_UNITS * len(s.path))
        if s.status is not RunStatus.OK or s.choices:
            return None  # UB (nothing to refine), too long, or not its only behaviour
        t = run(self.tgt, inputs, fuel=target_fuel(s, self.fuel), loops=self.tgt_loops)
        charge(INTERPRET_UNITS * len(t.path))
        div = compare_runs(self.src, self.tgt, s, t)
        return None if div is None else Counterexample.of(inputs, self.src, self.tgt, s, t, div)

    def run(self, tries: int, seconds: float, shrunk: bool = True) -> Counterexample | None:
        """A replayed counterexample from the next `tries` inputs within `seconds`,
        shrunk unless not `shrunk` (a caller that only asks whether one exists, and
        of what kind); None if none failed (which proves nothing)."""
        if not self.testable:
            return None
        budget = Budget.of(seconds)
        for _ in range(tries):
            if self.tried >= TRIES or budget.exhausted():
                return None
            inputs = next(self.stream)
            self.tried += 1
            found = self.attempt(inputs)
            if found is not None:
                self.found = found if not shrunk else shrink(self.gen, inputs, found, self.attempt,
                                                             budget.part(SHRINK_SHARE, least=0.05))
                return self.found
        return None


def _ended_before_ub(src: Program, inputs: Inputs, r: Run) -> Inputs | None:
    """Where the source's run has UB after calls that may not return: the same inputs
    with the last such call ending the run (its UB is then no excuse for what a target
    does before it). None where there is no such call."""
    if r.status is not RunStatus.UB:
        return None
    last = next((j for j in range(len(r.trace) - 1, -1, -1)
                 if (f := src.funcs.get(r.trace[j].callee)) is not None and not f.pure and not f.willreturn), None)
    if last is None or last in inputs.stops:
        return None
    return dataclasses.replace(inputs, stops=inputs.stops | {last})


def sample_inputs(src: Program, tgt: Program, vf: int, max_trip: int) -> Iterator[Inputs]:
    """The inputs the concrete tests try, in order (the same on every run): for a caller
    that runs them its own way (bench/hunt.py, natively)."""
    return _Generator(src, tgt, vf, max_trip).inputs()


def concrete_counterexample(src: Program, tgt: Program, vf: int, max_trip: int, seconds: float,
                            tries: int = TRIES) -> Counterexample | None:
    """ConcreteTests in one installment."""
    return ConcreteTests(src, tgt, vf, max_trip).run(tries, seconds)


WITNESS_TRIES = 24  # concrete runs looked at for a witness before the solver is asked for one


def concrete_witness(prog: Program, vf: int, bound: int, cut: bool) -> Inputs | None:
    """An input on which `prog` runs without UB (its loops within `bound` header
    visits, or any run if `cut`: then its first `bound` visits have none either), found
    by running it; None where the tests find none or cannot make its inputs. A proof
    needs such a run to exist (not vacuous), and the solver's search for one can take
    far longer than the proof (bit-blasting a float square root, say)."""
    if not testable(prog, prog):
        return None
    gen = _Generator(prog, prog, vf, bound)
    fuel = source_fuel(prog, bound)
    tries = list(itertools.islice(gen.inputs(), WITNESS_TRIES))
    # and every array filled with one float (by its bits, at the element's width): the
    # generator's integers are NaNs or denormals as floats, which fast-math flags make poison
    if tries and all(a.elem.bits % 8 == 0 for a in gen.arrays):
        tries += [dataclasses.replace(tries[0], arrays={a.name: _float_fill(v, w, a.elem.bits, len(tries[0].arrays[a.name]))
                                                        for a in gen.arrays})
                  for w in (32, 64) for v in FLOAT_FILLS]
    for inputs in tries:
        r = run(prog, inputs, fuel=fuel, loops=gen.src_loops)
        charge(INTERPRET_UNITS * len(r.path))
        if r.status is RunStatus.OK and (cut or max(r.iterations.values(), default=0) <= bound):
            return inputs
    return None


FLOAT_FILLS = (0.0, 1.0, 100.0, 1.0e4, -1.0)
# elements of float code's tests: magnitudes far apart (a sum's rounding depends on
# its order), exact and inexact fractions, the edge of float's exact integers
FLOAT_POOL = (0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 3.0, 100.0, 1.0e8, -1.0e8, 16777216.0, 1.0e-3, 2.5e7)


def _float_fill(v: float, width: int, unit: int, n: int) -> list[int | None]:
    """n elements of `unit` bits holding v as a float of `width` bits over and over
    (little-endian: an array of bytes read as floats, too)."""
    one = struct.pack("<f" if width == 32 else "<d", v)
    stream = one * (n * unit // width + 1)
    k = unit // 8
    return [to_signed(int.from_bytes(stream[j * k:(j + 1) * k], "little"), unit) for j in range(n)]


class _Generator:
    """Inputs for the source's parameters and arrays (module docstring)."""

    def __init__(self, src: Program, tgt: Program, vf: int, max_trip: int) -> None:
        self.src, self.vf = src, vf
        self.rng = random.Random(f"{src.name}/{tgt.name}/{vf}/{max_trip}")
        # the source's constants (the target's are mostly its lane numbers and masks)
        consts = {to_signed(a.value, elem_of(a.type).bits) for i in src.instructions()
                  for a in i.args if isinstance(a, Const)}
        self.consts = sorted(c for c in consts if abs(c) <= 1 << 20)
        trips = {0, 1, 2, 3, vf - 1, vf, vf + 1, 2 * vf - 1, 2 * vf, 2 * vf + 1, 3 * vf + 2, max_trip}
        self.small = sorted({t for t in trips if 0 <= t <= vf + 1} | {2 * vf + 1} | {c for c in self.consts if 0 <= c <= vf + 1})
        self.wide = sorted(trips | {-1} | set(self.consts) | {c + 1 for c in self.consts} | {c - 1 for c in self.consts})
        self.arrays = [a for a in src.arrays if a.contents is None]
        # float code: elements are also drawn from ordinary floats (integers' bits are
        # mostly NaNs and denormals, where rounding never shows)
        self.floats = any(OPCODES[i.op].floats for prog in (src, tgt) for i in prog.instructions())
        self.cap = min(MAX_LISTED, 4 * max_trip + 4 * vf + 8)
        self.src_fuel = source_fuel(src, max_trip)
        self.src_loops = find_loops(src)
        self.views = src.alias_targets() if testable(src, tgt) else {}
        self.floors = _assumed_floors(src)

    def inputs(self) -> Iterator[Inputs]:
        k = 0
        while True:
            k += 1
            yield self.one(small=k <= TRIES // 4)

    def one(self, small: bool) -> Inputs:
        """One test input: parameters from the small or the wide pool, elements from
        the pool everywhere or one value throughout (the one the source runs longest
        under) with another at a place or two, and a little poison."""
        rng = self.rng
        params = self._params(small)
        elems = sorted({0, 1, -1, 2, *self.consts, *params.values()})
        extents = self.extents(params)
        sizes = {a.name: max(0, min(extents.get(a.name, 0), self.cap)) for a in self.arrays}
        wide = {a.name: rng.random() < 0.2 for a in self.arrays}
        if rng.random() < 0.5:  # every element from the pool: exits anywhere
            cells = self._pool_cells(elems, sizes, wide)
        else:
            cells = self._probed_cells(elems, sizes, wide, params)
        arrays: dict[str, list[int | None]] = {}
        for a in self.arrays:
            c = cells[a.name]
            if not a.init and c and rng.random() < POISON_RATE:
                for _ in range(rng.randint(1, 2)):
                    c[rng.randrange(len(c))] = None
            arrays[a.name] = [None if x is None else to_signed(x & mask(a.elem.bits), a.elem.bits) for x in c]
        alias = self.alias()
        return Inputs(params=params, arrays=arrays, defaults={a.name: 0 for a in self.arrays}, alias=alias,
                      cells=_seen_through(alias, arrays))

    def alias(self) -> dict[str, tuple[str | None, int]]:
        """Where pointers may share memory: each view a window on one of its candidates
        (Program.alias_targets) at a small element offset, ahead of it or behind it, so
        that a store through one is what a later load through the other reads; or apart."""
        out: dict[str, tuple[str | None, int]] = {}
        for view, cands in self.views.items():
            if self.rng.random() < ALIAS_RATE:
                out[view] = (self.rng.choice(cands), self.rng.randint(-(self.vf + 1), self.vf + 1))
        return out

    def _params(self, small: bool) -> dict[str, int]:
        rng = self.rng
        params: dict[str, int] = {}
        for p in self.src.params:
            bits = p.type.bits
            if bits == 1:
                params[p.name] = rng.randrange(2)
                continue
            pool = self.small if small else self.wide
            v = rng.choice(pool) if rng.random() < 0.85 else rng.randint(-4, 4 * self.vf + 4)
            floor = self.floors.get(p.name)
            if floor is not None and v < floor and rng.random() < FLOOR_RATE:  # (an object's assumed size, say)
                v = floor + rng.choice((0, 0, 1, self.vf))
            params[p.name] = to_signed(v & mask(bits), bits)
        return params

    def _pick(self, elems: list[int], bits: int, wide: bool) -> int:
        """One element: an ordinary float (by its bits), a wide integer, or one of `elems`."""
        rng = self.rng
        if self.floats and bits in (32, 64) and rng.random() < 0.5:
            return _float_fill(rng.choice(FLOAT_POOL), bits, bits, 1)[0] or 0
        if wide:
            return rng.randint(-(1 << min(bits, 16) - 1), (1 << min(bits, 16) - 1) - 1)
        return rng.choice(elems)

    def _pool_cells(self, elems: list[int], sizes: dict[str, int],
                    wide: dict[str, bool]) -> dict[str, list[int | None]]:
        """Every element from the pool; sometimes equal elements across arrays (a[i] == b[i])."""
        rng = self.rng
        cells: dict[str, list[int | None]] = {
            a.name: [self._pick(elems, a.elem.bits, wide[a.name]) for _ in range(sizes[a.name])] for a in self.arrays}
        if len(self.arrays) > 1 and rng.random() < 0.4:
            first = cells[self.arrays[0].name]
            for a in self.arrays[1:]:
                for k in range(min(len(first), sizes[a.name])):
                    if rng.random() < 0.7:
                        cells[a.name][k] = first[k]
        return cells

    def _probed_cells(self, elems: list[int], sizes: dict[str, int], wide: dict[str, bool],
                      params: dict[str, int]) -> dict[str, list[int | None]]:
        """One value throughout each array, the one of a few under which the source runs
        longest (full vector iterations), then another at one or two places (an exit
        there, in some vector iteration)."""
        rng = self.rng
        best: tuple[int, dict[str, list[int | None]]] = (-2, {})
        for _ in range(PROBES):
            fill: dict[str, list[int | None]] = {a.name: [self._pick(elems, a.elem.bits, wide[a.name])] * sizes[a.name]
                                                 for a in self.arrays}
            ran = self.iterations(Inputs(params=params, arrays=dict(fill)))
            if ran > best[0]:
                best = (ran, fill)
        cells = {name: list(c) for name, c in best[1].items()}
        for a in self.arrays:
            for _ in range(rng.randint(1, 2)):
                if sizes[a.name] and rng.random() < 0.7:
                    cells[a.name][rng.randrange(sizes[a.name])] = self._pick(elems, a.elem.bits, wide[a.name])
        return cells

    def iterations(self, inputs: Inputs) -> int:
        """How many iterations the source's loop runs on these inputs (-1: UB or too long)."""
        r = run(self.src, inputs, fuel=self.src_fuel, loops=self.src_loops)
        charge(INTERPRET_UNITS * len(r.path))
        return max(r.iterations.values(), default=0) if r.status is RunStatus.OK else -1

    def extents(self, params: dict[str, int]) -> dict[str, int]:
        """Each array's extent under these parameters (0 where it cannot be computed)."""
        d = ConcreteDomain()
        widths = {p.name: p.type.bits for p in self.src.params}
        vals = {p.name: Val(params[p.name] & mask(p.type.bits), False, False) for p in self.src.params}
        out = {}
        for a in self.arrays:
            try:
                out[a.name] = to_signed(eval_extent(d, a.extent, vals, widths), 64)
            except (KeyError, ArithmeticError):
                out[a.name] = 0
        return out


def _assumed_floors(src: Program) -> dict[str, int]:
    """Parameters the source's entry block assumes at least a positive constant (`assume
    128 <= a.bytes`: an object dereferenceable for 128 bytes), with that constant: inputs
    below it only make the source's run UB."""
    entry = src.blocks[src.entry]
    defs = {i.dest: i for i in entry.instrs if i.dest is not None}
    params = {p.name for p in src.params}
    floors: dict[str, int] = {}
    for i in entry.instrs:
        c = defs.get(i.args[0].name) if i.op == "assume" and isinstance(i.args[0], Ref) else None
        if c is None or c.op != "icmp" or len(c.args) != 2:
            continue
        lo, hi = c.args
        if c.attrs.pred in ("uge", "sge"):
            lo, hi = hi, lo
        elif c.attrs.pred not in ("ule", "sle"):
            continue
        if isinstance(lo, Const) and isinstance(hi, Ref) and hi.name in params and to_signed(lo.value, 64) > 0:
            floors[hi.name] = max(floors.get(hi.name, 0), to_signed(lo.value, 64))
    return floors


def _seen_through(alias: dict[str, tuple[str | None, int]],
                  arrays: dict[str, list[int | None]]) -> dict[str, dict[int, int | None]]:
    """The cells of each object outside its listed elements that a view's own elements
    give (a view behind its object's start, or past its list): where the object lists
    its element, that one is the memory, and the view's is not read."""
    cells: dict[str, dict[int, int | None]] = {}
    for view in alias:
        root, at = window_of(alias, view)
        own = arrays.get(root, [])
        for k, x in enumerate(arrays.get(view, [])):
            if not 0 <= k + at < len(own):
                cells.setdefault(root, {}).setdefault(k + at, x)
    return cells


def _as_seen(inputs: Inputs) -> Inputs:
    """`inputs` with each view's list what it sees through its window (its own list is
    never read), as replay lists a solver's counterexample: a counterexample shows
    the memory each pointer reads."""
    if not inputs.alias:
        return inputs
    arrays = dict(inputs.arrays)
    for view in inputs.alias:
        root, at = window_of(inputs.alias, view)
        if root == view:
            continue
        own, outside, other = arrays.get(root, []), inputs.cells.get(root, {}), inputs.defaults.get(root)
        arrays[view] = [own[k + at] if 0 <= k + at < len(own) else outside.get(k + at, other)
                        for k in range(len(arrays.get(view, [])))]
    return dataclasses.replace(inputs, arrays=arrays)


def shrink(gen: _Generator, inputs: Inputs, found: Counterexample,
           attempt: Callable[[Inputs], Counterexample | None], budget: Budget) -> Counterexample:
    """A smaller failing input, greedily, as the solver's minimizer prefers: each
    parameter towards zero (the smallest that still fails, by bisection; the arrays
    follow their extents); an iteration's elements out of every array; a column of
    every array to 1; runs of elements to 0 (halves, quarters, ... one); each
    remaining one to 1 or a smaller magnitude. Every step keeps a failure (a replay),
    so the result is one too."""
    sh = _Shrinker(gen, inputs, found, attempt, budget)
    for _ in range(3):  # rounds: a smaller array can let a parameter shrink further
        before = sh.inputs
        sh.params()
        sh.drop_iterations()
        sh.columns_to_one()
        for name in list(sh.inputs.arrays):
            sh.zero_runs(name)
            sh.smaller_cells(name)
        if sh.inputs is before or budget.exhausted():
            break
    return sh.best


class _Shrinker:
    """shrink's state: the smallest failing input so far, its counterexample, and the
    attempts made (at most SHRINK_ATTEMPTS, within the budget)."""

    def __init__(self, gen: _Generator, inputs: Inputs, found: Counterexample,
                 attempt: Callable[[Inputs], Counterexample | None], budget: Budget) -> None:
        self.gen, self.inputs, self.best, self.attempt, self.budget = gen, inputs, found, attempt, budget
        self.attempts = 0

    def keep(self, candidate: Inputs) -> bool:
        """Whether `candidate` fails too (it is then the input to shrink further)."""
        if self.attempts >= SHRINK_ATTEMPTS or self.budget.exhausted() or candidate == self.inputs:
            return False
        self.attempts += 1
        c = self.attempt(candidate)
        if c is None:
            return False
        self.inputs, self.best = candidate, c
        return True

    def params(self) -> None:
        """Each parameter to 0, 1 or -1, else the least magnitude that fails (bisection,
        assuming monotone)."""
        for p in self.gen.src.params:
            v = self.inputs.params[p.name]
            if v == 0 or any(self.keep(_with_param(self.gen, self.inputs, p.name, c)) for c in (0, 1, -1)
                             if abs(c) < abs(v)):
                continue
            lo, hi = 1, abs(v)  # |hi| fails
            sign = 1 if v > 0 else -1
            while hi - lo > 1 and not self.budget.exhausted():
                mid = (lo + hi) // 2
                if self.keep(_with_param(self.gen, self.inputs, p.name, sign * mid)):
                    hi = mid
                else:
                    lo = mid

    def _longest(self) -> int:
        return max((len(c) for c in self.inputs.arrays.values()), default=0)

    def drop_iterations(self) -> None:
        """Earlier iterations out, in every array at once: the exit that shows the bug
        moves towards the first lanes and the source's run gets shorter."""
        k = 0
        while k < self._longest() and not self.budget.exhausted():
            if not self.keep(dataclasses.replace(self.inputs, arrays={
                    name: c[:k] + c[k + 1:] + [0] * (k < len(c)) for name, c in self.inputs.arrays.items()})):
                k += 1

    def columns_to_one(self) -> None:
        """One column to 1 in every array at once (an exit on a[k] == b[k], a[k] / b[k] == 1)."""
        for k in range(self._longest()):
            if any(k < len(c) and c[k] not in (0, 1) for c in self.inputs.arrays.values()):
                self.keep(dataclasses.replace(self.inputs, arrays={
                    name: c[:k] + [1] + c[k + 1:] if k < len(c) else c for name, c in self.inputs.arrays.items()}))

    def zero_runs(self, name: str) -> None:
        """Runs of `name`'s elements to 0: halves, quarters, ... one."""
        n = len(self.inputs.arrays[name])
        size = max(1, n)
        while size >= 1 and not self.budget.exhausted():
            for at in range(0, n, size):
                cells = self.inputs.arrays[name]
                if any(c != 0 for c in cells[at:at + size]):
                    self.keep(_with_cells(self.inputs, name,
                                          cells[:at] + [0] * len(cells[at:at + size]) + cells[at + size:]))
            size //= 2

    def smaller_cells(self, name: str) -> None:
        """Each remaining element of `name` to 1 or a smaller magnitude."""
        for k in range(len(self.inputs.arrays[name])):
            cur = self.inputs.arrays[name][k]
            for c in ([1] if cur is None else [x for x in (1, -1, cur // 2) if abs(x) < abs(cur)]):
                new = list(self.inputs.arrays[name])
                new[k] = c
                if self.keep(_with_cells(self.inputs, name, new)):
                    break


def _with_param(gen: _Generator, inputs: Inputs, name: str, v: int) -> Inputs:
    params = {**inputs.params, name: v}
    extents = gen.extents(params)
    arrays = {}
    for a in gen.arrays:
        n = max(0, min(extents.get(a.name, 0), gen.cap))
        old = inputs.arrays.get(a.name, [])
        arrays[a.name] = old[:n] + [0] * (n - len(old))
    return dataclasses.replace(inputs, params=params, arrays=arrays)


def _with_cells(inputs: Inputs, name: str, cells: list[int | None]) -> Inputs:
    return dataclasses.replace(inputs, arrays={**inputs.arrays, name: cells})
