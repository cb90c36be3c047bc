"""The wrong-proof hunter: for every proved pair the project ships, systematic mutants
of the target (and of the source, for legality), each given to the tool and judged
without it. A mutant the tool proves but a judge shows wrong is a wrong proof: the
run exits 1 and prints it.

    python bench/hunt.py                       # every pair, up to 24 mutants each
    python bench/hunt.py --per-pair 8 --kinds llvm,emitted --pairs any_negative
    python bench/hunt.py --json hunt.json      # also every mutant's record

The pairs (`--kinds`):
- llvm: each `models/llvm/**/X.scalar.ll` and LLVM's outputs beside it (`X.vec.ll`,
  `X.vf4.ll`, `X.vf4x2.ll`), per function the tool proves (under LangRef's
  `cttz.elts`, else with `--cttz-elts first-true`);
- scalable: `models/llvm/scalable`'s SVE and RVV outputs, run at vscale 1, 2 and 4;
- emitted: the tool's own forms (`vectorize --emit-llvm`, general and simple, VF 4)
  of the scalar fixtures outside the corpus; each proved form is also run natively
  against its scalar loop, unmutated;
- legality: mutants of those scalar loops (the source), each vectorized and proved
  by the tool again: a proof of a form of a changed loop is judged like any other;
- model: the `.loop` pairs the proof suites expect proved (mutants of the target);
- rewrite: `models/rewrite/*.loop` and mutants of them, rewritten and proved.

The mutants (bench/hunt_mutate.py): constants plus or minus one (and plus or minus 9,
past the bounded check's depth), predicates flipped, freezes dropped, masks dropped,
shuffle lanes shifted, nsw/nuw added, zero identities made one, the signature's
attributes narrowed or widened, and every callee stripped of what it says of memory
and returning (in source and target alike: calls that may write what they reach and
end the run).

The judges, independent of the solver:
- native (with clang-22 and llc-22; bench/hunt_native.py): both functions compiled
  into one harness and run on boundary and random inputs, buffers ending at guard
  pages, external functions that record their calls and, on one call, write what they
  may or end the program; scalable code at fixed vscales;
- alive2: `alive-tv` where it is on PATH (its refutations are shown beside ours);
- interpreter (where the native judge cannot run the pair, and for models): the
  tool's concrete interpreter on its sampled inputs (the semantics are the tool's,
  but no solver answers).

Each mutant's tool verdict is `verifier equiv` (run in a worker process) with a
deterministic budget (`--timeout`); the table is the same on any machine.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing as mp
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import hunt_mutate  # noqa: E402
import hunt_native  # noqa: E402

LLVM = ROOT / "models" / "llvm"
OUTPUTS = ("vec", "vf4", "vf4x2")
KINDS = ("llvm", "scalable", "emitted", "legality", "model", "rewrite")
VSCALES = (1, 2, 4)
ALIVE_SECONDS = 20.0


@dataclass(frozen=True)
class Pair:
    """A proved pair: the source and target texts, the function, how the tool is asked."""

    kind: str
    name: str
    source: str  # file text
    target: str
    suffix: str  # ".ll" or ".loop"
    func: str | None
    options: tuple[str, ...] = ()
    vscales: tuple[int, ...] = ()
    vf: int = 4


@dataclass(frozen=True)
class Mutant:
    pair: Pair
    operator: str
    what: str
    source: str
    target: str


@dataclass
class Judged:
    """One judge's answer on one mutant: wrong (with the run that shows it), alike, or
    not run (why)."""

    judge: str
    wrong: bool | None
    detail: str = ""


@dataclass
class Result:
    pair: str
    kind: str
    operator: str
    what: str
    verdict: str  # proved | counterexample | unknown | error | refused
    reason: str = ""
    judged: list[Judged] = field(default_factory=list)

    @property
    def wrong(self) -> bool:
        return any(j.wrong for j in self.judged)

    @property
    def wrong_proof(self) -> bool:
        return self.verdict == "proved" and any(j.wrong for j in self.judged if j.judge != "alive2")


# ------------------------------------------------------------------ running the tool

def _run(argv: list[str]) -> tuple[int, str, str]:
    """`verifier ARGV` in this process: exit code, stdout, stderr."""
    from verifier.cli import run_argv

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = run_argv(argv)
        except SystemExit as e:
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def _tool(argv: list[str]) -> tuple[int, list[dict[str, object]], str]:
    """`verifier ARGV` in this process: exit code, JSON records, stderr."""
    code, stdout, stderr = _run(argv)
    records = []
    for line in stdout.splitlines():
        if line.startswith("{"):
            with contextlib.suppress(json.JSONDecodeError):
                records.append(json.loads(line))
    return code, records, stderr


def _verdict(src: Path, tgt: Path, func: str | None, options: tuple[str, ...], timeout: float) -> tuple[str, str]:
    argv = ["equiv", str(src), str(tgt), "--json", "--timeout", str(timeout), *options]
    if func is not None:
        argv += ["--func", func]
    code, records, err = _tool(argv)
    for r in records:
        if r.get("record") == "verdict":
            return str(r["verdict"]), str(r.get("reason") or "")
    if code == 2:
        return "refused", err.strip().splitlines()[-1][:200] if err.strip() else ""
    return "error", (err.strip().splitlines() or [f"exit {code}"])[-1][:200]


def _emit(src: Path, func: str, form: str, out: Path, timeout: float,
          options: tuple[str, ...] = ()) -> tuple[str, str]:
    """`vectorize --emit-llvm`: the form's verdict (its proof) and the reason."""
    argv = ["vectorize", str(src), "--func", func, "--form", form, "--vf", "4", "--emit-llvm", str(out),
            "--keep-unproved", "--timeout", str(timeout), *options]
    code, _, err = _tool(argv)
    if not out.exists() or code == 2:
        return "refused", (err.strip().splitlines() or [""])[-1][:200]
    return {0: "proved", 1: "counterexample", 3: "unknown"}.get(code, "error"), ""


