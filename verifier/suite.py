"""Proof suites: TOML files of obligations with the verdict each must give.

    [[obligation]]
    name = "search loop, simple form, VF=4"
    check = "equiv"                      # the checks this version knows: equiv
    source = "../models/seed/search_loop.loop"     # paths relative to the suite file
    target = "../models/examples/search_loop_simple_vf4.loop"
    max_trip = 16
    expect = "proved"                    # proved | counterexample | unknown

    [[obligation]]                       # a form the tool generates, instead of a target
    name = "search loop, general form, VF=16, every trip count"
    check = "equiv"
    source = "../models/seed/search_loop.loop"
    form = "general"                     # general | simple
    vf = 16
    unbounded = true                     # the proof must cover every trip count
                                         # (bounded = true: only trip counts <= max_trip)

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
KEYS = {"name", "check", "source", "target", "form", "vf", "unbounded", "bounded", "max_trip", "timeout", "expect"}


@dataclass(frozen=True)
class Obligation:
    name: str
    check: str
    source: Path
    target: Path | None  # None: the generated `form`
    max_trip: int
    timeout: float
    expect: str
    file: Path
    form: str | None = None
    vf: int = 4
    scope: str = "default"  # default (unbounded, else bounded) | unbounded | bounded


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
        for key in ("name", "check", "source", "expect"):
            if not isinstance(item.get(key), str):
                raise UserError(f"{where}: expected a string {key!r}")
        if ("target" in item) == ("form" in item):
            raise UserError(f"{where}: give either a 'target' model or a generated 'form' (general or simple)")
        if "target" in item and not isinstance(item["target"], str):
            raise UserError(f"{where}: expected a string 'target'")
        if "form" in item and item["form"] not in ("general", "simple"):
            raise UserError(f"{where}: form must be general or simple")
        vf = item.get("vf", 4)
        if not isinstance(vf, int) or not 1 <= vf <= 64 or "target" in item and "vf" in item:
            raise UserError(f"{where}: vf must be an integer 1..64, and goes with a generated 'form'")
        scope = "default"
        for key in ("unbounded", "bounded"):
            if key in item:
                if not isinstance(item[key], bool) or "target" in item:
                    raise UserError(f"{where}: {key} must be true or false, and goes with a generated 'form'")
                if item[key]:
                    scope = key
        if item.get("unbounded") and item.get("bounded"):
            raise UserError(f"{where}: bounded and unbounded contradict each other")
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
        target = path.parent / item["target"] if "target" in item else None
        out.append(Obligation(item["name"], item["check"], path.parent / item["source"], target, max_trip,
                              float(timeout), item["expect"], path, item.get("form"), vf, scope))
    return out


def run_obligation(ob: Obligation, timeout: float | None = None) -> Verdict:
    from verifier.checks.forms import form_equivalence, inductive_equivalence

    limit = timeout if timeout is not None else ob.timeout
    src = parse_file(ob.source)
    if ob.target is not None:
        v = refinement(src, parse_file(ob.target), max_trip=ob.max_trip, timeout=limit)
    elif ob.scope == "bounded":
        v = form_equivalence(src, ob.vf, ob.max_trip, limit, form=ob.form or "simple")
    else:
        v = inductive_equivalence(src, ob.vf, ob.max_trip, limit, form=ob.form or "simple",
                                  require_unbounded=ob.scope == "unbounded")
    v.model = ob.name
    return v
