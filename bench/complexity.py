"""The cyclomatic complexity of every function in the package, as ruff's C901 (McCabe)
counts it: the distribution, the mean, the share over 10 and the most complex.

    python bench/complexity.py                 # verifier/
    python bench/complexity.py verifier/checks --top 20

CI holds every function to 30 (`[tool.ruff.lint.mccabe]` in pyproject.toml); this
script shows how far under that the package is. Exit 1 if any function is over 30,
or more than 5% of functions are over 10.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT, OVER, SHARE = 30, 10, 0.05
ROW = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):\d+: C901 `(?P<name>[^`]+)` is too complex \((?P<n>\d+) > 0\)")
BUCKETS = ((1, 5), (6, 10), (11, 15), (16, 20), (21, 30), (31, 10**6))


def measure(paths: list[str]) -> list[tuple[int, str]]:
    """(complexity, file:line name) of every function: ruff reports each one over 0."""
    r = subprocess.run([sys.executable, "-m", "ruff", "check", *paths, "--select", "C901", "--no-cache",
                        "--output-format", "concise", "--config", "lint.mccabe.max-complexity = 0"],
                       cwd=ROOT, capture_output=True, text=True)
    out = []
    for line in r.stdout.splitlines():
        m = ROW.match(line)
        if m:
            out.append((int(m["n"]), f"{m['file']}:{m['line']} {m['name']}"))
    if not out:
        sys.exit(f"ruff reported no functions: {r.stderr.strip() or r.stdout.strip()}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", default=["verifier"])
    ap.add_argument("--top", type=int, default=10, help="list this many of the most complex functions")
    a = ap.parse_args()
    fns = measure(a.paths)
    n = len(fns)
    print(f"{n} functions, mean complexity {statistics.mean(c for c, _ in fns):.2f}, "
          f"median {statistics.median(c for c, _ in fns):g}")
    print(f"{'complexity':>12}  {'functions':>9}  {'share':>6}")
    for lo, hi in BUCKETS:
        k = sum(lo <= c <= hi for c, _ in fns)
        label = f"{lo}-{hi}" if hi < 10**6 else f"over {lo - 1}"
        print(f"{label:>12}  {k:>9}  {k / n:>6.1%}")
    over = sum(c > OVER for c, _ in fns)
    worst = sorted(fns, reverse=True)
    print(f"over {OVER}: {over} ({over / n:.1%}; at most {SHARE:.0%} asked); over {LIMIT}: "
          f"{sum(c > LIMIT for c, _ in fns)} (none allowed)")
    for c, where in worst[: a.top]:
        print(f"  {c:>3}  {where}")
    return 1 if worst[0][0] > LIMIT or over > SHARE * n else 0


if __name__ == "__main__":
    sys.exit(main())
