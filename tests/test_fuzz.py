"""The fuzz tier (tests/fuzzing.py): mutated models, LLVM IR, suites and command
lines, run in-process; each must end in a verdict or a clean error (exit 2 with
file:line:col, a usage message or the file named), never an internal error or a
hang. Hypothesis draws the inputs' seeds, derandomized: the same inputs on every
run. A short version runs in the fast tier; the full one is marked slow. Then one
test per failure the fuzzing found, each on the input that showed it."""

from __future__ import annotations

import math
import os
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import (
    CHEAP_KINDS,
    FAILURES,
    KINDS,
    LOOP_MODELS,
    Case,
    Outcome,
    case_of,
    run_case,
)
from tests.helpers import MODELS
from verifier.limits import (
    MAX_BLOCK_DEPTH,
    MAX_EXITS,
    MAX_EXPR_DEPTH,
    MAX_LANES,
    MAX_NUMBER_DIGITS,
    MAX_TRIP,
)
from verifier.smt.budget import seconds_of, work

# a whole run's budget, in seconds of solver budget (smt/budget.py's meter, so the
# same examples run at any machine speed): past it, the remaining examples are not
# run (the slow tier's inputs include solver checks of about a second each)
BUDGET_FAST, BUDGET_FULL = 20.0, 240.0
_started: dict[str, int] = {}


def _within_budget(tier: str, budget: float) -> bool:
    return seconds_of(work() - _started.setdefault(tier, work())) < budget


def _run(case: Case) -> None:
    with tempfile.TemporaryDirectory() as d:
        r = run_case(case, Path(d))
    assert r.outcome not in FAILURES, f"{r.outcome}: {r.message[:500]}\n  input: {case.describe()}"


