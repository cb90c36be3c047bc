"""Grammar-aware mutation fuzzing of everything a user hands the tool: the models in
models/, the LLVM IR fixtures, the proof suites and the command line, run in-process
(verifier.cli.run_argv) as a user would run them. The property: every input ends in
a verdict (exit 0, 1 or 3) or a clean error (exit 2: `file:line:col: error:`, a
usage message, or an error naming the file it could not read), never an internal
error, never past its time limit. Used by tests/test_fuzz.py (hypothesis draws the
seeds) and bench/fuzz.py (a long run with counts per outcome)."""

from __future__ import annotations

import contextlib
import io
import math
import random
import re
import signal
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from verifier.smt.budget import seconds_of, work

ROOT = Path(__file__).resolve().parent.parent
LOOP_MODELS = sorted(p for p in (ROOT / "models").rglob("*.loop"))
LL_FILES = sorted(p for p in (ROOT / "models").rglob("*.ll"))
SUITES = sorted((ROOT / "proofs").glob("*.toml"))

# a time limit per command: the command's --timeout is per obligation and a check
# asks several; past this a command counts as a hang
SOLVER_TIMEOUT = 1.0
HANG_SECONDS = 60.0
# a verdict keeps to its --timeout T: past OVER_FACTOR * T + OVER_SLACK seconds of budget
# (smt/budget.py's meter, the same at any machine speed) a verdict spent it is a failure.
# A verdict's budget is T for its check, and within T again for its repair or the
# completion of a bounded proof
OVER_FACTOR, OVER_SLACK = 2.5, 1.0


class Outcome(StrEnum):
    VERDICT = "verdict"  # exit 0, 1 or 3 (proved, refuted, unknown)
    LOCATED = "located error"  # exit 2, file:line:col: error:
    USAGE = "usage error"  # exit 2, the command line's usage message
    FILE = "file error"  # exit 2, a file that cannot be read, named
    UNLOCATED = "error without a location"  # exit 2, none of the above: a failure
    INTERNAL = "internal error"  # a bug in verifier: a failure
    HANG = "hang"  # past HANG_SECONDS: a failure
    OVER_TIME = "verdict over its time limit"  # verdicts past OVER_FACTOR * --timeout + OVER_SLACK of budget: a failure


FAILURES = (Outcome.UNLOCATED, Outcome.INTERNAL, Outcome.HANG, Outcome.OVER_TIME)


@dataclass
class Case:
    """One input: the command's arguments ({dir} stands for the folder the files are
    written to) and the files it reads."""

    kind: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)

    def describe(self) -> str:
        return f"{self.kind}: verifier {' '.join(self.argv)}"


@dataclass
class Result:
    case: Case
    outcome: Outcome
    code: int
    seconds: float
    message: str

    @property
    def signature(self) -> str:
        """The failure's kind and first line, without numbers and paths (for counting)."""
        first = next((line for line in self.message.splitlines() if line.strip()), "")
        first = re.sub(r"\S*/\S*", "<path>", first)
        return f"{self.outcome}: {re.sub(r'[0-9]+', 'N', first)[:160]}"


# -- tokens ------------------------------------------------------------------------

TOKEN = re.compile(r"//[^\n]*|/\*.*?\*/|\s+|[A-Za-z_.%@$][\w.$]*|0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:e[+-]?\d+)?|"
                   r"\"[^\"\n]*\"|.", re.S)
NUMBERS = ["0", "1", "-1", "3", "255", "256", "65", "4096", "1000000", str(2**31), str(2**63 - 1), str(2**63),
           str(2**64), str(2**70), "10" * 20, "1e999", "1.5", "0x7f", "-0", "nan", "inf", "9" * 400,
           "9" * 5000, "0x" + "f" * 5000]  # past 4,300 digits Python's int() refuses
