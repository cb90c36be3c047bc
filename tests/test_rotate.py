"""Loop rotation (transforms/rotate.py) keeps a program's runs, and with it the
induction proves seed 000's hand-written listings (a `while (i < N - N % VF)` vector
loop and a `while` remainder) for every trip count; broken listings are refuted."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from tests.helpers import MODELS, cli
from tests.progen import inputs_for, vector_program
from verifier.analysis.loops import every_loop
from verifier.frontend.parser import parse, parse_file
from verifier.ir.program import Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run, run
from verifier.semantics.ops import Val
from verifier.transforms.rotate import bottom_tested, rotated
from verifier.transforms.window import NoWindow

LISTINGS = MODELS / "seed" / "vectorized"
SETTINGS = settings(max_examples=int(__import__("os").environ.get("PROP_EXAMPLES", "60")), deadline=None)


def _top_tested(prog: Program) -> list[str]:
    return [lp.header for lp in every_loop(prog) if not bottom_tested(prog, lp.header)]


def _all_rotated(prog: Program) -> Program:
    """Every loop that does not leave from its latch, rotated where rotate.py can."""
    for h in _top_tested(prog):
        try:
            prog = rotated(prog, h)
        except NoWindow:
            continue
    return prog


def _seen(r: Run, prog: Program, n: int) -> tuple[object, ...]:
    outs = {k: (v.v, bool(v.p)) if isinstance(v, Val) else tuple((x.v, bool(x.p)) for x in v)
            for k, v in r.outs.items()}
    mem = {a.name: [r.memory[a.name][k] for k in range(n)] for a in prog.arrays}
    return r.status, r.ub.kind if r.ub else None, [(e.callee, e.args) for e in r.trace], outs, mem


def _agree(prog: Program, inp: Inputs) -> None:
    rot = _all_rotated(prog)
    n = len(next(iter(inp.arrays.values()), []))
    assert _seen(run(prog, inp), prog, n) == _seen(run(rot, inp), prog, n)


@pytest.mark.parametrize("path", sorted(LISTINGS.glob("*.loop")), ids=lambda p: p.name)
def test_rotated_listings_run_alike(path: Path) -> None:
    prog = parse_file(path)
    assert _top_tested(prog), "the listings' loops are `while` loops"
    rot = _all_rotated(prog)
    assert len(_top_tested(rot)) < len(_top_tested(prog))  # at least one loop rotated
    names = [a.name for a in prog.arrays]
    for n in range(0, 11):
        for k, fill in enumerate(([1] * n, [0] * n, [(j * 5) % 7 for j in range(n)], [None, 3] * (n // 2))):
            arrays = {a: list(fill) if a == names[0] else [(j + k) % 3 for j in range(n)] for a in names}
            params = {q.name: n if q.name == "N" else (n + k) % 5 for q in prog.params}
            inp = Inputs(params=params, arrays=arrays)
            assert _seen(run(prog, inp), prog, n) == _seen(run(rot, inp), prog, n), (n, k)


@pytest.mark.slow
@SETTINGS
@given(vector_program(), inputs_for(max_n=9))
def test_rotated_generated_vector_loops_run_alike(text: str, inp: Inputs) -> None:
    _agree(parse(text), inp)


def test_a_header_that_loads_is_not_rotated() -> None:
    prog = parse("""loop f(N: i64) {
  array a: i8[N]
  i = 0
  while (a[i] != 0) {
    i = i + 1
  }
  out i
}""")
    (h,) = _top_tested(prog)
    with pytest.raises(NoWindow, match="runs load"):
        rotated(prog, h)


@pytest.mark.parametrize("source, listing", [
    ("seed/search_loop", "seed/vectorized/search_loop_general_vf4"),  # seed 000's "Summarizing ..." listing
    ("seed/search_loop", "examples/search_loop_simple_vf4"),  # leaves before the lanes (anyof) and after
    ("seed/liveout_y", "seed/vectorized/liveout_y_simple_vf4"),  # its vector loop also carries Y
    # no `assume N >= 1`: the remainder's step starts only where the source enters its loop
    ("examples/find_first_zero", "examples/find_first_zero_simple_vf4"),
    # hands over at its header test and its runtime guard before any lane; an inclusive bound
    ("seed/indirect_access", "seed/vectorized/indirect_access_simple_vf4"),
], ids=["general", "simple", "liveout_y", "find_first_zero", "indirect_access"])
@pytest.mark.slow
def test_seed_listings_are_proved_for_every_trip_count(source: str, listing: str) -> None:
    # `while (i < N - N % VF)` and a `while (i < N)` remainder, against a bottom-tested loop
    r = cli("equiv", str(MODELS / f"{source}.loop"), str(MODELS / f"{listing}.loop"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "covers every trip count" in r.stdout and "remainder loop" in r.stdout


def _refuted(tmp_path: Path, old: str, new: str, listing: str = "search_loop_general_vf4",
             source: str = "search_loop") -> None:
    """The seed's `listing` with `old` replaced by `new` is refuted against `source`."""
    text = (LISTINGS / f"{listing}.loop").read_text()
    broken = text.replace(old, new)
    assert broken != text
    f = tmp_path / "broken.loop"
    f.write_text(broken)
    r = cli("equiv", str(MODELS / "seed" / f"{source}.loop"), str(f))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "counterexample" in r.stdout


