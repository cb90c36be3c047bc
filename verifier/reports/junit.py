"""Suite outcomes as JUnit XML, the format CI systems (GitHub Actions reporters,
GitLab, Jenkins) read: one <testsuite> per suite file, one <testcase> per
obligation (classname: the suite file; time: this run's, a cached answer's near 0); a
verdict other than the expected one is a <failure> carrying the counterexample, a
broken suite entry an <error>. The layout keeps to Jenkins xUnit's junit-10.xsd
(which Jenkins, GitLab and GitHub's reporters read): properties only on a <testsuite>,
an obligation's line, check, expectation and verdict in its <system-out>."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from verifier.suite import Outcome


def junit_xml(outcomes: Sequence[Outcome]) -> str:
    """The suite's outcomes as JUnit XML: one testsuite per suite file, one testcase per
    obligation (a failure for a mismatch or a timeout, an error for a mistake)."""
    root = ET.Element("testsuites", {"name": "verifier suite", **_counts(outcomes)})
    by_file: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_file.setdefault(o.file, []).append(o)
    for file, group in by_file.items():
        ts = ET.SubElement(root, "testsuite", {"name": file, **_counts(group)})
        props = ET.SubElement(ts, "properties")
        ET.SubElement(props, "property", name="cached", value=str(sum(o.cached for o in group)))
        for o in group:
            _testcase(ts, file, o)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _counts(group: Sequence[Outcome]) -> dict[str, str]:
    """A testsuite's attributes: tests, failures, errors and time."""
    return {"tests": str(len(group)), "failures": str(sum(o.error is None and not o.as_expected for o in group)),
            "errors": str(sum(o.error is not None for o in group)), "time": f"{sum(o.seconds for o in group):.3f}"}


def _testcase(ts: ET.Element, file: str, o: Outcome) -> None:
    """One obligation's testcase in `ts`."""
    tc = ET.SubElement(ts, "testcase", classname=file, name=o.name, time=f"{o.seconds:.3f}")
    facts = (f"{file}:{o.line}: check {o.check}, expected {o.expect}, verdict {o.verdict}"
             + (" (from the cache)" if o.cached else ""))
    if o.error is not None:
        err = ET.SubElement(tc, "error", message=o.error)
        err.text = o.error
    elif o.timed_out:
        f = ET.SubElement(tc, "failure", type="timeout",
                          message=f"expected {o.expect}, got {o.verdict}: the wall-clock safety net fired")
        f.text = o.text
    elif not o.as_expected:
        f = ET.SubElement(tc, "failure", message=f"expected {o.expect}, got {o.verdict}", type=o.verdict)
        f.text = o.text
    out = ET.SubElement(tc, "system-out")
    out.text = facts + ("\n" + o.text if o.text else "")
