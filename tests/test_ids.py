"""Ids are unique in every program a transform builds (issue 19): UB sites, choices
and lane clones are keyed by them, and two things sharing one would let an added
failure count as the model's own. Every transform takes fresh ids from
Program.next_uid (ir/program.py), the one allocator."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import MODELS
from verifier.analysis.exits import analyse
from verifier.frontend import load_program
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Branch, Program, copy_program
from verifier.transforms.harness import hoist_harness, speculation_harness
from verifier.transforms.step import source_prefix, source_step
from verifier.transforms.window import NoWindow, vector_window

LOOPS = sorted(p for d in ("seed", "legality", "forms") for p in (MODELS / d).glob("*.loop"))
CORPUS = sorted((MODELS / "llvm" / "corpus").glob("*.scalar.ll"))


def built(prog: Program, vf: int) -> dict[str, Program]:
    """Every program the legality checks and the induction build from `prog`."""
    le = analyse(prog)
    out = {"model": prog}
    for e in le.data_dependent:
        for kind, make in (("speculate", speculation_harness), ("hoist", hoist_harness)):
            h = make(prog, vf, (e.index,))
            out[f"{kind} {e.name}"] = h.program
            for coarse in (False, True):
                try:
                    out[f"{kind} {e.name} window{' coarse' if coarse else ''}"] = \
                        vector_window(h.program, prog, le, vf, coarse).program
                except NoWindow:
                    pass
    if not le.data_dependent:
        return out
    try:
        out["source step"], out["source prefix"] = source_step(prog, le, vf), source_prefix(prog, le)
    except NoWindow:
        pass
    return out


def _check(prog: Program) -> None:
    programs = built(prog, 4)
    assert len(programs) > 1 or not analyse(prog).data_dependent
    dups = {what: p.duplicate_uids() for what, p in programs.items() if p.duplicate_uids()}
    assert not dups, dups


@pytest.mark.parametrize("path", LOOPS, ids=[f"{p.parent.name}/{p.stem}" for p in LOOPS])
def test_every_program_built_from_a_model_has_unique_ids(path: Path) -> None:
    _check(load_program(path))


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=[p.name[: -len(".scalar.ll")] for p in CORPUS])
def test_every_program_built_from_a_corpus_loop_has_unique_ids(path: Path) -> None:
    try:
        prog = load_program(path, func=path.name[: -len(".scalar.ll")])
    except LLUnsupported as e:  # a loop outside the subset is the corpus test's business
        pytest.skip(f"not read: {e}")
    _check(prog)


def test_the_allocator_counts_every_kind_of_id() -> None:
    """Branches and phis hold ids too: the first free id is above all of them (the
    step programs of five seed models reused a branch's id before), and a reused id
    is found."""
    prog = load_program(MODELS / "seed" / "division.loop")
    branches = [b.term.uid for b in prog.blocks.values() if isinstance(b.term, Branch)]
    phis = [ph.uid for b in prog.blocks.values() for ph in b.phis]
    assert branches and phis and prog.next_uid() > max(branches + phis)
    assert prog.duplicate_uids() == []
    broken = copy_program(prog)
    ins = next(i for b in broken.blocks.values() for i in b.instrs)
    ins.uid = branches[0]
    assert broken.duplicate_uids() == [branches[0]]
