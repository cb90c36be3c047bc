"""One declaration of options (verifier/options.py): the command line's shared flags and
the suite's keys are both read from it, so they cannot drift apart."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import click
import pytest
import typer.main

from tests.test_suite_runner import SEARCH, write_suite
from verifier.checks.dispatch import Request
from verifier.checks.rewrite import Rewrite
from verifier.cli import app
from verifier.errors import UserError
from verifier.options import OPTIONS, Kind, option_problem
from verifier.suite import KEYS, load, request
from verifier.transforms.vector_loop import Form, ReductionOrder

COMMAND = typer.main.get_command(app)
assert isinstance(COMMAND, click.Group)

# a value of each option's type that the checks it goes with accept, and one that no check does
GOOD: dict[str, Any] = {"vf": [2, 4], "max_trip": 8, "timeout": 30.0, "freeze": False, "assume": ["memory-has-no-poison"]}
WRONG: dict[Kind, Any] = {Kind.BOOL: "yes", Kind.INT: "8", Kind.FLOAT: "fast", Kind.STRING: 3, Kind.NAMES: "x",
                          Kind.VFS: 3}


def _flags() -> list[tuple[str, click.Option]]:
    return [(name, p) for name, cmd in COMMAND.commands.items() for p in cmd.params
            if isinstance(p, click.Option) and p.opts]


def test_every_shared_flag_of_the_command_line_is_the_declared_one() -> None:
    declared = {o.flag: o for o in OPTIONS.values() if o.flag}
    seen = set()
    for command, p in _flags():
        o = declared.get(p.opts[0])
        if o is None:
            continue
        seen.add(o.flag)
        if o.choices and isinstance(p.type, click.Choice):
            assert tuple(p.type.choices) == o.choices, (command, o.flag)
        if o.bounds is not None:
            assert isinstance(p.type, click.IntRange | click.FloatRange), (command, o.flag)
            assert p.type.max == o.bounds[1] and p.type.min >= o.bounds[0], (command, o.flag)
    # vf, max_trip, timeout, func, cttz_elts, assume, guards are each taken by some command
    assert {"--vf", "--max-trip", "--timeout", "--func", "--cttz-elts", "--assume", "--guards"} <= seen


def test_every_declared_option_is_a_suite_key() -> None:
    assert set(OPTIONS) <= KEYS


@pytest.mark.parametrize("key", sorted(OPTIONS))
def test_each_option_refuses_a_value_of_the_wrong_type_and_names_it(key: str) -> None:
    o = OPTIONS[key]
    check = o.checks[0] if o.checks else "hoist"
    problem = option_problem(key, WRONG[o.kind], check)
    assert problem is not None and (key in problem or o.name in problem)


@pytest.mark.parametrize("key", sorted(k for k, o in OPTIONS.items() if o.checks))
def test_an_option_given_to_a_check_it_does_not_go_with_is_refused(key: str) -> None:
    o = OPTIONS[key]
    other = next(c for c in ("freeze", "hoist", "equiv") if c not in o.checks)
    assert option_problem(key, GOOD.get(key, True), other) == o.goes_with(other) is not None


def test_the_suite_reads_declared_options_and_refuses_them_at_their_key(tmp_path: Path) -> None:
    ok = {"name": "fine", "check": "speculate", "model": SEARCH, "expect": "proved", **GOOD}
    [a, b] = load(write_suite(tmp_path / "ok.toml", ok))
    assert (a.vf, b.vf, a.ask.max_trip, a.ask.timeout, a.ask.freeze, a.assume) == (2, 4, 8, 30.0, False,
                                                                                  ("memory-has-no-poison",))
    path = write_suite(tmp_path / "bad.toml", {**ok, "freeze": "no"})
    with pytest.raises(UserError, match="freeze must be true or false") as e:
        load(path)
    assert str(e.value).startswith(f"{path}:")  # at the key, with its line and column


def test_an_obligations_question_is_built_from_the_declared_options(tmp_path: Path) -> None:
    """Each option that sets a field of the question names a field Request has, and a
    suite's keys arrive there read into the field's type (enums, not strings): the
    obligation holds the Request, not a copy of its fields."""
    fields = {f.name for f in dataclasses.fields(Request)}
    assert {o.asks for o in OPTIONS.values() if o.asks} <= fields
    equiv = {"name": "g", "check": "equiv", "model": SEARCH, "form": "general", "reduction": "in-loop",
             "guards": True, "bounded": 8, "expect": "proved"}
    rewrite = {"name": "r", "check": "rewrite", "model": SEARCH, "rewrite": "split", "force": True,
               "expect": "proved"}
    [g, r] = load(write_suite(tmp_path / "asks.toml", equiv, rewrite))
    assert (g.ask.form, g.ask.reduction, g.ask.guards, g.ask.accept_bounded) == (
        Form.GENERAL, ReductionOrder.IN_LOOP, True, 8)
    assert type(g.ask.form) is Form and type(g.ask.reduction) is ReductionOrder
    assert (r.ask.rewrite, r.ask.force, type(r.ask.rewrite)) == (Rewrite.SPLIT, True, Rewrite)
    assert request(g, timeout=5.0) == dataclasses.replace(g.ask, timeout=5.0) and request(r) is r.ask
