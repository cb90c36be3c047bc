"""A legality proof must not be vacuous: some input runs the loop without UB. The
witness is first looked for by running the program (checks/falsify.concrete_witness),
with arrays of ordinary floats among the inputs; the solver is asked only where no
run shows one. A fast-math square root made that question take the whole budget
(LLVM's `loop_contains_safe_call`: 'solver timeout: encoding the question took all
of its time'); a loop that has UB on every input stays unknown, 'vacuous'."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli
from verifier.checks.falsify import _float_fill, concrete_witness
from verifier.frontend import load_program
from verifier.semantics.interpreter import RunStatus, run

ROOT_SEARCH = MODELS / "llvm" / "root_search.scalar.ll"

ALWAYS_UB = """\
define i32 @bump_readonly(ptr noundef readonly dereferenceable(40) %p) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %at = getelementptr inbounds nuw i16, ptr %p, i64 %i
  store i16 0, ptr %at, align 2
  %v = load i16, ptr %at, align 2
  %c = icmp sgt i16 %v, 500
  br i1 %c, label %out, label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 20
  br i1 %done, label %out, label %loop
out:
  %r = phi i32 [ 1, %loop ], [ 0, %latch ]
  ret i32 %r
}
"""


def test_a_float_fill_is_the_float_over_and_over_in_any_unit() -> None:
    one = struct.pack("<f", 1.5)
    assert bytes(b & 0xFF for b in _float_fill(1.5, 32, 8, 8)) == one * 2
    words = _float_fill(-2.0, 64, 32, 4)
    assert b"".join(struct.pack("<i", w) for w in words) == struct.pack("<d", -2.0) * 2


def test_arrays_of_ordinary_floats_run_a_fast_math_loop_without_ub() -> None:
    prog = load_program(ROOT_SEARCH, None, "any-poison", frozenset())
    inputs = concrete_witness(prog, 4, 8, cut=False)
    assert inputs is not None
    r = run(prog, inputs)
    assert r.status is RunStatus.OK and max(r.iterations.values(), default=0) <= 8


@pytest.mark.slow
@pytest.mark.parametrize("check", ["hoist", "speculate"])
def test_a_fast_square_root_search_is_proved_with_its_witness(check: str) -> None:
    r = cli("check", str(ROOT_SEARCH), "--check", check, "--json", "--timeout", "60")
    rows = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    assert rows and all(row["verdict"] == "proved" for row in rows), r.stdout + r.stderr


@pytest.mark.slow
def test_a_loop_with_ub_on_every_input_stays_vacuous(tmp_path: Path) -> None:
    """It stores through a readonly pointer in its first iteration: no run is free
    of UB, so no run witnesses a proof and none is claimed."""
    path = tmp_path / "always_ub.ll"
    path.write_text(ALWAYS_UB)
    prog = load_program(path, None, "any-poison", frozenset())
    assert concrete_witness(prog, 4, 8, cut=False) is None
    r = cli("check", str(path), "--check", "hoist", "--timeout", "30")
    assert r.returncode == 3 and "vacuous" in r.stdout, r.stdout + r.stderr
