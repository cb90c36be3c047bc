"""Reductions and conditional bodies in both generated forms (transforms/reductions.py,
transforms/if_convert.py): each proved for every trip count, ordered (lane to lane)
and in-loop (each lane from the identity, the lanes combined pairwise: a
reassociation); a floating-point sum proved ordered and refuted in-loop (rounding);
and the mutants a vectorizer could write refuted: a reduction that includes the
exiting lane, one missing the lanes before it, a back edge missing the last lane,
an unmasked conditional store."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from tests.helpers import MODELS, model
from verifier.analysis.exits import analyse
from verifier.checks.forms import inductive_equivalence
from verifier.checks.refinement import refinement
from verifier.checks.verdict import VerdictKind
from verifier.frontend import load_program
from verifier.ir.program import Instr, Operand, Program, Ref
from verifier.options import REDUCTION_ORDERS
from verifier.smt.budget import Budget
from verifier.transforms.general_form import general_form
from verifier.transforms.lanes import Unsupported
from verifier.transforms.reductions import ReductionKind, ReductionOrder, find_reduction
from verifier.transforms.simple_form import simple_form

ORDERS = list(ReductionOrder)
LOOPS = ["forms/sum_until_negative", "forms/max_before_stop", "forms/count_positive_store", "forms/sum_until_zero"]
FSUM = MODELS / "llvm" / "fsum_until_negative.scalar.ll"


def test_the_command_line_offers_every_order() -> None:
    assert REDUCTION_ORDERS == tuple(o.value for o in ReductionOrder)


@pytest.mark.slow
@pytest.mark.parametrize("name", LOOPS)
@pytest.mark.parametrize("form", ["general", "simple"])
@pytest.mark.parametrize("order", ORDERS, ids=[o.value for o in ORDERS])
def test_every_form_and_order_is_proved_for_every_trip_count(name: str, form: str, order: ReductionOrder) -> None:
    v = inductive_equivalence(model(f"{name}.loop"), 4, 16, Budget.of(120), form=form, order=order,
                              require_unbounded=True)
    assert v.verdict is VerdictKind.PROVED and v.coverage.unbounded, (v.reason, v.counterexample)
    assert ("in-loop" in (v.form or "")) == (order is ReductionOrder.IN_LOOP)


def test_the_reductions_are_recognised_with_their_operation_and_identity() -> None:
    for name, kind, ident in (("forms/sum_until_negative", ReductionKind.ADD, 0),
                              ("forms/max_before_stop", ReductionKind.SMAX, 0x80),
                              ("forms/count_positive_store", ReductionKind.ADD, 0)):
        prog = model(f"{name}.loop")
        le = analyse(prog)
        head = prog.blocks[le.loop.header]
        ph = next(p for p in head.phis if p.dest not in le.inductions)
        latch = next(op for b, op in ph.incoming if b in le.loop.blocks)
        red = find_reduction(prog, le, ph, latch)
        assert red.kind is kind and red.kind.identity(red.type) == ident


def test_a_value_the_exit_reads_is_not_a_reduction() -> None:
    """`s` feeds the exit test: no lane has its whole value there in the in-loop form."""
    from verifier.frontend.parser import parse

    prog = parse("""loop sum_to_limit(N: i64) {
  array a: i32[N]
  s: i32 = 0
  i = 0
  if (i < N) {
    do {
      if (s > 100) break
      s = s + a[i]
      i = i +nsw 1
    } while (i < N)
  }
  out s
}""", "sum_to_limit.loop")
    with pytest.raises(Unsupported, match="branches on|read by"):
        general_form(prog, 4, ReductionOrder.IN_LOOP)


@pytest.mark.slow
def test_a_float_sum_is_proved_ordered_and_refuted_reassociated() -> None:
    """fadd is not associative: the in-loop form's tree rounds differently, and the
    counterexample shows the two sums' bits."""
    prog = load_program(FSUM, None, "any-poison", frozenset())
    ordered = inductive_equivalence(prog, 4, 16, Budget.of(120), form="simple", order=ReductionOrder.ORDERED)
    assert ordered.verdict is VerdictKind.PROVED and ordered.coverage.unbounded
    tree = inductive_equivalence(prog, 4, 16, Budget.of(120), form="simple", order=ReductionOrder.IN_LOOP)
    assert tree.verdict is VerdictKind.COUNTEREXAMPLE and tree.counterexample is not None
    assert "live-out ret" in tree.counterexample.divergence.summary


# ------------------------------------------------------------------ mutants

def _exit_chain(p: Program, phi: str) -> list[Instr]:
    """The general form's selects that give `phi` at the exiting lane, lane 1's last."""
    code = next(b for n, b in p.blocks.items() if n.startswith("vec.exit"))
    return [i for i in code.instrs if i.dest and i.dest.startswith(f"{phi}.exit")]


def _updates(p: Program, name: str, vf: int) -> list[Operand]:
    """Each lane's value of `name` in the vector body."""
    body = next(b for n, b in p.blocks.items() if n.startswith("vec.body"))
    return [Ref(next(i.dest for i in body.instrs if i.dest and i.dest.startswith(f"{name}.v{j + 1}.")))
            for j in range(vf)]


