"""What it is for a target's run to differ from its source's, as terms: the trace
(events and what a callee may read), memory (every cell either run may have written,
read through the store chains), live-outs and UB (semantics/refines.py's relation
over the z3 domain), for the refinement query (checks/refinement.py) and the
lockstep chain (checks/lockstep.py)."""

from __future__ import annotations

from typing import Any

from verifier.ir.program import ArrayDecl, Program
from verifier.ir.types import elem_of
from verifier.semantics.concrete import TRACE_IDX
from verifier.semantics.refines import cell_refines, event_refines, value_refines
from verifier.semantics.symbolic import (
    SymInputs,
    SymResult,
    unset_value,
)
from verifier.semantics.z3domain import Z3Domain
from verifier.smt import terms


def _trace_mismatch(d: Z3Domain, st: Any, tt: Any, src: Program, quantified: bool, indices: list[Any]) -> Any:
    """The traces differ: other lengths, or an event (callee, arguments, the memory the
    callee may read or write) that differs."""
    sn, tn = st.observed, tt.observed  # (a run that ended inside a call observes the events before)
    same = [d.eq(d.term(sn, TRACE_IDX), d.term(tn, TRACE_IDX), TRACE_IDX)
            if not (type(sn) is int and type(tn) is int) else sn == tn]
    bits = {a.name: a.elem.bits for a in src.arrays}
    for j in range(min(len(st.slots), len(tt.slots))):
        (sf, sargs, smems), (tf, targs, tmems) = st.slots[j], tt.slots[j]
        live = d.ult(j, sn, TRACE_IDX) if type(sn) is not int else j < sn
        ok = [event_refines(d, sf, tf, sargs, targs)]
        for name in dict.fromkeys([*smems, *tmems]):
            ok += _seen_alike(d, j, name, smems, tmems, bits.get(name, 8), quantified, indices)
        same.append(d.or_(d.not_(live), d.all_(ok)))
    return d.not_(d.all_(same))


def _seen_alike(d: Z3Domain, j: int, name: str, smems: dict[str, Any], tmems: dict[str, Any], bits: int,
                quantified: bool, indices: list[Any]) -> list[Any]:
    """Event j's view of object `name` agrees: seen by both or neither (one side that
    does not give it must not see it), and where both see it, every cell refines."""
    if name not in smems or name not in tmems:
        return [d.not_(smems[name][0] if name in smems else tmems[name][0])]
    (s_seen, svals, spois), (t_seen, tvals, tpois) = smems[name], tmems[name]
    if svals is tvals and spois is tpois:
        return [_iff(d, s_seen, t_seen)]
    idx = terms.bv_var(f"seen!{j}!{name}", 64)
    indices.append(idx)
    cell = cell_refines(d, terms.select(svals, idx), _poison_at(spois, idx),
                        terms.select(tvals, idx), _poison_at(tpois, idx), bits)
    differs = terms.and_(d.bterm(s_seen), d.bterm(t_seen), terms.not_(d.bterm(cell)))
    return [_iff(d, s_seen, t_seen), terms.not_(terms.exists([idx], differs) if quantified else differs)]


def _iff(d: Z3Domain, a: Any, b: Any) -> Any:
    """a and b are both true or both false."""
    return d.or_(d.and_(a, b), d.and_(d.not_(a), d.not_(b)))


def _poison_at(pois: Any, idx: Any) -> Any:
    """Cell `idx` of a poison array (None: never poison)."""
    return False if pois is None else terms.select(pois, idx)


# A final array as the store and if-then-else nodes that build it over the start
# array, each after the nodes it is built from: ("store", id, child, index, key,
# value) or ("ite", id, then, else, condition); a child is a node id, or None for
# the start array. Built once per array, read at every written index.
_Node = tuple[Any, ...]


