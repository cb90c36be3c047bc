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

from verifier.analysis.ssa import SsaReader
from verifier.emit.reader import Func, Ins, Loop, Val, ref


def loop_closed(f: Func, lp: Loop) -> Func:
    """`f` with LCSSA phis for each loop value used after the loop (in place: the
    blocks' instructions are rewritten)."""
    defs = {i.name: i for b in lp.blocks for i in f.blocks[b].instrs if i.name}
    preds = _predecessors(f)
    taken = set(f.defs()) | {a.name for a in f.args if a.name}
    closed: dict[str, _Closed] = {}  # value -> what each block after the loop reads for it
    for i, k in _uses_after(f, lp, set(defs)):
        v = i.ops[k]
        at = i.incoming[k] if i.opcode == "phi" else i.block
        reader = closed.setdefault(v.name or "", _Closed(f, lp, preds, v, defs[v.name or ""].type, taken))
        _use(i, k, reader(at))
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


class _Closed(SsaReader[Val]):
    """Loop value v as each block reads it (analysis/ssa.SsaReader's placement): v itself
    in the loop; a new phi where a block leaves the loop or joins several ways."""

    def __init__(self, f: Func, lp: Loop, preds: dict[str, list[str]], v: Val, ty: str, taken: set[str]) -> None:
        super().__init__(preds)
        self.f, self.lp, self.v, self.ty, self.taken = f, lp, v, ty, taken

    def defined(self, block: str) -> Val | None:
        return self.v if block in self.lp.blocks else None

    def joins(self, block: str) -> bool:
        return super().joins(block) or self.preds[block][0] in self.lp.blocks

    def new_phi(self, block: str) -> Val:
        name = next(n for n in (f"{self.v.name}.lcssa{k or ''}" for k in range(len(self.taken) + 1))
                    if n not in self.taken)
        self.taken.add(name)
        self.f.blocks[block].instrs.insert(0, Ins(name, "phi", self.ty, [], "", block, None))
        return Val(ref(name), self.ty, name)

    def fill(self, block: str, phi: Val, incoming: list[tuple[str, Val]]) -> None:
        ins = next(i for i in self.f.blocks[block].instrs if i.name == phi.name)
        pairs = ", ".join(f"[ {x.text}, {ref(p)} ]" for p, x in incoming)
        ins.ops, ins.incoming = [x for _, x in incoming], [p for p, _ in incoming]
        ins.text = f"{phi.text} = phi {self.ty} {pairs}"


def _use(i: Ins, k: int, new: Val) -> None:
    """Operand k of i (and its spelling in i's text) read from `new` instead."""
    old = i.ops[k]
    i.ops[k] = new
    if i.opcode == "phi":  # only the pair of that incoming block
        blk = ref(i.incoming[k])
        i.text = re.sub(rf"\[ {re.escape(old.text)}, {re.escape(blk)} \]", f"[ {new.text}, {blk} ]", i.text)
        return
    i.text = re.sub(rf"(?<![\w.$-]){re.escape(old.text)}(?![\w.$-])", new.text, i.text)
