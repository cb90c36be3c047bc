"""The semantics (ops.py) through the interpreter: each rule on a case that must hold
and a neighbouring case that must not."""

from __future__ import annotations

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import run_text
from verifier.ir.types import to_signed
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.z3domain import Z3Domain


def scalar(body: str, params: str = "x: i8, y: i8", **kw: object):  # type: ignore[no-untyped-def]
    r = run_text(f"loop t({params}) {{\n{body}\n}}", **kw)
    return r


def out(r, name: str = "r"):  # type: ignore[no-untyped-def]
    v = r.outs[name]
    return "poison" if v.p else ("undef" if v.u else v.v)


@pytest.mark.parametrize("op,x,y,expect", [
    ("+nsw", 127, 1, "poison"), ("+nsw", 126, 1, 127), ("+nuw", -1, 1, "poison"), ("+nuw", 1, 1, 2),
    ("-nsw", -128, 1, "poison"), ("-nuw", 0, 1, "poison"), ("-nuw", 1, 1, 0),
    ("*nsw", 64, 2, "poison"), ("*nsw", 63, 2, 126), ("*nuw", 128, 2, "poison"),
    ("<<", 1, 8, "poison"), ("<<", 1, 7, 128), ("<<nsw", 64, 1, "poison"), ("<<nuw", 128, 1, "poison"),
    (">>exact", 3, 1, "poison"), (">>exact", 4, 1, 2), (">>u", -128, 7, 1), (">>", -128, 7, 255),
    ("/u.exact", 7, 2, "poison"), ("/u.exact", 8, 2, 4), ("/", -7, 2, 256 - 3), ("%", -7, 2, 255),
])
def test_arithmetic_flags(op: str, x: int, y: int, expect: object) -> None:
    r = scalar(f"r = x {op} y\nout r", x=x, y=y)
    assert r.status == "ok"
    assert out(r) == expect


@pytest.mark.parametrize("op,x,y,reason", [
    ("/u", 1, 0, "division by zero"), ("/u", 1, 1, None), ("%u", 1, 0, "remainder by zero"),
    ("/", -128, -1, "INT_MIN / -1 overflows"), ("%", -128, -1, "INT_MIN % -1 overflows"),
    ("/", -128, 1, None), ("/", 5, -1, None),
])
def test_division_ub(op: str, x: int, y: int, reason: str | None) -> None:
    r = scalar(f"r = x {op} y\nout r", x=x, y=y)
    assert (r.status == "ub") == (reason is not None)
    if reason is not None:
        assert r.ub is not None and r.ub.reason == reason


def test_division_by_poison_is_ub() -> None:
    r = scalar("p = x +nsw 1\nr = y /u p\nout r", x=127, y=1)
    assert r.status == "ub" and r.ub is not None and r.ub.reason == "division by poison"


def test_poison_dividend_of_minus_one_is_ub() -> None:
    r = scalar("p = x +nsw 1\nr = p / y\nout r", x=127, y=-1)
    assert r.status == "ub"
    r = scalar("p = x +nsw 1\nr = p / y\nout r", x=127, y=2)
    assert r.status == "ok" and out(r) == "poison"


def test_select_takes_only_the_chosen_operands_poison() -> None:
    r = scalar("p = x +nsw 1\nr = select(y == 0, p, x)\nout r", x=127, y=1)
    assert out(r) == 127
    r = scalar("p = x +nsw 1\nr = select(y == 0, p, x)\nout r", x=127, y=0)
    assert out(r) == "poison"
    r = scalar("p = x +nsw 1\nr = select(p == 0, y, x)\nout r", x=127, y=0)
    assert out(r) == "poison"


def test_logical_and_does_not_propagate_poison_but_bitwise_does() -> None:
    base = "p = (x +nsw 1) == 0\nq = y == 1\n"
    assert out(scalar(base + "r = q && p\nout r", x=127, y=0)) == 0
    assert out(scalar(base + "r = q & p\nout r", x=127, y=0)) == "poison"


def test_branch_on_poison_is_ub_and_freeze_fixes_it() -> None:
    body = "p = x +nsw 1\nr: i8 = 0\nif ({c}) {{ r = 1 }}\nout r"
    assert scalar(body.format(c="p == 0"), x=127, y=0).status == "ub"
    r = scalar(body.format(c="freeze(p) == 0"), x=127, y=0)
    assert r.status == "ok" and out(r) == 1  # the freeze choice defaults to 0


def test_undef_is_fresh_per_use_and_a_branch_on_it_is_ub() -> None:
    r = scalar("r = undef(i8)\nout r")
    assert out(r) == "undef"
    r = scalar("r: i8 = 0\nif (undef(i1)) { r = 1 }\nout r")
    assert r.status == "ub" and "undef" in r.ub.reason  # type: ignore[union-attr]
    assert out(scalar("r = freeze(undef(i8))\nout r")) == 0


def test_assume_false_is_ub() -> None:
    assert scalar("assume x > 0\nout x", x=0).status == "ub"
    assert scalar("assume x > 0\nout x", x=1).status == "ok"


def test_casts() -> None:
    assert out(scalar("r = sext(x, i32)\nout r", x=-1)) == 0xFFFFFFFF
    assert out(scalar("r = zext(x, i32)\nout r", x=-1)) == 0xFF
    assert out(scalar("r = trunc(zext(x, i32) + 256, i8)\nout r", x=5)) == 5


VEC = "loop t(N: i64) {{\n const VF = 4\n array a: i8[N]\n array m: i1[N] init\n{body}\n}}"


def vec(body: str, **kw: object):  # type: ignore[no-untyped-def]
    return run_text(VEC.format(body=body), **kw)


