"""`verifier cost`: the scalar loop, each proven vectorized form and LLVM's own
output, measured per element against the position of the exit (seed 000's open
cost question: the general form pays for its masks in every iteration, the simple
one for its scalar epilogue after the exit; which wins depends on where the exit
falls). The table, the crossover and the plot are built here from the timings.

Each point is measured `repeats` times (separate runs of the harness); a row keeps
the median and the spread (the least and the most). Two variants are ordered at a
position only where their spreads do not overlap: a crossover is claimed only
between positions where each is clearly the cheaper, and the cheapest names the
variants it cannot be told from."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from verifier.checks.verdict import VerdictKind
from verifier.cost.native import Timing


@dataclass(frozen=True)
class Row:
    variant: str
    at: int | None
    elements: int  # iterations the scalar loop runs on this input
    warm: float  # cycles per element: the median over the repeats
    warm_lo: float  # the least and the most over the repeats
    warm_hi: float
    cold: float  # the median, cache flushed before each call
    mca: float | None  # llvm-mca's cycles per element of the variant's loop body


@dataclass(frozen=True)
class Cheapest:
    variant: str
    ties: tuple[str, ...]  # eligible variants whose spread overlaps the cheapest's


def rows_of(timings: list[Timing], elements: dict[int | None, int], mca: dict[str, float | None]) -> list[Row]:
    """One row per (variant, position): the repeats' timings per element, summarised."""
    samples: dict[tuple[str, int | None], list[Timing]] = {}
    for t in timings:
        samples.setdefault((t.variant, t.at), []).append(t)
    rows = []
    for (variant, at), ts in samples.items():
        per = max(1, elements[at])
        warm = [t.warm / per for t in ts]
        rows.append(Row(variant, at, elements[at], statistics.median(warm), min(warm), max(warm),
                        statistics.median(t.cold / per for t in ts), mca.get(variant)))
    return rows


def _order(at: int | None) -> int:
    return 1 << 62 if at is None else at


def clearly_cheaper(a: Row, b: Row) -> bool:
    """a is cheaper than b at their position beyond the spread of either."""
    return a.warm_hi < b.warm_lo


def best_at(rows: list[Row], eligible: set[str]) -> dict[int | None, Cheapest]:
    """The cheapest eligible variant at each position (by median, warm), with the
    eligible variants it is not clearly cheaper than."""
    by: dict[int | None, list[Row]] = {}
    for r in rows:
        if r.variant in eligible:
            by.setdefault(r.at, []).append(r)
    out = {}
    for at, rs in by.items():
        best = min(rs, key=lambda r: (r.warm, r.variant))
        out[at] = Cheapest(best.variant, tuple(sorted(r.variant for r in rs
                                                      if r is not best and not clearly_cheaper(best, r))))
    return out


def crossovers(rows: list[Row], a: str, b: str) -> list[tuple[int | None, int | None]]:
    """Between which measured positions the cheaper of variants a and b changes (warm):
    positions where their spreads overlap decide nothing, so a crossover lies between
    the last position where one was clearly cheaper and the next where the other is."""
    by: dict[str, dict[int | None, Row]] = {}
    for r in rows:
        by.setdefault(r.variant, {})[r.at] = r
    if a not in by or b not in by:
        return []
    decided = [(k, clearly_cheaper(by[a][k], by[b][k])) for k in sorted(by[a].keys() & by[b].keys(), key=_order)
               if _decided(by[a][k], by[b][k])]
    return [(decided[j - 1][0], decided[j][0]) for j in range(1, len(decided)) if decided[j][1] != decided[j - 1][1]]


def _decided(ra: Row, rb: Row) -> bool:
    """One of the two is clearly cheaper (their spreads do not overlap)."""
    return clearly_cheaper(ra, rb) or clearly_cheaper(rb, ra)


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


def _per(unit: str) -> str:
    return "cycles" if unit == "tsc" else "ns"


def _spread(r: Row) -> str:
    return f"{r.warm:.2f} [{r.warm_lo:.2f}-{r.warm_hi:.2f}]"


