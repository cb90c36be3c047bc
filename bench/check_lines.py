"""LLVM's own vectorized output rebuilt from a test's CHECK lines, and checked against
the scalar function it came from: for transformations no installed opt has (trunk's
early-exit loops with stores, #178454; combined exit conditions, #205109), whose tests
update_test_checks.py wrote out whole.

Per function of the test file: its scalar input (the body under the CHECK lines), and
its output rebuilt from the CHECK lines (FileCheck's `[[NAME:%.*]]` definitions and
`[[NAME]]` uses become `%NAME`, labels `NAME:`, `!llvm.loop` and attribute-group
references are dropped; the file's own declarations, globals and target lines are
kept). A function whose CHECK lines hold no vector code is skipped (the pass left
it). Each pair is checked as `verifier equiv SRC TGT --func NAME` in a fresh process.
Nothing is fetched or committed: point the script at the test file.

    python bench/check_lines.py early_exit_combined_exits.ll
    python bench/check_lines.py FILE.ll --func combined_exit_conditions --keep out/ --cttz-elts first-true
    python bench/check_lines.py FILE.ll --drop-noalias   # the mutant: every noalias dropped, on both sides
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHECK = re.compile(r"^;\s*CHECK(?:-[A-Z]+)?:\s?(.*)$")
_VALUE_DEF = re.compile(r"\[\[([A-Za-z_][\w]*):%\.\*\]\]")  # [[TMP1:%.*]]
_LABEL_DEF = re.compile(r"%?\[\[([A-Za-z_][\w]*):\.\*:?\]\]")  # %[[LOOP:.*]] or [[ENTRY:.*:]]
_USE = re.compile(r"(%?)\[\[([A-Za-z_][\w]*)\]\]")  # [[TMP1]] or %[[LOOP]]
_DROPPED = (re.compile(r",\s*!llvm\.loop\b.*$"), re.compile(r"\s*#\[\[ATTR\d*(?::\[0-9\]\+)?\]\]"),
            re.compile(r",\s*!\w+\s+!\d+"))


def functions(text: str) -> list[tuple[str, str, list[str]]]:
    """(name, scalar source, CHECK lines) of every function defined in the file."""
    out = []
    lines = text.splitlines()
    k = 0
    while k < len(lines):
        m = re.match(r"define\b.*@([\w.$-]+)\(", lines[k])
        if not m:
            k += 1
            continue
        body, checks = [lines[k]], []
        k += 1
        while k < len(lines) and lines[k] != "}":
            c = _CHECK.match(lines[k])
            if c:
                checks.append(c.group(1))
            elif not lines[k].startswith(";"):
                body.append(lines[k])
            k += 1
        body.append("}")
        out.append((m.group(1), "\n".join(body) + "\n", checks))
        k += 1
    return out


def rebuild(checks: list[str]) -> str:
    """The function the CHECK lines spell out (CHECK-LABEL and CHECK-SAME joined)."""
    text: list[str] = []
    for line in checks:
        if text and text[-1].startswith("define") and not text[-1].rstrip().endswith("{"):
            text[-1] += line  # CHECK-SAME continues the signature
        else:
            text.append(line)
    out = []
    for line in text:
        stripped = line.strip()
        label = re.fullmatch(r"\[\[([A-Za-z_]\w*)(?::\.\*)?:?\]\]:?", stripped)
        if label:  # a block's label line
            out.append(f"{label.group(1)}:")
            continue
        for drop in _DROPPED:
            line = drop.sub("", line)
        line = _VALUE_DEF.sub(lambda m: f"%{m.group(1)}", line)
        line = _LABEL_DEF.sub(lambda m: f"%{m.group(1)}", line)
        line = _USE.sub(lambda m: f"%{m.group(2)}", line)
        out.append(line)
    if out and out[-1].strip() != "}":
        out.append("}")
    return "\n".join(out) + "\n"


def _params(fn: str) -> list[str]:
    """The parameter names of a function's `define` line, in order."""
    head = fn.split("{", 1)[0]
    inside = head[head.index("(") + 1:head.rindex(")")]
    return re.findall(r"(%[\w.$-]+)\s*(?:,|$)", inside)


def renamed(tgt_fn: str, src_fn: str) -> str:
    """The rebuilt function with its parameters named as the source's (the CHECK lines
    spell `%p.x` as `%P_X`): a pair reads one environment, by name."""
    for ours, theirs in zip(_params(tgt_fn), _params(src_fn), strict=True):
        tgt_fn = re.sub(re.escape(ours) + r"(?![\w.$-])", theirs, tgt_fn)
    return tgt_fn


def context(text: str) -> str:
    """The file's lines every function needs: target lines, named types, globals, declarations."""
    keep = [ln for ln in text.splitlines() if ln.startswith(("target ", "%", "@", "declare "))]
    return "\n".join(keep) + "\n"


def _verdict(src: Path, tgt: Path, name: str, args: argparse.Namespace) -> tuple[str, float, str]:
    cmd = [sys.executable, "-m", "verifier.cli", "equiv", str(src), str(tgt), "--func", name, "--json",
           "--cttz-elts", args.cttz_elts, "--timeout", str(args.timeout)]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - t0
    recs = [json.loads(ln) for ln in r.stdout.splitlines() if ln.startswith("{")]
    v = next((x for x in recs if x.get("record") == "verdict"), None)
    if v is None:
        return ("error" if r.returncode == 3 else "input-error"), seconds, (r.stderr or r.stdout).strip()[:200]
    cx = v.get("counterexample") or {}
    about = (cx.get("divergence") or {}).get("summary") or v.get("reason") or \
        str((v.get("coverage") or {}).get("kind", ""))
    return v["verdict"], seconds, about


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", type=Path)
    ap.add_argument("--func", action="append", help="only these functions")
    ap.add_argument("--keep", type=Path, help="write the rebuilt modules here")
    ap.add_argument("--cttz-elts", default="any-poison", choices=("any-poison", "first-true"))
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--drop-noalias", action="store_true",
                    help="a mutant: drop every noalias on both sides (a store may then change what is read)")
    args = ap.parse_args()
    text = args.file.read_text()
    work = args.keep or Path(tempfile.mkdtemp(prefix="check-lines-"))
    work.mkdir(parents=True, exist_ok=True)
    header = context(text)
    print(f"{'function':44} {'verdict':15} {'seconds':>8}  about")
    tally: dict[str, int] = {}
    for name, src_fn, checks in functions(text):
        if args.func and name not in args.func:
            continue
        tgt_fn = renamed(rebuild(checks), src_fn)
        if not re.search(r"<\s*(vscale\s+x\s+)?\d+\s+x\b", tgt_fn):
            print(f"{name:44} {'skipped':15} {'-':>8}  the CHECK lines hold no vector code")
            continue
        if args.drop_noalias:
            src_fn, tgt_fn = src_fn.replace(" noalias", ""), tgt_fn.replace(" noalias", "")
        src, tgt = work / f"{name}.scalar.ll", work / f"{name}.checks.ll"
        src.write_text(header + src_fn)
        tgt.write_text(header + tgt_fn)
        verdict, seconds, about = _verdict(src, tgt, name, args)
        tally[verdict] = tally.get(verdict, 0) + 1
        print(f"{name:44} {verdict:15} {seconds:8.2f}  {about[:160]}")
    print(", ".join(f"{n} {v}" for v, n in sorted(tally.items())) or "no function with vector code")


if __name__ == "__main__":
    main()