def test_listing_whose_vector_loop_runs_one_iteration_too_many_is_refuted(tmp_path: Path) -> None:
    # `i <= N - N % VF`: the vector loop's last iteration loads past a[N - 1]
    _refuted(tmp_path, "while (i < N - N % VF)", "while (i <= N - N % VF)")


def test_guarded_listing_whose_inclusive_bound_is_one_too_far_is_refuted(tmp_path: Path) -> None:
    # `i <= N - VF + 1`: a vector iteration may load a[N]
    _refuted(tmp_path, "while (i <= N - VF)", "while (i <= N - VF + 1)", "indirect_access_simple_vf4",
             "indirect_access")


def test_a_loop_that_tests_last_before_empty_jumps_back_is_bottom_tested() -> None:
    # `if (!(0 <= i < N)) break` as the body's last statement: the model front end's
    # blocks jump back to the header through empty blocks, so the loop leaves from its
    # bottom as a `do ... while` does; a statement after the test makes it a mid-exit
    last = (MODELS / "seed" / "indirect_access.loop").read_text()
    assert not _top_tested(parse(last))
    after = last.replace("    if (!(0 <= i < N)) break\n", "    if (!(0 <= i < N)) break\n    bar(0)\n")
    assert after != last and _top_tested(parse(after))


def test_listing_whose_remainder_skips_an_element_is_refuted(tmp_path: Path) -> None:
    _refuted(tmp_path, "      i = i +nsw 1\n", "      i = i +nsw 2\n")


def test_remainder_that_runs_where_the_source_loop_is_not_entered_is_refuted(tmp_path: Path) -> None:
    # find_first_zero's listing with `while (i <= N)`: for N = 0 it reads a[0] of an
    # empty array, where the source does not enter its loop (the remainder's step
    # assumes the source does: the base case, which compares where each ends, refutes)
    text = (MODELS / "examples" / "find_first_zero_simple_vf4.loop").read_text()
    broken = text.replace("  while (i < N) {", "  while (i <= N) {")
    assert broken != text
    f = tmp_path / "broken.loop"
    f.write_text(broken)
    r = cli("equiv", str(MODELS / "examples" / "find_first_zero.loop"), str(f))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "counterexample" in r.stdout and "N = 0" in r.stdout


def _counted(tmp_path: Path, body: str) -> tuple[int, str]:
    """The seed's listing with a count `k` its remainder carries (the source does not)
    and `body` after the count, against the search loop."""
    text = (LISTINGS / "search_loop_general_vf4.loop").read_text()
    counted = text.replace("    while (i < N) {                 // scalar remainder\n",
                           "    k = 0\n    while (i < N) {                 // scalar remainder\n      k = k + 1\n" + body)
    assert counted != text
    f = tmp_path / "counted.loop"
    f.write_text(counted)
    r = cli("equiv", str(MODELS / "seed" / "search_loop.loop"), str(f))
    return r.returncode, r.stdout + r.stderr


@pytest.mark.slow
def test_a_remainder_phi_the_source_does_not_carry_is_allowed(tmp_path: Path) -> None:
    rc, out = _counted(tmp_path, "")
    assert rc == 0 and "covers every trip count" in out, out


def test_a_remainder_phi_the_source_does_not_carry_starts_free(tmp_path: Path) -> None:
    # a remainder that calls foo once more from its third iteration on: its step must
    # start k free (not at its entry value 0), or one iteration from k = 0 hides it
    rc, out = _counted(tmp_path, "      if (k > 2) foo(0)\n")
    assert rc == 1 and "counterexample" in out, out


def test_a_vector_loop_phi_the_source_does_not_carry_starts_free(tmp_path: Path) -> None:
    # the listing's vector loop carrying c = 0, 1, 3, 7, ... (no induction) and calling foo
    # once more from its second iteration: the vector step must start c free, not at its
    # entry value 0 (from which one step never calls it: that was proved, checked by hand)
    text = (LISTINGS / "search_loop_general_vf4.loop").read_text()
    counted = text.replace("  while (i < N - N % VF) {\n",
                           "  c = 0\n  while (i < N - N % VF) {\n    c = (c << 1) | 1\n    if (c > 2) foo(0)\n")
    assert counted != text
    f = tmp_path / "counted.loop"
    f.write_text(counted)
    r = cli("equiv", str(MODELS / "seed" / "search_loop.loop"), str(f))
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout + r.stderr
