"""The figures a benchmark run writes (`--json FILE`), and how two runs compare.

Every run measures a calibration beside its own rows: the hand-minimal find-first-zero
query (bench/minimal.py) at VF 4, trip bound 16, in a fresh process. A row's
*normalized* time is its seconds over that calibration's, so two runs on machines of
different speed (or one machine under different load) compare by ratio, not by
absolute time. bench/compare.py reads two such files.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import platform
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Row:
    """One obligation's figures."""

    obligation: str
    vf: int | None
    bound: str  # a trip bound, "all" (every trip count) or "-"
    verdict: str
    seconds: float
    peak_mib: float

    @property
    def key(self) -> str:
        return f"{self.obligation} | VF={self.vf} | bound={self.bound}"


@dataclass
class Figures:
    """A run's rows and its calibration (seconds of the reference query)."""

    bench: str
    calibration: float
    rows: list[Row] = field(default_factory=list)
    machine: str = field(default_factory=lambda: f"{platform.machine()} {platform.processor()} py{sys.version.split()[0]}")

    def add(self, row: Row) -> None:
        self.rows.append(row)

    def write(self, path: Path) -> None:
        path.write_text(json.dumps({"bench": self.bench, "calibration": self.calibration, "machine": self.machine,
                                    "time": time.strftime("%Y-%m-%d %H:%M:%S"),
                                    "rows": [asdict(r) for r in self.rows]}, indent=1) + "\n")

    @classmethod
    def read(cls, path: Path) -> Figures:
        d = json.loads(path.read_text())
        return cls(d["bench"], d["calibration"], [Row(**r) for r in d["rows"]], d.get("machine", ""))


def _reference(_: int) -> float:
    sys.path.insert(0, str(ROOT / "bench"))
    from minimal import query

    return query(4, 16)[1]


def calibrate(repeat: int = 3) -> float:
    """The reference query's median seconds, each run in a fresh process."""
    ctx = mp.get_context("spawn")
    times = []
    for _ in range(repeat):
        with ctx.Pool(1) as pool:
            times.append(pool.apply(_reference, (0,)))
    return statistics.median(times)
