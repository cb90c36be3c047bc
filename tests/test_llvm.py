"""The LLVM IR front end (frontend/llvm/) on the committed clang-22/opt-22 fixtures
(models/llvm/): translation, the cttz.elts rule, unsupported constructs, errors."""

from __future__ import annotations

import functools
import json
import operator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import MODELS, cli
from verifier.checks.refinement import refinement
from verifier.errors import UserError
from verifier.frontend.llvm import LLOptions, LLUnsupported, parse_ll_file
from verifier.ir.program import Assumption
from verifier.ir.types import IntType, VecType
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.inputs import Inputs
from verifier.semantics.interpreter import RunStatus, run
from verifier.semantics.lane_ops import cttz_elts, reduce_int
from verifier.semantics.ops import Val
from verifier.semantics.z3domain import Z3Domain
from verifier.smt.budget import Budget

LL = MODELS / "llvm"



def equiv(name: str, target: str, rule: str, max_trip: int = 129) -> str:
    o = LLOptions(cttz_elts=rule)
    src = parse_ll_file(LL / f"{name}.scalar.ll", None, o)
    tgt = parse_ll_file(LL / f"{name}.{target}.ll", None, o)
    v = refinement(src, tgt, max_trip=max_trip, budget=Budget.of(120))
    if v.verdict == "counterexample":
        assert v.counterexample is not None and v.counterexample.divergence is not None
    return v.verdict


# LLVM 22 finds the exiting lane with cttz.elts over the *unfrozen* compare: a poison
# lane after the exit (memory may hold poison) makes the index poison under the
# current LangRef rule, where the scalar loop returned a defined value.
@pytest.mark.slow
@pytest.mark.parametrize("name", ["find_first_16", "mismatch", "shift_test", "liveout_value", "find_global"])
def test_unfrozen_cttz_elts_is_refuted_under_any_poison_and_proved_under_first_true(name: str) -> None:
    assert equiv(name, "vf4", "any-poison") == "counterexample"
    assert equiv(name, "vf4", "first-true") == "proved"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["any_negative", "find_const_table", "range_n"])
def test_outputs_without_the_unfrozen_lane_index_are_proved(name: str) -> None:
    # any_negative returns a constant (no lane index), find_const_table reads a constant
    # global (its initializer: no poison; a global that is not constant may hold poison,
    # as find_global shows), range_n was not vectorized (a possibly faulting load)
    assert equiv(name, "vec", "any-poison") == "proved"


def test_memory_without_poison_removes_the_finding() -> None:
    o = LLOptions(assume=frozenset({Assumption.MEMORY_HAS_NO_POISON}))
    src = parse_ll_file(LL / "find_first_16.scalar.ll", None, o)
    tgt = parse_ll_file(LL / "find_first_16.vf4.ll", None, o)
    assert refinement(src, tgt, max_trip=17, budget=Budget.of(120)).verdict == "proved"


def test_a_wrong_vectorization_is_refuted(tmp_path: Path) -> None:
    # step the vector index by 8 instead of 4: lanes are skipped
    text = (LL / "find_first_16.vf4.ll").read_text().replace("add nuw i64 %index, 4", "add nuw i64 %index, 8")
    assert "%index, 8" in text
    bad = tmp_path / "skip.ll"
    bad.write_text(text)
    o = LLOptions(cttz_elts="first-true")
    v = refinement(parse_ll_file(LL / "find_first_16.scalar.ll", None, o), parse_ll_file(bad, None, o),
                   max_trip=17, budget=Budget.of(120))
    assert v.verdict == "counterexample"


def test_translation_reads_objects_flags_and_vector_ops() -> None:
    p = parse_ll_file(LL / "find_first_16.vf4.ll")
    arr = p.array("v0")
    assert arr.elem == IntType(32) and arr.readonly and not arr.init
    ops = {i.op for i in p.instructions()}
    assert {"load", "insertelt", "shuffle", "freeze", "reduce", "cttz_elts"} <= ops
    load = next(i for i in p.instructions() if i.op == "load" and isinstance(i.type, VecType))
    assert load.attrs.width == 4
    assert "v0.bytes" in {q.name for q in p.params}  # its size in bytes: free, at least dereferenceable(N)


