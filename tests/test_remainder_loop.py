"""LLVM's vector loop followed by its scalar remainder loop (a trip count only the
caller knows): proved for every trip count by the induction over both loops
(transforms/step.remainder_steps, transforms/guard.py, transforms/latch_bound.py),
refuted where any part of the shape is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, cli
from verifier.analysis.exits import analyse
from verifier.frontend import load_pair, load_program
from verifier.ir.program import Attrs, Block, Const, Halt, Instr, Program, Ref, copy_program
from verifier.ir.types import I8
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.semantics.ops import Val
from verifier.transforms.guard import jump_to, reached
from verifier.transforms.latch_bound import latch_bound
from verifier.transforms.recognize import recognize
from verifier.transforms.window import NoWindow

SCALAR = MODELS / "llvm" / "first_difference.scalar.ll"  # n bytes vouched for by the caller
VF4 = MODELS / "llvm" / "first_difference.vf4.ll"


def _equiv(target: Path, *more: str) -> tuple[int, str]:
    r = cli("equiv", str(SCALAR), str(target), "--cttz-elts", "first-true", *more)
    return r.returncode, r.stdout


def test_llvms_two_loops_are_read_as_a_vector_loop_and_its_remainder() -> None:
    src, tgt = load_pair(SCALAR, VF4)
    form = recognize(src, analyse(src), tgt)
    assert form.remainder and form.vf == 4 and form.vector_header == "vector.body"
    assert form.scalar_entry == "scalar.ph" and set(form.sphis.values()) == {
        ph.dest for ph in src.blocks[analyse(src).loop.header].phis}
    assert form.bound is not None and form.bound.step == 4  # %index.next == %n.vec, or-ed with the any-of


@pytest.mark.parametrize("target", [pytest.param("vec", marks=pytest.mark.slow), "vf4"])  # vec: VF 16, 11 s
def test_llvms_output_with_a_remainder_loop_is_proved_for_every_trip_count(target: str) -> None:
    code, out = _equiv(MODELS / "llvm" / f"first_difference.{target}.ll")
    assert code == 0 and "every trip count" in out and "scalar remainder loop from any state" in out, out


MUTANTS = {
    # the remainder resumes one element late
    "resume past n.vec": ("[ %n.vec, %middle.block ]", "[ %resume1, %middle.block ]",
                          "  %n.vec = sub i64 %2, %n.mod.vf\n", "  %resume1 = add i64 %n.vec, 1\n"),
    # the vector loop counts one vector iteration too far
    "n.vec one VF too high": ("%index.next, %n.vec", "%index.next, %n.vec4",
                              "  %n.vec = sub i64 %2, %n.mod.vf\n", "  %n.vec4 = add i64 %n.vec, 4\n"),
    # short trip counts enter the vector loop
    "min.iters too low": ("icmp ult i64 %2, 4", "icmp ult i64 %2, 2", "", ""),
    # the middle block skips the remainder
    "no remainder": ("%cmp.n = icmp eq i64 %2, %n.vec", "%cmp.n = icmp uge i64 %2, %n.vec", "", ""),
    # the remainder loop tests its elements wrongly
    "remainder test": ("icmp eq i8 %18, %20", "icmp ule i8 %18, %20", "", ""),
    # the vector early exit's index
    "exit lane": ("add i64 %index, %13", "add i64 %index, 1", "", ""),
}


@pytest.mark.parametrize("mutant", [m if m == "resume past n.vec" else pytest.param(m, marks=pytest.mark.slow)
                                    for m in sorted(MUTANTS)])
def test_a_broken_remainder_shape_is_refuted(tmp_path: Path, mutant: str) -> None:
    old, new, anchor, extra = MUTANTS[mutant]
    text = VF4.read_text()
    assert old in text and anchor in text, mutant
    text = text.replace(old, new).replace(anchor, anchor + extra)
    target = tmp_path / "mutant.ll"
    target.write_text(text)
    code, out = _equiv(target)
    assert code == 1 and out.startswith("counterexample"), out


@pytest.mark.slow
def test_a_different_but_correct_split_is_proved(tmp_path: Path) -> None:
    """Four more elements left to the remainder loop (and the vector loop entered from
    8 on): the proof follows the program, not LLVM's pattern."""
    text = VF4.read_text()
    for old, new in (("icmp ult i64 %2, 4", "icmp ult i64 %2, 8"),
                     ("  %n.vec = sub i64 %2, %n.mod.vf\n", "  %n.vec0 = sub i64 %2, %n.mod.vf\n"
                                                            "  %n.vec = sub i64 %n.vec0, 4\n")):
        assert old in text
        text = text.replace(old, new)
    target = tmp_path / "split.ll"
    target.write_text(text)
    code, out = _equiv(target)
    assert code == 0 and "every trip count" in out, out


