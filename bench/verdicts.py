"""Behaviour before and after a refactoring: record every verdict the shipped suite and
the committed `.ll` fixtures give, then compare two recordings.

    python bench/verdicts.py record before.jsonl          # on the old commit
    ... refactor ...
    python bench/verdicts.py record after.jsonl
    python bench/verdicts.py compare before.jsonl after.jsonl
    python bench/verdicts.py compare before.jsonl after.jsonl --verdicts   # verdicts only

`record` runs, each in a fresh process, two at a time:
- `verifier suite proofs/ --json --no-cache` (every obligation's verdict);
- for every scalar fixture `models/llvm/**/X.scalar.ll` (the C corpus only with
  `--corpus`): `verifier check X.scalar.ll --json` (every check at VF 4), and
  `verifier equiv X.scalar.ll Y --json` for each of its vectorized outputs
  (`X.vec.ll`, `X.vf4.ll`, `X.vf4x2.ll`), under both `--cttz-elts` rules;
- `verifier equiv` on the module pair in `models/llvm/module/`.

Each record keeps all of a verdict's JSON except what measures the machine (its
seconds, the budget it spent, whether a cache answered): the verdict, its reason,
its counterexample, its coverage. `compare` prints the records that differ or are
missing on either side and exits 1 if there is any. Budgets are deterministic, so
two recordings of the same code are identical on any machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MACHINE = frozenset({"seconds", "work", "cached", "wall_clock"})
OUTPUTS = ("vec", "vf4", "vf4x2")
RULES = ("any-poison", "first-true")


def commands(corpus: bool) -> list[list[str]]:
    """Every command whose verdicts a recording keeps, suite first."""
    cmds = [["suite", "proofs/", "--json", "--no-cache", "-q"]]
    llvm = ROOT / "models" / "llvm"
    for scalar in sorted(llvm.rglob("*.scalar.ll")):
        if not corpus and "corpus" in scalar.relative_to(llvm).parts:
            continue
        rel = str(scalar.relative_to(ROOT))
        cmds.append(["check", rel, "--vf", "4", "--json"])
        stem = scalar.name[: -len(".scalar.ll")]
        for out in OUTPUTS:
            tgt = scalar.with_name(f"{stem}.{out}.ll")
            if tgt.exists():
                for rule in RULES:
                    cmds.append(["equiv", rel, str(tgt.relative_to(ROOT)), "--json", "--cttz-elts", rule])
    module = llvm / "module"
    for src in sorted(module.glob("*.src.ll")):
        tgt = src.with_name(src.name.replace(".src.ll", ".tgt.ll"))
        if tgt.exists():
            cmds.append(["equiv", str(src.relative_to(ROOT)), str(tgt.relative_to(ROOT)), "--json"])
    return cmds


def _records(cmd: list[str]) -> list[dict[str, Any]]:
    r = subprocess.run([sys.executable, "-m", "verifier.cli", *cmd], cwd=ROOT, capture_output=True, text=True)
    out: list[dict[str, Any]] = []
    for n, line in enumerate(r.stdout.splitlines()):
        if not line.startswith("{"):
            continue
        rec = {k: v for k, v in json.loads(line).items() if k not in MACHINE}
        out.append({"command": " ".join(cmd), "n": n, **rec})
    out.append({"command": " ".join(cmd), "n": "exit", "code": r.returncode})
    return out


def _key(rec: dict[str, Any]) -> str:
    if rec.get("obligation") is not None:  # suite rows: by file and name, not by order
        return f"{rec['command']} :: {rec['file']} :: {rec['obligation']}"
    return f"{rec['command']} :: {rec['n']}"


def record(path: Path, corpus: bool, jobs: int) -> int:
    cmds = commands(corpus)
    t0 = time.perf_counter()
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(_records, cmds))
    with path.open("w") as f:
        for recs in results:
            for rec in recs:
                f.write(json.dumps(rec, sort_keys=True) + "\n")
    n = sum(len(r) for r in results)
    print(f"{len(cmds)} commands, {n} records in {time.perf_counter() - t0:.0f} s -> {path}")
    return 0


def _load(path: Path) -> dict[str, dict[str, Any]]:
    return {_key(r): r for r in map(json.loads, path.read_text().splitlines())}


def compare(old: Path, new: Path, verdicts_only: bool = False) -> int:
    a, b = _load(old), _load(new)
    missing = sorted(a.keys() - b.keys())
    added = sorted(b.keys() - a.keys())
    changed = sorted(k for k in a.keys() & b.keys() if a[k] != b[k])
    if verdicts_only:  # a verdict (or an exit code) that changed; the rest counted
        turned = [k for k in changed if (a[k].get("verdict"), a[k].get("code")) != (b[k].get("verdict"), b[k].get("code"))]
        for k in turned:
            print(f"{a[k].get('verdict', a[k].get('code'))} -> {b[k].get('verdict', b[k].get('code'))}: {k}")
        print(f"{len(turned)} verdicts changed, {len(changed) - len(turned)} records changed in detail only, "
              f"{len(missing)} only before, {len(added)} only after")
        return 1 if turned or missing or added else 0
    for k in missing:
        print(f"only before: {k}")
    for k in added:
        print(f"only after:  {k}")
    for k in changed:
        fields = sorted(f for f in a[k].keys() | b[k].keys() if a[k].get(f) != b[k].get(f))
        print(f"changed:     {k}  ({', '.join(fields)})")
        for f in fields:
            print(f"    {f}: {json.dumps(a[k].get(f))[:200]}")
            print(f"    {'':{len(f)}}  {json.dumps(b[k].get(f))[:200]}")
    same = len(a.keys() & b.keys()) - len(changed)
    print(f"{same} identical, {len(changed)} changed, {len(missing)} only before, {len(added)} only after")
    return 1 if missing or added or changed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help="run every command and write its verdicts")
    r.add_argument("out", type=Path)
    r.add_argument("--corpus", action="store_true", help="also the C corpus (models/llvm/corpus/)")
    r.add_argument("--jobs", type=int, default=2)
    c = sub.add_parser("compare", help="the records two recordings disagree on")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    c.add_argument("--verdicts", action="store_true",
                   help="only the records whose verdict or exit code changed (the rest counted)")
    a = ap.parse_args()
    if a.cmd == "record":
        return record(a.out, a.corpus, a.jobs)
    return compare(a.old, a.new, a.verdicts)


if __name__ == "__main__":
    sys.exit(main())
