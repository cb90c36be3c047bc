"""`verifier cost`: the scalar loop, each proven vectorized form and LLVM's own
output, measured per element against the position of the exit (seed 000's open
cost question: the general form pays for its masks in every iteration, the simple
one for its scalar epilogue after the exit; which wins depends on where the exit
falls). The table, the crossover and the plot are built here from the timings."""

from __future__ import annotations

from dataclasses import dataclass

from verifier.cost.native import Timing


@dataclass(frozen=True)
class Row:
    variant: str
    at: int | None
    elements: int  # iterations the scalar loop runs on this input
    warm: float  # cycles per element
    cold: float
    mca: float | None  # llvm-mca's cycles per element of the variant's loop body


def rows_of(timings: list[Timing], elements: dict[int | None, int], mca: dict[str, float | None]) -> list[Row]:
    return [Row(t.variant, t.at, elements[t.at], t.warm / max(1, elements[t.at]), t.cold / max(1, elements[t.at]),
                mca.get(t.variant)) for t in timings]


def best_at(rows: list[Row], warm: bool = True) -> dict[int | None, str]:
    """The cheapest variant at each position."""
    out: dict[int | None, tuple[float, str]] = {}
    for r in rows:
        c = r.warm if warm else r.cold
        if r.at not in out or c < out[r.at][0]:
            out[r.at] = (c, r.variant)
    return {k: v for k, (_, v) in out.items()}


def crossovers(rows: list[Row], a: str, b: str) -> list[tuple[int | None, int | None]]:
    """Between which measured positions the cheaper of variants a and b changes (warm)."""
    by: dict[str, dict[int | None, float]] = {}
    for r in rows:
        by.setdefault(r.variant, {})[r.at] = r.warm
    if a not in by or b not in by:
        return []
    order = sorted((k for k in by[a] if k in by[b]), key=lambda k: 1 << 62 if k is None else k)
    sign = [by[a][k] < by[b][k] for k in order]
    return [(order[j - 1], order[j]) for j in range(1, len(order)) if sign[j] != sign[j - 1]]


def expected(rows: list[Row], weights: dict[int | None, float]) -> dict[str, float]:
    """Cycles per element over a distribution of exit positions (weights by position):
    the weighted cycles over the weighted elements, per variant (warm)."""
    cyc: dict[str, float] = {}
    ele: dict[str, float] = {}
    for r in rows:
        w = weights.get(r.at, 0.0)
        cyc[r.variant] = cyc.get(r.variant, 0.0) + w * r.warm * r.elements
        ele[r.variant] = ele.get(r.variant, 0.0) + w * r.elements
    return {v: cyc[v] / ele[v] for v in cyc if ele[v] > 0}


def shown_at(at: int | None) -> str:
    return "never" if at is None else str(at)


def table(rows: list[Row], unit: str) -> str:
    per = "cycles" if unit == "tsc" else "ns"
    head = f"{'variant':14} {'exit at':>8} {'elements':>9} {'warm ' + per + '/elem':>17} " \
           f"{'cold ' + per + '/elem':>17} {'mca cycles/elem':>16}"
    lines = [head, "-" * len(head)]
    for r in sorted(rows, key=lambda r: (1 << 62 if r.at is None else r.at, r.variant)):
        mca = "-" if r.mca is None else f"{r.mca:.2f}"
        lines.append(f"{r.variant:14} {shown_at(r.at):>8} {r.elements:>9} {r.warm:>17.2f} {r.cold:>17.2f} {mca:>16}")
    return "\n".join(lines)


def plot(rows: list[Row], path: str, title: str, unit: str) -> None:
    """Cycles per element against the exit's position, one curve per variant (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    never = max((r.elements for r in rows), default=1)
    for v in sorted({r.variant for r in rows}):
        pts = sorted(((never if r.at is None else r.at), r.warm) for r in rows if r.variant == v)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=v)
    ax.set_xlabel("exit position (element index; the right end: no exit)")
    ax.set_ylabel(("cycles" if unit == "tsc" else "ns") + " per element (warm)")
    ax.set_yscale("log")
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