@pytest.mark.slow
def test_cli_equiv_on_ll_reports_the_finding_and_the_coverage() -> None:
    r = cli("equiv", str(LL / "find_first_16.scalar.ll"), str(LL / "find_first_16.vf4.ll"), "--func", "find_first_16",
            "--max-trip", "17")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "target poison" in r.stdout
    r = cli("equiv", str(LL / "find_first_16.scalar.ll"), str(LL / "find_first_16.vf4.ll"),
            "--cttz-elts", "first-true", "--max-trip", "17")
    assert r.returncode == 0, r.stdout + r.stderr
    # one vector iteration from any state refines four source iterations: every trip count
    assert "covers every trip count" in r.stdout
    # where that induction does not close (find_ptr's vector index counts elements, its
    # source's pointer offset bytes), the bound decides and says what it covers: here
    # every input, since no run gets past the 24 elements of `a[static 24]` (the
    # unwinding assertion, at a bound the IR gives)
    r = cli("equiv", str(LL / "strnlen32.scalar.ll"), str(LL / "strnlen32.vf4.ll"),
            "--cttz-elts", "first-true", "--max-trip", "33")
    assert r.returncode == 0 and "covers every trip count" in r.stdout, r.stdout
    r = cli("equiv", str(LL / "find_ptr.scalar.ll"), str(LL / "find_ptr.vf4.ll"),
            "--cttz-elts", "first-true", "--max-trip", "9")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "covers every input: runs of at most" in r.stdout and "no run of the source gets past" in r.stdout
    assert "note: proved this way, not by the per-iteration induction" in r.stdout


@pytest.mark.slow
def test_unsupported_construct_is_unknown_naming_it(tmp_path: Path) -> None:
    f = tmp_path / "ptr.ll"
    f.write_text("define i1 @f(ptr %a, ptr %b) {\n  %x = load i8, ptr %a\n  %y = load i8, ptr %b\n"
                 "  %c = icmp eq ptr %a, %b\n  ret i1 %c\n}\n")
    with pytest.raises(LLUnsupported, match="icmp of pointers"):
        parse_ll_file(f)
    r = cli("equiv", str(f), str(f))
    assert r.returncode == 3 and "unknown" in r.stdout and "icmp of pointers" in r.stdout


@pytest.mark.slow
def test_bad_ll_is_a_user_error_with_file_line_col(tmp_path: Path) -> None:
    f = tmp_path / "bad.ll"
    f.write_text("define i32 @f() {\n  ret i32 %x\n}\n")
    with pytest.raises(UserError) as e:
        parse_ll_file(f)
    assert e.value.loc is not None and (e.value.loc.line, e.value.loc.col) == (2, 11)
    r = cli("equiv", str(f), str(f))
    assert r.returncode == 2 and "bad.ll:2:11" in r.stderr + r.stdout and "Traceback" not in r.stderr
    r = cli("equiv", str(LL / "find_first_16.scalar.ll"), str(LL / "find_first_16.vf4.ll"), "--func", "nope")
    assert r.returncode == 2 and "no function @nope" in r.stderr + r.stdout


# --- the new vector operations: concrete and symbolic semantics agree ----------------

LANE = st.one_of(st.none(), st.integers(0, 3))  # None: a poison lane


def _lanes(d: object, xs: list[int | None], w: int) -> list[Val]:
    return [Val(d.const(0 if x is None else x, w), d.T if x is None else d.F, d.F) for x in xs]  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(st.lists(LANE, min_size=1, max_size=6), st.sampled_from(["any-poison", "first-true"]), st.booleans())
def test_cttz_elts_concrete_and_symbolic_agree(xs: list[int | None], rule: str, zp: bool) -> None:
    import z3

    c = cttz_elts(ConcreteDomain(), _lanes(ConcreteDomain(), xs, 2), 2, 8, rule, zp)
    zd = Z3Domain()
    s = cttz_elts(zd, _lanes(zd, xs, 2), 2, 8, rule, zp)
    assert z3.is_true(z3.simplify(zd.bterm(s.p))) == bool(c.p)
    if not c.p:
        assert _num(s.v) == c.v
    # the rule itself: any-poison is poison whenever a lane is
    if rule == "any-poison" and any(x is None for x in xs):
        assert c.p


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 255), min_size=1, max_size=5), st.sampled_from(["or", "and", "add", "umax", "smin"]))
def test_reduce_concrete_and_symbolic_agree(xs: list[int], kind: str) -> None:

    c = reduce_int(ConcreteDomain(), kind, _lanes(ConcreteDomain(), list(xs), 8), 8)
    zd = Z3Domain()
    s = reduce_int(zd, kind, _lanes(zd, list(xs), 8), 8)
    assert _num(s.v) == c.v
    signed = [x - 256 if x >= 128 else x for x in xs]
    want = {"or": lambda: functools.reduce(operator.or_, xs), "and": lambda: functools.reduce(operator.and_, xs),
            "add": lambda: sum(xs) % 256, "umax": lambda: max(xs), "smin": lambda: min(signed) % 256}[kind]()
    assert c.v == want


