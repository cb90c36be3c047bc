"""A project scan's reports: a table of the early-exit loops (what LLVM did, what
the checks say), a summary with the unknowns by reason, one JSON record per loop,
and the records SARIF alerts are made of."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from verifier.checks.verdict import VerdictKind
from verifier.reports import jsonout
from verifier.reports.names import demangled
from verifier.reports.table import render_table
from verifier.scan.plan import Question, ScanRow
from verifier.scan.units import LLVMDid, UnitScan

REASON_WIDTH = 90  # an unknown's reason, as the summary groups it


def _place(row: ScanRow, root: Path) -> str:
    try:
        shown = row.loop.unit.relative_to(root.resolve())
    except ValueError:
        shown = row.loop.unit
    return f"{shown}:{row.loop.line}" if row.loop.line else str(shown)


def _answers(row: ScanRow) -> str:
    """What the checks said, `question: verdict` for each asked."""
    said = [f"{q.value}: {oc.verdict}" for q, oc in row.answers.items()]
    return "; ".join(said + (["forms: not asked"] if row.forms_skipped else []))


def loop_table(rows: list[ScanRow], root: Path, width: int | None) -> list[str]:
    """The loops' table: place, function, what LLVM did and the verdicts."""
    table = [["loop", "function", "LLVM", "verdicts"]]
    for row in rows:
        table.append([_place(row, root), demangled(row.loop.function), row.loop.did.value, _answers(row)])
    return render_table(table, width)


def reason_key(reason: str) -> str:
    """An unknown's reason as the summary groups it: without the places it names
    (`t.c:12:3 (inlined from t.c:40:9): `), values' names (`@foo`, `%v4`) and line
    numbers, cut to REASON_WIDTH."""
    text = _PLACE.sub("", reason.strip())
    text = _NAME.sub("_", text)
    text = _LINE_NO.sub(r"\1 _", text)
    key = " ".join(text.split())
    return key if len(key) <= REASON_WIDTH else key[:REASON_WIDTH - 3] + "..."


_PLACE = re.compile(r"\S+:\d+:\d+(?: \(inlined from [^)]*\))?: ")
_NAME = re.compile(r"[@%](?:\"[^\"]*\"|[-\w.$]+)")
_LINE_NO = re.compile(r"\b(line|lines|block|at) \d+")


def summary(units: list[UnitScan], rows: list[ScanRow]) -> list[str]:
    """The scan in a few lines: what was compiled, what LLVM did, what we proved, and
    the unknowns by reason (most frequent first)."""
    return [*_census(units, rows), *_vectorized([r for r in rows if r.loop.did is LLVMDid.VECTORIZED]),
            _left([r for r in rows if r.loop.did is LLVMDid.LEFT]), *_reasons(rows)]


def _census(units: list[UnitScan], rows: list[ScanRow]) -> list[str]:
    """What was compiled and which functions were asked about."""
    out = [f"{len(units)} unit(s): {sum(u.functions for u in units)} functions, "
           f"{sum(u.with_loops for u in units)} with loops, {len(rows)} with a loop that exits on data (checked)"]
    chasing = sum(len(u.chasing) for u in units)
    if chasing:
        out.append(f"  and {chasing} whose loops exit on data only while walking a linked structure (p = p->next): "
                   "out of scope, no lane's address is known before the previous lane's load")
    calling = sum(len(u.calling) for u in units)
    if calling:
        out.append(f"  and {calling} whose loops exit on data only around calls that may write memory or not return "
                   "(fread, deflate): out of scope, a vector iteration would make calls the scalar loop does not")
    idioms = sum(len(u.idioms) for u in units)
    if idioms:
        out.append(f"  and {idioms} whose loop clang turned into a library call (strlen, memchr, ...) before the "
                   "vectorizer: no loop left to check")
    counted = sum(len(u.counted_only) for u in units)
    if counted:
        out.append(f"  of which {counted} LLVM vectorized only on a count (their early-exit loop left alone)")
    refused = sum(1 for u in units if u.error is not None)
    if refused:
        out.append(f"{refused} unit(s) not compiled (see above)")
    return out


