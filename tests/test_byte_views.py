"""Memory seen in units of several sizes: a bitcast that regroups lanes, vector
accesses whose lanes span several of an object's units, pointers that may overlap
while read in different units (one unit for all of them), and vectors of loaded
pointers tested for null. Each on both sides: a correct target proved, a broken
one refuted."""

from __future__ import annotations

from pathlib import Path

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.checks.refinement import refinement
from verifier.checks.replay import _Cells
from verifier.frontend.llvm import LLUnsupported, parse_ll_file, parse_ll_pair
from verifier.ir.program import Assumption
from verifier.ir.types import I8, IntType, VecType
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.ops import Val, bitcast
from verifier.semantics.z3domain import Z3Domain
from verifier.smt.budget import Budget


def verdict(tmp_path: Path, src: str, tgt: str) -> str:
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(tgt)
    return refinement(*parse_ll_pair(a, b), max_trip=4, budget=Budget.of(60)).verdict


# --- bitcast: the bits regrouped, little-endian; a lane poison where a part is -------

SHAPES = [(VecType(16, I8), VecType(4, IntType(32))), (VecType(8, I8), IntType(64)),
          (VecType(2, IntType(32)), VecType(8, I8)), (VecType(4, IntType(16)), VecType(2, IntType(32))),
          (IntType(32), VecType(4, I8))]


def _lanes(t: VecType | IntType) -> int:
    return t.lanes if isinstance(t, VecType) else 1


