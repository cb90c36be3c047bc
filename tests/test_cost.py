"""`verifier cost`: inputs that put the exit where asked (found by the interpreter),
the table's arithmetic (crossovers, expected cost over a distribution), and the
command end to end where LLVM 22 is installed. Timings themselves are never
asserted: they depend on the machine."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli
from verifier.cost.inputs import NoPlant, find_plant
from verifier.cost.measure import Row, crossovers, expected
from verifier.frontend.llvm import parse_ll_file
from verifier.frontend.parser import parse_file

LL = MODELS / "llvm"


@pytest.mark.parametrize("name", ["emit/count_upper", "mismatch", "find_char", "emit/max_until_stop"])
def test_plant_puts_the_exit_where_asked(name: str) -> None:
    prog = parse_ll_file(LL / f"{name}.scalar.ll")
    plant = find_plant(prog)
    n = max(256, plant.min_n)
    never = plant.iterations(prog, n, None)
    for at in (0, 5, never // 2, never - 1 - plant.offset):
        assert plant.iterations(prog, n, at) == at + plant.offset < never or at + plant.offset == never


def test_plant_trigger_differs_from_the_background() -> None:
    plant = find_plant(parse_ll_file(LL / "emit" / "count_upper.scalar.ll"))
    assert plant.trigger[1] != plant.background[plant.trigger[0]]


def test_no_plant_without_arrays(tmp_path: Path) -> None:
    f = tmp_path / "count.loop"
    f.write_text("loop count(N: i64) {\n  i = 0\n  while (i < N) {\n    i = i + 1\n  }\n  out i\n}\n")
    with pytest.raises(NoPlant, match="reads no array"):
        find_plant(parse_file(f))


def _rows(costs: dict[str, list[float]], positions: list[int | None]) -> list[Row]:
    return [Row(v, at, 10 if at is None else at + 1, c, c, None) for v, cs in costs.items()
            for at, c in zip(positions, cs, strict=True)]


def test_crossover_between_the_positions_where_the_order_flips() -> None:
    rows = _rows({"general vf4": [3.0, 2.0, 1.0], "simple vf4": [1.0, 2.5, 2.0]}, [1, 4, None])
    assert crossovers(rows, "general vf4", "simple vf4") == [(1, 4)]
    assert crossovers(rows, "general vf4", "missing") == []


def test_expected_cost_weights_cycles_by_elements() -> None:
    rows = _rows({"a": [4.0, 1.0]}, [0, None])  # 1 element at 4 cycles, 10 at 1 cycle
    assert expected(rows, {0: 1.0, None: 1.0})["a"] == pytest.approx((4.0 * 1 + 1.0 * 10) / 11)


@pytest.mark.skipif(any(shutil.which(t) is None for t in ("clang-22", "llc-22", "llvm-mca-22", "opt-22")),
                    reason="needs LLVM 22")
def test_cost_prints_its_table(tmp_path: Path) -> None:
    dist = tmp_path / "d.txt"
    dist.write_text("# position weight\n3 1\nnever 2\n")
    r = cli("cost", str(LL / "emit" / "count_upper.scalar.ll"), "--vf", "4", "--distribution", str(dist),
            "--keep", str(tmp_path / "work"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "LLVM 22 leaves it scalar" in r.stdout
    for variant in ("scalar", "general vf4", "simple vf4"):
        assert f"\n{variant} " in r.stdout
    assert "cheapest (warm):" in r.stdout and "over the distribution:" in r.stdout
    assert (tmp_path / "work" / "harness.c").is_file()


def test_cost_bad_distribution_is_a_clear_error(tmp_path: Path) -> None:
    if any(shutil.which(t) is None for t in ("clang-22", "llc-22", "llvm-mca-22", "opt-22")):
        pytest.skip("needs LLVM 22")
    dist = tmp_path / "d.txt"
    dist.write_text("3 1\nsoon 2\n")
    r = cli("cost", str(LL / "emit" / "count_upper.scalar.ll"), "--vf", "4", "--distribution", str(dist))
    assert r.returncode == 2
    assert f"{dist}:2:1" in r.stderr and "Traceback" not in r.stderr


def test_plant_grows_a_models_length_parameter_with_its_arrays(tmp_path: Path) -> None:
    # the seed's search loop as LLVM IR: N bounds the loop, so it is the arrays' length
    from verifier.emit.lower import lower_model

    f = tmp_path / "search_loop.ll"
    f.write_text(lower_model(parse_file(MODELS / "seed" / "search_loop.loop")).module)
    prog = parse_ll_file(f)
    plant = find_plant(prog)
    assert plant.sized == {"N"}
    assert plant.iterations(prog, 300, None) == 300 and plant.iterations(prog, 300, 40) == 40 + plant.offset


def test_stubs_define_the_functions_the_loop_calls() -> None:
    from verifier.cost.native import stubs

    module = ("declare void @log_value(i32 noundef) local_unnamed_addr #1\ndeclare noundef i8 @next(i8, i64) nounwind\n"
              "declare i64 @llvm.smax.i64(i64, i64)\n")
    assert stubs(module) == ["void log_value(int32_t x0) { sink += (int64_t)x0; }",
                             "int8_t next(int8_t x0, int64_t x1) { sink += (int64_t)x0; sink += (int64_t)x1; return 0; }"]


@pytest.mark.skipif(any(shutil.which(t) is None for t in ("clang-22", "llc-22", "llvm-mca-22", "opt-22")),
                    reason="needs LLVM 22")
def test_cost_of_a_model_with_a_call(tmp_path: Path) -> None:
    # the seed's search loop calls foo(x): the harness defines it; the model is written as LLVM IR first
    r = cli("cost", str(MODELS / "seed" / "search_loop.loop"), "--vf", "4", "--n", "256", "--exit-at", "8")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "the model as LLVM IR" in r.stdout and "the loop runs 256 iterations without an exit" in r.stdout
    for variant in ("scalar", "general vf4", "simple vf4"):
        assert f"\n{variant} " in r.stdout
