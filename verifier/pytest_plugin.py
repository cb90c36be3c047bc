"""A pytest plugin (registered through the package's `pytest11` entry point): `pytest
proofs/` collects every suite file and runs each obligation as a test item whose
failure shows the counterexample; `pytest -n auto` (pytest-xdist) spreads the items
over cores. Answers come from the suites' result cache (the same as `verifier suite`'s,
at the project root) unless `--verifier-no-cache`. Only TOML files holding `[[obligation]]` tables are collected, so a
project's pyproject.toml is left alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from verifier.errors import UserError
from verifier.suite import Obligation, load


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix == ".toml" and "[[obligation]]" in file_path.read_text(errors="replace"):
        return SuiteFile.from_parent(parent, path=file_path)
    return None


class SuiteFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            obligations = load(self.path)
        except UserError as e:
            raise self.CollectError(str(e)) from None
        for ob in obligations:
            yield ObligationItem.from_parent(self, name=ob.name, obligation=ob)


class ObligationMismatch(Exception):
    """The obligation's verdict is not the expected one; carries the report."""


class ObligationItem(pytest.Item):
    def __init__(self, *, obligation: Obligation, **kw: Any) -> None:
        super().__init__(**kw)
        self.obligation = obligation
        self.add_marker(pytest.mark.proof)

    def runtest(self) -> None:
        from verifier.cache import ResultCache
        from verifier.runner import run_suite

        fresh = bool(self.config.getoption("verifier_no_cache", False))
        cache = ResultCache.at(near=self.obligation.file)
        oc = run_suite([self.obligation], cache=cache, read_cache=not fresh)[0]
        if oc.error is not None:
            raise ObligationMismatch(f"error: {oc.error}")
        if not oc.as_expected:
            raise ObligationMismatch(f"expected {oc.expect}, got {oc.verdict}\n{oc.text}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ObligationMismatch):
            return f"{self.obligation.where}: {self.obligation.name}\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.obligation.line - 1, f"{self.obligation.check}: {self.obligation.name}"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--verifier-no-cache", action="store_true", dest="verifier_no_cache",
                     help="verifier proof suites: solve every obligation again (answers are still stored)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "proof: an obligation of a verifier proof suite")
