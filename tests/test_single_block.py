"""Single-block loops (issue 40, item 2): the header is its own latch, as clang -O2
makes `while (p[i] != c) i++`. Splitting the header for a harness moves the back
edge to a new block; the iteration counter and the window must see it as the loop's."""

from __future__ import annotations

import pytest

from tests.helpers import MODELS, emitted_verdict
from verifier.analysis.exits import analyse
from verifier.analysis.loops import find_loops
from verifier.checks.dispatch import Check, Request, decide
from verifier.frontend import load_program
from verifier.ir.program import Const, Ref
from verifier.ir.types import I64
from verifier.transforms.harness import speculation_harness
from verifier.transforms.window import entry_block

CORPUS = MODELS / "llvm" / "corpus"


def _buf8():  # type: ignore[no-untyped-def]
    """`while (buf8[i] != c) i++` over `char buf8[8]`: one block."""
    return load_program(CORPUS / "u_find_buf8.scalar.ll", "u_find_buf8")


def test_the_fixture_is_a_single_block_loop() -> None:
    (lp,) = find_loops(_buf8())
    assert lp.blocks == frozenset({lp.header}) and lp.latches == (lp.header,)


def test_the_harness_counts_iterations_across_the_moved_back_edge() -> None:
    """The counter's phi takes its next value from the block the header's code moved
    to (was: 0, so every scalar iteration started a vector iteration)."""
    prog = _buf8()
    h = speculation_harness(prog, 4)
    header = analyse(prog).loop.header
    (k,) = [ph for ph in h.program.blocks[header].phis if ph.dest.startswith("spec.k")]
    pre = entry_block(h.program, analyse(prog))
    assert dict(k.incoming)[pre] == Const(0, I64)
    assert len(k.incoming) == 2 and all(isinstance(op, Ref) for b, op in k.incoming if b != pre)


def test_the_window_finds_the_loop_s_one_entry() -> None:
    prog = _buf8()
    h = speculation_harness(prog, 4)
    le = analyse(prog)
    assert entry_block(h.program, le) not in find_loops(h.program)[0].blocks


def test_every_check_proves_a_safe_single_block_loop_for_every_trip_count() -> None:
    prog = _buf8()
    for check in (Check.HOIST, Check.SPECULATE):
        (v,) = decide(Request(check, vf=4, timeout=60), prog)
        assert v.verdict == "proved" and v.coverage.unbounded, (check, v.reason, v.coverage)
    for form in ("general", "simple"):
        v = emitted_verdict(CORPUS / "u_find_buf8.scalar.ll", form, 4, timeout=60)
        assert v.verdict == "proved" and v.coverage.unbounded, (form, v.reason)
    (f,) = decide(Request(Check.FREEZE, vf=4, timeout=60), prog)
    assert f.verdict == "proved"
    (lane,) = decide(Request(Check.LANES, vf=4, timeout=60, value="v3"), prog)
    assert lane.verdict == "proved", lane.reason


@pytest.mark.slow
def test_a_single_block_loop_that_reads_past_its_object_is_refuted_where_it_does() -> None:
    """`while (line[n] != '\\n') n++` over `char line[30]`: the vector iteration from
    scalar iteration 28 reads line[30] in lane 3, after the scalar loop left at 28."""
    prog = load_program(CORPUS / "u_line_len.scalar.ll", "u_line_len")
    (v,) = decide(Request(Check.SPECULATE, vf=4, timeout=60), prog)
    assert v.verdict == "counterexample"
    c = v.counterexample
    assert c is not None and c.divergence.iteration == 30 and c.divergence.lane == 3
    for form in ("general", "simple"):
        e = emitted_verdict(CORPUS / "u_line_len.scalar.ll", form, 4, timeout=60)
        assert e.verdict == "counterexample", (form, e.reason)
