"""Loop nests, checked one outer iteration at a time (transforms/outer_iteration.py).

A proof about the iteration programs, where the outer loop's state is free, is a
proof about the function for every number of outer iterations (that module's
docstring). A counterexample there may start from a state no run reaches, so it
stands only if whole runs show one too: the programs of the outer loop's first
iteration, or of its first 2 or 3 peeled (an equivalence's, where runs are followed
across iterations); else the answer is unknown, saying so.
"""

from __future__ import annotations

import dataclasses

from verifier.checks.verdict import Check, Verdict, VerdictKind
from verifier.ir.program import Program
from verifier.semantics.ops import Val
from verifier.transforms.outer_iteration import (
    CONTINUES,
    NoIteration,
    OuterLoop,
    outer_iteration,
    outer_loop,
    outer_prefix,
)

PEELED = (2, 3)  # after the first outer iteration: the numbers of iterations followed, in turn


def iteration_pair(progs: tuple[Program | None, Program | None],
                   first: bool) -> tuple[tuple[Program, Program | None], OuterLoop]:
    """The iteration programs of a source (and target) whose loops nest; NoIteration
    where they cannot stand for it, or where the target's outer loop carries other
    values than the source's (the iteration programs' states must mean the same)."""
    src, tgt = progs
    if src is None:
        raise NoIteration("the source has no loop nest (only the target has)")
    s, outer = outer_iteration(src, first, source=tgt is not None, ranges=True)
    if tgt is None:
        return (s, None), outer
    t, t_outer = outer_iteration(tgt, first, header=outer.header)  # its inner loop may be gone
    s_types = [src.value_types()[n] for n in outer.carried]
    t_types = [tgt.value_types()[n] for n in t_outer.carried]
    if s_types != t_types:
        raise NoIteration(f"the target's outer loop carries {len(t_types)} values ({', '.join(map(str, t_types))}), "
                          f"the source's {len(s_types)} ({', '.join(map(str, s_types))})")
    return (s, t), outer


def whole_run(v: Verdict) -> bool:
    """Whether a counterexample of the first-iteration programs is one of the functions:
    a legality check's always (its state is the loop's own start); an equivalence's
    where the target's run left the outer loop too (the source's always does there),
    so both runs are whole runs, not a target cut off at its second iteration."""
    cx = v.counterexample
    if v.check is not Check.EQUIV:
        return True
    if cx is None:
        return False
    went_on = cx.target.outs.get(CONTINUES)
    return not (isinstance(went_on, Val) and went_on.v == 1 and not went_on.p)


def prefix_pair(progs: tuple[Program | None, Program | None], k: int) -> tuple[Program, Program | None]:
    """A source and target with their outer loops' first `k` iterations peeled (runs
    that leave the loop within them; outer_prefix): where counterexamples of later
    outer iterations are looked for."""
    src, tgt = progs
    if src is None or tgt is None:
        raise NoIteration("no pair of loop nests to peel")
    s = outer_prefix(src, k, source=True)
    return s, outer_prefix(tgt, k, source=False, header=outer_loop(src)[0].header)


def confirmed(k: int, found: list[tuple[str, list[Verdict]]]) -> bool:
    """Whether the k-th question has a whole-run counterexample in `found`."""
    return any(k < len(vs) and vs[k].verdict is VerdictKind.COUNTEREXAMPLE and whole_run(vs[k]) for _, vs in found)


def merge_outer(any_state: list[Verdict], found: list[tuple[str, list[Verdict]]], shown: str,
                states: str = "any state") -> list[Verdict]:
    """One verdict per question from the answers on any outer state (`any_state`) and,
    where one of those is a counterexample, on whole runs (`found`: each answer list,
    the same questions in the same order, with the outer iterations it followed).
    `shown`: the outer loop's header as the input names it; `states`: the outer states
    checked (OuterLoop.states)."""
    out = []
    for k, v in enumerate(any_state):
        if v.verdict is VerdictKind.PROVED:
            v = v.but(coverage=v.coverage.but(outer_loop=f"every iteration of the outer loop at {shown}, from {states}"))
        elif v.verdict is VerdictKind.COUNTEREXAMPLE:
            hit = next(((where, vs[k]) for where, vs in found if k < len(vs)
                        and vs[k].verdict is VerdictKind.COUNTEREXAMPLE and whole_run(vs[k])), None)
            if hit is not None:
                where, w = hit
                v = w.but(coverage=w.coverage.but(outer_loop=where),
                          seconds=w.seconds + v.seconds + sum(vs[k].seconds for _, vs in found
                                                              if k < len(vs) and vs[k] is not w))
            else:
                what = v.counterexample.divergence.summary if v.counterexample is not None else "a counterexample"
                looked = f"the first {max(PEELED)} iterations" if len(found) > 1 else "its first iteration"
                v = dataclasses.replace(
                    v, verdict=VerdictKind.UNKNOWN, counterexample=None,
                    reason=f"{what}, from a state of the outer loop at {shown} that no run was shown to reach "
                           f"({looked}, from the loop's own start, show none)")
        out.append(v)
    return out