def test_clsz_counts_leading_zero_lanes_and_ignores_poison_after_the_first_one() -> None:
    r = vec("x = a[0 .. 0+VF)\nr = clsz(x != 0)\nout r", N=4, a=[0, 0, 5, None])
    assert out(r) == 2
    r = vec("x = a[0 .. 0+VF)\nr = clsz(x != 0)\nout r", N=4, a=[0, None, 5, 0])
    assert out(r) == "poison"
    r = vec("x = a[0 .. 0+VF)\nr = clsz(x != 0)\nout r", N=4, a=[0, 0, 0, 0])
    assert out(r) == 4


def test_clsnz_counts_leading_nonzero_lanes() -> None:
    r = vec("x = a[0 .. 0+VF)\nr = clsnz(x != 0)\nout r", N=4, a=[1, 1, 0, None])
    assert out(r) == 2
    r = vec("x = a[0 .. 0+VF)\nr = clsnz(x != 0)\nout r", N=4, a=[1, None, 0, 0])
    assert out(r) == "poison"


def test_anyof_allones_extract_prefix() -> None:
    r = vec("x = a[0 .. 0+VF)\nc = x == 0\nr = anyof(c)\ns = allones(c)\ne = extract(x, 3)\n"
            "p = prefix(2, VF)\nq = bitcast(p, i4)\nout r\nout s\nout e\nout q", N=4, a=[1, 0, 7, 1])
    assert (out(r), out(r, "s"), out(r, "e"), out(r, "q")) == (1, 0, 7, 3)
    r = vec("x = a[0 .. 0+VF)\nr = anyof(x == 0)\nout r", N=4, a=[0, None, 0, 0])
    assert out(r) == "poison"
    r = vec("x = a[0 .. 0+VF)\ne = extract(x, 5)\nout e", N=4, a=[0, 0, 0, 0])
    assert out(r, "e") == "poison"


def test_masked_lanes_do_not_fault_or_run() -> None:
    body = ("x = a[0 .. 0+VF)\nmk = m[0 .. 0+VF)\nwhen (mk) {{ z = 10 /u x\n foo(x) }}\nr = extract(z, 1)\nout r")
    r = vec("effect foo(i8)\n" + body.format(), N=4, a=[2, 0, 0, 0], m=[1, 0, 0, 0])
    assert r.status == "ok" and out(r) == 5 and [str(e) for e in r.trace] == ["foo(2)"]
    r = vec("effect foo(i8)\n" + body.format(), N=4, a=[2, 0, 0, 0], m=[1, 1, 0, 0])
    assert r.status == "ub" and r.ub is not None and r.ub.lane == 2


def test_load_past_the_extent_names_the_lane() -> None:
    r = vec("x = a[1 .. 1+VF)\nout x", N=4, a=[0, 0, 0, 0])
    assert r.status == "ub" and r.ub is not None and r.ub.lane == 4 and "out of bounds" in r.ub.reason


def test_store_to_readonly_is_ub() -> None:
    r = run_text("loop t(N: i64) {\n array a: i8[N] readonly\n a[0] = 1\n}", N=1, a=[0])
    assert r.status == "ub" and "read-only" in r.ub.reason  # type: ignore[union-attr]


def test_aliasing_arrays_share_memory() -> None:
    from verifier.frontend.parser import parse
    from verifier.semantics.inputs import Inputs
    from verifier.semantics.interpreter import run

    prog = parse("loop t(N: i64) {\n array a: i8[N]\n array b: i8[N]\n alias a, b\n b[0] = 7\n r = a[1]\n out r\n}")
    r = run(prog, Inputs({"N": 4}, {"a": [0, 0, 0, 0], "b": [0, 0, 0, 0]}, {}, {"b": ("a", 1)}))
    assert out(r) == 7
    r = run(prog, Inputs({"N": 4}, {"a": [0, 0, 0, 0], "b": [0, 0, 0, 0]}, {}, {"b": (None, 0)}))
    assert out(r) == 0


def test_pure_calls_and_traps() -> None:
    from verifier.frontend.parser import parse
    from verifier.semantics.inputs import Inputs
    from verifier.semantics.interpreter import run

    prog = parse("loop t(x: i8) {\n pure g(i8) -> i8\n r = g(x)\n out r\n}")
    assert out(run(prog, Inputs({"x": 3}, pure={("g", (3,)): 9}))) == 9
    r = run(prog, Inputs({"x": 3}, traps={("g", (3,)): True}))
    assert r.status == "ub" and "traps" in r.ub.reason  # type: ignore[union-attr]


def test_signed_helper() -> None:
    assert to_signed(255, 8) == -1 and to_signed(127, 8) == 127


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from([8, 16, 32]).flatmap(lambda w: st.tuples(st.just(w), st.integers(0, (1 << w) - 1),
                                                                 st.integers(0, (1 << w) - 1))),
       st.booleans())
def test_mul_overflow_is_the_same_in_both_domains(wxy: tuple[int, int, int], signed: bool) -> None:
    # z3's overflow predicates stand for a product twice as wide: they must agree
    w, x, y = wxy
    expect = not (-(1 << (w - 1)) <= to_signed(x, w) * to_signed(y, w) < (1 << (w - 1))) if signed \
        else x * y >= (1 << w)
    assert ConcreteDomain().mul_ovf(x, y, w, signed) == expect
    a, b = z3.BitVec("a", w), z3.BitVec("b", w)
    s = z3.Solver()
    s.add(a == x, b == y, Z3Domain().mul_ovf(a, b, w, signed) != expect)
    assert s.check() == z3.unsat
