"""`verifier cost`: inputs that put the exit where asked (found by the interpreter),
the table's arithmetic (crossovers, expected cost over a distribution), and the
command end to end where LLVM 22 is installed. Timings themselves are never
asserted: they depend on the machine."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, cast

import pytest

from tests.helpers import MODELS, cli
from verifier.checks.verdict import VerdictKind
from verifier.cost.inputs import NoPlant, find_plant
from verifier.cost.measure import (
    Cheapest,
    CostResult,
    Row,
    Standing,
    best_at,
    crossovers,
    expected,
    record,
    rows_of,
    text,
)
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


def _rows(costs: dict[str, list[float]], positions: list[int | None], spread: float = 0.0) -> list[Row]:
    return [Row(v, at, 10 if at is None else at + 1, c, c - spread, c + spread, c, None) for v, cs in costs.items()
            for at, c in zip(positions, cs, strict=True)]


def test_crossover_between_the_positions_where_the_order_flips() -> None:
    rows = _rows({"general vf4": [3.0, 2.0, 1.0], "simple vf4": [1.0, 2.5, 2.0]}, [1, 4, None])
    assert crossovers(rows, "general vf4", "simple vf4") == [(1, 4)]
    assert crossovers(rows, "general vf4", "missing") == []


def test_a_position_within_the_spread_decides_no_crossover() -> None:
    # at 4 the two differ by less than their spread: the flip lies somewhere between 1 and 16
    rows = _rows({"a": [3.0, 2.0, 1.0], "b": [1.0, 2.1, 2.0]}, [1, 4, 16], spread=0.2)
    assert crossovers(rows, "a", "b") == [(1, 16)]
    # noise alone (every position within the spread) claims nothing
    assert crossovers(_rows({"a": [1.0, 1.1], "b": [1.1, 1.0]}, [1, None], spread=0.2), "a", "b") == []


def test_the_cheapest_is_eligible_and_names_its_ties() -> None:
    rows = _rows({"llvm vf16": [0.5, 0.1], "simple vf4": [1.0, 0.9], "scalar": [1.1, 2.0]}, [1, None], spread=0.15)
    best = best_at(rows, {"scalar", "simple vf4"})
    assert best[1] == Cheapest("simple vf4", ("scalar",))
    assert best[None] == Cheapest("simple vf4", ())


def test_a_refuted_variant_is_shown_but_never_the_cheapest() -> None:
    rows = _rows({"llvm vf16": [0.5, 0.1], "simple vf4": [1.0, 0.9], "scalar": [1.1, 2.0]}, [1, None])
    res = CostResult("f", 64, 10, ["setup"], [Standing("scalar", 1, None),
                                             Standing("simple vf4", 4, VerdictKind.PROVED),
                                             Standing("general vf4", 4, VerdictKind.UNKNOWN, "unknown: budget",
                                                      measured=False),
                                             Standing("llvm vf16", 16, VerdictKind.COUNTEREXAMPLE, "counterexample")],
                     rows, "tsc", 3, [4], {}, "llvm vf16")
    out = text(res, full=False)
    assert "llvm vf16 (refuted)" in out and "general vf4: not measured: unknown: budget" in out
    table = [line.split() for line in out.splitlines() if line.split() and line.split()[0] in ("1", "never")]
    assert [t[2:4] for t in table] == [["simple", "vf4"], ["simple", "vf4"]]
    assert "(refuted)" in text(res, full=True) and record(res, "f.ll")["cheapest"] == [
        {"exit_at": 1, "variant": "simple vf4", "ties": []}, {"exit_at": None, "variant": "simple vf4", "ties": []}]


def test_expected_cost_weights_cycles_by_elements() -> None:
    rows = _rows({"a": [4.0, 1.0]}, [0, None])  # 1 element at 4 cycles, 10 at 1 cycle
    assert expected(rows, {0: 1.0, None: 1.0})["a"] == pytest.approx((4.0 * 1 + 1.0 * 10) / 11)


def test_rows_summarise_the_repeats_by_median_and_spread() -> None:
    from verifier.cost.native import Timing

    timings = [Timing("scalar", 3, w, 2 * w) for w in (40.0, 8.0, 12.0)]  # one disturbed run
    (row,) = rows_of(timings, {3: 4}, {"scalar": 1.5})
    assert (row.warm, row.warm_lo, row.warm_hi, row.cold, row.mca) == (3.0, 2.0, 10.0, 6.0, 1.5)


NEEDS_LLVM = pytest.mark.skipif(any(shutil.which(t) is None for t in ("clang-22", "llc-22", "llvm-mca-22", "opt-22")),
                                reason="needs LLVM 22")


def _cost_json(*args: str) -> dict[str, Any]:
    """`verifier cost --json`'s record, checked against the output schema."""
    from jsonschema import Draft202012Validator

    r = cli("cost", *args, "--json", "--repeats", "2")
    assert r.returncode == 0, r.stdout + r.stderr
    rec = json.loads(r.stdout)
    Draft202012Validator(json.loads(cli("schema").stdout)).validate(rec)
    return cast(dict[str, Any], rec)