# ------------------------------------------------------------------ judges

def _native(src: str, tgt: str, func: str | None, vscales: tuple[int, ...], work: Path, seed: int) -> Judged:
    if func is None or not hunt_native.available():
        return Judged("native", None, "clang-22/llc-22 not found" if func else "a model")
    runs = 0
    for vs in vscales or (None,):
        try:
            h = hunt_native.build(src, tgt, func, work / f"native{vs or ''}", vs)
            v = hunt_native.judge(h, src, seed=seed)
        except hunt_native.NativeUnsupported as e:
            return Judged("native", None, str(e))
        except subprocess.TimeoutExpired:
            return Judged("native", None, "the harness did not finish")
        if v.difference is not None:
            at = f"at vscale {vs}: " if vs else ""
            return Judged("native", True, at + v.difference.show())
        runs += v.runs
    if runs == 0:
        return Judged("native", None, "the source faults or hangs on every input")
    return Judged("native", False, f"{runs} runs alike")


def _interpreter(src: Path, tgt: Path, func: str | None, options: tuple[str, ...], vf: int) -> Judged:
    from verifier.checks.falsify import concrete_counterexample
    from verifier.errors import UserError
    from verifier.frontend import load_pair
    from verifier.frontend.unsupported import LLUnsupported

    rule = options[options.index("--cttz-elts") + 1] if "--cttz-elts" in options else "any-poison"
    try:
        s, t = load_pair(src, tgt, func, rule)
        cex = concrete_counterexample(s, t, vf, 24, seconds=1e9, tries=400)
    except (UserError, LLUnsupported, NotImplementedError, ValueError, RecursionError) as e:
        return Judged("interpreter", None, f"{type(e).__name__}: {str(e)[:120]}")
    if cex is None:
        return Judged("interpreter", False, "400 inputs alike")
    return Judged("interpreter", True, str(cex.divergence)[:300] if hasattr(cex, "divergence") else "differs")


def _alive(src: Path, tgt: Path, func: str | None) -> Judged | None:
    exe = shutil.which("alive-tv")
    if exe is None or func is None or src.suffix != ".ll":
        return None
    try:
        r = subprocess.run([exe, "--src-fn", func, "--tgt-fn", func, "--smt-to", str(int(ALIVE_SECONDS * 1000)),
                            "--src-unroll", "8", "--tgt-unroll", "8", str(src), str(tgt)],
                           capture_output=True, text=True, timeout=ALIVE_SECONDS * 3)
    except subprocess.TimeoutExpired:
        return Judged("alive2", None, "timeout")
    text = r.stdout + r.stderr
    if "Transformation doesn't verify" in text:
        return Judged("alive2", True, " ".join(text.split("doesn't verify!", 1)[-1].split())[:200])
    if "Transformation seems to be correct" in text:
        return Judged("alive2", False, "seems correct (bounded)")
    return Judged("alive2", None, (text.strip().splitlines() or ["no answer"])[-1][:120])


