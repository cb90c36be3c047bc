"""The hand-minimal z3 query for find-first-zero (issue 2's reference point).

Scalar: i = index of the first zero in a[0..N) (or N); a lane read before the
exit that is poison makes the scalar loop UB (a branch on poison). Vector: VF
lanes at a time, freeze, anyof, then a scalar remainder. Obligation: when the
scalar loop has no UB and runs at most T iterations, the results agree.
Written by hand with nothing shared with the tool, so it is an honest baseline.
"""

from __future__ import annotations

import time

import z3


def query(vf: int, trip: int) -> tuple[str, float]:
    n = z3.BitVec("N", 64)
    a = [z3.BitVec(f"a{k}", 8) for k in range(trip + vf)]
    p = [z3.Bool(f"p{k}") for k in range(trip + vf)]
    fr = [z3.BitVec(f"f{k}", 8) for k in range(trip + vf)]
    # scalar: result and UB
    res = n
    ub = z3.BoolVal(False)
    for k in reversed(range(trip)):
        live = z3.BitVecVal(k, 64) < n
        res = z3.If(z3.And(live, a[k] == 0), z3.BitVecVal(k, 64), res)
    for k in range(trip):
        before = z3.And([a[j] != 0 for j in range(k)]) if k else z3.BoolVal(True)
        ub = z3.Or(ub, z3.And(z3.BitVecVal(k, 64) < n, before, p[k]))
    in_bound = z3.Or(n <= trip, z3.Or([a[k] == 0 for k in range(trip)]))
    # vector: blocks of vf with frozen lanes, then scalar from the failing block
    vres = None
    for blk in reversed(range(trip // vf + 1)):
        base = blk * vf
        full = z3.BitVecVal(base + vf, 64) <= n
        hit = z3.Or([z3.If(p[base + j], fr[base + j], a[base + j]) == 0 for j in range(vf)])
        # scalar remainder from base
        rem = n
        for j in reversed(range(vf)):
            rem = z3.If(z3.And(z3.BitVecVal(base + j, 64) < n, a[base + j] == 0), z3.BitVecVal(base + j, 64), rem)
        nxt = vres if vres is not None else rem
        vres = z3.If(z3.And(full, z3.Not(hit)), nxt, rem)
    s = z3.SolverFor("QF_BV")
    s.add(n >= 0, in_bound, z3.Not(ub), vres != res)
    t0 = time.perf_counter()
    r = s.check()
    return str(r), time.perf_counter() - t0


if __name__ == "__main__":
    for vf in (4, 8, 16):
        r, dt = query(vf, 4 * vf)
        print(f"find-first-zero hand-minimal VF={vf:<3} T={4 * vf:<4} {r:6} {dt:.3f}s")
