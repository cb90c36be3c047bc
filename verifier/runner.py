"""Running proof suites: obligations in parallel worker processes, answers from the
result cache where the models and the tool are unchanged, progress as it goes.

Every obligation is solved in its own fresh z3 context with fixed seeds, so a
parallel run gives the same verdicts as a serial one; outcomes are returned in
the suite's order whatever order the workers finish in."""

from __future__ import annotations

import dataclasses
import multiprocessing as mp
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from functools import partial
from typing import Any, Protocol

from verifier.cache import ResultCache, obligation_key
from verifier.errors import UserError, read_source
from verifier.frontend.parser import parse_file
from verifier.ir.printer import program as print_program
from verifier.ir.program import Loc
from verifier.smt.budget import Stopwatch
from verifier.suite import Obligation, Outcome, run_obligation


def _models(ob: Obligation) -> list[str]:
    """The obligation's models as normalised IR (the cache key's content); parsing
    them here also reports a broken model before any solving starts."""
    paths = [ob.source] + ([ob.target] if ob.target is not None else [])
    try:
        # an LLVM module keys by its text (it may hold constructs the front end
        # reports as unknown); the function and the cttz.elts rule are obligation keys
        return [read_source(p) if p.suffix == ".ll" else print_program(parse_file(p)) for p in paths]
    except UserError as e:
        if e.loc is not None:
            raise  # the model's own file:line:col
        raise UserError(f"obligation {ob.name!r}: {e.message}", Loc(str(ob.file), ob.line, 1)) from None
    except OSError as e:
        raise UserError(f"obligation {ob.name!r}: cannot read {e.filename}", Loc(str(ob.file), ob.line, 1)) from None


def solve(ob: Obligation, timeout: float | None) -> Outcome:
    """Run one obligation (in a worker process, or inline)."""
    from verifier.reports import jsonout, text

    sw = Stopwatch()
    try:
        v = run_obligation(ob, timeout)
    except UserError as e:  # located: the model's own place, else the obligation's
        located = e if e.loc is not None else UserError(e.message, Loc(str(ob.file), ob.line, 1))
        return Outcome(ob.name, str(ob.file), ob.line, ob.check, ob.expect, "error", sw(),
                       error=str(located))
    return Outcome(ob.name, str(ob.file), ob.line, ob.check, ob.expect, v.verdict, v.seconds,
                   jsonout.verdict(v), text.verdict_text(v))


def _cached(ob: Obligation, entry: dict[str, Any]) -> Outcome:
    """An answer from the cache: this run spent no time on it (the verdict's JSON keeps
    the seconds it took when it was solved)."""
    return Outcome(ob.name, str(ob.file), ob.line, ob.check, ob.expect, entry["result"]["verdict"],
                   0.0, entry["result"], entry.get("text", ""), cached=True)


class Progress(Protocol):
    """What a run reports as it goes (reports/progress.SuiteProgress)."""

    def running(self, names: list[str]) -> None:
        """The obligations being solved now."""

    def finished(self, done: int, total: int, oc: Outcome) -> None:
        """One more answer (`done` of `total`)."""


def run_suite(obligations: list[Obligation], jobs: int = 1, timeout: float | None = None,
              cache: ResultCache | None = None, progress: Progress | None = None,
              read_cache: bool = True, cluster: str | None = None) -> list[Outcome]:
    """Every obligation's outcome, in order. Models are parsed first (a missing or
    broken one is that obligation's error outcome, before anything runs); cached
    answers are used where present (unless not `read_cache`), and new ones stored. The rest run inline, on `jobs` local
    processes, or on the Dask scheduler at `cluster` (verifier/cluster.py)."""
    tally = _Tally(obligations, cache, progress)
    errors = [tally.key_or_error(k, ob, timeout) for k, ob in enumerate(obligations)]
    todo: list[int] = []
    for k, ob in enumerate(obligations):
        known = errors[k] or (tally.cached(k, ob) if read_cache else None)
        if known is not None:
            tally.finish(k, known, store=False)
        else:
            todo.append(k)
    try:
        _run(obligations, todo, jobs, timeout, cluster, tally.finish, progress)
    except KeyboardInterrupt:
        raise Interrupted(tally.done, len(obligations)) from None
    return tally.outcomes()


