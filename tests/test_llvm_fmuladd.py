"""llvm.fma and llvm.fmuladd (issue 18, item 2): fma rounds once; fmuladd rounds
once or twice, a choice each execution makes. A target may pick either rounding
where the source has fmuladd, and must not where the source fixed one; the forms the
tool writes (verifier/emit) hold the loop's fmuladd lane by lane, and are proved
with it, and with its rounding fixed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import cli, emitted_mutant
from tests.test_llvm_pointer_memory import write

MODELS = Path(__file__).resolve().parent.parent / "models"
SCALED = MODELS / "llvm" / "corpus" / "f_first_scaled.scalar.ll"

# half precision: the exact circuits are small enough for a counterexample in seconds
BODIES = {
    "fmuladd": "  %r = call half @llvm.fmuladd.f16(half %a, half %b, half %c)",
    "fma": "  %r = call half @llvm.fma.f16(half %a, half %b, half %c)",
    "split": "  %m = fmul half %a, %b\n  %r = fadd half %m, %c",
}


def module(kind: str) -> str:
    return (f"define half @f(half %a, half %b, half %c) {{\n{BODIES[kind]}\n  ret half %r\n}}\n"
            "declare half @llvm.fmuladd.f16(half, half, half)\ndeclare half @llvm.fma.f16(half, half, half)\n")


def equiv(tmp_path: Path, src: str, tgt: str) -> dict[str, object]:
    r = cli("equiv", str(write(tmp_path, "src.ll", module(src))), str(write(tmp_path, "tgt.ll", module(tgt))),
            "--json")
    assert r.returncode in (0, 1, 3), r.stdout + r.stderr
    out: dict[str, object] = json.loads(r.stdout.splitlines()[-1])
    return out


@pytest.mark.parametrize("tgt", ["fma", pytest.param("split", marks=pytest.mark.slow)])
def test_fmuladd_is_refined_by_either_rounding(tmp_path: Path, tgt: str) -> None:
    assert equiv(tmp_path, "fmuladd", tgt)["verdict"] == "proved"


@pytest.mark.slow
@pytest.mark.parametrize("src", ["fma", "split"])
def test_fmuladd_does_not_refine_a_fixed_rounding(tmp_path: Path, src: str) -> None:
    """The target may round the other way: a value where the two differ, replayed."""
    v = equiv(tmp_path, src, "fmuladd")
    assert v["verdict"] == "counterexample"
    cex = v["counterexample"]
    assert cex["divergence"]["kind"] == "live-out"  # type: ignore[index]
    # the rounding the target chose is shown (either way)
    assert any(k.startswith("fused/") for k in cex["inputs"].get("choices", {})), cex  # type: ignore[index]


@pytest.mark.slow
def test_a_search_through_fmuladd_is_legal_and_its_simple_form_equivalent() -> None:
    """The exit's slice holds an fmuladd: hoisting and speculating it for four lanes
    is safe (each lane's copy is the iteration's own execution, with its own rounding),
    and the simple form the emitter writes (a vector llvm.fmuladd) refines the loop
    for every trip count."""
    r = cli("check", str(SCALED), "--vf", "4", "--form", "simple", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    assert {(x["check"], x["verdict"]) for x in rows} == {
        ("hoist", "proved"), ("speculate", "proved"), ("freeze", "proved"), ("equiv", "proved")}
    eq = next(x for x in rows if x["check"] == "equiv")
    assert eq["coverage"].get("unbounded") is True


@pytest.mark.slow
def test_the_general_form_through_fmuladd_is_equivalent() -> None:
    r = cli("check", str(SCALED), "--vf", "4", "--form", "general", "--check", "equiv", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["verdict"] == "proved"


# the emitted form's vector fmuladd made an fma (its declaration added at the end)
ONE_ROUNDING = (r"(?s)@llvm\.fmuladd\.v4f32(\(<4 x float> %v7\.v.*)\Z",
                r"@llvm.fma.v4f32\1\ndeclare <4 x float> @llvm.fma.v4f32(<4 x float>, <4 x float>, <4 x float>)\n")


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_an_emitted_form_may_fix_the_rounding_of_its_fmuladd(tmp_path: Path, form: str) -> None:
    """Each lane's fmuladd may round once: the form with fma in its place is still
    proved for every trip count (the pick is the target's)."""
    r = emitted_mutant(tmp_path, SCALED, ONE_ROUNDING, form, 4)
    assert r.returncode == 0 and r.stdout.startswith("proved"), r.stdout + r.stderr
    assert "covers every trip count" in r.stdout, r.stdout


@pytest.mark.slow
def test_a_target_that_rounds_an_fmuladd_differently_per_lane_is_refuted(tmp_path: Path) -> None:
    """A target that computes the iteration's fmuladd twice and compares the results
    (which may differ) is not a refinement of a source that computes it once."""
    src = """define i1 @g(half %a, half %b, half %c) {
  %r = call half @llvm.fmuladd.f16(half %a, half %b, half %c)
  %e = fcmp oeq half %r, %r
  ret i1 %e
}
declare half @llvm.fmuladd.f16(half, half, half)
"""
    tgt = src.replace("%e = fcmp oeq half %r, %r",
                      "%s = call half @llvm.fmuladd.f16(half %a, half %b, half %c)\n  %e = fcmp oeq half %r, %s")
    r = cli("equiv", str(write(tmp_path, "src.ll", src)), str(write(tmp_path, "tgt.ll", tgt)), "--json")
    v = json.loads(r.stdout.splitlines()[-1])
    assert v["verdict"] == "counterexample", r.stdout + r.stderr
