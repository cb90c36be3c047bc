"""Arrays out of a query, for the bit-blasting engine (smt/solver.check_racing), which
takes no arrays: each array constant becomes an uninterpreted function and each read
`select(A, i)` its application `A(i)`; the engine's `ackermannize_bv` then makes each
application a fresh bit-vector, equal to another of the same function where their
arguments are (Ackermann's reduction).

Sound for proofs: the reduced query is satisfiable exactly when the original is,
wherever the arrays are only read (reads through stores, constant arrays and `ite`s
of arrays are first rewritten into reads of the array constants, by z3's own
simplifier (`blast_select_store`, `expand_select_ite`); any other array term left,
an array equality say, and there is no reduction). A model of the array constants gives one of the functions (each the
array's map), and a model of the functions gives one of the arrays (each function's
graph). Only an unsat answer is taken from the engine.

The rewriting is z3's work throughout: the simplifier, then the query's SMT-LIB text
without the arrays' declarations and with each `(select A ` as `(A `, read back with
each array's name meaning a function made for it. Text is easily read back as
something else (an array named `!` makes `(! i)` an annotation of i; a constant
named like the printer's `?x22` is captured by its `let`; a function named like a
datatype's accessor), so the reduction is taken only where it is exact: each
application put back as its array's read gives the simplified formulas themselves,
the same terms, and nothing of an array is left (two arrays of one name, a string
literal holding `(select A `: the terms differ). Else there is no reduction.
Walking the terms in Python instead took seconds on the simple listings' VF 16
steps, and slowed the main check meanwhile."""

from __future__ import annotations

import re
from typing import Any

import z3

# an array constant's declaration in z3's SMT-LIB text: its name, index and element sorts
_ARRAY_DECLARATION = re.compile(
    r"^\(declare-fun (\S+) \(\) \(Array ((?:\(_ BitVec \d+\))|Bool) ((?:\(_ BitVec \d+\))|Bool)\)\)$", re.M)
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
    simplified = list(reads[0])
    text = _text(simplified, ctx)
    arrays = {m.group(1): (_sort(m.group(2), ctx), _sort(m.group(3), ctx)) for m in _ARRAY_DECLARATION.finditer(text)}
    funcs = {name: z3.Function(f"{name}!read", dom, rng) for name, (dom, rng) in arrays.items()}
    text = _ARRAY_DECLARATION.sub("", text)
    for name in arrays:
        text = text.replace(f"(select {name} ", f"({name} ")
    try:  # (z3 reads the arrays' names, declared no more, as the functions made here)
        reduced = list(z3.parse_smt2_string(text, decls=funcs, ctx=ctx))
    except z3.Z3Exception:  # an array used other than by a read, where z3 rejects its name
        return None
    # exact where each application put back as the array's read gives the simplified
    # formulas themselves (the same terms), and nothing else of an array is left
    back = [z3.substitute_funs(f, *((funcs[n], z3.Select(z3.Array(n, dom, rng), z3.Var(0, dom)))
                                   for n, (dom, rng) in arrays.items())) for f in reduced] if arrays else reduced
    if len(back) != len(simplified) or not all(a.eq(b) for a, b in zip(back, simplified, strict=True)):
        return None
    return None if any(left in _text(reduced, ctx) for left in _ARRAYS_LEFT) else reduced


def _sort(text: str, ctx: z3.Context) -> z3.SortRef:
    """A sort as _ARRAY_DECLARATION matches it: `Bool` or `(_ BitVec n)`."""
    return z3.BoolSort(ctx) if text == "Bool" else z3.BitVecSort(int(text.split()[-1].rstrip(")")), ctx)


def _text(formulas: list[Any], ctx: z3.Context) -> str:
    s = z3.Solver(ctx=ctx)
    s.add(*formulas)
    return str(s.to_smt2())
