"""Every test gets its own result cache (suites run by tests never share answers)."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]


@pytest.fixture(autouse=True)
def _private_result_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VERIFIER_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