def table(rows: list[Row], unit: str, marks: dict[str, str]) -> str:
    """Every variant at every position (`cost --full`); `marks`: a word after a
    variant's name (refuted, unproved)."""
    head = f"{'variant':24} {'exit at':>8} {'elements':>9} {'warm ' + _per(unit) + '/elem [spread]':>27} " \
           f"{'cold':>8} {'mca':>6}"
    lines = [head, "-" * len(head)]
    for r in sorted(rows, key=lambda r: (_order(r.at), r.variant)):
        mca = "-" if r.mca is None else f"{r.mca:.2f}"
        name = f"{r.variant} ({marks[r.variant]})" if r.variant in marks else r.variant
        lines.append(f"{name:24} {shown_at(r.at):>8} {r.elements:>9} {_spread(r):>27} {r.cold:>8.2f} {mca:>6}")
    return "\n".join(lines)


def short_table(rows: list[Row], unit: str, best: dict[int | None, Cheapest], llvm: str | None,
                marks: dict[str, str]) -> str:
    """Per position: the cheapest variant, its cost, the scalar loop's and LLVM's
    output's (warm, median per element), and the variants it cannot be told from."""
    by = {(r.variant, r.at): r for r in rows}
    llvm_name = None if llvm is None else llvm + (f" ({marks[llvm]})" if llvm in marks else "")
    head = f"{'exit at':>8} {'elements':>9}  {'cheapest':14} {'warm ' + _per(unit) + '/elem [spread]':>27} " \
           f"{'scalar':>7}" + ("" if llvm_name is None else f" {llvm_name:>20}") + "  within the spread"
    lines = [head, "-" * len(head)]
    for at in sorted(best, key=_order):
        c = best[at]
        r = by[(c.variant, at)]
        scalar = by.get(("scalar", at))
        line = f"{shown_at(at):>8} {r.elements:>9}  {c.variant:14} {_spread(r):>27} " \
               f"{scalar.warm if scalar else float('nan'):>7.2f}"
        if llvm is not None:
            other = by.get((llvm, at))
            line += f" {other.warm if other else float('nan'):>20.2f}"
        lines.append(line + ("  " + ", ".join(c.ties) if c.ties else ""))
    return "\n".join(lines)


def plot(rows: list[Row], path: str, title: str, unit: str, marks: dict[str, str]) -> None:
    """Cycles per element against the iterations the scalar loop runs (the exit's
    position; the right end: no exit), both axes logarithmic, the spread as a band;
    a refuted or unproved variant dashed and named so (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    for v in sorted({r.variant for r in rows}):
        _plot_variant(ax, [r for r in rows if r.variant == v], v, marks.get(v))
    never = max((r.elements for r in rows if r.at is None), default=None)
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    ax.set_yscale("log")
    if never is not None:
        ax.axvline(never, color="grey", linewidth=0.6)
        ax.annotate("no exit", (never, 1), xycoords=("data", "axes fraction"), xytext=(-4, -12),
                    textcoords="offset points", ha="right", fontsize=8, color="grey")
    ax.set_xlabel("iterations the scalar loop runs on the input (log scale)")
    ax.set_ylabel(_per(unit) + " per element (warm, median; band: spread)")
    ax.set_title(title)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _plot_variant(ax: Any, rows: list[Row], v: str, mark: str | None) -> None:
    """One variant's line (dashed and named so where `mark`: refuted or unproved) and
    its spread as a band."""
    pts = sorted((r.elements, r.warm, r.warm_lo, r.warm_hi) for r in rows)
    xs = [p[0] for p in pts]
    line, = ax.plot(xs, [p[1] for p in pts], "--" if mark else "-", marker="o", markersize=3,
                    label=f"{v} ({mark})" if mark else v)
    ax.fill_between(xs, [p[2] for p in pts], [p[3] for p in pts], color=line.get_color(), alpha=0.15)


@dataclass(frozen=True)
class Standing:
    """A variant and whether it may be crowned: the scalar loop is the source (no
    verdict); a form or LLVM's output is measured as proved, refuted or unproved."""

    name: str
    vf: int
    verdict: VerdictKind | None  # None: the scalar loop, the reference
    reason: str | None = None
    measured: bool = True

    @property
    def mark(self) -> str | None:
        """The word shown after a measured variant that is not proved."""
        if self.verdict is None or self.verdict is VerdictKind.PROVED:
            return None
        return "refuted" if self.verdict is VerdictKind.COUNTEREXAMPLE else "unproved"


