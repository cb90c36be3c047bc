"""Suites on a Dask cluster (--cluster ADDRESS): a local cluster of worker processes
gives the verdicts of a serial run, in the suite's order, with counterexamples of
the same kind at the same place. A counterexample's inputs are compared only up to
what the minimiser guarantees: its attempts have wall-clock limits, so on a loaded
machine (CI runs this beside other tests) it may stop before every freeze choice
is 0; every counterexample is replayed either way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT, cli

distributed = pytest.importorskip("distributed")


def rows(out: str) -> list[dict[str, Any]]:
    """A suite's JSON rows without what differs from run to run (times, the cache)."""
    keep = []
    for line in out.splitlines():
        rec = json.loads(line)
        for k in ("seconds", "cached"):
            rec.pop(k, None)
        cex = rec.get("counterexample")
        if cex is not None:
            rec["counterexample"] = {"kind": cex["kind"], "divergence": cex.get("divergence", {}).get("kind"),
                                     "where": cex.get("divergence", {}).get("location")}
            # a worker's z3 context has answered other obligations first, so its model
            # (and the lanes a freeze counterexample's reason quotes) may be another one
            rec.pop("reason", None)
        keep.append(rec)
    return keep


SUITE = """
[[obligation]]
name = "search: frozen predicates"
model = "m/seed/search_loop.loop"
check = "freeze"
expect = "proved"

[[obligation]]
name = "search: unfrozen predicates"
model = "m/seed/search_loop.loop"
check = "freeze"
freeze = false
expect = "counterexample"

[[obligation]]
name = "countdown: hoist"
model = "m/legality/countdown.loop"
check = "hoist"
expect = "proved"

[[obligation]]
name = "guarded division: frozen predicates"
model = "m/seed/guarded_division.loop"
check = "freeze"
expect = "proved"
"""


@pytest.mark.slow
def test_a_suite_on_a_local_cluster_gives_the_serial_verdicts(tmp_path: Path) -> None:
    """A small suite of quick obligations (this runs beside other tests in CI: two more
    worker processes on a loaded machine slow every test's solver)."""
    (tmp_path / "m").symlink_to(ROOT / "models")
    (tmp_path / "s.toml").write_text(SUITE)
    suite = [str(tmp_path / "s.toml"), "--no-cache", "--json", "--cache-dir", str(tmp_path / "cache")]
    serial = cli("suite", *suite)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = cli("suite", *suite, "--cluster", cluster.scheduler_address)
    assert remote.returncode == serial.returncode == 0, remote.stderr + serial.stderr
    assert len(rows(serial.stdout)) == 4
    assert rows(remote.stdout) == rows(serial.stdout)


def test_a_wrong_scheduler_address_is_a_usage_error() -> None:
    r = cli("suite", str(ROOT / "proofs" / "core.toml"), "-k", "search", "--no-cache", "--cluster", "nonsense")
    assert r.returncode == 2 and "--cluster nonsense" in r.stderr and "tcp://host:8786" in r.stderr, r.stderr


@pytest.mark.slow
def test_a_scheduler_without_workers_is_an_error_not_a_wait(tmp_path: Path) -> None:
    with distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=None) as cluster:
        r = cli("suite", str(ROOT / "proofs" / "core.toml"), "-k", "search loop -> simple form VF=4", "--no-cache",
                "--cluster", cluster.scheduler_address)
    assert r.returncode == 2 and "the scheduler has no workers" in r.stderr, r.stdout + r.stderr


@pytest.mark.slow
def test_a_relative_suite_path_works_on_workers_started_elsewhere(tmp_path: Path) -> None:
    """The suite is named relative to the command's folder; the workers run in another
    one (a local cluster's workers share the folder, so they are moved away first)."""
    (tmp_path / "m").symlink_to(ROOT / "models")
    (tmp_path / "s.toml").write_text(SUITE)
    away = tmp_path / "away"
    away.mkdir()

    def leave(folder: str) -> None:
        import os
        os.chdir(folder)

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster.scheduler_address) as client:
            client.run(leave, str(away))
        r = cli("suite", "s.toml", "--no-cache", "--json", "--cache-dir", str(tmp_path / "cache"),
                "--cluster", cluster.scheduler_address, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert len(rows(r.stdout)) == 4
