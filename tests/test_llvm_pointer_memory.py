"""Pointer-valued memory (issue 18, item 2): a linked structure's walk `p = p->next`,
and GEPs on null.

A loaded pointer is modelled as pointing into the object it was loaded from, or as
null. LLVM allows more (a loaded pointer may point into any object), so the model is
exact only for the memories it allows: a counterexample stands, and a proof is
unknown unless the user opts into `--assume loaded-pointers-in-object`. The lanes of
a speculated exit run such a recurrence on from lane to lane (transforms/lanes.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import cli
from verifier.analysis.exits import analyse
from verifier.checks.legality import Limits, speculation_safety
from verifier.frontend.llvm import LLOptions, parse_ll_file
from verifier.ir.program import Assumption
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import run
from verifier.transforms.lanes import recurrences

ASSUME = ("--assume", "loaded-pointers-in-object")

# find(head, k): is k a key of the list at head? (struct node { int key; node *next; })
FIND = """define i32 @find(ptr %head, i32 %k) {
entry:
  %empty = icmp eq ptr %head, null
  br i1 %empty, label %done, label %loop

loop:
  %p = phi ptr [ %head, %entry ], [ %next, %cont ]
  %key = load i32, ptr %p, align 8
  %hit = icmp eq i32 %key, %k
  br i1 %hit, label %done, label %cont

cont:
  %np = getelementptr inbounds i8, ptr %p, i64 8
  %next = load ptr, ptr %np, align 8
  %end = icmp eq ptr %next, null
  br i1 %end, label %done, label %loop

done:
  %r = phi i32 [ 0, %entry ], [ 1, %loop ], [ 0, %cont ]
  ret i32 %r
}
"""

# the same walk with the key test written the other way round: a refinement
FIND_NE = FIND.replace("%hit = icmp eq i32 %key, %k", "%miss = icmp ne i32 %k, %key").replace(
    "br i1 %hit, label %done, label %cont", "br i1 %miss, label %cont, label %done")

# reads the next node's key before testing whether there is one: UB at the list's end
FIND_AHEAD = FIND.replace("  %end = icmp eq ptr %next, null",
                          "  %nkey = load i32, ptr %next, align 8\n  %end = icmp eq ptr %next, null")


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def test_walk_is_read_with_its_assumption_unassumed(tmp_path: Path) -> None:
    prog = parse_ll_file(write(tmp_path, "find.ll", FIND))
    assert prog.unassumed == (Assumption.LOADED_POINTERS_IN_OBJECT.value,)
    opted = parse_ll_file(tmp_path / "find.ll", opts=LLOptions(assume=frozenset({Assumption.LOADED_POINTERS_IN_OBJECT})))
    assert opted.unassumed == () and opted.assumptions == (Assumption.LOADED_POINTERS_IN_OBJECT.value,)
    # the walk's phi is a recurrence whose update is the load of `next`
    le = analyse(prog)
    found = recurrences(prog, le)
    assert "p" in found and any(le.instrs[u].op == "load" for u in found["p"][1])


def test_walk_follows_the_list_in_memory(tmp_path: Path) -> None:
    # three nodes at byte offsets 16, 0, 32 of one object at address 4096: keys 5, 7, 9
    prog = parse_ll_file(write(tmp_path, "find.ll", FIND))
    mem = [0] * 48
    for at, key, nxt in ((16, 5, 4096), (0, 7, 4096 + 32), (32, 9, 0)):
        mem[at:at + 4] = list(key.to_bytes(4, "little"))
        mem[at + 8:at + 16] = list(nxt.to_bytes(8, "little"))
    params = {p.name: 0 for p in prog.params}
    params.update({"head.bytes": 48, "head.addr": 4096, "head.before": 16})
    for k, want in ((9, 1), (7, 1), (5, 1), (8, 0)):
        params["k.value"] = k
        r = run(prog, Inputs(params, {"head": mem}), fuel=2000)
        assert r.status == "ok", r
        assert r.outs["ret"].v == want, (k, r.outs)


@pytest.mark.slow
def test_refinement_is_unknown_unless_assumed(tmp_path: Path) -> None:
    src, tgt = write(tmp_path, "find.ll", FIND), write(tmp_path, "find_ne.ll", FIND_NE)
    # a bounded proof (a list may be as long as memory allows), accepted as one
    res = cli("equiv", str(src), str(tgt), "--max-trip", "4", "--bounded", "--json")
    out = json.loads(res.stdout)
    assert res.returncode == 3 and out["verdict"] == "unknown", res.stdout + res.stderr
    assert "--assume loaded-pointers-in-object" in out["reason"]
    res = cli("equiv", str(src), str(tgt), "--max-trip", "4", "--bounded", "--json", *ASSUME)
    out = json.loads(res.stdout)
    assert res.returncode == 0 and out["verdict"] == "proved", res.stdout + res.stderr
    assert out["assumptions"] == ["loaded-pointers-in-object"]


@pytest.mark.slow
@pytest.mark.parametrize("assume", [(), ASSUME])
def test_reading_past_the_end_of_the_list_is_refuted(tmp_path: Path, assume: tuple[str, ...]) -> None:
    src, tgt = write(tmp_path, "find.ll", FIND), write(tmp_path, "ahead.ll", FIND_AHEAD)
    res = cli("equiv", str(src), str(tgt), "--max-trip", "4", "--json", *assume)
    out = json.loads(res.stdout)
    assert res.returncode == 1 and out["verdict"] == "counterexample", res.stdout + res.stderr
    assert "null pointer" in out["counterexample"]["divergence"]["summary"]


@pytest.mark.slow
def test_speculating_the_walk_is_unsafe(tmp_path: Path) -> None:
    prog = parse_ll_file(write(tmp_path, "find.ll", FIND))
    vs = speculation_safety(prog, 4, Limits(timeout=60))
    assert [v.verdict for v in vs] == ["counterexample", "counterexample"], [v.reason for v in vs]
    for v in vs:
        assert v.counterexample is not None
        # a lane past the one that left reads through the node the loop never followed
        assert v.counterexample.divergence.kind == "target-ub"
        assert "already left" in v.counterexample.divergence.summary


RUNNING_SUM = """define i64 @first_over(ptr dereferenceable(64) %a, i32 %t) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %at = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %at, align 4
  %s.next = add i32 %s, %v
  %over = icmp sgt i32 %s.next, %t
  br i1 %over, label %found, label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, LIMIT
  br i1 %more, label %loop, label %found

