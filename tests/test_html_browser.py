"""The HTML report in a real browser (headless Chromium, Debian's
`chromium-headless-shell` or `chromium`): the page loads, and a script run in the
page finds the diverging lane the way a reader does, by what is drawn (the lane
header and the cells drawn highlighted, poison drawn red), not by the markup alone.
Skips where no Chromium is installed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import MODELS, cli

CHROMIUM = next((p for t in ("chromium-headless-shell", "chromium", "chromium-browser")
                 if (p := shutil.which(t)) is not None), None)

# run in the page after it loads: per lane table, the column whose header is drawn
# highlighted, the rows whose cell in it is drawn highlighted, and the cells drawn
# in the poison colour; written into the page for --dump-dom to return
PROBE = """<script>
window.addEventListener('load', () => {
  const drawn = el => getComputedStyle(el).backgroundColor;
  const plain = drawn(document.querySelector('th'));
  const tables = [...document.querySelectorAll('table')].filter(t => t.rows.length > 1
      && [...t.rows[0].cells].slice(1).every((c, k) => c.textContent.trim() === String(k + 1)));
  const found = tables.map(t => {
    const head = [...t.rows[0].cells];
    const lane = head.findIndex(c => drawn(c) !== plain);
    const rows = [...t.rows].slice(1).filter(r => lane > 0 && r.cells[lane]
        && drawn(r.cells[lane]) !== drawn(r.cells[0 < lane - 1 ? lane - 1 : lane + 1]))
      .map(r => r.cells[0].textContent.trim());
    const poison = [...t.querySelectorAll('td span')].filter(s => getComputedStyle(s).color === 'rgb(170, 0, 0)')
      .map(s => s.textContent);
    return {lane: lane > 0 ? Number(head[lane].textContent) : null, rows, poison};
  });
  const out = document.createElement('pre');
  out.id = 'probe';
  out.textContent = JSON.stringify(found);
  document.body.appendChild(out);
});
</script>"""


def _in_browser(page: Path) -> list[dict[str, object]]:
    probe = page.with_name("probe.html")
    probe.write_text(page.read_text().replace("</body>", PROBE + "</body>"))
    assert CHROMIUM is not None
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", probe.as_uri()],
                       capture_output=True, text=True, timeout=120)
    m = re.search(r'<pre id="probe">(.*?)</pre>', r.stdout, re.S)
    assert m, r.stdout[-2000:] + r.stderr[-2000:]
    return list(json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&")))


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (Debian: chromium-headless-shell)")
def test_a_reader_finds_the_diverging_lane_in_the_html_report(tmp_path: Path) -> None:
    # the search loop's general form without freeze: lane 4 reads the poison a[3]
    suite = tmp_path / "s.toml"
    suite.write_text(f'[[obligation]]\nname = "no freeze"\ncheck = "equiv"\nmodel = "{MODELS}/seed/search_loop.loop"\n'
                     f'target = "{MODELS}/examples/search_loop_general_vf4_nofreeze.loop"\nexpect = "counterexample"\n')
    r = cli("suite", str(suite), "--html", str(tmp_path / "r.html"))
    assert r.returncode == 0, r.stdout + r.stderr
    (table,) = _in_browser(tmp_path / "r.html")
    assert table["lane"] == 4
    assert {"x", "C", "P_end"} <= set(table["rows"])  # type: ignore[arg-type]
    assert "poison" in table["poison"]  # type: ignore[operator]


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (Debian: chromium-headless-shell)")
def test_the_probe_sees_no_lane_where_none_is_marked(tmp_path: Path) -> None:
    # the same page with the marking removed: the probe must not find a lane by itself
    page = tmp_path / "plain.html"
    page.write_text('<!DOCTYPE html><html><body><table><tr><th></th><th>1</th><th>2</th></tr>'
                    '<tr><th>x</th><td>0</td><td>1</td></tr></table></body></html>')
    (table,) = _in_browser(page)
    assert table["lane"] is None and table["rows"] == [] and table["poison"] == []
