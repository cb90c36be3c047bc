"""Freeze invariance (seed 000, after "Speculatability"): the predicates computed from
frozen conditions equal the values the scalar execution defines, for every choice
of the frozen values.

The scalar loop runs lanes 1..VF in order and, in each lane, tests C1..Ck in order
until one holds; the conditions it tests are never poison (it would branch on
poison), the ones it never tests may be anything. With m the lane and K the exit
it leaves by (none: all VF lanes complete), the scalar execution defines

  P0         lane j active            iff j <= m
  Pi_LOOP    lane j past exit i       iff j < m, or j == m and i < K
  Pi_EXIT    lane j leaves by exit i  iff j == m and i == K
  EMask      Extract lane of a live-out defined after exit i (Pi_LOOP), or in exit
             i's block and after it (Pi_EXIT | Pi_LOOP): its last defining lane
  anyof      the simple form leaves    iff some lane leaves

The vector side computes them from freeze(Ci^) with the seed's formulas and the
CLSZ/CLSNZ of semantics/ops.py. Variants: "nofreeze" uses the conditions as they
are; "nofreeze-anypoison" also uses a CLSZ that is poison when any lane is. Both
must be refuted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from verifier.checks.verdict import Check, PredicateCounterexample, Verdict, VerdictKind
from verifier.semantics.concrete import ConcreteDomain
from verifier.semantics.domain import AnyDomain
from verifier.semantics.lane_ops import count_leading, freeze_lane, reduce_lanes
from verifier.semantics.ops import Val
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms
from verifier.smt.budget import Budget, Stopwatch
from verifier.smt.solver import SolverStatus, check, fresh_context, new_solver

VARIANTS = ("seed", "nofreeze", "nofreeze-anypoison")


def _lane_and(d: AnyDomain, a: Val, b: Val) -> Val:
    return Val(d.band(a.v, b.v, 1), d.or_(a.p, b.p), d.or_(a.u, b.u))


def _lane_or(d: AnyDomain, a: Val, b: Val) -> Val:
    return Val(d.bor(a.v, b.v, 1), d.or_(a.p, b.p), d.or_(a.u, b.u))


def _lane_not(d: AnyDomain, a: Val) -> Val:
    return Val(d.bxor(a.v, 1, 1), a.p, a.u)


def _obligations(d: AnyDomain, val: list[list[Any]], poi: list[list[Any]], k: int, vf: int,
                 variant: str) -> tuple[list[Any], list[tuple[str, int | None, Val, Any]], list[list[Any]]]:
    """The scalar facts, the (predicate, lane, computed, expected) checks and the
    exit-taken matrix, for conditions val/poi in domain d (z3 to prove, concrete to replay)."""
    cond = [[Val(d.from_bool(val[i][j]), poi[i][j], d.F) for j in range(vf)] for i in range(k)]
    facts: list[Any] = []
    reached: list[list[Any]] = []  # reached[j][i]: the scalar run tests Ci in lane j
    going: Any = d.T
    for j in range(vf):
        row = []
        for i in range(k):
            row.append(going)
            facts.append(d.or_(d.not_(going), d.not_(poi[i][j])))
            going = d.and_(going, d.not_(val[i][j]))
        reached.append(row)
    leaves = [[d.and_(reached[j][i], val[i][j]) for i in range(k)] for j in range(vf)]
    if variant == "seed":
        used = [[freeze_lane(d, cond[i][j], ("fr", i, 0, j), 1) for j in range(vf)] for i in range(k)]
    else:
        used = cond
    ors: list[list[Val]] = []  # ors[i][j] = C1|..|C(i+1) in lane j
    for i in range(k):
        ors.append([used[0][j] if i == 0 else _lane_or(d, ors[i - 1][j], used[i][j]) for j in range(vf)])
    clsz = count_leading(d, ors[k - 1], 1, True, 64)
    if variant == "nofreeze-anypoison":
        clsz = Val(clsz.v, d.any_([x.p for x in ors[k - 1]]), d.F)
    p0 = [Val(d.from_bool(d.ult(j, d.add(clsz.v, 1, 64), 64)), clsz.p, d.F) for j in range(vf)]

    def past(j: int, i: int) -> Any:
        return d.all_([d.and_(reached[j][ii], d.not_(val[ii][j])) for ii in range(i + 1)])

    checks: list[tuple[str, int | None, Val, Any]] = []
    for j in range(vf):
        checks.append(("P0", j + 1, p0[j], reached[j][0]))
    for i in range(k):
        for j in range(vf):
            loop = _lane_and(d, p0[j], _lane_not(d, ors[i][j]))
            checks.append((f"P{i + 1}_LOOP", j + 1, loop, past(j, i)))
            exit_ = _lane_and(d, p0[j], used[i][j])
            if i > 0:
                exit_ = _lane_and(d, exit_, _lane_not(d, ors[i - 1][j]))
            checks.append((f"P{i + 1}_EXIT", j + 1, exit_, leaves[j][i]))
    one = Val(d.const(1, 1), d.F, d.F)
    for i in range(k):
        loop_mask = [_lane_and(d, p0[j], _lane_not(d, ors[i][j])) for j in range(vf)]
        both = [_lane_or(d, _lane_and(d, _lane_and(d, p0[j], used[i][j]),
                                      _lane_not(d, ors[i - 1][j]) if i > 0 else one),
                         loop_mask[j]) for j in range(vf)]
        defined: Callable[[int], Any]
        for name, m, defined in (
            (f"Extract lane for a live-out under P{i + 1}_LOOP", loop_mask, lambda j, i=i: past(j, i)),
            (f"Extract lane for a live-out under P{i + 1}_EXIT|P{i + 1}_LOOP", both,
             lambda j, i=i: reached[j][i]),
        ):
            got = count_leading(d, m, 1, False, 64)
            expected: Any = d.const(0, 64)
            for j in range(vf):
                expected = d.ite(defined(j), d.const(j + 1, 64), expected, 64)
            checks.append((name, None, got, d.eq(got.v, expected, 64)))
    anyof = reduce_lanes(d, "anyof", ors[k - 1], 1)
    checks.append(("anyof (simple form)", None, anyof, d.any_([leaves[j][i] for j in range(vf) for i in range(k)])))
    return facts, checks, leaves


def _bad(d: AnyDomain, name: str, got: Val, expected: Any) -> Any:
    if name.startswith("Extract"):
        return d.or_(got.p, d.not_(expected))
    return d.or_(got.p, d.not_(d.eq(d.from_bool(expected), got.v, 1)))


def freeze_invariance(k: int, vf: int, budget: Budget, variant: str = "seed",
                      model_name: str = "freeze-theorem") -> Verdict:
    """Prove (or refute) that the seed's predicates are freeze-invariant for k exits, VF lanes.
    A counterexample is replayed on the concrete domain before it is shown."""
    if variant not in VARIANTS:
        raise ValueError(variant)
    sw = Stopwatch()
    fresh_context()
    d = Z3Domain("fz!")
    val = [[terms.bool_var(f"c{i + 1}_{j + 1}") for j in range(vf)] for i in range(k)]
    poi = [[terms.bool_var(f"c{i + 1}_{j + 1}!poison") for j in range(vf)] for i in range(k)]
    facts, checks, leaves = _obligations(d, val, poi, k, vf, variant)
    wrong = [d.bterm(_bad(d, name, got, expected)) for name, _lane, got, expected in checks]
    s = new_solver(budget.seconds)
    s.add(*[d.bterm(f) for f in facts], terms.or_(*wrong))
    ans = check(s)
    what = f"(lane predicates of {k} exit{'s' if k != 1 else ''}" + \
        ("" if variant == "seed" else f", {variant}") + ")"

    def verdict(kind: VerdictKind, **kw: Any) -> Verdict:
        return Verdict(model_name, Check.FREEZE, kind, sw(), vf=vf, reads_model=False, subject=what, **kw)

    if ans.status is SolverStatus.UNKNOWN:
        return verdict(VerdictKind.UNKNOWN, reason=ans.reason)
    if ans.status is SolverStatus.UNSAT:
        return verdict(VerdictKind.PROVED)
    m = s.model()

    def ev(x: Any) -> Any:
        return m.eval(d.bterm(x) if type(x) is bool else x, model_completion=True)

    if not _replays(m, d, ev, val, poi, k, vf, variant):
        return verdict(VerdictKind.UNKNOWN, reason="internal error: the solver's counterexample did not replay "
                                                   "(a bug in the tool: please report it)")
    conds = [["poison" if terms.is_true(ev(poi[i][j])) else ("1" if terms.is_true(ev(val[i][j])) else "0")
              for j in range(vf)] for i in range(k)]
    where = "no exit in these lanes"
    for j in range(vf):
        for i in range(k):
            if terms.is_true(ev(leaves[j][i])):
                where = f"lane {j + 1} by C{i + 1}"
    for (nm, lane, got, expected), bad in zip(checks, wrong, strict=True):
        if terms.is_true(m.eval(bad, model_completion=True)):
            shown = "poison" if terms.is_true(ev(got.p)) else str(ev(got.v))
            exp = str(ev(expected)) if not nm.startswith("Extract") else "the last defining lane"
            cex = PredicateCounterexample(conds, where, nm, lane, exp, shown)
            return verdict(VerdictKind.COUNTEREXAMPLE, predicates=cex, reason=cex.summary() + "; conditions "
                           "(exit x lane): " + "; ".join(f"C{i + 1} = [{', '.join(row)}]" for i, row in enumerate(conds)))
    return verdict(VerdictKind.COUNTEREXAMPLE)


def _replays(m: Any, d: Z3Domain, ev: Callable[[Any], Any], val: list[list[Any]], poi: list[list[Any]], k: int,
             vf: int, variant: str) -> bool:
    """Whether the model's conditions and choices, run through the same formulas on the
    concrete domain, meet the facts and break an obligation too."""
    choice_values = {key: m.eval(var, model_completion=True).as_long() for key, var in d.choices.items()}
    c = ConcreteDomain(lambda key, w: choice_values.get(key, 0))
    cval = [[terms.is_true(ev(val[i][j])) for j in range(vf)] for i in range(k)]
    cpoi = [[terms.is_true(ev(poi[i][j])) for j in range(vf)] for i in range(k)]
    cfacts, cchecks, _ = _obligations(c, cval, cpoi, k, vf, variant)
    return all(cfacts) and any(_bad(c, nm, got, exp) for nm, _ln, got, exp in cchecks)