GUARDED = """
define i64 @g(i64 %n, i64 %m) {
entry:
  %c = icmp ult i64 %n, 10
  br i1 %c, label %a, label %b
a:
  %x = add nsw i64 %m, 1
  %d = icmp sgt i64 %x, 5
  br i1 %d, label %there, label %other
b:
  %e = icmp eq i64 %m, 3
  br i1 %e, label %other, label %there
there:
  ret i64 1
other:
  ret i64 0
}
"""


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Program:
    path = tmp_path_factory.mktemp("guard") / "g.ll"
    path.write_text(GUARDED)
    return load_program(path, "g")


@settings(max_examples=120, deadline=None)
@given(n=st.integers(0, 20), m=st.sampled_from([0, 3, 4, 5, 6, 2**63 - 1, 2**63, 2**64 - 1]))
def test_the_copied_guard_is_true_exactly_where_the_target_gets_there(guarded: Program, n: int, m: int) -> None:
    """reached() against the interpreter: a branch not taken may test poison (%x with m
    at INT64_MAX) without making the condition poison; a branch taken on poison is UB."""
    code, cond = reached(guarded, "there", guarded)
    probe = copy_program(guarded)
    blk = Block("probe")
    blk.instrs = code + [Instr(10_000, "out", [cond], None, None, Attrs(name="reached"))]
    blk.term = Halt()
    probe.blocks = {"probe": blk}
    probe.entry = "probe"
    got = run(probe, Inputs(params={"n": n, "m": m}))
    real = run(guarded, Inputs(params={"n": n, "m": m}))
    r = got.outs["reached"]
    assert isinstance(r, Val)
    if real.status is RunStatus.UB:
        assert r.p or not r.v  # the run never got there: poison or false
    else:
        assert not r.p and bool(r.v) == any(b == "there" for b, _ in real.path)


def test_code_with_effects_where_the_remainder_loop_is_entered_keeps_the_induction_out() -> None:
    """An effect there would be in the step's trace but not in the base case's
    (transforms/guard.jump_to): no proof by induction."""
    _, tgt = load_pair(SCALAR, VF4)
    p = copy_program(tgt)
    p.blocks["scalar.ph"].instrs.insert(0, Instr(9_999, "out", [Const(1, I8)], None, None, Attrs(name="x")))
    with pytest.raises(NoWindow):
        jump_to(p, "v5", "scalar.ph")
    jump_to(copy_program(tgt), "v5", "scalar.ph")  # without it, the jump is made


def _store_in(p: Program, block: str) -> Program:
    q = copy_program(p)
    q.blocks[block].instrs.insert(0, Instr(9_999, "store", [Const(0, I8), Const(1, I8)], None, None,
                                           Attrs(array="v0")))
    return q


def test_the_skipped_vector_loop_may_store_but_not_the_code_after_it() -> None:
    """remainder_steps skips the vector loop, whose stores window.check_loops vouches for;
    a store in the middle block, on the way to the remainder, is vouched for by nothing."""
    _, tgt = load_pair(SCALAR, VF4)
    jump_to(_store_in(tgt, "vector.body"), "v5", "scalar.ph", skipped_acts=True)
    with pytest.raises(NoWindow, match="middle.block runs store between its loops, outside them"):
        jump_to(_store_in(tgt, "middle.block"), "v5", "scalar.ph", skipped_acts=True)
    jump_to(_store_in(tgt, "vector.early.exit"), "v5", "scalar.ph", skipped_acts=True)  # it never gets there
    with pytest.raises(NoWindow):  # and without skipped_acts, no effect is skipped at all
        jump_to(_store_in(tgt, "vector.body"), "v5", "scalar.ph")


