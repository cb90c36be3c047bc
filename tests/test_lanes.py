"""`verifier lanes` (seed 002's lane evolution, seed 001's uniform lanes): every relation
the analysis proposes is proved by the solver or broken by a replayed run; and the
prover refutes relations that do not hold (a too-strong claim, a missing precondition),
so a wrong rule in analysis/lanes.py cannot turn into a proof."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from verifier.analysis.lanes import (
    UNIFORM,
    Aligned,
    LaneClass,
    LaneKind,
    grouped,
    lane_evolution,
    strided,
)
from verifier.checks.lanes import LaneProver, lane_verdicts
from verifier.checks.verdict import VerdictKind
from verifier.cli import app
from verifier.errors import UserError
from verifier.frontend import load_program
from verifier.ir.program import Const
from verifier.semantics.interpreter import RunStatus, run

LANES = Path(__file__).parent.parent / "models" / "lanes"
PERIOD2 = LaneClass(LaneKind.PERIODIC, 0, 2)


def verdicts(model: str, vf: int):  # type: ignore[no-untyped-def]
    prog = load_program(LANES / model)
    ev, vs, no_window = lane_verdicts(prog, vf, timeout=20)
    assert no_window is None
    return prog, {v.fact.subject: v for v in vs if not v.fact.branch}, {v.fact.block: v for v in vs if v.fact.branch}


def replays(prog, w, subject: str, block: str, vf: int) -> bool:  # type: ignore[no-untyped-def]
    """The witness's run really shows the two lanes with those values."""
    r = run(prog, w.inputs, watch=frozenset({subject}))
    j, k = w.lanes
    a = r.history[(subject, w.iteration * vf + j)]
    b = r.history[(subject, w.iteration * vf + k)]
    return r.status is RunStatus.OK and (a.v, b.v) == w.values


@pytest.mark.slow
@pytest.mark.parametrize("vf", [2, 4, 8, 16])
def test_seed001_canonical_examples(vf: int) -> None:
    """i / 8 uniform (per group of 8 at VF 16), i % 8 a base plus the lane, c ^ 255
    alternating: each proved at every VF, with the induction starting at 0."""
    _, vals, _ = verdicts("uniform_lanes.loop", vf)
    assert vals["a"].verdict is VerdictKind.PROVED and vals["a"].holds == grouped(8, 0, vf)
    assert vals["b"].verdict is VerdictKind.PROVED and vals["b"].holds == grouped(8, 1, vf)
    assert vals["c"].verdict is VerdictKind.PROVED and vals["c"].holds == PERIOD2
    assert vals["i"].holds == strided(1)


@pytest.mark.parametrize("vf", [2, 4, 8, pytest.param(16, marks=pytest.mark.slow)])
def test_division_needs_an_aligned_start(vf: int) -> None:
    """From a parameter start, i / 8 holds only when the start is aligned; without it a
    replayed run shows two lanes of one vector iteration straddling a multiple of 8."""
    prog, vals, _ = verdicts("div_start.loop", vf)
    v = vals["a"]
    assert v.verdict is VerdictKind.PROVED and v.holds == grouped(8, 0, vf)
    assert v.pre is not None and v.pre.modulus == min(vf, 8)
    assert v.without_pre is not None and replays(prog, v.without_pre, "a", v.fact.block, vf)


def test_a_pure_call_relates_its_lanes_as_its_operands_do() -> None:
    """g(c) alternates as c does and g(i / 8) is uniform, proved; g(i) is random,
    with a replayed run where two lanes differ. (The analysis once looked the callee
    up by its declaration instead of its name and called every pure call an effect.)"""
    prog, vals, _ = verdicts("pure_call.loop", 4)
    assert vals["d"].verdict is VerdictKind.PROVED and vals["d"].holds == PERIOD2
    assert "effect" not in vals["d"].fact.why and "effect" not in vals["a"].fact.why
    assert vals["a"].verdict is VerdictKind.PROVED and vals["a"].holds == UNIFORM
    b = vals["b"]
    assert b.verdict is VerdictKind.COUNTEREXAMPLE and b.witness is not None
    assert replays(prog, b.witness, "b", b.fact.block, 4)


