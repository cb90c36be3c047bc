"""Every option a question takes, declared once: its suite key and command-line flag,
its type, its values, its limit (limits.py), the checks it goes with and its help.

The suite loader (suite.py) validates an obligation's keys against this table, and
the command line (cli/base.py) builds its shared flags from it (`flag`), so adding an
option is one row here plus its use. Rules that tie two keys together (a target or a
form, bounded against max_trip) stay with the suite loader.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

from verifier.analysis.lanes import parse_relation
from verifier.checks.rewrite import Rewrite
from verifier.ir.opcodes import CTTZ_ELTS_RULES
from verifier.ir.program import ASSUMPTION_HELP, parse_assumptions
from verifier.limits import (
    MAX_TIMEOUT,
    MAX_TRIP,
    MAX_VF,
    MIN_TIMEOUT,
    max_trip_problem,
    timeout_problem,
    vf_problem,
)
from verifier.transforms.vector_loop import Form, ReductionOrder


class Kind(Enum):
    """The type of an option's value."""

    BOOL = "true or false"
    INT = "an integer"
    FLOAT = "a number"
    STRING = "a string"
    NAMES = "a list of strings"
    VFS = "a power of two or a list of them"


LEGALITY = ("hoist", "speculate")
REWRITES = tuple(r.value for r in Rewrite)


def _parsed(parse: Callable[[Any], object]) -> Callable[[Any], str | None]:
    """A problem function from a parser: its ValueError's message, None when it reads."""
    def problem(value: Any) -> str | None:
        try:
            parse(value)
        except ValueError as e:
            return str(e)
        return None
    return problem


BOUNDED_WRONG = (f"bounded must be the trip count a bounded proof covers, an integer from 1 to {MAX_TRIP} "
                 "(e.g. bounded = 16): a proof for runs of at most that many iterations is then accepted as proved")


def _bounded_problem(n: Any) -> str | None:
    return BOUNDED_WRONG if max_trip_problem(n) is not None else None


@dataclass(frozen=True)
class Option:
    """One option. `checks` are the checks it goes with (empty: every check);
    `shown` names it in messages where it goes with another key; `wrong` replaces the
    message for a value of the wrong type; `problem` says why a value of the right
    type is out of range (None: it is fine); `ll` options go with LLVM IR inputs."""

    key: str
    kind: Kind
    help: str
    flag: str = ""  # the command line's flag, where it has one
    choices: tuple[str, ...] = ()
    default: Any = None
    checks: tuple[str, ...] = ()
    shown: str = ""
    wrong: str = ""
    problem: Callable[[Any], str | None] | None = None
    ll: bool = False
    bounds: tuple[float, float] | None = None  # the command line's range, shown in --help
    asks: str = ""  # the field of checks/dispatch.Request it sets, where it sets one as it is given
    to: Callable[[Any], Any] | None = None  # ... read into that field's type (an enum)

    @property
    def name(self) -> str:
        return self.shown or f"'{self.key}'"

    def type_problem(self, value: Any) -> str | None:
        """Why `value` is not of this option's type or among its choices (None: it is)."""
        ok = {Kind.BOOL: isinstance(value, bool),
              Kind.INT: isinstance(value, int) and not isinstance(value, bool),
              Kind.FLOAT: isinstance(value, int | float) and not isinstance(value, bool),
              Kind.STRING: isinstance(value, str),
              Kind.NAMES: isinstance(value, list) and all(isinstance(v, str) for v in value),
              Kind.VFS: True}[self.kind]
        if not ok:
            return self.wrong or (f"{self.key} must be {self.kind.value}" if self.kind is Kind.BOOL
                                  else f"expected {self.kind.value} {self.name}")
        if self.choices and value not in self.choices:
            return f"{self.key} must be {' or '.join(self.choices)}, not {value!r}"
        return None

    def goes_with(self, check: str) -> str | None:
        """Why this option may not be given to `check` (None: it may)."""
        if not self.checks or check in self.checks:
            return None
        verb = "go" if " and " in self.name else "goes"
        return f"{self.name} {verb} with check = {' or '.join(chr(34) + c + chr(34) for c in self.checks)}, not {check!r}"


REDUCTION_ORDERS = tuple(r.value for r in ReductionOrder)