@settings(max_examples=60, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.slow
@given(st.integers(0, 2**32 - 1))
def test_fuzz_models_and_llvm_ir_read_or_rejected_with_a_location(seed: int) -> None:
    if _within_budget("fast", BUDGET_FAST):
        _run(case_of(seed, CHEAP_KINDS))


@pytest.mark.slow
@settings(max_examples=300, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_fuzz_every_kind_of_input_ends_in_a_verdict_or_a_clean_error(seed: int) -> None:
    if _within_budget("full", BUDGET_FULL):
        _run(case_of(seed, KINDS))


# -- each failure the fuzzing found, on its input --------------------------------------

SEARCH = (MODELS / "seed" / "search_loop.loop").read_text()
GENERAL = (MODELS / "seed" / "vectorized" / "search_loop_general_vf4.loop").read_text()
LANES = (MODELS / "lanes" / "no_tiling.loop").read_text()
IFS = SEARCH.replace("      foo(x)\n", "".join(f"      if (x == {k % 100}) {{ foo(x) }}\n" for k in range(300))).encode()
MULTI_LL = """define i32 @f(i32 %x) {
entry:
  ret i32 %x
}

define i32 @g(i32 %x) {
entry:
  ret i32 %x
}
"""

BLOCKS = """loop count(n: i64, a: i64) {
  array dst: i64[n]
entry:
  t: i1 = 0 < n
  if (t) goto loop else goto exit
loop:
  iv: i64 = phi [entry: 0, for.inc: inc]
  cmp: i1 = iv < a
  if (cmp) goto if.then else goto for.inc
if.then:
  dst[iv] = 7
  goto for.inc
for.inc:
  inc: i64 = iv +nuw.nsw 1
  cond: i1 = inc == n
  if (cond) goto done else goto loop
done:
  out last = iv
  end
exit:
  end
}
"""
TWO_LOOPS = """loop two(N: i64) {
  array a: i8[N]
  i = 0
  while (i < N) {
    x = a[i]
    c = x == 0
    if (c) break
    i = i + 1
  }
  j = 0
  while (j < N) {
    j = j + 1
  }
  out i
}
"""


def _outcome(argv: list[str], files: dict[str, bytes]) -> tuple[Outcome, str]:
    with tempfile.TemporaryDirectory() as d:
        r = run_case(Case("regression", argv, files), Path(d))
        return r.outcome, r.message.replace(d, "{dir}")


def _suite(**item: object) -> bytes:
    from tests.fuzzing import _obligation_text
    return _obligation_text({"name": "o", "check": "speculate", "model": "m.loop", "expect": "proved",
                             **item}).encode()


LOOP = {"m.loop": SEARCH.encode()}
CASES = [
    # (argv, files, outcome, what the message must say)
    (["show", "{dir}/m.loop"], {"m.loop": SEARCH.replace("a[i]", "(" * 5000 + "a[i]" + ")" * 5000).encode()},
     Outcome.LOCATED, f"expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)"),
    (["show", "{dir}/m.loop"], {"m.loop": SEARCH.replace("x == 0", "-" * 5000 + "x == 0").encode()},
     Outcome.LOCATED, "expression nested too deeply"),
    (["show", "{dir}/m.loop"], {"m.loop": SEARCH.replace("      foo(x)\n", "if (1 == 1) {\n" * 2000 + "}\n" * 2000)
                                .encode()},
     Outcome.LOCATED, f"statements nested too deeply (more than {MAX_BLOCK_DEPTH} levels)"),
    (["show", "{dir}/m.loop"], {"m.loop": (SEARCH + "\n/* never closed\n").encode()}, Outcome.LOCATED,
     "unterminated comment"),
    (["show", "{dir}/m.loop"], {"m.loop": SEARCH.encode()[:40] + b"\xff" + SEARCH.encode()[40:]}, Outcome.LOCATED,
     "not UTF-8 text (byte 0xff)"),
    (["show", "{dir}/m.loop"], {"m.loop": SEARCH.replace("i8[N]", "i8[1e999]").encode()}, Outcome.LOCATED,
     "malformed number"),
    (["show", "{dir}/nope.loop"], {}, Outcome.FILE, "cannot read {dir}/nope.loop: No such file"),
    (["show", "{dir}/m.ll"], {"m.ll": MULTI_LL.encode()}, Outcome.FILE, "2 functions defined; choose one"),
    (["check", "{dir}/m.loop", "--vf", "4.5"], LOOP, Outcome.USAGE, "'4.5' is not a valid integer"),
    (["check", "{dir}/m.loop", "--vf", "3"], LOOP, Outcome.USAGE, "vf must be a power of two from 1 to 64, not 3"),
    (["check", "{dir}/m.loop", "--timeout", "nan"], LOOP, Outcome.USAGE, "timeout must be a finite number"),
    (["check", "{dir}/m.loop", "--timeout", "inf"], LOOP, Outcome.USAGE, "--timeout"),
    (["check", "{dir}/m.loop", "--max-trip", str(2**70)], LOOP, Outcome.USAGE, "--max-trip"),
    (["run", "{dir}/m.loop"], LOOP, Outcome.USAGE, "--set: no value for parameter(s) N"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite(max_trip=1_000_000)}, Outcome.LOCATED,
     f"max_trip must be from 1 to {MAX_TRIP}"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite(max_trip=2**70)}, Outcome.LOCATED, "max_trip must be"),
    # 0x and 5,000 hex digits: TOML reads it; a message showing it could not (Python's 4,300 decimal digits)
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite().replace(b"\n\n", b"\nmax_trip = 0x" + b"f" * 5000 + b"\n")},
     Outcome.LOCATED, "s.toml:6:12: error: obligation 'o': max_trip: number too long (more than 100 digits)"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite(vf=[4, 2**400])}, Outcome.LOCATED, "vf: number too long"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite(timeout=math.nan)}, Outcome.LOCATED,
     "timeout must be a finite number of seconds"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite(timeout=math.inf)}, Outcome.LOCATED, "not inf"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite(model="m.loop/")}, Outcome.LOCATED,
     "names no file"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite(vf=4.5)}, Outcome.LOCATED, "vf must be an integer"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite(vf=[4, [8]])}, Outcome.LOCATED, "vf must be an integer"),
    (["suite", "{dir}/s.toml"], {"m.ll": MULTI_LL.encode(), "s.toml": _suite(model="m.ll")},
     Outcome.LOCATED, 'in a suite: func = "..."'),
    (["suite", "{dir}/s.toml"], {"s.toml": b'[[obligation]]\nname = "x'}, Outcome.LOCATED,
     "s.toml:2:10: error: malformed TOML"),
    (["suite", "{dir}"], {}, Outcome.FILE, "no suite files (*.toml) in {dir}"),
    (["lanes", "{dir}/m.loop", "--vf", "4"], {"m.loop": BLOCKS.replace("inc: i64 = iv +nuw.nsw 1", "inc: i1 = iv +nuw.nsw 1")
                                              .encode()}, Outcome.LOCATED, "type mismatch: 'inc' is i1, expected i64"),
    (["lanes", "{dir}/m.loop", "--vf", "4"], {"m.loop": BLOCKS.replace("cmp: i1 = iv < a", "cmp: i64 = iv + a")
                                              .encode()}, Outcome.LOCATED, "type mismatch: 'cmp' is i64, expected i1"),
    (["check", "{dir}/m.loop", "--check", "hoist"], {"m.loop": TWO_LOOPS.encode()}, Outcome.LOCATED,
     "m.loop:11:10: error: expected a scalar loop (one loop), found 2 loops (this is the second)"),
    # found by hand beside the fuzzing: a byte order mark is no error; a module of
    # declarations says so; a value that does not fit its parameter is refused, not wrapped
    (["show", "{dir}/m.loop"], {"m.loop": b"\xef\xbb\xbf" + SEARCH.encode()}, Outcome.VERDICT, "loop search_loop("),
    (["show", "{dir}/m.ll"], {"m.ll": b"declare i32 @f(i32)\n"}, Outcome.FILE,
     "the module defines no function (only declarations)"),
    (["run", "{dir}/m.loop", "--set", f"N={2**70}"], LOOP, Outcome.USAGE,
     f"--set N: {2**70} does not fit in i64"),
    (["run", "{dir}/m.loop", "--set", "N=3", "--set", "a=[1, 300]"], LOOP, Outcome.USAGE,
     "--set a: 300 does not fit in i8 (from -128 to 255)"),
    # a fuzz run of 12,000 inputs: a vector of 2^31 lanes (a MemoryError), a period of 0 lanes
    (["run", "{dir}/m.loop", "--set", "N=3"], {"m.loop": GENERAL.replace("const VF = 4", f"const VF = {2**31}")
                                               .encode()}, Outcome.LOCATED,
     f"a vector has 1 to {MAX_LANES} lanes, not {2**31}"),
    (["show", "{dir}/m.loop"], {"m.loop": SEARCH.replace("x = a[i]", "x = a[i]\n  v = iota(0, 5000)").encode()},
     Outcome.LOCATED, f"a vector has 1 to {MAX_LANES} lanes, not 5000"),
    (["suite", "{dir}/s.toml"], {"m.loop": LANES.encode(), "s.toml": _suite(check="lanes", value="a",
                                                                             relation="periodic 0")},
     Outcome.LOCATED, "a period is at least 1 lane"),
    # nesting past what a reader recurses through: TOML's (a RecursionError), LLVM's
    # parser in C++ (a stack overflow: the process died)
    (["suite", "{dir}/s.toml"], {"s.toml": b'[[obligation]]\nname = "x"\nvf = ' + b"[" * 5000 + b"]" * 5000 + b"\n"},
     Outcome.LOCATED, "s.toml:3:106: error: values nested too deeply (more than 100 levels)"),
    (["suite", "{dir}/s.toml"], {"s.toml": b'[[obligation]]\nname = "x [[["\nvf = ' + b"{a = " * 5000 + b"1"
                                 + b"}" * 5000 + b"\n"},
     Outcome.LOCATED, "s.toml:3:506: error: values nested too deeply"),
    (["show", "{dir}/m.ll"], {"m.ll": b"@g = global " + b"[1 x " * 300_000 + b"i8" + b"]" * 300_000
                              + b" zeroinitializer\ndefine i64 @f() {\nentry:\n  ret i64 0\n}\n"},
     Outcome.LOCATED, "m.ll:1:1293: error: nested too deeply (more than 256 levels of brackets)"),
    # an i4096 multiply in a loop: minutes in z3's bit-blasting (the minimizer's push has no timeout)
    (["check", "{dir}/m.ll"], {"m.ll": b"define i4096 @f(i4096 %x) {\nentry:\n  %y = mul i4096 %x, %x\n"
                                       b"  ret i4096 %y\n}\n"}, Outcome.VERDICT,
     "m.ll:1:1: unsupported: type i4096 (wider than 1024 bits)"),
    # a number of 5,000 digits: Python's int() refuses past 4,300 (a ValueError, an internal error)
    (["check", "{dir}/m.loop"], {"m.loop": SEARCH.replace("i = 0", "i = " + "9" * 5000, 1).encode()},
     Outcome.LOCATED, f"m.loop:8:7: error: number too long (more than {MAX_NUMBER_DIGITS} digits)"),
    (["show", "{dir}/m.loop"], {"m.loop": SEARCH.replace("i8[N]", "i8[0x" + "f" * 5000 + "]", 1).encode()},
     Outcome.LOCATED, "number too long"),
    (["suite", "{dir}/s.toml"], {**LOOP, "s.toml": _suite().replace(b"\n\n", b"\nvf = " + b"9" * 5000 + b"\n")},
     Outcome.LOCATED, "s.toml:6:6: error: number too long"),
    (["run", "{dir}/m.loop", "--set", "N=" + "9" * 5000], LOOP, Outcome.USAGE, "--set N: number too long"),
    (["suite", "{dir}/s.toml"], {"m.loop": LANES.encode(), "s.toml": _suite(check="lanes", value="a",
                                                                             relation="periodic " + "9" * 5000)},
     Outcome.LOCATED, "too long"),
    # 300 `if`s in a row: reading a variable back through them recursed past Python's
    # limit (a RecursionError); a loop that large runs out of the lanes run's time in
    # the prover's constructor (an EncodingTimeout that escaped: an internal error)
    (["show", "{dir}/m.loop"], {"m.loop": IFS}, Outcome.VERDICT, "loop search_loop("),
    (["lanes", "{dir}/m.loop", "--vf", "4", "--timeout", "0.1"], {"m.loop": IFS}, Outcome.VERDICT, "loop"),
    # 3,000 exits (a line repeated): every exit is checked on its own, 62 s under --timeout 1 (fuzz input #5188)
    (["check", "{dir}/m.loop", "--check", "speculate", "--timeout", "1"],
     {"m.loop": SEARCH.replace("      if (c) break", "      if (c) break\n" * 3000).encode()}, Outcome.LOCATED,
     f"m.loop:29:14: error: more than {MAX_EXITS} exits from one loop"),
    # odd paths: a device is refused (/dev/zero was read until memory ran out)
    (["show", "/dev/zero"], {}, Outcome.FILE, "error: /dev/zero: not a file or a pipe (a device or a socket)"),
    (["check", "/dev/urandom", "--vf", "4"], {}, Outcome.FILE, "/dev/urandom: not a file or a pipe"),
    (["check", "{dir}/m.ll"], {"m.ll": b"define i64 @f(ptr %p) {\nentry:\n  %v = load <4096 x i8>, ptr %p\n"
                                       b"  ret i64 0\n}\n"}, Outcome.VERDICT,
     "m.ll:3:3: unsupported: type <4096 x i8> (more than 1024 lanes)"),
]


