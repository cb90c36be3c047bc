"""Ctrl-C stops a command at once, even deep inside a solver query.

z3 catches SIGINT itself while it solves (its `ctrl_c` parameter) and reports the
query as given up, so Python never learns the user asked to stop, and a command ran
on to its end. Here z3 leaves the signal alone; Python's own handler gets it (it
raises KeyboardInterrupt once the main thread is back in Python), and a watcher thread,
woken by the signal through Python's wakeup file descriptor, interrupts z3's main
context at once and tells the budget (`ask_to_stop`), so the query in progress
returns and no later one starts. SIGTERM is read as Ctrl-C.
"""

from __future__ import annotations

import os
import signal
import threading
from typing import NoReturn

import z3

from verifier.smt.budget import ask_to_stop

_STOPPING = (signal.SIGINT, signal.SIGTERM)


def terminated(signum: int, frame: object) -> NoReturn:
    """Ctrl-C, and SIGTERM read as Ctrl-C: the stop is asked for (budget.ask_to_stop)
    before the KeyboardInterrupt is raised, so that an exception it turns into on the
    way (raised inside ctypes' argument conversion it becomes an ArgumentError; inside
    z3's error callback it is dropped and z3's `canceled` comes instead) is still read
    as the stop, not as a bug."""
    ask_to_stop()
    raise KeyboardInterrupt


def stop_on_interrupt() -> bool:
    """Install the above for this process (from its main thread; once). False, and
    nothing changed, where SIGINT is ignored (a job started in the background keeps
    ignoring it) or this is not the main thread."""
    if threading.current_thread() is not threading.main_thread():
        return False
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        return False
    z3.set_param("ctrl_c", False)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, terminated)
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, terminated)
    r, w = os.pipe()
    os.set_blocking(w, False)
    signal.set_wakeup_fd(w, warn_on_full_buffer=False)
    threading.Thread(target=_watch, args=(r,), daemon=True, name="interrupt-watch").start()
    return True


def _watch(fd: int) -> None:
    while True:
        got = os.read(fd, 64)
        if any(sig in got for sig in _STOPPING):
            ask_to_stop()
            z3.main_ctx().interrupt()