def test_too_strong_claims_are_refuted() -> None:
    """The other side: at VF 16, i / 8 is not uniform across all lanes even when the
    start is aligned; a precondition weaker than needed does not prove it at VF 4;
    i % 8 is not strided 2; c is not uniform; i * 2 is not consecutive."""
    prog = load_program(LANES / "div_start.loop")
    ev = lane_evolution(prog, 16)
    a = next(f for f in ev.values if f.subject == "a")
    assert a.pre is not None
    p16 = LaneProver(prog, 16)
    kind, w, _ = p16.holds(a, UNIFORM, replace(a.pre, modulus=16))
    assert kind is VerdictKind.COUNTEREXAMPLE and w is not None and replays(prog, w, "a", a.block, 16)
    assert w.lanes[0] // 8 != w.lanes[1] // 8
    p4 = LaneProver(prog, 4)
    assert p4.holds(a, UNIFORM, replace(a.pre, modulus=2))[0] is VerdictKind.COUNTEREXAMPLE
    assert p4.holds(a, UNIFORM, replace(a.pre, modulus=4))[0] is VerdictKind.PROVED

    prog = load_program(LANES / "uniform_lanes.loop")
    ev = lane_evolution(prog, 4)
    facts = {f.subject: f for f in ev.values}
    p = LaneProver(prog, 4)
    assert p.holds(facts["b"], strided(2), None)[0] is VerdictKind.COUNTEREXAMPLE
    kind, w, _ = p.holds(facts["c"], UNIFORM, None)
    assert kind is VerdictKind.COUNTEREXAMPLE and w is not None and replays(prog, w, "c", facts["c"].block, 4)
    assert p.holds(facts["c"], LaneClass(LaneKind.PERIODIC, 0, 2), None)[0] is VerdictKind.PROVED

    prog = load_program(LANES / "accesses.loop")
    j = next(f for f in lane_evolution(prog, 4).values if f.subject == "j")
    assert LaneProver(prog, 4).holds(j, strided(1), None)[0] is VerdictKind.COUNTEREXAMPLE


def test_a_start_known_to_be_misaligned() -> None:
    """A constant start that is not aligned: the proposal is refuted with the reason
    naming the precondition that would make it hold."""
    prog = load_program(LANES / "uniform_lanes.loop")
    header = prog.blocks[next(iter(b for b in prog.blocks if prog.blocks[b].phis))]
    i = next(ph for ph in header.phis if ph.dest == "i")
    i.incoming = [(b, Const(3, ph_t) if b == "entry" else op) for (b, op), ph_t in
                  zip(i.incoming, [i.type] * len(i.incoming), strict=True)]
    p = LaneProver(prog, 4)
    a = next(f for f in lane_evolution(prog, 4).values if f.subject == "a")
    v = p.decide(a)
    assert v.verdict is VerdictKind.COUNTEREXAMPLE and v.reason is not None and "multiple of 4" in v.reason


@pytest.mark.parametrize("vf", [4, 8])
def test_divisions_that_do_not_tile_are_random(vf: int) -> None:
    prog, vals, _ = verdicts("no_tiling.loop", vf)
    for name in ("a", "b"):
        v = vals[name]
        assert v.holds.kind is LaneKind.RANDOM and v.witness is not None
        assert replays(prog, v.witness, name, v.fact.block, vf)


def test_seed002_control_divergence() -> None:
    """Divergence due to 2 defs (x), a uniform branch (on K), blending of the same value
    (z: the rules taint it, the solver proves it uniform), a partially killing def (s)."""
    prog, vals, branches = verdicts("divergence.loop", 4)
    x = next(v for n, v in vals.items() if n.startswith("x."))
    assert "2 defs" in x.fact.why and x.holds.kind is LaneKind.RANDOM and x.witness is not None
    assert replays(prog, x.witness, x.fact.subject, x.fact.block, 4)
    y = next(v for n, v in vals.items() if n.startswith("y."))
    assert y.holds == UNIFORM and y.verdict is VerdictKind.PROVED
    z = next(v for n, v in vals.items() if n.startswith("z."))
    assert "2 defs" in z.fact.why and z.holds == UNIFORM and z.verdict is VerdictKind.PROVED
    s = vals["s.3"]
    assert "partially killing" in s.fact.why and s.holds.kind is LaneKind.RANDOM
    kinds = {b: v.verdict for b, v in branches.items()}
    assert kinds["join1"] is VerdictKind.PROVED  # the branch on K: uniform
    assert kinds["join"] is VerdictKind.COUNTEREXAMPLE  # the branch on a[i]: divergent
    ev = lane_evolution(prog, 4)
    assert {n for n, _ in ev.liveouts} == {"i", "s.3"}
    assert all("leaking iterations" in why for _, why in ev.liveouts)