def _num(t: object) -> int:
    import z3

    return t if isinstance(t, int) else z3.simplify(t).as_long()  # type: ignore[arg-type]


@pytest.mark.parametrize("lane, verdict", [(2, "proved"), (3, "counterexample")])
def test_constant_vector_lanes_and_extractelement(tmp_path: Path, lane: int, verdict: str) -> None:
    src, tgt = tmp_path / "src.ll", tmp_path / "tgt.ll"
    src.write_text("define i32 @f() {\n  ret i32 2\n}\n")
    tgt.write_text("define i32 @f() {\n  %x = extractelement <4 x i32> <i32 0, i32 1, i32 2, i32 poison>, "
                   f"i64 {lane}\n  ret i32 %x\n}}\n")
    assert "vec" in {i.op for i in parse_ll_file(tgt).instructions()}
    assert refinement(parse_ll_file(src), parse_ll_file(tgt), max_trip=1, budget=Budget.of(60)).verdict == verdict


def test_every_fixture_is_checked_by_the_llvm_suite() -> None:
    """proofs/llvm.toml (run by the main job) holds each fixture's vectorized outputs
    against its scalar source and its scalar loop's legality."""
    from verifier.suite import load

    obs = load(MODELS.parent / "proofs" / "llvm.toml")
    for c in sorted((LL / "c").glob("*.c")):
        mine = [ob for ob in obs if ob.source.name == f"{c.stem}.scalar.ll"]
        assert any(ob.check == "speculate" for ob in mine), c.stem
        assert any(ob.check == "equiv" and ob.target is not None and ob.target.name == f"{c.stem}.vf4.ll"
                   for ob in mine), c.stem
        assert all(ob.func for ob in mine), c.stem


def test_a_byte_offset_pointer_induction_moves_in_whole_elements() -> None:
    """std::find's shape: `gep i8, p, %off` with %off stepping by 4 (LLVM 20+ writes
    pointer inductions this way) reads an i32 array, and the pointer returned is
    compared as an offset into its object."""
    p = parse_ll_file(LL / "find_ptr.scalar.ll")
    assert p.array("v0").elem == IntType(32)
    assert "ret.v0" in p.out_names()
    assert any(i.op == "ashr" and "exact" in i.attrs.flags for i in p.instructions())


def test_a_byte_offset_that_splits_an_element_reads_it_unit_by_unit(tmp_path: Path) -> None:
    """A pointer stepping by 2 bytes over i32 loads: 2-byte units, each i32 load two
    of them; a vector load in smaller units than its lanes reads its units as one
    vector, regrouped (little-endian), each lane poison where a unit of it is."""
    text = (LL / "find_ptr.scalar.ll").read_text().replace("add nuw nsw i64 %5, 4", "add nuw nsw i64 %5, 2")
    split = tmp_path / "split.ll"
    split.write_text(text)
    p = parse_ll_file(split)
    assert p.array("v0").elem == IntType(16)
    assert sum(1 for i in p.instructions() if i.op == "load") == 2
    mixed = tmp_path / "vec.ll"
    mixed.write_text("define i32 @f(ptr dereferenceable(16) %p) {\n  %a = load i16, ptr %p\n"
                     "  %v = load <2 x i32>, ptr %p\n  %e = extractelement <2 x i32> %v, i64 1\n"
                     "  %z = zext i16 %a to i32\n  %r = add i32 %z, %e\n  ret i32 %r\n}\n")
    q = parse_ll_file(mixed)
    assert q.array("p").elem == IntType(16)
    at = {"p.bytes": 16, "p.addr": 64}
    r = run(q, Inputs(params=at, arrays={"p": [1, 2, 3, 4, 5, 6, 7, 8]}))
    assert r.status is RunStatus.OK and r.outs["ret"] == Val(1 + (3 | 4 << 16), False, False)
    # lane 1 is units 2 and 3: a poison one poisons it; lane 0's units do not
    assert run(q, Inputs(params=at, arrays={"p": [1, 2, 3, None, 5, 6, 7, 8]})).outs["ret"].p
    assert not run(q, Inputs(params=at, arrays={"p": [1, None, 3, 4, 5, 6, 7, 8]})).outs["ret"].p


