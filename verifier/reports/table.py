"""Tables as text: padded columns when written to a file or a pipe (stable, easy to
grep and diff), fitted to the terminal's width with rich when a person reads them
(long cells fold, the marks that must stay visible never do, verdicts in colour)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.table import Table

# the colour of a verdict or mark cell on a terminal
STYLES = {"proved": "green", "counterexample": "red", "unknown": "yellow", "skipped": "dim",
          "MISMATCH": "bold red", "ERROR": "bold red", "error": "bold red"}


def render_table(rows: Sequence[Sequence[str]], width: int | None = None, keep: Sequence[int] = (),
                indent: str = "", right: Sequence[int] = ()) -> list[str]:
    """`rows` (the first is the header) as lines. Without `width`: columns padded to
    their widest cell. With it (a terminal): fitted to `width` by rich; the columns in
    `keep` never fold (a verdict, a mark), the others fold where they must; cells
    named in STYLES are coloured. `right`: columns aligned right (seconds)."""
    if width is None:
        widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
        return [indent + "  ".join(cell.rjust(widths[c]) if c in right else cell.ljust(widths[c])
                                   for c, cell in enumerate(r)).rstrip() for r in rows]
    from rich.console import Console

    t = _rich_table(rows, keep, right)
    console = Console(width=max(40, width - len(indent)), highlight=False, force_terminal=True,
                      color_system="standard")
    with console.capture() as cap:
        console.print(t)
    return [indent + line.rstrip() for line in cap.get().splitlines()]


def _rich_table(rows: Sequence[Sequence[str]], keep: Sequence[int], right: Sequence[int]) -> Table:
    """render_table's rows as a rich Table: the `keep` columns never fold, `right` ones
    align right, cells named in STYLES coloured."""
    from rich.table import Table
    from rich.text import Text

    t = Table(box=None, show_edge=False, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold")
    for c, head in enumerate(rows[0]):
        t.add_column(head, overflow="fold", no_wrap=c in keep, justify="right" if c in right else "left")
    for r in rows[1:]:
        t.add_row(*(Text(cell, style=STYLES.get(cell.split()[0] if cell.strip() else "", "")) for cell in r))
    return t
