"""SIMD lane evolution (seed 002, "WIAnalysis"): for every value of the loop, how its
VF lanes relate in one vector iteration (lane k runs scalar iteration VF*q + k), and
which branches diverge. This module proposes; checks/lanes.py proves each claim with
the solver over every vector iteration, so a proposal that is too strong is refuted
there, never trusted.

The relations (seed 002's lattice, with seed 001's uniform-lane shapes):

- uniform: every lane that runs the value holds the same one;
- strided s (consecutive when s = 1): lane k holds base + s*k;
- grouped g, s (seed 001's `i / 8` and `i % 8` at VF 16): lanes in aligned groups of g
  hold base + s*k within the group (s = 0: uniform per group);
- periodic p (seed 001's xor recurrence, p = 2): lane k holds what lane k + p holds;
- random: none of these.

A value is divergent by data (its operands' relations, `LaneRule` in ir/opcodes.py)
or by control: a phi where the paths of a divergent branch join ("divergence due to 2
defs"); a loop-carried value that a divergent branch lets some lanes skip ("partially
killing defs"); a value read after the loop, which lanes leave at different
iterations ("leaking iterations").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

import networkx as nx
from networkx.algorithms.connectivity import local_node_connectivity

from verifier.analysis.exits import Induction, analyse, inductions, single_loop
from verifier.analysis.loops import Loop
from verifier.ir.opcodes import OPCODES, LaneRule
from verifier.ir.program import (
    Block,
    Branch,
    Const,
    Instr,
    Loc,
    Operand,
    Phi,
    PoisonConst,
    Program,
    Ref,
    sharing,
)
from verifier.ir.types import IntType, VecType, to_signed
from verifier.limits import MAX_NUMBER_DIGITS


class LaneKind(StrEnum):
    UNIFORM = "uniform"
    STRIDED = "strided"
    GROUPED = "grouped"
    PERIODIC = "periodic"
    RANDOM = "random"


@dataclass(frozen=True)
class LaneClass:
    """A relation among the lanes of one vector iteration (see the module doc)."""

    kind: LaneKind
    stride: int = 0  # STRIDED, GROUPED: lane k + 1 holds lane k's value + stride
    size: int = 0  # GROUPED: lanes per group; PERIODIC: the period

    def related(self, j: int, k: int) -> bool:
        """Whether the relation says anything about lanes j < k."""
        if self.kind is LaneKind.GROUPED:
            return j // self.size == k // self.size
        if self.kind is LaneKind.PERIODIC:
            return (k - j) % self.size == 0
        return self.kind is not LaneKind.RANDOM

    def pairs(self, vf: int) -> list[tuple[int, int]]:
        return [(j, k) for k in range(vf) for j in range(k) if self.related(j, k)]

    @property
    def equal_lanes(self) -> bool:
        """Related lanes hold equal values (a pure function of them does too)."""
        return self.stride == 0 and self.kind is not LaneKind.RANDOM

    def __str__(self) -> str:
        step = "consecutive" if self.stride == 1 else "reverse consecutive" if self.stride == -1 \
            else f"strided {self.stride}"
        if self.kind is LaneKind.STRIDED:
            return step
        if self.kind is LaneKind.GROUPED:
            return f"uniform in groups of {self.size}" if self.stride == 0 else f"{step} in groups of {self.size}"
        if self.kind is LaneKind.PERIODIC:
            return "alternating (period 2)" if self.size == 2 else f"periodic {self.size}"
        return str(self.kind.value)


UNIFORM = LaneClass(LaneKind.UNIFORM)
RANDOM = LaneClass(LaneKind.RANDOM)


def strided(s: int) -> LaneClass:
    return UNIFORM if s == 0 else LaneClass(LaneKind.STRIDED, s)


def grouped(g: int, s: int, vf: int) -> LaneClass:
    """Groups of g lanes; one group holding all VF lanes is the plain relation."""
    return strided(s) if g >= vf else LaneClass(LaneKind.GROUPED, s, g)


def parse_relation(text: str) -> LaneClass:
    """A relation as `str(LaneClass)` writes it: uniform, consecutive, reverse consecutive,
    strided S, uniform in groups of G, consecutive in groups of G, alternating (period 2),
    periodic P, random (ValueError otherwise)."""
    words = text.replace("(period 2)", "").split()
    if any(len(w) > MAX_NUMBER_DIGITS for w in words):
        raise ValueError(f"relation {text[:40]!r}...: a word or number too long (more than {MAX_NUMBER_DIGITS} characters)")
    group = 0
    if len(words) >= 4 and words[-4:-1] == ["in", "groups", "of"] and words[-1].isdigit():
        group, words = int(words[-1]), words[:-4]
        if group < 1:
            raise ValueError(f"relation {text!r}: a group is at least 1 lane")
    whole = _whole_relation(words, text)
    if whole is not None:  # (no grouping applies to these)
        return whole
    cls = _strided_relation(words)
    if cls is None:
        raise ValueError(f"unknown relation {text!r} (expected uniform, consecutive, strided S, "
                         "... in groups of G, alternating, periodic P or random)")
    return LaneClass(LaneKind.GROUPED, cls.stride, group) if group else cls


def _strided_relation(words: list[str]) -> LaneClass | None:
    """uniform, consecutive, reverse consecutive, strided S (None: none of these)."""
    base = " ".join(words)
    fixed = {"uniform": UNIFORM, "consecutive": strided(1), "reverse consecutive": strided(-1)}.get(base)
    if fixed is not None:
        return fixed
    if len(words) == 2 and words[0] == "strided" and words[1].lstrip("-").isdigit():
        return strided(int(words[1]))
    return None


def _whole_relation(words: list[str], text: str) -> LaneClass | None:
    """alternating, periodic P, random (None: none of these)."""
    base = " ".join(words)
    if base == "alternating":
        return LaneClass(LaneKind.PERIODIC, 0, 2)
    if base == "random":
        return RANDOM
    if len(words) == 2 and words[0] == "periodic" and words[1].isdigit():
        if int(words[1]) < 1:
            raise ValueError(f"relation {text!r}: a period is at least 1 lane")
        return LaneClass(LaneKind.PERIODIC, 0, int(words[1]))
    return None


@dataclass(frozen=True)
class Aligned:
    """A precondition of seed 001's division facts: induction `iv` plus `offset` starts
    at a multiple of `modulus` (and is not negative, for signed division)."""

    iv: str
    start: Operand
    offset: int
    modulus: int
    nonneg: bool = False

    def __str__(self) -> str:
        at = self.iv if self.offset == 0 else f"{self.iv} + {self.offset}"
        text = f"{at} starts at a multiple of {self.modulus}"
        return text + " (and >= 0)" if self.nonneg else text


@dataclass(frozen=True)
class Fact:
    """One claim: `subject` (a value, or a branch's condition) relates its lanes as `cls`
    under `pre`; `why` in seed 002's terms."""

    subject: str
    cls: LaneClass
    why: str
    block: str
    uid: int
    pre: Aligned | None = None
    branch: bool = False  # a branch's condition: uniform or divergent
    loc: Loc | None = None


@dataclass(frozen=True)
class Access:
    """A load or store and what a vectorizer makes of it."""

    uid: int
    op: str
    array: str
    index: str | None  # the index value's name; None for a constant (a uniform address)
    shown: str  # the index as written
    masked: bool
    block: str
    loc: Loc | None = None
    # a load of memory the loop writes: its writers (a store, or a call that may write
    # it), as "store, line 12" / "call foo, line 14": whether a lane's write reaches
    # another lane's read is not a relation of the index, and no label claims it
    writers: tuple[str, ...] = ()


@dataclass
class LaneEvolution:
    """The proposals for one loop at one VF."""

    loop: Loop
    vf: int
    values: list[Fact]
    branches: list[Fact]
    accesses: list[Access]
    liveouts: list[tuple[str, str]]  # (value used after the loop, why its lanes matter)
    divergent_exits: list[str] = field(default_factory=list)


def lane_evolution(prog: Program, vf: int) -> LaneEvolution:
    """Seed 002's analysis of the one loop of `prog` at `vf` lanes."""
    return _Analysis(prog, single_loop(prog), vf).run()


class _Analysis:
    def __init__(self, prog: Program, lp: Loop, vf: int) -> None:
        self.prog, self.lp, self.vf = prog, lp, vf
        self.ivs: dict[str, Induction] = inductions(prog, lp)
        self.phis: dict[str, tuple[str, Phi]] = {ph.dest: (b, ph) for b in lp.body_order
                                                 for ph in prog.blocks[b].phis}
        self.instrs: list[tuple[str, Instr]] = [(b, i) for b in lp.body_order for i in prog.blocks[b].instrs]
        self.defs = {i.dest: i for _, i in self.instrs if i.dest}
        self.cls: dict[str, LaneClass] = {}
        self.why: dict[str, str] = {}
        self.pre: dict[str, Aligned] = {}
        self.anchor: dict[str, tuple[str, int]] = {}  # value == induction + constant
        self.tainted_by: dict[str, str] = {}  # phi -> the divergent branch whose ways meet there
        # what the loop writes, by stores and by calls that may write (FuncDecl.writes),
        # and who writes it (an access's label says so)
        self.writers = _writers(prog, [i for _, i in self.instrs])
        self.written = set(self.writers)
        self.iteration = self._iteration_graph()
        self.countable = {e.block for e in analyse(prog).exits if e.countable}
        self.ipdom = nx.immediate_dominators(self.iteration.reverse(copy=True), _END)

    # ------------------------------------------------------------ the CFG of one iteration
    def _iteration_graph(self) -> nx.DiGraph:
        """The loop's blocks with the back edges and exits going to one end node."""
        g = nx.DiGraph()
        g.add_node(_END)
        for b in self.lp.blocks:
            for s in self.prog.blocks[b].successors():
                g.add_edge(b, _END if s == self.lp.header or s not in self.lp.blocks else s)
        return g

    def influence(self, block: str) -> set[str]:
        """Seed 002's influence region: the blocks between a branch and its immediate
        post-dominator, within one iteration."""
        stop = self.ipdom.get(block)
        out: set[str] = set()
        work = [s for s in self.iteration.successors(block)]
        while work:
            b = work.pop()
            if b in out or b == stop or b == _END:
                continue
            out.add(b)
            work.extend(self.iteration.successors(b))
        return out

    def _reach(self, start: str) -> set[str]:
        return ({start} | nx.descendants(self.iteration, start)) - {_END} if start != _END else set()

    # ------------------------------------------------------------ classes
    def of(self, op: Operand) -> LaneClass | None:
        """An operand's class; None while a loop value is not classified yet."""
        if isinstance(op, Ref) and (op.name in self.defs or op.name in self.phis):
            return self.cls.get(op.name)
        return UNIFORM  # constants, parameters, values from before the loop

    def run(self) -> LaneEvolution:
        divergent = self._fixed_point()
        values = [self._fact(name) for name in self._order() if self._scalar(name)]
        branches = [self._branch_fact(b) for b in self.lp.body_order if isinstance(self.prog.blocks[b].term, Branch)]
        exits = [b for b in self.lp.exiting if b in divergent]
        return LaneEvolution(self.lp, self.vf, values, branches, self._accesses(divergent),
                             self._liveouts(exits), exits)

    def _fixed_point(self) -> set[str]:
        """Every value's lane class, to a fixed point (a bounded number of rounds);
        the blocks whose branch is divergent."""
        divergent: set[str] = set()
        for _ in range(4 * (len(self.defs) + len(self.phis)) + 8):
            before = dict(self.cls)
            for b in self.lp.body_order:
                for ph in self.prog.blocks[b].phis:
                    self._phi(b, ph, divergent)
                for ins in self.prog.blocks[b].instrs:
                    if ins.dest is not None:
                        self._instr(ins)
            divergent = {b for b in self.lp.blocks if self._branch_class(b) not in (None, UNIFORM)}
            if self.cls == before:
                break
        return divergent

    def _branch_fact(self, b: str) -> Fact:
        """Block b's branch: uniform (every lane takes the same way) or divergent."""
        t = self.prog.blocks[b].term
        assert isinstance(t, Branch)
        c = self._branch_class(b) or RANDOM
        subject = t.cond.name if isinstance(t.cond, Ref) else str(getattr(t.cond, "value", t.cond))
        kind = "uniform: every lane takes the same way" if c == UNIFORM else f"divergent: its condition is {c}"
        return Fact(subject, c, kind, b, t.uid, branch=True, loc=t.loc)

    def _order(self) -> list[str]:
        out = []
        for b in self.lp.body_order:
            out += [ph.dest for ph in self.prog.blocks[b].phis]
            out += [i.dest for i in self.prog.blocks[b].instrs if i.dest]
        return out

    def _scalar(self, name: str) -> bool:
        ty = self.phis[name][1].type if name in self.phis else self.defs[name].type
        return isinstance(ty, IntType) and not isinstance(ty, VecType)

    def _fact(self, name: str) -> Fact:
        if name in self.phis:
            b, ph = self.phis[name]
            uid, loc = ph.uid, ph.loc
        else:
            ins = self.defs[name]
            b = next(bb for bb, i in self.instrs if i is ins)
            uid, loc = ins.uid, ins.loc
        return Fact(name, self.cls.get(name, RANDOM), self.why.get(name, ""), b, uid, self.pre.get(name), loc=loc)

    def _branch_class(self, block: str) -> LaneClass | None:
        t = self.prog.blocks[block].term
        if not isinstance(t, Branch):
            return UNIFORM
        c = self.of(t.cond)
        return None if c is None else (UNIFORM if c == UNIFORM else RANDOM)

    def _set(self, name: str, c: LaneClass, why: str, pre: Aligned | None = None,
             anchor: tuple[str, int] | None = None) -> None:
        self.cls[name], self.why[name] = c, why
        if pre is not None:
            self.pre[name] = pre
        else:
            self.pre.pop(name, None)
        if anchor is not None:
            self.anchor[name] = anchor
        else:
            self.anchor.pop(name, None)

    def _phi(self, block: str, ph: Phi, divergent: set[str]) -> None:
        if block == self.lp.header:
            self._header_phi(ph, divergent)
            return
        ops = [op for _, op in ph.incoming]
        classes = [self.of(op) for op in ops]
        if any(c is None for c in classes):
            return
        if len(set(ops)) == 1:
            self._set(ph.dest, classes[0], "one incoming value")  # type: ignore[arg-type]
            return
        a = next((a for a in divergent if self._joins(a, block, ph)), None)
        if a is not None:
            self._set(ph.dest, RANDOM, f"divergence due to 2 defs: the two ways of the divergent branch in {a} meet "
                                        "here")
            self.tainted_by[ph.dest] = a
            return
        self._set(ph.dest, *_picked(classes))  # type: ignore[arg-type]

    def _joins(self, a: str, block: str, ph: Phi) -> bool:
        """Whether lanes that took different successors of the branch in `a` can reach
        `ph` from predecessors with different values: seed 002's two paths from A
        that meet first at the Use (vertex-disjoint paths, by Menger: a flow of 2)."""
        succs = set(self.prog.blocks[a].successors()) & self.lp.blocks - {self.lp.header}
        if len(succs) + (len(set(self.prog.blocks[a].successors())) - len(succs)) < 2:
            return False
        body = self.iteration.subgraph(self.lp.blocks - {self.lp.header, a, block}).copy()
        pairs = [(p1, p2) for k, (p1, v1) in enumerate(ph.incoming) for p2, v2 in ph.incoming[k + 1:] if v1 != v2]
        return any(_two_disjoint_ways(_flow(body, succs - {block}, a, preds)) for preds in pairs)

    def _header_phi(self, ph: Phi, divergent: set[str]) -> None:
        """A header phi's lane class: an induction's stride, invariant, an alternating
        xor recurrence, else random (a recurrence, or a partially killing def)."""
        inside = [op for b, op in ph.incoming if b in self.lp.blocks]
        outside = [op for b, op in ph.incoming if b not in self.lp.blocks]
        iv = self.ivs.get(ph.dest)
        if iv is not None:
            self._set(ph.dest, strided(iv.step), "the loop's induction (divergence origin)", anchor=(ph.dest, 0))
        elif _unchanged(ph, inside, outside):
            c = self.of(outside[0])
            if c is not None:
                self._set(ph.dest, c, "loop-invariant: the loop never changes it")
        elif self._alternates(ph, inside, outside):
            self._set(ph.dest, LaneClass(LaneKind.PERIODIC, 0, 2), "xor recurrence: it alternates between two values")
        else:
            self._recurrence(ph, inside, divergent)

    def _alternates(self, ph: Phi, inside: list[Operand], outside: list[Operand]) -> bool:
        """`x = x ^ u` with u uniform and one start: two values, by turns."""
        upd = self.defs.get(inside[0].name) if len(set(inside)) == 1 and isinstance(inside[0], Ref) else None
        if upd is None or upd.op != "xor" or Ref(ph.dest) not in upd.args:
            return False
        other = upd.args[1] if upd.args[0] == Ref(ph.dest) else upd.args[0]
        return self.of(other) == UNIFORM and len(set(outside)) == 1

    def _recurrence(self, ph: Phi, inside: list[Operand], divergent: set[str]) -> None:
        """Any other header phi: each lane holds another iteration's value, or some lanes
        keep an older one where a divergent branch partially kills the def."""
        internal = [a for a in divergent if set(self.prog.blocks[a].successors()) <= self.lp.blocks]
        killers = [a for a in internal if any(_defined_in(self, op, self.influence(a)) for op in inside)]
        killers += [self.tainted_by[op.name] for op in inside if isinstance(op, Ref) and op.name in self.tainted_by]
        if killers:
            self._set(ph.dest, RANDOM, f"partially killing def: the divergent branch in {killers[0]} "
                                       "lets some lanes keep an older iteration's value")
        else:
            self._set(ph.dest, RANDOM, "recurrence: each lane holds another iteration's value")

    def _instr(self, ins: Instr) -> None:
        """The lane class of an instruction's result, by its opcode's LaneRule: the
        rule's own reasoning where it applies (_BY_RULE), else seed 002's default."""
        assert ins.dest is not None
        classes = [self.of(a) for a in ins.args]
        if any(c is None for c in classes):
            return
        cs: list[LaneClass] = [c for c in classes if c is not None]
        rule = _lane_rule(ins)
        if rule is None:
            self._set(ins.dest, RANDOM, "an effect's result")
            return
        by_rule = _BY_RULE.get(rule)
        if by_rule is None or not by_rule(self, ins, cs, rule):
            self._pure(ins.dest, cs, self._pre_of(ins))

    def _load(self, ins: Instr, cs: list[LaneClass], rule: LaneRule) -> bool:
        assert ins.dest is not None
        if cs[0] == UNIFORM and ins.array not in self.written:
            self._set(ins.dest, UNIFORM, "a uniform address of memory the loop does not write")
        else:
            self._set(ins.dest, RANDOM, "loaded from " + ("memory the loop writes" if cs[0] == UNIFORM
                                                          else f"a {cs[0]} address"))
        return True

    def _copy(self, ins: Instr, cs: list[LaneClass], rule: LaneRule) -> bool:
        assert ins.dest is not None
        self._set(ins.dest, cs[0], "a copy of its operand", self._pre_of(ins))
        return True

    def _select(self, ins: Instr, cs: list[LaneClass], rule: LaneRule) -> bool:
        assert ins.dest is not None
        arms = [c for c, a in zip(cs[1:], ins.args[1:], strict=True) if not isinstance(a, PoisonConst)]
        if len(arms) == 1:  # select(c, x, poison): a lane is x's or poison, which any value refines
            kept = ins.args[1] if not isinstance(ins.args[1], PoisonConst) else ins.args[2]
            self._set(ins.dest, arms[0], "the value or poison", self._pre_of(ins), self.anchor.get(_name(kept)))
            return True
        if cs[0] == UNIFORM and cs[1] == cs[2]:
            self._set(ins.dest, cs[1], "a uniform condition picks between values related alike")
            return True
        return False

    def _add_sub(self, ins: Instr, cs: list[LaneClass], rule: LaneRule) -> bool:
        assert ins.dest is not None
        summed = _affine_sum(cs[0], cs[1], 1 if rule is LaneRule.ADD else -1, self.vf)
        if summed is None:
            return False
        self._set(ins.dest, summed, "all operands uniform" if summed == UNIFORM and cs[0] == cs[1]
                  else "strides add" if rule is LaneRule.ADD else "strides subtract",
                  self._pre_of(ins), self._moved(ins, rule))
        return True

    def _cast(self, ins: Instr, cs: list[LaneClass], rule: LaneRule) -> bool:
        assert ins.dest is not None
        if cs[0].kind is not LaneKind.STRIDED:
            return False
        bits = ins.type.bits if isinstance(ins.type, IntType) else 64
        s = to_signed(cs[0].stride & ((1 << bits) - 1), bits)
        self._set(ins.dest, strided(s), f"{ins.op} keeps the stride where no lane wraps")
        return True

    def _vector_op(self, ins: Instr, cs: list[LaneClass], rule: LaneRule) -> bool:
        assert ins.dest is not None
        self._set(ins.dest, RANDOM, "a vector operation")
        return True

    def _scaled_rule(self, ins: Instr, cs: list[LaneClass], rule: LaneRule) -> bool:
        return self._scaled(ins, cs)

    def _seed001_rule(self, ins: Instr, cs: list[LaneClass], rule: LaneRule) -> bool:
        return self._seed001(ins, rule, cs)

    def _pure(self, dest: str, cs: list[LaneClass], pre: Aligned | None = None) -> None:
        """Seed 002's default: lanes agree wherever every operand's lanes agree."""
        rel = {c for c in cs if c != UNIFORM}
        if not rel:
            self._set(dest, UNIFORM, "all operands uniform")
        elif len(rel) == 1 and next(iter(rel)).equal_lanes:
            c = next(iter(rel))
            self._set(dest, c, f"its operands are {c}", pre)
        else:
            shown = ", ".join(sorted({str(c) for c in cs}))
            self._set(dest, RANDOM, f"no relation survives this operation on {shown} operands")

    def _pre_of(self, ins: Instr) -> Aligned | None:
        """The precondition an operand's relation needs (one, at most, is kept)."""
        return next((self.pre[n] for n in map(_name, ins.args) if n in self.pre), None)

    def _moved(self, ins: Instr, rule: LaneRule) -> tuple[str, int] | None:
        """The anchor of induction + constant (for seed 001's alignment preconditions)."""
        a, b = ins.args
        if isinstance(a, Ref) and a.name in self.anchor and isinstance(b, Const):
            iv, off = self.anchor[a.name]
            c = to_signed(b.value, b.type.bits) if isinstance(b.type, IntType) else b.value
            return iv, off + (c if rule is LaneRule.ADD else -c)
        return None

    def _scaled(self, ins: Instr, cs: list[LaneClass]) -> bool:
        assert ins.dest is not None
        x, c = cs
        k = ins.args[1]
        if not isinstance(k, Const) or c != UNIFORM or x.kind not in (LaneKind.STRIDED, LaneKind.GROUPED):
            return False
        bits = ins.type.bits if isinstance(ins.type, IntType) else 64
        factor = to_signed(k.value, bits) if ins.op == "mul" else 1 << k.value if k.value < bits else 0
        s = to_signed((x.stride * factor) & ((1 << bits) - 1), bits)
        cls = strided(s) if x.kind is LaneKind.STRIDED else LaneClass(LaneKind.GROUPED, s, x.size)
        self._set(ins.dest, cls, f"its operand's stride times {factor}", self._pre_of(ins))
        return True

    def _seed001(self, ins: Instr, rule: LaneRule, cs: list[LaneClass]) -> bool:
        """Seed 001's facts: an induction (plus a constant) with step 1 divided by C is
        uniform over aligned groups of C lanes, its remainder a base plus the lane."""
        assert ins.dest is not None
        x, k = ins.args[0], ins.args[1]
        anchored = cs[0] == strided(1) and _name(x) in self.anchor  # an induction with step 1, plus a constant
        found = _divisor(ins, rule, k.value) if isinstance(k, Const) and cs[1] == UNIFORM and anchored else None
        if found is None:
            return False
        self._grouped(ins.dest, found, self.anchor[_name(x)])
        return True

    def _grouped(self, dest: str, found: tuple[int, bool, bool], anchor: tuple[str, int]) -> None:
        """`dest`, an anchored induction divided by C (or its remainder): uniform (a base
        plus the lane) over aligned groups where C lanes tile VF, else random."""
        c, signed, rem = found
        vf = self.vf
        if c % vf and vf % c:
            self._set(dest, RANDOM, f"{c} lanes do not tile {vf}: some vector iterations straddle a multiple")
            return
        group = vf if c % vf == 0 else c
        iv, off = anchor
        pre = Aligned(iv, self.ivs[iv].start, off, group, signed)
        what = "a base plus the lane" if rem else "uniform"
        self._set(dest, grouped(group, 1 if rem else 0, vf), f"{what} across {group} lanes of an induction that "
                                                                "starts aligned", pre)

    # ------------------------------------------------------------ memory and live-outs
    def _accesses(self, divergent: set[str]) -> list[Access]:
        """Loads and stores; masked where a divergent branch or a data-dependent exit
        before them turns some lanes off (the trip count's own test is the tail's
        business: a scalar epilogue or a folded tail, not a mask in the loop)."""
        masked: set[str] = set()
        for a in divergent - self.countable:
            masked |= self._turned_off(a)
        out = []
        for b, ins in ((b, i) for b, i in self.instrs if i.op in ("load", "store")):
            idx = ins.args[0]
            name = idx.name if isinstance(idx, Ref) else None
            writers = self._writers_of(ins.array) if ins.op == "load" else ()
            out.append(Access(ins.uid, ins.op, ins.array, name,
                              name or str(getattr(idx, "value", idx)), b in masked, b, ins.loc, writers))
        return out

    def _turned_off(self, a: str) -> set[str]:
        """The blocks where divergent branch `a` turns some lanes off: its influence
        region, or for an exit the blocks after it (the lanes after the one that leaves)."""
        t = self.prog.blocks[a].term
        assert isinstance(t, Branch)
        if t.then in self.lp.blocks and t.other in self.lp.blocks:
            return self.influence(a)
        inside = t.then if t.then in self.lp.blocks else t.other
        return self._reach(inside) if inside != self.lp.header else set()

    def _writers_of(self, array: str) -> tuple[str, ...]:
        """What in the loop writes `array`: its stores and calls, by line."""
        return tuple(dict.fromkeys(_writer_text(w) for w in self.writers.get(array, [])))

    def _liveouts(self, exits: list[str]) -> list[tuple[str, str]]:
        inside = set(self.defs) | set(self.phis)
        read = [op for b, blk in self.prog.blocks.items() if b not in self.lp.blocks for op in _operands(blk)]
        used = dict.fromkeys(op.name for op in read if isinstance(op, Ref) and op.name in inside)
        return [(n, _liveout_why(exits)) for n in used]


def _operands(blk: Block) -> list[Operand]:
    """What a block's phis and instructions read."""
    return [*(v for ph in blk.phis for _, v in ph.incoming), *(a for i in blk.instrs for a in i.args)]


def _liveout_why(exits: list[str]) -> str:
    """Which lane's value a live-out is: the leaving lane's where lanes leave at
    different iterations (divergent `exits`), else the last lane's."""
    if exits:
        return (f"leaking iterations: lanes leave at different iterations (divergent exit in {', '.join(exits)}), "
                "so the value is the leaving lane's")
    return "every exit is uniform: the value is the last lane's"


def _divisor(ins: Instr, rule: LaneRule, k: int) -> tuple[int, bool, bool] | None:
    """What `x OP k` divides x by: (C, signed, whether it is the remainder) for a
    division or remainder by C, a shift right by log2 C, an and with C - 1; None
    where C is no more than 1 (or the shift or mask is not one)."""
    bits = ins.type.bits if isinstance(ins.type, IntType) else 64
    if rule is LaneRule.AND:
        found = (k + 1, False, True) if k > 0 and not k & (k + 1) else None
    elif ins.op in ("lshr", "ashr"):
        found = (1 << k, ins.op == "ashr", False) if k < bits - 1 else None
    else:
        found = (k, ins.op in ("sdiv", "srem"), rule is LaneRule.REM)
    return found if found is not None and found[0] > 1 else None


def _writer_text(w: Instr) -> str:
    """A store or call that writes an array, for a message (its line where known)."""
    what = "store" if w.op == "store" else f"call {w.decl.name}"
    if w.loc:
        return f"{what}, line {w.loc.line}"
    return "a store" if w.op == "store" else what


_END = "(iteration end)"
_SOURCE, _SINK = "(source)", "(sink)"



# an opcode's LaneRule -> _Analysis's reasoning for it: True where it set the result's
# class, False to leave it to seed 002's default (_Analysis._pure)
_BY_RULE: dict[LaneRule, Callable[[_Analysis, Instr, list[LaneClass], LaneRule], bool]] = {
    LaneRule.LOAD: _Analysis._load,
    LaneRule.COPY: _Analysis._copy,
    LaneRule.SELECT: _Analysis._select,
    LaneRule.ADD: _Analysis._add_sub,
    LaneRule.SUB: _Analysis._add_sub,
    LaneRule.MUL: _Analysis._scaled_rule,
    LaneRule.SHL: _Analysis._scaled_rule,
    LaneRule.DIV: _Analysis._seed001_rule,
    LaneRule.REM: _Analysis._seed001_rule,
    LaneRule.AND: _Analysis._seed001_rule,
    LaneRule.CAST: _Analysis._cast,
    LaneRule.NONE: _Analysis._vector_op,
}

def _affine_sum(a: LaneClass, b: LaneClass, sign: int, vf: int) -> LaneClass | None:
    """a + sign*b where both are affine in the lane (within the same groups), or both
    repeat with one period; None otherwise."""
    if a.kind is LaneKind.PERIODIC or b.kind is LaneKind.PERIODIC:
        return _periodic_sum(a, b)
    affine = (LaneKind.UNIFORM, LaneKind.STRIDED, LaneKind.GROUPED)
    if a.kind not in affine or b.kind not in affine:
        return None
    sizes = {c.size for c in (a, b) if c.kind is LaneKind.GROUPED}
    if len(sizes) > 1:
        return None
    s = a.stride + sign * b.stride
    return grouped(sizes.pop(), s, vf) if sizes else strided(s)


def _periodic_sum(a: LaneClass, b: LaneClass) -> LaneClass | None:
    """The sum of a periodic class and a class of equal lanes of one period: that period."""
    kinds = {c.size for c in (a, b) if c.kind is LaneKind.PERIODIC}
    periodic = a if a.kind is LaneKind.PERIODIC else b
    return periodic if len(kinds) == 1 and a.equal_lanes and b.equal_lanes else None


def _writers(prog: Program, instrs: list[Instr]) -> dict[str, list[Instr]]:
    """What the loop writes, by stores and by calls that may write (FuncDecl.writes),
    every array sharing its object included, and who writes it."""
    writers: dict[str, list[Instr]] = {}
    for i in instrs:
        for a in ([i.array] if i.op == "store" else list(i.decl.writes) if i.op == "call" else []):
            for o in sharing(prog, {a}):
                writers.setdefault(o, []).append(i)
    return writers


def _name(op: Operand) -> str:
    return op.name if isinstance(op, Ref) else ""


def _defined_in(an: _Analysis, op: Operand, region: set[str]) -> bool:
    if not isinstance(op, Ref):
        return False
    if op.name in an.phis:
        return an.phis[op.name][0] in region
    return any(b in region for b, i in an.instrs if i.dest == op.name)


def _unchanged(ph: Phi, inside: list[Operand], outside: list[Operand]) -> bool:
    """A header phi the loop never changes: itself on every back edge, one start."""
    return all(op == Ref(ph.dest) for op in inside) and len(set(outside)) == 1


def _flow(body: nx.DiGraph, succs: set[str], a: str, preds: tuple[str, str]) -> nx.DiGraph:
    """`body` with a source before the branch's successors `succs` and a sink after the
    two predecessors `preds` of the join (an edge from the branch's block `a` itself
    is one way of its own)."""
    g = body.copy()
    for s in succs:
        g.add_edge(_SOURCE, s)
    for p in preds:
        if p == a:
            g.add_edge(_SOURCE, ("edge", p))
            g.add_edge(("edge", p), _SINK)
        elif p in g:
            g.add_edge(p, _SINK)
    return g


def _two_disjoint_ways(g: nx.DiGraph) -> bool:
    """Two vertex-disjoint paths from the source to the sink (Menger: a flow of 2)."""
    return _SOURCE in g and _SINK in g and nx.has_path(g, _SOURCE, _SINK) \
        and local_node_connectivity(g, _SOURCE, _SINK) >= 2


def _lane_rule(ins: Instr) -> LaneRule | None:
    """The instruction's LaneRule; a call's is its callee's (pure), None for an effect."""
    rule = OPCODES[ins.op].lanes
    if rule is not LaneRule.CALL:
        return rule
    return LaneRule.PURE if ins.decl is not None and ins.decl.pure else None


def _picked(classes: list[LaneClass]) -> tuple[LaneClass, str]:
    """A phi after uniform branches: its incoming values' class where they share one."""
    if all(c == classes[0] for c in classes):
        return classes[0], "uniform branches pick among values related alike"
    return RANDOM, "incoming values related differently"