TYPES = ["i1", "i8", "i16", "i32", "i64", "i128", "i0", "i7", "i999999", "i" + "9" * 5000, "f32", "f64", "ptr", "void", "half"]
WORDS = ["loop", "array", "effect", "assume", "if", "else", "do", "while", "break", "out", "freeze", "poison",
         "undef", "select", "nsw", "nuw", "exact", "inbounds", "define", "br", "phi", "ret", "label", "call",
         "load", "store", "getelementptr", "icmp", "fcmp", "x", "N", "i", "a", "b", "%0", "@f", "!0"]
ODD = ["(", ")", "{", "}", "[", "]", ",", ":", "=", "/*", "*/", "//", "\"", "'", "\\", "\x00", "é", "\u202e",
       "\t", "\n", "#", "<", ">", "<4 x i32>", "...", "-", "+"]


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def _pick_index(rng: random.Random, toks: list[str], pred: Callable[[str], bool]) -> int | None:
    idx = [k for k, t in enumerate(toks) if pred(t)]
    return rng.choice(idx) if idx else None


def mutate_text(rng: random.Random, text: str, rounds: int | None = None) -> bytes:
    """`text` with 1..3 mutations, each aware of tokens, lines and nesting."""
    for _ in range(rounds or rng.randint(1, 3)):
        text = rng.choice(TEXT_MUTATIONS)(rng, text)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.03:  # bytes that are not UTF-8
        k = rng.randrange(len(data) + 1)
        data = data[:k] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"]) + data[k:]
    return data


