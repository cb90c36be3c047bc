"""Shapes clang-22 writes that the `.ll` front end reads (frontend/llvm/, layout.py):
switch, struct fields, accesses wider than an object's unit, llvm.assume's operand
bundles, pointers compared with null or with each other, the null literal as a
returned pointer, llvm.cttz/ctlz/ctpop, and fcmp on floats' bits. Each on both
sides: a target that refines its source is proved, a broken one refuted."""

from __future__ import annotations

import math
import struct
from pathlib import Path

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from verifier.checks.refinement import refinement
from verifier.frontend.layout import FieldStep, Layout
from verifier.frontend.llvm import LLUnsupported, parse_ll_pair
from verifier.ir.opcodes import FCMP_PREDS
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.lane_ops import FLOAT_FORMATS, bitcount_lane, fcmp_lane
from verifier.semantics.ops import Val
from verifier.semantics.z3domain import Z3Domain
from verifier.smt.budget import Budget


def verdict(tmp_path: Path, src: str, tgt: str, max_trip: int = 4) -> str:
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(tgt)
    return refinement(*parse_ll_pair(a, b), max_trip=max_trip, budget=Budget.of(60)).verdict


SWITCH = """define i32 @f(i8 noundef %c) {
entry:
  switch i8 %c, label %other [
    i8 32, label %sep
    i8 44, label %sep
    i8 7, label %other
  ]
sep:
  %r = phi i32 [ 1, %entry ], [ 1, %entry ]
  ret i32 %r
other:
  ret i32 0
}
"""


def chain(cases: list[int]) -> str:
    tests = " ".join(f"%t{k} = icmp eq i8 %c, {v}\n" for k, v in enumerate(cases))
    ors = "%any0 = or i1 %t0, false\n" + "".join(f"%any{k} = or i1 %any{k - 1}, %t{k}\n"
                                                 for k in range(1, len(cases)))
    return (f"define i32 @f(i8 noundef %c) {{\nentry:\n{tests}{ors}"
            f"%r = zext i1 %any{len(cases) - 1} to i32\nret i32 %r\n}}\n")


def test_switch_with_several_cases_to_one_block(tmp_path: Path) -> None:
    # the phi lists its one predecessor once per case; a case to the default is no case
    assert verdict(tmp_path, SWITCH, chain([32, 44])) == "proved"
    assert verdict(tmp_path, SWITCH, chain([32])) == "counterexample"
    assert verdict(tmp_path, SWITCH, chain([32, 44, 7])) == "counterexample"


STRUCT = """%struct.rec = type {{ i8, i32 }}
define i32 @f(ptr noundef align 4 dereferenceable(32) %t, i64 noundef %i) {{
entry:
  %ok = icmp ult i64 %i, 4
  br i1 %ok, label %in, label %out
in:
  {read}
  ret i32 %v
out:
  ret i32 0
}}
"""


def test_struct_fields_are_read_at_their_padded_offsets(tmp_path: Path) -> None:
    by_field = ("%p = getelementptr inbounds %struct.rec, ptr %t, i64 %i, i32 1\n"
                "  %v = load i32, ptr %p, align 4")
    by_bytes = ("%o = shl i64 %i, 3\n  %q = getelementptr inbounds i8, ptr %t, i64 %o\n"
                "  %p = getelementptr inbounds i8, ptr %q, i64 {off}\n  %v = load i32, ptr %p, align 4")
    src = STRUCT.format(read=by_field)
    assert verdict(tmp_path, src, STRUCT.format(read=by_bytes.format(off=4))) == "proved"
    assert verdict(tmp_path, src, STRUCT.format(read=by_bytes.format(off=0))) == "counterexample"


