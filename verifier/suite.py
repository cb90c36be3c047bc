"""Proof suites: TOML files of obligations with the verdict each must give.

    [[obligation]]
    name = "search loop, simple form, hand-written"
    check = "equiv"                      # equiv | hoist | speculate | freeze
    source = "../models/seed/search_loop.loop"     # paths relative to the suite file
    target = "../models/examples/search_loop_simple_vf4.loop"
    max_trip = 16
    expect = "proved"                    # proved | counterexample | unknown

    [[obligation]]                       # a form the tool generates, instead of a target
    name = "search loop, general form"
    check = "equiv"
    model = "../models/seed/search_loop.loop"      # `model` and `source` are the same key
    form = "general"                     # general | simple
    vf = [4, 16]                         # one obligation per VF: "search loop, general form [VF=4]"
    unbounded = true                     # the proof must cover every trip count (also
                                         # with a target); bounded = 16: a proof for
                                         # runs of at most 16 iterations is accepted

    [[obligation]]
    name = "division: C1 cannot be speculated"
    check = "speculate"                  # hoist, speculate: one verdict per exit, combined
    model = "../models/seed/division.loop"
    exit = "C1"                          # only the exits whose label starts with this
    expect = "counterexample"

A suite passes when every verdict is the expected one. Mistakes in a suite file are
reported with the file, the line of the obligation and what was expected.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from verifier.checks.dispatch import Request, Scope
from verifier.checks.verdict import Check, Verdict, VerdictKind, note_assumptions, worst
from verifier.errors import UserError, loc_at, read_source
from verifier.frontend.nesting import too_deep
from verifier.ir.program import Loc, parse_assumptions
from verifier.limits import (
    MAX_MODEL_BYTES,
    MAX_NUMBER_DIGITS,
    MAX_SUITE_DEPTH,
)
from verifier.options import OPTIONS, asked, option_problem

CHECKS = tuple(c for c in Check if c is not Check.ALL)  # the questions an obligation may ask
VERDICTS = tuple(VerdictKind)


@dataclass(frozen=True)
class Obligation:
    """One question with its expected verdict (one VF: a list of VFs is expanded): the
    question itself (`ask`, built once from the suite's keys as options.py declares
    them), what to read it on, and where the suite says it."""

    name: str
    ask: Request
    source: Path
    target: Path | None  # equiv: None means the generated `ask.form`
    expect: str
    file: Path
    line: int = 0
    func: str | None = None  # .ll input: the function (the same in source and target)
    cttz_elts: str = "any-poison"  # .ll input: the cttz.elts rule (LLOptions)
    assume: tuple[str, ...] = ()  # assumptions stronger than LLVM's semantics (ir.Assumption names)
    options: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    debug_locations: bool = False  # .ll input compiled from C: verdicts point at the C lines

    @property
    def check(self) -> Check:
        return self.ask.check

    @property
    def vf(self) -> int:
        return self.ask.vf

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


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


def _toml_error(path: Path, e: tomllib.TOMLDecodeError, text: str) -> UserError:
    m = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
    msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
    if m:
        return UserError(f"malformed TOML: {msg}", Loc(str(path), int(m.group(1)), int(m.group(2))))
    lines = text.splitlines() or [""]  # "(at end of document)": after the last character
    return UserError(f"malformed TOML: {msg}", Loc(str(path), len(lines), len(lines[-1]) + 1))


def _header_lines(text: str) -> list[int]:
    """The line of each `[[obligation]]` header, in order (for messages)."""
    return [k for k, line in enumerate(text.splitlines(), 1) if re.match(r"\s*\[\[\s*obligation\s*\]\]", line)]


def load(path: Path) -> list[Obligation]:
    """The obligations of one suite file, checked; a mistake names file, line, column."""
    text = read_source(path, MAX_MODEL_BYTES, "a suite file")
    items = _items(path, text, _parsed(path, text))
    lines = _header_lines(text)
    out: list[Obligation] = []
    text_lines = text.splitlines()
    for k, item in enumerate(items):
        line = lines[k] if k < len(lines) else 1
        out.extend(_obligations(path, line, item, text_lines))
    names = [ob.name for ob in out]
    dup = next((n for n in names if names.count(n) > 1), None)
    if dup is not None:
        raise UserError(f"two obligations are named {dup!r}: names must be unique", Loc(str(path), 1, 1))
    return out


def _parsed(path: Path, text: str) -> dict[str, Any]:
    """The suite file's TOML; a mistake in it names file, line and column."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise _toml_error(path, e, text) from None
    except ValueError:  # a number Python will not read (more than 4,300 digits); no position given
        long = re.search(rf"[0-9_]{{{MAX_NUMBER_DIGITS},}}", text)
        raise UserError(f"number too long (more than {MAX_NUMBER_DIGITS} digits)",
                        loc_at(str(path), text, long.start() if long else 0)) from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        where = too_deep(text, MAX_SUITE_DEPTH, "[{", "]}", "#", "\"'", escapes=True, triple=True)
        raise UserError(f"values nested too deeply (more than {MAX_SUITE_DEPTH} levels)",
                        Loc(str(path), *(where or (1, 1)))) from None


