"""What the tool is called where: the distribution's name on PyPI ("verifier" there
is an unrelated package), under which its version is installed; the import package
and the command stay `verifier`."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "early-exit-verifier"


def installed_version() -> str:
    """The installed distribution's version ("unknown" when run from a checkout that
    was never installed)."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"
