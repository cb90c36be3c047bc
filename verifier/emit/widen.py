"""The emitter's widening: each loop instruction as its vector of VF lanes (flags that
only make poison dropped, conditional divisors masked to 1), comparisons of a pointer
induction's lanes as scalars, and the first lane and stride of values an address is
computed from (an induction plus constants)."""

from __future__ import annotations

import re
from collections.abc import Callable

from verifier.emit.builder import gep_head, source_type
from verifier.emit.memory import Memory
from verifier.emit.reader import EmitUnsupported, Ins, Val, ref
from verifier.frontend.llvm.text import (
    declared_facts,
    declared_parameters,
    effects_of,
    fcmp_form,
    fp_flags,
    has_attr,
    icmp_pred,
    int_flags,
    speculatable,
)
from verifier.ir.opcodes import DIVISIONS, FBINOPS, Family, llvm_binary, of_family

# flags whose only effect is poison where they fail (LangRef): a lane past the scalar
# loop's exit computes what the loop never does, so the vector body drops them (a
# defined value refines poison) and its masks and addresses stay defined
POISON_FLAGS = frozenset({"nsw", "nuw", "exact", "disjoint", "nneg", "samesign", "nnan", "ninf"})
FAST = ("reassoc", "nsz", "arcp", "contract", "afn")  # `fast` less nnan and ninf
_INT_BINOPS = tuple(llvm_binary(intrinsic=False))
_CASTS = (*of_family(Family.INT_CAST), *of_family(Family.FLOAT_CAST), "bitcast")
# elementwise intrinsics (llvm.NAME.<type>): the vector call is the same per lane
_ELEMENTWISE = ("smax", "smin", "umax", "umin", "abs", "fabs", "sqrt", "floor", "ceil", "trunc", "round",
                "minnum", "maxnum", "ctpop", "ctlz", "cttz", "uadd.sat", "usub.sat", "sadd.sat", "ssub.sat",
                "fmuladd", "fma")
_IMMARG_LAST = ("abs", "ctlz", "cttz")  # their last (i1) argument stays scalar
# an operation by a constant c: the stride between lanes of its result, from its operand's
_STRIDE_OF: dict[str, Callable[[int, int], int]] = {
    "add": lambda s, c: s, "sub": lambda s, c: s, "mul": lambda s, c: s * c, "shl": lambda s, c: s << c,
}
_MANGLED = re.compile(r"^(i\d+|f16|f32|f64|half|float|double)$")


def _vector_intrinsic(callee: str, vf: int) -> str:
    """An elementwise intrinsic's name over vectors of `vf`: llvm.smax.i32 -> llvm.smax.v4i32."""
    return ".".join(f"v{vf}{p}" if _MANGLED.match(p) and k >= 2 else p for k, p in enumerate(callee.split(".")))