def _store_chains(start: tuple[Any, Any], finals: list[tuple[Any, Any]], keys: dict[int, tuple[int, int]]
                  ) -> list[tuple[Any, list[_Node]]] | None:
    """Each final array (values and poison of every final memory, in order) as its
    start array and the nodes that build it over that (_chain); None unless every
    one is the start array under stores and if-then-elses only."""
    out = []
    for final in finals:
        for term, base in zip(final, start, strict=True):
            nodes = _chain(term, base, keys)
            if nodes is None:
                return None
            out.append((base, nodes))
    return out


def _written_cells(chains: list[tuple[Any, list[_Node]]]) -> list[tuple[Any, tuple[int, int]]]:
    """Every index the chains store to, one term per value (told apart as a common
    term plus a constant), with its key. Elsewhere the finals all read the start
    array, so two of them differ somewhere iff they differ at one of these: a
    disjunction over the written cells instead of an array inequality the solver
    refutes cell by cell (abs_copy general, VF 64: over 60 s -> 3 s)."""
    seen: dict[tuple[int, int], Any] = {}
    for _, nodes in chains:
        for n in nodes:
            if n[0] == "store":
                seen.setdefault(n[4], n[3])
    return [(w, k) for k, w in seen.items()]


def _chain(term: Any, base: Any, keys: dict[int, tuple[int, int]]) -> list[_Node] | None:
    """The nodes that build `term` over `base` (see _Node), or None if it is built
    otherwise. A poison array never written (base None) reads false, as does the
    all-false array a first poison write starts from."""
    order: list[_Node] = []
    started: set[int] = set()
    todo: list[tuple[Any, bool]] = [(term, False)]

    def ref(x: Any) -> int | None:
        return None if _is_base(x, base) else x.get_id()

    while todo:
        x, done = todo.pop()
        if x is None or _is_base(x, base):
            continue
        if done:
            if terms.is_store(x):
                order.append(("store", x.get_id(), ref(x.arg(0)), x.arg(1), _offset_key(x.arg(1), keys), x.arg(2)))
            else:
                order.append(("ite", x.get_id(), ref(x.arg(1)), ref(x.arg(2)), x.arg(0)))
            continue
        if x.get_id() in started:
            continue
        started.add(x.get_id())
        if terms.is_store(x):
            kids = [x.arg(0)]
        elif terms.is_array_ite(x):
            kids = [x.arg(1), x.arg(2)]
        else:
            return None
        todo.append((x, True))
        todo.extend((k, False) for k in kids)
    return order


def _is_base(x: Any, base: Any) -> bool:
    if base is None:
        return bool(terms.is_const_array(x) and terms.is_false(x.arg(0)))
    return bool(x.eq(base))