def test_a_verdict_past_its_time_limit_is_a_failure() -> None:
    """The fuzz property's time side, on the budget's meter (the same at any machine
    speed): the verdicts, lane relations or suite obligations a command prints spend
    at most 2.5 x --timeout + 1 s of budget each (the run as a whole: HANG_SECONDS of
    wall-clock time, a hang)."""
    from tests.fuzzing import over_time

    assert over_time(["check", "m", "--timeout", "1"], "proved: a [hoist, VF=4] in 9.40s\n", 3.4) is None
    assert over_time(["check", "m", "--timeout", "1"], "unknown: a [hoist, VF=4] in 0.60s\n", 3.6) is not None
    assert over_time(["suite", "s", "--timeout", "1"], "[1/2] a: proved ok (0.10s)\n[2/2] b: unknown ok (0.20s)\n",
                     7.1) is not None
    assert over_time(["lanes", "m", "--timeout", "1", "--json"], '{"values": [{"seconds": 0.6}]}', 3.6) is not None
    assert over_time(["check", "m"], "unknown: a [hoist, VF=4] in 90.00s\n", 90.0) is None  # no limit on the line
    assert over_time([], "", 0.0) is None  # `verifier` alone


def test_a_file_past_the_size_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import verifier.errors

    monkeypatch.setattr(verifier.errors, "MAX_LL_BYTES", 10)
    got, message = _outcome(["show", "{dir}/m.ll"], {"m.ll": MULTI_LL.encode()})
    assert (got, "larger than 0 MiB, the most an LLVM module may be" in message) == (Outcome.FILE, True), message
    # a .loop model: 1 MiB (a 2 MB one took 8 s to tokenize before its error at line 5)
    big = SEARCH.replace("  array a: i8[N]", "  array a: i8[N]\n" + "  // padding\n" * 100_000)
    got, message = _outcome(["show", "{dir}/m.loop"], {"m.loop": big.encode()})
    assert (got, "larger than 1 MiB, the most a .loop model may be" in message) == (Outcome.FILE, True), message


def test_a_pipe_is_read_as_a_file(tmp_path: Path) -> None:
    """`verifier show <(opt ...)`: the shell passes a pipe, which is read to its end."""
    fifo = tmp_path / "m.loop"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(SEARCH,))
    writer.start()
    got, message = _outcome(["show", str(fifo)], {})
    writer.join()
    assert (got, "loop search_loop(" in message) == (Outcome.VERDICT, True), message


@pytest.mark.parametrize(("argv", "files", "outcome", "says"), CASES,
                         ids=[f"{k}-{c[3][:30]}" for k, c in enumerate(CASES)])
@pytest.mark.slow
def test_each_input_the_fuzzing_broke_on_is_a_clean_error(argv: list[str], files: dict[str, bytes],
                                                          outcome: Outcome, says: str) -> None:
    got, message = _outcome(argv, files)
    assert (got, says in message) == (outcome, True), message[:600]


def test_the_fuzz_inputs_cover_every_shipped_model() -> None:
    """The corpus is what the repository ships, not a sample chosen to pass."""
    assert set(LOOP_MODELS) == set(MODELS.rglob("*.loop")) and len(KINDS) == 4