def _elem(t: VecType | IntType) -> int:
    return t.elem.bits if isinstance(t, VecType) else t.bits


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SHAPES), st.data())
def test_bitcast_regroups_bits_little_endian_in_both_domains(shape: tuple[VecType | IntType, VecType | IntType],
                                                            data: st.DataObject) -> None:
    ft, tt = shape
    fw, n = _elem(ft), _lanes(ft)
    vals = data.draw(st.lists(st.integers(0, (1 << fw) - 1), min_size=n, max_size=n))
    pois = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    c = ConcreteDomain()
    x = tuple(Val(v, p, False) for v, p in zip(vals, pois, strict=True))
    got = bitcast(c, x if isinstance(ft, VecType) else x[0], ft, tt)
    out = [got] if isinstance(got, Val) else list(got)
    whole = sum(v << (k * fw) for k, v in enumerate(vals))
    tw = _elem(tt)
    for j, lane in enumerate(out):
        assert lane.v == (whole >> (j * tw)) & ((1 << tw) - 1)
        parts = range(j * tw // fw, ((j + 1) * tw - 1) // fw + 1)
        assert lane.p == any(pois[k] for k in parts)
    # the solver's encoding, on symbolic operands, gives the same lanes once they are set
    z = Z3Domain()
    xs = [z3.BitVec(f"x{k}", fw) for k in range(n)]
    sym = tuple(Val(x, p, False) for x, p in zip(xs, pois, strict=True))
    zgot = bitcast(z, sym if isinstance(ft, VecType) else sym[0], ft, tt)
    zout = [zgot] if isinstance(zgot, Val) else list(zgot)
    at = [(x, z3.BitVecVal(v, fw)) for x, v in zip(xs, vals, strict=True)]
    for lane, zl in zip(out, zout, strict=True):
        assert z3.simplify(z3.substitute(zl.v, *at)).as_long() == lane.v
        assert z3.is_true(z3.simplify(z3.BoolVal(zl.p) if isinstance(zl.p, bool) else zl.p)) == lane.p


BYTES_SRC = """define i32 @f(ptr noundef dereferenceable(8) %p) {
  %v = load <8 x i8>, ptr %p, align 1
  %w = bitcast <8 x i8> %v to <2 x i32>
  %r = extractelement <2 x i32> %w, i64 1
  ret i32 %r
}
"""

BYTES_TGT = """define i32 @f(ptr noundef dereferenceable(8) %p) {
  %v = load <8 x i8>, ptr %p, align 1
  %b4 = extractelement <8 x i8> %v, i64 4
  %b5 = extractelement <8 x i8> %v, i64 5
  %b6 = extractelement <8 x i8> %v, i64 6
  %b7 = extractelement <8 x i8> %v, i64 7
  %z4 = zext i8 %b4 to i32
  %z5 = zext i8 %b5 to i32
  %z6 = zext i8 %b6 to i32
  %z7 = zext i8 %b7 to i32
  %s5 = shl i32 %z5, 8
  %s6 = shl i32 %z6, 16
  %s7 = shl i32 %z7, 24
  %o1 = or i32 %z4, %s5
  %o2 = or i32 %o1, %s6
  %r = or i32 %o2, %s7
  ret i32 %r
}
"""


def test_a_regrouping_bitcast_is_its_bytes_little_endian(tmp_path: Path) -> None:
    assert verdict(tmp_path, BYTES_SRC, BYTES_TGT) == "proved"
    big_endian = BYTES_TGT.replace("shl i32 %z5, 8", "shl i32 %z5, 16").replace("shl i32 %z6, 16", "shl i32 %z6, 8")
    assert verdict(tmp_path, BYTES_SRC, big_endian) == "counterexample"


# --- a vector access whose lanes are several of the object's units --------------------

WIDE_SRC = """define i32 @f(ptr noundef dereferenceable(16) align 4 %p) {
  %b = load i8, ptr %p, align 1
  %x = load i32, ptr %p, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 4
  %y = load i32, ptr %q, align 4
  %z = zext i8 %b to i32
  %s = add i32 %x, %y
  %r = add i32 %s, %z
  ret i32 %r
}
"""

WIDE_TGT = """define i32 @f(ptr noundef dereferenceable(16) align 4 %p) {
  %b = load i8, ptr %p, align 1
  %v = load <2 x i32>, ptr %p, align 4
  %x = extractelement <2 x i32> %v, i64 0
  %y = extractelement <2 x i32> %v, i64 1
  %z = zext i8 %b to i32
  %s = add i32 %x, %y
  %r = add i32 %s, %z
  ret i32 %r
}
"""


def test_a_vector_load_over_byte_units_reads_each_lane_whole(tmp_path: Path) -> None:
    """The object is read in bytes (an i8 load); <2 x i32> reads 8 of them. Equal to
    two i32 loads; a target whose lanes are 2 bytes apart differs."""
    assert verdict(tmp_path, WIDE_SRC, WIDE_TGT) == "proved"
    skewed = WIDE_TGT.replace("%v = load <2 x i32>, ptr %p, align 4",
                              "%pp = getelementptr inbounds i8, ptr %p, i64 2\n  %v = load <2 x i32>, ptr %pp, align 2")
    assert verdict(tmp_path, WIDE_SRC, skewed) == "counterexample"


MASKED_SRC = """define void @f(ptr noundef dereferenceable(16) align 4 %p, ptr noalias noundef dereferenceable(8) %s) {
  %b = load i8, ptr %p, align 1
  %v = load <2 x i32>, ptr %s, align 4
  %x = extractelement <2 x i32> %v, i64 0
  store i32 %x, ptr %p, align 4
  ret void
}
"""

MASKED_TGT = """define void @f(ptr noundef dereferenceable(16) align 4 %p, ptr noalias noundef dereferenceable(8) %s) {
  %b = load i8, ptr %p, align 1
  %v = load <2 x i32>, ptr %s, align 4
  call void @llvm.masked.store.v2i32.p0(<2 x i32> %v, ptr %p, i32 4, <2 x i1> <i1 true, i1 false>)
  ret void
}
declare void @llvm.masked.store.v2i32.p0(<2 x i32>, ptr, i32, <2 x i1>)
"""


def test_a_masked_store_over_byte_units_writes_the_bytes_of_its_lanes_on(tmp_path: Path) -> None:
    """A mask lane covers its lane's 4 bytes: lane 0 on writes bytes 0..3 only."""
    assert verdict(tmp_path, MASKED_SRC, MASKED_TGT) == "proved"
    both = MASKED_TGT.replace("<i1 true, i1 false>", "<i1 true, i1 true>")
    assert verdict(tmp_path, MASKED_SRC, both) == "counterexample"


# --- pointers that may overlap, read in different units --------------------------------

OVERLAP_SRC = """define i32 @f(ptr noundef align 4 dereferenceable(4) %p, ptr noundef dereferenceable(1) %q) {
  %a = load i32, ptr %p, align 4
  store i8 0, ptr %q, align 1
  %b = load i32, ptr %p, align 4
  %r = add i32 %a, %b
  ret i32 %r
}
"""


def test_pointers_that_may_overlap_in_different_units_share_the_smaller(tmp_path: Path) -> None:
    """%q (bytes) may point into %p's int: both are read in bytes, so the store may
    change %p's value. Reusing the first load is refuted, with %q a window on %p's
    object; reloading is proved."""
    reuse = OVERLAP_SRC.replace("%b = load i32, ptr %p, align 4", "%b = add i32 %a, 0")
    assert verdict(tmp_path, OVERLAP_SRC, OVERLAP_SRC) == "proved"
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(OVERLAP_SRC)
    b.write_text(reuse)
    src, tgt = parse_ll_pair(a, b)
    assert src.array("p").elem == I8 and src.array("q").elem == I8
    v = refinement(src, tgt, max_trip=4, budget=Budget.of(60))
    assert v.verdict == "counterexample" and v.counterexample is not None
    assert v.counterexample.inputs.window("q")[0] == "p"
    noalias = OVERLAP_SRC.replace("ptr noundef dereferenceable(1) %q", "ptr noalias noundef dereferenceable(1) %q")
    assert verdict(tmp_path, noalias, noalias.replace("%b = load i32, ptr %p, align 4", "%b = add i32 %a, 0")) \
        == "proved"


# --- loaded pointers tested for null, scalar and vector -------------------------------

NULLS_SRC = """define i1 @f(ptr noundef align 8 dereferenceable(16) %t) {
  %a = load ptr, ptr %t, align 8
  %q = getelementptr inbounds i8, ptr %t, i64 8
  %b = load ptr, ptr %q, align 8
  %na = icmp eq ptr %a, null
  %nb = icmp eq ptr %b, null
  %r = or i1 %na, %nb
  ret i1 %r
}
"""

NULLS_TGT = """define i1 @f(ptr noundef align 8 dereferenceable(16) %t) {
  %v = load <2 x ptr>, ptr %t, align 8
  %n = icmp eq <2 x ptr> %v, zeroinitializer
  %r = call i1 @llvm.vector.reduce.or.v2i1(<2 x i1> %n)
  ret i1 %r
}
declare i1 @llvm.vector.reduce.or.v2i1(<2 x i1>)
"""


@pytest.mark.slow
def test_a_vector_of_loaded_pointers_is_tested_for_null_exactly(tmp_path: Path) -> None:
    """Null where the 8 bytes are 0, wherever the pointer points: no assumption about
    loaded pointers is needed (the program never uses where they point)."""
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(NULLS_SRC)
    b.write_text(NULLS_TGT)
    src, tgt = parse_ll_pair(a, b)
    assert Assumption.LOADED_POINTERS_IN_OBJECT not in src.unassumed + tgt.unassumed
    assert refinement(src, tgt, max_trip=4, budget=Budget.of(60)).verdict == "proved"
    assert verdict(tmp_path, NULLS_SRC, NULLS_TGT.replace("icmp eq <2 x ptr>", "icmp ne <2 x ptr>")) \
        == "counterexample"
    first_only = NULLS_TGT.replace("%t, align 8\n  %n", "%t, align 8\n  %n0").replace(
        "zeroinitializer\n", "zeroinitializer\n  %n = and <2 x i1> %n0, <i1 true, i1 false>\n")
    assert verdict(tmp_path, NULLS_SRC, first_only) == "counterexample"


def test_a_loaded_pointer_used_as_an_address_gets_its_own_object_where_nothing_is_stored(tmp_path: Path) -> None:
    """Loaded once and nothing stored: the pointer points into an object of its own
    (no assumption). With a store in the function, it is taken to point into the
    object it was loaded from, which the verdict lists as an assumption."""
    deref = NULLS_SRC.replace("  %r = or i1 %na, %nb\n", "  %x = load i8, ptr %a, align 1\n"
                              "  %nx = icmp eq i8 %x, 0\n  %r0 = or i1 %na, %nb\n  %r = or i1 %r0, %nx\n")
    f = tmp_path / "d.ll"
    f.write_text(deref)
    prog = parse_ll_file(f)
    assert prog.unassumed == () and "a.obj" in {a.name for a in prog.arrays}
    f.write_text(deref.replace("define i1 @f(ptr noundef align 8 dereferenceable(16) %t)",
                               "define i1 @f(ptr noundef align 8 dereferenceable(16) %t, ptr noalias %s)")
                 .replace("  ret i1 %r\n", "  store i8 1, ptr %s, align 1\n  ret i1 %r\n"))
    stored = parse_ll_file(f)
    assert Assumption.LOADED_POINTERS_IN_OBJECT.value in stored.unassumed
    assert not any(a.name.endswith(".obj") for a in stored.arrays)


def test_a_vector_of_pointers_used_other_than_for_null_is_named(tmp_path: Path) -> None:
    f = tmp_path / "v.ll"
    f.write_text(NULLS_TGT.replace("icmp eq <2 x ptr> %v, zeroinitializer", "icmp eq <2 x ptr> %v, %v"))
    try:
        parse_ll_file(f)
    except LLUnsupported as e:
        assert "vectors of pointers" in str(e) and ":3:" in str(e)
    else:
        raise AssertionError("a vector of pointers compared with itself was read")


# --- a model's memory read back for replay --------------------------------------------

def test_cells_the_model_does_not_set_take_the_arrays_default_not_cell_minus_one() -> None:
    """A model that sets cell -1 (poison there) says nothing of the other cells: they
    are its constant array's value, which replay must use past the listed cells."""
    vals = z3.Array("vals", z3.BitVecSort(64), z3.BitVecSort(8))
    pois = z3.Array("pois", z3.BitVecSort(64), z3.BoolSort())
    s = z3.Solver()
    s.add(pois[z3.BitVecVal(-1, 64)], z3.Not(pois[z3.BitVecVal(1 << 62, 64)]), vals[z3.BitVecVal(1 << 62, 64)] == 7)
    for k in range(3):
        s.add(z3.Not(pois[z3.BitVecVal(k, 64)]), vals[z3.BitVecVal(k, 64)] == 0)
    assert s.check() == z3.sat
    cells = _Cells(s.model(), (vals, pois), 8)
    assert cells(-1) is None
    default = cells.default()
    # every cell the model leaves to its constant array holds that value
    free = next(k for k in range(10, 10_000) if k not in cells.stored)
    assert default == cells(free)


# --- which loops of a vectorizer's output exit on a vector value ----------------------

COUNTED = """define i32 @sum(ptr noundef dereferenceable(64) %a) {
entry:
  br label %vector.body
vector.body:
  %index = phi i64 [ 0, %entry ], [ %index.next, %vector.body ]
  %acc = phi <4 x i32> [ zeroinitializer, %entry ], [ %acc.next, %vector.body ]
  %p = getelementptr inbounds i32, ptr %a, i64 %index
  %v = load <4 x i32>, ptr %p, align 4
  %acc.next = add <4 x i32> %acc, %v
  %index.next = add nuw i64 %index, 4
  %done = icmp eq i64 %index.next, 16
  br i1 %done, label %exit, label %vector.body
exit:
  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %acc.next)
  ret i32 %r
}
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
"""


def test_vector_exits_tells_an_early_exit_vector_loop_from_a_counted_one(tmp_path: Path) -> None:
    from verifier.analysis.loops import vector_exits

    f = tmp_path / "sum.ll"
    f.write_text(COUNTED)
    assert vector_exits(parse_ll_file(f)) == []
    early = COUNTED.replace("  %done = icmp eq i64 %index.next, 16\n",
                            "  %z = icmp eq <4 x i32> %v, zeroinitializer\n"
                            "  %any = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %z)\n"
                            "  %end = icmp eq i64 %index.next, 16\n  %done = or i1 %any, %end\n") + \
        "declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>)\n"
    f.write_text(early)
    assert vector_exits(parse_ll_file(f)) == ["vector.body"]


# --- a loaded pointer's own object -----------------------------------------------------

# `struct span { int *begin, *end; }` passed by pointer: the first int of the span
SPAN = """define i32 @f(ptr noundef align 8 dereferenceable(16) %s) {
  %begin = load ptr, ptr %s, align 8
  %endp = getelementptr inbounds i8, ptr %s, i64 8
  %end = load ptr, ptr %endp, align 8
  %empty = icmp eq ptr %begin, %end
  br i1 %empty, label %none, label %some
some:
  %x = load i32, ptr READ, align 4
  ret i32 %x
none:
  ret i32 -1
}
"""


def test_pointers_loaded_from_a_struct_are_read_through_objects_of_their_own(tmp_path: Path) -> None:
    """begin and end are loaded once and nothing is stored: each points into an object
    of its own, so reading *begin is proved equal to reading it through a GEP of 0,
    with no assumption, and a read of begin[1] is refuted with a replayed run."""
    src = SPAN.replace("READ", "%begin")
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(SPAN.replace("  %x = load i32, ptr READ", "  %p0 = getelementptr inbounds i32, ptr %begin, i64 0\n"
                              "  %x = load i32, ptr %p0"))
    s, t = parse_ll_pair(a, b)
    assert s.unassumed == t.unassumed == ()
    assert {"begin.obj", "end.obj"} <= {x.name for x in s.arrays}
    v = refinement(s, t, max_trip=4, budget=Budget.of(60))
    assert v.verdict == "proved" and not v.assumptions
    b.write_text(src.replace("  %x = load i32, ptr %begin", "  %p1 = getelementptr inbounds i32, ptr %begin, i64 1\n"
                             "  %x = load i32, ptr %p1"))
    w = refinement(*parse_ll_pair(a, b), max_trip=4, budget=Budget.of(60))
    assert w.verdict == "counterexample" and w.counterexample is not None


def test_a_pair_that_loads_pointers_differently_falls_back_to_the_object_they_came_from(tmp_path: Path) -> None:
    """The target also stores (a flag through %out): it gives loaded pointers no
    objects of their own, so neither function does; both take begin to point into the
    struct (the assumption, listed), and the verdict is a verdict, not an error."""
    head = "define i32 @f(ptr noundef align 8 dereferenceable(16) %s) {"
    with_out = "define i32 @f(ptr noundef align 8 dereferenceable(16) %s, ptr noalias noundef dereferenceable(4) %out) {"
    src = SPAN.replace("READ", "%begin").replace(head, with_out)
    tgt = src.replace("  ret i32 %x\n", "  store i32 1, ptr %out, align 4\n  ret i32 %x\n")
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(tgt)
    s, t = parse_ll_pair(a, b)
    assert not any(x.name.endswith(".obj") for x in s.arrays + t.arrays)
    assert Assumption.LOADED_POINTERS_IN_OBJECT.value in s.unassumed
    assert refinement(s, t, max_trip=4, budget=Budget.of(60)).verdict == "counterexample"


def test_an_instruction_in_a_report_names_every_value_as_llvm_does(tmp_path: Path) -> None:
    """Inside backquotes (IR text) plain names are renamed too (`%x`), an operation's
    name before its parenthesis never is; prose keeps plain words as they are."""
    from verifier.reports.names import rename_text

    shown = {"x": "%x", "select": "%select", "v0": "%0", "some": "%some"}
    assert rename_text("at `x: i32 = select(c, v0, x)` in block some; x is v0", shown) == \
        "at `%x: i32 = select(c, %0, %x)` in block some; x is %0"
    # the `x` of a vector type is no value named x (found on the seed's division model)
    assert rename_text("at `z: <4 x i32> = x / y: <vscale x 2 x i8>`", shown) == \
        "at `z: <4 x i32> = %x / y: <vscale x 2 x i8>`"
    # a flag's words are no values (an emitted form has a value named `first`)
    assert rename_text("`--cttz-elts first-true` checks `first: i64 = cttz_elts(c)`", {"first": "%first"}) == \
        "`--cttz-elts first-true` checks `%first: i64 = cttz_elts(c)`"
    src = SPAN.replace("READ", "%begin")
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(src.replace("  %x = load i32, ptr %begin", "  %p1 = getelementptr inbounds i32, ptr %begin, i64 1\n"
                             "  %x = load i32, ptr %p1"))
    from tests.helpers import cli

    r = cli("equiv", str(a), str(b))
    assert r.returncode == 1 and "at `%x: i32 = *%begin[%p1]`" in r.stdout, r.stdout