def defined(flags: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """`flags` without those that only make poison (`fast`: its other flags)."""
    out = [f for f in flags if f not in POISON_FLAGS and f != "fast"]
    return tuple(dict.fromkeys([*out, *(FAST if "fast" in flags else ())]))


class Widen(Memory):
    """Memory plus every other instruction of the body, for every lane."""

    def vec(self, v: Val) -> str:
        """Operand v for every lane."""
        if v.name is None or v.name not in self.inloop:
            return self.splat(v)
        if v.name not in self.wide:
            self.compute(v.name, v.text)
        return self.wide[v.name]

    def compute(self, name: str, text: str) -> None:
        """The vector of loop value `name` where the body has not made it yet: by its
        recipe (a scan's lanes), or a GEP widened where a lane's address is needed; a
        pointer induction's lanes stay scalar, and any other value is made in order."""
        d = self.defs[name]
        if self.pointer_affine(Val(text, d.type, name)):
            raise EmitUnsupported(f"a vector of the pointers {text} (the emitter keeps a pointer induction's "
                                  "lanes scalar, for a compare, an exit value or a call)", d.line)
        lazy = next((c for c in self.carried.values() if name in c.lazy), None)
        if lazy is not None:
            lazy.lanes(self)
        elif d.opcode == "getelementptr":
            self.widen(d)
        else:
            raise EmitUnsupported(f"{text} (a {d.opcode}) is needed for the lanes before the vector body computes "
                                  "it: values read in an order the emitter does not lower", d.line)

    def first_lane(self, v: Val) -> str:
        """The first lane of an affine loop value (or an invariant)."""
        if v.name is None or v.name not in self.inloop:
            return v.text
        return self.lane0[v.name]

    def widen(self, i: Ins) -> None:
        """Instruction i for every lane, as a vector value in the current block (one
        method per kind of instruction, by `_WIDEN`)."""
        assert i.name is not None
        how = _WIDEN.get(i.opcode)
        if how is None:
            raise EmitUnsupported(f"instruction {i.opcode}: {i.shown}", i.line)
        how(self, i)

    def binary(self, i: Ins) -> None:
        """An integer or floating-point binary operation; a divisor of conditional code
        is 1 in the lanes that do not run it."""
        assert i.name is not None
        op, vt = i.opcode, self.vty(i.type)
        flags = defined(int_flags(i.text, op) if op in _INT_BINOPS else fp_flags(i.text, op))
        a, b = self.vec(i.ops[0]), self.vec(i.ops[1])
        if op in DIVISIONS and self.pred.get(i.block, self.ones()) != self.ones():
            b = self.value(f"{i.name}.divisor", f"select {self.vty('i1')} {self.pred[i.block]}, {vt} {b}, "
                                                 f"{vt} {self.const_vec(i.type, ['1'] * self.vf)}")
        self.wide[i.name] = self.value(f"{i.name}.v", f"{' '.join((op, *flags))} {vt} {a}, {b}")
        self.affine(i)

    def fneg(self, i: Ins) -> None:
        assert i.name is not None
        words = " ".join(("fneg", *defined(fp_flags(i.text, i.opcode))))
        self.wide[i.name] = self.value(f"{i.name}.v", f"{words} {self.vty(i.type)} {self.vec(i.ops[0])}")

    def compare(self, i: Ins) -> None:
        """icmp or fcmp, lane by lane where it compares a pointer induction's lanes."""
        assert i.name is not None
        if i.opcode == "icmp" and any(o.name in self.inloop and self.pointer_affine(o) for o in i.ops[:2]):
            self.wide[i.name] = self.pointer_compare(i)
            return
        if i.opcode == "icmp":
            words = ("icmp", *defined(int_flags(i.text, "icmp")), icmp_pred(i.text) or "")
        else:
            form = fcmp_form(i.text)
            if form is None:
                raise EmitUnsupported(f"{i.shown}", i.line)
            words = ("fcmp", *defined(form[0]), form[1])
        self.wide[i.name] = self.value(f"{i.name}.v", f"{' '.join(words)} {self.vty(i.ops[0].type)} "
                                                      f"{self.vec(i.ops[0])}, {self.vec(i.ops[1])}")

    def cast(self, i: Ins) -> None:
        assert i.name is not None
        if "ptr" in (i.type, i.ops[0].type):
            raise EmitUnsupported(f"a pointer cast: {i.shown}", i.line)
        words = " ".join((i.opcode, *defined(int_flags(i.text, i.opcode))))
        self.wide[i.name] = self.value(f"{i.name}.v", f"{words} {self.vty(i.ops[0].type)} {self.vec(i.ops[0])} "
                                                      f"to {self.vty(i.type)}")
        self.affine(i)

    def select(self, i: Ins) -> None:
        assert i.name is not None
        vt = self.vty(i.type)
        fmf = " ".join(defined(fp_flags(i.text, "select")))
        self.wide[i.name] = self.value(f"{i.name}.v", f"select {fmf + ' ' if fmf else ''}{self.vty('i1')} "
                                                      f"{self.vec(i.ops[0])}, {vt} {self.vec(i.ops[1])}, "
                                                      f"{vt} {self.vec(i.ops[2])}")

    def freeze(self, i: Ins) -> None:
        assert i.name is not None
        self.wide[i.name] = self.value(f"{i.name}.v", f"freeze {self.vty(i.type)} {self.vec(i.ops[0])}")

    def pointer_compare(self, i: Ins) -> str:
        """icmp i of a pointer induction's lanes, lane by lane as scalars (ptr_lane),
        gathered into a vector of i1 (as `p == end`, a countable exit)."""
        words = " ".join(("icmp", *int_flags(i.text, "icmp"), icmp_pred(i.text) or ""))
        acc = "poison"
        for k in range(self.vf):
            a, b = (self.lane_of(o, k) for o in i.ops[:2])
            c = self.value(f"{i.name}.lane{k}", f"{words} ptr {a}, {b}")
            acc = self.value(f"{i.name}.v", f"insertelement {self.vty('i1')} {acc}, i1 {c}, i64 {k}")
        return acc

    def affine(self, i: Ins) -> None:
        """Track i's first lane and stride where it is an induction plus constants
        (the index of a consecutive access)."""
        assert i.name is not None
        a = i.ops[0]
        if a.name not in self.stride:
            return
        cast = i.opcode in ("zext", "sext", "trunc")
        scale = _STRIDE_OF.get(i.opcode) if i.ops[1:] and i.ops[1].name is None else None
        if scale is None and not cast:
            return
        words = " ".join((i.opcode, *int_flags(i.text, i.opcode)))
        if cast:
            rhs = f"{words} {a.type} {self.lane0[a.name]} to {i.type}"
        else:
            rhs = f"{words} {i.type} {self.lane0[a.name]}, {i.ops[1].text}"
        self.lane0[i.name] = self.value(f"{i.name}.lane0", rhs)
        self.stride[i.name] = self.stride[a.name] if scale is None else scale(self.stride[a.name], int(i.ops[1].text))

    def gep_vector(self, i: Ins) -> None:
        assert i.name is not None
        base = i.ops[0]
        if self.pointer_affine(Val(ref(i.name), "ptr", i.name)):
            return  # its lanes are scalars off its first lane (ptr_lane), never a vector
        if base.name in self.inloop and not self.pointer_affine(base):
            raise EmitUnsupported(f"an address computed from a pointer the loop changes other than by a "
                                  f"constant step: {i.shown}", i.line)
        src = source_type(i)
        idx = ", ".join(f"{self.vty(o.type)} {self.vec(o)}" if o.name in self.inloop else f"{o.type} {o.text}"
                        for o in i.ops[1:])
        b = f"{self.vty('ptr')} {self.vec(base)}" if base.name in self.inloop else f"ptr {base.text}"
        self.wide[i.name] = self.value(f"{i.name}.v", f"{gep_head(i)}{src}, {b}, {idx}")

    def call(self, i: Ins) -> None:
        """A call to an elementwise intrinsic: the same intrinsic over vectors."""
        callee = i.callee or ""
        base = next((b for b in _ELEMENTWISE if callee.startswith(f"llvm.{b}.")), None)
        if i.name is None:
            raise EmitUnsupported(f"a call to @{callee} with no result", i.line)
        if base is None:
            self.call_per_lane(i, callee)
            return
        name = _vector_intrinsic(callee, self.vf)
        args = self.call_args(i.ops[:-1], base in _IMMARG_LAST)
        vt = self.vty(i.type)
        fmf = " ".join(defined(fp_flags(i.text, "call")))
        self.declare(name, f"declare {vt} @{name}({', '.join(t for t, _ in args)})")
        self.wide[i.name] = self.value(f"{i.name}.v", f"call {fmf + ' ' if fmf else ''}{vt} @{name}("
                                                      f"{', '.join(f'{t} {v}' for t, v in args)})")

    def call_per_lane(self, i: Ins, callee: str) -> None:
        """A call with a result that is no elementwise intrinsic: one scalar call per lane,
        for every lane, as LLVM's replicate recipe makes it. Only a callee declared
        `speculatable` with `memory(none)` may run for lanes the scalar loop never runs
        (past the exit, in a branch not taken): nothing else is called for them."""
        decl = declared_facts(self.f.module_text.splitlines(), callee, i.text)
        if not (effects_of(decl) == "none" and speculatable(self.f.module_text.splitlines(), callee, i.text)):
            raise EmitUnsupported(f"a call to @{callee} whose result the loop uses and that is not both "
                                  "`speculatable` and `memory(none)`: the vector body would call it for lanes the "
                                  "scalar loop does not run", i.line)
        params = declared_parameters(self.f.module_text.splitlines(), callee)
        out = "poison"
        for k in range(self.vf):
            texts = []
            for n, a in enumerate(i.ops[:-1]):
                x = self.lane_of(a, k)
                if n < len(params) and has_attr(params[n], "noundef"):  # poison there is UB: a lane past the
                    x = self.value(f"{i.name}.arg{n}.fr", f"freeze {a.type} {x}")  # exit may hold it
                texts.append(f"{a.type} {x}")
            lane = self.value(f"{i.name}.lane{k}", f"call {i.type} @{callee}({', '.join(texts)})")
            out = self.value(f"{i.name}.v", f"insertelement {self.vty(i.type)} {out}, {i.type} {lane}, i64 {k}")
        self.wide[i.name or ""] = out

    def call_args(self, args: list[Val], immarg_last: bool) -> list[tuple[str, str]]:
        """Each argument's (type, value) for the vector call: vectors, but an immediate
        last argument (llvm.abs's, llvm.ctlz's) as it is."""
        out = [(self.vty(a.type), self.vec(a)) for a in args[:-1]]
        last = args[-1:]
        return out + [(a.type, a.text) if immarg_last else (self.vty(a.type), self.vec(a)) for a in last]

    def lane_of(self, v: Val, k: int) -> str:
        """Lane k of operand v (an invariant as it is)."""
        if v.name is None or v.name not in self.inloop:
            return v.text
        if self.pointer_affine(v):
            return self.ptr_lane(v, k)
        return self.value(f"{v.name}.lane{k}", f"extractelement {self.vty(v.type)} {self.vec(v)}, i64 {k}")


# how each instruction is widened (Widen.widen)
_WIDEN: dict[str, Callable[[Widen, Ins], None]] = {
    **dict.fromkeys((*_INT_BINOPS, *FBINOPS), Widen.binary),
    **dict.fromkeys(_CASTS, Widen.cast),
    "fneg": Widen.fneg, "icmp": Widen.compare, "fcmp": Widen.compare, "select": Widen.select,
    "freeze": Widen.freeze, "getelementptr": Widen.gep_vector, "load": Widen.load, "call": Widen.call,
}
