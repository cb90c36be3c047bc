"""The C++ standard library's commonest search shapes (models/llvm/stl: libstdc++'s
find_if, all_of, adjacent_find, ranges::find and none_of through clang++ -O2), read
as a user's code is: over a std::vector or a raw range the IR gives no extent, so
speculating the search is refuted with a replayed run; over a std::array every read
is in bounds, so it is proved, and so are the forms the emitter writes (strided
gathers where libstdc++ unrolled the search by four, or a struct's field)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli, emitted_mutant
from verifier.checks.translation import translation
from verifier.checks.verdict import EveryTripCount
from verifier.frontend import load_program
from verifier.smt.budget import Budget

STL = MODELS / "llvm" / "stl"
UNBOUNDED = ["find_if_vector", "all_of_vector", "adjacent_find_range"]  # no extent: refuted
# over a std::array: proved (the last two, a member projection gathered 8 bytes a lane
# and doubles tested for NaN, were gathers the validation could not read)
ARRAYS = ["find_if_array", "all_of_array", "adjacent_find_array", "find_field_array", "none_of_nan_array"]


def _verdicts(name: str, *args: str) -> list[dict[str, object]]:
    r = cli("check", str(STL / f"{name}.scalar.ll"), "--func", name, "--vf", "4", "--json", *args)
    records = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    return [v for v in records if v.get("record") == "verdict"]


@pytest.mark.parametrize("name", UNBOUNDED + ARRAYS)
def test_llvm_leaves_them_as_they_were(name: str) -> None:
    # LLVM 22 vectorizes none of them (more than one early exit, or none it can read
    # safely); its output is the function in LCSSA form: the same program at once
    src = load_program(STL / f"{name}.scalar.ll", name)
    tgt = load_program(STL / f"{name}.vec.ll", name)
    v = translation(src, tgt, 8, Budget.of(30))
    assert v.verdict == "proved" and v.coverage.extent == EveryTripCount(identical=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", UNBOUNDED + ARRAYS)
def test_speculating_the_search_is_decided(name: str) -> None:
    found = _verdicts(name, "--check", "speculate")
    assert found, name
    want = "counterexample" if name in UNBOUNDED else "proved"
    assert {v["verdict"] for v in found} == {want}, [(v["subject"], v["verdict"]) for v in found]
    for v in found:
        if want == "counterexample":
            assert v["counterexample"], v  # a replayed run, shown


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
@pytest.mark.parametrize("name", ARRAYS)
def test_the_emitted_forms_over_a_std_array_are_proved(tmp_path: Path, name: str, form: str) -> None:
    r = cli("vectorize", str(STL / f"{name}.scalar.ll"), "--func", name, "--form", form, "--vf", "4",
            "--emit-llvm", str(tmp_path / "out.ll"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "proved:" in r.stdout


@pytest.mark.slow
@pytest.mark.parametrize("form", ["general", "simple"])
def test_a_gather_one_int_off_is_refuted(tmp_path: Path, form: str) -> None:
    # all_of's second test reads every fourth int from offset 4: from offset 8 it
    # reads the third's element
    r = emitted_mutant(tmp_path, STL / "all_of_array.scalar.ll",
                       (r"(or <4 x i64> %[\w.]+, )<i64 4, i64 4, i64 4, i64 4>", r"\1<i64 8, i64 8, i64 8, i64 8>"),
                       form=form)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "counterexample" in r.stdout
