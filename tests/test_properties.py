"""Property tests: the interpreter and the z3 encoding agree on generated programs and
inputs (UB or not, trace, memory, live-outs, poison), as the "one
semantics, two backends" rule demands. A failure here means the backends drifted."""

from __future__ import annotations

from typing import Any

import pytest
import z3
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.progen import (
    inputs_for,
    lane_chain_program,
    lane_loads_program,
    scalar_program,
    vector_program,
)
from verifier.errors import UserError
from verifier.frontend.parser import parse
from verifier.ir.program import Program
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import Run, run
from verifier.semantics.ops import Val, Value, is_vec
from verifier.semantics.symbolic import SymInputs, SymResult, Unroll, encode, make_inputs
from verifier.smt.budget import Budget

SETTINGS = settings(max_examples=int(__import__("os").environ.get("PROP_EXAMPLES", "60")), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def pin(prog: Program, sym: SymInputs, inp: Inputs, res: SymResult, choices: bool = True) -> list[Any]:
    """Constraints fixing the symbolic inputs (and every choice, unless not
    `choices`) to the concrete ones."""
    cs = [sym.params[p.name] == inp.params[p.name] for p in prog.params]
    for a in prog.arrays:
        vals, pois = sym.memory[a.name]
        content = inp.arrays[a.name]
        for k, x in enumerate(content):
            if pois is not None:
                cs.append(z3.Select(pois, k) == (x is None))
            if x is not None:
                cs.append(z3.Select(vals, k) == (x & ((1 << a.elem.bits) - 1)))
    if choices:
        cs += [v == inp.choices.get(key, 0) for key, v in res.choices.items()]
    cs += [v == (j in inp.stops) for j, v in sym.stops.items()]
    for (obj, j), (vals, pois) in sym.clobbers.items():
        cells, other = inp.clobbers.get((obj, j), ({}, 0))
        bits = sym.elem_bits[obj]
        v_arr = z3.K(z3.BitVecSort(64), z3.BitVecVal(0 if other is None else other & ((1 << bits) - 1), bits))
        p_arr = z3.K(z3.BitVecSort(64), z3.BoolVal(other is None))
        for k, x in cells.items():
            v_arr = z3.Store(v_arr, k, 0 if x is None else x & ((1 << bits) - 1))
            p_arr = z3.Store(p_arr, k, x is None)
        cs.append(vals == v_arr)
        if pois is not None:
            cs.append(pois == p_arr)
    return cs


def val_of(m: z3.ModelRef, x: Any) -> Any:
    if isinstance(x, bool) or isinstance(x, int):
        return x
    r = m.eval(x, model_completion=True)
    return z3.is_true(r) if z3.is_bool(r) else r.as_long()


def same_value(m: z3.ModelRef, sv: Value, cv: Value) -> bool:
    if is_vec(cv):
        return all(same_value(m, a, b) for a, b in zip(sv, cv, strict=True))  # type: ignore[arg-type]
    assert isinstance(sv, Val) and isinstance(cv, Val)
    sp = val_of(m, sv.p) or val_of(m, sv.u)
    cp = bool(cv.p or cv.u)
    if sp != cp:
        return False
    return cp or val_of(m, sv.v) == cv.v


def agree(text: str, inp: Inputs) -> None:
    prog = parse(text, "<generated>")
    for a in prog.arrays:  # an `init` array holds no poison: such inputs are out of domain
        if a.init:
            inp.arrays[a.name] = [0 if x is None else x for x in inp.arrays[a.name]]
    concrete: Run = run(prog, inp, fuel=10_000)
    sym = make_inputs(prog)
    res = encode(prog, sym, "p!", Unroll(bound=8))
    s = z3.Solver()
    s.add(*pin(prog, sym, inp, res))
    assert s.check() == z3.sat
    m = s.model()
    assert not val_of(m, res.exceeded)
    sym_ub = val_of(m, res.ub)
    assert sym_ub == (concrete.status == "ub"), (text, inp, concrete.ub)
    if sym_ub:
        return
    tr = res.trace
    length = val_of(m, tr.observed)  # (a run a call ends appends dead events after it)
    assert length == len(concrete.trace), text
    for j, ev in enumerate(concrete.trace):
        fid, args, seen = tr.slots[j]
        assert val_of(m, fid) == sorted(prog.funcs).index(ev.callee)
        for (sv, sp), (cv, cp) in zip(args, ev.args, strict=False):
            assert bool(val_of(m, sp)) == cp, text
            if not cp:
                assert val_of(m, sv) == cv, text
        assert {o for o, (on, _, _) in seen.items() if val_of(m, on)} == set(ev.memory), text
        for o, cells in ev.memory.items():  # the memory the callee sees
            _, vals, pois = seen[o]
            for k in range(len(inp.arrays[o])):
                cv, cp = cells.get(k)
                assert bool(False if pois is None else val_of(m, z3.Select(pois, k))) == cp, (text, o, k)
                if not cp:
                    assert val_of(m, z3.Select(vals, k)) == cv, (text, o, k)
    assert bool(val_of(m, res.stopped)) == concrete.stopped, text
    if concrete.stopped:
        return  # the run ended inside a call: its memory and live-outs are no result
    for a in prog.arrays:
        vals, pois = res.memory[a.name]
        for k, (cv, cp) in enumerate(concrete.memory[a.name].prefix(len(inp.arrays[a.name]))):
            sp = False if pois is None else val_of(m, z3.Select(pois, k))
            assert bool(sp) == cp, (text, a.name, k)
            if not cp:
                assert val_of(m, z3.Select(vals, k)) == cv, (text, a.name, k)
    for name, cv in concrete.outs.items():
        assert same_value(m, res.outs[name], cv), (text, name)


@pytest.mark.slow
@SETTINGS
@given(scalar_program(), inputs_for())
def test_scalar_programs_agree(text: str, inp: Inputs) -> None:
    agree(text, inp)


@pytest.mark.slow
@SETTINGS
@given(vector_program(), inputs_for(max_n=9))
def test_vector_programs_agree(text: str, inp: Inputs) -> None:
    agree(text, inp)


@pytest.mark.slow
@SETTINGS
@given(lane_chain_program(), inputs_for(min_n=8, max_n=8))
def test_predicated_call_chains_agree(text: str, inp: Inputs) -> None:
    """Masked calls whose masks chain lane to lane (the general form's shape), around
    a join: the trace's slots and length agree with the interpreter."""
    agree(text, inp)


@pytest.mark.slow
@SETTINGS
@given(scalar_program(), inputs_for(), st.dictionaries(st.integers(1, 40), st.integers(0, 255), max_size=4))
def test_freeze_choices_agree(text: str, inp: Inputs, picks: dict[int, int]) -> None:
    """Nondeterministic choices named by the same key get the same value in both."""
    inp.choices = {("fr", uid, k, 0): v for uid, v in picks.items() for k in range(-1, 8)}
    agree(text, inp)


MUTATIONS = [("+nsw", "+"), ("+", "-"), ("/u", "%u"), ("==", "!="), ("<", "<="), ("acc = ", "acc = 1 + "),
             ("break", "{ f(x)\n break }"), ("freeze(", "("), ("b[i] = ", "b[i] = 1 ^ "), ("f(v)", "f(x)"),
             (">>u", ">>"), ("x = a[i]", "x = a[i] & 127")]


@pytest.mark.slow
@settings(max_examples=int(__import__("os").environ.get("PROP_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(scalar_program(), st.data(), st.lists(inputs_for(max_n=4), min_size=12, max_size=12))
def test_proved_means_no_sampled_input_diverges(text: str, data: st.DataObject, samples: list[Inputs]) -> None:
    """Soundness, end to end: whenever a mutant is 'proved', concrete runs agree on every
    sampled input within the bound; whenever it is refuted, the replay diverged."""
    from verifier.checks.refinement import refinement
    from verifier.checks.replay import compare_runs

    applicable = [m for m in MUTATIONS if m[0] in text]
    old, new = data.draw(st.sampled_from(applicable))
    pieces = text.split(old)
    k = data.draw(st.integers(0, len(pieces) - 2))
    mutant = old.join(pieces[: k + 1]) + new + old.join(pieces[k + 1:])
    src = parse(text, "src.loop")
    try:
        tgt = parse(mutant.replace("loop gen(", "loop mut("), "mut.loop")
    except UserError:
        return  # the mutation made the program ill-typed
    v = refinement(src, tgt, max_trip=4, budget=Budget.of(5), minimize_budget=1.0)  # unknown is skipped
    if v.verdict == "counterexample":
        c = v.counterexample
        assert c is not None and compare_runs(src, tgt, c.source, c.target) is not None
    if v.verdict != "proved" or (v.coverage.bounded and v.coverage.bounded.quantified):
        # With freeze or undef in the source, the target may match any of the source's
        # choices, so one concrete source run is no criterion (see test_refinement's
        # quantified tests).
        return
    for inp in samples:
        for a in src.arrays:
            if a.init:
                inp.arrays[a.name] = [0 if x is None else x for x in inp.arrays[a.name]]
        s_run = run(src, inp)
        if s_run.status != "ok" or any(n > 5 for n in s_run.iterations.values()):
            continue
        t_run = run(tgt, inp)
        assert compare_runs(src, tgt, s_run, t_run) is None, (text, mutant, inp)


@pytest.mark.slow
@SETTINGS
@given(lane_loads_program(), inputs_for(max_n=9), st.booleans())
def test_lane_load_bounds_agree(prog_base: tuple[str, int], inp: Inputs, stops: bool) -> None:
    """The encoder checks only the end lanes of a group of `a[b + o]` loads: UB or not
    agrees with the interpreter, which checks every lane, also where lanes wrap, and
    where a call between them ends the run (`stops`)."""
    text, base = prog_base
    inp.params["b"] = base
    inp.stops = frozenset({0}) if stops else frozenset()
    agree(text, inp)


# IEEE arithmetic: the two domains' one primitive each (concrete: Python's doubles,
# rounded once to the format; symbolic: z3's floating-point theory) agree bit for bit.
@SETTINGS
@given(st.sampled_from([16, 32, 64]), st.sampled_from(["fadd", "fsub", "fmul", "fdiv"]), st.data())
def test_float_arithmetic_agrees_in_both_domains(w: int, op: str, data: Any) -> None:
    from verifier.semantics.concrete import ConcreteDomain
    from verifier.semantics.z3domain import Z3Domain

    x, y = data.draw(st.integers(0, (1 << w) - 1)), data.draw(st.integers(0, (1 << w) - 1))
    zx, zy = z3.BitVec("x", w), z3.BitVec("y", w)
    t = z3.simplify(z3.substitute(Z3Domain().fbin(op, zx, zy, w), (zx, z3.BitVecVal(x, w)), (zy, z3.BitVecVal(y, w))))
    assert t.as_long() == ConcreteDomain().fbin(op, x, y, w)


@SETTINGS
@given(st.sampled_from([16, 32, 64]), st.data())
def test_fused_multiply_add_agrees_in_both_domains(w: int, data: Any) -> None:
    """x * y + z rounded once: the concrete domain's exact rational rounding and z3's
    fpFMA agree, also where the sum cancels (z near -(x * y)) or lands in subnormals."""
    from verifier.semantics.concrete import ConcreteDomain
    from verifier.semantics.z3domain import Z3Domain

    x, y = data.draw(st.integers(0, (1 << w) - 1)), data.draw(st.integers(0, (1 << w) - 1))
    near = ConcreteDomain().fbin("fmul", x, y, w) ^ (1 << (w - 1))  # -(x * y), rounded
    z = data.draw(st.one_of(st.integers(0, (1 << w) - 1),
                            st.integers(max(0, near - 3), min((1 << w) - 1, near + 3))))
    zs = [z3.BitVec(n, w) for n in "xyz"]
    at = [(v, z3.BitVecVal(c, w)) for v, c in zip(zs, (x, y, z), strict=True)]
    for fused in (True, False):  # llvm.fma; llvm.fmuladd either way
        t = z3.simplify(z3.substitute(Z3Domain().fma(*zs, w, fused), *at))
        assert t.as_long() == ConcreteDomain().fma(x, y, z, w, fused)


@SETTINGS
@given(st.sampled_from([16, 32, 64]), st.sampled_from([8, 16, 32, 64]), st.booleans(), st.data())
def test_float_conversions_agree_in_both_domains(wf: int, wi: int, signed: bool, data: Any) -> None:
    from verifier.semantics.concrete import ConcreteDomain
    from verifier.semantics.z3domain import Z3Domain

    x = data.draw(st.integers(0, (1 << wf) - 1))
    zx = z3.BitVec("x", wf)
    v, fits = Z3Domain().f2i(zx, wf, wi, signed)
    cv, cfits = ConcreteDomain().f2i(x, wf, wi, signed)
    at = (zx, z3.BitVecVal(x, wf))
    assert z3.is_true(z3.simplify(z3.substitute(fits, at))) == cfits
    if cfits:
        assert z3.simplify(z3.substitute(v, at)).as_long() == cv
    i = data.draw(st.integers(0, (1 << wi) - 1))
    zi = z3.BitVec("i", wi)
    got = z3.simplify(z3.substitute(Z3Domain().i2f(zi, wi, wf, signed), (zi, z3.BitVecVal(i, wi))))
    assert got.as_long() == ConcreteDomain().i2f(i, wi, wf, signed)
    for wt in (16, 32, 64):
        got = z3.simplify(z3.substitute(Z3Domain().fconv(zx, wf, wt), at))
        assert got.as_long() == ConcreteDomain().fconv(x, wf, wt)


def _differs(widths: dict[str, int], prog: Program, res: SymResult, concrete: Run) -> Any:
    """A z3 condition: the symbolic run (its choices free) ends otherwise than the
    concrete one (UB or not, inside a call or not, the trace's length, a live-out's
    value or poison)."""
    from verifier.semantics.z3domain import Z3Domain

    d = Z3Domain()
    ub = d.bterm(res.ub)
    if concrete.status == "ub":
        return z3.Not(ub)
    # (a run a call ends appends dead events after it: the observed length is the trace's)
    parts = [ub, d.term(res.trace.observed, 16) != len(concrete.trace), d.bterm(res.stopped) != concrete.stopped]
    for name, cv in concrete.outs.items():
        pairs = zip(res.outs[name], cv, strict=True) if is_vec(cv) else [(res.outs[name], cv)]
        for sv, c in pairs:
            assert isinstance(sv, Val) and isinstance(c, Val)
            bad = d.bterm(d.or_(sv.p, sv.u))
            if c.p or c.u:
                parts.append(z3.Not(bad))
            else:
                parts.append(z3.Or(bad, d.term(sv.v, widths[name]) != c.v))
    return z3.Or(*parts)


FREEZES_A_LOAD = """loop frozen(N: i64) {
  array a: i8[N]
  x: i8 = 0
  i = 0
  while (i < N) {
    x = freeze(a[i])
    i = i + 1
  }
  out x
}
"""


@pytest.mark.slow
@SETTINGS
@given(scalar_program(), inputs_for())
@example(FREEZES_A_LOAD, Inputs(params={"N": 2}, arrays={"a": [3, None]}))  # a choice: skipped
@example(FREEZES_A_LOAD, Inputs(params={"N": 2}, arrays={"a": [None, 3]}))  # a choice, then none at the end
@example(FREEZES_A_LOAD, Inputs(params={"N": 2}, arrays={"a": [3, 4]}))  # none
def test_a_run_without_choices_is_the_programs_only_behaviour(text: str, inp: Inputs) -> None:
    """checks/falsify.py takes a source run that made no nondeterministic choice
    (Run.choices empty) for the source's only behaviour on its inputs: with every
    choice of the symbolic run free, no other outcome exists."""
    from verifier.ir.types import elem_of

    prog = parse(text, "<generated>")
    for a in prog.arrays:
        if a.init:
            inp.arrays[a.name] = [0 if x is None else x for x in inp.arrays[a.name]]
    concrete = run(prog, inp, fuel=10_000)
    if concrete.choices or concrete.status == "fuel":
        return
    sym = make_inputs(prog)
    res = encode(prog, sym, "p!", Unroll(bound=8))
    widths = {n: elem_of(t).bits for n, t in res.out_types.items()}
    s = z3.Solver()
    s.add(*pin(prog, sym, inp, res, choices=False), _differs(widths, prog, res, concrete))
    assert s.check() == z3.unsat, (text, inp)


# The signed remainder by a known power of two is a mask in the symbolic domain (a
# faster circuit): it agrees with z3's own srem for every dividend (z3 proves it) and
# with the concrete domain, and a broken rounding is caught.
@pytest.mark.parametrize("w", [3, 8, 32, 64])
def test_signed_remainder_by_powers_of_two_is_exact(w: int) -> None:
    from verifier.semantics.concrete import ConcreteDomain
    from verifier.semantics.z3domain import Z3Domain

    x = z3.BitVec("x", w)
    for k in range(1, w - 1):
        for op, generic in (("sdiv", lambda a, b: a / b), ("srem", z3.SRem)):
            s = z3.Solver()
            s.add(getattr(Z3Domain(), op)(x, 1 << k, w) != generic(x, z3.BitVecVal(1 << k, w)))
            assert s.check() == z3.unsat, (w, k, op)
    # the concrete domain's answers, on the dividends where rounding matters
    for c in (0, 1, 3, (1 << (w - 1)) - 1, 1 << (w - 1), (1 << w) - 1, (1 << w) - 3):
        for op in ("sdiv", "srem"):
            t = z3.simplify(z3.substitute(getattr(Z3Domain(), op)(x, 4 % (1 << w), w), (x, z3.BitVecVal(c, w))))
            assert t.as_long() == getattr(ConcreteDomain(), op)(c, 4 % (1 << w), w)


def test_signed_remainder_by_a_power_of_two_keeps_the_dividends_sign() -> None:
    """The rounding bias is what makes the mask srem: -1 % 4 is -1, not the mask's 3."""
    from verifier.semantics.z3domain import Z3Domain

    x = z3.BitVec("x", 8)
    got = Z3Domain().srem(x, 4, 8)
    assert z3.simplify(z3.substitute(got, (x, z3.BitVecVal(0xFF, 8)))).as_long() == 0xFF
    s = z3.Solver()
    s.add(got != x & 3)
    assert s.check() == z3.sat  # a plain mask is not srem


# An equality of two sums with constants on top is asked as one difference against a
# constant (a loop's `i + k == n` for each lane k shares `n - i`): exact for every
# value (z3 proves it), and a sign slip in the constant is caught.
@pytest.mark.parametrize("w", [4, 8, 64])
def test_an_equality_of_offset_sums_is_exact(w: int) -> None:
    from verifier.semantics.z3domain import Z3Domain

    d = Z3Domain()
    x, y = z3.BitVec("x", w), z3.BitVec("y", w)
    for c1, c2 in ((1, 0), (0, 3), (5, 2), (2, 5), ((1 << w) - 1, 1), (3, 3)):
        a = d.add(d.add(x, c1 % (1 << w), w), 0, w) if c1 else x
        b = d.add(y, c2 % (1 << w), w) if c2 else y
        got = d.eq(a, b, w)
        s = z3.Solver()
        s.add(got != (x + c1 == y + c2))
        assert s.check() == z3.unsat, (w, c1, c2, got)
    slipped = (y - x) == z3.BitVecVal((2 - 5) % (1 << w), w)  # c2 - c1 instead of c1 - c2
    s = z3.Solver()
    s.add(slipped != d.eq(d.add(x, 5, w), d.add(y, 2, w), w))
    assert s.check() == z3.sat  # the difference's constant the other way round is another question
