"""Seed 000's two vectorized forms, emitted as LLVM IR from a scalar LLVM loop.

    preheader -> vec.ph (splats of loop invariants) -> vec.header:
        phis: each induction's value at the vector iteration's first lane (a pointer
            induction's too: its lanes stay scalars off it), each reduction's and
            scan's running value, each recurrence's previous lanes
        every lane passes every countable exit (and no induction wraps)?
            no -> scalar.ph -> the original loop, resumed with the phis' values
    vec.body: the body for VF lanes as vectors, if-converted: a block's predicate is
        the or of its incoming edges' (branch and switch conditions frozen), a phi
        becomes selects; loads are consecutive vector loads (reversed where they step
        back, gathers where they stride), masked where their block may not run, or
        the vector an earlier store of the iteration wrote (forwarded); what a load
        reads that an address is computed from, and each loop invariant, are frozen
        once, and flags that only make poison (nsw, nuw, exact, nneg, nnan, ...) are
        dropped, so every mask and every address under it are defined, computed from
        one frozen value; divisors of
        conditional code are masked to 1; a call without a result is made lane by
        lane, in lane order, each under its lane's bit; a recurrence the loop reads
        has its next lanes first, a scan (prefix sum) its lanes in log2 VF steps
      general: C = the or of the data-dependent exit edges' predicates (frozen),
        first = cttz.elts(C): stores run masked to the lanes <= first (the exiting
        lane only in the blocks it runs before it exits); any exit -> vec.early.exit:
        the exit of lane `first`, every live value extracted from that lane
      simple: anyof(C) -> scalar.ph (the vector iteration is redone by the scalar
        loop); else stores masked by their blocks' predicates
    vec.latch: each reduction combined over the lanes that update it, in lane order
        (ordered: unmasked running values where every lane updates, the exit taking
        the one after `first` lanes), or for integers by llvm.vector.reduce.*
        (in-loop); a first-order
        recurrence carries this iteration's lanes (its lane k: lane k-1 of them)

The parts: emit/builder.py (the text, the loop read), emit/recipes.py (one class per
kind of carried value), emit/memory.py (loads, stores, calls), emit/widen.py (every
other instruction), emit/lcssa.py (loop-closing phis); this module puts them together as
the form. It is not trusted: what it emits is proved against its source by the
translation validation (`verifier equiv`), as opt's own output is. The loop must be in
LLVM's loop-simplify form (as the loop vectorizer sees it; emit/lcssa.py closes it); anything the
emitter does not lower is an EmitUnsupported naming the instruction and its line."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from verifier.emit.builder import LATCH_END, gep_head, source_type
from verifier.emit.lcssa import loop_closed
from verifier.emit.reader import EmitUnsupported, Ins, Val, find_loop, read_function, ref
from verifier.emit.recipes import PointerInduction, Recipe, claim
from verifier.emit.widen import Widen
from verifier.errors import UserError
from verifier.transforms.vector_loop import Form, ReductionOrder


@dataclass(frozen=True)
class Emitted:
    """The module with the function replaced by its vectorized form."""

    module: str
    function: str
    form: Form
    vf: int


def emit_form(path: Path, func: str | None, form: Form, vf: int,
              order: ReductionOrder = ReductionOrder.ORDERED, guards: bool = False, loop: str | None = None) -> Emitted:
    """The `form` of the one loop of `func` in the module at `path`, at factor `vf`;
    `order`: how an integer reduction is combined (Reduction.combine); `guards`: the
    simple form leaves for the scalar loop where a gather's lane would fall outside its
    object (Memory.guarded); `loop`: the header of the loop to vectorize, where the
    function has several (the others stay as they are)."""
    if vf < 2:
        raise EmitUnsupported(f"--vf {vf}: a vectorized form needs at least 2 lanes")
    if guards and Form(form) is Form.GENERAL:
        raise UserError("--guards: runtime guards belong to the simple form (seed 000, \"General vs. Simple\"): "
                        "the general form has no scalar loop to leave for")
    f = read_function(path, func)
    lp = find_loop(f, loop)
    return _Emitter(loop_closed(f, lp), lp, Form(form), vf, order, guards).run()  # (a caller's "simple" too)


_Exit = tuple[str, str, tuple[Val, bool]]  # (exiting block, exit block, (condition, taken when it holds))


class _Emitter(Widen):
    """The form: vec.check, vec.ph, vec.header, vec.body, vec.latch, vec.early.exit and
    scalar.ph around the scalar loop, each carried value by its recipe."""

    recipes: dict[str, Recipe]
    resume: dict[str, str]  # header phi -> its value entering the scalar loop
    extra: dict[str, list[tuple[str, str]]]  # an exit block's phi -> the incoming values added

    def run(self) -> Emitted:
        f = self.f
        self.recipes, self.resume, self.extra = claim(self), {}, {}
        countable, data = self.exits()
        for _, _, (c, _) in countable:
            self.head_slice |= self.slice_of(c) or set()
        self.out[self.blocks["ph"]] = []
        self.header(countable, self.head_slice)
        stores = self.body({(e, x) for e, x, _ in countable}, self.head_slice)
        exit_preds = [(e, x, self.edge[(e, x)]) for e, x, _ in data]
        if self.form is Form.GENERAL:
            self.general(exit_preds, stores)
        else:
            self.simple(exit_preds, stores)
        self.scalar_entry(bool(data))
        self.cur = self.blocks["ph"]
        self.put(f"br label {ref(self.blocks['header'])}")
        self.entry_check()
        return Emitted(self.module_text(), f.name, self.form, self.vf)

    def exits(self) -> tuple[list[_Exit], list[_Exit]]:
        """The loop's exits, countable (a condition of inductions and invariants, which
        every iteration reaches) and data-dependent (which may be in conditional code:
        its edge's predicate has its block's, as every edge's has)."""
        f, lp = self.f, self.lp
        exits = [(e, x, self.exit_cond(e, x)) for e, x in lp.exits]
        countable = [(e, x, c) for e, x, c in exits
                     if f.blocks[e].term.opcode != "switch" and self.slice_of(c[0]) is not None]
        inside = next((e for e, _, _ in countable if e not in lp.dominate_latch), None)
        if inside is not None:
            raise EmitUnsupported(f"a countable exit from %{inside}, which not every iteration reaches (an "
                                  "exit inside conditional code)", f.blocks[inside].term.line)
        return countable, [(e, x, c) for e, x, c in exits if (e, x, c) not in countable]

    def header(self, countable: list[_Exit], head_slice: set[str]) -> None:
        """vec.header: the phis, each lane's inductions, the countable exits for every
        lane (and no induction wrapping): on to vec.body, else scalar.ph."""
        self.cur = self.blocks["header"]
        for r in self.recipes.values():
            r.header_phi(self)
        for r in self.recipes.values():
            r.header(self)
        for i in self.body_instrs():
            if i.name in head_slice:
                self.widen(i)
        ok: str | None = None
        for _, _, (c, on_true) in countable:
            taken = self.vec(c) if on_true else self.not_(self.vec(c))
            ok = self.or_(ok, self.value("countable.exit", f"freeze {self.vty('i1')} {taken}"))
        any_countable = self.reduce_or(ok) if ok is not None else "false"
        go = self.value("vec.go", f"icmp eq i1 {any_countable}, false")
        for r in self.recipes.values():
            for fit in r.fits(self):
                go = self.value("vec.go", f"and i1 {go}, {fit}")
        self.put(f"br i1 {go}, label {ref(self.blocks['body'])}, label {ref(self.blocks['scalar'])}")

    def body(self, countable: set[tuple[str, str]], head_slice: set[str]) -> list[Ins]:
        """vec.body: everything but the effects, for every lane, block by block in body
        order; the effects (stores, calls without a result) in program order."""
        f, lp = self.f, self.lp
        self.cur = self.blocks["body"]
        skip = {n for r in self.recipes.values() for n in r.skip()}
        effects: list[Ins] = []
        for r in self.recipes.values():
            r.body_start(self)
        for b in lp.blocks:
            self.block_pred(b)
            for i in f.blocks[b].instrs:
                self.body_instr(b, i, countable, skip, head_slice, effects)
        for r in self.recipes.values():
            r.body_end(self)
        return effects

    def body_instr(self, b: str, i: Ins, countable: set[tuple[str, str]], skip: set[str | None],
                   head_slice: set[str], effects: list[Ins]) -> None:
        """One instruction of the loop's block `b` in vec.body: a phi as a select on the
        block's predicate, a branch into the exit tests, an effect kept for after them
        (`effects`), and any other value widened to its lanes."""
        if i.opcode == "phi":
            if b != self.lp.header and i.name not in skip:
                self.phi_select(i)
        elif i.opcode in ("br", "switch"):
            self.branch(i, countable)
        elif _is_effect(i):
            effects.append(i)  # lane by lane or masked, with the stores, after the exit test
            self.last_effect, self.effects_seen = i, self.effects_seen + 1
        elif not self._computed_elsewhere(i, skip | head_slice):
            self._lanes_of(i)

    def _computed_elsewhere(self, i: Ins, skip: set[str | None]) -> bool:
        """Whether the body leaves i alone: a marker call (an `llvm.assume` too: the form
        may have less undefined behaviour than the loop, and LLVM drops those of
        predicated blocks), a value a recipe or the
        header computes, one already widened, or a GEP (widened where a lane's address
        is needed: a gather, a live-out)."""
        return (i.callee or "").startswith(("llvm.lifetime.", "llvm.dbg.", "llvm.assume")) or i.name in skip \
            or i.name in self.wide or i.opcode == "getelementptr"

    def _lanes_of(self, i: Ins) -> None:
        """Instruction i's vector: by its recipe where one computes it, else widened."""
        if any(i.name in r.lazy for r in self.recipes.values()):
            self.vec(Val(ref(i.name or ""), i.type, i.name))  # (its recipe's lanes)
        elif i.name is None and i.opcode != "call":
            raise EmitUnsupported(f"instruction {i.opcode}: {i.shown}", i.line)
        elif i.opcode == "call":
            self.call(i)
        else:
            self.widen(i)

    def scalar_entry(self, data_exits: bool) -> None:
        """scalar.ph: each carried value as the scalar loop resumes it (from vec.check,
        from vec.header, and in the simple form from vec.body's anyof)."""
        self.cur = self.blocks["scalar"]
        check, hd, body = self.blocks["check"], self.blocks["header"], self.blocks["body"]
        from_loop = [hd] + ([body] if self.form is Form.SIMPLE and data_exits else [])
        for name, r in self.recipes.items():
            at = r.resume(self)
            inc = ", ".join([f"[ {r.start.text}, {ref(check)} ]"] + [f"[ {at}, {ref(b)} ]" for b in from_loop])
            self.resume[name] = self.value(f"{name}.resume", f"phi {r.phi.type} {inc}")
        self.put(f"br label {ref(self.lp.header)}")

    def entry_check(self) -> None:
        """vec.check, before the loops: enter the vector loop only if the inductions'
        first lanes leave room for VF lanes (its test is repeated at the vector header;
        the scalar loop is then entered from the code before the loops too, LLVM's
        shape, where the translation validation's steps look for it)."""
        self.cur = self.blocks["check"]
        go: str | None = None
        for r in self.recipes.values():
            fit = None if r.pointer else r.entry_test(self)
            if fit is not None:
                go = fit if go is None else self.value("vec.enter", f"and i1 {go}, {fit}")
        if go is None:
            go = self.pointer_entry_test()
        self.put(f"br i1 {go}, label {ref(self.blocks['ph'])}, label {ref(self.blocks['scalar'])}")

    def pointer_entry_test(self) -> str:
        """Pointer inductions only: the first one's start address leaves room for VF steps
        (one pointer only: the validation reads the address of one object at most), the
        one a countable exit compares (p.next == end) where there is one: the loop
        already compares its object's addresses."""
        compared = {self.defs[n].ops[0].name for n in self.head_slice if self.defs[n].opcode == "getelementptr"}
        ptrs = sorted((r for r in self.recipes.values() if isinstance(r, PointerInduction)),
                      key=lambda r: r.phi.name not in compared)
        test = ptrs[0].entry_test(self) if ptrs else None
        if test is None:
            raise EmitUnsupported("the loop has no induction to count vector iterations by")
        return test

    def exit_cond(self, e: str, x: str) -> tuple[Val, bool]:
        """The condition of exit edge e -> x and whether the exit is taken when it holds."""
        t = self.f.blocks[e].term
        if t.opcode == "switch":  # a data-dependent exit (branch() reads its cases)
            return t.ops[0], True
        if len(t.ops) != 3:
            raise EmitUnsupported(f"the exiting terminator {t.shown}", t.line)
        succ = self.f.blocks[e].successors()
        if succ[0] == succ[1]:
            raise EmitUnsupported(f"a branch with one target twice: {t.shown}", t.line)
        return t.ops[0], succ[0] == x

    def block_pred(self, b: str) -> None:
        if b == self.lp.header:
            self.pred[b] = self.ones()
            return
        acc: str | None = None
        for p in self.lp.blocks:
            if (p, b) in self.edge:
                acc = self.or_(acc, self.edge[(p, b)])
        if acc is None:
            raise EmitUnsupported(f"block %{b} is not reached inside the loop")
        self.pred[b] = acc

    def branch(self, t: Ins, countable: set[tuple[str, str]]) -> None:
        b = t.block
        succ = self.f.blocks[b].successors()
        p = self.pred[b]
        if len(succ) == 1:
            self.edge[(b, succ[0])] = p
            return
        if t.opcode == "switch":
            self.switch(t, p)
            return
        if any((b, s) in countable for s in succ):  # never taken in the vector loop
            for s in succ:
                if (b, s) not in countable:
                    self.edge[(b, s)] = p
            return
        c = self.value(f"{t.ops[0].name or 'cond'}.frozen", f"freeze {self.vty('i1')} {self.vec(t.ops[0])}")
        self.edge[(b, succ[0])] = self.and_(p, c)
        self.edge[(b, succ[1])] = self.and_(p, self.not_(c))

    def switch(self, t: Ins, p: str) -> None:
        """A switch's edges: each target's lanes are those whose (frozen) value is one of
        its cases; the default's are the rest."""
        hits = self.case_hits(t)
        default = t.ops[1].name or ""
        anycase: str | None = None
        for label, hit in hits.items():
            anycase = self.or_(anycase, hit)
            if label != default:
                self.edge[(t.block, label)] = self.and_(p, hit)
        rest = p if anycase is None else self.and_(p, self.not_(anycase))
        self.edge[(t.block, default)] = rest if default not in hits else self.or_(rest, self.and_(p, hits[default]))

    def case_hits(self, t: Ins) -> dict[str, str]:
        """Each case target of switch t: the lanes whose frozen value is one of its cases."""
        x = t.ops[0]
        xt = self.vty(x.type)
        frozen = self.value(f"{x.name or 'switch'}.frozen", f"freeze {xt} {self.vec(x)}")
        hits: dict[str, str] = {}
        for value, label in t.cases:
            eq = self.value("case", f"icmp eq {xt} {frozen}, {self.splat(Val(value, x.type, None))}")
            hits[label] = self.or_(hits.get(label), eq)
        if len(hits) + 1 < len(self.f.blocks[t.block].successors()):
            raise EmitUnsupported(f"a switch whose cases are not read: {t.shown}", t.line)
        return hits

    def phi_select(self, i: Ins) -> None:
        assert i.name is not None
        vt = self.vty(i.type)
        pairs = list(zip(i.incoming, i.ops, strict=True))
        val = self.vec(pairs[-1][1])
        for blk, v in reversed(pairs[:-1]):
            val = self.value(f"{i.name}.v", f"select {self.vty('i1')} {self.edge[(blk, i.block)]}, {vt} "
                                            f"{self.vec(v)}, {vt} {val}")
        self.wide[i.name] = val

    def latch(self) -> None:
        """Each carried value's back edge (every lane ran)."""
        for name, r in self.recipes.items():
            self.placeholders[self.placeholder(name)] = r.latch(self)
        self.placeholders[LATCH_END] = ref(self.cur)  # (lane-by-lane calls split the latch)
        self.put(f"br label {ref(self.blocks['header'])}")

    def simple(self, exit_preds: list[tuple[str, str, str]], stores: list[Ins]) -> None:
        anyc: str | None = None
        for p in [*self.guard_fails, *(p for _, _, p in exit_preds)]:
            anyc = self.or_(anyc, p)
        if anyc is not None:
            self.put(f"br i1 {self.reduce_or(anyc)}, label {ref(self.blocks['scalar'])}, "
                     f"label {ref(self.blocks['latch'])}")
        else:
            self.put(f"br label {ref(self.blocks['latch'])}")
        self.cur = self.blocks["latch"]
        for s in stores:
            self.effect(s, self.block_mask(s.block))
        self.latch()

    def general(self, exit_preds: list[tuple[str, str, str]], stores: list[Ins]) -> None:
        vf = self.vf
        anyc: str | None = None
        for _, _, p in exit_preds:
            anyc = self.or_(anyc, p)
        if anyc is None:
            for s in stores:
                self.effect(s, self.block_mask(s.block))
            self.put(f"br label {ref(self.blocks['latch'])}")
            self.cur = self.blocks["latch"]
            self.latch()
            return
        cttz = f"llvm.experimental.cttz.elts.i64.v{vf}i1"
        self.declare(cttz, f"declare i64 @{cttz}({self.vty('i1')}, i1 immarg)")
        first = self.value("first", f"call i64 @{cttz}({self.vty('i1')} {anyc}, i1 false)")
        lanes = self.const_vec("i64", [str(k) for k in range(vf)])
        fsplat = self.splat_of("i64", first, "first.splat")
        le_first = self.value("upto.first", f"icmp ule {self.vty('i64')} {lanes}, {fsplat}")
        for s in stores:  # its block's own lanes (the exiting lane only before its exit), up to `first`
            self.effect(s, self.and_(self.pred[s.block], le_first))
        self.put(f"br i1 {self.reduce_or(anyc)}, label {ref(self.blocks['exit'])}, label {ref(self.blocks['latch'])}")
        self.cur = self.blocks["latch"]
        self.latch()
        # vec.early.exit: the exit lane `first` takes
        self.cur = self.blocks["exit"]
        for k, (e, x, p) in enumerate(exit_preds):
            here = self.fresh(f"vec.exit.{k}")
            if k + 1 < len(exit_preds):
                nxt = self.fresh("vec.early.exit")
                taken = self.value("taken", f"extractelement {self.vty('i1')} {p}, i64 {first}")
                self.put(f"br i1 {taken}, label {ref(here)}, label {ref(nxt)}")
            else:
                nxt = ""
                self.put(f"br label {ref(here)}")
            self.cur = here
            self.exit_values(e, x, here, first, fsplat, lanes)
            self.put(f"br label {ref(x)}")
            self.cur = nxt

    def exit_values(self, e: str, x: str, here: str, first: str, fsplat: str, lanes: str) -> None:
        """The exit block's phis read each value as lane `first` computed it."""
        for ph in self.f.blocks[x].phis:
            v = ph.ops[ph.incoming.index(e)]
            self.extra.setdefault(ph.name or "", []).append((self.at_lane(v, first, fsplat, lanes), here))

    def at_lane(self, v: Val, first: str, fsplat: str, lanes: str) -> str:
        if v.name is None or v.name not in self.inloop:
            return v.text
        for r in self.recipes.values():
            at = r.at_exit(self, v, first, fsplat, lanes)
            if at is not None:
                return at
        if self.pointer_affine(v):
            off = self.value(f"{v.name}.off", f"mul i64 {first}, {self.stride[v.name]}")
            return self.value(f"{v.name}.exit", f"getelementptr i8, ptr {self.lane0[v.name]}, i64 {off}")
        d = self.defs[v.name]
        if d.opcode == "getelementptr" and d.ops[0].name not in self.inloop:
            # the lane's own address, computed from its indices: its provenance (the base's
            # object) stays visible, which an element of a vector of pointers hides
            idx = ", ".join(f"{o.type} {self.at_lane(o, first, fsplat, lanes)}" for o in d.ops[1:])
            return self.value(f"{v.name}.exit", f"{gep_head(d)}{source_type(d)}, ptr {d.ops[0].text}, {idx}")
        return self.value(f"{v.name}.exit", f"extractelement {self.vty(v.type)} {self.vec(v)}, i64 {first}")

    # ------------------------------------------------------------- the module

    def module_text(self) -> str:
        """The module with the function rewritten: the new blocks after the preheader,
        which enters vec.check; the scalar loop resumed from scalar.ph; the exit
        blocks' phis with their values from vec.early.exit."""
        f = self.f
        lines = [f.function_text.splitlines()[0]]
        for b, blk in f.blocks.items():
            lines.append(f"{_label(b)}:")
            lines.extend("  " + self._rewritten(b, i) for i in blk.instrs)
            if b == self.lp.preheader:
                lines.extend(self._new_blocks())
            lines.append("")
        body = "\n".join(lines).rstrip() + "\n}\n"
        for k, v in self.placeholders.items():
            body = body.replace(k, v)
        text = f.module_text.replace(f.function_text.rstrip(), body.rstrip())
        missing = [d for n, d in sorted(self.decls.items()) if f"@{n}(" not in f.module_text]
        return text.rstrip() + "\n\n" + "\n".join(missing) + "\n" if missing else text

    def _new_blocks(self) -> list[str]:
        """The emitted blocks, in order: vec.check, vec.ph, vec.header, vec.body, the
        rest as made, scalar.ph last."""
        fixed = [self.blocks[k] for k in ("check", "ph", "header", "body")]
        scalar = self.blocks["scalar"]
        order = fixed + [b for b in self.out if b not in fixed and b != scalar] + [scalar]
        return [line for nb in order if nb in self.out for line in (f"{_label(nb)}:", *self.out[nb])]

    def _rewritten(self, b: str, i: Ins) -> str:
        """Instruction i of block b of the scalar function as the emitted one has it."""
        lp = self.lp
        if b == lp.preheader and i is self.f.blocks[b].term:
            return re.sub(rf"label {re.escape(ref(lp.header))}(?=[,\s]|$)", f"label {ref(self.blocks['check'])}",
                          i.text)
        if i.opcode == "phi" and b == lp.header:
            return _phi_text(i, {lp.preheader: (self.blocks["scalar"], self.resume[i.name or ""])})
        if i.opcode == "phi" and i.name in self.extra:
            return _phi_text(i, {}, self.extra[i.name])
        return i.text

def _is_effect(i: Ins) -> bool:
    """A store, or a call without a result that is no intrinsic: made after the exit
    test, masked or lane by lane."""
    return i.opcode == "store" or (i.opcode == "call" and i.name is None
                                   and not (i.callee or "").startswith("llvm."))


def _label(b: str) -> str:
    return ref(b)[1:]


def _phi_text(i: Ins, replace: dict[str, tuple[str, str]], add: list[tuple[str, str]] | None = None) -> str:
    head = i.text.split(" [", 1)[0]
    pairs = []
    for blk, v in zip(i.incoming, i.ops, strict=True):
        if blk in replace:
            nb, nv = replace[blk]
            pairs.append(f"[ {nv}, {ref(nb)} ]")
        else:
            pairs.append(f"[ {v.text}, {ref(blk)} ]")
    pairs += [f"[ {v}, {ref(b)} ]" for v, b in add or []]
    return f"{head} " + ", ".join(pairs)