@pytest.mark.slow
def test_access_labels() -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["lanes", str(LANES / "accesses.loop"), "--vf", "4", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    kinds = {(a["op"], a["array"]): a["vectorizer"] for a in out["accesses"]}
    assert kinds[("load", "a")] == "wide load"
    assert kinds[("load", "b")] == "interleaved group, stride 2"
    assert kinds[("load", "c")] == "gather"
    assert kinds[("load", "t")].startswith("uniform address")
    assert kinds[("store", "dst")] == "wide store"
    r = runner.invoke(app, ["lanes", str(LANES / "divergence.loop"), "--vf", "4", "--json"])
    kinds = {(a["op"], a["array"]): a["vectorizer"] for a in json.loads(r.output)["accesses"]}
    assert kinds[("store", "X")] == "masked wide store"  # after the early exit


def test_lanes_command() -> None:
    runner = CliRunner()
    r = runner.invoke(app, ["lanes", str(LANES / "div_start.loop"), "--vf", "4"])
    assert r.exit_code == 0, r.output
    assert "proved when i starts at a multiple of 4" in r.output
    assert "replayed" in r.output
    out = json.loads(runner.invoke(app, ["lanes", str(LANES / "div_start.loop"), "--vf", "4", "--json"]).output)
    a = next(v for v in out["values"] if v["name"] == "a")
    assert a["relation"] == "uniform" and a["precondition"] and a["without_precondition"]["lanes"]
    bad = runner.invoke(app, ["lanes", str(LANES / "div_start.loop"), "--vf", "3"])
    assert bad.exit_code == 2 and "vf must be a power of two" in bad.output  # a usage error


def test_lanes_of_llvm_ir() -> None:
    """On LLVM IR the induction is consecutive, the load a wide load, the early exit
    divergent, and the names are LLVM's."""
    ll = Path(__file__).parent.parent / "models" / "llvm" / "find_char.scalar.ll"
    r = CliRunner().invoke(app, ["lanes", str(ll), "--vf", "4", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    vals = {v["name"]: v for v in out["values"]}
    assert vals["%4"]["relation"] == "consecutive" and vals["%4"]["verdict"] == "proved"
    assert [a["vectorizer"] for a in out["accesses"]] == ["wide load"]
    assert all(b["divergent"] for b in out["branches"])


def test_precondition_text() -> None:
    assert str(Aligned("i", Const(0, None), 1, 8, True)) == "i + 1 starts at a multiple of 8 (and >= 0)"  # type: ignore[arg-type]


@pytest.mark.parametrize("model", ["div_start.loop", "rem_start.loop", "uniform_lanes.loop"])
@pytest.mark.parametrize("vf", [4, pytest.param(16, marks=pytest.mark.slow)])
def test_proved_relations_hold_in_concrete_runs(model: str, vf: int) -> None:
    """The interpreter agrees with every proof: on runs from random aligned starts, every
    pair of lanes a proved relation relates keeps it."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from verifier.semantics.inputs import Inputs

    prog, vals, _ = verdicts(model, vf)
    proved = [v for v in vals.values() if v.verdict is VerdictKind.PROVED]
    names = {p.name for p in prog.params}

    @settings(max_examples=15, deadline=None, derandomize=True)
    @given(st.integers(0, 40), st.integers(0, 3 * vf))
    def check(start: int, trip: int) -> None:
        for v in proved:
            s = start * (v.pre.modulus if v.pre is not None else 1)
            params = {"N": s + trip, **({"S": s} if "S" in names else {})}
            r = run(prog, Inputs(params=params), watch=frozenset({v.fact.subject}))
            assert r.status is RunStatus.OK
            got = {it: x.v for (n, it), x in r.history.items()}
            bits = 64
            for (it_j, vj) in got.items():
                for (it_k, vk) in got.items():
                    j, k = it_j % vf, it_k % vf
                    if it_j // vf == it_k // vf and j < k and v.holds.related(j, k):
                        assert (vk - vj - v.holds.stride * (k - j)) % (1 << bits) == 0, (v.fact.subject, s, it_j, it_k)

    check()


def test_suite_keys_for_lanes_and_rewrites(tmp_path: Path) -> None:
    from verifier.suite import load

    proofs = Path(__file__).parent.parent / "proofs"
    assert {ob.check for ob in load(proofs / "lanes.toml")} == {"lanes"}
    assert {ob.ask.rewrite for ob in load(proofs / "rewrite.toml")} == {"exit-from-condition", "split"}
    model = str(LANES / "uniform_lanes.loop")
    for body, msg in ((f'check = "lanes"\nmodel = "{model}"\nexpect = "proved"', "names its 'value'"),
                      (f'check = "lanes"\nmodel = "{model}"\nvalue = "a"\nrelation = "wobbly"\nexpect = "proved"',
                       "unknown relation 'wobbly'"),
                      (f'check = "lanes"\nmodel = "{model}"\nvalue = "a"\nrelation = "periodic 0"\nexpect = "proved"',
                       "a period is at least 1 lane"),
                      (f'check = "lanes"\nmodel = "{model}"\nvalue = "a"\nrelation = "uniform in groups of 0"\n'
                       'expect = "proved"', "a group is at least 1 lane"),
                      (f'check = "lanes"\nmodel = "{model}"\nvalue = "a"\nrelation = 4\nexpect = "proved"',
                       "relation must be a string"),
                      (f'check = "equiv"\nmodel = "{model}"\nform = "general"\nvalue = "a"\nexpect = "proved"',
                       "go with check = \"lanes\""),
                      (f'check = "rewrite"\nmodel = "{model}"\nrewrite = "peel"\nexpect = "proved"',
                       "exit-from-condition")):
        f = tmp_path / "s.toml"
        f.write_text(f'[[obligation]]\nname = "x"\n{body}\n')
        with pytest.raises(UserError) as e:
            load(f)
        assert msg in str(e.value) and re.search(r"s\.toml:\d+:\d+: error", str(e.value))  # at the key


@pytest.mark.slow
def test_each_relation_keeps_to_its_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """--timeout is per relation, its encodings and every question it asks together:
    %10 of opt's vectorized r_add_until_zero at VF 16 asked the window, then the
    first vector iterations at several depths, each with the whole limit (6.3 s of a
    0.5 s limit). Past the limit a relation is unknown. Measured on the budget's
    meter (the same at any machine speed): at most the limit and one more question."""
    from verifier.checks.lanes import LaneProver
    from verifier.smt.budget import units, work

    spent: list[int] = []
    decide = LaneProver.decide

    def metered(self: LaneProver, f: Any) -> Any:
        w0 = work()
        v = decide(self, f)
        spent.append(work() - w0)
        return v

    monkeypatch.setattr(LaneProver, "decide", metered)
    ll = LANES.parent / "llvm" / "corpus" / "r_add_until_zero.vec.ll"
    res = CliRunner().invoke(app, ["lanes", str(ll), "--vf", "16", "--timeout", "0.5", "--json"])
    out = json.loads(res.stdout)
    assert out["values"] + out["branches"] and spent
    assert max(spent) <= 2 * units(0.5), spent


def test_reports_on_llvm_input_show_llvm_values_only() -> None:
    """The front end's own steps (an address's offset `%4.sum`, its bounds test
    `%4.inbounds`) are not rows of the text report, which says how many it left out;
    JSON keeps them. A rewrite's refusal names the block as LLVM does (`%6`)."""
    ll = LANES.parent / "llvm" / "find_global.scalar.ll"
    text = CliRunner().invoke(app, ["lanes", str(ll), "--vf", "4"]).output
    assert "%4 " in text and ".inbounds" not in text and ".sum" not in text
    assert "values the tool computes for the function's own" in text
    out = json.loads(CliRunner().invoke(app, ["lanes", str(ll), "--vf", "4", "--json"]).stdout)
    assert any(".inbounds" in row["name"] for row in out["values"]) and all(row["block"].startswith("%") for row in out["values"])
    refused = CliRunner().invoke(app, ["rewrite", str(LANES.parent / "llvm" / "exits_distinct.scalar.ll"), "--split"])
    assert "the branch in %6" in refused.output and " v6" not in refused.output


@pytest.mark.slow
def test_lanes_of_llvm_ir_speak_llvm_s_names() -> None:
    # the replayed runs' inputs and the live-out's reason name LLVM's values and blocks
    # (%0, %3), never the front end's own (v0, v0.bytes)
    r = CliRunner().invoke(app, ["lanes", str(Path(__file__).parent.parent / "models/llvm/find_char.scalar.ll")])
    assert r.exit_code == 0, r.output
    assert "runs that break a relation" in r.output and "%0 points to an object of " in r.output
    assert "divergent exit in %3, %8" in r.output
    assert re.search(r"(?<![\w%.])v\d", r.output) is None, r.output
