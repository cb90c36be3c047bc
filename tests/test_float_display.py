"""Values LLVM types as IEEE floats are bits in the IR, as everywhere, and reports show
them as floats too: the fewest digits that give the same bits back, then the bits
(`0.1 (0x3dcccccd)`). A float sum's rounding counterexample reads
`live-out ret: source 0.8000001 (0x3f4cccce), target 0.8 (0x3f4ccccd)`; an integer
live-out stays an integer."""

from __future__ import annotations

import re

import pytest

from tests.helpers import MODELS, cli
from verifier.frontend import load_program
from verifier.ir.types import float_text

FSUM = MODELS / "llvm" / "fsum_until_negative.scalar.ll"
FLOAT = re.compile(r"-?(\d+\.\d*|\d+(\.\d*)?e[-+]\d+|nan|inf) \(0x[0-9a-f]+\)")


@pytest.mark.parametrize(("bits", "width", "text"), [
    (0x3DCCCCCD, 32, "0.1 (0x3dcccccd)"), (0x80000000, 32, "-0.0 (0x80000000)"), (0x3C00, 16, "1.0 (0x3c00)"),
    (0x7FC00000, 32, "nan (0x7fc00000)"), (0x3FB999999999999A, 64, "0.1 (0x3fb999999999999a)"),
    (0x4B800000, 32, "16777216.0 (0x4b800000)"), (0x00000001, 32, "1e-45 (0x00000001)")])
def test_a_float_is_shown_in_the_fewest_digits_that_give_its_bits(bits: int, width: int, text: str) -> None:
    assert float_text(bits, width) == text


def test_the_front_end_records_which_values_and_live_outs_are_floats() -> None:
    prog = load_program(FSUM, None, "any-poison", frozenset())
    assert prog.floats.get("ret") == 32
    assert any(w == 32 for n, w in prog.floats.items() if n != "ret")
    assert not load_program(MODELS / "llvm" / "find_char.scalar.ll", None, "any-poison", frozenset()).floats


@pytest.mark.slow
def test_a_float_live_out_and_a_float_array_read_as_floats_in_a_counterexample() -> None:
    """The in-loop form of fsum (the lanes summed first, as asked: a reassociation) is
    refuted by two sums that round differently. Its live-out reads as a float, and so
    does `fa`, a [64 x float] only loaded as float (e.g. `1e+08, 3.0`), where an
    integer array stays integers. (One run of the command for both.)"""
    prog = load_program(FSUM, None, "any-poison", frozenset())
    assert prog.floats.get("fa") == 32
    # (a deterministic budget: --timeout 10 gives this verdict on any machine, in 6 s, not 30)
    r = cli("check", str(FSUM), "--check", "equiv", "--form", "simple", "--reduction", "in-loop", "--timeout", "10")
    assert r.stdout.startswith("counterexample:") and "simple, in-loop reductions" in r.stdout, r.stdout
    line = next(x for x in r.stdout.splitlines() if "divergence: live-out ret" in x)
    source, target = line.split("source ")[1].split(", target ")
    assert FLOAT.fullmatch(source.strip()) and FLOAT.fullmatch(target.strip()), line
    assert re.search(r"live-outs: ret = " + FLOAT.pattern, r.stdout)
    line = next(x for x in r.stdout.splitlines() if x.strip().startswith("fa = ["))
    elems = line.split("[", 1)[1].rstrip("]").split(", ")
    assert all(re.fullmatch(r"-?\d+(\.\d+(e[-+]\d+)?|e[-+]\d+)|nan|-?inf|poison|\.\.\. \(\d+ elements\)", x) for x in elems), line
    assert any(x not in ("0.0", "-0.0", "poison") for x in elems)
