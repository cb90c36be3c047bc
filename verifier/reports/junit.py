"""Suite outcomes as JUnit XML, the format CI systems (GitHub Actions reporters,
GitLab, Jenkins) read: one <testsuite> per suite file, one <testcase> per
obligation; a verdict other than the expected one is a <failure> carrying the
counterexample, a broken suite entry an <error>."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from verifier.suite import Outcome


def junit_xml(outcomes: Sequence[Outcome]) -> str:
    root = ET.Element("testsuites", name="verifier suite", tests=str(len(outcomes)),
                      failures=str(sum(o.error is None and not o.as_expected for o in outcomes)),
                      errors=str(sum(o.error is not None for o in outcomes)),
                      time=f"{sum(o.seconds for o in outcomes):.3f}")
    by_file: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_file.setdefault(o.file, []).append(o)
    for file, group in by_file.items():
        ts = ET.SubElement(root, "testsuite", name=file, tests=str(len(group)),
                           failures=str(sum(o.error is None and not o.as_expected for o in group)),
                           errors=str(sum(o.error is not None for o in group)),
                           time=f"{sum(o.seconds for o in group):.3f}")
        for o in group:
            tc = ET.SubElement(ts, "testcase", classname=f"{file}:{o.line}", name=o.name, time=f"{o.seconds:.3f}")
            props = ET.SubElement(tc, "properties")
            for k, v in (("check", o.check), ("expected", o.expect), ("verdict", o.verdict), ("cached", str(o.cached))):
                ET.SubElement(props, "property", name=k, value=v)
            if o.error is not None:
                err = ET.SubElement(tc, "error", message=o.error)
                err.text = o.error
            elif not o.as_expected:
                f = ET.SubElement(tc, "failure", message=f"expected {o.expect}, got {o.verdict}", type=o.verdict)
                f.text = o.text
            else:
                out = ET.SubElement(tc, "system-out")
                out.text = o.text
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
