"""LLVM's own loop-vectorizer tests through `verifier opt`: each test file is run
through opt with the arguments of its RUN line (the FileCheck part dropped), and
every function the pass changed is validated against its input, as a user runs
`verifier opt FILE.ll -- ARGS`. The files are LLVM's, not ours: point the script at
an llvm-project checkout (nothing is fetched or committed).

Per function: verdict, seconds, what it covers, and the reason or divergence. Per
file: opt's own time on it (the reference) and the tool's, with the ratio, and the
peak memory of the tool's process. Internal errors (exit 3 with "internal error")
are counted apart: there must be none.

    python bench/llvm_tests.py ~/llvm-project/llvm/test/Transforms/LoopVectorize/single_early_exit.ll
    python bench/llvm_tests.py ~/llvm-project/llvm/test/Transforms/LoopVectorize --glob '*early*exit*.ll'
    python bench/llvm_tests.py FILES... --max-trip 32 --timeout 30 --json figures.json
    python bench/llvm_tests.py FILES... --legality

`--legality` runs the legality checks instead (`verifier check FILE.ll --check
LEGALITY` on the test's scalar input, as a user runs it on a module: every loop of
every function): one row per obligation (hoist at VF 1 and VF 4, speculate, freeze,
per data-dependent exit), and a function the checks cannot read at all counts as one
unknown row per check. No opt is run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ARGS = ["-passes=loop-vectorize", "-force-vector-width=4"]
# RUN-line words that belong to lit or to how opt prints, not to the pass pipeline
# (opt spells every flag with one dash or two: compared here with one)
DROPPED = {"-S", "%s", "-disable-output", "-", "-debug", "-stats"}
_REDIRECT = re.compile(r"^\d*(<|>>?)(&\d+)?(.*)$")  # <, 2>%t, >%t.out, 2>&1, 2> %t
UNKNOWN = re.compile(r"Unknown command line argument '([^']+)'")


def _flag(w: str) -> str:
    return w[1:] if w.startswith("--") else w


def run_args(text: str) -> list[str]:
    """opt's arguments from the first RUN line that runs loop-vectorize (lit's
    continuation lines joined, the pipe to FileCheck and lit's redirections dropped);
    else DEFAULT_ARGS."""
    lines, cur = [], ""
    for line in text.splitlines():
        m = re.match(r"\s*;\s*RUN:\s*(.*)$", line)
        if not m:
            continue
        cur += " " + m.group(1).rstrip("\\").strip()
        if not m.group(1).rstrip().endswith("\\"):
            lines.append(cur.strip())
            cur = ""
    for line in lines:
        words = shlex.split(line.split("|")[0], posix=True)
        if not words or not words[0].endswith("opt") or "vectorize" not in line:
            continue
        args, k = [], 1
        while k < len(words):
            w, f = words[k], _flag(words[k])
            if f in ("-p", "-passes"):
                args.append(f"-passes={words[k + 1]}")
                k += 2
                continue
            r = _REDIRECT.match(w)
            if r:  # a redirection: its file is the next word when it stands alone
                k += 2 if not r.group(2) and not r.group(3) else 1
                continue
            if f in DROPPED or f.startswith(("-debug-only", "-pass-remarks", "%")) or f == "-o":
                k += 2 if f == "-o" else 1
                continue
            args.append(f"-{f[1:]}" if f.startswith("-passes=") else w)
            k += 1
        return args
    return list(DEFAULT_ARGS)


def _is_pass(opt: str, name: str) -> bool:
    """`name` is a pass opt's new pass manager knows (a legacy `-name` flag)."""
    r = subprocess.run([opt, f"-passes={name}", "-disable-output"], input="", capture_output=True, text=True)
    return r.returncode == 0


def usable_args(opt: str, args: list[str], path: Path) -> tuple[list[str], list[str], list[str]]:
    """The RUN line's arguments as this opt takes them: a legacy pass flag
    (`-loop-vectorize`, `-dce`) joins the -passes pipeline, any other flag this opt
    does not know is dropped. Returns (arguments, dropped flags, passes moved)."""
    args, dropped, moved = list(args), [], []
    for _ in range(len(args) + 1):
        r = subprocess.run([opt, *args, str(path), "-disable-output"], capture_output=True, text=True)
        m = UNKNOWN.search(r.stderr) if r.returncode != 0 else None
        if m is None or m.group(1) not in args:
            break
        w = m.group(1)
        args.remove(w)
        name = _flag(w)[1:]
        if "=" not in name and _is_pass(opt, name):
            moved.append(name)
            at = next((k for k, a in enumerate(args) if a.startswith("-passes=")), None)
            if at is None:
                args.insert(0, f"-passes={name}")
            else:
                args[at] += f",{name}"
        else:
            dropped.append(w)
    return args, dropped, moved


