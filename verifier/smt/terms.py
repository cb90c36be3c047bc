"""The formula vocabulary the checks and the encoder speak. Only `smt/` and the z3
domain import z3 (tests/test_layers.py holds that): a check builds, inspects and
reads back formulas through these names, so what the solver is, and how a term is
made, is decided here once.

Each constructor is the z3 call it names, unchanged: the terms, their ids and so the
solver's answers are exactly those of building them directly."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import z3

Term: TypeAlias = z3.ExprRef  # any formula
BoolTerm: TypeAlias = z3.BoolRef
BVTerm: TypeAlias = z3.BitVecRef
ArrayTerm: TypeAlias = z3.ArrayRef
Sort: TypeAlias = z3.SortRef
Model: TypeAlias = z3.ModelRef
Solver: TypeAlias = z3.Solver
FuncDecl: TypeAlias = z3.FuncDeclRef


# --- building ---------------------------------------------------------------------

def and_(*xs: Any) -> BoolTerm:
    """Conjunction of the arguments (or of one list of them)."""
    return z3.And(*xs)


def or_(*xs: Any) -> BoolTerm:
    """Disjunction of the arguments (or of one list of them)."""
    return z3.Or(*xs)


def not_(x: Any) -> BoolTerm:
    return z3.Not(x)


def ite(c: Any, a: Any, b: Any) -> Term:
    """`a` where `c` holds, else `b`."""
    return z3.If(c, a, b)


def bool_val(b: bool) -> BoolTerm:
    return z3.BoolVal(b)


def bv_val(v: int, bits: int) -> BVTerm:
    """The constant `v` (taken modulo 2^bits) as a bit-vector of `bits`."""
    return z3.BitVecVal(v, bits)


def bool_var(name: str) -> BoolTerm:
    return z3.Bool(name)


def bv_var(name: str, bits: int) -> BVTerm:
    return z3.BitVec(name, bits)


def fresh(sort: Sort, prefix: str) -> Term:
    """A constant of `sort` no other term shares (named after `prefix`)."""
    return z3.FreshConst(sort, prefix)


def bv_sort(bits: int) -> Sort:
    return z3.BitVecSort(bits)


def bool_sort() -> Sort:
    return z3.BoolSort()


def array_var(name: str, index: Sort, elem: Sort) -> ArrayTerm:
    return z3.Array(name, index, elem)


def const_array(index: Sort, v: Any) -> ArrayTerm:
    """The array that holds `v` at every index."""
    return z3.K(index, v)


def select(a: Any, k: Any) -> Term:
    return z3.Select(a, k)


def store(a: Any, k: Any, v: Any) -> ArrayTerm:
    return z3.Store(a, k, v)


def urem(a: Any, b: Any) -> BVTerm:
    """Unsigned remainder."""
    return z3.URem(a, b)


def function(name: str, *sorts: Sort) -> FuncDecl:
    """An uninterpreted function: argument sorts, then the result's."""
    return z3.Function(name, *sorts)


def forall(vs: Sequence[Term], body: Any) -> BoolTerm:
    return z3.ForAll(list(vs), body)


def exists(vs: Sequence[Term], body: Any) -> BoolTerm:
    return z3.Exists(list(vs), body)


def substitute(t: Any, *pairs: tuple[Any, Any]) -> Term:
    """`t` with each pair's first term replaced by its second."""
    return z3.substitute(t, *pairs)


def simplify(t: Any) -> Term:
    return z3.simplify(t)


# --- inspecting -------------------------------------------------------------------

def is_true(t: Any) -> bool:
    """`t` is the constant true (a model's value of a Boolean, say)."""
    return bool(z3.is_true(t))


def is_false(t: Any) -> bool:
    return bool(z3.is_false(t))


def is_bv_value(t: Any) -> bool:
    """`t` is a bit-vector constant (`.as_long()` reads it)."""
    return bool(z3.is_bv_value(t))


def is_const(t: Any) -> bool:
    """`t` is a constant: a symbol or a value, no arguments."""
    return bool(z3.is_const(t))


def is_store(t: Any) -> bool:
    """`t` is `store(array, index, value)` (arguments 0, 1, 2)."""
    return bool(z3.is_store(t))


def is_const_array(t: Any) -> bool:
    """`t` is an array holding one value everywhere (argument 0)."""
    return bool(z3.is_K(t))


def is_array(t: Any) -> bool:
    return bool(z3.is_array(t))


def is_array_ite(t: Any) -> bool:
    """`t` is an if-then-else between two arrays (condition, then, else)."""
    return bool(z3.is_app_of(t, z3.Z3_OP_ITE) and z3.is_array(t))


def plus_constant(t: Any) -> tuple[Term, int] | None:
    """`t` as `(x, c)` where `t` is `x + c` with `c` a constant, else None."""
    if z3.is_app_of(t, z3.Z3_OP_BADD) and t.num_args() == 2 and z3.is_bv_value(t.arg(1)):
        return t.arg(0), t.arg(1).as_long()
    return None


def is_interpretation(v: Any) -> bool:
    """A model's value for a function is a table (`.entry(k)`, `.else_value()`)."""
    return isinstance(v, z3.FuncInterp)


# --- reading a model back ---------------------------------------------------------

def fixed_but(model: Model, t: Any, keep: Iterable[Term], prefix: str) -> tuple[Term, list[Term]]:
    """`t` as `model` has it, every symbol at the model's value (completed: a symbol
    the model leaves out is one value, not a free one) except those in `keep`, which
    become fresh constants named after `prefix`; returns the residue and, in the
    order of `keep`, the constants that stand for them."""
    vs = list(keep)
    open_ = z3.substitute(t, *[(v, z3.Var(i, v.sort())) for i, v in enumerate(vs)])
    mine = [z3.FreshConst(v.sort(), prefix) for v in vs]
    return z3.substitute_vars(model.eval(open_, model_completion=True), *mine), mine
