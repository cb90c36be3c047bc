"""Vector GEPs and llvm.masked.gather / scatter (issue 18, item 2): a GEP with a
vector index is one offset per lane into the base pointer's object, and a gather is
the IR's masked load at those offsets (a lane whose mask is off touches no memory)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import cli
from tests.test_llvm_pointer_memory import write

SRC = """define i32 @pair(ptr %a, i64 %j, i64 %k) {
entry:
  %pj = getelementptr inbounds i32, ptr %a, i64 %j
  %x = load i32, ptr %pj, align 4
  %pk = getelementptr inbounds i32, ptr %a, i64 %k
  %y = load i32, ptr %pk, align 4
  %s = add i32 %x, %y
  ret i32 %s
}
"""

GATHER = """define i32 @pair(ptr %a, i64 %j, i64 %k) {
entry:
  %v0 = insertelement <2 x i64> poison, i64 %j, i64 0
  %v1 = insertelement <2 x i64> %v0, i64 %k, i64 1
  %ps = getelementptr inbounds i32, ptr %a, <2 x i64> %v1
  %g = call <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr> align 4 %ps, <2 x i1> splat (i1 true), <2 x i32> poison)
  %x = extractelement <2 x i32> %g, i64 0
  %y = extractelement <2 x i32> %g, i64 1
  %s = add i32 %x, %y
  ret i32 %s
}
declare <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr>, <2 x i1>, <2 x i32>)
"""


def equiv(tmp_path: Path, tgt: str) -> dict[str, object]:
    r = cli("equiv", str(write(tmp_path, "src.ll", SRC)), str(write(tmp_path, "tgt.ll", tgt)), "--json")
    assert r.returncode in (0, 1, 3), r.stdout + r.stderr
    out: dict[str, object] = json.loads(r.stdout.splitlines()[-1])
    return out


@pytest.mark.slow
def test_a_gather_of_two_elements_refines_their_loads(tmp_path: Path) -> None:
    assert equiv(tmp_path, GATHER)["verdict"] == "proved"


def test_a_gather_lane_masked_off_reads_its_passthru(tmp_path: Path) -> None:
    off = GATHER.replace("<2 x i1> splat (i1 true), <2 x i32> poison", "<2 x i1> <i1 true, i1 false>, <2 x i32> zeroinitializer")
    v = equiv(tmp_path, off)
    assert v["verdict"] == "counterexample"
    assert v["counterexample"]["divergence"]["kind"] == "live-out"  # type: ignore[index]


@pytest.mark.slow
def test_a_gather_lane_out_of_bounds_is_ub(tmp_path: Path) -> None:
    """The target gathers a[k + 1] too (and ignores it): UB where the source has none."""
    ahead = """define i32 @pair(ptr %a, i64 %j, i64 %k) {
entry:
  %k1 = add i64 %k, 1
  %v0 = insertelement <2 x i64> poison, i64 %j, i64 0
  %v1 = insertelement <2 x i64> %v0, i64 %k1, i64 1
  %ps = getelementptr inbounds i32, ptr %a, <2 x i64> %v1
  %g = call <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr> align 4 %ps, <2 x i1> splat (i1 true), <2 x i32> poison)
  %x = extractelement <2 x i32> %g, i64 0
  %pk = getelementptr inbounds i32, ptr %a, i64 %k
  %y = load i32, ptr %pk, align 4
  %s = add i32 %x, %y
  ret i32 %s
}
declare <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr>, <2 x i1>, <2 x i32>)
"""
    v = equiv(tmp_path, ahead)
    assert v["verdict"] == "counterexample"
    assert v["counterexample"]["divergence"]["kind"] == "target-ub"  # type: ignore[index]


@pytest.mark.slow
def test_a_scatter_writes_the_lanes_that_are_on(tmp_path: Path) -> None:
    src = """define void @put(ptr %a, i64 %j, i32 %x) {
entry:
  %p = getelementptr inbounds i32, ptr %a, i64 %j
  store i32 %x, ptr %p, align 4
  ret void
}
"""
    tgt = """define void @put(ptr %a, i64 %j, i32 %x) {
entry:
  %i0 = insertelement <2 x i64> poison, i64 %j, i64 0
  %i1 = insertelement <2 x i64> %i0, i64 %j, i64 1
  %x0 = insertelement <2 x i32> poison, i32 %x, i64 0
  %x1 = insertelement <2 x i32> %x0, i32 %x, i64 1
  %ps = getelementptr inbounds i32, ptr %a, <2 x i64> %i1
  call void @llvm.masked.scatter.v2i32.v2p0(<2 x i32> %x1, <2 x ptr> align 4 %ps, <2 x i1> <i1 true, i1 MASK>)
  ret void
}
declare void @llvm.masked.scatter.v2i32.v2p0(<2 x i32>, <2 x ptr>, <2 x i1>)
"""
    s, t = write(tmp_path, "s.ll", src), write(tmp_path, "t.ll", tgt.replace("MASK", "false"))
    r = cli("equiv", str(s), str(t), "--json")
    assert json.loads(r.stdout.splitlines()[-1])["verdict"] == "proved", r.stdout + r.stderr
    wrong = write(tmp_path, "w.ll", tgt.replace("<i1 true, i1 MASK>", "<i1 false, i1 false>"))  # stores nothing
    r = cli("equiv", str(s), str(wrong), "--json")
    assert json.loads(r.stdout.splitlines()[-1])["verdict"] == "counterexample", r.stdout + r.stderr


@pytest.mark.slow
def test_a_gep_on_a_vector_of_pointers_is_unknown_naming_it(tmp_path: Path) -> None:
    tgt = GATHER.replace("%ps = getelementptr inbounds i32, ptr %a, <2 x i64> %v1",
                         "%pa = insertelement <2 x ptr> poison, ptr %a, i64 0\n"
                         "  %pb = shufflevector <2 x ptr> %pa, <2 x ptr> poison, <2 x i32> zeroinitializer\n"
                         "  %ps = getelementptr inbounds i32, <2 x ptr> %pb, <2 x i64> %v1")
    v = equiv(tmp_path, tgt)
    assert v["verdict"] == "unknown" and "ptr" in str(v["reason"])
