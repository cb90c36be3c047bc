"""Proof suites: TOML files of obligations with the verdict each must give.

    [[obligation]]
    name = "search loop, simple form, VF=4"
    check = "equiv"                      # the checks this version knows: equiv
    source = "../models/seed/search_loop.loop"     # paths relative to the suite file
    target = "../models/examples/search_loop_simple_vf4.loop"
    max_trip = 16
    expect = "proved"                    # proved | counterexample | unknown

A suite passes when every verdict is the expected one.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from verifier.checks.refinement import refinement
from verifier.checks.verdict import Verdict
from verifier.errors import UserError
from verifier.frontend.parser import parse_file

CHECKS = {"equiv"}
VERDICTS = {"proved", "counterexample", "unknown"}
KEYS = {"name", "check", "source", "target", "max_trip", "timeout", "expect"}


@dataclass(frozen=True)
class Obligation:
    name: str
    check: str
    source: Path
    target: Path
    max_trip: int
    timeout: float
    expect: str
    file: Path


def suite_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files.extend(sorted(p.rglob("*.toml")))
        elif p.exists():
            files.append(p)
        else:
            raise UserError(f"no such suite file or folder: {p}")
    if not files:
        raise UserError(f"no suite files (*.toml) in {', '.join(map(str, paths))}")
    return files


def load(path: Path) -> list[Obligation]:
    try:
        data = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as e:
        raise UserError(f"{path}: {e}") from None
    items = data.get("obligation")
    if not isinstance(items, list) or not items:
        raise UserError(f"{path}: expected one or more [[obligation]] tables")
    out = []
    for k, item in enumerate(items, 1):
        where = f"{path}: obligation {k}"
        unknown = set(item) - KEYS
        if unknown:
            raise UserError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} (expected {', '.join(sorted(KEYS))})")
        for key in ("name", "check", "source", "target", "expect"):
            if not isinstance(item.get(key), str):
                raise UserError(f"{where}: expected a string {key!r}")
        if item["check"] not in CHECKS:
            raise UserError(f"{where}: unknown check {item['check']!r} (expected one of {', '.join(sorted(CHECKS))})")
        if item["expect"] not in VERDICTS:
            raise UserError(f"{where}: expect must be one of {', '.join(sorted(VERDICTS))}")
        max_trip = item.get("max_trip", 16)
        timeout = item.get("timeout", 60.0)
        if not isinstance(max_trip, int) or max_trip < 1:
            raise UserError(f"{where}: max_trip must be a positive integer")
        if not isinstance(timeout, (int, float)) or timeout <= 0:
            raise UserError(f"{where}: timeout must be a positive number of seconds")
        out.append(Obligation(item["name"], item["check"], path.parent / item["source"],
                              path.parent / item["target"], max_trip, float(timeout), item["expect"], path))
    return out


def run_obligation(ob: Obligation, timeout: float | None = None) -> Verdict:
    v = refinement(parse_file(ob.source), parse_file(ob.target), max_trip=ob.max_trip,
                   timeout=timeout if timeout is not None else ob.timeout)
    v.model = ob.name
    return v
