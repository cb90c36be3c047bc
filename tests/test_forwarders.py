"""transforms/forwarders.py: loop-simplify's empty blocks and LCSSA's one-incoming
phis taken out, so a function a pass only re-simplified is the same program (a
pair is then proved at once, checks/translation.py); any real difference stays."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import MODELS
from verifier.checks.translation import translation
from verifier.checks.verdict import EveryTripCount
from verifier.frontend import load_program
from verifier.ir.printer import program as program_text
from verifier.smt.budget import Budget
from verifier.transforms.forwarders import without_forwarders

SRC = MODELS / "llvm" / "corpus" / "u_checksum_until.scalar.ll"
FUNC = "u_checksum_until"


def _variant(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = SRC.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    out = tmp_path / "t.ll"
    out.write_text(text)
    return out


# what loop-simplify and LCSSA add, as opt names it: a preheader that only jumps on,
# and a one-incoming phi of the loop's value at its exit (names keep the numbering)
ADDED = (("br i1 %4, label %5, label %22", "br i1 %4, label %pre, label %22"),
         ("5:                                                ; preds = %3\n",
          "pre:\n  br label %5\n\n5:                                                ; preds = %pre\n"),
         ("  %19 = phi i64 [ %8, %7 ]\n", "  %19 = phi i64 [ %8, %7 ]\n  %x.lcssa = phi i64 [ %8, %7 ]\n"),
         ("trunc nuw nsw i64 %19 to i32", "trunc nuw nsw i64 %x.lcssa to i32"))


def test_loop_simplify_s_blocks_and_lcssa_phis_are_the_same_program(tmp_path: Path) -> None:
    src = load_program(SRC, FUNC)
    tgt = load_program(_variant(tmp_path, *ADDED), FUNC)
    assert program_text(src) != program_text(tgt)
    assert program_text(without_forwarders(src)) == program_text(without_forwarders(tgt))
    v = translation(src, tgt, 8, Budget.of(30))
    assert v.verdict == "proved" and v.coverage.extent == EveryTripCount(identical=True)
    assert len(without_forwarders(tgt).blocks) < len(tgt.blocks) - 1  # the preheader and the exit block
    assert len(src.blocks) == len(load_program(SRC, FUNC).blocks)  # the input is left as it was


def test_a_real_difference_is_not_taken_out(tmp_path: Path) -> None:
    """The same variant returning -2 where the loop runs out: not the same program,
    and the check finds the run that shows it."""
    edits = (*ADDED, ("[ -1, %21 ]", "[ -2, %21 ]"))
    src = load_program(SRC, FUNC)
    tgt = load_program(_variant(tmp_path, *edits), FUNC)
    assert program_text(without_forwarders(src)) != program_text(without_forwarders(tgt))
    v = translation(src, tgt, 8, Budget.of(60))
    assert v.verdict == "counterexample" and v.coverage.extent != EveryTripCount(identical=True)


# a dedicated exit block with phis of its own (loop-simplify's, when the loop's exits
# join): its phis merge into the target's, whose incoming values are a set
JOINED = (("  br label %22\n", "  br label %join\n"),
          ("22:                                               ; preds = %21, %18, %3\n",
           "join:\n  %m = phi i32 [ %20, %18 ], [ -1, %21 ]\n  br label %22\n\n"
           "22:                                               ; preds = %join, %3\n"),
          ("[ -1, %3 ], [ %20, %18 ], [ -1, %21 ]", "[ -1, %3 ], [ %m, %join ]"))


def test_a_dedicated_exit_s_phis_merge_into_its_target(tmp_path: Path) -> None:
    src = load_program(SRC, FUNC)
    tgt = load_program(_variant(tmp_path, *JOINED), FUNC)
    assert program_text(without_forwarders(src)) == program_text(without_forwarders(tgt))
    assert translation(src, tgt, 8, Budget.of(30)).coverage.extent == EveryTripCount(identical=True)
    wrong = load_program(_variant(tmp_path, *JOINED, ("[ -1, %21 ]\n  br label %22", "[ -2, %21 ]\n  br label %22")),
                         FUNC)
    assert program_text(without_forwarders(src)) != program_text(without_forwarders(wrong))
    assert translation(src, wrong, 8, Budget.of(60)).verdict == "counterexample"


# std::find_if's result as an index (`find_if(b, e, ...) - b`): a phi over pointers
# into two objects (the found element's, the end's), read by ptrtoint
FIND_INDEX = """define i64 @find(ptr readonly %b, ptr readnone %e, i32 %v) {
entry:
  %empty = icmp eq ptr %b, %e
  br i1 %empty, label %done, label %loop
loop:
  %p = phi ptr [ %p.next, %next ], [ %b, %entry ]
  %x = load i32, ptr %p, align 4
  %hit = icmp eq i32 %x, %v
  br i1 %hit, label %done, label %next
next:
  %p.next = getelementptr inbounds nuw i8, ptr %p, i64 4
  %end = icmp eq ptr %p.next, %e
  br i1 %end, label %done, label %loop
done:
  %out = phi ptr [ %e, %entry ], [ %p, %loop ], [ %e, %next ]
  %oi = ptrtoint ptr %out to i64
  %bi = ptrtoint ptr %b to i64
  %d = sub i64 %oi, %bi
  ret i64 %d
}
"""
# LCSSA's copy of %p in a dedicated exit block, as opt writes it where it vectorizes
# nothing (the phi's address is then computed where %p is, not on the edge)
FIND_LCSSA = (("br i1 %hit, label %done", "br i1 %hit, label %found"),
              ("[ %p, %loop ]", "[ %p.lcssa, %found ]"),
              ("done:\n", "found:\n  %p.lcssa = phi ptr [ %p, %loop ]\n  br label %done\ndone:\n"))


def test_lcssa_copies_of_a_pointer_into_one_of_two_objects_are_the_same_program(tmp_path: Path) -> None:
    (tmp_path / "s.ll").write_text(FIND_INDEX)
    text = FIND_INDEX
    for old, new in FIND_LCSSA:
        text = text.replace(old, new)
    (tmp_path / "t.ll").write_text(text)
    src, tgt = load_program(tmp_path / "s.ll", "find"), load_program(tmp_path / "t.ll", "find")
    assert program_text(src) != program_text(tgt)
    assert program_text(without_forwarders(src)) == program_text(without_forwarders(tgt))
    assert translation(src, tgt, 8, Budget.of(30)).coverage.extent == EveryTripCount(identical=True)
    (tmp_path / "w.ll").write_text(text.replace("[ %e, %next ]", "[ %p.next, %next ]"))
    wrong = load_program(tmp_path / "w.ll", "find")  # the same address, but not the same program
    assert program_text(without_forwarders(src)) != program_text(without_forwarders(wrong))