@dataclass(frozen=True)
class CostResult:
    """What `verifier cost` measured on one function."""

    function: str
    n: int  # elements per array
    never: int  # iterations without an exit
    setup: list[str]  # how the inputs were made and the variants compiled, one line each
    standings: list[Standing]
    rows: list[Row]
    unit: str
    repeats: int
    vfs: list[int]
    weights: dict[int | None, float]
    llvm: str | None  # LLVM's output's variant name when it vectorizes the loop

    @property
    def marks(self) -> dict[str, str]:
        return {s.name: s.mark for s in self.standings if s.measured and s.mark}

    @property
    def best(self) -> dict[int | None, Cheapest]:
        """The cheapest at each position among the scalar loop and the proved variants."""
        return best_at(self.rows, {s.name for s in self.standings if s.measured and s.mark is None})

    def pairs(self) -> list[tuple[str, str]]:
        names = {s.name for s in self.standings if s.measured}
        out = []
        for vf in self.vfs:
            g, s = f"general vf{vf}", f"simple vf{vf}"
            out += [(a, b) for a, b in ((g, s), (g, "scalar"), (s, "scalar")) if a in names and b in names]
        if self.llvm is not None:
            out.append((self.llvm, "scalar"))
        return out


def text(res: CostResult, full: bool) -> str:
    """The report: how it was measured, the short table (or every row with `full`),
    the crossovers and the expected cost over the distribution."""
    lines = [*res.setup, *_not_crowned(res.standings)]
    lines.append(f"warm cost per element: the median of {res.repeats} runs of the harness, [the least-the most]; "
                 "a variant is cheaper than another only where their spreads do not overlap")
    lines.append(table(res.rows, res.unit, res.marks) if full else
                 short_table(res.rows, res.unit, res.best, res.llvm, res.marks))
    lines += [_crossover_line(res.rows, a, b) for a, b in res.pairs()]
    if res.weights:
        exp = expected(res.rows, res.weights)
        lines.append("over the distribution: " + ", ".join(f"{k} {v:.2f}" for k, v in sorted(exp.items(),
                                                                                             key=lambda kv: kv[1])))
    if not full:
        lines.append("(--full shows every variant at every position, cold cache and llvm-mca too)")
    return "\n".join(lines)


def _not_crowned(standings: list[Standing]) -> list[str]:
    """The variants not measured, then those measured but not proved, each with why."""
    return [f"  {s.name}: not measured: {s.reason}" for s in standings if not s.measured] + \
        [f"  {s.name}: measured but {s.mark}, never the cheapest: {s.reason}" for s in standings
         if s.measured and s.mark]


def _crossover_line(rows: list[Row], a: str, b: str) -> str:
    """Where variants a and b cross over, in words."""
    xs = crossovers(rows, a, b)
    where = "; ".join(f"between exits at {shown_at(lo)} and {shown_at(hi)}" for lo, hi in xs)
    return f"{a} vs {b}: " + (f"cross over {where}" if xs else "no crossover beyond the spread at the positions measured")


def record(res: CostResult, file: str) -> dict[str, object]:
    """The --json record (the schema's `cost`)."""
    return {
        "record": "cost", "function": res.function, "file": file, "elements_per_array": res.n,
        "iterations_without_exit": res.never, "unit": res.unit, "repeats": res.repeats,
        "variants": [{"name": s.name, "vf": s.vf, "verdict": None if s.verdict is None else str(s.verdict),
                      "reason": s.reason, "measured": s.measured} for s in res.standings],
        "rows": [{"variant": r.variant, "exit_at": r.at, "elements": r.elements, "warm": r.warm,
                  "warm_least": r.warm_lo, "warm_most": r.warm_hi, "cold": r.cold, "mca": r.mca}
                 for r in sorted(res.rows, key=lambda r: (_order(r.at), r.variant))],
        "cheapest": [{"exit_at": at, "variant": c.variant, "ties": list(c.ties)}
                     for at, c in sorted(res.best.items(), key=lambda kv: _order(kv[0]))],
        "crossovers": [{"a": a, "b": b, "between": [lo, hi]} for a, b in res.pairs()
                       for lo, hi in crossovers(res.rows, a, b)],
        "expected": expected(res.rows, res.weights) if res.weights else {},
    }
