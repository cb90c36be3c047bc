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


def classify(code: int, out: str, err: str) -> tuple[str, str, str]:
    """(verdict, covers, reason) from one command's output; several JSON objects (one
    per exit) combine: a counterexample, else an unknown, else proved."""
    objs = []
    for line in out.splitlines():
        try:
            objs.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    if code == -9:
        return "unknown", "", "killed: over the time limit"
    if not objs or "Traceback" in err or "internal error" in err:
        return "internal-error", "", (err.strip().splitlines() or ["no output"])[-1][:160]
    bad = [o for o in objs if "internal error" in str(o.get("reason", ""))]
    if bad:
        return "internal-error", "", str(bad[0]["reason"])[:160]
    pick = next((o for o in objs if o["verdict"] == "counterexample"), None) \
        or next((o for o in objs if o["verdict"] == "unknown"), None) or objs[0]
    cov = pick.get("coverage", {})
    covers = "" if pick["verdict"] != "proved" else "every trip" if cov.get("unbounded") else \
        "every input" if cov.get("complete") else "no exit" if not cov else "bounded"
    return pick["verdict"], covers, str(pick.get("reason", ""))


def construct(reason: str) -> str:
    """The construct an unknown names, for the summary (the text after 'unsupported:')."""
    m = re.search(r"unsupported: (.*)", reason)
    if m:
        what = re.sub(r"%[\w.]+|@[\w.]+|\d+", "_", m.group(1))
        return what[:70]
    if "timeout" in reason or "killed" in reason or "time limit" in reason:
        return "time limit"
    return reason[:70] or "(no reason)"


def obligations(name: str, timeout: float) -> list[tuple[str, list[str]]]:
    verifier = [sys.executable, "-m", "verifier.cli"]
    src = str(CORPUS / f"{name}.scalar.ll")
    out = [("speculate", [*verifier, "check", src, "--func", name, "--check", "speculate", "--vf", "4",
                          "--timeout", str(timeout), "--json"])]
    for t in TARGETS:
        out.append((f"equiv {t}", [*verifier, "equiv", src, str(CORPUS / f"{name}.{t}.ll"), "--func", name,
                                   "--timeout", str(timeout), "--json"]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", help="loops (function names) to run")
    # 16 s of the tool's own clock: with its process start, an obligation answers within 20 s
    ap.add_argument("--timeout", type=float, default=16.0, help="time limit per obligation (the tool's --timeout)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json-out", type=Path, help="write every row as JSON here")
    opts = ap.parse_args()
    names = sorted(p.name[: -len(".scalar.ll")] for p in CORPUS.glob("*.scalar.ll"))
    if opts.only:
        names = [n for n in names if n in opts.only]
    jobs = [(n, what, cmd) for n in names for what, cmd in obligations(n, opts.timeout)]

    def one(job: tuple[str, str, list[str]]) -> Row:
        name, what, cmd = job
        code, out, err, dt, mem = run(cmd, 3 * opts.timeout + 30)
        verdict, covers, reason = classify(code, out, err)
        return Row(name, what, verdict, covers, dt, mem, reason)

    print(f"{'loop':26} {'obligation':12} {'verdict':15} {'covers':11} {'seconds':>8} {'peak MiB':>9}  reason",
          flush=True)
    rows: list[Row] = []
    env_jobs = max(1, opts.jobs)
    with ThreadPoolExecutor(max_workers=env_jobs) as pool:
        for r in pool.map(one, jobs):
            rows.append(r)
            why = construct(r.reason) if r.verdict in ("unknown", "internal-error") else ""
            print(f"{r.loop:26} {r.obligation:12} {r.verdict:15} {r.covers:11} {r.seconds:>8.2f} "
                  f"{r.peak_mib:>9.1f}  {why}", flush=True)
    counts = Counter(r.verdict for r in rows)
    unknown = Counter(construct(r.reason) for r in rows if r.verdict == "unknown")
    times = [r.seconds for r in rows]
    print()
    print(f"{len(names)} loops, {len(rows)} obligations: proved {counts['proved']}, "
          f"counterexample {counts['counterexample']}, unknown {counts['unknown']}"
          + (f" ({'; '.join(f'{k}: {v}' for k, v in unknown.most_common())})" if unknown else "")
          + f", internal errors {counts['internal-error']}")
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