class _Tally:
    """A run's outcomes as they come: each obligation's cache key, its outcome, the
    count done, and the progress report; a new answer is stored in the cache (but a
    slow machine's, cut short by the wall-clock safety net)."""

    def __init__(self, obligations: list[Obligation], cache: ResultCache | None, progress: Progress | None) -> None:
        self.obligations = obligations
        self.cache = cache
        self.progress = progress
        self.keys: list[str | None] = [None] * len(obligations)
        self.out: list[Outcome | None] = [None] * len(obligations)
        self.done = 0

    def key_or_error(self, k: int, ob: Obligation, timeout: float | None) -> Outcome | None:
        """Obligation k's cache key (set in `keys`), or its error outcome where a model is
        missing or broken (the rest run)."""
        try:
            models = _models(ob)
        except UserError as e:
            return Outcome(ob.name, str(ob.file), ob.line, ob.check, ob.expect, "error", 0.0, error=str(e))
        options = {**ob.options, "vf": ob.vf, "timeout": timeout or ob.ask.timeout}
        self.keys[k] = obligation_key(models, ob.check, options, self.cache.tool) if self.cache else None
        return None

    def outcomes(self) -> list[Outcome]:
        """Every outcome, in order. An answer that never came back is never a pass: a run
        that lost one (an interrupt swallowed on the way, once in CI) is interrupted."""
        out = [oc for oc in self.out if oc is not None]
        if len(out) < len(self.out):
            raise Interrupted(self.done, len(self.obligations))
        return out

    def cached(self, k: int, ob: Obligation) -> Outcome | None:
        """Obligation k's answer from the cache, if it holds one."""
        key = self.keys[k]
        entry = self.cache.get(key) if self.cache and key else None
        return _cached(ob, entry) if entry is not None and "result" in entry else None

    def finish(self, k: int, oc: Outcome, store: bool = True) -> None:
        self.out[k] = oc
        self.done += 1
        key = self.keys[k]
        if store and self.cache and key and oc.error is None and not oc.result.get("wall_clock"):
            self.cache.put(key, {"result": oc.result, "text": oc.text})
        if self.progress:
            self.progress.finished(self.done, len(self.obligations), oc)


def _run(obligations: list[Obligation], todo: list[int], jobs: int, timeout: float | None, cluster: str | None,
         finish: Callable[[int, Outcome], None], progress: Progress | None) -> None:
    """Solve the obligations numbered `todo`: on the Dask scheduler at `cluster`, inline,
    or on `jobs` local processes (stopped at once if the run is interrupted)."""
    if cluster is not None and todo:
        from verifier.cluster import cluster_executor, one_at_a_time

        # a worker started in another folder reads the models at absolute paths
        absolute = [dataclasses.replace(ob, source=ob.source.absolute(),
                                        target=ob.target.absolute() if ob.target is not None else None)
                    for ob in obligations]
        with cluster_executor(cluster) as remote:
            _spread(remote, partial(one_at_a_time, solve), absolute, todo, timeout, finish, progress, CLUSTER_SHOWN)
    elif jobs <= 1 or len(todo) <= 1:
        for k in todo:
            if progress:
                progress.running([obligations[k].name])
            finish(k, solve(obligations[k], timeout))
    else:
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=mp.get_context("spawn"))
        try:
            _spread(pool, solve, obligations, todo, timeout, finish, progress, jobs)
        except BaseException:
            stop(pool)
            raise
        pool.shutdown()


class Interrupted(Exception):
    """The run was interrupted (SIGINT, or SIGTERM turned into one): pending work
    cancelled, workers stopped; the answers finished by then are in the cache."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"interrupted: {done}/{total} done, answers kept")
        self.done, self.total = done, total


def stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what is pending and end the workers at once: shutting a pool down waits
    for the obligations they are solving (21 s, or 112 s when only the main process
    got the SIGINT). The pool's processes are only reachable through its `_processes`."""
    procs = list(getattr(pool, "_processes", {}).values())
    for p in procs:
        if p.is_alive():
            p.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        p.join(timeout=5)
    for p in procs:  # a worker that outlives SIGTERM (a handler, a stuck import) is killed
        if p.exitcode is None:
            p.kill()
            p.join(timeout=5)


CLUSTER_SHOWN = 3  # a cluster's obligations in flight named in the progress line


def _spread(pool: Executor, task: Callable[[Obligation, float | None], Outcome], obligations: list[Obligation],
            todo: list[int], timeout: float | None, finish: Callable[[int, Outcome], None],
            progress: Progress | None, slots: int) -> None:
    """Run the obligations numbered `todo` on `pool` (local processes or a cluster),
    finishing each as its answer comes back. The pool takes them in order, so the
    first `slots` unfinished ones are those running."""
    futures = {pool.submit(task, obligations[k], timeout): k for k in todo}
    waiting = list(todo)
    if progress:
        progress.running([obligations[k].name for k in waiting[:slots]])
    for f in as_completed(futures):
        k = futures[f]
        waiting.remove(k)
        finish(k, f.result())
        if progress:
            progress.running([obligations[k].name for k in waiting[:slots]])
