"""The questions a scan asks of each early-exit loop, as suite obligations (so the
runner's worker processes, Dask cluster and result cache serve a scan as they serve
a suite), and the loop's row once they are answered.

A loop LLVM vectorized: does its output refine the scalar loop (translation
validation)? A loop LLVM left alone: may its exits be computed for VF lanes
(speculation), and do the two forms this tool emits refine it (general, simple)?
The forms are asked once speculation is answered, and not where it is refuted:
both forms compute the exits for VF lanes, which is what a refutation shows unsafe,
so their proofs could only spend the time limit to say so again."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from verifier.checks.dispatch import Request
from verifier.checks.verdict import Check, VerdictKind
from verifier.reports.names import demangled
from verifier.scan.units import LLVMDid, ScannedLoop
from verifier.suite import Obligation, Outcome
from verifier.transforms.vector_loop import Form

ANY_POISON, FIRST_TRUE = "any-poison", "first-true"  # the cttz.elts readings (LLOptions)
VALIDATION_TRIP = 16  # the bounded look's depth for LLVM's output (as `verifier opt`)


class Question(StrEnum):
    """What a scan asks of a loop."""

    VALIDATION = "validation"  # LLVM's output refines the scalar loop
    # the same where LLVM's output finds its exit lane with cttz.elts, under LLVM's
    # code-generation reading (lanes past the first true one ignored), not LangRef's
    FIRST_TRUE = "validation, first-true"
    SPECULATION = "speculation"  # the exits may be computed for VF lanes at once
    GENERAL = "general"  # this tool's predicated form refines the loop
    SIMPLE = "simple"  # this tool's any-of form with a scalar epilogue refines it


@dataclass(frozen=True)
class Settings:
    """The scan's question settings (the command line's)."""

    vf: int = 4
    timeout: float = 30.0
    cttz_elts: str = "any-poison"
    forms: bool = True  # also emit and prove this tool's forms of loops LLVM left


def questions(loop: ScannedLoop, s: Settings) -> list[tuple[Question, Obligation]]:
    """The first obligations for `loop`, each with the question it answers: LLVM's
    output validated, or the speculation of a loop LLVM left (its forms: form_questions)."""
    if loop.did is LLVMDid.VECTORIZED:
        validation = Request(Check.EQUIV, max_trip=VALIDATION_TRIP, timeout=s.timeout, both_llvm=True)
        asked = [(Question.VALIDATION, validation)]
        if loop.cttz_elts and s.cttz_elts == ANY_POISON:
            asked.append((Question.FIRST_TRUE, validation))
    else:
        asked = [(Question.SPECULATION, Request(Check.SPECULATE, s.vf, timeout=s.timeout))]
    return [(q, _obligation(loop, q, ask, s)) for q, ask in asked]


def form_questions(row: ScanRow, s: Settings) -> list[tuple[Question, Obligation]]:
    """The forms asked of a loop LLVM left, once its speculation is answered (none
    where it is refuted: the row says so, ScanRow.forms_skipped)."""
    if not s.forms or row.loop.did is LLVMDid.VECTORIZED:
        return []
    if row.verdict(Question.SPECULATION) == VerdictKind.COUNTEREXAMPLE:
        row.forms_skipped = True
        return []
    return [(q, _obligation(row.loop, q, Request(Check.EQUIV, s.vf, timeout=s.timeout, form=form), s))
            for q, form in ((Question.GENERAL, Form.GENERAL), (Question.SIMPLE, Form.SIMPLE))]


def _obligation(loop: ScannedLoop, q: Question, ask: Request, s: Settings) -> Obligation:
    name = f"{loop.unit.name}:{loop.line} {demangled(loop.function)} ({q})"
    cttz_elts = FIRST_TRUE if q is Question.FIRST_TRUE else s.cttz_elts
    # what the answer depends on besides the modules' text (the cache key)
    options = {"question": q.value, "func": loop.function, "vf": ask.vf, "max_trip": ask.max_trip,
               "cttz_elts": cttz_elts, "debug_locations": True, "scan": True}
    return Obligation(name, ask, loop.source, loop.target, VerdictKind.PROVED.value, loop.unit, loop.line,
                      func=loop.function, cttz_elts=cttz_elts, options=options, debug_locations=True)


@dataclass
class ScanRow:
    """One early-exit loop and its answers, by question."""

    loop: ScannedLoop
    answers: dict[Question, Outcome] = field(default_factory=dict)
    forms_skipped: bool = False  # the forms were not asked: speculation is refuted

    def verdict(self, q: Question) -> str | None:
        """The question's verdict (`error` where it could not be asked), None if not asked."""
        oc = self.answers.get(q)
        return None if oc is None else oc.verdict

    @property
    def reason(self) -> str | None:
        """Why the row's first undecided answer is unknown (or in error)."""
        for oc in self.answers.values():
            if oc.error is not None:
                return oc.error
            if oc.verdict == VerdictKind.UNKNOWN:
                return str(oc.result.get("reason", "")) or None
        return None


def answer(rows: list[ScanRow], asked: list[list[tuple[Question, Obligation]]], outcomes: list[Outcome]) -> None:
    """Each row given its outcomes (in the obligations' order), by question."""
    k = 0
    for row, qs in zip(rows, asked, strict=True):
        for q, _ in qs:
            row.answers[q] = outcomes[k]
            k += 1