def test_suite_llvm_keys_are_checked(tmp_path: Path) -> None:
    from verifier.suite import load

    suite = tmp_path / "s.toml"
    suite.write_text('[[obligation]]\nname = "x"\ncheck = "speculate"\nsource = "m.loop"\nfunc = "f"\n'
                     'expect = "proved"\n')
    with pytest.raises(UserError, match="func and cttz_elts go with LLVM IR"):
        load(suite)
    suite.write_text('[[obligation]]\nname = "x"\ncheck = "speculate"\nsource = "m.ll"\ncttz_elts = "some"\n'
                     'expect = "proved"\n')
    with pytest.raises(UserError, match="cttz_elts must be any-poison or first-true"):
        load(suite)


def test_a_bounded_proof_over_constant_trip_counts_says_it_covers_every_input() -> None:
    from verifier.checks.refinement import refinement
    from verifier.frontend.llvm import LLOptions, parse_ll_pair
    from verifier.reports.text import verdict_text

    src, tgt = parse_ll_pair(LL / "find_first_16.scalar.ll", LL / "find_first_16.vf4.ll", None,
                             LLOptions(cttz_elts="first-true"))
    v = refinement(src, tgt, max_trip=17, budget=Budget.of(60))
    assert v.verdict == "proved" and v.coverage.complete
    assert "covers every input: no source loop visits its header more than 16 times" in verdict_text(v)
    v = refinement(src, tgt, max_trip=9, budget=Budget.of(60))
    assert v.verdict == "proved" and not v.coverage.complete
    assert "covers every input whose source loops run at most 9 iterations" in verdict_text(v)


@pytest.mark.slow
def test_a_target_wrong_only_late_is_not_proved_for_every_trip_count(tmp_path: Path) -> None:
    # the vector loop stops at 60 of 64 elements: right for every run that leaves
    # before, wrong for x in a[60..63]; the step finds it, and the bound refutes it
    from verifier.checks.translation import inductive, translation
    from verifier.frontend.llvm import LLOptions, parse_ll_pair

    text = (LL / "find_first_64.vf4.ll").read_text()
    assert "icmp eq i64 %index.next, 64" in text
    bad = tmp_path / "late.ll"
    bad.write_text(text.replace("icmp eq i64 %index.next, 64", "icmp eq i64 %index.next, 60"))
    opts = LLOptions(cttz_elts="first-true")
    src, tgt = parse_ll_pair(LL / "find_first_64.scalar.ll", bad, None, opts)
    assert isinstance(inductive(src, tgt, Budget.of(60)), str)
    assert translation(src, tgt, 12, Budget.of(60)).coverage.unbounded is not True
    assert translation(src, tgt, 65, Budget.of(60)).verdict == "counterexample"
    # a vector loop that starts at element 4: the programs differ before their loops
    skip = tmp_path / "skip.ll"
    skip.write_text(text.replace("phi i64 [ 0, %vector.ph ]", "phi i64 [ 4, %vector.ph ]"))
    src, tgt = parse_ll_pair(LL / "find_first_64.scalar.ll", skip, None, opts)
    assert _not_proved(inductive(src, tgt, Budget.of(60)))
    assert translation(src, tgt, 65, Budget.of(60)).verdict == "counterexample"