def _delete_token(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    k = _pick_index(rng, toks, lambda t: not t.isspace())
    return text if k is None else "".join(toks[:k] + toks[k + 1:])


def _duplicate_token(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    k = _pick_index(rng, toks, lambda t: not t.isspace())
    return text if k is None else "".join(toks[:k + 1] + [" ", toks[k]] + toks[k + 1:])


def _swap_tokens(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    idx = [k for k, t in enumerate(toks) if not t.isspace()]
    if len(idx) < 2:
        return text
    a = rng.randrange(len(idx) - 1)
    i, j = idx[a], idx[min(len(idx) - 1, a + rng.randint(1, 4))]
    toks[i], toks[j] = toks[j], toks[i]
    return "".join(toks)


def _replace_number(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    k = _pick_index(rng, toks, lambda t: t[0].isdigit())
    if k is None:
        return text
    toks[k] = rng.choice(NUMBERS)
    return "".join(toks)


def _replace_type(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    k = _pick_index(rng, toks, lambda t: re.fullmatch(r"i\d+|f32|f64|ptr|half|float|double", t) is not None)
    if k is None:
        return text
    toks[k] = rng.choice(TYPES)
    return "".join(toks)


def _replace_word(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    k = _pick_index(rng, toks, lambda t: t[0].isalpha() or t[0] in "%@_")
    if k is None:
        return text
    names = [t for t in toks if t[0].isalpha() or t[0] in "%@_"]
    toks[k] = rng.choice(names + WORDS)
    return "".join(toks)


def _insert_odd(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    k = rng.randrange(len(toks) + 1)
    return "".join(toks[:k] + [rng.choice(ODD)] + toks[k:])


def _truncate(rng: random.Random, text: str) -> str:
    return text[:rng.randrange(len(text) + 1)]


def _line_op(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    op = rng.randrange(3)
    if op == 0:
        del lines[k]
    elif op == 1:
        lines.insert(k, lines[k])
    else:
        j = rng.randrange(len(lines))
        lines[k], lines[j] = lines[j], lines[k]
    return "\n".join(lines)


def _nest(rng: random.Random, text: str) -> str:
    """An operand wrapped in many parentheses, or a block in many nested ifs."""
    toks = tokens(text)
    k = _pick_index(rng, toks, lambda t: t[0].isalnum())
    if k is None:
        return text
    depth = rng.choice([50, 300, 1000, 5000, 20000])
    if rng.random() < 0.5:
        toks[k] = "(" * depth + toks[k] + ")" * depth
    else:
        toks[k] = "-" * depth + toks[k]
    return "".join(toks)


def _nest_blocks(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    depth = rng.choice([20, 200, 2000])
    lines[k:k] = ["if (1 == 1) {"] * depth + ["}"] * depth
    return "\n".join(lines)


def _repeat_line(rng: random.Random, text: str) -> str:
    """One line many times in a row (300 `if`s in a row once recursed past Python's limit)."""
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    lines[k:k + 1] = [lines[k]] * rng.choice([30, 300, 3000])
    return "\n".join(lines)


def _huge(rng: random.Random, text: str) -> str:
    return text * rng.choice([2, 50])


# mutations that keep the syntax (an operator for one of its kind, a type everywhere,
# a flag, two neighbouring lines): their inputs reach the checks, not only the parser
OPERATOR_KINDS = [
    ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"], ["==", "!=", "<", "<=", ">", ">="],
    ["add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor"],
    ["eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"],
]


def _replace_operator(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    kind = rng.choice(OPERATOR_KINDS)
    k = _pick_index(rng, toks, lambda t: t in kind)
    if k is None:
        return text
    toks[k] = rng.choice(kind)
    return "".join(toks)


def _retype(rng: random.Random, text: str) -> str:
    a, b = rng.sample(["i8", "i16", "i32", "i64"], 2)
    return re.sub(rf"\b{a}\b", b, text)


def _replace_flag(rng: random.Random, text: str) -> str:
    toks = tokens(text)
    k = _pick_index(rng, toks, lambda t: t in ("nsw", "nuw", "nuw.nsw", "exact", "inbounds", "nneg"))
    if k is None:
        return text
    toks[k] = rng.choice(["nsw", "nuw", "nuw nsw" if toks[k] in ("nsw", "nuw") and "define" in text else toks[k]])
    return "".join(toks)


def _swap_neighbour_lines(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    k = rng.randrange(max(1, len(lines) - 1))
    lines[k:k + 2] = lines[k:k + 2][::-1]
    return "\n".join(lines)


TEXT_MUTATIONS: list[Callable[[random.Random, str], str]] = [
    _delete_token, _delete_token, _duplicate_token, _swap_tokens, _replace_number, _replace_number, _replace_type,
    _replace_word, _insert_odd, _truncate, _line_op, _nest, _nest_blocks, _huge, _repeat_line,
    _replace_operator, _replace_operator, _retype, _replace_flag, _swap_neighbour_lines, _swap_neighbour_lines,
]


# -- suites ------------------------------------------------------------------------

ODD_VALUES: dict[str, list[Any]] = {
    "max_trip": [0, -1, 1, 3, 1024, 1025, 1_000_000, 2**63 - 1, 2**70, 1.5, math.inf, "16", True, [4]],
    "timeout": [math.nan, math.inf, -math.inf, -1, 0, 0.05, 1e308, 86401, "60", True, [1.0]],
    "vf": [0, 1, 3, 6, 128, 2**40, -4, 4.5, math.nan, "4", [], [4, 3], [4, [8]], True],
    "check": ["equiv", "hoist", "speculate", "freeze", "lanes", "rewrite", "Equiv", "", 3],
    "form": ["general", "simple", "both", "", 1],
    "expect": ["proved", "counterexample", "unknown", "maybe", 0],
    "exit": ["C1", "C9", "", 1, ["C1"]],
    "func": ["nope", "", 3, "main"],
    "assume": [["memory-has-no-poison"], ["nonsense"], "memory-has-no-poison", [3]],
    "unbounded": [True, False, "yes", 1],
    "bounded": [True, False, "yes"],
    "freeze": [True, False, 0],
    "name": ["", "x" * 500, 3, "a\nb"],
    "value": ["i", "nope", 3],
    "relation": ["uniform", "strided 3", "periodic 0", "strided 99999999999999999999", "nonsense", 2],
    "rewrite": ["split", "exit-from-condition", "nope"],
    "force": [True, "no"],
    "cttz_elts": ["first-true", "any-poison", "other"],
    "colour": ["red"],
}


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _obligation_text(item: dict[str, Any]) -> str:
    return "[[obligation]]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in item.items()) + "\n"


def suite_case(rng: random.Random) -> Case:
    """One obligation of a shipped suite (its paths made absolute), its values
    mutated, or its text; run with a short timeout."""
    path = rng.choice(SUITES)
    items = tomllib.loads(path.read_text())["obligation"]
    item = dict(rng.choice(items))
    for key in ("model", "source", "target"):
        if isinstance(item.get(key), str):
            item[key] = str((path.parent / item[key]).resolve())
    for _ in range(rng.randint(0, 3)):
        op = rng.randrange(5)
        if op == 0 and item:
            del item[rng.choice(sorted(item))]
        elif op == 1:
            key = rng.choice(sorted(ODD_VALUES))
            item[key] = rng.choice(ODD_VALUES[key])
        elif op == 2:
            key = rng.choice([k for k in ("model", "source", "target") if k in item] or ["model"])
            item[key] = rng.choice([str(item.get(key, "x.loop")) + "/", "missing.loop", str(ROOT / "models"), "",
                                    "rel/../nope.ll", str(ROOT / "README.md")])
        elif op == 3 and "max_trip" in item:  # keep the checks cheap
            item["max_trip"] = min(int(item["max_trip"]), 16) if isinstance(item["max_trip"], int) else 8
    text = _obligation_text(item)
    data = mutate_text(rng, text) if rng.random() < 0.3 else text.encode()
    args = ["suite", "{dir}/s.toml", "--no-cache", "--timeout", str(SOLVER_TIMEOUT)]
    return Case("suite", args, {"s.toml": data})


# -- models and LLVM IR ------------------------------------------------------------

def loop_case(rng: random.Random, cheap: bool = False) -> Case:
    """A mutated model run through a command: show, run, check or vectorize."""
    path = rng.choice(LOOP_MODELS)
    data = mutate_text(rng, path.read_text()) if rng.random() < 0.9 else path.read_bytes()
    cmd = rng.choice(["show", "show", "run"] if cheap else ["show", "run", "check", "check", "vectorize", "lanes"])
    argv = {
        "show": ["show", "{dir}/m.loop"],
        "run": ["run", "{dir}/m.loop", "--set", rng.choice(["N=3", "N=0", "n=2", "a=[1, poison, 0]", "N=x"]),
                "--fuel", "2000"],
        "check": ["check", "{dir}/m.loop", "--check", rng.choice(["hoist", "speculate", "freeze"]), "--no-repair",
                  "--vf", rng.choice(["2", "4"]), "--timeout", str(SOLVER_TIMEOUT), "--max-trip", "8"],
        "vectorize": ["vectorize", "{dir}/m.loop", "--vf", "4", "--form", rng.choice(["general", "simple"]),
                      "--timeout", str(SOLVER_TIMEOUT)],
        "lanes": ["lanes", "{dir}/m.loop", "--vf", "4", "--timeout", str(SOLVER_TIMEOUT)],
    }[cmd]
    return Case(f"model/{cmd}", argv, {"m.loop": data})


def ll_case(rng: random.Random, cheap: bool = False) -> Case:
    path = rng.choice(LL_FILES)
    data = mutate_text(rng, path.read_text()) if rng.random() < 0.9 else path.read_bytes()
    cmd = rng.choice(["show"] if cheap else ["show", "show", "check"])
    argv = ["show", "{dir}/m.ll"] if cmd == "show" else \
        ["check", "{dir}/m.ll", "--check", rng.choice(["hoist", "speculate"]), "--no-repair", "--timeout",
         str(SOLVER_TIMEOUT), "--max-trip", "8"]
    if rng.random() < 0.2:
        argv += ["--func", rng.choice(["nope", "f", ""])]
    return Case(f"llvm/{cmd}", argv, {"m.ll": data})


# -- the command line --------------------------------------------------------------

OPTION_VALUES: dict[str, list[str]] = {
    "--vf": ["4", "3", "0", "-4", "128", "4.5", "1e3", "nan", "", "four", "99999999999999999999"],
    "--max-trip": ["8", "0", "-1", "1025", "1e6", str(2**63), str(2**70), "1.5", "inf", ""],
    "--timeout": ["1", "nan", "inf", "-inf", "-1", "0", "0.01", "1e308", "abc", ""],
    "--check": ["hoist", "speculate", "freeze", "equiv", "all", "nope", ""],
    "--form": ["general", "simple", "both", "nope"],
    "--func": ["nope", "", "main"],
    "--jobs": ["1", "0", "-1", "100000", "x"],
    "--fuel": ["10", "0", "-1", str(2**70), "x"],
    "--assume": ["memory-has-no-poison", "nonsense", ""],
    "--set": ["N=3", "N=", "=3", "N=1e999", "a=[", "a=[1, 2", "N=poison", "Q=1", f"N={2**70}", "N=" + "9" * 5000],
    "--cttz-elts": ["first-true", "any-poison", "other"],
    "--json": [],
    "--bounded": [],
    "--unbounded": [],
    "--no-freeze": [],
    "--nope": [],
}
COMMANDS = ["check", "equiv", "show", "run", "vectorize", "lanes", "rewrite", "suite", "schema", "nope", ""]


def cli_case(rng: random.Random) -> Case:
    """A command with a model (shipped, missing, a folder, a trailing '/') and options
    with odd values; cheap: a short timeout and trip bound unless mutated."""
    cmd = rng.choice(COMMANDS)
    model = rng.choice(LOOP_MODELS[:8] + LL_FILES[:2])
    target = rng.choice([str(model), str(ROOT / "models"), "missing.loop", str(model) + "/", "", "{dir}",
                         str(ROOT / "README.md"), str(SUITES[0]) if cmd == "suite" else str(model)])
    argv = [cmd] if cmd else []
    if rng.random() < 0.9:
        argv.append(target)
    if cmd == "equiv" and rng.random() < 0.8:
        argv.append(rng.choice([str(model), "missing.loop", str(ROOT / "models")]))
    for _ in range(rng.randint(0, 4)):
        opt = rng.choice(sorted(OPTION_VALUES))
        argv.append(opt)
        if OPTION_VALUES[opt]:
            argv.append(rng.choice(OPTION_VALUES[opt]))
    # keep what runs cheap: a short solver timeout and trip bound unless given
    if cmd in ("check", "equiv", "lanes", "rewrite", "suite") and "--timeout" not in argv:
        argv += ["--timeout", str(SOLVER_TIMEOUT)]
    if cmd in ("check", "equiv") and "--max-trip" not in argv:
        argv += ["--max-trip", "8"]
    if cmd == "check" and "--check" not in argv:
        argv += ["--check", "hoist"]
    if cmd == "suite":
        argv += ["--no-cache"]
    return Case("cli", argv)


KINDS: dict[str, Callable[[random.Random], Case]] = {
    "model": lambda r: loop_case(r), "llvm": lambda r: ll_case(r), "suite": suite_case, "cli": cli_case,
}
CHEAP_KINDS: dict[str, Callable[[random.Random], Case]] = {
    "model": lambda r: loop_case(r, cheap=True), "llvm": lambda r: ll_case(r, cheap=True),
}


def case_of(seed: int, kinds: dict[str, Callable[[random.Random], Case]] = KINDS) -> Case:
    """The input number `seed` (the same on every machine)."""
    rng = random.Random(seed)
    kind = rng.choice(sorted(kinds))
    return kinds[kind](rng)


# -- running -----------------------------------------------------------------------

LOCATED = re.compile(r"^\S.*:\d+:\d+: error: ", re.M)
USAGE = re.compile(r"^(Usage: |Error: |Try 'verifier)", re.M)
OPTION = re.compile(r"^error: --[\w-]+", re.M)  # an error about an option, naming it
# an error about a whole file (which function of a module, a file that is not there), naming it
FILE = re.compile(r"^error: (cannot read |no such suite file or folder: |no suite files \(\*\.toml\) in )?\S+?(: |$)",
                  re.M)


class _Hang(Exception):
    pass


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Raise _Hang after `seconds` (the main thread only; a solver call in C answers
    first, within its own timeout)."""
    def ring(signum: int, frame: object) -> None:
        raise _Hang()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def classify(code: int, out: str, err: str) -> Outcome:
    text = out + err
    if "internal error" in text or "Traceback (most recent call last)" in text:
        return Outcome.INTERNAL
    if code in (0, 1, 3):
        return Outcome.VERDICT
    if code == 2:
        if LOCATED.search(text):
            return Outcome.LOCATED
        if USAGE.search(err) or OPTION.search(err):
            return Outcome.USAGE
        if FILE.search(err):
            return Outcome.FILE
        return Outcome.UNLOCATED
    return Outcome.INTERNAL


# the seconds of each verdict a command prints: `... in 1.23s` (check, equiv), `(1.23s)`
# (a suite's obligation), `"seconds": 1.23` (--json: a verdict, a lane relation)
VERDICT_SECONDS = re.compile(r"^(?:proved|counterexample|unknown): .* in (\d+(?:\.\d+)?)s$"
                             r"|^\[\d+/\d+\] .*\((\d+(?:\.\d+)?)s\)$|\"seconds\": (\d+(?:\.\d+)?)", re.M)


def over_time(argv: list[str], out: str, spent: float) -> str | None:
    """Whether the command's verdicts spent more budget (`spent` seconds on the meter, all
    of them together) than their --timeout allows (None: they did not, or the command
    has no time limit of its own on the line)."""
    if not argv or argv[0] not in ("check", "equiv", "lanes", "suite") or "--timeout" not in argv[:-1]:
        return None
    try:
        limit = float(argv[argv.index("--timeout") + 1])
    except ValueError:
        return None
    if not 0 < limit < 1e6:
        return None
    verdicts = max(1, len(VERDICT_SECONDS.findall(out)))
    allowed = verdicts * (OVER_FACTOR * limit + OVER_SLACK)
    return f"{verdicts} verdicts spent {spent:.1f} s of budget under --timeout {limit:g}" if spent > allowed else None


def run_case(case: Case, workdir: Path, limit: float = HANG_SECONDS) -> Result:
    """Write the case's files into `workdir` and run its command in this process."""
    from verifier.cli import run_argv

    for name, data in case.files.items():
        (workdir / name).write_bytes(data)
    argv = [a.replace("{dir}", str(workdir)) for a in case.argv]
    out, err = io.StringIO(), io.StringIO()
    t0, w0 = time.perf_counter(), work()
    try:
        with _alarm(limit), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run_argv(argv)
    except _Hang:
        return Result(case, Outcome.HANG, -1, time.perf_counter() - t0, f"no answer within {limit:.0f} s")
    except BaseException as e:  # run_argv answers everything; anything else is a bug
        return Result(case, Outcome.INTERNAL, -1, time.perf_counter() - t0, f"{type(e).__name__}: {e}")
    seconds = time.perf_counter() - t0
    outcome = classify(code, out.getvalue(), err.getvalue())
    over = over_time(argv, out.getvalue(), seconds_of(work() - w0)) if outcome is Outcome.VERDICT else None
    if over is not None:
        return Result(case, Outcome.OVER_TIME, code, seconds, over)
    message = err.getvalue() + out.getvalue()
    if outcome is Outcome.INTERNAL:
        message = next((line for line in (out.getvalue() + err.getvalue()).splitlines()
                        if "internal error" in line or "Error" in line), message)
    return Result(case, outcome, code, seconds, message)
