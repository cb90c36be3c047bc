"""Values named like an opcode (`%add = add nsw`, `%fadd = fadd nnan`, `%load = load
volatile`, `%call = call fast`): the instruction is read from its opcode, not from the
name before it. Before, the name's word was taken for the opcode and the flags after
it were lost, so a target that adds `nsw` to a value named `%add` was proved."""

from __future__ import annotations

from pathlib import Path

import pytest

from verifier.checks.refinement import refinement
from verifier.frontend.llvm import parse_ll_pair
from verifier.frontend.llvm.text import (
    fp_flags,
    gep_source_type,
    instruction_body,
    int_flags,
    qualifiers,
)
from verifier.smt.budget import Budget


def verdict(tmp_path: Path, src: str, tgt: str) -> str:
    a, b = tmp_path / "src.ll", tmp_path / "tgt.ll"
    a.write_text(src)
    b.write_text(tgt)
    return refinement(*parse_ll_pair(a, b), max_trip=4, budget=Budget.of(60)).verdict


def fn(ty: str, body: str, ret: str) -> str:
    return f"define {ty} @f({ty} noundef %a, {ty} noundef %b) {{\n{body}  ret {ty} {ret}\n}}\n"


def test_the_text_after_the_result_name_is_read() -> None:
    assert instruction_body('%add = add nsw i32 %a, 1') == "add nsw i32 %a, 1"
    assert instruction_body('%"a = b" = add i32 %a, 1') == "add i32 %a, 1"
    assert int_flags("%add = add nsw i32 %a, 1", "add") == ("nsw",)
    assert int_flags("%x.add = add nuw nsw i32 %a, 1", "add") == ("nuw", "nsw")
    assert fp_flags("%fadd = fadd nnan float %a, %b", "fadd") == ("nnan",)
    assert fp_flags("%call = call fast float @llvm.sqrt.f32(float %a)", "call") == ("fast",)
    assert qualifiers("%load = load volatile i32, ptr %p", "load") == {"volatile"}
    assert gep_source_type("%getelementptr = getelementptr inbounds i32, ptr %p, i64 1") == "i32"


@pytest.mark.parametrize(("ty", "plain", "flagged"), [
    ("i32", "  %x = add i32 %a, 1\n", "  %add = add nsw i32 %a, 1\n"),
    ("i32", "  %x = shl i32 %a, 1\n", "  %x.shl = shl nuw i32 %a, 1\n"),
    ("float", "  %x = fadd float %a, %b\n", "  %fadd = fadd nnan float %a, %b\n"),
])
@pytest.mark.slow
def test_a_flag_on_a_value_named_like_its_opcode_is_kept(tmp_path: Path, ty: str, plain: str, flagged: str) -> None:
    """The flagged target may be poison where the plain source is not: refuted. The
    other way round (the source flagged) the target only removes poison: proved."""
    ret_plain, ret_flagged = plain.split("=")[0].strip(), flagged.split("=")[0].strip()
    src, tgt = fn(ty, plain, ret_plain), fn(ty, flagged, ret_flagged)
    assert verdict(tmp_path, src, tgt) == "counterexample"
    assert verdict(tmp_path, tgt, src) == "proved"


def test_a_volatile_load_named_load_stays_an_event(tmp_path: Path) -> None:
    """Two volatile loads are two events; a target with one of them is refuted."""
    head = "define i32 @f(ptr noundef dereferenceable(4) %p) {\n"
    two = head + ("  %load = load volatile i32, ptr %p, align 4\n  %load2 = load volatile i32, ptr %p, align 4\n"
                  "  %s = add i32 %load, %load2\n  ret i32 %s\n}\n")
    one = head + "  %load = load volatile i32, ptr %p, align 4\n  %s = add i32 %load, %load\n  ret i32 %s\n}\n"
    assert verdict(tmp_path, two, one) == "counterexample"
