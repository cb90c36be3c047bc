"""Scalable vectors (issue 43): a function with `<vscale x N x T>` is read at every
vscale its vscale_range allows (frontend/llvm/scalable.py) and the verdicts merged
(verifier/driver.py). The fixtures in models/llvm/scalable/ are
LLVM 22's own SVE and RISC-V V outputs (regenerate.sh); each mutant below is one
edit of such an output."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest

from tests.helpers import MODELS, cli
from verifier.analysis.exits import inductions, single_loop
from verifier.checks.verdict import (
    Bounded,
    Check,
    Coverage,
    EveryTripCount,
    Extent,
    NoExtent,
    Verdict,
    VerdictKind,
)
from verifier.driver import merge_vscales
from verifier.frontend import load_program
from verifier.frontend.llvm import LLOptions, parse_ll_file
from verifier.frontend.llvm.scalable import MAX_VSCALE, ScalableVectors, at_vscale, vscale_range
from verifier.ir.types import VecType
from verifier.transforms.guard import copyable

SCALABLE = MODELS / "llvm" / "scalable"


def test_a_scalable_type_at_a_vscale_is_the_fixed_type_with_that_many_times_the_lanes() -> None:
    text = ("%m = icmp eq <vscale x 4 x i32> %a, %b\n"
            "%n = call i64 @llvm.experimental.cttz.elts.i64.nxv4i1(<vscale x 4 x i1> %m, i1 false)\n")
    assert at_vscale(text, 4) == ("%m = icmp eq <16 x i32> %a, %b\n"
                                  "%n = call i64 @llvm.experimental.cttz.elts.i64.v16i1(<16 x i1> %m, i1 false)\n")
    assert at_vscale("<4 x i32>", 8) == "<4 x i32>"  # fixed-width vectors stay as they are


def test_the_vscales_checked_are_the_powers_of_two_the_range_allows_up_to_sixteen() -> None:
    sve = vscale_range("nounwind vscale_range(1,16) uwtable")
    assert sve.checked == (1, 2, 4, 8, 16) and not sve.beyond and sve.declared == "vscale_range(1,16)"
    rvv = vscale_range("vscale_range(2,1024)")
    assert rvv.checked == (2, 4, 8, 16) and rvv.beyond
    assert vscale_range("vscale_range(4)").checked == (4,)  # min = max
    assert vscale_range("vscale_range(2,0)").beyond  # 0: no maximum
    none = vscale_range("nounwind")  # LangRef: nothing is known, not even a power of two
    assert none.checked == tuple(range(1, MAX_VSCALE + 1)) and none.beyond


def test_a_scalable_function_names_its_vscales_and_reads_at_each() -> None:
    with pytest.raises(ScalableVectors) as e:
        parse_ll_file(SCALABLE / "first_diff.sve.ll")
    assert e.value.vscales.checked == (1, 2, 4, 8, 16) and e.value.loc is not None
    assert "vscale_range(1,16)" in str(e.value)
    for vscale in (1, 4):
        prog = parse_ll_file(SCALABLE / "first_diff.sve.ll", opts=LLOptions(vscale=vscale))
        lanes = {t.lanes for t in prog.value_types().values() if isinstance(t, VecType)}
        assert lanes == {2 * vscale}  # <vscale x 2 x i64> and its <vscale x 2 x i1> mask
        read = [i for i in prog.instructions() if prog.display.get(i.dest or "", i.dest) == "%1"]
        assert [(i.op, [getattr(a, "value", None) for a in i.args]) for i in read] == [("add", [vscale, 0])]
    scalar = parse_ll_file(SCALABLE / "first_diff.scalar.ll")  # the scalar loop has none: read once
    assert not any(isinstance(t, VecType) for t in scalar.value_types().values())


def _verdict(kind: VerdictKind, reason: str | None = None, extent: Extent = NoExtent()) -> Verdict:
    return Verdict("f", Check.EQUIV, kind, 1.0, reason=reason, coverage=Coverage(extent))


def test_merged_verdicts_prove_only_where_every_vscale_does() -> None:
    proved = merge_vscales([(1, [_verdict(VerdictKind.PROVED, extent=EveryTripCount())]),
                            (2, [_verdict(VerdictKind.PROVED, extent=Bounded(8))])], "vscale_range(1,2)")
    assert proved[0].verdict is VerdictKind.PROVED and proved[0].coverage.vscales == (1, 2)
    assert not proved[0].coverage.unbounded and proved[0].seconds == 2.0  # the weakest coverage
    cex = merge_vscales([(1, [_verdict(VerdictKind.PROVED)]), (2, [_verdict(VerdictKind.UNKNOWN, "timeout")]),
                         (4, [_verdict(VerdictKind.COUNTEREXAMPLE)])], "vscale_range(1,4)")
    assert cex[0].verdict is VerdictKind.COUNTEREXAMPLE and cex[0].vscale == 4
    unknown = merge_vscales([(1, [_verdict(VerdictKind.PROVED)]), (2, [_verdict(VerdictKind.UNKNOWN, "timeout")])],
                            "vscale_range(1,2)")
    assert unknown[0].verdict is VerdictKind.UNKNOWN and unknown[0].vscale == 2
    same = merge_vscales([(2, [_verdict(VerdictKind.UNKNOWN, "why")]), (4, [_verdict(VerdictKind.UNKNOWN, "why")])],
                         "vscale_range(2,1024)")
    assert same[0].vscale is None and same[0].coverage.vscales == (2, 4)  # no one vscale to blame


def test_a_command_that_reads_fixed_width_vectors_only_names_scalable_ones() -> None:
    r = cli("lanes", str(SCALABLE / "find_t.sve.ll"))
    assert r.returncode == 3 and "Traceback" not in r.stderr
    assert "scalable vectors" in r.stdout and "`verifier check`, `equiv`" in r.stdout


def _strided_by_vscale(tmp_path: Path, step: str, bound: int) -> Path:
    """find_t's scalar loop over @table (128 i32) with its index stepping by `step`
    (computed from llvm.vscale's %vs) up to `bound`: one loop, scalable only through
    llvm.vscale."""
    text = (SCALABLE / "find_t.scalar.ll").read_text()
    edits = [("  br label %2\n", f"  %vs = call i64 @llvm.vscale.i64()\n  %st = {step}\n  br label %2\n"),
             ("%8 = add nuw nsw i64 %3, 1", "%8 = add nuw nsw i64 %3, %st"),
             ("%9 = icmp eq i64 %8, 128", f"%9 = icmp uge i64 %8, {bound}")]
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    out = tmp_path / "find_strided.ll"
    out.write_text(text + "\ndeclare i64 @llvm.vscale.i64()\n")
    return out


def _speculate(path: Path) -> dict[str, Any]:
    r = cli("check", str(path), "--check", "speculate", "--json", "--no-repair")
    assert "Traceback" not in r.stderr and "unsupported" not in r.stdout, r.stdout + r.stderr
    [rec] = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    return cast(dict[str, Any], rec)


def test_check_answers_a_scalable_function_at_every_vscale(tmp_path: Path) -> None:
    """`verifier check` goes through the driver like `equiv` and suites: a function that
    uses llvm.vscale is read and checked at every vscale of its vscale_range, one
    verdict merged from theirs (it was 'unsupported: scalable vectors'). Stepping by
    vscale up to the table's 128 elements, VF 4 lanes stay inside at every vscale (a
    vector iteration covers 4 * vscale, which divides 128); stepping by 3 * vscale
    with a bound past the table, the lanes after an exit found near its end read past
    it, first at vscale 1."""
    proved = _speculate(_strided_by_vscale(tmp_path, "mul i64 %vs, 1", 128))
    assert proved["verdict"] == "proved" and proved["coverage"]["vscales"] == [1, 2, 4, 8, 16], proved
    refuted = _speculate(_strided_by_vscale(tmp_path, "mul i64 %vs, 3", 256))
    assert refuted["verdict"] == "counterexample" and refuted["vscale"] == 1, refuted
    div = refuted["counterexample"]["divergence"]
    assert div["kind"] == "target-ub" and "out of bounds" in div["summary"] and div["lane"] == 4, div


@pytest.mark.slow
def test_scalable_types_in_comments_do_not_make_a_scalar_function_scalable(tmp_path: Path) -> None:
    """LLVM's SVE tests keep the vectorized output in CHECK lines inside the scalar
    function: its scalable types are comments, and the function is read as it is (it
    was 'unsupported: scalable vectors' for 9 of the legality obligations of LLVM's
    early-exit tests); the same types in an instruction are not."""
    scalar = (SCALABLE / "find_t.scalar.ll").read_text()
    at = scalar.index("{", scalar.index("define")) + 1
    commented = scalar[:at] + "\n; CHECK: [[WIDE:%.*]] = load <vscale x 16 x i8>, ptr [[P:%.*]], align 1\n" + scalar[at:]
    path = tmp_path / "find_t.checked.ll"
    path.write_text(commented)
    r = cli("check", str(path), "--check", "hoist")
    assert r.returncode == 0 and "proved" in r.stdout and "scalable" not in r.stdout, r.stdout + r.stderr
    r = cli("lanes", str(SCALABLE / "find_t.sve.ll"))  # a command that reads fixed-width vectors only
    assert r.returncode == 3 and "scalable vectors" in r.stdout


def _equiv(scalar: str, target: Path, *extra: str) -> dict[str, object]:
    r = cli("equiv", str(SCALABLE / scalar), str(target), "--json", "--timeout", "60", *extra)
    rows = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    assert len(rows) == 1, r.stdout + r.stderr
    row: dict[str, object] = rows[0]
    return row


REAL = [("first_diff.scalar.ll", "first_diff.sve.ll", (1, 2, 4, 8, 16)),
        ("find_t.scalar.ll", "find_t.sve.ll", (1, 2, 4, 8, 16)),
        ("first_neg.rv.scalar.ll", "first_neg.rvv.ll", (2, 4, 8, 16))]


@pytest.mark.slow
@pytest.mark.parametrize(("scalar", "target", "vscales"), REAL)
def test_llvm_scalable_outputs_are_proved_at_every_vscale(scalar: str, target: str,
                                                           vscales: tuple[int, ...]) -> None:
    """LLVM 22 hands cttz.elts the unfrozen mask: proved where it counts the lanes up to
    the first true one (first-true); under the stricter reading its poison in a later
    lane is a replayed counterexample, at the smallest vscale."""
    assume = ("--assume", "vscale-at-most-16") if target.endswith(".rvv.ll") else ()
    v = _equiv(scalar, SCALABLE / target, "--cttz-elts", "first-true", *assume)
    cov = v["coverage"]
    assert v["verdict"] == "proved" and isinstance(cov, dict) and tuple(cov["vscales"]) == vscales, v
    strict = _equiv(scalar, SCALABLE / target, *assume)
    assert strict["verdict"] == "counterexample" and strict["vscale"] == vscales[0]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "target"), [(n, t) for n in ("find_t", "first_diff") for t in ("sve", "rvv")]
                         + [("find_byte", "sve")])  # first_neg: see docs/llvm.md
def test_scalable_outputs_with_their_remainder_loop_are_proved_for_every_trip_count(name: str, target: str) -> None:
    """At each vscale the step vscale * VF is a constant (analysis/exits._folded): the
    induction over the vector loop and its scalar remainder applies. SVE's remainder
    loop starts at the vector trip count or 0; its step starts where the source's does
    or anywhere (transforms/step._starts_where_skipped)."""
    scalar = f"{name}.scalar.ll" if target == "sve" else f"{name}.rv.scalar.ll"
    v = _equiv(scalar, SCALABLE / f"{name}.{target}.ll", "--cttz-elts", "first-true",
               "--assume", "vscale-at-most-16")
    cov = v["coverage"]
    assert v["verdict"] == "proved" and isinstance(cov, dict), v
    assert cov["kind"] == "every-trip-count" and cov.get("remainder") is True, v


def test_a_step_only_constants_compute_is_folded_and_a_flagged_overflow_is_not() -> None:
    text = """