def _includes_exiting_lane(p: Program) -> None:
    """The exit reads s after the exiting lane's own `s + x`, which the scalar loop skips."""
    ups = _updates(p, "s.2", 4)
    chain = _exit_chain(p, "s.1")  # innermost first: lanes 3|4, then 2, then 1
    chain[0].args[1], chain[0].args[2] = ups[2], ups[3]
    chain[1].args[1] = ups[1]
    chain[2].args[1] = ups[0]


def _misses_lanes_before(p: Program) -> None:
    """The exit reads s as the vector iteration began: the lanes before the exiting one are lost."""
    vphi = next(ph.dest for b in p.blocks.values() for ph in b.phis if ph.dest.startswith("s.1.vec"))
    chain = _exit_chain(p, "s.1")
    chain[0].args[1] = chain[0].args[2] = Ref(vphi)
    chain[1].args[1] = chain[2].args[1] = Ref(vphi)


def _back_edge_misses_last_lane(p: Program) -> None:
    """The vector phi takes lane VF-1's value back: the last lane's element is dropped."""
    ph = next(ph for b in p.blocks.values() for ph in b.phis if ph.dest.startswith("s.1.vec"))
    ups = _updates(p, "s.2", 4)
    ph.incoming[1] = (ph.incoming[1][0], ups[2])


def _unmasked_store(p: Program) -> None:
    """The conditional store runs in every lane, positive element or not."""
    body = next(b for n, b in p.blocks.items() if n.startswith("vec.body"))
    for i in body.instrs:
        if i.op == "store" and i.attrs.masked:
            i.args, i.attrs.masked = i.args[:-1], False


def _reassociated_with_nsw(p: Program) -> None:
    """The in-loop tree adds with nsw: a partial sum may overflow where the scalar
    loop's wrapping running sum gives a value (the tree must not add flags)."""
    for b in p.blocks.values():
        for i in b.instrs:
            if i.dest and i.dest.startswith("s.1.red"):
                i.attrs.flags = ("nsw",)


ORDERED, IN_LOOP = ReductionOrder.ORDERED, ReductionOrder.IN_LOOP
MUTANTS: list[tuple[str, str, str, ReductionOrder, Callable[[Program], None]]] = [
    ("includes the exiting lane", "forms/sum_until_negative", "general", ORDERED, _includes_exiting_lane),
    ("misses the lanes before the exit", "forms/sum_until_negative", "general", ORDERED, _misses_lanes_before),
    ("back edge misses the last lane", "forms/sum_until_negative", "simple", ORDERED, _back_edge_misses_last_lane),
    ("in-loop tree with nsw (general)", "forms/sum_until_zero", "general", IN_LOOP, _reassociated_with_nsw),
    ("in-loop tree with nsw (simple)", "forms/sum_until_zero", "simple", IN_LOOP, _reassociated_with_nsw),
    ("unmasked conditional store (general)", "forms/count_positive_store", "general", ORDERED, _unmasked_store),
    ("unmasked conditional store (simple)", "forms/count_positive_store", "simple", ORDERED, _unmasked_store),
]


@pytest.mark.slow
@pytest.mark.parametrize(("what", "name", "form", "order", "mutate"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_a_broken_reduction_or_conditional_store_is_refuted(what: str, name: str, form: str, order: ReductionOrder,
                                                            mutate: Callable[[Program], None]) -> None:
    prog = model(f"{name}.loop")
    built = general_form(prog, 4, order) if form == "general" else simple_form(prog, 4, order=order)  # proved above
    p = copy.deepcopy(built.program)
    mutate(p)
    v = refinement(prog, p, max_trip=8, budget=Budget.of(120))
    assert v.verdict is VerdictKind.COUNTEREXAMPLE and v.counterexample is not None, (what, v.reason)



def test_concrete_tests_on_ordinary_floats_find_the_rounding_at_once() -> None:
    """Float code's tests draw elements from ordinary floats (falsify.FLOAT_POOL): 0.1
    summed in two orders differs in its last bit, found by running the programs, in
    a budget the solver's search (some 40 s) does not fit in."""
    prog = load_program(FSUM, None, "any-poison", frozenset())
    v = inductive_equivalence(prog, 4, 16, Budget.of(5), form="simple", order=ReductionOrder.IN_LOOP)
    assert v.verdict is VerdictKind.COUNTEREXAMPLE and v.counterexample is not None
    assert "live-out ret" in v.counterexample.divergence.summary


def test_an_exit_on_a_running_value_is_unknown_in_the_simple_form_not_an_internal_error() -> None:
    """The corpus's u_checksum_until leaves when its running checksum passes a limit:
    the simple form's anyof reads that carried value as the general form's slices do
    (the vector phi in lane 1) and says why it cannot; it was a KeyError."""
    prog = load_program(MODELS / "llvm" / "corpus" / "u_checksum_until.scalar.ll", "u_checksum_until", "any-poison",
                        frozenset())
    for form in ("simple", "general"):
        v = inductive_equivalence(prog, 4, 16, Budget.of(30), form=form)
        assert v.verdict is VerdictKind.UNKNOWN and "loop-carried value" in (v.reason or ""), (form, v.reason)
