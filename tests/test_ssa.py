"""analysis/ssa: the SSA construction that places both loop-closing passes' phis."""

from __future__ import annotations

import pytest

from verifier.analysis.ssa import SsaReader


class _Names(SsaReader[str]):
    """Phis as names `phi@block`; the definition at the blocks of `at`."""

    def __init__(self, preds: dict[str, list[str]], at: dict[str, str], unreached: str | None = None) -> None:
        super().__init__(preds, unreached)
        self.at = at
        self.phis: dict[str, list[tuple[str, str]]] = {}

    def defined(self, block: str) -> str | None:
        return self.at.get(block)

    def new_phi(self, block: str) -> str:
        self.phis[block] = []
        return f"phi@{block}"

    def fill(self, block: str, phi: str, incoming: list[tuple[str, str]]) -> None:
        self.phis[block] = incoming


def test_a_straight_line_reads_the_definition_and_a_join_gets_a_phi() -> None:
    preds = {"d": [], "a": ["d"], "b": ["d"], "j": ["a", "b"], "after": ["j"]}
    r = _Names(preds, {"d": "x", "b": "y"})
    assert r("a") == "x"
    assert r("after") == "phi@j"
    assert r.phis == {"j": [("a", "x"), ("b", "y")]}


def test_a_cycle_reads_its_own_phi_and_one_definition_needs_no_phi() -> None:
    # h joins the entry and the back edge from l; l reads h's phi
    preds = {"e": [], "h": ["e", "l"], "l": ["h"]}
    r = _Names(preds, {"e": "x"})
    assert r("l") == "phi@h"
    assert r.phis == {"h": [("e", "x"), ("l", "phi@h")]}


def test_a_block_no_definition_reaches_reads_unreached_or_is_an_error() -> None:
    preds = {"e": [], "b": ["e"]}
    assert _Names(preds, {}, unreached="u")("b") == "u"
    with pytest.raises(AssertionError, match="no definition reaches"):
        _Names(preds, {})("b")