# ------------------------------------------------------------------ one mutant

def judge_safely(task: tuple[Mutant, float, int]) -> Result:
    """judge_mutant, where a failure of the hunter's own (a judge that cannot read the
    pair) is that mutant's record, never the end of the run."""
    try:
        return judge_mutant(task)
    except Exception as e:  # noqa: BLE001 (the hunter's own failure, kept in the record)
        m = task[0]
        return Result(m.pair.name, m.pair.kind, m.operator, m.what, "error",
                      f"hunter: {type(e).__name__}: {str(e)[:200]}")


def judge_mutant(task: tuple[Mutant, float, int]) -> Result:
    """The tool's verdict on the mutant and every judge's."""
    m, timeout, seed = task
    p = m.pair
    with tempfile.TemporaryDirectory(prefix="hunt") as d:
        work = Path(d)
        src, tgt = work / f"src{p.suffix}", work / f"tgt{p.suffix}"
        src.write_text(m.source)
        if m.target:
            tgt.write_text(m.target)
        if m.operator.startswith("legality:"):
            form = m.operator.split(":", 1)[1]
            verdict, reason = _emit(src, p.func or "", form, tgt, timeout, p.options)
            if verdict == "refused":
                return Result(p.name, p.kind, m.operator, m.what, verdict, reason)
            target = tgt.read_text()
        elif m.operator.startswith("rewrite:"):
            how = m.operator.split(":", 1)[1]
            verdict, reason = _rewrite(src, how, tgt, timeout)
            if verdict == "refused":
                return Result(p.name, p.kind, m.operator, m.what, verdict, reason)
            target = tgt.read_text()
        else:
            verdict, reason = _verdict(src, tgt, p.func, p.options, timeout)
            target = m.target
        res = Result(p.name, p.kind, m.operator, m.what, verdict, reason)
        if p.suffix == ".ll":
            res.judged.append(_native(m.source, target, p.func, p.vscales, work, seed))
        elif p.kind == "rewrite":
            res.judged.append(_native_model(src, tgt, work, seed))
        if all(j.wrong is None for j in res.judged):
            res.judged.append(_interpreter(src, tgt, p.func, p.options, p.vf))
        a = _alive(src, tgt, p.func) if verdict == "proved" else None
        if a is not None:
            res.judged.append(a)
    return res


def _rewrite(src: Path, how: str, out: Path, timeout: float) -> tuple[str, str]:
    code, records, err = _tool(["rewrite", str(src), f"--{how}", "-o", str(out), "--json", "--timeout",
                                str(timeout)])
    for r in records:
        if r.get("record") == "refusal" or not out.exists():
            return "refused", "; ".join(map(str, r.get("reasons", [])))[:200] or err.strip()[-200:]
        if r.get("record") == "verdict":
            return str(r["verdict"]), str(r.get("reason") or "")
    if not out.exists():
        return "refused", (err.strip().splitlines() or [""])[-1][:200]
    return {0: "proved", 1: "counterexample", 3: "unknown"}.get(code, "error"), ""


def _native_model(src: Path, tgt: Path, work: Path, seed: int) -> Judged:
    """A scalar model and its rewrite, lowered to LLVM (verifier.emit.lower) and run."""
    from verifier.emit.lower import lower_model
    from verifier.emit.reader import EmitUnsupported
    from verifier.errors import UserError
    from verifier.frontend import load_program

    try:
        a, b = lower_model(load_program(src)), lower_model(load_program(tgt))
    except (EmitUnsupported, UserError) as e:
        return Judged("native", None, f"not lowered: {str(e)[:100]}")
    text_b = b.module.replace(f"@{b.function}(", f"@{a.function}(")
    return _native(a.module, text_b, a.function, (), work, seed)


# ------------------------------------------------------------------ the pairs

def _functions(text: str) -> list[str]:
    return [m.group(2) for m in hunt_native._DEFINE.finditer(text)]


def _body(text: str, func: str) -> str:
    start, end = hunt_mutate.body_span(text, func)
    return text[start:end]


