"""Broken variants of the model generators' forms (transforms/general_form.py,
simple_form.py), the targets the tests of the checking machinery (the chain of
checks/lockstep.py, the concrete tests of checks/falsify.py) are run on. The forms the
tool writes are the emitter's (verifier/emit); its broken variants are edits of
LLVM IR (tests/helpers.emitted_mutant)."""

from __future__ import annotations

import copy

from tests.helpers import model
from verifier.ir.program import Attrs, Const, Instr, Program, Ref
from verifier.ir.types import I1
from verifier.transforms.simple_form import simple_form
from verifier.transforms.vector_loop import VectorForm


def _mutant(name: str, vf: int, mutate) -> Program:  # type: ignore[no-untyped-def]
    prog = model(f"{name}.loop")
    p = copy.deepcopy(simple_form(prog, vf).program)
    mutate(p)
    return p


def _resume_past_the_failing_iteration(p: Program) -> None:
    """The epilogue resumes at the next vector iteration (i + VF), skipping lanes."""
    head = next(b for b in p.blocks.values() if any(ph.incoming[0][0].startswith("scalar.entry") for ph in b.phis))
    ph = head.phis[0]
    entry = p.blocks[ph.incoming[0][0]]
    body = next(b for n, b in p.blocks.items() if n.startswith("vec.body"))
    nxt = next(i for i in reversed(body.instrs) if i.dest and i.dest.startswith("i.2.v"))
    entry.instrs.append(Instr(99999, "add", [ph.incoming[0][1], nxt.args[1]], ph.type, "skip.resume",
                              nxt.attrs.but()))
    ph.incoming[0] = (entry.name, Ref("skip.resume"))


def _anyof_ignores_the_last_lane(p: Program) -> None:
    """anyof over lanes 1..VF-1 only: the last lane's exit is missed."""
    check = next(b for n, b in p.blocks.items() if n.startswith("vec.check"))
    ors = [i for i in check.instrs if i.dest and i.dest.startswith("anyof")]
    last = ors[-1]
    check.term.cond = last.args[0]  # type: ignore[union-attr]


def _no_freeze(p: Program) -> None:
    """The exit conditions are not frozen before anyof: a poison lane is branched on."""
    check = next(b for n, b in p.blocks.items() if n.startswith("vec.check"))
    for i in check.instrs:
        if i.op == "freeze" and i.dest and i.dest.startswith("C"):
            i.op, i.args, i.attrs = "or", [i.args[0], i.args[0]], Attrs()


MUTANTS = [("resume past the failing iteration", "seed/search_loop", 4, _resume_past_the_failing_iteration),
           ("anyof ignores the last lane", "seed/search_loop", 4, _anyof_ignores_the_last_lane),
           ("no freeze before anyof", "seed/search_loop", 4, _no_freeze)]


def _wrong_after_100(vform: VectorForm, at: int = 100, iv_name: str = "i") -> VectorForm:
    """The vector loop steps its induction one too far once i >= `at`: right for every
    run of fewer than `at` iterations, wrong after."""
    f = copy.deepcopy(vform)
    vh = f.program.blocks[f.vector_header]
    iv = next(ph for ph in vh.phis if f.vphis[ph.dest] == iv_name)
    k = next(n for n, (b, _) in enumerate(iv.incoming) if b != f.preheader)
    latch, nxt = iv.incoming[k]
    blk = f.program.blocks[latch]
    blk.instrs += [Instr(90001, "icmp", [Ref(iv.dest), Const(at, iv.type)], I1, "early", Attrs(pred="slt")),
                   Instr(90002, "add", [nxt, Const(1, iv.type)], iv.type, "skewed", Attrs()),
                   Instr(90003, "select", [Ref("early"), nxt, Ref("skewed")], iv.type, "i.back", Attrs())]
    iv.incoming[k] = (latch, Ref("i.back"))
    return f
