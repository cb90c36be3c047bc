"""Code for VF lanes of a scalar loop, as vector code computes it (seed 000): the
shared builder of the legality harnesses and the vectorized forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verifier.analysis.exits import Exit, Induction, LoopExits, slice_of
from verifier.ir.program import (
    EXTENT_OPS,
    Attrs,
    Block,
    Branch,
    Const,
    Extent,
    Fresh,
    Instr,
    Jump,
    Operand,
    Phi,
    PoisonConst,
    Program,
    Ref,
    copy_program,
    split_block,
)
from verifier.ir.types import I1, I64, IntType, VecType, mask


def _attrs(base: Attrs | None, changes: dict[str, Any]) -> Attrs:
    """`base` (copied) with `changes`, or new attributes of just `changes`."""
    return base.but(**changes) if base is not None else Attrs(**changes)


class Unsupported(Exception):
    """The loop has a shape the harness cannot model (the verdict is unknown)."""


@dataclass(frozen=True)
class Guard:
    """A runtime guard of the simple form (seed 000, "General vs. Simple:
    Speculatability"): before the load `load_uid` is speculated, every lane's index
    is frozen and checked to lie in [0, extent); if any lane fails, the vector
    iteration is abandoned for the scalar loop, and the load reads at the frozen index."""
    load_uid: int
    extent: Extent


class LaneBuilder:
    """Emits a loop's code for VF lanes into a copy of the program: induction values
    stepped per lane, exit slices instruction by instruction as vector code runs them,
    the vector loop's precondition. `iv_base` names the inductions' current values
    (default: the header phis themselves)."""

    def __init__(self, prog: Program, le: LoopExits, vf: int) -> None:
        self.p = copy_program(prog)
        self.le = le
        self.vf = vf
        self.clones: dict[int, tuple[int, int, int]] = {}
        self.types = self.p.value_types()
        self.names: set[str] = set(self.types)
        self.ids = Fresh(self.names, "h", prog.next_uid())  # names `hint.h<k>`, and every new id
        self.iv_base: dict[str, Operand] = {}
        self.recurrences = recurrences(prog, le)
        # the loop's blocks in the copy: split_header adds the block it moves the header's
        # code to (a single-block loop's back edge then comes from there, not the header)
        self.loop_blocks: set[str] = set(le.loop.blocks)

    def fresh(self, hint: str) -> str:
        return self.ids.name(hint)

    def emit(self, blk: Block, op: str, args: list[Operand], ty: IntType | VecType | None,
             hint: str = "h", attrs: Attrs | None = None, **changes: Any) -> Operand:
        return self._append(blk, op, args, ty, self.fresh(hint) if ty is not None else None, _attrs(attrs, changes))

    def _append(self, blk: Block, op: str, args: list[Operand], ty: IntType | VecType | None, dest: str | None,
                attrs: Attrs) -> Operand:
        """The instruction at the end of `blk`, with a new id: its result, if it has one."""
        blk.instrs.append(Instr(self.ids.uid(), op, args, ty, dest, attrs))
        if dest is not None and ty is not None:
            self.types[dest] = ty
            return Ref(dest)
        return Const(0, I1)

    def fresh_lane(self, family: str, k: int, tag: str = "lane") -> str:
        """A fresh name for lane k (from 1) of `family`, `<family>.<tag><k>` (`tag` "v"
        for the vector body's lanes, the seed's X^), recorded in the program's `lanes`;
        the suffix that makes it unique stays in the family's name, so two families
        made from one hint stay apart."""
        hint = f"{family}.{tag}{k}"
        name = self.fresh(hint)
        self.p.lanes[name] = (family + name[len(hint):], k)
        return name

    def emit_lane(self, blk: Block, op: str, args: list[Operand], ty: IntType | VecType | None, family: str,
                  k: int, tag: str = "lane", attrs: Attrs | None = None, **changes: Any) -> Operand:
        """`emit` a value that is lane k (from 1) of `family` (see `fresh_lane`)."""
        return self._append(blk, op, args, ty, self.fresh_lane(family, k, tag) if ty is not None else None,
                            _attrs(attrs, changes))

    def lane_values(self, blk: Block, lane: int, need: tuple[str, ...] = (), nofault: bool = False,
                    exit_index: int = 0) -> dict[str, Operand]:
        """The header phis in lane `lane` (0-based): induction variables stepped, and the
        recurrences among `need` run on from lane 0 (see `chain`)."""
        if lane == 0 or not set(need) & set(self.recurrences):
            return self.stepped(blk, lane)  # no chain: only this lane's inductions
        return self.chain(blk, lane + 1, need, nofault, exit_index)[lane]

    def chain(self, blk: Block, lanes: int, need: tuple[str, ...] = (), nofault: bool = False,
              exit_index: int = 0) -> list[dict[str, Operand]]:
        """The header phis in lanes 0..lanes-1. A recurrence the slice reads (`need`,
        and those it reads in turn) gets lane j's value by its update run on lane j-1's
        values, as the scalar loop would at the end of that lane's iteration: the update
        is speculated (a lane whose predecessor left the loop still computes it), so
        its loads are checked like the exit's own (`nofault` as the slice's)."""
        envs = [self.stepped(blk, j) for j in range(lanes)]
        todo = set(need) & set(self.recurrences)
        grow = True
        while grow:
            before = len(todo)
            for r in list(todo):
                todo |= set(self.recurrences[r][2]) & set(self.recurrences)
            grow = len(todo) != before
        order = [r for r in self.recurrences if r in todo]
        for j in range(1, lanes):
            for r in order:
                value, uids, _ = self.recurrences[r]
                # lane j-1's update (its iteration's code: lane j-1 + 1, 1-based)
                remap = self.clone_code(blk, uids, dict(envs[j - 1]), j, exit_index, nofault)
                envs[j][r] = remap.get(value.name, value) if isinstance(value, Ref) else value
        return envs

    def stepped(self, blk: Block, lane: int) -> dict[str, Operand]:
        """The induction variables in lane `lane` (0-based), stepped from lane 0."""
        env: dict[str, Operand] = {}
        for name, iv in self.le.inductions.items():
            base = self.iv_base.get(name, Ref(name))
            if lane == 0:
                env[name] = base
                continue
            ty = self.types[name]
            assert isinstance(ty, IntType)
            off = iv.lane_offset(lane, ty.bits)
            if off is None:
                raise Unsupported(f"{name} steps past its range within {self.vf} lanes")
            value = self.emit_lane(blk, iv.op, [base, Const(off, ty)], ty, name, lane + 1, flags=iv.flags)
            if iv.limit is not None:
                value = self._within(blk, iv, base, value, ty, name, lane)
            env[name] = value
        return env

    def _within(self, blk: Block, iv: Induction, base: Operand, value: Operand, ty: IntType, name: str,
                lane: int) -> Operand:
        """An inbounds GEP's induction `lane` steps on: poison unless every step stayed
        within [0, limit]. The steps move one way, so that is the first and the last
        (read as unsigned, a step below 0 is past the limit)."""
        assert iv.limit is not None
        one = iv.lane_offset(1, ty.bits)
        assert one is not None  # `lane` steps fit, so one does
        first = self.emit(blk, iv.op, [base, Const(one, ty)], ty, f"{name}.step1", flags=iv.flags)
        ok1 = self.emit(blk, "icmp", [first, iv.limit], I1, f"{name}.inb", pred="ule")
        ok = self.emit(blk, "icmp", [value, iv.limit], I1, f"{name}.inb", pred="ule")
        both = self.emit(blk, "and", [ok1, ok], I1, f"{name}.inb", flags=())
        return self.emit_lane(blk, "select", [both, value, PoisonConst(ty)], ty, name, lane + 1)

    def clone_slice(self, blk: Block, e: Exit, lane: int, env: dict[str, Operand],
                    nofault: bool) -> Operand:
        """Emit exit e's slice for one lane (0-based); return the lane's condition."""
        self.check_slice(e, effects=True, lanes=[env] if lane == 0 else [{}, env])
        remap = self.clone_code(blk, e.slice, dict(env), lane + 1, e.index, nofault)
        cond = e.cond
        return remap.get(cond.name, cond) if isinstance(cond, Ref) else cond

    def clone_code(self, blk: Block, uids: tuple[int, ...], remap: dict[str, Operand], lane: int,
                   exit_index: int, nofault: bool) -> dict[str, Operand]:
        """Emit the loop instructions `uids` for one lane (1-based `lane`, recorded in
        `clones`), reading and extending `remap` (the lane's values by scalar name). A
        call with side effects is evaluated without its event (`ahead`: the lane it runs
        for; lanes past the first are calls the scalar loop may never make)."""
        for uid in uids:
            ins = self.le.instrs[uid]
            args = [remap.get(a.name, a) if isinstance(a, Ref) else a for a in ins.args]
            attrs = ins.attrs.but()
            if ins.op == "call" and not ins.decl.pure:
                attrs.ahead = lane
            if nofault:
                attrs.nofault = True
            new = self.emit_lane(blk, ins.op, args, ins.type, str(ins.dest), lane, attrs=attrs)
            self.clones[self.ids.last_uid] = (ins.uid, lane, exit_index)
            self.p.blocks[blk.name].instrs[-1].loc = ins.loc
            if ins.dest:
                remap[ins.dest] = new
        return remap

    def exit_lane_values(self, blk: Block, e: Exit, lane: int, nofault: bool = False) -> dict[str, Operand]:
        """The header phis exit e's slice reads, in lane `lane` (0-based)."""
        return self.lane_values(blk, lane, e.carried, nofault, e.index)

    def extent_value(self, blk: Block, e: Extent) -> Operand:
        """An extent expression as an i64 value (parameters sign-extended, as the semantics reads them)."""
        if isinstance(e, int):
            return Const(e & mask(64), I64)
        if isinstance(e, str):
            ty = self.types[e]
            assert isinstance(ty, IntType)
            return Ref(e) if ty.bits == 64 else self.emit(blk, "sext", [Ref(e)], I64, f"{e}.i64", flags=())
        op, a, b = e
        x, y = self.extent_value(blk, a), self.extent_value(blk, b)
        opname = EXTENT_OPS[op]
        return self.emit(blk, opname, [x, y], I64, "guard.extent", flags=(), nofault=True)

    def in_bounds(self, blk: Block, idx: Operand, ty: IntType, extent: Extent) -> Operand:
        """0 <= idx < extent, never poison (the index is frozen by the caller)."""
        i64 = idx if ty.bits == 64 else self.emit(blk, "sext", [idx], I64, "guard.index", flags=())
        ext = self.extent_value(blk, extent)
        lo = self.emit(blk, "icmp", [Const(0, I64), i64], I1, "guard.lo", pred="sle")
        hi = self.emit(blk, "icmp", [i64, ext], I1, "guard.hi", pred="slt")
        both = self.emit(blk, "and", [lo, hi], I1, "guard.ok", flags=())
        return self.emit(blk, "freeze", [both], I1, "guard.ok")

    def vector_slice(self, blk: Block, e: Exit, guards: dict[int, Guard], bail: str,
                     remaps: list[dict[str, Operand]] | None = None,
                     effects_ahead: bool = False) -> tuple[Block, list[Operand]]:
        """Emit exit e's slice for all VF lanes, one instruction at a time as vector code
        would, with each guarded load preceded by its runtime guard (bailing to `bail`).
        Returns the block the code ends in and each lane's condition. `remaps` (each
        lane's values by scalar name) are read and extended when given. With
        `effects_ahead` (a legality harness) calls with side effects are evaluated
        without their events, lanes past the first flagged (see clone_slice)."""
        if remaps is None:
            remaps = [dict(env) for env in self.chain(blk, self.vf, e.carried, exit_index=e.index)]
        self.check_slice(e, effects=effects_ahead, lanes=remaps)
        for uid in e.slice:
            ins = self.le.instrs[uid]
            if ins.dest is not None and ins.dest in remaps[0]:
                continue  # hoisted already, for an earlier exit
            lane_args = [[remaps[j].get(a.name, a) if isinstance(a, Ref) else a for a in ins.args]
                         for j in range(self.vf)]
            if uid in guards:
                ity = self.types[ins.args[0].name] if isinstance(ins.args[0], Ref) else ins.args[0].type
                assert isinstance(ity, IntType)
                ok: Operand = Const(1, I1)
                for j in range(self.vf):
                    hint = ins.args[0].name if isinstance(ins.args[0], Ref) else "idx"
                    lane_args[j][0] = self.emit(blk, "freeze", [lane_args[j][0]], ity, f"{hint}.lane{j + 1}.frozen")
                    ok = self.emit(blk, "and", [ok, self.in_bounds(blk, lane_args[j][0], ity, guards[uid].extent)],
                                   I1, "guard.all", flags=())
                nxt = self.add_block("spec.guarded", blk.name)
                blk.term = Branch(ok, nxt.name, bail, self.ids.uid())
                blk = nxt
            for j in range(self.vf):
                attrs = ins.attrs.but()
                if effects_ahead and ins.op == "call" and not ins.decl.pure:
                    attrs.ahead = j + 1
                new = self.emit_lane(blk, ins.op, lane_args[j], ins.type, str(ins.dest), j + 1, attrs=attrs)
                self.clones[self.ids.last_uid] = (ins.uid, j + 1, e.index)
                blk.instrs[-1].loc = ins.loc
                if ins.dest:
                    remaps[j][ins.dest] = new
        conds = [remaps[j].get(e.cond.name, e.cond) if isinstance(e.cond, Ref) else e.cond for j in range(self.vf)]
        return blk, conds

    def taken(self, blk: Block, e: Exit, c: Operand) -> Operand:
        """freeze(Ce^j) as "the lane takes exit e": the exit's branch condition, or its
        negation for an exit on false (seed 000: the conditions vector code reads)."""
        fc = self.emit(blk, "freeze", [c], I1, f"C{e.index}.frozen")
        if e.exit_when:
            return fc
        return self.emit(blk, "xor", [fc, Const(1, I1)], I1, f"C{e.index}.leaves", flags=())

    def check_slice(self, e: Exit, effects: bool = False, lanes: list[dict[str, Operand]] | None = None) -> None:
        """Raise Unsupported for a slice that cannot be evaluated ahead of time (with
        `effects`, calls with side effects can: a legality harness flags them). A
        header phi other than an induction must have its value in every lane of
        `lanes` after the first (each lane's values by scalar name)."""
        self.check_merged(e)
        for c in e.carried:
            if c not in self.le.inductions and not (lanes and all(c in env for env in lanes[1:])):
                raise Unsupported(f"{e.name} depends on the loop-carried value {c!r}, which is neither "
                                  "an induction variable nor a recurrence computed without effects: its "
                                  "value in later lanes is unknown at the vector iteration's start")
        for uid in e.slice:
            ins = self.le.instrs[uid]
            if ins.op == "store" or (ins.op == "call" and not ins.decl.pure and not effects):
                raise Unsupported(f"{e.name} depends on a {ins.op} with side effects")
            if isinstance(ins.type, VecType):
                raise Unsupported("legality checks take a scalar loop (vector code found)")

    def check_merged(self, e: Exit) -> None:
        """Raise Unsupported where exit e's slice reads a phi of a block after the
        header (a value merged from the paths of the body's conditional code): it has no
        value at the vector iteration's start, where the slice is evaluated."""
        at_header = {ph.dest for ph in self.p.blocks[self.le.loop.header].phis}
        merged = [c for c in e.carried if c not in at_header]
        if merged:
            shown = self.p.display.get(merged[0], merged[0])
            raise Unsupported(f"{e.name} depends on {shown}, a phi merging the paths of the body's conditional "
                              "code: it has no value at the vector iteration's start, where the condition would "
                              "be evaluated")

    def split_header(self) -> tuple[Block, Block]:
        """Move the header's code into a new block after it; the header keeps its phis."""
        lp = self.le.loop
        rest = split_block(self.p, lp.header, 0, self.fresh(f"{lp.header}.rest"))
        head = self.p.blocks[lp.header]
        head.term = Jump(rest.name)
        self.loop_blocks.add(rest.name)
        return head, rest

    def add_block(self, name: str, after: str) -> Block:
        blk = Block(self.fresh(name))
        blocks = list(self.p.blocks.items())
        at = next(k for k, (n, _) in enumerate(blocks) if n == after) + 1
        blocks.insert(at, (blk.name, blk))
        self.p.blocks = dict(blocks)
        return blk

    def counter(self, head: Block) -> tuple[Operand, Operand]:
        """An iteration counter k in the header; returns (k, k % VF == 0)."""
        lp = self.le.loop
        k = self.fresh("spec.k")
        kn = self.emit(head, "add", [Ref(k), Const(1, I64)], I64, "spec.k.next")
        ph = self.p.blocks[lp.header]
        inc: list[tuple[str, Operand]] = []
        for b, _ in ph.phis[0].incoming if ph.phis else []:
            inc.append((b, Const(0, I64) if b not in self.loop_blocks else kn))
        if not inc:
            raise Unsupported("the loop header has no phis to find its predecessors by")
        ph.phis.append(Phi(self.ids.uid(), k, I64, inc))
        self.types[k] = I64
        r = self.emit(head, "urem", [Ref(k), Const(self.vf, I64)], I64, "spec.lane", flags=())
        start = self.emit(head, "icmp", [r, Const(0, I64)], I1, "spec.start", pred="eq")
        return r, start

    def no_overflow(self, blk: Block) -> Operand:
        """Every induction value the vector iteration computes (start + step * k for
        k <= VF: each lane's value and the last lane's update, which the countable
        exits' tests read) fits without the poison its nsw/nuw flags give on
        overflow: a vector loop runs only where VF iterations remain, and past them
        the scalar loop takes over."""
        acc: Operand = Const(1, I1)
        for name, iv in self.le.inductions.items():
            ty = self.types[name]
            assert isinstance(ty, IntType)
            w = ty.bits
            lanes = self.vf  # the last lane's update; the bound is monotone in the lane
            far = iv.step * lanes
            ufar = iv.ustep * lanes
            tests: list[tuple[str, int]] = []
            if "nsw" in iv.flags and far > 0:
                tests.append(("sle", (1 << (w - 1)) - 1 - far))
            if "nsw" in iv.flags and far < 0:
                tests.append(("sge", -(1 << (w - 1)) - far))
            if "nuw" in iv.flags and ufar and iv.op == "add":
                tests.append(("ule", mask(w) - ufar))
            if "nuw" in iv.flags and ufar and iv.op == "sub":
                tests.append(("uge", ufar))
            for pred, bound in tests:
                ok = self.emit(blk, "icmp", [self.iv_base.get(name, Ref(name)), Const(bound & mask(w), ty)], I1,
                               "spec.fits", pred=pred)
                acc = self.emit(blk, "and", [acc, ok], I1, "spec.pre", flags=())
        return acc

    def precondition(self, blk: Block, all_lanes: bool = False) -> Operand:
        """All VF lanes run: no induction value overflows, and no countable exit is
        taken in lanes that must complete. Never poison: the lanes' tests are and-ed
        in lane order as the scalar loop would evaluate them (a lane that leaves hides
        the later lanes' tests), read only where the inductions fit, and frozen."""
        first_dd = min((self.le.loop.body_order.index(e.block) for e in self.le.data_dependent), default=0)
        fits = self.no_overflow(blk)
        acc: Operand = Const(1, I1)
        for j in range(self.vf):
            for e in self.le.countable:
                before_dd = self.le.loop.body_order.index(e.block) < first_dd
                if j == self.vf - 1 and not (before_dd or all_lanes):
                    continue
                env = self.lane_values(blk, j)
                c = self.clone_slice(blk, e, j, env, nofault=False)
                stay = c if not e.exit_when else self.emit(blk, "xor", [c, Const(1, I1)], I1, "spec.stay", flags=())
                acc = self.emit(blk, "select", [acc, stay, Const(0, I1)], I1, "spec.pre")
        stays = self.emit(blk, "freeze", [acc], I1, "spec.stays")
        return self.emit(blk, "select", [fits, stays, Const(0, I1)], I1, "spec.pre")


def recurrences(prog: Program, le: LoopExits) -> dict[str, tuple[Operand, tuple[int, ...], tuple[str, ...]]]:
    """Header phis other than inductions whose value for the next iteration (the one
    in-loop incoming value) is computed from this iteration's header phis by loop code
    without stores, effects or vectors (a pointer chase `p = p->next`, a running sum):
    phi -> (that value, its slice's uids, the header phis it reads). Only those whose
    header phis are inductions or such recurrences in turn."""
    lp = le.loop
    header = {ph.dest: ph for ph in prog.blocks[lp.header].phis}
    phis = {ph.dest: ph for b in lp.blocks for ph in prog.blocks[b].phis}
    defs = {i.dest: i for i in le.instrs.values() if i.dest}
    found: dict[str, tuple[Operand, tuple[int, ...], tuple[str, ...]]] = {}
    for name, ph in header.items():
        inside = {op for b, op in ph.incoming if b in lp.blocks}
        if name in le.inductions or len(inside) != 1:
            continue
        value = inside.pop()
        uids, carried = slice_of(value, defs, phis)
        if any(le.instrs[u].op == "store" or isinstance(le.instrs[u].type, VecType)
               or (le.instrs[u].op == "call" and not le.instrs[u].decl.pure) for u in uids):
            continue
        found[name] = (value, tuple(sorted(uids)), tuple(sorted(carried)))
    shrink = True
    while shrink:  # every header phi a recurrence reads is an induction or a recurrence
        bad = [r for r, (_, _, reads) in found.items()
               if any(c not in le.inductions and c not in found for c in reads)]
        for r in bad:
            del found[r]
        shrink = bool(bad)
    return found
