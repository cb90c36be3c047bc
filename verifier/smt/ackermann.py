"""Arrays out of a query, for the bit-blasting engine (smt/solver.check_racing), which
takes no arrays: each array constant becomes an uninterpreted function and each read
`select(A, i)` its application `A(i)`; the engine's `ackermannize_bv` then makes each
application a fresh bit-vector, equal to another of the same function where their
arguments are (Ackermann's reduction).

Sound for proofs: the reduced query is satisfiable exactly when the original is,
wherever the arrays are only read (reads through stores, constant arrays and `ite`s
of arrays are first rewritten into reads of the array constants, by z3's own
simplifier (`blast_select_store`, `expand_select_ite`); any other array term left, an array equality say, and there is no
reduction). A model of the array constants gives one of the functions (each the
array's map), and a model of the functions gives one of the arrays (each function's
graph). Only an unsat answer is taken from the engine.

The rewriting is z3's work throughout: the simplifier, then the query's SMT-LIB text
with each array declaration turned into a function's and each `(select A ` into
`(A `, read back. A term the text rewriting does not account for leaves an array
behind (a bare array name: z3 rejects it, or reads it as the function's array), and
then there is no reduction: the text of what was read back may name no array at all. Walking the terms in Python instead took seconds on the
simple listings' VF 16 steps, and slowed the main check meanwhile."""

from __future__ import annotations

import re
from typing import Any

import z3

# an array constant's declaration in z3's SMT-LIB text: its name, index and element sorts
_ARRAY_DECLARATION = re.compile(
    r"^\(declare-fun (\S+) \(\) \(Array ((?:\(_ BitVec \d+\))|Bool) ((?:\(_ BitVec \d+\))|Bool)\)\)$", re.M)
_DECLARED = re.compile(r"^\(declare-(?:fun|const) (\S+) ", re.M)
# what no query without arrays says: an array sort, a read or write, an array made from a function
_ARRAYS_LEFT = ("Array", "select", "store", "lambda", "as-array", "(_ map", "(as const")


def without_arrays(formulas: list[Any]) -> list[Any] | None:
    """`formulas` (of one context) with their array constants as functions and their
    reads as applications, or None where the reduction does not apply (an array term
    other than a read). Interrupting the context stops it (a Z3Exception)."""
    if not formulas:
        return None
    ctx = formulas[0].ctx
    goal = z3.Goal(ctx=ctx)
    goal.add(*formulas)
    reads = z3.With("simplify", blast_select_store=True, expand_select_ite=True, ctx=ctx)(goal)
    if len(reads) != 1:
        return None
    text = _text(list(reads[0]), ctx)
    if not _plain(text):
        return None
    names = [m.group(1) for m in _ARRAY_DECLARATION.finditer(text)]
    text = _ARRAY_DECLARATION.sub(lambda m: f"(declare-fun {m.group(1)} ({m.group(2)}) {m.group(3)})", text)
    for name in names:
        text = text.replace(f"(select {name} ", f"({name} ")
    try:
        reduced = list(z3.parse_smt2_string(text, ctx=ctx))
    except z3.Z3Exception:  # an array used other than by a read, where z3 rejects its name
        return None
    # (where it reads a bare name as the function's array, that array is in its text)
    return None if any(left in _text(reduced, ctx) for left in _ARRAYS_LEFT) else reduced


def _plain(text: str) -> bool:
    """Whether the text rewriting is exact on `text`: no string literal or quoted
    symbol (whose characters it would edit), and no name declared twice (two arrays,
    or an array and a function, of one name but other element sorts: as functions,
    read back, they would be one)."""
    if '"' in text or "|" in text:
        return False
    declared = _DECLARED.findall(text)
    return len(declared) == len(set(declared))


def _text(formulas: list[Any], ctx: z3.Context) -> str:
    s = z3.Solver(ctx=ctx)
    s.add(*formulas)
    return str(s.to_smt2())