def _offset_key(idx: Any, keys: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """An index as (id of a term, constant mod 2^64) with nested `+ constant`s
    peeled off (memoized in `keys`: a scalar loop's indices are i+1+1+...)."""
    path: list[tuple[int, int]] = []  # (id, constant added below it)
    x = idx
    while True:
        known = keys.get(x.get_id())
        if known is not None:
            break
        plus = terms.plus_constant(x)
        if plus is not None:
            path.append((x.get_id(), plus[1]))
            x = plus[0]
            continue
        known = (-1, x.as_long()) if terms.is_bv_value(x) else (x.get_id(), 0)
        keys[x.get_id()] = known
        break
    base_id, off = known
    for xid, c in reversed(path):
        off = (off + c) % (1 << 64)
        keys[xid] = (base_id, off)
    return keys[idx.get_id()]


def _read_at(base: Any, nodes: list[_Node], idx: Any, key: tuple[int, int]) -> Any:
    """Select at idx of the array `nodes` (from _chain) build over `base`, with the
    stores and if-then-elses resolved where the index is known to be, or not to be,
    the stored one: only the start array is read."""
    at_base = terms.bool_val(False) if base is None else terms.select(base, idx)
    if not nodes:
        return at_base
    val: dict[int | None, Any] = {None: at_base}
    for n in nodes:
        if n[0] == "store":
            _, nid, kid, j, k, v = n
            rest = val[kid]
            if k == key:
                val[nid] = v
            elif k[0] == key[0]:
                val[nid] = rest  # the same term plus another constant: another cell
            else:
                val[nid] = terms.ite(j == idx, v, rest)
        else:
            _, nid, a, b, c = n
            ra, rb = val[a], val[b]
            val[nid] = ra if ra is rb else terms.ite(c, ra, rb)
    return val[nodes[-1][1]]


def _view(memory: dict[str, tuple[Any, Any]], inputs: SymInputs, array: str, idx: Any) -> tuple[Any, Any]:
    """Element idx of `array` in a final memory, through its alias window: (value, poison)."""
    vals, pois = memory[array]
    v, p = terms.select(vals, idx), (terms.bool_val(False) if pois is None else terms.select(pois, idx))
    if array in inputs.alias:
        j = idx + inputs.alias[array][1]
        for obj, flag in reversed(inputs.windows(array)):
            ov, op = _view(memory, inputs, obj, j)
            v, p = terms.ite(flag, ov, v), terms.ite(flag, op, p)
    return v, p


def mismatch_terms(src: Program, inputs: SymInputs, s: SymResult, t: SymResult,
                   quantified: bool, indices: list[Any] | None = None) -> dict[str, Any]:
    """The ways the target can fail to refine the source, each a z3 formula; the
    memory indices they leave free (where not `quantified`) are added to `indices`."""
    d = Z3Domain()
    indices = [] if indices is None else indices
    parts: dict[str, Any] = {"target UB": t.ub, "target unrolling exceeded": t.exceeded}
    # a run a call ends is its trace: both end there, or neither does
    parts["trace"] = d.or_(_trace_mismatch(d, s.trace, t.trace, src, quantified, indices),
                           d.not_(_iff(d, s.stopped, t.stopped)))
    returned = d.not_(s.stopped)  # memory and live-outs are a returning run's result
    # compare what each array sees (through its alias window, if it has one), so a
    # write through a window outside the other array's extent is compared too
    mem = [bad for a in src.arrays for bad in _memory_differs(d, src, a, inputs, s, t, quantified, indices)]
    parts["memory"] = d.and_(returned, d.any_(mem))
    outs = []
    for n, ty in s.out_types.items():
        t_out = t.outs.get(n, unset_value(d, ty))  # a live-out the target never writes
        outs.append(d.not_(value_refines(d, s.outs[n], t_out, elem_of(ty).bits)))
    parts["live-out"] = d.and_(returned, d.any_(outs))
    return {k: d.bterm(v) for k, v in parts.items()}




def _memory_differs(d: Z3Domain, src: Program, a: ArrayDecl, inputs: SymInputs, s: SymResult, t: SymResult,
                    quantified: bool, indices: list[Any]) -> list[Any]:
    """The ways array `a`'s final cells (as it sees them) can differ: one formula per
    written cell where both memories are stores over the start, else one over a free
    index (added to `indices`); none where neither program changed it."""
    objs = src.objects_seen(a.name)
    if all(s.memory[o][0] is t.memory[o][0] and s.memory[o][1] is t.memory[o][1] for o in objs):
        return []

    def bad_at(idx: Any, sv: Any, sp: Any, tv: Any, tp: Any) -> Any:
        ok = cell_refines(d, sv, sp, tv, tp, a.elem.bits)
        return terms.and_(idx >= 0, idx < d.term(inputs.extents[a.name], 64), terms.not_(d.bterm(ok)))

    chains = None if len(objs) > 1 else \
        _store_chains(inputs.memory[a.name], [s.memory[a.name], t.memory[a.name]], {})
    if chains is not None:
        out = []
        for w, k in _written_cells(chains):
            sv, sp, tv, tp = (_read_at(base, nodes, w, k) for base, nodes in chains)
            out.append(bad_at(w, sv, sp, tv, tp))
        return out
    idx = terms.bv_var(f"mem!{a.name}", 64)
    indices.append(idx)
    bad = bad_at(idx, *_view(s.memory, inputs, a.name, idx), *_view(t.memory, inputs, a.name, idx))
    return [terms.exists([idx], bad) if quantified else bad]