def _proved_options(src: Path, tgt: Path, func: str, timeout: float) -> tuple[str, ...] | None:
    for options in ((), ("--cttz-elts", "first-true")):
        if _verdict(src, tgt, func, options, timeout)[0] == "proved":
            return options
    return None


def _scalars(corpus: bool) -> list[Path]:
    return [p for p in sorted(LLVM.rglob("*.scalar.ll"))
            if (corpus or "corpus" not in p.relative_to(LLVM).parts) and "scalable" not in p.relative_to(LLVM).parts]


def llvm_pairs(scalar: Path, timeout: float) -> Iterator[Pair]:
    """LLVM's outputs beside `scalar`, per function the tool proves."""
    stem = scalar.name[:-len(".scalar.ll")]
    for out in OUTPUTS:
        tgt = scalar.with_name(f"{stem}.{out}.ll")
        if not tgt.exists():
            continue
        s, t = scalar.read_text(), tgt.read_text()
        for f in _functions(s):
            if f not in _functions(t) or _body(s, f) == _body(t, f):
                continue
            options = _proved_options(scalar, tgt, f, timeout)
            if options is not None:
                yield Pair("llvm", f"{tgt.relative_to(LLVM)}:{f}", s, t, ".ll", f, options)


def scalable_pairs(tgt: Path, timeout: float) -> Iterator[Pair]:
    stem = tgt.name.split(".")[0]
    src = tgt.with_name(f"{stem}.scalar.ll" if tgt.name.endswith(".sve.ll") else f"{stem}.rv.scalar.ll")
    s, t = src.read_text(), tgt.read_text()
    for f in _functions(s):
        if f in _functions(t):
            options = _proved_options(src, tgt, f, timeout)
            if options is not None:
                yield Pair("scalable", f"scalable/{tgt.name}:{f}", s, t, ".ll", f, options, VSCALES)


EMITTED_FORMS = (("general", ()), ("simple", ()), ("simple", ("--guards",)))


def emitted_pairs(scalar: Path, timeout: float) -> Iterator[Pair]:
    """The emitted forms the tool proves; the simple form with runtime guards only where
    the emitter placed one (else it is the plain simple form again)."""
    text = scalar.read_text()
    for f in _functions(text):
        for form, options in EMITTED_FORMS:
            with tempfile.TemporaryDirectory(prefix="hunt") as d:
                out = Path(d) / "form.ll"
                if _emit(scalar, f, form, out, timeout, options)[0] != "proved":
                    continue
                emitted = out.read_text()
                if options and ".inside = icmp" not in emitted:
                    continue
                name = form + "".join(o.replace("--", "+") for o in options)
                yield Pair("emitted", f"{scalar.relative_to(LLVM)}:{f}:{name}", text, emitted, ".ll", f)


def legality_pairs(scalar: Path) -> Iterator[Pair]:
    """The scalar fixtures, as sources to mutate and vectorize."""
    text = scalar.read_text()
    for f in _functions(text):
        yield Pair("legality", f"{scalar.relative_to(LLVM)}:{f}", text, text, ".ll", f)


def model_pairs(suite: Path, names: str | None) -> Iterator[Pair]:
    """The suite's `.loop` pairs expected proved with a hand-written `.loop` target."""
    data = tomllib.loads(suite.read_text())
    for ob in data.get("obligation", []):
        if ob.get("expect") != "proved" or ob.get("check", "equiv") != "equiv" or ob.get("bounded"):
            continue
        src = (suite.parent / ob["source"]).resolve()
        if src.suffix != ".loop" or names and not re.search(names, src.stem):
            continue
        vf = int(ob.get("vf", 4))
        if "target" in ob:
            tgt = (suite.parent / ob["target"]).resolve()
            if tgt.suffix != ".loop":
                continue
            target = tgt.read_text()
        else:  # (a `form` obligation's target is the emitter's LLVM IR: the `emitted` kind mutates those)
            continue
        yield Pair("model", f"{suite.name}:{ob.get('name', src.stem)}"[:90], src.read_text(), target, ".loop",
                   None, (), (), vf)


def rewrite_pairs(model: Path) -> Iterator[Pair]:
    text = model.read_text()
    yield Pair("rewrite", f"rewrite/{model.name}", text, text, ".loop", None)


