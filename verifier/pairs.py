"""Pairs read with the emitter's help, above the front end and the checks.

- A source and the vectorized form the tool generates for it (`equiv` without a
  target, `check --form`, a suite's `form = ...`): the one generator of forms is the
  emitter (emit/vectorize.py); where it writes none the verdict is unknown and names
  the construct. LLVM IR is compared with its form directly; a model
  is lowered to LLVM IR first (emit/lower.py), its form emitted from that, and the
  form compared with the model itself over the lowering's environment
  (frontend/bridge.py), so a proof is about the model, not only its lowering.
- A model against any LLVM function: the function may claim nothing the model's
  lowering does not (`claims_beyond_the_model`), and a run that differs only at a
  bool byte over 1 is no run of the model (`model_input`)."""

from __future__ import annotations

import dataclasses
import re
import tempfile
from pathlib import Path

from verifier import frontend
from verifier.checks.dispatch import Request
from verifier.checks.verdict import Check, Verdict, VerdictKind, note_assumptions
from verifier.driver import Guard, answer
from verifier.emit.lower import lower_model
from verifier.emit.reader import EmitUnsupported
from verifier.emit.vectorize import emit_form
from verifier.errors import UserError
from verifier.frontend.read import Read
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.program import Assumption
from verifier.transforms.vector_loop import Form, ReductionOrder, form_label


def by_the_emitter(req: Request) -> bool:
    """A request the emitter's form answers: equiv without a target (with or without
    runtime guards)."""
    return req.check is Check.EQUIV


def form_verdict(req: Request, source: Path, func: str | None = None, cttz_elts: str = "any-poison",
                 assume: frozenset[Assumption] = frozenset(), guard: Guard | None = None,
                 debug_locations: bool = False) -> Verdict:
    """`req` (equiv, no target) on the form the emitter writes for `source`'s loop at
    req.vf: proved, refuted with a replayed run, or unknown naming what could not be
    emitted or read. The trip bound is the form question's (4*VF unless given)."""
    label = form_label(req.form, req.reduction)
    # the target is LLVM IR: translation validation's strategies (concrete tests, the
    # chain one vector iteration at a time) whichever the source is
    pair = dataclasses.replace(req, both_llvm=True, max_trip=req.bound)
    with tempfile.TemporaryDirectory(prefix="verifier-form-") as d:
        try:
            form, name = emitted_form(source, func, req.form, req.vf, req.reduction, Path(d), req.guards)
        except EmitUnsupported as u:
            return note_assumptions([Verdict(func or _function_name(source), Check.EQUIV, VerdictKind.UNKNOWN, 0.0,
                                             reason=f"the emitter writes no {label} form here: {u}", vf=req.vf,
                                             form=label)], names=tuple(sorted(assume)))[0]

        def read(room: frozenset[str], vscale: int | None) -> Read:
            return frontend.read_pair(source, form, name, cttz_elts, assume, room, debug_locations, vscale)

        try:
            v = answer([pair], read, guard).verdicts[0]
        except (LLUnsupported, UserError) as u:  # (UserError: the bridge cannot read the two together)
            why = u.message if isinstance(u, UserError) else str(u)
            v = note_assumptions([Verdict(name, Check.EQUIV, VerdictKind.UNKNOWN, 0.0,
                                          reason=f"the source and its {label} form cannot be compared: {why}")],
                                 names=tuple(sorted(assume)))[0]
        shown = form.name  # the temporary folder's name would differ in every run
        v.rename_file(str(form), shown)
    if source.suffix == ".loop":
        v = model_input(v, source)
    if v.verdict is VerdictKind.COUNTEREXAMPLE:  # its lines are in a file that is gone
        how = f"verifier vectorize {source} --form {req.form} --vf {req.vf}" + (
            f" --reduction {req.reduction}" if req.reduction is not ReductionOrder.ORDERED else "") + (
            " --guards" if req.guards else "")
        v = v.but(advice=[*v.advice, f"the form's lines (`at {shown}:LINE`) are those of `{how} --emit-llvm "
                                     f"{shown}`"])
    return v.but(model=name, vf=req.vf, form=label)  # (not "name -> name": the form is named by `form`)


def _function_name(source: Path) -> str:
    """The loop's name in `source`: a model's, or a module's one defined function's."""
    if source.suffix == ".loop":
        return frontend.load_program(source).name
    names = re.findall(r"^define [^@]*@\"?([-\w.$]+)", source.read_text(), re.M)
    return names[0] if len(names) == 1 else source.stem


def emitted_form(source: Path, func: str | None, form: Form, vf: int, order: ReductionOrder,
                 work: Path, guards: bool = False) -> tuple[Path, str]:
    """The form's module written in `work`, and its function's name; a model is
    lowered to LLVM IR first (EmitUnsupported names what cannot be lowered or emitted)."""
    if source.suffix == ".loop":
        lowered = lower_model(frontend.load_program(source))
        scalar = work / f"{lowered.function}.scalar.ll"
        scalar.write_text(lowered.module)
        source, func = scalar, lowered.function
    emitted = emit_form(source, func, form, vf, order, guards)
    out = work / f"{emitted.function}.{form}.ll"
    out.write_text(emitted.module)
    return out, emitted.function


def claims_beyond_the_model(model: Path, target: Path, func: str | None) -> None:
    """A function compared with a model claims nothing its lowering (emit/lower.py, the
    model in LLVM's words) does not: `memory(none)`, `writeonly` or a larger `align`
    would be claims the comparison does not check (LLUnsupported names them)."""
    from verifier.frontend.llvm.module import callee_claims, target_claims

    prog = frontend.load_program(model)
    try:
        lowered = lower_model(prog)
    except EmitUnsupported as u:
        raise LLUnsupported(f"{model}: the model has no LLVM IR to hold {target}'s claims against: {u}") from None
    name = func or prog.name
    with tempfile.TemporaryDirectory(prefix="verifier-") as d:
        src = Path(d) / f"{prog.name}.ll"
        src.write_text(lowered.module.replace(f"@{prog.name}(", f"@{name}(", 1))
        claims = target_claims(src, target, name) + callee_claims(src, target, name)
    if claims:
        raise LLUnsupported(f"{target} claims what the model does not ({'; '.join(claims)}): the comparison does "
                            "not check these claims")


def model_input(v: Verdict, model: Path) -> Verdict:
    """A counterexample against a model whose inputs hold a byte over 1 in a bool array
    (no input of the model, frontend/bridge.py) is no counterexample to the model."""
    c = v.counterexample
    if v.verdict is not VerdictKind.COUNTEREXAMPLE or c is None or c.inputs is None:
        return v
    bools = {a.name for a in frontend.load_program(model).arrays if a.elem.bits == 1}
    over = sorted(n for n in bools if any(x not in (None, 0, 1) for x in c.inputs.arrays.get(n, [])))
    if not over:
        return v
    return v.but(verdict=VerdictKind.UNKNOWN, counterexample=None,
                 reason=f"the only run found that differs holds a byte over 1 in bool array(s) {', '.join(over)}, "
                        "which the model cannot hold")
