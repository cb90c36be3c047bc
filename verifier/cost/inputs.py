"""Inputs that make a loop exit at a chosen iteration, for measuring its forms'
cost against the exit's position (seed 000, "Cost modelling").

Found by running the scalar loop in the interpreter, not by reading its code: every
array filled with one background value, the integer parameters given values, such
that the loop runs to its end (the "never" input); then one trigger value planted at
index k of one array makes it leave at iteration k + c, for a constant c, at two
small k. The values tried are small ones and the constants the loop compares with
(and their neighbours). A loop whose exit no such plant reaches has no cost inputs
(NoPlant, saying why)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from verifier.ir.program import ArrayDecl, Const, Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run

SEARCH_N = (16, 64, 256, 1024, 4096)  # elements per array while searching: the first that runs
_SMALL = (0, 1, 2, -1, 7, 32, 65, 255)


class NoPlant(Exception):
    """No inputs found that put the loop's exit where asked."""


@dataclass(frozen=True)
class Plant:
    """How to build the input whose loop exits at iteration k (`at`)."""

    params: dict[str, int]  # the integer parameters but the arrays' sizes
    background: dict[str, int]  # array -> the value of every element
    trigger: tuple[str, int]  # (array, value) planted at index k
    offset: int  # the loop's iterations are k + offset when planted at k
    elem_bytes: dict[str, int]  # array -> bytes per element
    min_n: int  # the fewest elements per array it was found with (a caller's [static N])
    # parameters found equal to min_n: the arrays' length (a model's N), which grows with them
    sized: frozenset[str] = frozenset()

    def params_for(self, n: int) -> dict[str, int]:
        """The integer parameters for `n` elements per array."""
        return {k: n if k in self.sized else v for k, v in self.params.items()}

    def inputs(self, prog: Program, n: int, at: int | None) -> Inputs:
        """The input with `n` elements per array, the trigger at index `at` (None: never)."""
        params = self.params_for(n)
        arrays: dict[str, list[int | None]] = {}
        for a, v in self.background.items():
            params[f"{a}.bytes"] = n * self.elem_bytes[a]
            arrays[a] = [v] * n
        if at is not None:
            arrays[self.trigger[0]][at] = self.trigger[1]
        return Inputs(params={k: v for k, v in params.items() if any(q.name == k for q in prog.params)},
                      arrays=arrays)

    def iterations(self, prog: Program, n: int, at: int | None) -> int:
        r = run(prog, self.inputs(prog, n, at), fuel=50 * n + 1_000)
        if r.status is not RunStatus.OK:
            raise NoPlant(f"the input with {n} elements{'' if at is None else f' and the exit at {at}'} does not "
                          f"run to the end without UB ({r.status.value})")
        return max(r.iterations.values(), default=0)


def find_plant(prog: Program) -> Plant:
    """A plant for `prog`'s loop (module docstring)."""
    arrays = _filled_by_caller(prog)
    sizes = {a.name: a.elem.bits // 8 or 1 for a in arrays}
    ints = [q for q in prog.params if not q.name.endswith(".bytes")]
    values = _candidates(prog)
    for n in SEARCH_N:
        for combo in itertools.islice(itertools.product([n, *values], repeat=len(ints)), 400):
            found = _plant_with(prog, arrays, dict(zip([q.name for q in ints], combo, strict=True)), values, sizes, n)
            if found is not None:
                return found
    raise NoPlant("no background and trigger values among the small ones and the loop's constants put its exit "
                  "where asked")


def _filled_by_caller(prog: Program) -> list[ArrayDecl]:
    """The arrays the caller fills (those of unknown contents): at least one."""
    arrays = [a for a in prog.arrays if a.contents is None]
    if not arrays:
        raise NoPlant("the loop reads no array its caller fills")
    return arrays


def _candidates(prog: Program) -> list[int]:
    """The values a plant tries: the small ones, then each of the loop's constants (of
    magnitude below 2^20) and its neighbours."""
    consts = sorted({c.value for b in prog.blocks.values() for i in b.instrs for c in i.args if isinstance(c, Const)})
    near = [v + d for v in consts for d in (0, 1, -1) if abs(v) < 1 << 20]
    return list(dict.fromkeys([*_SMALL, *near]))


def _plant_with(prog: Program, arrays: list[ArrayDecl], params: dict[str, int], values: list[int],
                sizes: dict[str, int], n: int) -> Plant | None:
    """A plant with these parameters and `n` elements per array, if one is found: a
    background value under which the loop runs at least 12 iterations, and a trigger
    value in one array that moves the exit with its position."""
    for bg in values:
        background = {a.name: bg for a in arrays}
        try:
            never = Plant(params, background, (arrays[0].name, bg), 0, sizes, n).iterations(prog, n, None)
        except NoPlant:
            continue
        if never < 12:
            continue
        for a in arrays:
            for t in values:
                found = None if t == bg else _triggered(prog, Plant(params, background, (a.name, t), 0, sizes, n),
                                                        never)
                if found is not None:
                    return found
    return None


def _triggered(prog: Program, trial: Plant, never: int) -> Plant | None:
    """`trial` with its offset, where its trigger at 3 and at 7 ends the loop 4
    iterations apart and before `never`; the parameters equal to n grow with the
    arrays where the plant still holds at twice the elements."""
    n = trial.min_n
    try:
        at3, at7 = trial.iterations(prog, n, 3), trial.iterations(prog, n, 7)
    except NoPlant:
        return None
    if at7 - at3 != 4 or at7 >= never:
        return None
    fixed = replace(trial, offset=at3 - 3)
    found = replace(fixed, sized=frozenset(k for k, v in trial.params.items() if v == n))
    try:  # the length parameter grows with the arrays only where the plant still holds
        if found.iterations(prog, 2 * n, 7) - found.iterations(prog, 2 * n, 3) == 4:
            return found
    except NoPlant:
        pass
    return fixed
