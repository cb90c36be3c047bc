"""Checks return verdicts; none edits one (`Verdict.but` makes the changed copy): no
module of verifier/checks/ or the driver assigns a verdict's field, or appends to one,
outside the class's own methods. Read from the source; the rule is shown to fire."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from verifier.checks.verdict import Verdict, VerdictKind

PACKAGE = Path(__file__).resolve().parent.parent / "verifier"
FIELDS = frozenset(f.name for f in dataclasses.fields(Verdict))


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = node.targets
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        found = [node.target]
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr in ("append", "extend", "update", "insert"):
        found = [node.func.value]
    else:
        return []
    return [e for t in found for e in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t])]


def _edits(source: str) -> list[str]:
    """Assignments to (or in-place growth of) a verdict field of anything but `self`;
    a counterexample's divergence, which the check that found it words, excepted."""
    out = []
    for node in ast.walk(ast.parse(source)):
        for t in _targets(node):
            if not isinstance(t, ast.Attribute) or t.attr not in FIELDS:
                continue
            base = t.value
            if isinstance(base, ast.Name) and base.id == "self":
                continue
            if isinstance(base, ast.Attribute) and base.attr == "divergence":
                continue
            out.append(f"line {node.lineno}: {ast.unparse(t)}")
    return out


def test_the_rule_fires() -> None:
    assert _edits("v.verdict = VerdictKind.UNKNOWN") and _edits("v.seconds += sw()")
    assert _edits("v.model, v.vf = p.name, 4") and _edits("v.advice.append(x)")
    assert not _edits("v = v.but(seconds=sw())") and not _edits("self.reason = why")
    assert not _edits("c.divergence.loc = ins.loc")


def test_no_check_edits_a_verdict() -> None:
    files = [*sorted((PACKAGE / "checks").glob("*.py")), PACKAGE / "driver.py"]
    found = [f"{f.name} {e}" for f in files if f.name != "verdict.py" for e in _edits(f.read_text())]
    assert not found, found


def test_but_is_a_copy() -> None:
    v = Verdict("m", "equiv", VerdictKind.PROVED, 1.0)
    w = v.but(verdict=VerdictKind.UNKNOWN, reason="why")
    assert (v.verdict, v.reason) == (VerdictKind.PROVED, None) and (w.verdict, w.reason) == (VerdictKind.UNKNOWN, "why")
