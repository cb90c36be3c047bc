"""What a command line or a suite may ask for, in one place: past a limit a question
would not end in useful time (a trip bound of a million unrolls for hours), or is
not a vectorization LLVM makes (VF 3). Each check returns the problem as text, or
None; the CLI turns it into a usage error and a suite into an error at the
obligation's line (exit code 2 both)."""

from __future__ import annotations

import math

MAX_VF = 64  # lanes of one vector iteration: a power of two, 1 .. MAX_VF
MAX_TRIP = 1024  # the bounded checks' trip bound (each iteration is unrolled)
MIN_TIMEOUT, MAX_TIMEOUT = 0.1, 86_400.0  # seconds per obligation: finite, at most a day
MAX_FUEL = 1_000_000  # blocks the concrete interpreter runs (`verifier run --fuel`)
MAX_LL_BYTES = 64 << 20  # an LLVM module (what is read of a pipe too)
MAX_MODEL_BYTES = 1 << 20  # a .loop model or a suite file (tokenized in Python: about 3 s a MiB)
MAX_JOBS = 64  # worker processes
MAX_INT_BITS = 1024  # an LLVM integer type (the solver bit-blasts it; an i4096 multiply took minutes)
MAX_EXITS = 16  # `break`s from one .loop loop, exiting blocks of an LLVM loop (each exit is checked on its own)
MAX_LANES = 1024  # lanes of a vector a model writes (<W x iN>, a[i .. i+W), prefix(n, W))
MAX_NUMBER_DIGITS = 100  # a number written in a model, a suite or --set (Python refuses 4,300)
MAX_EXPR_DEPTH = 200  # a .loop expression's nesting (parentheses, unary operators)
MAX_LL_DEPTH = 256  # brackets within each other in LLVM IR (types, constants; LLVM's parser recurses)
MAX_SUITE_DEPTH = 100  # a suite's arrays and inline tables within each other (where TOML's reader gives up)
MAX_BLOCK_DEPTH = 100  # a .loop statement's nesting (if, while, do within each other)


def vf_problem(vf: object, least: int = 1) -> str | None:
    """Why `vf` is not a vector factor (None: it is)."""
    if not isinstance(vf, int) or isinstance(vf, bool):
        return f"vf must be an integer, not {vf!r}"
    if not least <= vf <= MAX_VF or vf & (vf - 1):
        return f"vf must be a power of two from {least} to {MAX_VF}, not {vf}"
    return None


def max_trip_problem(n: object) -> str | None:
    """Why `n` is not a trip bound (None: it is)."""
    if not isinstance(n, int) or isinstance(n, bool):
        return f"max_trip must be an integer, not {n!r}"
    if not 1 <= n <= MAX_TRIP:
        return f"max_trip must be from 1 to {MAX_TRIP} (each iteration is unrolled), not {n}"
    return None


def timeout_problem(t: object) -> str | None:
    """Why `t` is not a time limit in seconds (None: it is)."""
    if not isinstance(t, (int, float)) or isinstance(t, bool):
        return f"timeout must be a number of seconds, not {t!r}"
    if not math.isfinite(t) or not MIN_TIMEOUT <= t <= MAX_TIMEOUT:
        return f"timeout must be a finite number of seconds from {MIN_TIMEOUT} to {MAX_TIMEOUT:.0f}, not {t}"
    return None


def lanes_problem(n: int) -> str | None:
    """Why a vector of `n` lanes is not one a model may write (None: it may)."""
    if not 1 <= n <= MAX_LANES:
        return f"a vector has 1 to {MAX_LANES} lanes, not {n}"
    return None