def sources(kinds: list[str], names: str | None, corpus: bool) -> list[tuple[str, Path]]:
    """What each kind of pair is made from: (kind, file), in a fixed order."""
    def named(stem: str) -> bool:
        return names is None or re.search(names, stem) is not None

    out: list[tuple[str, Path]] = []
    for kind in kinds:
        if kind in ("llvm", "emitted", "legality"):
            out += [(kind, p) for p in _scalars(corpus and kind == "llvm") if named(p.name[:-len(".scalar.ll")])]
        elif kind == "scalable":
            d = LLVM / "scalable"
            out += [(kind, p) for p in sorted(d.glob("*.sve.ll")) + sorted(d.glob("*.rvv.ll"))
                    if named(p.name.split(".")[0])]
        elif kind == "model":
            out += [(kind, p) for p in sorted((ROOT / "proofs").glob("*.toml"))]
        elif kind == "rewrite":
            out += [(kind, p) for p in sorted((ROOT / "models" / "rewrite").glob("*.loop")) if named(p.stem)]
    return out


def pairs_of(task: tuple[str, Path, float, str | None]) -> list[Pair]:
    """The proved pairs made from one file."""
    kind, path, timeout, names = task
    made = {"llvm": lambda: llvm_pairs(path, timeout), "scalable": lambda: scalable_pairs(path, timeout),
            "emitted": lambda: emitted_pairs(path, timeout), "legality": lambda: legality_pairs(path),
            "model": lambda: model_pairs(path, names), "rewrite": lambda: rewrite_pairs(path)}[kind]
    return list(made())


def mutants(p: Pair, per_pair: int, seed: int) -> list[Mutant]:
    """Up to `per_pair` mutants of the pair, round robin over the operators (the same
    for the same seed)."""
    by_op: dict[str, list[Mutant]] = defaultdict(list)
    if p.kind == "legality":
        for op, what, text in hunt_mutate.llvm_mutants(p.source, p.func, ("constant", "predicate", "flag")):
            form = ("general", "simple")[len(by_op[op]) % 2]
            by_op[op].append(Mutant(p, f"legality:{form}", f"source {what}, {form} form", text, ""))
        by_op["calls"].append(Mutant(p, "legality:general", "source callees stripped of their facts",
                                     hunt_mutate.unattributed_calls(p.source), ""))
    elif p.kind == "rewrite":
        for how in ("exit-from-condition", "split"):
            by_op[how].append(Mutant(p, f"rewrite:{how}", f"{how} of the model", p.source, ""))
            for _op, what, text in hunt_mutate.loop_mutants(p.source):
                by_op[how].append(Mutant(p, f"rewrite:{how}", f"{how} of the source with {what}", text, ""))
    elif p.suffix == ".loop":
        for op, what, text in hunt_mutate.loop_mutants(p.target):
            by_op[op].append(Mutant(p, op, what, p.source, text))
    else:
        for op, what, text in hunt_mutate.llvm_mutants(p.target, p.func):
            by_op[op].append(Mutant(p, op, what, p.source, text))
        if re.search(r"^declare [^\n]*@(?!llvm\.)", p.source, re.MULTILINE):
            by_op["calls"].append(Mutant(p, "calls", "every callee stripped of its memory and willreturn facts",
                                         hunt_mutate.unattributed_calls(p.source),
                                         hunt_mutate.unattributed_calls(p.target)))
    rng = random.Random(f"{seed}:{p.name}")
    for ms in by_op.values():
        rng.shuffle(ms)
    out: list[Mutant] = []
    ops = sorted(by_op)
    while len(out) < per_pair and any(by_op[o] for o in ops):
        for o in ops:
            if by_op[o] and len(out) < per_pair:
                out.append(by_op[o].pop())
    return out


# ------------------------------------------------------------------ the report

