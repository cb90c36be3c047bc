"""Equivalence of a scalar loop with the vectorized form the tool generates
(seed 000, "General vs. Simple"): generate, then refine with the generator's own
loop bounds (checks/refinement.py)."""

from __future__ import annotations

import time

from verifier.checks.added_ub import Limits
from verifier.checks.legality import repair_guards
from verifier.checks.refinement import refinement
from verifier.checks.verdict import Verdict
from verifier.ir.program import Program
from verifier.transforms.lanes import Unsupported
from verifier.transforms.simple_form import SimpleForm, simple_form


def generated_simple_form(prog: Program, vf: int, with_guards: bool = False, timeout: float = 60.0) -> SimpleForm:
    """The simple form, with the runtime guards the speculation repair proves if asked."""
    found = repair_guards(prog, vf, Limits(timeout=timeout)) if with_guards else ()
    return simple_form(prog, vf, found)


def form_equivalence(prog: Program, vf: int, max_trip: int, timeout: float = 60.0,
                     with_guards: bool = False) -> Verdict:
    """The scalar loop refined by its simple form (unknown when the form cannot be built)."""
    t0 = time.perf_counter()
    try:
        sf = generated_simple_form(prog, vf, with_guards, timeout)
    except Unsupported as u:
        return Verdict(prog.name, "equiv", "unknown", time.perf_counter() - t0, reason=str(u), vf=vf, form="simple")
    v = refinement(prog, sf.program, max_trip=max_trip, timeout=timeout, check_name="equiv",
                   target_unroll=sf.unroll(max_trip))
    v.model, v.vf, v.form = prog.name, vf, "simple"
    return v
