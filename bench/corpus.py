"""Benchmark: the corpus of early-exit loops written in C the way users write them
(models/llvm/corpus/, issue 18 item 3), run through the command line exactly as a
user would: for every loop, the speculation legality of its exits at VF 4
(`verifier check --check speculate`), and opt-22's outputs (its own VF, VF 4, VF 4
interleaved 2) against the scalar loop (`verifier equiv`). Each command in its own
process (its peak memory is its own), two at a time (the machine has 2 cores).

Prints a row per obligation (loop, obligation, verdict, what a proof covers,
seconds, peak memory) and a summary: verdict counts, the unknowns by construct,
internal errors, and the median and largest time.

    python bench/corpus.py
    python bench/corpus.py --only c_strlen a_find --json-out corpus.json
    python bench/corpus.py --prefix u_          # issue 40's loops (c/user_loops.c)
    python bench/corpus.py --prefix u_ --opt    # also `verifier opt` on the C files (needs LLVM 22)
    python bench/corpus.py --forms              # the generated forms instead (general, simple; VF 4)
    python bench/corpus.py --emit               # the forms emitted as LLVM IR, proved, compiled by llc-22

A proof's `covers` is what its coverage kind says (every trip count, every input,
or bounded: accepted only when asked); `bounded-only` counts the unknowns that are
bounded proofs longer runs could break (issue 40: a bounded answer is no proof).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "models" / "llvm" / "corpus"
TARGETS = ("vec", "vf4", "vf4x2")


@dataclass
class Row:
    loop: str
    obligation: str
    verdict: str  # proved | counterexample | unknown | internal-error
    covers: str
    seconds: float
    peak_mib: float
    reason: str = ""
    replayed: bool = False  # a counterexample whose two runs, replayed by the interpreter, disagree


# runs the command as its only child and reports that child's peak memory
_WRAP = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
         "print(f'PEAK_KB={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}', file=sys.stderr); "
         "sys.exit(r.returncode)")


def run(cmd: list[str], limit: float) -> tuple[int, str, str, float, float]:
    """Run a command: exit code, stdout, stderr, wall seconds, peak MiB of its process."""
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-c", _WRAP, *cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    try:
        out, err = p.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, 9)
        out, err = p.communicate()
        return -9, out, err + f"\nkilled after {limit:.0f} s", time.perf_counter() - t0, 0.0
    m = re.search(r"PEAK_KB=(\d+)", err)
    return p.returncode, out, err, time.perf_counter() - t0, int(m.group(1)) / 1024 if m else 0.0


def replayed(verdict: dict[str, object]) -> bool:
    """A counterexample carries its inputs' two runs as the interpreter replayed them,
    and they disagree: the target has UB the source has not, or they end differently."""
    c = verdict.get("counterexample")
    if not isinstance(c, dict) or c.get("kind") != "runs":
        return False
    src, tgt = c.get("source"), c.get("target")
    if not isinstance(src, dict) or not isinstance(tgt, dict) or src.get("status") != "ok":
        return False
    return any(src.get(k) != tgt.get(k) for k in ("status", "live_outs", "trace"))


def classify(code: int, out: str, err: str) -> tuple[str, str, str, bool]:
    """(verdict, covers, reason, replayed) from one command's output; several JSON
    objects (one per exit) combine: a counterexample, else an unknown, else proved."""
    objs = []
    for line in out.splitlines():
        try:
            objs.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    if code == -9:
        return "unknown", "", "killed: over the time limit", False
    if not objs or "Traceback" in err or "internal error" in err:
        return "internal-error", "", (err.strip().splitlines() or ["no output"])[-1][:160], False
    bad = [o for o in objs if "internal error" in str(o.get("reason", ""))]
    if bad:
        return "internal-error", "", str(bad[0]["reason"])[:160], False
    pick = next((o for o in objs if o["verdict"] == "counterexample"), None) \
        or next((o for o in objs if o["verdict"] == "unknown"), None) or objs[0]
    cov = pick.get("coverage", {})
    kind = cov.get("kind", "")
    if pick["verdict"] == "unknown" and kind == "bounded" and cov.get("complete") is False:
        return "unknown", "bounded-only", str(pick.get("reason", "")), False
    covers = "" if pick["verdict"] != "proved" else {"every-trip-count": "every trip", "every-input": "every input",
                                                      "bounded": "bounded"}.get(kind, "no exit")
    both = all(replayed(o) for o in objs if o["verdict"] == "counterexample")
    return pick["verdict"], covers, str(pick.get("reason", "")), pick["verdict"] == "counterexample" and both


def construct(reason: str) -> str:
    """The construct an unknown names, for the summary (the text after 'unsupported:')."""
    if reason.startswith("bounded only"):
        return "bounded only (longer runs exist)"
    m = re.search(r"unsupported: (.*)", reason)
    if m:
        what = re.sub(r"%[\w.]+|@[\w.]+|\d+", "_", m.group(1))
        return what[:70]
    if "timeout" in reason or "killed" in reason or "time limit" in reason:
        return "time limit"
    return reason[:70] or "(no reason)"


EMITTED = Path("/tmp") / "verifier-bench-emit"


def obligations(name: str, timeout: float, forms: bool = False, emit: bool = False) -> list[tuple[str, list[str]]]:
    verifier = [sys.executable, "-m", "verifier.cli"]
    src = str(CORPUS / f"{name}.scalar.ll")
    if emit:  # the forms as LLVM IR (`vectorize --emit-llvm`), proved against the scalar loop
        return [(f"emit {form} vf4", [*verifier, "vectorize", src, "--func", name, "--form", form, "--vf", "4",
                                      "--emit-llvm", str(EMITTED / f"{name}.{form}.ll"), "--timeout", str(timeout),
                                      "--json"])
                for form in ("general", "simple")]
    if forms:  # the tool's own generated forms of the loop (issue 44), at VF 4
        return [(f"{form} vf4", [*verifier, "check", src, "--func", name, "--check", "equiv", "--form", form,
                                 "--vf", "4", "--unbounded", "--timeout", str(timeout), "--json"])
                for form in ("general", "simple")]
    out = [("speculate", [*verifier, "check", src, "--func", name, "--check", "speculate", "--vf", "4",
                          "--timeout", str(timeout), "--json"])]
    for t in TARGETS:
        out.append((f"equiv {t}", [*verifier, "equiv", src, str(CORPUS / f"{name}.{t}.ll"), "--func", name,
                                   "--timeout", str(timeout), "--json"]))
    return out


def via_opt(prefix: str, timeout: float) -> list[tuple[str, str, list[str]]]:
    """`verifier opt` on each C file of the corpus (its functions named `prefix*`), as
    a user runs it on C: clang -O2, then opt-22 at VF 4, every changed function checked."""
    verifier = [sys.executable, "-m", "verifier.cli"]
    out = []
    for c in sorted((CORPUS / "c").glob("*.c")):
        if prefix and not re.search(rf"\b{re.escape(prefix)}\w*\(", c.read_text()):
            continue
        out.append((c.stem, "opt vf4", [*verifier, "opt", str(c), "--timeout", str(timeout), "--json", "--",
                                         "-passes=loop-vectorize", "-force-vector-width=4"]))
    return out


def _llc(ll: Path) -> str:
    """Whether llc-22 compiles an emitted module (`llc: no` without LLVM 22)."""
    if not ll.is_file():
        return "llc: nothing emitted"
    try:
        r = subprocess.run(["llc-22", "-O2", str(ll), "-o", os.devnull], capture_output=True, text=True)
    except FileNotFoundError:
        return "llc: no llc-22"
    return "llc: ok" if r.returncode == 0 else f"llc: FAILED {r.stderr.strip()[:80]}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", help="loops (function names) to run")
    # 16 s of the tool's own clock: with its process start, an obligation answers within 20 s
    ap.add_argument("--timeout", type=float, default=16.0, help="time limit per obligation (the tool's --timeout)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json-out", type=Path, help="write every row as JSON here")
    ap.add_argument("--prefix", default="", help="only the loops whose function name starts with this")
    ap.add_argument("--opt", action="store_true", help="also run `verifier opt` on the C files (needs LLVM 22)")
    ap.add_argument("--forms", action="store_true",
                    help="instead: the generated general and simple forms at VF 4, for every trip count")
    ap.add_argument("--emit", action="store_true",
                    help="instead: the forms emitted as LLVM IR at VF 4, proved, and compiled by llc-22 if present")
    opts = ap.parse_args()
    EMITTED.mkdir(parents=True, exist_ok=True)
    names = sorted(p.name[: -len(".scalar.ll")] for p in CORPUS.glob("*.scalar.ll"))
    if opts.only:
        names = [n for n in names if n in opts.only]
    names = [n for n in names if n.startswith(opts.prefix)]
    jobs = [(n, what, cmd) for n in names for what, cmd in obligations(n, opts.timeout, opts.forms, opts.emit)]
    if opts.opt:
        jobs += via_opt(opts.prefix, opts.timeout)

    def one(job: tuple[str, str, list[str]]) -> list[Row]:
        name, what, cmd = job
        code, out, err, dt, mem = run(cmd, 3 * opts.timeout + 30)
        # `verifier opt` on a whole C file: a verdict per function the pass changed (the
        # file's time and memory on its first row)
        found = [(o["model"], line) for line in out.splitlines() if line.startswith("{")
                 for o in [json.loads(line)] if o.get("record") == "verdict" and o["model"].startswith(opts.prefix)]
        if what.startswith("emit") and code == 2 and "cannot emit" in err:  # a construct the emitter lacks
            line = next(x for x in err.splitlines() if "cannot emit" in x)
            return [Row(name, what, "not emitted", "", dt, mem, line.split("LLVM IR: ", 1)[-1])]
        if what != "opt vf4" or not found:
            verdict, covers, reason, again = classify(code, out, err)
            if what.startswith("emit"):
                reason = f"{_llc(EMITTED / f'{name}.{what.split()[1]}.ll')}; {reason}".rstrip("; ")
            return [Row(name, what, verdict, covers, dt, mem, reason, again)]
        rows = []
        for k, (model, line) in enumerate(found):
            verdict, covers, reason, again = classify(0, line, "")
            rows.append(Row(model, what, verdict, covers, dt if k == 0 else 0.0, mem if k == 0 else 0.0, reason,
                            again))
        return rows

    print(f"{'loop':26} {'obligation':12} {'verdict':15} {'covers':11} {'seconds':>8} {'peak MiB':>9}  reason",
          flush=True)
    rows: list[Row] = []
    env_jobs = max(1, opts.jobs)
    with ThreadPoolExecutor(max_workers=env_jobs) as pool:
        for some in pool.map(one, jobs):
            for r in some:
                rows.append(r)
                why = construct(r.reason) if r.verdict in ("unknown", "internal-error") else ""
                if r.verdict == "not emitted":
                    why = r.reason[:90]
                elif r.obligation.startswith("emit"):
                    why = f"{r.reason.split(';')[0]}; {why}".rstrip("; ")
                print(f"{r.loop:26} {r.obligation:12} {r.verdict:15} {r.covers:11} {r.seconds:>8.2f} "
                      f"{r.peak_mib:>9.1f}  {why}", flush=True)
    counts = Counter(r.verdict for r in rows)
    covers = Counter(r.covers for r in rows if r.verdict == "proved")
    unknown = Counter(construct(r.reason) for r in rows if r.verdict == "unknown")
    times = [r.seconds for r in rows]
    print()
    print(f"{len(names)} loops, {len(rows)} obligations: proved {counts['proved']}, "
          f"counterexample {counts['counterexample']}, unknown {counts['unknown']}"
          + (f" ({'; '.join(f'{k}: {v}' for k, v in unknown.most_common())})" if unknown else "")
          + f", internal errors {counts['internal-error']}"
          + (f", not emitted {counts['not emitted']}" if counts["not emitted"] else ""))
    if opts.emit:
        print(f"llc-22 compiled {sum('llc: ok' in r.reason for r in rows)} of "
              f"{sum(r.verdict != 'not emitted' for r in rows)} emitted modules")
    shown = ", ".join(f"{k or 'no exit'} {v}" for k, v in covers.most_common())
    print(f"proofs cover: {shown}; "
          f"bounded-only unknowns: {sum(r.covers == 'bounded-only' for r in rows)}; counterexamples replayed "
          f"(two runs that disagree): {sum(r.replayed for r in rows)} of {counts['counterexample']}")
    if times:
        print(f"seconds per obligation: median {statistics.median(times):.2f}, max {max(times):.2f} "
              f"({max(rows, key=lambda r: r.seconds).loop} {max(rows, key=lambda r: r.seconds).obligation})")
    for r in rows:
        if r.verdict == "internal-error":
            print(f"internal error: {r.loop} {r.obligation}: {r.reason}")
    if opts.json_out:
        opts.json_out.write_text(json.dumps([asdict(r) for r in rows], indent=1))


if __name__ == "__main__":
    main()