def test_layout_of_structs_arrays_and_packed_structs() -> None:
    lay = Layout.of_module(["%s = type { i8, i32, i16 }", "%p = type <{ i8, i32 }>", "%n = type { [3 x i8], %s }"])
    assert lay.size("%s", None) == 12 and lay.align("%s", None) == 4
    assert lay.size("%p", None) == 5
    assert lay.size("%n", None) == 16
    assert lay.gep_steps("%n", [None, 1, 2], None) == [16, FieldStep(4), FieldStep(8)]
    with pytest.raises(LLUnsupported, match="non-constant field"):
        lay.gep_steps("%s", [0, None], None)


WIDE = """define i32 @f(ptr noundef align 4 dereferenceable(8) %p) {{
  %b = load i8, ptr %p, align 1
  {body}
}}
"""


def test_an_access_wider_than_the_unit_is_little_endian(tmp_path: Path) -> None:
    src = WIDE.format(body="%w = load i32, ptr %p, align 4\n  ret i32 %w")
    parts = []
    for k in range(4):
        parts.append(f"%g{k} = getelementptr inbounds i8, ptr %p, i64 {k}\n  %b{k} = load i8, ptr %g{k}\n"
                     f"  %z{k} = zext i8 %b{k} to i32\n")
    little = "".join(parts) + ("%s1 = shl i32 %z1, 8\n  %s2 = shl i32 %z2, 16\n  %s3 = shl i32 %z3, 24\n"
                               "  %o1 = or i32 %z0, %s1\n  %o2 = or i32 %o1, %s2\n  %o3 = or i32 %o2, %s3\n"
                               "  ret i32 %o3")
    big = little.replace("shl i32 %z1, 8", "shl i32 %z1, 16").replace("shl i32 %z2, 16", "shl i32 %z2, 8")
    assert verdict(tmp_path, src, WIDE.format(body=little)) == "proved"
    assert verdict(tmp_path, src, WIDE.format(body=big)) == "counterexample"
    # and a store wider than the unit writes the same bytes
    store = WIDE.format(body="store i32 %x, ptr %p, align 4\n  ret i32 0").replace(
        "dereferenceable(8) %p)", "dereferenceable(8) %p, i32 noundef %x)")
    swapped = store.replace("store i32 %x", "%y = call i32 @llvm.bswap.i32(i32 %x)\n  store i32 %y")
    assert verdict(tmp_path, store, store) == "proved"
    with pytest.raises(LLUnsupported, match="bswap"):
        verdict(tmp_path, store, swapped)


ASSUME = """define i32 @f(ptr noundef %p) {{
  {facts}
  %v = load i32, ptr {at}, align {align}
  ret i32 %v
}}
declare void @llvm.assume(i1 noundef)
"""


def test_assume_bundles_are_facts_at_their_point(tmp_path: Path) -> None:
    end = "%g = getelementptr inbounds i8, ptr %p, i64 60\n  "
    deref = 'call void @llvm.assume(i1 true) [ "dereferenceable"(ptr %p, i64 64), "align"(ptr %p, i64 16) ]'
    src = ASSUME.format(facts=deref, at="%p", align=4)
    # the target may read the last dereferenceable word, at the bundle's alignment
    tgt = ASSUME.format(facts=deref + "\n  " + end + "%u = load i32, ptr %g, align 4", at="%p", align=16)
    assert verdict(tmp_path, src, tgt) == "proved"
    # without the source's bundle the target's read may be out of bounds or misaligned
    plain = ASSUME.format(facts="", at="%p", align=4)
    assert verdict(tmp_path, plain, tgt) == "counterexample"
    assert verdict(tmp_path, plain, ASSUME.format(facts="", at="%p", align=16)) == "counterexample"
    with pytest.raises(LLUnsupported, match='assume bundle "separate_storage"'):
        verdict(tmp_path, ASSUME.format(facts='call void @llvm.assume(i1 true) [ "separate_storage"(ptr %p, '
                                               'ptr %p) ]', at="%p", align=4), plain)


NULL = """define i1 @f(ptr noundef {attrs} %p) {{
  {body}
}}
"""


