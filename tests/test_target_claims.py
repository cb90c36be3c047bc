"""A target assumes nothing its source does not (issue 58 item 3). For each attribute
and metadata the LLVM reading knows, both sides: a target that adds or strengthens it
is refuted by its own semantics (the attribute's UB or poison, modelled) or unknown
naming it (a claim the reading does not check); and a source that has it gives the
proof a fact it uses (the same target refuted without it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli

SCALABLE = MODELS / "llvm" / "scalable"


def equiv(tmp_path: Path, src: str, tgt: str, *flags: str) -> dict[str, object]:
    (tmp_path / "s.ll").write_text(src)
    (tmp_path / "t.ll").write_text(tgt)
    r = cli("equiv", str(tmp_path / "s.ll"), str(tmp_path / "t.ll"), "--json", *flags)
    rec: dict[str, object] = json.loads(r.stdout.splitlines()[-1])
    return rec


def verdict(rec: dict[str, object]) -> str:
    return str(rec["verdict"])


# (what, source, target that adds the claim, what the target shows): added in the target
RET_N = "define i32 @f(i32 {a}%n) {{\n  ret i32 %n\n}}\n"
NULL_TEST = ("define i32 @f(ptr {a}%p) {{\n  %c = icmp eq ptr %p, null\n  %r = zext i1 %c to i32\n"
             "  ret i32 %r\n}}\n")
LOAD = "define i32 @f(ptr dereferenceable(4) %p) {{\n  %v = load i32, ptr %p{md}\n  ret i32 %v\n}}\n{node}"
LOOP = ("define i32 @f(ptr {a}%p, i32 noundef %n) {f} {{\nentry:\n  %e = icmp sgt i32 %n, 0\n"
        "  br i1 %e, label %loop, label %done\nloop:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n"
        "  %i.next = add nuw nsw i32 %i, 1\n  %c = icmp slt i32 %i.next, %n\n  br i1 %c, label %loop, label %done\n"
        "done:\n  %r = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n  ret i32 %r\n}}\n")

PTR_LOAD = ("define i32 @f(ptr dereferenceable(8) %p) {{\n  %q = load ptr, ptr %p, align 8{md}\n"
            "  %c = icmp eq ptr %q, null\n  %r = zext i1 %c to i32\n  ret i32 %r\n}}\n{node}")
CALL_AFTER_STORE = ("@g = global i32 0\ndeclare void @show() nounwind willreturn{attr}\n"
                    "define void @f(i32 %x) {{\n{order}\n  ret void\n}}\n")
STORE, SHOW = "  store i32 %x, ptr @g", "  call void @show()"

ADDED = [
    ("noundef", RET_N.format(a=""), RET_N.format(a="noundef "), "counterexample"),
    ("range", RET_N.format(a=""), RET_N.format(a="range(i32 0, 10) "), "counterexample"),
    ("nonnull", NULL_TEST.format(a=""), NULL_TEST.format(a="nonnull "), "nonnull on argument 0"),
    ("align", NULL_TEST.format(a=""), NULL_TEST.format(a="align 16 "), "align 16 on argument 0"),
    ("dereferenceable", LOAD.format(md="", node="").replace("(4)", "(4)"),
     LOAD.format(md="", node="").replace("(4)", "(8)"), "counterexample"),
    ("dereferenceable_or_null", NULL_TEST.format(a=""), NULL_TEST.format(a="dereferenceable_or_null(8) "),
     "dereferenceable_or_null 8 on argument 0"),
    ("noalias", NULL_TEST.format(a=""), NULL_TEST.format(a="noalias "), "noalias on argument 0"),
    ("nofree", LOOP.format(a="", f=""), LOOP.format(a="", f="nofree"), "nofree on the function"),
    ("memory", LOOP.format(a="", f=""), LOOP.format(a="", f="memory(none)"), "memory(none) on the function"),
    ("mustprogress", LOOP.format(a="", f=""), LOOP.format(a="", f="mustprogress"), "mustprogress on the function"),
    ("willreturn", LOOP.format(a="", f=""), LOOP.format(a="", f="willreturn"), "willreturn on the function"),
    ("!range", LOAD.format(md="", node=""), LOAD.format(md=", !range !0", node="!0 = !{i32 0, i32 10}\n"),
     "counterexample"),
    ("!noundef", LOAD.format(md="", node=""), LOAD.format(md=", !noundef !0", node="!0 = !{}\n"), "counterexample"),
    ("!nonnull", PTR_LOAD.format(md="", node=""), PTR_LOAD.format(md=", !nonnull !0", node="!0 = !{}\n"),
     "counterexample"),
    # a callee's memory(...) the target declares (the source does not): the source's facts hold
    ("callee memory", CALL_AFTER_STORE.format(attr="", order=f"{STORE}\n{SHOW}"),
     CALL_AFTER_STORE.format(attr=" memory(none)", order=f"{SHOW}\n{STORE}"), "counterexample"),
    ("assume bundle", RET_N.format(a="").replace("i32 %n)", "ptr %p, i32 %n)"),
     RET_N.format(a="").replace("i32 %n)", "ptr %p, i32 %n)").replace(
         "  ret", '  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %p, i64 4) ]\n  ret')
     + "declare void @llvm.assume(i1)\n", "counterexample"),
]


@pytest.mark.parametrize("what, src, tgt, shown", ADDED, ids=[a[0] for a in ADDED])
def test_a_target_that_adds_a_claim_is_refuted_or_unknown_naming_it(tmp_path: Path, what: str, src: str, tgt: str,
                                                                   shown: str) -> None:
    rec = equiv(tmp_path, src, tgt)
    if shown == "counterexample":
        assert verdict(rec) == "counterexample", rec
    else:
        assert verdict(rec) == "unknown" and shown in str(rec["reason"]), rec


@pytest.mark.slow
def test_a_target_that_narrows_vscale_range_is_checked_at_the_sources_vscales(tmp_path: Path) -> None:
    # LLVM's SVE output with its step fixed at 32 lanes and vscale_range(2,2): at vscale 1,
    # which the source allows (vscale_range(1,16)), it skips half the elements
    text = (SCALABLE / "find_byte.sve.ll").read_text()
    narrowed = text.replace("%3 = shl nuw i64 %2, 4", "%3 = add i64 0, 32").replace("vscale_range(1,16)",
                                                                                       "vscale_range(2,2)")
    assert narrowed != text
    (tmp_path / "t.ll").write_text(narrowed)
    r = cli("equiv", str(SCALABLE / "find_byte.scalar.ll"), str(tmp_path / "t.ll"), "--cttz-elts", "first-true",
            "--json")
    rec = json.loads(r.stdout.splitlines()[-1])
    assert rec["verdict"] == "counterexample" and rec["vscale"] == 1, rec
    # the same target against a source that allows vscale 2 alone: proved (the narrowing
    # is wrong only at the vscales the source allows and the target gave up)
    source = (SCALABLE / "find_byte.scalar.ll").read_text()
    assert "vscale_range(1,16)" in source
    (tmp_path / "s.ll").write_text(source.replace("vscale_range(1,16)", "vscale_range(2,2)"))
    same = cli("equiv", str(tmp_path / "s.ll"), str(tmp_path / "t.ll"), "--cttz-elts", "first-true", "--json")
    assert json.loads(same.stdout.splitlines()[-1])["verdict"] == "proved", same.stdout


# (what, source with the fact, the same source without it, a target that needs the fact)
HAS = [
    ("noundef", "define i32 @f(i32 noundef %n) {\n  %f = freeze i32 %n\n  ret i32 %f\n}\n",
     "define i32 @f(i32 %n) {\n  %f = freeze i32 %n\n  ret i32 %f\n}\n", RET_N.format(a="")),
    ("range", "define i32 @f(i32 noundef range(i32 0, 10) %n) {\n  %c = icmp ult i32 %n, 10\n"
              "  %r = zext i1 %c to i32\n  ret i32 %r\n}\n",
     "define i32 @f(i32 noundef %n) {\n  %c = icmp ult i32 %n, 10\n  %r = zext i1 %c to i32\n  ret i32 %r\n}\n",
     "define i32 @f(i32 noundef %n) {\n  ret i32 1\n}\n"),
    ("nonnull", NULL_TEST.format(a="nonnull "), NULL_TEST.format(a=""), "define i32 @f(ptr %p) {\n  ret i32 0\n}\n"),
    ("align", "define i64 @f(ptr align 16 %p) {\n  %i = ptrtoint ptr %p to i64\n  %m = and i64 %i, 15\n"
              "  ret i64 %m\n}\n",
     "define i64 @f(ptr %p) {\n  %i = ptrtoint ptr %p to i64\n  %m = and i64 %i, 15\n  ret i64 %m\n}\n",
     "define i64 @f(ptr %p) {\n  ret i64 0\n}\n"),
    ("dereferenceable", "define i32 @f(ptr dereferenceable(4) %p, i1 noundef %c) {\nentry:\n"
                        "  br i1 %c, label %yes, label %no\nyes:\n  %v = load i32, ptr %p, align 1\n  ret i32 %v\n"
                        "no:\n  ret i32 0\n}\n",
     "define i32 @f(ptr %p, i1 noundef %c) {\nentry:\n  br i1 %c, label %yes, label %no\nyes:\n"
     "  %v = load i32, ptr %p, align 1\n  ret i32 %v\nno:\n  ret i32 0\n}\n",
     "define i32 @f(ptr %p, i1 noundef %c) {\n  %v = load i32, ptr %p, align 1\n  %r = select i1 %c, i32 %v, i32 0\n"
     "  ret i32 %r\n}\n"),
    ("dereferenceable_or_null", "define i32 @f(ptr dereferenceable_or_null(4) %p, i1 noundef %c) {\nentry:\n"
                                "  %n = icmp eq ptr %p, null\n  %go = select i1 %n, i1 false, i1 %c\n"
                                "  br i1 %go, label %yes, label %no\nyes:\n  %v = load i32, ptr %p, align 1\n"
                                "  ret i32 %v\nno:\n  ret i32 0\n}\n",
     "define i32 @f(ptr %p, i1 noundef %c) {\nentry:\n  %n = icmp eq ptr %p, null\n"
     "  %go = select i1 %n, i1 false, i1 %c\n  br i1 %go, label %yes, label %no\nyes:\n"
     "  %v = load i32, ptr %p, align 1\n  ret i32 %v\nno:\n  ret i32 0\n}\n",
     "define i32 @f(ptr %p, i1 noundef %c) {\nentry:\n  %n = icmp eq ptr %p, null\n"
     "  br i1 %n, label %no, label %nonnull\nnonnull:\n  %v = load i32, ptr %p, align 1\n"
     "  %r = select i1 %c, i32 %v, i32 0\n  ret i32 %r\nno:\n  ret i32 0\n}\n"),
    ("!range", LOAD.format(md=", !range !0", node="!0 = !{i32 0, i32 10}\n").replace(
        "  ret i32 %v", "  %c = icmp ult i32 %v, 10\n  %r = zext i1 %c to i32\n  ret i32 %r"),
     LOAD.format(md="", node="").replace(
        "  ret i32 %v", "  %c = icmp ult i32 %v, 10\n  %r = zext i1 %c to i32\n  ret i32 %r"),
     "define i32 @f(ptr dereferenceable(4) %p) {\n  ret i32 1\n}\n"),
    ("!noundef", LOAD.format(md=", !noundef !0", node="!0 = !{}\n").replace(
        "  ret i32 %v", "  %f = freeze i32 %v\n  ret i32 %f"),
     LOAD.format(md="", node="").replace("  ret i32 %v", "  %f = freeze i32 %v\n  ret i32 %f"),
     LOAD.format(md="", node="")),
    ("!nonnull", PTR_LOAD.format(md=", !nonnull !0", node="!0 = !{}\n"), PTR_LOAD.format(md="", node=""),
     "define i32 @f(ptr dereferenceable(8) %p) {\n  ret i32 0\n}\n"),
    ("callee memory", CALL_AFTER_STORE.format(attr=" memory(inaccessiblemem: readwrite)", order=f"{STORE}\n{SHOW}"),
     CALL_AFTER_STORE.format(attr="", order=f"{STORE}\n{SHOW}"),
     CALL_AFTER_STORE.format(attr=" memory(inaccessiblemem: readwrite)", order=f"{SHOW}\n{STORE}")),
    ("assume bundle", "define i32 @f(ptr %p, i1 noundef %c) {\nentry:\n"
                      '  call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %p, i64 4) ]\n'
                      "  br i1 %c, label %yes, label %no\nyes:\n  %v = load i32, ptr %p, align 1\n  ret i32 %v\n"
                      "no:\n  ret i32 0\n}\ndeclare void @llvm.assume(i1)\n",
     "define i32 @f(ptr %p, i1 noundef %c) {\nentry:\n  br i1 %c, label %yes, label %no\nyes:\n"
     "  %v = load i32, ptr %p, align 1\n  ret i32 %v\nno:\n  ret i32 0\n}\n",
     "define i32 @f(ptr %p, i1 noundef %c) {\n  %v = load i32, ptr %p, align 1\n  %r = select i1 %c, i32 %v, i32 0\n"
     "  ret i32 %r\n}\n"),
]


@pytest.mark.slow
@pytest.mark.parametrize("what, src, bare, tgt", HAS, ids=[h[0] for h in HAS])
def test_a_sources_fact_is_what_the_proof_uses(tmp_path: Path, what: str, src: str, bare: str, tgt: str) -> None:
    assert verdict(equiv(tmp_path, src, tgt)) == "proved"
    assert verdict(equiv(tmp_path, bare, tgt)) == "counterexample"