_TABLE = (
    Option("target", Kind.STRING, "the hand-written vectorized loop (a model or .ll file), relative to the suite",
           checks=("equiv",), shown="'target' and 'form'"),
    Option("form", Kind.STRING, "the generated form to check", choices=tuple(f.value for f in Form),
           checks=("equiv",), shown="'target' and 'form'", asks="form", to=Form),
    Option("vf", Kind.VFS, "vector factor", flag="--vf", default=4, problem=vf_problem, bounds=(1, MAX_VF)),
    Option("unbounded", Kind.BOOL, "the proof must cover every trip count", flag="--unbounded",
           checks=("equiv", "hoist", "speculate", "lanes", "rewrite"),
           wrong="unbounded must be true or false, and goes with a generated form, a target or a legality check"),
    Option("bounded", Kind.INT, "a bounded proof reaching this trip count is accepted as proved",
           checks=("equiv", "hoist", "speculate", "rewrite"), wrong=BOUNDED_WRONG,
           problem=_bounded_problem, asks="accept_bounded"),
    Option("max_trip", Kind.INT, "trip bound of the bounded check", flag="--max-trip", problem=max_trip_problem,
           bounds=(1, MAX_TRIP)),
    Option("timeout", Kind.FLOAT, "solver time limit in seconds (a deterministic budget)", flag="--timeout",
           default=60.0, problem=timeout_problem, bounds=(MIN_TIMEOUT, MAX_TIMEOUT)),
    Option("exit", Kind.STRING, "only the exits whose label starts with this", checks=LEGALITY,
           wrong="exit (a string, e.g. \"C1\") goes with check = \"hoist\" or \"speculate\"", asks="exit"),
    Option("freeze", Kind.BOOL, "speculate: the vector loop branches on frozen conditions", default=True,
           asks="freeze"),
    Option("guards", Kind.BOOL, "equiv, simple form: runtime guards, each gather's lanes checked against its object's known size", flag="--guards",
           default=False, asks="guards"),
    Option("reduction", Kind.STRING, "equiv: how a generated form vectorizes a reduction: ordered (lane to lane, "
           "the scalar loop's order: correct for every operation) or in-loop (each lane from the identity, "
           "combined at the back edge and the exit: reassociated, so floating point may round differently)",
           flag="--reduction", choices=REDUCTION_ORDERS, default="ordered", checks=("equiv",), asks="reduction",
           to=ReductionOrder),
    Option("func", Kind.STRING, ".ll input: the function (the same in source and target)", flag="--func", ll=True),
    Option("cttz_elts", Kind.STRING, ".ll input: llvm.experimental.cttz.elts over a poison lane: any-poison "
           "(LangRef today: the result is poison) or first-true (lanes after the first true one do not matter)",
           flag="--cttz-elts", choices=CTTZ_ELTS_RULES, default="any-poison", ll=True),
    Option("assume", Kind.NAMES, "an assumption stronger than LLVM's semantics, listed in every verdict "
           "(repeatable): "
           + "; ".join(f"{a.value}: {h}" for a, h in ASSUMPTION_HELP.items()), flag="--assume", default=(),
           wrong="assume must be a list of assumption names, e.g. [\"memory-has-no-poison\"]",
           problem=_parsed(parse_assumptions)),
    Option("value", Kind.STRING, "lanes: the value whose lanes are related", checks=("lanes",),
           shown="'value' and 'relation'", asks="value"),
    Option("relation", Kind.STRING, "lanes: the relation claimed (default: the analysis's proposal)",
           checks=("lanes",), shown="'value' and 'relation'", problem=_parsed(parse_relation),
           wrong="relation must be a string: uniform, consecutive, strided S, uniform in groups of G, "
                 "consecutive in groups of G, alternating, periodic P, random", asks="relation"),
    Option("rewrite", Kind.STRING, "rewrite: which rewrite", choices=REWRITES, default="exit-from-condition",
           checks=("rewrite",), shown="'rewrite' and 'force'", asks="rewrite", to=Rewrite),
    Option("force", Kind.BOOL, "rewrite: even where its conditions fail", flag="--force", default=False,
           checks=("rewrite",), shown="'rewrite' and 'force'", asks="force"),
)

OPTIONS: Mapping[str, Option] = MappingProxyType({o.key: o for o in _TABLE})


def asked(item: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of checks/dispatch.Request that an obligation's keys set as they are
    given (each option's `asks`, its value read by `to`); the rest (vf, the trip bound,
    the scope, the timeout) the suite loader derives."""
    return {o.asks: o.to(item[o.key]) if o.to is not None else item[o.key]
            for o in OPTIONS.values() if o.asks and o.key in item}


def option_problem(key: str, value: Any, check: str) -> str | None:
    """Why `key = value` may not be given to `check` (None: it may)."""
    o = OPTIONS[key]
    if o.kind is Kind.VFS and isinstance(value, list):  # one obligation per VF
        if not value:
            return f"{key} must be a power of two or a list of them, not an empty list"
        return next((p + " (or a list of such)" for v in value if (p := vf_problem(v)) is not None), None)
    return o.goes_with(check) or o.type_problem(value) or (o.problem(value) if o.problem else None)