@pytest.mark.slow
def test_an_induction_opt_counts_from_zero_is_related_by_its_offset(tmp_path: Path) -> None:
    """mismatch_from3: the source's `i` runs from 3, opt's `%index` from 0 (with
    `%offset.idx = 3 + %index`). The induction relates them by the offset (t = s - 3)
    and proves the pair for every trip count; a target that reads from the wrong
    offset, or whose vector loop stops 4 elements early, is never proved so."""
    from verifier.checks.translation import inductive, translation
    from verifier.frontend.llvm import LLOptions, parse_ll_pair
    from verifier.transforms.recognize import recognize

    opts = LLOptions(cttz_elts="first-true")
    src, tgt = parse_ll_pair(LL / "mismatch_from3.scalar.ll", LL / "mismatch_from3.vf4.ll", None, opts)
    from verifier.analysis.exits import analyse

    form = recognize(src, analyse(src), tgt)
    assert form.vf == 4 and list(form.offsets.values()) == [-3]
    v = inductive(src, tgt, Budget.of(60))
    assert not isinstance(v, str) and v.verdict == "proved" and v.coverage.unbounded, v
    text = (LL / "mismatch_from3.vf4.ll").read_text()
    for wrong, right in (("%offset.idx = add i64 4, %index", "%offset.idx = add i64 3, %index"),
                         ("icmp eq i64 %index.next, 60", "icmp eq i64 %index.next, 64")):
        assert right in text
        bad = tmp_path / "bad.ll"
        bad.write_text(text.replace(right, wrong))
        src, tgt = parse_ll_pair(LL / "mismatch_from3.scalar.ll", bad, None, opts)
        assert _not_proved(inductive(src, tgt, Budget.of(60))), wrong
        v = translation(src, tgt, 68, Budget.of(60))
        assert v.verdict == "counterexample", wrong
        if "60" in wrong:  # wrong at element 60 only: the 15th vector iteration, checked step by step
            assert v.coverage.found_in == "vector iteration 15, checked step by step", v.coverage


def _not_proved(v: object) -> bool:
    """The induction's answer is no proof: why not, or a replayed counterexample."""
    from verifier.checks.verdict import Verdict

    return isinstance(v, str) or (isinstance(v, Verdict) and v.verdict == "counterexample")


@pytest.mark.slow
def test_a_pair_that_must_be_proved_for_every_trip_count_is_unknown_when_only_bounded(tmp_path: Path) -> None:
    """`unbounded = true`: an obligation proved only up to its bound (the marks loop's
    simple form, which the induction does not close: tests/test_induction.py MARKS) is
    unknown, saying why; mismatch_from3's real output is proved. (The late-exit mutant
    of mismatch_from3 used to be the bounded one: the concrete tests now follow the
    source's runs past the bound and refute it.)"""
    from tests.test_induction import MARKS

    marks = tmp_path / "marks.loop"
    marks.write_text(MARKS)
    src = LL / "mismatch_from3.scalar.ll"
    suite = tmp_path / "s.toml"
    one = ('[[obligation]]\nname = "{n}"\ncheck = "equiv"\nsource = "{s}"\ntarget = "{t}"\nfunc = "mismatch_from3"\n'
           'cttz_elts = "first-true"\nmax_trip = 16\nunbounded = true\nexpect = "{e}"\n')
    bounded = (f'[[obligation]]\nname = "marks"\ncheck = "equiv"\nsource = "{marks}"\nform = "simple"\nvf = 2\n'
               'max_trip = 8\nunbounded = true\nexpect = "unknown"\n')
    suite.write_text(bounded + one.format(n="real", s=src, t=LL / "mismatch_from3.vf4.ll", e="proved"))
    r = cli("suite", str(suite), "--no-cache", "--verbose")
    assert r.returncode == 0, r.stdout + r.stderr
    suite.write_text(one.format(n="x", s=src, t=LL / "mismatch_from3.vf4.ll", e="proved").replace(
        "unbounded = true", "bounded = true"))
    r = cli("suite", str(suite), "--no-cache")
    assert r.returncode == 2 and "bounded must be the trip count a bounded proof covers" in r.stderr


@pytest.mark.slow
def test_the_cttz_elts_finding_says_which_reading_proves_it() -> None:
    """Under LangRef's reading LLVM's output is refuted; the verdict names the option
    that reads cttz.elts as LLVM's code generation does, and why the default differs."""
    pair = [str(MODELS / "llvm" / "find_char.scalar.ll"), str(MODELS / "llvm" / "find_char.vf4.ll")]
    r = cli("equiv", *pair, "--json")
    v = json.loads(r.stdout.splitlines()[-1])
    assert v["verdict"] == "counterexample" and any("--cttz-elts first-true" in a for a in v["advice"]), v
    ok = json.loads(cli("equiv", *pair, "--json", "--cttz-elts", "first-true").stdout.splitlines()[-1])
    assert ok["verdict"] == "proved" and not ok.get("advice"), ok
