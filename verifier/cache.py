"""The result cache of proof suites: an obligation whose models (as normalised IR),
check, options and tool are unchanged is not solved again.

The key hashes the printed IR of every model the obligation reads (comments,
spacing and names of files do not matter), the check and its options, and the
tool's fingerprint: its version and the text of its own source files, so an entry
is never trusted across versions, nor across edits of the tool. An unknown is
stored like any verdict (the time limit is a budget of solver work, the same on
any machine, and is part of the key), but one the wall-clock safety net cut short,
which depends on the machine.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import verifier
from verifier.checks.verdict import VerdictKind

DEFAULT_DIR = ".verifier-cache"
SCAN_FOLDER = "scan"  # the modules `verifier scan` writes, beside the answers (cli/scan.py)


def project_root(near: Path) -> Path:
    """The nearest folder at or above `near` with a pyproject.toml or a .git; `near`'s
    own folder if there is none."""
    start = near.resolve()
    if not start.is_dir():
        start = start.parent
    for folder in (start, *start.parents):
        if (folder / "pyproject.toml").exists() or (folder / ".git").exists():
            return folder
    return start


def tool_fingerprint() -> str:
    """The version, z3's version (budgets count its resource units, which another
    release counts differently) and a hash of the package's sources."""
    h = hashlib.sha256(verifier.__version__.encode())
    try:
        h.update(importlib.metadata.version("z3-solver").encode())
    except importlib.metadata.PackageNotFoundError:  # z3 from elsewhere: its own build
        h.update(b"z3 unknown")
    root = Path(verifier.__file__).parent
    for p in sorted(root.rglob("*.py")):
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    return f"{verifier.__version__}+{h.hexdigest()[:16]}"


def obligation_key(models: list[str], check: str, options: dict[str, Any], tool: str) -> str:
    """The cache key: normalised IR of each model, the check, its options, the tool."""
    h = hashlib.sha256()
    h.update(json.dumps({"tool": tool, "check": check, "options": options}, sort_keys=True, default=str).encode())
    for text in models:
        h.update(b"\0model\0")
        h.update(text.encode())
    return h.hexdigest()


def cacheable(entry: dict[str, Any]) -> bool:
    """Every verdict is a fact about the models, the options (the time limit among
    them: a budget of solver work, smt/budget.py) and the tool, but one the wall-clock
    safety net cut short (`wall_clock`): that one depends on the machine. An entry is
    {"result": the verdict's JSON, ...}."""
    result = entry.get("result")
    return isinstance(result, dict) and result.get("verdict") in tuple(VerdictKind) and not result.get("wall_clock")


@dataclass
class ResultCache:
    """Entries as JSON files under `root`, one per key; each carries the tool
    fingerprint it was computed with, and is ignored under any other."""

    root: Path
    tool: str

    @staticmethod
    def at(root: Path | None = None, near: Path | None = None) -> ResultCache:
        """The cache in `root`, else in $VERIFIER_CACHE, else in `.verifier-cache` at
        the root of the project that holds `near` (a suite file), else of the current
        directory."""
        env = os.environ.get("VERIFIER_CACHE") or os.environ.get("VERIFIER_CACHE_DIR")
        root = root or (Path(env) if env else project_root(near or Path.cwd()) / DEFAULT_DIR)
        return ResultCache(root, tool_fingerprint())

    def clear(self) -> int:
        """Remove every entry (and the folders the cache made, the modules a project
        scan wrote in SCAN_FOLDER among them); the number of entries removed."""
        n = 0
        if not self.root.is_dir():
            return 0
        shutil.rmtree(self.root / SCAN_FOLDER, ignore_errors=True)
        for entry in self.root.glob("??/*.json"):
            entry.unlink(missing_ok=True)
            n += 1
        for sub in self.root.glob("??"):
            if sub.is_dir() and not any(sub.iterdir()):
                sub.rmdir()
        if not any(self.root.iterdir()):
            self.root.rmdir()
        return n

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            entry = json.loads(self._path(key).read_text())
        except (OSError, ValueError):
            return None
        if not isinstance(entry, dict) or entry.get("tool") != self.tool:
            return None
        result = entry.get("result")
        return result if isinstance(result, dict) else None

    def put(self, key: str, result: dict[str, Any]) -> None:
        if not cacheable(result):
            return
        p = self._path(key)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            tmp = p.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"tool": self.tool, "result": result}))
            tmp.replace(p)  # atomic: parallel workers never see half an entry
        except OSError:
            pass  # a read-only checkout still runs, uncached