def test_a_pointer_compared_with_null(tmp_path: Path) -> None:
    test = "%c = icmp eq ptr %p, null\n  ret i1 %c"
    # a parameter may be null unless nonnull or dereferenceable says otherwise
    assert verdict(tmp_path, NULL.format(attrs="", body=test), NULL.format(attrs="", body="ret i1 false")) \
        == "counterexample"
    assert verdict(tmp_path, NULL.format(attrs="nonnull", body=test),
                   NULL.format(attrs="nonnull", body="ret i1 false")) == "proved"
    assert verdict(tmp_path, NULL.format(attrs="dereferenceable(4)", body=test),
                   NULL.format(attrs="dereferenceable(4)", body="ret i1 false")) == "proved"
    # a null pointer has no bytes: loading through it is UB, so the load may be dropped... not added
    load = "%v = load i8, ptr %p\n  %c = icmp eq ptr %p, null\n  ret i1 %c"
    assert verdict(tmp_path, NULL.format(attrs="", body=load), NULL.format(attrs="", body="ret i1 false")) \
        == "proved"
    assert verdict(tmp_path, NULL.format(attrs="", body="ret i1 false"), NULL.format(attrs="", body=load)) \
        == "counterexample"


def test_pointers_into_one_object_compare_by_offset(tmp_path: Path) -> None:
    body = "%q = getelementptr inbounds i8, ptr %p, i64 4\n  %c = icmp ult ptr %p, %q\n  ret i1 %c"
    src = NULL.format(attrs="dereferenceable(8)", body=body)
    assert verdict(tmp_path, src, NULL.format(attrs="dereferenceable(8)", body="ret i1 true")) == "proved"
    assert verdict(tmp_path, src, NULL.format(attrs="dereferenceable(8)", body="ret i1 false")) \
        == "counterexample"


TWO = "define i1 @f(ptr %p, ptr %q) {{\n  {body}\n}}\n"


def test_pointers_into_two_objects_compare_by_address(tmp_path: Path) -> None:
    same = TWO.format(body="%c = icmp eq ptr %p, %q\n  ret i1 %c")
    assert verdict(tmp_path, same, TWO.format(body="%c = icmp eq ptr %q, %p\n  ret i1 %c")) == "proved"
    # two parameters may hold one address
    assert verdict(tmp_path, same, TWO.format(body="ret i1 false")) == "counterexample"
    # both read: their contents and their addresses could disagree
    read = TWO.format(body="%a = load i8, ptr %p\n  %b = load i8, ptr %q\n  %c = icmp eq ptr %p, %q\n  ret i1 %c")
    with pytest.raises(LLUnsupported, match="both read or written"):
        verdict(tmp_path, read, read)


RANGE = """define ptr @find(ptr noundef readonly %b, ptr noundef readnone %e, i32 noundef %x) {{
entry:
  %empty = icmp eq ptr %b, %e
  br i1 %empty, label %done, label %loop
loop:
  %p = phi ptr [ %next, %latch ], [ %b, %entry ]
  %v = load i32, ptr %p, align 4
  %hit = icmp eq i32 %v, %x
  br i1 %hit, label %out, label %latch
latch:
  %next = getelementptr inbounds nuw i8, ptr %p, i64 4
  %step = getelementptr {flags} i8, ptr %p, i64 {ahead}
  %end = icmp {pred} ptr %step, %e
  br i1 %end, label %out, label %loop
out:
  %r = phi ptr [ %next, %latch ], [ %p, %loop ]
  br label %done
done:
  %res = phi ptr [ %b, %entry ], [ %r, %out ]
  ret ptr %res
}}
"""


@pytest.mark.slow
def test_a_pointer_range_loop_compares_with_its_end_by_address(tmp_path: Path) -> None:
    # for (; b != e; ++b) if (*b == x) break; return b;  (e is never read)
    src = RANGE.format(flags="inbounds nuw", ahead=4, pred="eq")
    # the end test on a GEP without inbounds: poison in fewer runs
    assert verdict(tmp_path, src, RANGE.format(flags="", ahead=4, pred="eq"), max_trip=6) == "proved"
    # b + 4k reaches e exactly, or the source runs off its object, but uge stops
    # early when e is below b or between two elements (addresses are not offsets)
    assert verdict(tmp_path, src, RANGE.format(flags="", ahead=4, pred="uge"), max_trip=6) == "counterexample"
    assert verdict(tmp_path, src, RANGE.format(flags="", ahead=8, pred="eq"), max_trip=6) == "counterexample"


