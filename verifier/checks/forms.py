"""Equivalence of a scalar loop with the vectorized forms the tool generates
(seed 000, "General vs. Simple"): generate, then refine with the generator's own
loop bounds (checks/refinement.py)."""

from __future__ import annotations

from verifier.analysis.exits import analyse
from verifier.checks.added_ub import Limits
from verifier.checks.first_iteration import first_vector_iteration
from verifier.checks.legality import repair_guards
from verifier.checks.lockstep import applicable, lockstep
from verifier.checks.refinement import refinement
from verifier.checks.verdict import (
    Check,
    Coverage,
    EveryTripCount,
    Verdict,
    VerdictKind,
)
from verifier.errors import UserError
from verifier.ir.program import Program
from verifier.smt.budget import Budget, Stopwatch
from verifier.transforms.general_form import GeneralForm, general_form
from verifier.transforms.lanes import Unsupported
from verifier.transforms.reductions import ReductionOrder, form_label
from verifier.transforms.simple_form import SimpleForm, simple_form
from verifier.transforms.step import source_step, target_step
from verifier.transforms.vector_loop import Form, VectorForm
from verifier.transforms.window import NoWindow

FORMS = tuple(Form)


def forms_of(choice: str) -> tuple[Form, ...]:
    """`general`, `simple` or `both`, as the forms to generate."""
    if choice == "both":
        return FORMS
    if choice not in FORMS:
        raise UserError(f"--form {choice}: expected general, simple or both")
    return (Form(choice),)


def generate(prog: Program, form: Form, vf: int, with_guards: bool = False,
             timeout: float = 60.0, order: ReductionOrder = ReductionOrder.ORDERED) -> GeneralForm | SimpleForm:
    """The vectorized form `form` of prog's loop; the simple form takes the runtime
    guards the speculation repair proves if asked (the general form has none), each
    exit's repair within `timeout` seconds; reductions vectorized in `order`."""
    if Form(form) is Form.GENERAL:  # (a caller's "general" too)
        if with_guards:
            raise UserError("--guards: runtime guards belong to the simple form (seed 000, "
                            "\"General vs. Simple\"); the general form has none")
        return general_form(prog, vf, order)
    found = repair_guards(prog, vf, Limits(timeout=timeout)) if with_guards else ()
    return simple_form(prog, vf, found, order)


def form_equivalence(prog: Program, vf: int, max_trip: int, budget: Budget,
                     with_guards: bool = False, form: Form = Form.SIMPLE, concrete_tests: bool = True,
                     order: ReductionOrder = ReductionOrder.ORDERED) -> Verdict:
    """The scalar loop refined by its generated form (unknown when it cannot be built);
    `concrete_tests` off: the solver alone looks for a counterexample."""
    sw = Stopwatch()
    try:
        vform = generate(prog, form, vf, with_guards, budget.seconds, order)
    except Unsupported as u:
        return Verdict(prog.name, Check.EQUIV, VerdictKind.UNKNOWN, sw(), reason=str(u), vf=vf,
                       form=form_label(form, order))
    # the chained check gets the whole allowance again (the guards' repair is not counted)
    v = _by_steps(prog, vform, max_trip, budget.again(), concrete_tests)
    if v is None or (v.verdict is VerdictKind.UNKNOWN and budget.left() >= 1.0):
        v = refinement(prog, vform.program, max_trip, budget.remainder(), check_name=Check.EQUIV,
                       target_unroll=vform.unroll(max_trip))
    return v.but(model=prog.name, vf=vf, form=form_label(form, order), seconds=sw())


def _by_steps(prog: Program, vform: VectorForm, max_trip: int, budget: Budget,
              concrete_tests: bool = True) -> Verdict | None:
    """The bounded check one vector iteration at a time (checks/lockstep.py), where
    the step programs can be built; None where they cannot or it does not apply."""
    if applicable(prog, vform) is not None:
        return None
    try:
        le = analyse(prog)
        src, tgt = source_step(prog, le, vform.vf), target_step(vform, prog, le, mark_handover=True)
    except (Unsupported, NoWindow):
        return None
    return lockstep(prog, vform, src, tgt, max_trip, budget, concrete_tests=concrete_tests)