def _timed(cmd: list[str], timeout: float) -> tuple[int, str, str, float, float]:
    """Run `cmd`: exit code (-1 on a timeout), stdout, stderr, seconds and its own
    peak memory in MiB (the child's rusage, reaped with wait4)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, text=True)
        deadline = t0 + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                p.kill()
                _, status, usage = os.wait4(p.pid, 0)
                status = -1
                break
            time.sleep(0.02)
        seconds = time.perf_counter() - t0
        p.returncode = status if status == -1 else os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return p.returncode, out.read(), err.read(), seconds, usage.ru_maxrss / 1024


def validate(path: Path, opt: str, timeout: float, max_trip: int, cttz_elts: str) -> dict[str, object]:
    """One file: opt's time, the tool's verdict records and its time and memory."""
    args, dropped, moved = usable_args(opt, run_args(path.read_text(errors="replace")), path)
    rc, _, err, opt_s, _ = _timed([opt, *args, "-S", str(path), "-o", os.devnull], 600)
    if rc != 0:
        return {"file": path.name, "args": args, "dropped": dropped, "moved": moved,
                "opt_error": err.strip().splitlines()[-1:] or ["?"], "rows": []}
    cmd = [sys.executable, "-m", "verifier.cli", "opt", str(path), "--opt", opt, "--json",
           "--timeout", str(timeout), "--max-trip", str(max_trip), "--cttz-elts", cttz_elts, "--", *args]
    rc, stdout, stderr, seconds, peak = _timed(cmd, 3600)
    rows: list[dict[str, object]] = []
    for line in stdout.splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if rec.get("record") == "verdict":
            cx = rec.get("counterexample") or {}
            why = rec.get("reason") or (cx.get("divergence") or {}).get("summary") or ""
            rows.append({"function": str(rec.get("model")).split(" -> ")[0], "verdict": rec.get("verdict"),
                         "seconds": rec.get("seconds"), "covers": (rec.get("coverage") or {}).get("kind", "-"),
                         "why": why})
        elif rec.get("record") == "skipped":
            rows.append({"function": rec.get("model") or "-", "verdict": "skipped", "seconds": 0.0,
                         "covers": "-", "why": rec.get("reason") or ""})
    internal = rc == 3 and "internal error" in stderr
    if internal or rc in (-1, 2):
        verdict = "internal-error" if internal else "timeout" if rc == -1 else "error"
        rows.append({"function": "-", "verdict": verdict, "seconds": seconds, "covers": "-",
                     "why": stderr.strip().splitlines()[-1] if stderr.strip() else ""})
    return {"file": path.name, "args": args, "dropped": dropped, "moved": moved, "opt_seconds": opt_s,
            "seconds": seconds, "peak_mib": peak, "rows": rows}


LEGALITY_CHECKS = ("hoist", "speculate", "freeze")


def legality(path: Path, opt: str, timeout: float) -> dict[str, object]:
    """One file's legality obligations: each check in its own `verifier check` run
    (the CLI's --check takes one), its verdict records read off --json; opt's time
    on the file with its RUN line's arguments is the reference."""
    args, dropped, moved = usable_args(opt, run_args(path.read_text(errors="replace")), path)
    _, _, _, opt_s, _ = _timed([opt, *args, "-S", str(path), "-o", os.devnull], 600)
    rows: list[dict[str, object]] = []
    seconds, peak = 0.0, 0.0
    for check in LEGALITY_CHECKS:
        cmd = [sys.executable, "-m", "verifier.cli", "check", str(path), "--check", check, "--json",
               "--timeout", str(timeout)]
        rc, stdout, stderr, s, p = _timed(cmd, 3600)
        seconds, peak = seconds + s, max(peak, p)
        for line in stdout.splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            if rec.get("record") != "verdict":
                continue
            subject = rec.get("subject") or "-"
            rows.append({"function": f"{rec.get('model')} {subject}", "check": f"{check} vf{rec.get('vf')}",
                         "verdict": rec.get("verdict"), "seconds": rec.get("seconds") or 0.0,
                         "covers": (rec.get("coverage") or {}).get("kind", "-"), "why": rec.get("reason") or ""})
        internal = rc == 3 and "internal error" in stderr
        if internal or rc in (-1, 2):
            verdict = "internal-error" if internal else "timeout" if rc == -1 else "error"
            rows.append({"function": "-", "check": check, "verdict": verdict, "seconds": s, "covers": "-",
                         "why": stderr.strip().splitlines()[-1] if stderr.strip() else ""})
    return {"file": path.name, "args": args, "dropped": dropped, "moved": moved, "opt_seconds": opt_s,
            "seconds": seconds, "peak_mib": peak, "rows": rows}


def files_of(paths: list[Path], glob: str) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        out.extend(sorted(p.glob(glob)) if p.is_dir() else [p])
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("paths", nargs="+", type=Path, help="LLVM test files (.ll) or folders of them")
    ap.add_argument("--glob", default="*early*exit*.ll", help="in a folder: which files (default: %(default)s)")
    ap.add_argument("--opt", default="opt-22", help="the opt to run (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=60.0, help="solver seconds per function")
    ap.add_argument("--max-trip", type=int, default=16, help="trip bound of the bounded checks")
    ap.add_argument("--cttz-elts", default="any-poison", choices=("any-poison", "first-true"),
                    help="llvm.experimental.cttz.elts over a poison lane (see `verifier opt --help`)")
    ap.add_argument("--json", type=Path, help="write the figures here")
    ap.add_argument("--legality", action="store_true",
                    help="the legality checks on each file's scalar input instead of opt's output")
    a = ap.parse_args()
    files = files_of(a.paths, a.glob)
    if not files:
        print(f"no test files in {', '.join(map(str, a.paths))} (--glob {a.glob})", file=sys.stderr)
        return 2
    if a.legality:
        results = [legality(f, a.opt, a.timeout) for f in files]
    else:
        results = [validate(f, a.opt, a.timeout, a.max_trip, a.cttz_elts) for f in files]
    from verifier.reports.table import render_table

    table = [("file", "function", "check", "verdict", "seconds", "covers", "why")]
    for r in results:
        if "opt_error" in r:
            table.append((str(r["file"]), "-", "-", "opt failed", "-", "-", str(r["opt_error"])[:100]))
        for row in r["rows"]:  # type: ignore[attr-defined]
            table.append((str(r["file"]), str(row["function"]), str(row.get("check", "tv")), str(row["verdict"]),
                          f"{float(row['seconds']):.2f}", str(row["covers"]), str(row["why"])[:100]))
    print("\n".join(render_table(table, right=(4,))))
    print()
    per_file = [("file", "opt args", "functions", "opt s", "verifier s", "ratio", "peak MiB")]
    for r in results:
        if "opt_error" in r:
            continue
        ratio = float(r["seconds"]) / max(float(r["opt_seconds"]), 1e-3)  # type: ignore[arg-type]
        per_file.append((str(r["file"]), " ".join(r["args"]), str(len(r["rows"])),  # type: ignore[arg-type]
                         f"{float(r['opt_seconds']):.2f}", f"{float(r['seconds']):.2f}",  # type: ignore[arg-type]
                         f"{ratio:.1f}x", f"{float(r['peak_mib']):.0f}"))  # type: ignore[arg-type]
    print("\n".join(render_table(per_file, right=(2, 3, 4, 5, 6))))
    counts: dict[str, int] = {}
    for r in results:
        for row in r["rows"]:  # type: ignore[attr-defined]
            counts[str(row["verdict"])] = counts.get(str(row["verdict"]), 0) + 1
    print("\n" + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) + f" in {len(files)} file(s)")
    for key, what in (("dropped", "flags this opt does not know, dropped"),
                      ("moved", "legacy pass flags moved into -passes")):
        seen: dict[str, list[str]] = {}
        for r in results:
            for w in r.get(key) or []:  # type: ignore[attr-defined]
                seen.setdefault(str(w), []).append(str(r["file"]))
        if seen:
            print(f"{what}: " + "; ".join(f"{w} ({len(fs)} file(s): {', '.join(fs[:3])})" for w, fs in seen.items()))
    if a.json is not None:
        a.json.write_text(json.dumps(results, indent=1) + "\n")
    return 1 if counts.get("internal-error") else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
