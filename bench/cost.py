"""Benchmark: seed 000's cost question answered by measurement (`verifier cost`) on the
search loop and corpus loops: for each loop, the cheapest variant at each exit
position and where the forms cross over the scalar loop, with the command's own
seconds and peak memory (the proofs of the forms included; cached proofs are reused,
`--no-cache`-free by design: rerun with a cold cache to time the proofs too).

Needs LLVM 22 (clang-22, llc-22, opt-22, llvm-mca-22). The timings are this
machine's; run it on a quiet machine and quote it, never assert it.

    python bench/cost.py
    python bench/cost.py --only find_char count_upper --vf 8
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LL = ROOT / "models" / "llvm"
# the seed's search loop (a byte search over a fixed buffer), three corpus loops LLVM 22
# vectorizes, and one it does not (a count before a NUL)
LOOPS = {
    "find_char": LL / "find_char.scalar.ll",
    "a_find_u8": LL / "corpus" / "a_find_u8.scalar.ll",
    "c_find_newline": LL / "corpus" / "c_find_newline.scalar.ll",
    "c_memchr_idx": LL / "corpus" / "c_memchr_idx.scalar.ll",
    "count_upper": LL / "emit" / "count_upper.scalar.ll",
}
_WRAP = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
         "print(f'PEAK_KB={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}', file=sys.stderr); "
         "sys.exit(r.returncode)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", help="loops to run")
    ap.add_argument("--vf", type=int, nargs="*", default=[4, 8, 16])
    ap.add_argument("--plots", type=Path, help="write each loop's plot into this folder")
    opts = ap.parse_args()
    names = [n for n in LOOPS if not opts.only or n in opts.only]
    print(f"{'loop':16} {'vfs':>9} {'seconds':>8} {'peak MiB':>9}  first exit position where each beats scalar "
          f"(warm)", flush=True)
    for name in names:
        cmd = [sys.executable, "-m", "verifier.cli", "cost", str(LOOPS[name]), "--func", name, "--json"]
        for vf in opts.vf:
            cmd += ["--vf", str(vf)]
        if opts.plots:
            opts.plots.mkdir(parents=True, exist_ok=True)
            cmd += ["--plot", str(opts.plots / f"{name}.png")]
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-c", _WRAP, *cmd], capture_output=True, text=True)
        dt = time.perf_counter() - t0
        m = re.search(r"PEAK_KB=(\d+)", r.stderr)
        peak = int(m.group(1)) / 1024 if m else 0.0
        if r.returncode != 0:
            print(f"{name:16} {'':>9} {dt:>8.1f} {peak:>9.1f}  failed: {r.stderr.strip().splitlines()[-2:]}")
            continue
        print(f"{name:16} {','.join(map(str, opts.vf)):>9} {dt:>8.1f} {peak:>9.1f}  {summary(r.stdout)}", flush=True)
        rec = json.loads(r.stdout)
        cheapest = ", ".join(f"{'never' if c['exit_at'] is None else c['exit_at']}: {c['variant']}"
                             for c in rec["cheapest"])
        print(f"{'':16} cheapest (warm, proved variants) at each exit: {cheapest}")
        for v in rec["variants"]:
            if v["verdict"] not in (None, "proved"):
                print(f"{'':16} {v['name']}: {'measured, ' if v['measured'] else ''}{v['reason']}")


def summary(out: str) -> str:
    """From `cost --json`: per variant, the first measured exit position from which it
    is cheaper than the scalar loop at every later one (warm, beyond both spreads), or
    `never`."""
    rows: dict[str, dict[int, tuple[float, float]]] = {}
    for r in json.loads(out)["rows"]:
        at = 1 << 62 if r["exit_at"] is None else r["exit_at"]
        rows.setdefault(r["variant"], {})[at] = (r["warm_least"], r["warm_most"])
    scalar = rows.pop("scalar", {})
    parts = []
    for v, by in sorted(rows.items()):
        ks = sorted(k for k in by if k in scalar)
        wins = [k for j, k in enumerate(ks) if all(by[q][1] < scalar[q][0] for q in ks[j:])]
        parts.append(f"{v}: {'never' if not wins else ('no exit' if wins[0] == 1 << 62 else wins[0])}")
    return "; ".join(parts)


if __name__ == "__main__":
    main()