def _table(results: list[Result], pairs: list[Pair]) -> str:
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results:
        c = rows[r.pair]
        c["mutants"] += 1
        c[r.verdict] += 1
        c["wrong"] += r.wrong
        c["wrong proofs"] += r.wrong_proof
        c["judged"] += any(j.wrong is not None for j in r.judged if j.judge != "alive2")
        c["alive2"] += any(j.judge == "alive2" and j.wrong for j in r.judged)
    cols = ("mutants", "counterexample", "unknown", "proved", "refused", "error", "judged", "wrong", "wrong proofs")
    names = {p.name: p.kind for p in pairs}
    width = max([len(n) for n in rows] + [10])
    lines = [f"{'pair':<{width}} {'kind':<9} " + " ".join(f"{c[:14]:>14}" for c in cols)]
    total: Counter[str] = Counter()
    for name in sorted(rows):
        lines.append(f"{name:<{width}} {names.get(name, ''):<9} " + " ".join(f"{rows[name][c]:>14}" for c in cols))
        total.update(rows[name])
    lines.append(f"{'total':<{width}} {'':<9} " + " ".join(f"{total[c]:>14}" for c in cols))
    wrong = total["wrong"]
    killed = sum(r.wrong and r.verdict == "counterexample" for r in results)
    undecided = sum(r.wrong and r.verdict == "unknown" for r in results)
    lines.append("")
    lines.append(f"{total['mutants']} mutants of {len(rows)} pairs; {wrong} shown wrong by a judge, of which the tool "
                 f"refutes {killed} (kill rate {killed / wrong:.1%}) and leaves {undecided} unknown; "
                 f"wrong proofs: {total['wrong proofs']}" if wrong else
                 f"{total['mutants']} mutants of {len(rows)} pairs; none shown wrong by a judge; "
                 f"wrong proofs: {total['wrong proofs']}")
    if total["alive2"]:
        lines.append(f"alive-tv refutes {total['alive2']} mutants (see --json)")
    by_op: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results:
        op = r.operator.split(":")[0]
        by_op[op]["mutants"] += 1
        by_op[op]["wrong"] += r.wrong
        by_op[op]["refuted"] += r.wrong and r.verdict == "counterexample"
    lines.append("by operator: " + ", ".join(f"{o} {c['refuted']}/{c['wrong']} of {c['mutants']}"
                                             for o, c in sorted(by_op.items())))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--pairs", default=None, help="a regular expression the pairs' file stems must match")
    ap.add_argument("--per-pair", type=int, default=24)
    ap.add_argument("--corpus", action=argparse.BooleanOptionalAction, default=True,
                    help="LLVM's outputs of models/llvm/corpus too")
    ap.add_argument("--timeout", type=float, default=20.0, help="the tool's budget per verdict (deterministic)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args(argv)
    kinds = [k for k in a.kinds.split(",") if k]
    if any(k not in KINDS for k in kinds):
        ap.error(f"--kinds: one of {', '.join(KINDS)}")
    t0 = time.perf_counter()
    ctx = mp.get_context("forkserver" if sys.platform != "win32" else "spawn")
    with ctx.Pool(a.jobs, maxtasksperchild=16) as pool:
        pairs = [p for ps in pool.imap(pairs_of, [(k, f, a.timeout, a.pairs) for k, f in sources(kinds, a.pairs,
                                                                                               a.corpus)])
                 for p in ps]
        print(f"{len(pairs)} proved pairs ({', '.join(f'{n} {k}' for k, n in Counter(p.kind for p in pairs).items())})"
              f" in {time.perf_counter() - t0:.0f} s; native judge: "
              f"{'yes' if hunt_native.available() else 'no (clang-22/llc-22 not found)'}; alive-tv: "
              f"{'yes' if shutil.which('alive-tv') else 'no'}", flush=True)
        tasks: list[tuple[Mutant, float, int]] = []
        for p in pairs:
            if p.kind == "emitted":  # the form itself, unmutated, natively against its loop
                tasks.append((Mutant(p, "none", "the proved form as emitted", p.source, p.target), a.timeout, a.seed))
            tasks += [(m, a.timeout, a.seed) for m in mutants(p, a.per_pair, a.seed)]
        results = []
        records = a.json.open("w") if a.json is not None else None  # written as they come
        for k, r in enumerate(pool.imap(judge_safely, tasks, chunksize=1)):
            results.append(r)
            if records is not None:
                records.write(json.dumps(asdict(r)) + "\n")
                records.flush()
            if r.wrong_proof:
                print(f"WRONG PROOF: {r.pair}: {r.what}: " + "; ".join(j.detail for j in r.judged if j.wrong),
                      flush=True)
            if (k + 1) % 100 == 0:
                print(f"  {k + 1}/{len(tasks)} mutants, {time.perf_counter() - t0:.0f} s", flush=True)
        if records is not None:
            records.close()
    print(_table(results, pairs))
    print(f"{time.perf_counter() - t0:.0f} s")
    return 1 if any(r.wrong_proof for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