def _with_exit_test(test: str, branch: str) -> str:
    """The VF4 output with its vector latch's test and branch rewritten."""
    text = VF4.read_text()
    old = ("  %11 = icmp eq i64 %index.next, %n.vec\n  %12 = or i1 %10, %11\n"
           "  br i1 %12, label %middle.split, label %vector.body")
    assert old in text
    return text.replace(old, test + "\n" + branch)


EXIT_TESTS = {
    # leaves once %index.next >=u %n.vec
    "uge under or": ("  %11 = icmp uge i64 %index.next, %n.vec\n  %12 = or i1 %10, %11",
                     "  br i1 %12, label %middle.split, label %vector.body"),
    # goes on while %index.next <u %n.vec and no lane exits (the test swapped)
    "ugt swapped under select-and": ("  %11 = icmp ugt i64 %n.vec, %index.next\n  %none = xor i1 %10, true\n"
                                     "  %12 = select i1 %none, i1 %11, i1 false",
                                     "  br i1 %12, label %vector.body, label %middle.split"),
}


@pytest.mark.slow
@pytest.mark.parametrize("shape", sorted(EXIT_TESTS))
def test_other_exit_tests_of_the_vector_loop_are_proved_too(tmp_path: Path, shape: str) -> None:
    target = tmp_path / "exit.ll"
    target.write_text(_with_exit_test(*EXIT_TESTS[shape]))
    code, out = _equiv(target)
    assert code == 0 and "every trip count" in out, out


@pytest.mark.slow
def test_a_vector_loop_running_past_its_bound_under_another_exit_test_is_refuted(tmp_path: Path) -> None:
    text = _with_exit_test("  %n.vec4 = add i64 %n.vec, 4\n  %11 = icmp uge i64 %index.next, %n.vec4\n"
                           "  %12 = or i1 %10, %11", "  br i1 %12, label %middle.split, label %vector.body")
    target = tmp_path / "past.ll"
    target.write_text(text)
    code, out = _equiv(target)
    assert code == 1 and out.startswith("counterexample"), out


INCLUSIVE = {
    # leaves once %index.next >u %n.vec - 1 (the last vector iteration ends at %n.vec): proved
    "%n.vec.m1": True,
    # leaves once %index.next >u %n.vec: one vector iteration past %n.vec, refuted
    "%n.vec": False,
}


@pytest.mark.slow
@pytest.mark.parametrize("against", sorted(INCLUSIVE))
def test_an_inclusive_exit_test_bounds_the_vector_loop_with_no_room(tmp_path: Path, against: str) -> None:
    text = _with_exit_test(f"  %11 = icmp ugt i64 %index.next, {against}\n  %12 = or i1 %10, %11",
                           "  br i1 %12, label %middle.split, label %vector.body")
    vec = "  %n.vec = sub i64 %2, %n.mod.vf\n"
    assert text.count(vec) == 1
    target = tmp_path / "inclusive.ll"
    target.write_text(text.replace(vec, vec + "  %n.vec.m1 = add i64 %n.vec, -1\n"))
    code, out = _equiv(target)
    if INCLUSIVE[against]:
        assert code == 0 and "every trip count" in out, out
    else:
        assert code == 1 and out.startswith("counterexample"), out


def test_the_bound_is_read_off_the_tests_that_bound_it_only() -> None:
    src, tgt = load_pair(SCALAR, VF4)
    b = latch_bound(tgt, "vector.body")
    assert b is not None and b.phi == "index" and b.step == 4

    def with_pred(pred: str) -> Program:
        p = copy_program(tgt)
        for blk in p.blocks.values():
            for ins in blk.instrs:
                if ins.op == "icmp" and ins.args[1] == Ref("n.vec"):
                    ins.attrs = Attrs(pred=pred)
        return p

    uge = latch_bound(with_pred("uge"), "vector.body")
    assert uge is not None and uge.slack == 4  # staying below N: room for one more step
    ugt = latch_bound(with_pred("ugt"), "vector.body")
    assert ugt is not None and ugt.slack == 0  # leaving past N: the index stays at most N, no room
    assert latch_bound(with_pred("ne"), "vector.body") is None  # on the or's side, `!=` leaves early
