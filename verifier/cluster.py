"""Obligations on a Dask cluster (`verifier suite --cluster ADDRESS`): a
concurrent.futures executor over a running `distributed` scheduler, so the runner
hands obligations to remote workers exactly as it hands them to local processes.

What a worker needs: the same verifier version (the result cache keys on it) and the
models at the paths the suite names, made absolute before they are sent (a shared
file system or the same checkout at the same path; the worker's own folder does not
matter); a worker that cannot read a model reports it as that obligation's error. A
scheduler with no worker is an error after CONNECT_TIMEOUT, not a silent wait.
z3 keeps one default context per process (smt/solver.fresh_context), so the tasks of
one worker process run one at a time whatever its thread count: start workers with
`--nthreads 1` and as many processes as cores (`--nworkers`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from verifier.errors import UserError
from verifier.suite import Obligation, Outcome

CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler before giving up

# z3's default context is per process: one obligation at a time in a worker process
_Z3_IN_USE = threading.Lock()


def one_at_a_time(task: Callable[[Obligation, float | None], Outcome], ob: Obligation,
                  timeout: float | None) -> Outcome:
    """task(ob, timeout) (runner.solve), one at a time per worker process: z3's
    default context is shared by the process's threads."""
    with _Z3_IN_USE:
        return task(ob, timeout)


@contextmanager
def cluster_executor(address: str) -> Iterator[Executor]:
    """An executor whose tasks run on the scheduler at `address` (tcp://host:8786)."""
    try:
        from distributed import Client
    except ImportError:
        raise UserError("--cluster needs Dask's distributed: pip install '.[cluster]' in the verifier's checkout "
                        "(or pip install distributed)") from None
    try:
        client: Any = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as e:
        raise UserError(f"--cluster {address}: cannot reach a Dask scheduler there ({e})") from None
    except ValueError as e:
        raise UserError(f"--cluster {address}: not a scheduler address, e.g. tcp://host:8786 ({e})") from None
    try:
        try:  # a scheduler without workers would take the obligations and never answer
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as e:
            raise UserError(f"--cluster {address}: the scheduler has no workers after {CONNECT_TIMEOUT:.0f} s "
                            f"(start some: dask worker {address} --nthreads 1) ({e})") from None
        yield client.get_executor(pure=False)
    finally:
        client.close()