found:
  %r = phi i64 [ %i, %loop ], [ -1, %latch ]
  ret i64 %r
}
"""


def test_speculating_a_running_sum_follows_the_array(tmp_path: Path) -> None:
    # lane j's sum is lane j-1's plus its element: within 16 elements every lane's
    # load is dereferenceable (proved); over 20 the vector iteration at 16 reads past the 16 elements
    # a run may have (the scalar loop leaves at 16)
    safe = parse_ll_file(write(tmp_path, "sum16.ll", RUNNING_SUM.replace("LIMIT", "16")))
    assert "s" in recurrences(safe, analyse(safe))
    [v] = speculation_safety(safe, 4, Limits(timeout=60))
    assert v.verdict == "proved", v.reason
    unsafe = parse_ll_file(write(tmp_path, "sum20.ll", RUNNING_SUM.replace("LIMIT", "20")))
    [v] = speculation_safety(unsafe, 4, Limits(timeout=60))
    assert v.verdict == "counterexample", v.reason


NULL_GEP = """define i64 @f(i64 %x) {
entry:
  %p = getelementptr i8, ptr null, i64 %x
  %a = ptrtoint ptr %p to i64
  %z = icmp eq ptr %p, null
  %zx = zext i1 %z to i64
  %r = add i64 %a, %zx
  ret i64 %r
}
"""

AS_INT = """define i64 @f(i64 %x) {
entry:
  %z = icmp eq i64 %x, 0
  %zx = zext i1 %z to i64
  %r = add i64 %x, ZX
  ret i64 %r
}
"""

LOAD_NULL_GEP = """define i32 @f(i64 %x) {
entry:
  %p = getelementptr inbounds i32, ptr null, i64 %x
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
"""

SEVEN = """define i32 @f(i64 %x) {
entry:
  ret i32 7
}
"""


@pytest.mark.slow
def test_a_gep_on_null_is_an_address_with_no_object(tmp_path: Path) -> None:
    # null + x bytes: its address is x, and it is null exactly when x is 0
    src = write(tmp_path, "src.ll", NULL_GEP)
    res = cli("equiv", str(src), str(write(tmp_path, "ok.ll", AS_INT.replace("ZX", "%zx"))), "--json")
    assert res.returncode == 0 and json.loads(res.stdout)["verdict"] == "proved", res.stdout + res.stderr
    res = cli("equiv", str(src), str(write(tmp_path, "bad.ll", AS_INT.replace("ZX", "0"))), "--json")
    assert res.returncode == 1 and json.loads(res.stdout)["verdict"] == "counterexample", res.stdout + res.stderr


@pytest.mark.slow
def test_an_access_through_a_gep_on_null_is_ub(tmp_path: Path) -> None:
    # a target that loads through null + x has UB the source has not; the other way
    # round the source is UB on every input (vacuous, so no proof is claimed)
    load, seven = write(tmp_path, "load.ll", LOAD_NULL_GEP), write(tmp_path, "seven.ll", SEVEN)
    res = cli("equiv", str(seven), str(load), "--json")
    out = json.loads(res.stdout)
    assert res.returncode == 1 and out["counterexample"]["divergence"]["kind"] == "target-ub", res.stdout
    res = cli("equiv", str(load), str(seven), "--json")
    out = json.loads(res.stdout)
    assert res.returncode == 3 and "vacuous" in out["reason"], res.stdout


# two loaded pointers, either of which may be null, compared (issue 43: was unsupported)
SAME = """define i1 @same(ptr %v) {
entry:
  %a = load ptr, ptr %v, align 8
  %bp = getelementptr inbounds i8, ptr %v, i64 8
  %b = load ptr, ptr %bp, align 8
  %e = icmp PRED ptr %a, %b
  ret i1 %e
}
"""

# the same comparison on the addresses: a null pointer's is 0
SAME_INT = SAME.replace("  %e = icmp PRED ptr %a, %b", "  %ai = ptrtoint ptr %a to i64\n"
                        "  %bi = ptrtoint ptr %b to i64\n  %e = icmp PRED i64 %ai, %bi")


@pytest.mark.slow
@pytest.mark.parametrize("pred", ["eq", "ne", "ult", "uge"])
def test_pointers_that_may_be_null_compare_by_address(tmp_path: Path, pred: str) -> None:
    src, tgt = tmp_path / "ptr.ll", tmp_path / "int.ll"
    src.write_text(SAME.replace("PRED", pred))
    tgt.write_text(SAME_INT.replace("PRED", pred))
    r = cli("equiv", str(src), str(tgt), *ASSUME)
    assert r.returncode == 0, r.stdout
    wrong = {"eq": "ne", "ne": "eq", "ult": "ule", "uge": "ugt"}[pred]
    tgt.write_text(SAME_INT.replace("PRED", wrong))  # equal addresses (both null, say) tell them apart
    r = cli("equiv", str(src), str(tgt), *ASSUME)
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout


# an interned-string lookup, as clang -O2 writes `for (i < 64) if (tab[i] == key)` over
# `const char *const tab[static 64]`: the entries are loaded pointers, maybe null
INTERNED = """define i32 @find_interned(ptr noundef readonly align 8 DEREF %tab, ptr noundef readnone %key) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %at = getelementptr inbounds nuw ptr, ptr %tab, i64 %i
  %entry.ptr = load ptr, ptr %at, align 8
  %hit = icmp eq ptr %entry.ptr, %key
  br i1 %hit, label %found, label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 64
  br i1 %done, label %missing, label %loop

found:
  %r = trunc nuw nsw i64 %i to i32
  ret i32 %r

missing:
  ret i32 -1
}
"""


@pytest.mark.slow
def test_speculating_a_search_for_a_pointer_in_a_table_of_64_is_safe(tmp_path: Path) -> None:
    """The table's 512 bytes are dereferenceable from the pointer, wherever it is in
    its object. (The object's bytes before the pointer plus the 512 once wrapped past
    2^63 to a negative need any size met: a spurious counterexample, fixed.)"""
    f = tmp_path / "interned.ll"
    f.write_text(INTERNED.replace("DEREF", "dereferenceable(512)"))
    r = cli("check", str(f), "--check", "speculate", "--vf", "4", *ASSUME)
    assert r.returncode == 0 and "every trip count" in r.stdout, r.stdout


@pytest.mark.slow
def test_speculating_it_without_the_tables_size_is_unsafe(tmp_path: Path) -> None:
    f = tmp_path / "interned.ll"
    f.write_text(INTERNED.replace("DEREF", "dereferenceable(8)"))
    r = cli("check", str(f), "--check", "speculate", "--vf", "4", *ASSUME, "--timeout", "5")
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout
