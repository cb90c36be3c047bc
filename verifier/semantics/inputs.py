"""Concrete inputs of a program run: what a counterexample is made of."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

# a nondeterministic choice: (what, instruction, iteration, lane, ...)
Key = tuple[Hashable, ...]


@dataclass
class Inputs:
    """Parameter values (signed or unsigned ints), array contents over their extent
    (None marks a poison element; `defaults` gives every element past the list), alias choices, pure-function tables and the
    nondeterministic choices (freeze of poison, uses of undef) by key."""

    params: dict[str, int] = field(default_factory=dict)
    arrays: dict[str, list[int | None]] = field(default_factory=dict)
    defaults: dict[str, int | None] = field(default_factory=dict)  # elements past the list
    # view -> (object, offset): the candidate (Program.alias_targets) whose object the
    # view is a window on, at that element offset; None: the view's own object
    alias: dict[str, tuple[str | None, int]] = field(default_factory=dict)
    pure: dict[tuple[str, tuple[int, ...]], int] = field(default_factory=dict)
    traps: dict[tuple[str, tuple[int, ...]], bool] = field(default_factory=dict)
    choices: dict[Key, int] = field(default_factory=dict)
    # cells of an array's object outside [0, len(list)), seen through an alias window
    cells: dict[str, dict[int, int | None]] = field(default_factory=dict)
    # a pure function's result (whether it traps) on the arguments its table omits
    pure_else: dict[str, int] = field(default_factory=dict)
    traps_else: dict[str, bool] = field(default_factory=dict)
    # the trace positions at which a call that may not return ends the run
    stops: frozenset[int] = frozenset()
    # (object, trace position) -> its contents after a call made there that writes it:
    # (cells by element index, None for poison; the value of every other cell); a call
    # with no entry leaves zeros
    clobbers: dict[tuple[str, int], tuple[dict[int, int | None], int | None]] = field(default_factory=dict)

    def window(self, array: str) -> tuple[str, int]:
        """window_of these inputs' alias choices."""
        return window_of(self.alias, array)


def window_of(alias: dict[str, tuple[str | None, int]], array: str) -> tuple[str, int]:
    """The object `array`'s elements live in under these alias choices, and the element
    offset of `array`'s element 0 in it (following views of views)."""
    delta = 0
    for _ in range(len(alias) + 1):
        obj, d = alias.get(array, (None, 0))
        if obj is None:
            break
        array, delta = obj, delta + d
    return array, delta