FOUND = """define ptr @f(ptr noundef dereferenceable(4) %p, i1 noundef %hit) {{
entry:
  br i1 %hit, label %yes, label %no
yes:
  %g = getelementptr inbounds i8, ptr %p, i64 {off}
  br label %done
no:
  br label %done
done:
  %r = phi ptr [ %g, %yes ], [ {other}, %no ]
  ret ptr %r
}}
"""


def test_a_returned_pointer_may_be_the_null_literal(tmp_path: Path) -> None:
    src = FOUND.format(off=0, other="null")
    assert verdict(tmp_path, src, FOUND.format(off=0, other="null")) == "proved"
    # null is not the object's start, though both have offset 0
    assert verdict(tmp_path, src, FOUND.format(off=0, other="%p")) == "counterexample"
    assert verdict(tmp_path, src, FOUND.format(off=4, other="null")) == "counterexample"


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["cttz", "ctlz", "ctpop"]), st.integers(0, 255), st.booleans())
def test_bit_counts_concrete_and_symbolic_agree(op: str, x: int, zero_poison: bool) -> None:
    import z3

    c = bitcount_lane(ConcreteDomain(), op, Val(x, False, False), 8, zero_poison)
    s = bitcount_lane(Z3Domain(), op, Val(z3.BitVecVal(x, 8), z3.BoolVal(False), z3.BoolVal(False)), 8, zero_poison)
    want = {"cttz": (x & -x).bit_length() - 1 if x else 8, "ctlz": 8 - x.bit_length(), "ctpop": bin(x).count("1")}[op]
    assert c.v == want and z3.simplify(s.v).as_long() == want
    poison = zero_poison and op != "ctpop" and x == 0
    assert bool(c.p) == poison and z3.is_true(z3.simplify(s.p)) == poison


def test_cttz_intrinsic_is_read(tmp_path: Path) -> None:
    src = ("define i32 @f(i32 noundef %x) {\n  %c = call i32 @llvm.cttz.i32(i32 %x, i1 false)\n  ret i32 %c\n}\n"
           "declare i32 @llvm.cttz.i32(i32, i1)\n")
    # x & -x isolates the lowest set bit; ctlz of it is 31 - cttz (32 - 1 - 32 = -1 at zero: wrong)
    tgt = ("define i32 @f(i32 noundef %x) {\n  %n = sub i32 0, %x\n  %l = and i32 %x, %n\n"
           "  %z = call i32 @llvm.ctlz.i32(i32 %l, i1 false)\n  %c = sub i32 31, %z\n  ret i32 %c\n}\n"
           "declare i32 @llvm.ctlz.i32(i32, i1)\n")
    assert verdict(tmp_path, src, tgt) == "counterexample"  # x = 0: 32 against -1
    fixed = tgt.replace("%c = sub i32 31, %z\n  ret i32 %c", "%c = sub i32 31, %z\n  %zero = icmp eq i32 %x, 0\n"
                        "  %r = select i1 %zero, i32 32, i32 %c\n  ret i32 %r")
    assert verdict(tmp_path, src, fixed) == "proved"


MLOAD = """define i32 @f(ptr noundef align 4 dereferenceable(12) %p) {{
  {body}
}}
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr, <4 x i1>, <4 x i32>)
declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr, <4 x i1>)
"""