def _vectorized(vec: list[ScanRow]) -> list[str]:
    """The validations of LLVM's outputs, and how many refutations are the cttz.elts finding."""
    out = [f"LLVM vectorized {len(vec)}: validation {_tally(vec, Question.VALIDATION)}"]
    cttz = sum(1 for r in vec if (r.verdict(Question.VALIDATION), r.verdict(Question.FIRST_TRUE))
               == ("counterexample", "proved"))
    if cttz:
        out.append(f"  of the counterexamples, {cttz} the cttz.elts finding: LLVM's output finds its exit lane "
                   "with llvm.experimental.cttz.elts over lanes LangRef makes poison; proved under LLVM's "
                   "code-generation reading (--cttz-elts first-true)")
    return out


def _left(left: list[ScanRow]) -> str:
    """The loops LLVM left: our speculation verdicts, and the forms proved."""
    line = f"LLVM left {len(left)}: speculation {_tally(left, Question.SPECULATION)}"
    if any(Question.GENERAL in r.answers for r in left):
        forms = [(r.verdict(Question.GENERAL), r.verdict(Question.SIMPLE)) for r in left]
        both = forms.count(("proved", "proved"))
        either = sum(1 for f in forms if "proved" in f)
        line += f"; our forms proved for {either} ({both} both)"
    skipped = sum(r.forms_skipped for r in left)
    if skipped:
        line += (f"; forms not asked for {skipped} whose speculation is refuted (both forms compute the exits "
                 "for VF lanes)")
    return line


def _reasons(rows: list[ScanRow]) -> list[str]:
    """The unknowns grouped by reason, most frequent first."""
    reasons = Counter(reason_key(r.reason) for r in rows if r.reason)
    if not reasons:
        return []
    return ["unknown, by reason:", *(f"  {n:4d}  {why}" for why, n in reasons.most_common())]


def _tally(rows: list[ScanRow], q: Question) -> str:
    counts = Counter(r.verdict(q) for r in rows)
    return ", ".join(f"{counts.get(k, 0)} {k}" for k in (*VerdictKind, "error") if k != "error" or counts.get(k))


def unit_problems(units: list[UnitScan]) -> list[str]:
    """The units clang or opt refused, and those compiled otherwise than the project
    does (each said once)."""
    out = []
    for u in units:
        if u.error is not None:
            out.append(f"{u.unit.file}: not compiled: {u.error}")
    notes = Counter(u.note for u in units if u.note)
    out.extend(f"{n} unit(s) {note}" for note, n in notes.items())
    return out


def record(row: ScanRow) -> dict[str, Any]:
    """A loop's JSON record: where, what LLVM did, and each question's verdict record."""
    return {"record": "scan-loop", "file": str(row.loop.unit), "line": row.loop.line,
            "function": row.loop.function, "name": demangled(row.loop.function), "llvm": row.loop.did.value,
            "remark": row.loop.remark, "loops": row.loop.loops, "forms_skipped": row.forms_skipped,
            "answers": {q.value: jsonout.obligation(oc) for q, oc in row.answers.items()}}


def unit_record(u: UnitScan) -> dict[str, Any]:
    """A unit's JSON record: its counts and what kept it from being compiled."""
    return {"record": "scan-unit", "file": str(u.unit.file), "functions": u.functions, "with_loops": u.with_loops,
            "early_exit_loops": len(u.loops), "linked_walks": len(u.chasing), "calls_with_effects": len(u.calling),
            "counted_only": len(u.counted_only), "library_calls": len(u.idioms),
            "error": u.error, "note": u.note, "seconds": round(u.seconds, 3)}


def alerts(rows: list[ScanRow]) -> list[dict[str, Any]]:
    """The verdict records SARIF shows: LLVM's outputs that are refuted or undecided
    (a loop LLVM left alone is not an alert, whatever its checks say)."""
    return [jsonout.obligation(oc) for r in rows for q, oc in r.answers.items() if q is Question.VALIDATION]
