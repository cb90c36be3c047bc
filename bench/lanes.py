"""Benchmark: `verifier lanes` per model and VF: seconds to decide every relation, with
the share of that spent by the analysis alone (the reference, in the same run), and
how many relations were proved, broken by a replayed run, or left unknown. `bound`:
"all" (each proof covers every vector iteration; refutations search the loop's start).

    python bench/lanes.py [VF ...]
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verifier.analysis.lanes import lane_evolution  # noqa: E402
from verifier.checks.lanes import lane_verdicts  # noqa: E402
from verifier.frontend import load_program  # noqa: E402

MODELS = [f"lanes/{m}.loop" for m in ("uniform_lanes", "div_start", "rem_start", "no_tiling", "accesses",
                                      "divergence")] + \
    [f"llvm/{m}.scalar.ll" for m in ("find_char", "find_const_table", "store_before_exit", "exits_lcssa")]


def main() -> None:
    vfs = [int(x) for x in sys.argv[1:]] or [4, 16]
    print(f"{'model':32} {'VF':>3} {'bound':>5} {'seconds':>8} {'analysis':>9} {'ratio':>7} {'peak MiB':>9}  "
          "proved/broken/unknown")
    for name in MODELS:
        prog = load_program(ROOT / "models" / name)
        for vf in vfs:
            t0 = time.perf_counter()
            lane_evolution(prog, vf)
            ref = time.perf_counter() - t0
            t0 = time.perf_counter()
            _, vs, _ = lane_verdicts(prog, vf, timeout=20)
            dt = time.perf_counter() - t0
            mem = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            counts = [sum(v.verdict.value == k for v in vs) for k in ("proved", "counterexample", "unknown")]
            print(f"{name:32} {vf:>3} {'all':>5} {dt:>8.2f} {ref:>9.3f} {dt / max(ref, 1e-6):>7.0f} {mem:>9.1f}  "
                  + "/".join(map(str, counts)))


if __name__ == "__main__":
    main()