def test_masked_load_and_store_touch_only_their_on_lanes(tmp_path: Path) -> None:
    third = ("%g = getelementptr inbounds i8, ptr %p, i64 8\n  %v = load i32, ptr %g, align 4\n"
             "  %w = add i32 %v, 0\n  ret i32 %w")
    masked = ("%m = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 4 %p, <4 x i1> <i1 true, i1 true, "
              "i1 true, i1 {last}>, <4 x i32> <i32 9, i32 9, i32 9, i32 7>)\n  %v = extractelement <4 x i32> %m, "
              "i64 {lane}\n  ret i32 %v")
    src = MLOAD.format(body=third)
    assert verdict(tmp_path, src, MLOAD.format(body=masked.format(last="false", lane=2))) == "proved"
    # the fourth lane is past the 12 dereferenceable bytes: on, it may be out of bounds
    assert verdict(tmp_path, src, MLOAD.format(body=masked.format(last="true", lane=2))) == "counterexample"
    # an off lane is the passthru's
    seven = MLOAD.format(body="%s = load i32, ptr %p, align 4\n  ret i32 7")
    assert verdict(tmp_path, seven, MLOAD.format(body=masked.format(last="false", lane=3))) == "proved"
    stores = "".join(f"%q{k} = getelementptr inbounds i8, ptr %p, i64 {4 * k}\n  store i32 {k}, ptr %q{k}\n  "
                     for k in range(3)) + "ret i32 0"
    mstore = ("call void @llvm.masked.store.v4i32.p0(<4 x i32> <i32 0, i32 1, i32 2, i32 3>, ptr align 4 %p, "
              "<4 x i1> <i1 true, i1 true, i1 true, i1 {last}>)\n  ret i32 0")
    assert verdict(tmp_path, MLOAD.format(body=stores), MLOAD.format(body=mstore.format(last="false"))) == "proved"
    assert verdict(tmp_path, MLOAD.format(body=stores), MLOAD.format(body=mstore.format(last="true"))) \
        == "counterexample"


LANES = """define i1 @f(i64 noundef %b, i64 noundef %n) {{
  {body}
}}
declare <4 x i1> @llvm.get.active.lane.mask.v4i1.i64(i64, i64)
"""


def test_active_lane_mask_is_base_plus_lane_below_n(tmp_path: Path) -> None:
    tgt = LANES.format(body="%m = call <4 x i1> @llvm.get.active.lane.mask.v4i1.i64(i64 %b, i64 %n)\n"
                            "  %l = extractelement <4 x i1> %m, i64 2\n  ret i1 %l")
    # b + 2 wrapping is poison in the source (nuw): the target may say anything there
    def src(pred: str) -> str:
        return LANES.format(body=f"%s = add nuw i64 %b, 2\n  %c = icmp {pred} i64 %s, %n\n  ret i1 %c")

    assert verdict(tmp_path, src("ult"), tgt) == "proved"
    assert verdict(tmp_path, src("ule"), tgt) == "counterexample"
    # without nuw the source wraps where the mask does not: lane 2 of base 2^64 - 1 is off
    wraps = LANES.format(body="%s = add i64 %b, 2\n  %c = icmp ult i64 %s, %n\n  ret i1 %c")
    assert verdict(tmp_path, wraps, tgt) == "counterexample"


def test_a_mask_bitcast_to_an_integer_is_its_lanes_bits(tmp_path: Path) -> None:
    head = ("define i1 @f(i32 noundef %x) {\n  %v = insertelement <4 x i1> zeroinitializer, i1 true, i32 %x\n"
            "  %m = freeze <4 x i1> %v\n")
    src = head + ("  %r = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %m)\n  ret i1 %r\n}\n"
                  "declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>)\n")
    tgt = head + "  %b = bitcast <4 x i1> %m to i4\n  %r = icmp ne i4 %b, 0\n  ret i1 %r\n}\n"
    assert verdict(tmp_path, src, tgt) == "proved"
    assert verdict(tmp_path, src, tgt.replace("icmp ne i4 %b, 0", "icmp eq i4 %b, 15")) == "counterexample"


# --- floating point: fcmp on the values' bits -----------------------------------------

_FMT = {16: "<e", 32: "<f", 64: "<d"}


