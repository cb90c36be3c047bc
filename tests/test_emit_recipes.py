"""The emitter's carried values as recipes (verifier/emit/recipes.py): every header phi
of every scalar LLVM fixture is claimed by exactly one recipe, the first row of the
table that recognises it, or refused by name; each kind of the table is met; and a
table missing a row leaves its phis unclaimed, a clear refusal."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.helpers import MODELS
from verifier.emit import recipes
from verifier.emit.builder import Builder
from verifier.emit.reader import EmitUnsupported, find_loop, read_function
from verifier.emit.recipes import RECIPES, Recipe, Recurrence, Scan, claim
from verifier.errors import UserError
from verifier.transforms.vector_loop import Form, ReductionOrder

SCALARS = sorted((MODELS / "llvm").rglob("*.scalar.ll"))


def _builder(path: Path) -> Builder | None:
    """A builder over the fixture's loop; None where the emitter reads no one loop."""
    try:
        f = read_function(path, None)
        return Builder(f, find_loop(f), Form.GENERAL, 4, ReductionOrder.ORDERED)
    except (EmitUnsupported, UserError):  # (several functions or loops: not the emitter's input)
        return None


def _header_phis(b: Builder) -> list[str]:
    return [p.name for p in b.f.blocks[b.lp.header].phis if p.name]


def _claims() -> list[tuple[Path, Builder, dict[str, Recipe]]]:
    out = []
    for p in SCALARS:
        b = _builder(p)
        if b is None:
            continue
        try:
            out.append((p, b, claim(b)))
        except EmitUnsupported:
            continue
    return out


CLAIMED = _claims()


def test_the_table_is_read_on_many_fixtures() -> None:
    assert len(CLAIMED) >= 60
    kinds = Counter(type(r) for _, _, c in CLAIMED for r in c.values())
    assert set(kinds) == set(RECIPES), kinds  # every row claims a phi somewhere


@pytest.mark.parametrize("path, b, claimed", CLAIMED, ids=[p.name for p, _, _ in CLAIMED])
def test_every_header_phi_is_claimed_exactly_once_by_the_first_row_that_takes_it(
        path: Path, b: Builder, claimed: dict[str, Recipe]) -> None:
    phis = _header_phis(b)
    assert sorted(claimed) == sorted(phis)
    assert list(b.carried) == list(claimed)
    lp, f = b.lp, b.f
    for ph in f.blocks[lp.header].phis:
        start, nxt = ph.ops[ph.incoming.index(lp.preheader)], ph.ops[ph.incoming.index(lp.latch)]
        takers = []
        for kind in RECIPES:
            try:
                if kind.recognise(b, ph, start, nxt) is not None:
                    takers.append(kind)
            except EmitUnsupported:
                continue
            if kind is type(claimed[ph.name or ""]):
                break
        assert takers and takers[0] is type(claimed[ph.name or ""]), (ph.name, takers)
    # what a recipe computes itself is its own: no two recipes claim a value
    owned = [n for r in claimed.values() for n in (r.lazy | {x for x in r.skip() if x})]
    assert len(owned) == len(set(owned))


def test_a_table_without_a_row_refuses_that_rows_phis(monkeypatch: pytest.MonkeyPatch) -> None:
    with_rec = [(p, b) for p, b, c in CLAIMED if any(isinstance(r, Recurrence) for r in c.values())]
    assert with_rec
    path, _ = with_rec[0]
    monkeypatch.setattr(recipes, "RECIPES", tuple(k for k in RECIPES if k is not Recurrence))
    b = _builder(path)
    assert b is not None
    with pytest.raises(EmitUnsupported, match="the loop carries"):
        claim(b)


def test_an_induction_is_claimed_before_the_scan_it_also_is() -> None:
    """`i + 1` is an add of a loop-invariant operand: Scan recognises it too, so the
    order of the table is what makes it an induction."""
    hits = 0
    for _, b, claimed in CLAIMED:
        lp, f = b.lp, b.f
        for ph in f.blocks[lp.header].phis:
            r = claimed[ph.name or ""]
            if type(r).__name__ != "Induction":
                continue
            start, nxt = ph.ops[ph.incoming.index(lp.preheader)], ph.ops[ph.incoming.index(lp.latch)]
            hits += Scan.recognise(b, ph, start, nxt) is not None
    assert hits > 0


SWAP3 = """loop rotate3(N: i64) {
  array a: i8[N]
  X: i8 = 0
  Y: i8 = 1
  Z: i8 = 2
  i = 0
  while (i < N) {
    x = a[i]
    if (x == 0) break
    T = X
    X = Y
    Y = Z
    Z = T
    i = i + 1
  }
  out X
}"""


@pytest.mark.slow
@pytest.mark.parametrize("vf", [2, 4])
@pytest.mark.parametrize("form", ["general", "simple"])
@pytest.mark.parametrize("cycle", [2, 3])
def test_header_phis_carried_around_a_cycle_are_proved_for_every_trip_count(tmp_path: Path, cycle: int, form: str,
                                                                            vf: int) -> None:
    # X and Y swap (or X, Y, Z rotate) every iteration: lane k holds the phi k steps
    # on, and the back edge the one VF steps on
    from tests.helpers import emitted_verdict
    from tests.test_forms import SWAP

    src = tmp_path / "rot.loop"
    src.write_text(SWAP if cycle == 2 else SWAP3)
    v = emitted_verdict(src, form, vf, every_trip_count=True, max_trip=4 * vf, timeout=60)
    assert v.verdict == "proved" and v.coverage.unbounded, v.reason


# the swap's general form at VF 2 broken: lane 1 of X not Y's value; the back edge
# carrying the other phi
ROTATION_MUTANTS = [
    (r"(%X\.1\.v\.1 = insertelement <2 x i8> %X\.1\.v, i8 )%Y\.1\.vec", r"\1%X.1.vec"),
    (r"(%X\.1\.vec = phi i8 \[ 0, %vec\.ph \], \[ )%X\.1\.vec", r"\1%Y.1.vec"),
]


@pytest.mark.slow
@pytest.mark.parametrize("edit", ROTATION_MUTANTS, ids=["wrong lane", "wrong back edge"])
def test_a_rotation_with_the_wrong_lane_or_back_edge_is_refuted(tmp_path: Path, edit: tuple[str, str]) -> None:
    from tests.helpers import emitted_mutant
    from tests.test_forms import SWAP

    src = tmp_path / "swap.loop"
    src.write_text(SWAP)
    r = emitted_mutant(tmp_path, src, edit, "general", vf=2)
    assert r.returncode == 1 and "counterexample" in r.stdout, r.stdout + r.stderr
