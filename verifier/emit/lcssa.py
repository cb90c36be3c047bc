"""Loop-closed SSA for the emitter: a loop value used after the loop reaches that use
through a phi in an exit block, as LLVM's LCSSA pass writes it.

The loop vectorizer sees loops in LCSSA form, but `clang -O2` output has lost it where
instcombine folded the one-entry phis away (`return v + i` reading the loop's `v` and
`i` straight from the block the exits join in). The form rewrites every use of a loop
value after the loop (the vector loop takes it from the exiting lane), so each such use
must go through an exit block's phi. The phis are placed as LLVM's SSA updater places
them: in each block the value's use is reached from that leaves the loop or joins
several ways, each incoming edge giving the loop's value (an edge out of the loop) or
the value reaching its block; other blocks pass on their one predecessor's. The result
is the same program (every phi has the one value on every way in), which the
translation validation checks like the rest of the form.
"""

from __future__ import annotations

import re

from verifier.emit.reader import Func, Ins, Loop, Val, ref


def loop_closed(f: Func, lp: Loop) -> Func:
    """`f` with LCSSA phis for each loop value used after the loop (in place: the
    blocks' instructions are rewritten)."""
    defs = {i.name: i for b in lp.blocks for i in f.blocks[b].instrs if i.name}
    preds = _predecessors(f)
    taken = set(f.defs()) | {a.name for a in f.args if a.name}
    closed: dict[str, dict[str, Val]] = {}  # value -> block -> what it reads there
    for i, k in _uses_after(f, lp, set(defs)):
        v = i.ops[k]
        at = i.incoming[k] if i.opcode == "phi" else i.block
        _use(i, k, _reaching(f, lp, preds, v, defs[v.name or ""], at, closed.setdefault(v.name or "", {}), taken))
    return f


def _predecessors(f: Func) -> dict[str, list[str]]:
    """Each block's predecessors, in the function's order."""
    preds: dict[str, list[str]] = {b: [] for b in f.blocks}
    for b in f.blocks.values():
        for x in b.successors():
            preds[x].append(b.label)
    return preds


def _uses_after(f: Func, lp: Loop, values: set[str]) -> list[tuple[Ins, int]]:
    """The uses (instruction, operand) of loop values after the loop, but by a phi on an
    edge out of the loop (those are loop-closing already)."""
    out = []
    for b, blk in f.blocks.items():
        if b in lp.blocks:
            continue
        for i in blk.instrs:
            out += [(i, k) for k, o in enumerate(i.ops)
                    if o.name in values and not (i.opcode == "phi" and i.incoming[k] in lp.blocks)]
    return out


def _fresh(v: Val, taken: set[str]) -> str:
    """A name for a loop-closing phi of v that no value of the function has."""
    name = next(n for n in (f"{v.name}.lcssa{k or ''}" for k in range(len(taken) + 1)) if n not in taken)
    taken.add(name)
    return name


def _reaching(f: Func, lp: Loop, preds: dict[str, list[str]], v: Val, d: Ins, b: str, memo: dict[str, Val],
              taken: set[str]) -> Val:
    """Loop value v as block b (after the loop) reads it: a new phi where b leaves the
    loop or joins several ways, else what its one predecessor reads."""
    if b in lp.blocks:
        return v
    if b in memo:
        return memo[b]
    ps = preds[b]
    if len(ps) == 1 and ps[0] not in lp.blocks:
        memo[b] = _reaching(f, lp, preds, v, d, ps[0], memo, taken)
        return memo[b]
    name = _fresh(v, taken)
    memo[b] = Val(ref(name), v.type, name)
    ins = [_reaching(f, lp, preds, v, d, p, memo, taken) for p in ps]
    pairs = ", ".join(f"[ {x.text}, {ref(p)} ]" for x, p in zip(ins, ps, strict=True))
    f.blocks[b].instrs.insert(0, Ins(name, "phi", d.type, ins, f"{ref(name)} = phi {d.type} {pairs}", b, None,
                                     list(ps)))
    return memo[b]


def _use(i: Ins, k: int, new: Val) -> None:
    """Operand k of i (and its spelling in i's text) read from `new` instead."""
    old = i.ops[k]
    i.ops[k] = new
    if i.opcode == "phi":  # only the pair of that incoming block
        blk = ref(i.incoming[k])
        i.text = re.sub(rf"\[ {re.escape(old.text)}, {re.escape(blk)} \]", f"[ {new.text}, {blk} ]", i.text)
        return
    i.text = re.sub(rf"(?<![\w.$-]){re.escape(old.text)}(?![\w.$-])", new.text, i.text)