def _as_float(bits: int, w: int) -> float:
    return float(struct.unpack(_FMT[w], bits.to_bytes(w // 8, "little"))[0])


def _python_fcmp(pred: str, x: float, y: float) -> bool:
    uno = math.isnan(x) or math.isnan(y)
    rel = {"eq": x == y, "ne": x != y, "gt": x > y, "ge": x >= y, "lt": x < y, "le": x <= y}
    if pred in ("true", "false"):
        return pred == "true"
    if pred in ("ord", "uno"):
        return uno == (pred == "uno")
    if pred[0] == "o":
        return not uno and rel[pred[1:]]
    return uno or rel[pred[1:]]


def _interesting_bits(w: int) -> st.SearchStrategy[int]:
    e, m = FLOAT_FORMATS[w]
    special = [0, 1 << (w - 1), ((1 << e) - 1) << m, (((1 << e) - 1) << m) | 1, (1 << w) - 1, 1, (1 << m) - 1]
    return st.one_of(st.sampled_from(special), st.integers(0, (1 << w) - 1))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from([16, 32, 64]).flatmap(lambda w: st.tuples(st.just(w), _interesting_bits(w),
                                                                  _interesting_bits(w))),
       st.sampled_from(FCMP_PREDS))
def test_fcmp_on_bits_agrees_with_ieee_and_with_z3(wxy: tuple[int, int, int], pred: str) -> None:
    w, x, y = wxy
    cd = ConcreteDomain()
    got = fcmp_lane(cd, pred, Val(x, False, False), Val(y, False, False), w)
    assert bool(got.v) == _python_fcmp(pred, _as_float(x, w), _as_float(y, w))
    zd = Z3Domain()
    sym = fcmp_lane(zd, pred, Val(z3.BitVecVal(x, w), False, False), Val(z3.BitVecVal(y, w), False, False), w)
    assert z3.simplify(zd.term(sym.v, 1)).as_long() == got.v


FLOAT = """define i1 @f(float noundef %x, float noundef %t) {{
  {body}
}}
"""


_OGT = "%c = fcmp ogt float %x, %t\n  ret i1 %c"
_FABS = "%a = call float @llvm.fabs.f32(float %x)\n  %c = fcmp ogt float %a, %t\n  ret i1 %c"
_ONE = "%c = fcmp ogt float %x, 1.000000e+00\n  ret i1 %c"
FCMP_CASES = {
    "swapped olt is ogt": (_OGT, "%c = fcmp olt float %t, %x\n  ret i1 %c", "proved"),
    "ugt is true on NaN, where ogt is false": (_OGT, "%c = fcmp ugt float %x, %t\n  ret i1 %c", "counterexample"),
    "nnan is poison on NaN, where the source is defined": (_OGT, "%c = fcmp nnan ogt float %x, %t\n  ret i1 %c",
                                                           "counterexample"),
    "-x < -t is x > t: fneg flips the sign bit": (
        _OGT, "%nx = fneg float %x\n  %nt = fneg float %t\n  %c = fcmp olt float %nx, %nt\n  ret i1 %c", "proved"),
    "|x| > t differs from x > t for a negative x": (_OGT, _FABS, "counterexample"),
    "|x| > t is t < |x|": (_FABS, _FABS.replace("ogt float %a, %t", "olt float %t, %a"), "proved"),
    "1.0 as a decimal and as LLVM's hex double": (
        _ONE, "%c = fcmp ogt float %x, 0x3FF0000000000000\n  ret i1 %c", "proved"),
    "oge 1.0 is not ogt 1.0": (_ONE, "%c = fcmp oge float %x, 1.000000e+00\n  ret i1 %c", "counterexample"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(FCMP_CASES))
def test_fcmp_predicates_and_flags_are_read(tmp_path: Path, case: str) -> None:
    src, tgt, want = FCMP_CASES[case]
    assert verdict(tmp_path, FLOAT.format(body=src), FLOAT.format(body=tgt)) == want


@pytest.mark.slow
def test_a_pointer_phi_stepped_by_an_inbounds_gep_is_an_induction(tmp_path: Path) -> None:
    # the speculation check reads it lane by lane: safe when the end is 16 elements
    # into the object it walks (dereferenceable), unsafe when the end is another object
    from verifier.checks.legality import speculation_safety
    from verifier.frontend.llvm import parse_ll_file

    inside = RANGE.format(flags="inbounds nuw", ahead=4, pred="eq").replace(
        "ptr noundef readonly %b, ptr noundef readnone %e", "ptr noundef readonly dereferenceable(64) %b").replace(
        "entry:\n", "entry:\n  %e = getelementptr inbounds i8, ptr %b, i64 64\n")
    f = tmp_path / "inside.ll"
    f.write_text(inside)
    assert [v.verdict for v in speculation_safety(parse_ll_file(f), 4)] == ["proved"]
    g = tmp_path / "apart.ll"
    g.write_text(RANGE.format(flags="inbounds nuw", ahead=4, pred="eq"))
    (v,) = speculation_safety(parse_ll_file(g), 4)
    assert v.verdict == "counterexample" and "out of bounds" in v.counterexample.divergence.summary


REVERSE = """define ptr @rfind(ptr noundef readonly %b, ptr noundef readonly {eattrs} %e, i32 noundef %x) {{
entry:
  %empty = icmp eq ptr %e, %b
  br i1 %empty, label %none, label %loop
loop:
  %p = phi ptr [ %prev, %latch ], [ %e, %entry ]
  %prev = getelementptr inbounds i8, ptr %p, i64 -4
  %v = load i32, ptr %prev, align 4
  %hit = icmp eq i32 %v, %x
  br i1 %hit, label %none, label %latch
latch:
  %end = icmp eq ptr %prev, %b
  br i1 %end, label %none, label %loop
none:
  %r = phi ptr [ null, %entry ], [ %prev, %loop ], [ null, %latch ]
  ret ptr %r
}}
"""

BACK_ONE = """define i32 @f(ptr noundef readonly dereferenceable(64) %a, i32 noundef %x) {{
entry:
  br label %loop
loop:
  %i = phi i64 [ {start}, %entry ], [ %next, %latch ]
  %at = getelementptr inbounds i32, ptr %a, i64 %i
  %before = getelementptr inbounds i8, ptr %at, i64 -4
  %v = load i32, ptr %before, align 4
  %hit = icmp eq i32 %v, %x
  br i1 %hit, label %out, label %latch
latch:
  %next = add nuw nsw i64 %i, 1
  %end = icmp eq i64 %next, 16
  br i1 %end, label %out, label %loop
out:
  %r = phi i32 [ 1, %loop ], [ 0, %latch ]
  ret i32 %r
}}
"""


def guarded(tmp_path: Path, text: str) -> tuple[str, str]:
    from verifier.checks.param_start import guard_proofs

    f = tmp_path / "f.ll"
    f.write_text(text)
    src, tgt = parse_ll_pair(f, f)
    v = refinement(src, tgt, max_trip=8, budget=Budget.of(60))
    (v,), _ = guard_proofs(src, [v], 8, 60)
    return v.verdict, v.reason or ""


@pytest.mark.slow
def test_a_proof_that_skips_runs_before_a_parameters_start_is_unknown(tmp_path: Path) -> None:
    # a reverse walk from the end pointer reads e[-1] first: the model, where a
    # parameter points at its object's start, has UB there that C has not
    verdict_, reason = guarded(tmp_path, REVERSE.format(eattrs=""))
    assert verdict_ == "unknown" and "before the start of a pointer parameter's object" in reason
    # a[i - 1] from i = 1 never goes before a: the proof stands; from i = 0 it does
    assert guarded(tmp_path, BACK_ONE.format(start=1))[0] == "proved"
    assert guarded(tmp_path, BACK_ONE.format(start=0))[0] == "unknown"
    # a forward walk over [b, e) never does
    assert guarded(tmp_path, RANGE.format(flags="inbounds nuw", ahead=4, pred="eq"))[0] == "proved"
