"""Compare two benchmark runs (`--json` files of bench/equiv.py, bench/legality.py,
bench/suite.py): each obligation's time normalized by its own run's calibration
(bench/figures.py), new over old. An obligation more than --threshold times slower
(1.5 by default), or whose verdict changed, is flagged; the exit code is 1 when any
is. Rows under --floor seconds in both runs are timing noise and only their verdicts
are compared.

    python bench/equiv.py --vf 4 16 --json before.json
    ... change ...
    python bench/equiv.py --vf 4 16 --json after.json
    python bench/compare.py before.json after.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from figures import Figures  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--threshold", type=float, default=1.5, help="flag a normalized slow-down above this")
    ap.add_argument("--floor", type=float, default=0.1, help="seconds under which times are noise")
    a = ap.parse_args()
    old, new = Figures.read(a.old), Figures.read(a.new)
    before = {r.key: r for r in old.rows}
    print(f"calibration: {old.calibration:.3f}s -> {new.calibration:.3f}s "
          f"(machine speed ratio {new.calibration / old.calibration:.2f})")
    print(f"{'obligation':60} {'VF':>3} {'bound':>5} {'old s':>8} {'new s':>8} {'ratio':>6}  flag")
    flagged = 0
    for r in new.rows:
        o = before.get(r.key)
        if o is None:
            print(f"{r.obligation[:60]:60} {r.vf or '-':>3} {r.bound:>5} {'-':>8} {r.seconds:>8.2f} {'-':>6}  new")
            continue
        ratio = (max(r.seconds, a.floor) / new.calibration) / (max(o.seconds, a.floor) / old.calibration)
        flags = []
        if r.verdict != o.verdict:
            flags.append(f"verdict {o.verdict} -> {r.verdict}")
        if ratio > a.threshold and max(r.seconds, o.seconds) >= a.floor:
            flags.append(f"{ratio:.2f}x slower")
        flagged += bool(flags)
        print(f"{r.obligation[:60]:60} {r.vf or '-':>3} {r.bound:>5} {o.seconds:>8.2f} {r.seconds:>8.2f} "
              f"{ratio:>5.2f}x  {'; '.join(flags)}")
    gone = [k for k in before if k not in {r.key for r in new.rows}]
    for k in gone:
        print(f"{k}: missing from the new run")
    print(f"{flagged} flagged of {len(new.rows)} ({len(gone)} missing)")
    return 1 if flagged or gone else 0


if __name__ == "__main__":
    raise SystemExit(main())