define void @f(ptr %p) {
entry:
  %vs = add i64 2, 0
  %step = shl nuw i64 %vs, 2
  %big = shl nuw i64 %vs, 63
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %i.next = add i64 %i, %step
  %j.next = add i64 %j, %big
  %c = icmp eq i64 %i.next, 64
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "f.ll"
        path.write_text(text)
        prog = load_program(path, "f")
    ivs = inductions(prog, single_loop(prog))
    assert ivs["i"].step == 8  # (2 + 0) << 2
    assert "j" not in ivs  # 2 << 63 overflows: nuw makes it poison, no constant


def test_a_division_by_what_constants_compute_is_copied_and_one_by_zero_is_not(tmp_path: Path) -> None:
    """LLVM's vector trip count `n - n urem (vscale * VF)`: at a vscale the divisor is a
    constant, so the code before the loop can be copied into a step (the latch bound,
    transforms/latch_bound.py); a divisor constants make 0, or a parameter, may fault."""
    path = tmp_path / "f.ll"
    path.write_text("""
define void @f(i64 %n) {
entry:
  %vs = add i64 2, 0
  %vf = shl nuw i64 %vs, 2
  %zero = sub i64 %vs, 2
  %rem = urem i64 %n, %vf
  %byzero = urem i64 %n, %zero
  %byn = urem i64 %vf, %n
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %rem
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
""")
    prog = load_program(path, "f")
    ins = {i.dest: i for b in prog.blocks.values() for i in b.instrs if i.dest}
    assert copyable(ins["rem"], prog)
    assert not copyable(ins["byzero"], prog) and not copyable(ins["byn"], prog)
    assert not copyable(ins["rem"], None)  # without the program, only a written constant divides safely


@pytest.mark.slow
def test_a_vscale_beyond_sixteen_is_an_assumption_the_user_names() -> None:
    v = _equiv("first_diff.rv.scalar.ll", SCALABLE / "first_diff.rvv.ll", "--cttz-elts", "first-true")
    assert v["verdict"] == "unknown" and "--assume vscale-at-most-16" in str(v["reason"])
    assert "vscale" not in v  # the same at every vscale: none is named


def _wrong_mask(text: str) -> str:
    """cttz.elts counts the lanes before the first *false* one (the mask inverted)."""
    m = re.search(r"(%\w+) = call i64 @llvm\.experimental\.cttz\.elts\.i64\.(nxv\d+i1)\((<vscale x \d+ x i1>) (%\w+),",
                  text)
    assert m is not None
    dest, mangled, ty, mask = m.groups()
    inverted = f"  %wrong.mask = xor {ty} {mask}, splat (i1 true)\n"
    call = m.group(0).replace(f"{ty} {mask},", f"{ty} %wrong.mask,")
    return text.replace(m.group(0), inverted + "  " + call.lstrip())


def _capped_step(text: str, lanes: int) -> str:
    """The vector loop steps by min(vscale x N, `lanes`): right at the smaller vscales,
    wrong (loads past the end) at the larger ones."""
    steps = re.findall(r"  (%\w+) = shl nuw i64 (%\w+), (\d+)\n", text)
    dest, vscale, k = steps[-1]  # the vector loop's step (the last: RISC-V V's first is the guard's)
    capped = (f"  %vf.uncapped = shl nuw i64 {vscale}, {k}\n"
              f"  {dest} = call i64 @llvm.umin.i64(i64 %vf.uncapped, i64 {lanes})\n")
    return text.replace(f"  {dest} = shl nuw i64 {vscale}, {k}\n", capped) + \
        "\ndeclare i64 @llvm.umin.i64(i64, i64)\n"


MUTANTS = [("first_diff.scalar.ll", "first_diff.sve.ll", 16, 16), ("find_t.scalar.ll", "find_t.sve.ll", 32, 16),
           ("first_neg.rv.scalar.ll", "first_neg.rvv.ll", 32, 8)]


@pytest.mark.slow
@pytest.mark.parametrize(("scalar", "target", "cap", "wrong_at"), MUTANTS)
def test_a_wrong_mask_or_a_wrong_vscale_multiple_is_refuted_at_its_vscale(
        tmp_path: Path, scalar: str, target: str, cap: int, wrong_at: int) -> None:
    text = (SCALABLE / target).read_text()
    assume = ("--assume", "vscale-at-most-16") if target.endswith(".rvv.ll") else ()
    first = 2 if target.endswith(".rvv.ll") else 1
    mask = tmp_path / "mask.ll"
    mask.write_text(_wrong_mask(text))
    v = _equiv(scalar, mask, "--cttz-elts", "first-true", *assume)
    assert v["verdict"] == "counterexample" and v["vscale"] == first, v
    step = tmp_path / "step.ll"
    step.write_text(_capped_step(text, cap))
    v = _equiv(scalar, step, "--cttz-elts", "first-true", *assume)
    assert v["verdict"] == "counterexample" and v["vscale"] == wrong_at, v  # right below it


def test_reading_stops_at_the_first_vscale_that_refutes_every_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A counterexample at vscale 1 is the verdict: vscales 2 to 16 are not read."""
    from verifier import frontend
    from verifier.checks.dispatch import Check as C
    from verifier.checks.dispatch import Request
    from verifier.driver import answer
    from verifier.frontend.read import Read

    read: list[int | None] = []

    def load(room: frozenset[str], vscale: int | None) -> Read:
        read.append(vscale)
        return frontend.read_pair(SCALABLE / "first_diff.scalar.ll", SCALABLE / "first_diff.sve.ll",
                                  room=room, vscale=vscale)

    vs, _, _ = answer([Request(C.EQUIV, max_trip=8, timeout=60)], load)
    assert [v.verdict for v in vs] == [VerdictKind.COUNTEREXAMPLE] and vs[0].vscale == 1
    assert set(read) == {None, 1}  # any-poison: the unfrozen mask's poison lane, at the smallest vscale


def test_a_question_some_vscale_did_not_answer_is_unknown_not_dropped() -> None:
    merged = merge_vscales([(1, [_verdict(VerdictKind.PROVED), _verdict(VerdictKind.PROVED)]),
                            (2, [_verdict(VerdictKind.PROVED)])], "vscale_range(1,2)")
    assert [v.verdict for v in merged] == [VerdictKind.PROVED, VerdictKind.UNKNOWN] and merged[1].vscale == 2


def test_an_intrinsic_declared_for_both_kinds_of_vector_is_declared_once_at_a_vscale() -> None:
    """A module with fixed and scalable loops declares `reduce.or.v4i1` and
    `reduce.or.nxv4i1`; at vscale 1 they are one function, declared once (the second
    declaration a blank line, so every other line stays where it was)."""
    text = ("declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #3\n"
            "\n"
            "declare i1 @llvm.vector.reduce.or.nxv4i1(<vscale x 4 x i1>) #3\n"
            "declare i1 @llvm.vector.reduce.or.nxv8i1(<vscale x 8 x i1>) #3\n")
    assert at_vscale(text, 1).split("\n") == ["declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #3", "", "",
                                              "declare i1 @llvm.vector.reduce.or.v8i1(<8 x i1>) #3", ""]
    assert at_vscale(text, 2).count("declare") == 3  # v4i1, v8i1, v16i1: no two the same


def _power_of_two_only(tmp_path: Path) -> Path:
    """find_t's SVE output with its vector trip count computed by a mask (n & (VL - 1)),
    right only where vscale is a power of two, as its vscale_range promises."""
    text = (SCALABLE / "find_t.sve.ll").read_text()
    old = "  %n.mod.vf = urem i64 128, %3\n"
    assert old in text
    out = tmp_path / "find_t.mask.ll"
    out.write_text(text.replace(old, "  %vl.m1 = add i64 %3, -1\n  %n.mod.vf = and i64 128, %vl.m1\n"))
    return out


@pytest.mark.slow
def test_a_counterexample_at_a_vscale_only_the_source_allows_says_so(tmp_path: Path) -> None:
    """A source without vscale_range may run at vscale 3, which the target's
    vscale_range(1,16) excludes: refuted there (a target may not assume more than its
    source), and the advice names the narrowing; with the same range, proved."""
    target = _power_of_two_only(tmp_path)
    source = tmp_path / "find_t.any.ll"
    source.write_text(re.sub(r"vscale_range\(\d+,\d+\)", "", (SCALABLE / "find_t.scalar.ll").read_text()))
    r = cli("equiv", str(source), str(target), "--cttz-elts", "first-true", "--timeout", "60")
    assert r.returncode == 1 and "vscale=3]" in r.stdout, r.stdout
    assert "the target's vscale_range(1,16) excludes" in r.stdout and "no vscale_range" in r.stdout, r.stdout
    same = cli("equiv", str(SCALABLE / "find_t.scalar.ll"), str(target), "--cttz-elts", "first-true",
               "--timeout", "60")
    assert same.returncode == 0 and "excludes" not in same.stdout, same.stdout


def test_a_remainder_that_starts_late_where_the_vector_loop_is_skipped_is_refuted(tmp_path: Path) -> None:
    """The remainder step starts each phi where the source's loop starts, whatever the
    target's entry value (transforms/step._starts_where_skipped); that value is still
    checked where a run takes it: the base case reaches the remainder past a skipped
    vector loop (n below vscale * 16), here one element late."""
    text = (SCALABLE / "find_byte_n.sve.ll").read_text()
    old = "%bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %5 ]"
    assert text.count(old) == 1
    target = tmp_path / "late.ll"
    target.write_text(text.replace(old, old.replace("[ 0, %5 ]", "[ 1, %5 ]")))
    r = cli("equiv", str(SCALABLE / "find_byte_n.scalar.ll"), str(target), "--cttz-elts", "first-true",
            "--timeout", "60")
    assert r.returncode == 1 and "vscale=1]" in r.stdout and "live-out ret" in r.stdout, r.stdout