def inductive_equivalence(prog: Program, vf: int, max_trip: int, budget: Budget,
                          with_guards: bool = False, form: Form = Form.SIMPLE,
                          require_unbounded: bool = False, concrete_tests: bool = True,
                          order: ReductionOrder = ReductionOrder.ORDERED) -> Verdict:
    """Equivalence for every trip count (transforms/step.py): one vector iteration from
    any state refines VF scalar iterations. Where that step cannot be built or fails
    (an unreachable state, or a real bug) the bounded check decides: a counterexample
    stands; a bounded proof is reported as such, or as unknown if `require_unbounded`."""
    sw = Stopwatch()
    why = ""
    try:
        vform = generate(prog, form, vf, with_guards, budget.seconds, order)
        le = analyse(prog)
        src, tgt = source_step(prog, le, vf), target_step(vform, prog, le)
    except Unsupported as u:
        return Verdict(prog.name, Check.EQUIV, VerdictKind.UNKNOWN, sw(), reason=str(u), vf=vf, form=form_label(form, order))
    except NoWindow as nw:
        why = f"the induction does not apply: {nw}"
    if not why and applicable(prog, vform) is None:
        # the chain's first step and the free one: the induction, and if it does not
        # close, the bounded check step by step
        # the chain gets the whole allowance again (the guards' repair is not counted)
        chained = lockstep(prog, vform, src, target_step(vform, prog, le, mark_handover=True), max_trip,
                           budget.again(), unbounded=True, concrete_tests=concrete_tests)
        if chained is not None and chained.verdict is VerdictKind.PROVED and not chained.coverage.unbounded:
            # the chain's free step abstracts nonlinear operations (checks/lockstep.py) and
            # may not close where the exact step does (an in-loop product's reassociation)
            step = induction_step(prog, vform, budget.remainder(), src, tgt, minimize_budget=1.0,
                                  param_limit=max_trip)
            if step.verdict is VerdictKind.PROVED:
                return step.but(seconds=sw(), form=form_label(form, order))
        if chained is not None:
            chained = chained.but(model=prog.name, vf=vf, form=form_label(form, order))
            if not chained.coverage.unbounded:
                chained = _bounded_only(chained, "the induction over one vector iteration does not close (from a "
                                        "state at a vector iteration's start that the loop may never reach)",
                                        max_trip, require_unbounded)
            return chained.but(seconds=sw())
    if not why:
        # its counterexample only says why (the first vector iteration shows a real one)
        # the step alone gets the whole allowance again (where the chain does not apply)
        step = induction_step(prog, vform, budget.again(), src, tgt, minimize_budget=1.0, param_limit=max_trip)
        if step.verdict is VerdictKind.PROVED:
            return step.but(seconds=sw(), form=form_label(form, order))
        why = "the induction over one vector iteration does not close: " + (
            step.reason or (step.counterexample.divergence.summary if step.counterexample else ""))
        if step.verdict is VerdictKind.COUNTEREXAMPLE:
            # the step's state may be unreachable; the loop's own first vector iteration
            # is not, and is far cheaper than unrolling every trip count up to the bound
            assert step.counterexample is not None
            first = first_vector_iteration(prog, vform, src, tgt, budget.remainder(), step.counterexample.inputs,
                                           max_trip)
            if first.verdict is VerdictKind.COUNTEREXAMPLE:
                return first.but(seconds=sw(), form=form_label(form, order))
    if budget.left() < 1.0:  # encoding the unrolled check alone can take longer than the solver
        return Verdict(prog.name, Check.EQUIV, VerdictKind.UNKNOWN, sw(), vf=vf, form=form_label(form, order),
                       reason=f"solver timeout: {budget.seconds:g} s spent before the bounded check ({why})")
    bounded = form_equivalence(prog, vf, max_trip, Budget.of(budget.left()), with_guards, form, concrete_tests,
                               order)
    return _bounded_only(bounded, why, max_trip, require_unbounded).but(seconds=sw())


def _bounded_only(v: Verdict, why: str, max_trip: int, require_unbounded: bool) -> Verdict:
    """A bounded proof saying why it is not more, and unknown where every trip count
    was asked for."""
    if v.verdict is not VerdictKind.PROVED:
        return v
    v = v.but(coverage=v.coverage.but(why_bounded=why))
    if require_unbounded:
        return v.but(verdict=VerdictKind.UNKNOWN, reason=f"proved for trip counts up to {max_trip} only: {why}")
    return v


def induction_step(prog: Program, vform: VectorForm, budget: Budget, src: Program | None = None,
                   tgt: Program | None = None, minimize_budget: float = 30.0,
                   param_limit: int | None = None) -> Verdict:
    """The inductive step alone: proved means equivalence for every trip count; a
    counterexample here starts from a window state, which may be unreachable
    (`param_limit`: see refinement; its inputs are replayed on the whole programs)."""
    if src is None or tgt is None:
        le = analyse(prog)
        src, tgt = source_step(prog, le, vform.vf), target_step(vform, prog, le)
    vf = vform.vf
    step = refinement(src, tgt, vf, budget, check_name=Check.EQUIV,
                      minimize_budget=minimize_budget, target_unroll=vform.step_unroll(),
                      param_limit=param_limit)
    step = step.but(model=prog.name, vf=vf, form=_form_name(vform))
    if step.verdict is VerdictKind.PROVED:
        return step.but(coverage=Coverage(EveryTripCount(window=vf)))
    return step


def _form_name(vform: VectorForm) -> str:
    return Form.GENERAL if isinstance(vform, GeneralForm) else Form.SIMPLE