@pytest.mark.slow
@NEEDS_LLVM
def test_cost_prints_its_table(tmp_path: Path) -> None:
    dist = tmp_path / "d.txt"
    dist.write_text("# position weight\n3 1\nnever 2\n")
    rec = _cost_json(str(LL / "emit" / "count_upper.scalar.ll"), "--vf", "4", "--distribution", str(dist),
                     "--keep", str(tmp_path / "work"))
    assert {v["name"]: v["measured"] for v in rec["variants"]} == {"scalar": True, "general vf4": True,
                                                                  "simple vf4": True}
    assert {r["variant"] for r in rec["rows"]} == {"scalar", "general vf4", "simple vf4"}
    assert all(r["warm_least"] <= r["warm"] <= r["warm_most"] for r in rec["rows"])
    assert set(rec["expected"]) == {"scalar", "general vf4", "simple vf4"}
    assert {c["exit_at"] for c in rec["cheapest"]} >= {3, None}
    assert (tmp_path / "work" / "harness.c").is_file()
    full = cli("cost", str(LL / "emit" / "count_upper.scalar.ll"), "--vf", "4", "--repeats", "1", "--full",
               "--exit-at", "3")
    assert "LLVM 22 leaves it scalar" in full.stdout and "inputs: %0[*] = " in full.stdout
    assert all(f"\n{v} " in full.stdout for v in ("scalar", "general vf4", "simple vf4")), full.stdout


@pytest.mark.slow
@NEEDS_LLVM
def test_llvm_s_output_is_checked_and_a_refuted_one_is_never_the_cheapest(tmp_path: Path) -> None:
    # LLVM 22's find_char finds the exit lane with cttz.elts: refuted under the default reading
    args = (str(LL / "find_char.scalar.ll"), "--vf", "4", "--exit-at", "64")
    rec = _cost_json(*args)
    llvm = next(v for v in rec["variants"] if v["name"].startswith("llvm"))
    assert llvm["verdict"] == "counterexample" and llvm["measured"]
    assert all(c["variant"] != llvm["name"] for c in rec["cheapest"])
    r = cli("cost", *args, "--repeats", "1")
    assert "(refuted)" in r.stdout and "--cttz-elts first-true" in r.stdout
    # under the reading LLVM's code generation gives it, it is proved and may be crowned
    rec = _cost_json(*args, "--cttz-elts", "first-true")
    assert next(v for v in rec["variants"] if v["name"].startswith("llvm"))["verdict"] == "proved"


def test_plot_without_matplotlib_is_refused_before_measuring(tmp_path: Path) -> None:
    import subprocess
    import sys

    work = tmp_path / "work"
    code = ("import sys; sys.modules['matplotlib'] = None; from verifier.cli import main; "
            f"sys.argv = ['verifier', 'cost', {str(LL / 'find_char.scalar.ll')!r}, '--plot', 'x.png', "
            f"'--keep', {str(work)!r}]; main()")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and "--plot needs matplotlib" in r.stderr and "Traceback" not in r.stderr
    assert not work.exists() or not any(work.iterdir())


@pytest.mark.slow
@NEEDS_LLVM
def test_cost_plot_is_written(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "c.png"
    r = cli("cost", str(LL / "emit" / "count_upper.scalar.ll"), "--vf", "4", "--repeats", "1", "--exit-at", "8",
            "--plot", str(png))
    assert r.returncode == 0 and png.read_bytes()[:4] == b"\x89PNG"


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


@pytest.mark.slow
@NEEDS_LLVM
def test_cost_of_a_model_with_a_call(tmp_path: Path) -> None:
    # the seed's search loop calls foo(x): the harness defines it; the model is written as LLVM IR first
    rec = _cost_json(str(MODELS / "seed" / "search_loop.loop"), "--vf", "4", "--n", "256", "--exit-at", "8")
    assert rec["iterations_without_exit"] == 256
    assert {v["name"] for v in rec["variants"] if v["measured"]} == {"scalar", "general vf4", "simple vf4"}