def _items(path: Path, text: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The [[obligation]] tables: one or more, each a table of keys."""
    items = data.get("obligation")
    if not isinstance(items, list) or not items:
        raise UserError("expected one or more [[obligation]] tables", Loc(str(path), 1, 1))
    if not all(isinstance(item, dict) for item in items):  # `obligation = [1, 2, 3]`
        at = next((k for k, line in enumerate(text.splitlines(), 1) if re.match(r"\s*obligation\s*=", line)), 1)
        raise UserError("expected [[obligation]] tables, each a table of keys (name, check, model, expect, ...), "
                        "not a list of values", Loc(str(path), at, 1))
    return items


def _key_loc(path: Path, text_lines: list[str], line: int, key: str | None) -> Loc:
    """Where `key` is given in the obligation whose header is at `line` (its value's
    line and column), else the header."""
    for k in range(line, len(text_lines)):
        if k > line - 1 and re.match(r"\s*\[", text_lines[k]):
            break
        m = re.match(rf"\s*{re.escape(key)}\s*=\s*", text_lines[k]) if key else None
        if m:
            return Loc(str(path), k + 1, m.end() + 1)
    return Loc(str(path), line, 1)


def _too_large(value: Any) -> bool:
    """An integer of more than MAX_NUMBER_DIGITS digits in `value` (or in a list or
    table within it)."""
    if isinstance(value, int):
        return value.bit_length() > MAX_NUMBER_DIGITS * 10 // 3  # 10 ** 100 needs 333 bits
    if isinstance(value, list):
        return any(_too_large(v) for v in value)
    if isinstance(value, dict):
        return any(_too_large(v) for v in value.values())
    return False


REQUIRED = ("name", "check", "source", "expect")  # strings every obligation gives
KEYS = {*REQUIRED, "model", *OPTIONS}


def _obligations(path: Path, line: int, item: dict[str, Any], text_lines: list[str]) -> list[Obligation]:
    """The obligations one [[obligation]] table gives (one per VF), checked against the
    options' declaration (options.py) and the rules that tie keys together."""
    bad = partial(_bad, path, text_lines, line, item.get("name"))
    item = _required(item, bad)
    check = item["check"]
    _options_valid(item, check, bad)
    vfs, scope = _related(item, check, bad)
    max_trip = _max_trip(item, check, bad)
    target = path.parent / item["target"] if "target" in item else None
    both_llvm = target is not None and str(item["source"]).endswith(".ll") and target.suffix == ".ll"
    # what the answer depends on (the cache key; the name too, as reports carry it)
    depends = {k: item[k] for k in sorted(item) if k not in ("name", "expect", "timeout", "vf")}
    out = []
    for vf in vfs:
        name = item["name"] if len(vfs) == 1 else f"{item['name']} [VF={vf}]"
        ask = Request(Check(check), vf, max_trip, float(item.get("timeout", OPTIONS["timeout"].default)), scope,
                      both_llvm=both_llvm, **asked(item))
        out.append(Obligation(name, ask, path.parent / item["source"], target, item["expect"], path, line,
                              func=item.get("func"), cttz_elts=item.get("cttz_elts", OPTIONS["cttz_elts"].default),
                              assume=tuple(sorted(set(item.get("assume", ())))), options={**depends, "name": name}))
    return out


def _options_valid(item: dict[str, Any], check: str, bad: Callable[[str, str | None], UserError]) -> None:
    """Each option's value one its declaration (options.py) takes for `check`."""
    for key in OPTIONS:
        if key in item and (problem := option_problem(key, item[key], check)) is not None:
            raise bad(problem, _source_key(item, key))


def _bad(path: Path, text_lines: list[str], line: int, name: object, msg: str, key: str | None = None) -> UserError:
    """A mistake in the obligation named `name` at `line`, placed at `key`'s value."""
    return UserError(f"obligation {name!r}: {msg}" if isinstance(name, str) else msg,
                     _key_loc(path, text_lines, line, key))


def _max_trip(item: dict[str, Any], check: str, bad: Callable[[str, str | None], UserError]) -> int | None:
    """The trip bound of the bounded check: `max_trip`, else `bounded`, else 16 for a
    hand-written target (None: the check's default); never below `bounded`."""
    max_trip: int | None = item.get("max_trip", item.get("bounded"))
    if check == "equiv" and "target" in item and max_trip is None:
        max_trip = 16
    bounded = item.get("bounded")
    if bounded is not None and max_trip is not None and max_trip < bounded:
        raise bad(f"max_trip {max_trip} is less than bounded = {bounded}: the check would not reach the bound "
                  "it must prove", "max_trip")
    return max_trip


def _required(item: dict[str, Any], bad: Callable[[str, str | None], UserError]) -> dict[str, Any]:
    """The item with `model` read as `source`, once its keys are known ones, its numbers
    of a sane size, and its required strings given."""
    _known_keys(item, bad)
    if "model" in item:
        item = {**item, "source": item["model"]}
    for key in REQUIRED:
        if not isinstance(item.get(key), str):
            shown = "'model' (or 'source')" if key == "source" else repr(key)
            raise bad(f"expected a string {shown}", _source_key(item, key))
    if item["check"] not in CHECKS:
        raise bad(f"unknown check {item['check']!r} (expected one of {', '.join(CHECKS)})", "check")
    if item["expect"] not in VERDICTS:
        raise bad(f"expect must be one of {', '.join(VERDICTS)}, not {item['expect']!r}", "expect")
    for key in ("source", "target"):
        if _names_no_file(item.get(key)):
            raise bad(f"{'model' if key == 'source' else key} {item[key]!r} names no file (a model or .ll file)",
                      _source_key(item, key))
    return item


def _names_no_file(value: Any) -> bool:
    """A path string that is empty or ends in a separator."""
    return isinstance(value, str) and (not value.strip() or value.endswith(("/", "\\")))


def _known_keys(item: dict[str, Any], bad: Callable[[str, str | None], UserError]) -> None:
    """Every key a known one, every number of a sane size, not both `model` and `source`."""
    for key, value in item.items():
        if _too_large(value):  # no key takes one; a message might not even show it (Python's 4,300 digits)
            raise bad(f"{key}: number too long (more than {MAX_NUMBER_DIGITS} digits)", key)
    unknown = set(item) - KEYS
    if unknown:
        raise bad(f"unknown key(s) {', '.join(sorted(unknown))} (expected some of {', '.join(sorted(KEYS))})",
                  min(unknown))
    if "model" in item and "source" in item:
        raise bad("give 'model' or 'source' (the same thing), not both", "source")


def _source_key(item: dict[str, Any], key: str) -> str:
    """The key a message about `key` points at: `model` where the file gave the source so."""
    return "model" if key == "source" and "model" in item else key


def _related(item: dict[str, Any], check: str,
             bad: Callable[[str, str | None], UserError]) -> tuple[list[int], Scope]:
    """The rules that tie keys together: the VFs it expands into, and the scope a proof
    must have."""
    _target_or_form(item, check, bad)
    if "bounded" in item and item.get("unbounded"):
        raise bad("bounded and unbounded contradict each other", "bounded")
    if check == "lanes" and "value" not in item:
        raise bad("a lanes obligation names its 'value' (a string)", "value")
    _ll_keys_with_ll(item, bad)
    vfs = item.get("vf", OPTIONS["vf"].default)
    # `bounded`: the trip count a bounded proof must reach to be accepted as proved
    scope = Scope.BOUNDED if "bounded" in item else Scope.UNBOUNDED if item.get("unbounded") else Scope.DEFAULT
    return (vfs if isinstance(vfs, list) else [vfs]), scope


def _target_or_form(item: dict[str, Any], check: str, bad: Callable[[str, str | None], UserError]) -> None:
    """An equiv obligation gives a hand-written target or a generated form; a VF goes
    with the form."""
    if check == "equiv" and ("target" in item) == ("form" in item):
        raise bad("an equiv obligation gives either a 'target' model or a generated 'form' (general or simple)", None)
    if "target" in item and "vf" in item:
        raise bad("vf goes with a generated 'form' (a hand-written target has its own)", "vf")


def _ll_keys_with_ll(item: dict[str, Any], bad: Callable[[str, str | None], UserError]) -> None:
    """Options for LLVM IR only (func, cttz_elts) go with a .ll source or target."""
    ll = [k for k in OPTIONS if OPTIONS[k].ll and k in item]
    if ll and not any(str(item.get(k, "")).endswith(".ll") for k in ("source", "target")):
        raise bad("func and cttz_elts go with LLVM IR (.ll) sources and targets", ll[0])


@dataclass
class Outcome:
    """What one obligation gave: plain data (it crosses process boundaries and sits
    in the cache). `result` is the verdict as JSON (reports/jsonout.py), `text` the
    terminal rendering with the counterexample."""

    name: str
    file: str
    line: int
    check: str
    expect: str
    verdict: str
    seconds: float
    result: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    cached: bool = False
    error: str | None = None  # a mistake in the suite or a model it names (exit 2)

    @property
    def as_expected(self) -> bool:
        return self.error is None and self.verdict == self.expect

    @property
    def timed_out(self) -> bool:
        """Not the expected answer because the wall-clock safety net cut a question short
        (smt/budget.py): the machine was too slow or too loaded, not a wrong verdict."""
        return not self.as_expected and self.error is None and bool(self.result.get("wall_clock"))

    @property
    def mark(self) -> str:
        """ok, MISMATCH, TIMEOUT or ERROR: the answer against the expected one."""
        if self.as_expected:
            return "ok"
        return "ERROR" if self.error is not None else "TIMEOUT" if self.timed_out else "MISMATCH"


def run_obligation(ob: Obligation, timeout: float | None = None) -> Verdict:
    """The obligation's verdict (several per-exit verdicts are combined into one)."""
    from verifier.driver import answer
    from verifier.frontend import read_pair, read_program
    from verifier.frontend.llvm import LLUnsupported
    from verifier.frontend.read import Read

    assumed = parse_assumptions(ob.assume)
    from verifier.pairs import by_the_emitter, form_verdict

    if ob.target is None and by_the_emitter(ob.ask):  # the form the tool generates (verifier/pairs.py)
        return form_verdict(request(ob, timeout), ob.source, ob.func, ob.cttz_elts, assumed,
                            debug_locations=ob.debug_locations)

    def read(room: frozenset[str], vscale: int | None) -> Read:
        if ob.target is not None:
            return read_pair(ob.source, ob.target, ob.func, ob.cttz_elts, assumed, room, ob.debug_locations, vscale)
        return read_program(ob.source, ob.func, ob.cttz_elts, assumed, room, ob.debug_locations, vscale)

    try:
        vs, src, tgt = answer([request(ob, timeout)], read)
    except LLUnsupported as u:
        return Verdict(ob.func or ob.source.stem, ob.check, VerdictKind.UNKNOWN, 0.0, reason=str(u), vf=ob.vf,
                       assumptions=sorted(ob.assume))
    if not vs and ob.ask.exit is not None:
        raise UserError(f"{ob.source}: no data-dependent exit labelled {ob.ask.exit!r}", Loc(str(ob.file), ob.line, 1))
    v = combine(vs, src.name, ob.check, ob.vf)
    if not vs:  # combine's own verdict: it lists the assumptions like every other
        v = note_assumptions([v], src, tgt)[0]
    return v


def request(ob: Obligation, timeout: float | None = None) -> Request:
    """The question an obligation asks (`timeout` overrides the suite's)."""
    return ob.ask if timeout is None else dataclasses.replace(ob.ask, timeout=timeout)


def combine(vs: list[Verdict], model: str, check: Check, vf: int) -> Verdict:
    """One verdict for several (one per exit): the first counterexample, else the
    first unknown, else proved; seconds add up, subjects are listed."""
    if not vs:
        return Verdict(model, check, VerdictKind.PROVED, 0.0, vf=vf, reason="no data-dependent exits")
    kind = worst(x.verdict for x in vs)
    pick = next(x for x in vs if x.verdict is kind)
    pick.seconds = sum(x.seconds for x in vs)
    if len(vs) > 1:
        pick.subject = ", ".join(f"{x.subject}: {x.verdict}" for x in vs)
    return pick
