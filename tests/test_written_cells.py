"""Memory compared at the written cells only (checks/refinement.py:
_store_chains, _written_cells, _read_at) means the same as compared at every index: a
property test over random store chains, both sides held to z3's own array
semantics."""

from __future__ import annotations

from typing import Any

import pytest
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verifier.checks.mismatch import _read_at, _store_chains, _written_cells

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# a write: (index form, constant, value, guarded?); index forms: i + c, j + c, c
WRITE = st.tuples(st.sampled_from(["i", "j", "const"]), st.integers(0, 5), st.integers(0, 3), st.booleans())


def _build(base: Any, writes: list[tuple[str, int, int, bool]], tag: str, poison: bool = False) -> Any:
    """A store chain over `base` the way the encoder builds one: nested `+ 1`s for
    a scalar loop's index, If(cond, Store(..), old) for a masked write."""
    i, j = z3.BitVec("i", 64), z3.BitVec("j", 64)
    arr = base
    for n, (form, c, v, guarded) in enumerate(writes):
        if form == "const":
            idx: Any = z3.BitVecVal(c, 64)
        else:
            idx = i if form == "i" else j
            for _ in range(c):
                idx = idx + 1  # i+1+1+... as a scalar loop's induction variable gives
        new = z3.Store(arr, idx, z3.BoolVal(v % 2 == 1) if poison else z3.BitVecVal(v, 8))
        arr = z3.If(z3.Bool(f"{tag}{n}"), new, arr) if guarded else new
    return arr


@pytest.mark.slow
@SETTINGS
@given(st.lists(WRITE, max_size=6), st.lists(WRITE, max_size=6))
def test_written_cells_decide_like_every_index(src: list[Any], tgt: list[Any]) -> None:
    base = z3.Array("m", z3.BitVecSort(64), z3.BitVecSort(8))
    s_final, t_final = _build(base, src, "s"), _build(base, tgt, "t")
    chains = _store_chains((base, None), [(s_final, None), (t_final, None)], {})
    assert chains is not None
    (_, s_nodes), _, (_, t_nodes), _ = chains
    written = _written_cells(chains)
    idx = z3.BitVec("idx", 64)
    everywhere = z3.Solver()
    everywhere.add(z3.Select(s_final, idx) != z3.Select(t_final, idx))
    cells = z3.Solver()
    reads = []
    for w, k in written:
        sv, tv = _read_at(base, s_nodes, w, k), _read_at(base, t_nodes, w, k)
        reads.append(sv != tv)
        # each resolved read is the array read it stands for
        exact = z3.Solver()
        exact.add(z3.Or(sv != z3.Select(s_final, w), tv != z3.Select(t_final, w)))
        assert exact.check() == z3.unsat
    cells.add(z3.Or(reads) if reads else z3.BoolVal(False))
    assert everywhere.check() == cells.check()


def test_other_shapes_are_left_to_the_array_comparison() -> None:
    base = z3.Array("m", z3.BitVecSort(64), z3.BitVecSort(8))
    other = z3.Array("other", z3.BitVecSort(64), z3.BitVecSort(8))
    final = z3.Store(other, z3.BitVecVal(0, 64), z3.BitVecVal(1, 8))  # not built over m
    assert _store_chains((base, None), [(final, None)], {}) is None
    assert _store_chains((base, None), [(z3.Store(base, z3.BitVecVal(0, 64), z3.BitVecVal(1, 8)), None)], {}) \
        is not None


@pytest.mark.slow
@SETTINGS
@given(st.lists(WRITE, max_size=5), st.lists(WRITE, max_size=5))
def test_poison_never_written_reads_false(src: list[Any], tgt: list[Any]) -> None:
    # a poison array starts as None; its first write starts from the all-false array
    none = z3.K(z3.BitVecSort(64), z3.BoolVal(False))
    s_final = _build(none, src, "s", poison=True) if src else None
    t_final = _build(none, tgt, "t", poison=True) if tgt else None
    chains = _store_chains((None, None), [(s_final, None), (t_final, None)], {})
    assert chains is not None
    (_, s_nodes), _, (_, t_nodes), _ = chains
    written = _written_cells(chains)
    idx = z3.BitVec("idx", 64)

    def at(final: Any, i: Any) -> Any:
        return z3.BoolVal(False) if final is None else z3.Select(final, i)

    everywhere = z3.Solver()
    everywhere.add(at(s_final, idx) != at(t_final, idx))
    cells = z3.Solver()
    cells.add(z3.Or([_read_at(None, s_nodes, w, k) != _read_at(None, t_nodes, w, k)
                     for w, k in written] + [z3.BoolVal(False)]))
    assert everywhere.check() == cells.check()
