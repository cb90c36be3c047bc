"""Everything the `.ll` front end reads from LLVM's printed text, in one place.

llvmlite 0.50 gives values, operands, opcodes, types and parameter attributes
through its API (used everywhere else), but not an instruction's flags (`nsw`,
fast-math, `samesign`), predicates, alignment, shuffle masks, operand bundles,
switch cases or a declaration's memory effects. Those are read here, from the
text LLVM prints for the instruction or declaration, each by one small function
that returns plain data; no other module of the front end uses a regex.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.opcodes import FCMP_PREDS
from verifier.ir.program import Loc
from verifier.ir.types import IntType, Type, VecType
from verifier.limits import MAX_INT_BITS, MAX_LANES, lanes_problem

# ---------------------------------------------------------------- names and labels

LABEL = re.compile(r'^("[^"]*"|[-\w.$]+):')  # a block's label line in a function's text


def clean(name: str) -> str:
    """Our name for an LLVM name (`%4` -> `v4`, `%a.b-c` -> `a.b_c`)."""
    name = name.lstrip("%@")
    name = re.sub(r"[^A-Za-z0-9_.]", "_", name)
    return f"v{name}" if not name or name[0].isdigit() or name[0] == "." else name


def block_label(first_line: str) -> str | None:
    """The label a block's printed text starts with (`loop:`), if it has one."""
    m = re.match(r"^([\w.$-]+):", first_line)
    return m.group(1) if m else None


def operand_text(v: Any) -> str:
    """How LLVM prints a value (an instruction, or an operand with its type)."""
    return str(v).strip()


def type_text(t: Any) -> str:
    """How an llvmlite type reads in IR: a named struct by its name (llvmlite prints
    one with its body, `%struct.s = type { ptr, i64 }`)."""
    printed = str(t).strip()
    return printed.split(" = type ", 1)[0] if printed.startswith("%") and " = type " in printed else printed


def datalayout(lines: list[str]) -> tuple[int, bool, int] | None:
    """The module's `target datalayout`: (its line, 0-based; whether it is big-endian;
    address space 0's pointer bits), None without one (LLVM's default: little-endian,
    64-bit pointers)."""
    for k, line in enumerate(lines):
        m = re.match(r'\s*target datalayout\s*=\s*"([^"]*)"', line)
        if m:
            parts = m.group(1).split("-")
            bits = next((int(x.split(":")[1]) for x in parts if re.match(r"p0?:\d+", x)), 64)
            return k, "E" in parts, bits
    return None


def parse_error(message: str) -> tuple[int, int, str] | None:
    """(line, column, message) of LLVM's parser error, if it names a place."""
    m = re.search(r"<string>:(\d+):(\d+): error: (.*)", message)
    return (int(m.group(1)), int(m.group(2)), m.group(3)) if m else None


# ---------------------------------------------------------------- types

_INT_TYPE = re.compile(r"i(\d+)$")
_VEC_TYPE = re.compile(r"<(\d+) x (\w+)>$")
# IEEE types are read as their bits; only fcmp (and fneg, fabs) look inside them
FLOAT_BITS = {"half": 16, "float": 32, "double": 64}


def parse_type(t: str, loc: Loc | None = None) -> Type | None:
    """iN, half/float/double (as their bits), <W x ...>; `ptr` and `void` as None
    (pointers are handled apart)."""
    t = t.strip()
    if t in ("ptr", "void"):
        return None
    m = _INT_TYPE.match(t)
    if m:
        if int(m.group(1)) > MAX_INT_BITS:
            raise LLUnsupported(f"type {t} (wider than {MAX_INT_BITS} bits)", loc)
        return IntType(int(m.group(1)))
    if t in FLOAT_BITS:
        return IntType(FLOAT_BITS[t])
    m = _VEC_TYPE.match(t)
    if m:
        lane = parse_type(m.group(2), loc)
        if isinstance(lane, IntType):
            lanes = int(m.group(1))
            if lanes_problem(lanes) is not None:
                raise LLUnsupported(f"type {t} (more than {MAX_LANES} lanes)", loc)
            return VecType(lanes, lane)
    raise LLUnsupported(f"type {t}", loc)


def ty_of(v: Any, loc: Loc) -> Type:
    """A value's type, which must be an integer, IEEE or vector type."""
    t = parse_type(str(v.type), loc)
    if t is None:
        raise LLUnsupported(f"a value of type {v.type}", loc)
    return t


def is_int_type(t: str) -> bool:
    """Whether a printed type is a scalar integer type `iN`."""
    return _INT_TYPE.fullmatch(t) is not None


def lane_type(t: str) -> str | None:
    """The lane type of a printed vector type `<W x T>`, else None."""
    m = re.match(r"<\d+ x (.*)>$", t.strip())
    return m.group(1) if m else None


def pointer_lanes(t: str) -> int:
    """W for a vector of pointers `<W x ptr>`, else 0."""
    m = re.fullmatch(r"<(\d+) x ptr>", t)
    return int(m.group(1)) if m else 0


def access_size(t: str, loc: Loc | None) -> int:
    """Bytes of a scalar or vector access: iN or <W x iN>, N a multiple of 8."""
    ty = parse_type(t.strip(), loc)
    if ty is None:
        raise LLUnsupported(f"the size of {t}", loc)
    bits = ty.elem.bits * ty.lanes if isinstance(ty, VecType) else ty.bits
    if bits % 8:
        raise LLUnsupported(f"memory access of {t} (not whole bytes)", loc)
    return bits // 8


def float_types_ok(op: str, src: str, dst: str) -> bool:
    """Whether a float conversion is between the IEEE formats we read (half, float,
    double: not bfloat, x86_fp80, fp128) and integers, lane for lane."""
    s, d = lane_type(src) or src.strip(), lane_type(dst) or dst.strip()
    fl = set(FLOAT_BITS)
    if op in ("fptosi", "fptoui"):
        return s in fl and d.startswith("i")
    if op in ("sitofp", "uitofp"):
        return s.startswith("i") and d in fl
    return s in fl and d in fl


# ---------------------------------------------------------------- constants

def int_vector_lanes(text: str) -> list[int | None] | None:
    """The lanes of a printed integer vector constant (`<4 x i64> <i64 0, i64 16, ...>`,
    `splat (i64 4)`, `zeroinitializer`: []; None for a poison or undef lane), None for
    anything else (a constant expression)."""
    body = text.split(">", 1)[1].strip() if text.startswith("<") and ">" in text else ""
    if body in ("zeroinitializer", "poison", "undef"):
        return [] if body == "zeroinitializer" else [None]
    lanes = re.findall(r"\bi\d+ (-?\d+|poison|undef)\b", body)
    if not lanes or len(lanes) != body.count(",") + 1:
        return None
    return [None if x in ("poison", "undef") else int(x) for x in lanes]


def names_value(body: str, name: str) -> bool:
    """Whether printed IR `body` names the value `name` (`@g`; a quoted name: assumed)."""
    return '"' in name or re.search(re.escape(name) + r"(?![-\w.$])", body) is not None


def global_refs(body: str) -> set[str]:
    """The names of the globals printed IR `body` refers to (`@g`, `@"a b"` as `a b`)."""
    return {m.group(1) or m.group(2) for m in re.finditer(r'@(?:"([^"]+)"|([-\w.$]+))', body)}


def int_literal(text: str) -> int | None:
    """The value of a printed scalar integer constant `iN v` (signed, as printed)."""
    m = re.match(r"i\d+ (-?\d+)$", text)
    return int(m.group(1)) if m else None


def splat_literal(body: str) -> str | None:
    """The lane literal of a constant `splat (T v)`, else None."""
    m = re.match(r"splat \((\w+) (.*)\)$", body)
    return m.group(2) if m else None


# ---------------------------------------------------------------- instruction flags

FAST_MATH = {"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"}
INT_FLAGS = {"nuw", "nsw", "exact", "disjoint", "inbounds", "nusw", "samesign", "nneg"}
_ICMP_PREDS = ("eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge")


_RESULT = re.compile(r'^\s*%(?:"(?:[^"\\]|\\.)*"|[-\w.$]+)\s*=\s*')


def instruction_body(text: str) -> str:
    """An instruction's text without its result's name: `%add = add nsw i32 ...` is
    read from `add`, so that a value named like an opcode (`%add`, `%x.load`) is never
    taken for one (its flags would be lost)."""
    return _RESULT.sub("", text, count=1)


def int_flags(text: str, opcode: str) -> tuple[str, ...]:
    """The flags written after the opcode (`add nuw nsw`, `icmp samesign ult`, ...)."""
    m = re.search(rf"\b{re.escape(opcode)}\b(.*)", instruction_body(text))
    out = []
    for tok in (m.group(1) if m else "").split():
        if tok in INT_FLAGS:
            out.append(tok)
        elif tok not in _ICMP_PREDS:
            break
    return tuple(out)


def fp_flags(text: str, op: str) -> tuple[str, ...]:
    """The fast-math flags written after a float opcode (or `call`)."""
    m = re.search(rf"\b{op}((?: (?:{'|'.join(sorted(FAST_MATH))}))*) ", instruction_body(text))
    return tuple(m.group(1).split()) if m else ()


def icmp_pred(text: str) -> str | None:
    """An icmp's predicate (after an optional `samesign`)."""
    m = re.search(r"icmp(?: samesign)? (\w+)", instruction_body(text))
    return m.group(1) if m else None


def fcmp_form(text: str) -> tuple[tuple[str, ...], str] | None:
    """An fcmp's words before its predicate (fast-math flags) and the predicate."""
    m = re.search(r"fcmp((?: \w+)*?) (" + "|".join(FCMP_PREDS) + r") ", instruction_body(text))
    return (tuple(m.group(1).split()), m.group(2)) if m else None


def fneg_flags(text: str) -> tuple[str, ...] | None:
    """The words between `fneg` and its type (fast-math flags); None if unreadable."""
    m = re.search(r"fneg((?: \w+)*?) (?:half|float|double|<)", instruction_body(text))
    return tuple(m.group(1).split()) if m else None


def qualifiers(text: str, opcode: str) -> set[str]:
    """`atomic` / `volatile` written after a load's or store's opcode."""
    m = re.search(rf"\b{opcode}((?: (?:atomic|volatile))*) ", instruction_body(text))
    return set(m.group(1).split()) if m else set()


def align_of(text: str, default: int = 1) -> int:
    """The `align N` (or a parameter's `align(N)`) written in an instruction,
    parameter or global (default if none)."""
    m = re.search(r"\balign(?: |\()(\d+)", text)
    return int(m.group(1)) if m else default


def masked_align(text: str) -> int:
    """The alignment a masked access's pointer argument carries (`ptr align 4`)."""
    m = re.search(r"(?:ptr|x ptr>) align (\d+)", text)
    return int(m.group(1)) if m else 1


def shuffle_mask(text: str, lanes: int) -> list[int] | None:
    """A shufflevector's mask, a lane per result lane (-1 for poison)."""
    m = re.search(r"<\d+ x i32> (zeroinitializer|poison|<[^>]*>|splat \(i32 -?\d+\))\s*$", text)
    if not m:
        return None
    mk = m.group(1)
    if mk == "zeroinitializer":
        return [0] * lanes
    if mk == "poison":
        return [-1] * lanes
    if mk.startswith("splat"):
        return [int(re.findall(r"-?\d+", mk)[-1])] * lanes
    return [-1 if x.strip().endswith("poison") else int(x.split()[-1]) for x in mk.strip("<>").split(",")]


def switch_values(text: str) -> list[str]:
    """A switch's case values as written (integers, `true`, `false`)."""
    return re.findall(r"\bi\d+ (-?\d+|true|false), label", text)


def alloca_form(text: str) -> tuple[str, int | None, int] | None:
    """An alloca's (allocated type, element count: None where it is a value known only
    at run time (a VLA), align); None if the text is not an alloca's."""
    m = re.search(r"=\s*alloca(?: inalloca)? (.*?)(?:, (i\d+) (-?\d+|%[-\w.$]+|%\"[^\"]*\"))?(?:, align (\d+))?"
                  r"(?:, addrspace\(\d+\))?\s*(?:,\s*!.*)?$", text)
    if not m:
        return None
    count = m.group(3)
    return m.group(1), (None if count.startswith("%") else int(count)) if count else 1, int(m.group(4) or 1)


def gep_source_type(text: str) -> str | None:
    """The source element type a getelementptr indexes."""
    m = re.search(r"getelementptr(?: (?:inbounds|nuw|nusw|inrange\([^)]*\)))* (.*?), ptr", instruction_body(text))
    return m.group(1) if m else None


_CONST_GEP = re.compile(r"^(?:ptr\s+)?getelementptr(?: (?:inbounds|nuw|nusw))* \((.*), ptr (@[-\w.$\"]+)((?:, i\d+ -?\d+)*)\)$")


def const_gep(text: str) -> tuple[str, str, list[int]] | None:
    """A constant-expression getelementptr on a global with constant indices, as an
    operand prints it (`ptr getelementptr inbounds nuw (i8, ptr @t, i64 64)`): its
    source element type, the global's name and the indices; None for anything else."""
    m = _CONST_GEP.match(text.strip())
    if m is None:
        return None
    return m.group(1), m.group(2), [int(x) for x in re.findall(r"i\d+ (-?\d+)", m.group(3))]


# ---------------------------------------------------------------- attributes

def has_attr(attrs: str, word: str) -> bool:
    """Whether an attribute list (or a call's head) says `word` (noundef, nonnull, ...)."""
    return re.search(rf"\b{re.escape(word)}\b", attrs) is not None


def dereferenceable(attrs: str, or_null: bool = False) -> int:
    """The N of `dereferenceable(N)` (`dereferenceable_or_null(N)`), 0 without one."""
    m = re.search(rf"dereferenceable{'_or_null' if or_null else ''}\((\d+)\)", attrs)
    return int(m.group(1)) if m else 0


def returned_attrs(call_text: str, decl: str, name: str) -> str:
    """What a call to @name and its declaration say of the returned value: the words
    before the callee's name (`call noalias dereferenceable_or_null(24) ptr @malloc(`)."""
    return instruction_body(call_text).split(f"@{name}(", 1)[0] + " " + decl.splitlines()[-1].split(f"@{name}(", 1)[0]


def allocation(attrs: str) -> tuple[str, tuple[int, ...]]:
    """An allocator's facts from its function attributes: the kinds of
    `allockind("alloc,uninitialized")` ("" for none) and the argument positions of
    `allocsize(0)` or `allocsize(0, 1)` (the size, or its two factors)."""
    kind = re.search(r'allockind\("([^"]*)"\)', attrs)
    size = re.search(r"allocsize\((\d+)(?:,\s*(\d+))?\)", attrs)
    at = tuple(int(g) for g in size.groups() if g is not None) if size else ()
    return (kind.group(1) if kind else ""), at


def range_attr(attrs: str) -> tuple[int, int] | None:
    """The bounds of `range(iN lo, hi)` as written, None without one."""
    m = re.search(r"\brange\(i(\d+) (-?\d+), (-?\d+)\)", attrs)
    return (int(m.group(2)), int(m.group(3))) if m else None


def global_facts(text: str) -> tuple[bool, str, bool]:
    """A global's (is `constant`, its initializer's text, whether it writes poison or
    undef)."""
    init = text.split("=", 1)[-1]
    return (re.search(r"\bconstant\b", init[:60]) is not None, init,
            re.search(r"\b(poison|undef)\b", init) is not None)


# Where a call's memory effects apply (LangRef "memory(...)"): argmem (through its
# pointer arguments), inaccessiblemem (memory no pointer of the module reaches),
# errnomem, the target's own, and "other" (everything else: globals, escaped objects,
# what pointer parameters may point to). An access is a set of "read" and "write".
ACCESS = {"none": frozenset(), "read": frozenset({"read"}), "write": frozenset({"write"}),
          "readwrite": frozenset({"read", "write"})}


@dataclass(frozen=True)
class CallFacts:
    """What a call may do, from its callee's declaration and the call site together
    (the call site may only narrow the declaration): each location's access, and
    whether it returns (LangRef: `willreturn` and `nounwind` both, or it may end the
    run: exit, longjmp, unwind, never return)."""

    memory: tuple[tuple[str, frozenset[str]], ...]
    willreturn: bool
    nounwind: bool
    noreturn: bool

    def access(self, location: str) -> frozenset[str]:
        """The access to `location` (a name of ACCESS's locations, "other" included)."""
        return dict(self.memory).get(location, dict(self.memory)["other"])

    @property
    def returns(self) -> bool:
        """It returns to the caller, always (LLVM's isGuaranteedToTransferExecutionToSuccessor)."""
        return self.willreturn and self.nounwind


def _memory_of(attrs: str) -> dict[str, frozenset[str]]:
    """The accesses an attribute list allows, by location ("other" for the rest)."""
    every = ACCESS["readwrite"]
    m = re.search(r"\bmemory\(([^)]*)\)", attrs)
    if m:
        out: dict[str, frozenset[str]] = {}
        default = ACCESS["none"]  # memory(argmem: read): no other location
        for part in m.group(1).split(","):
            loc, _, acc = part.rpartition(":")
            if loc.strip():
                out[loc.strip()] = ACCESS.get(acc.strip(), every)
            else:
                default = ACCESS.get(acc.strip(), every)
        return {"other": default, **out}
    base = ACCESS["none"] if has_attr(attrs, "readnone") else ACCESS["read"] if has_attr(attrs, "readonly") \
        else ACCESS["write"] if has_attr(attrs, "writeonly") else every
    if has_attr(attrs, "argmemonly"):
        return {"other": frozenset(), "argmem": base}
    if has_attr(attrs, "inaccessiblememonly"):
        return {"other": frozenset(), "inaccessiblemem": base}
    if has_attr(attrs, "inaccessiblemem_or_argmemonly"):
        return {"other": frozenset(), "argmem": base, "inaccessiblemem": base}
    return {"other": base}


def call_facts(decl: str, site: str = "") -> CallFacts:
    """A call's facts from its callee's declaration text (`decl`: LLVM prints its
    function attributes in a comment above it) and the call site's function
    attributes (`site`, attribute groups resolved: call_site_attrs)."""
    a, b = _memory_of(decl), _memory_of(site)
    memory = {loc: a.get(loc, a["other"]) & b.get(loc, b["other"]) for loc in {*a, *b}}
    both = decl + " " + site
    return CallFacts(tuple(sorted(memory.items())), has_attr(both, "willreturn"), has_attr(both, "nounwind"),
                     has_attr(both, "noreturn"))


def attribute_groups(lines: list[str]) -> dict[str, str]:
    """A module's attribute groups: `attributes #7 = { nounwind }` as {"#7": "nounwind"}."""
    out = {}
    for line in lines:
        m = re.match(r"attributes (#\d+) = \{(.*)\}\s*$", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


def call_site_attrs(call_text: str, groups: dict[str, str]) -> str:
    """The function attributes a call instruction carries after its arguments, its
    attribute groups (`#7`) spelled out."""
    head = instruction_body(call_text).split(", !", 1)[0]
    tail = head[head.rfind(")") + 1:]
    return re.sub(r"#\d+", lambda m: groups.get(m.group(0), ""), tail)


_ATTRIBUTE = re.compile(r'"[^"]*"(?:="[^"]*")?|[a-z_]+\([^)]*\)|[a-z_]+(?:\s+\d+)?')


def attributes_of(text: str, kinds: frozenset[str]) -> dict[str, str]:
    """The attributes of `kinds` an attribute list says, by name: `align 16` as
    {"align": "16"}, `memory(read)` as {"memory": "read"}, `nonnull` as {"nonnull": ""}."""
    out = {}
    for tok in _ATTRIBUTE.findall(text):
        name, _, arg = tok.replace("(", " ").rstrip(")").partition(" ")
        if name in kinds:
            out[name] = arg.strip()
    return out


def typed_integers(text: str) -> list[int]:
    """The integer constants of a metadata tuple's operands (`i32 0, i32 10`)."""
    return [int(x) for x in re.findall(r"i\d+ (-?\d+)", text)]


def declared_facts(module_lines: list[str], callee: str, call_text: str) -> CallFacts:
    """A call's facts from a module's text: the callee's `declare` (or `define`) line,
    its attribute groups spelled out, and the call site's attributes."""
    return call_facts(*_declared(module_lines, callee, call_text))


def _declared(module_lines: list[str], callee: str, call_text: str) -> tuple[str, str]:
    """The callee's `declare` (or `define`) line and the call site's attributes, their
    attribute groups spelled out."""
    groups = attribute_groups(module_lines)
    head = next((line for line in module_lines if line.startswith(("declare", "define"))
                 and f"@{callee}(" in line.replace('"', "")), "")
    return re.sub(r"#\d+", lambda m: groups.get(m.group(0), ""), head), call_site_attrs(call_text, groups)


def speculatable(module_lines: list[str], callee: str, call_text: str) -> bool:
    """Whether the callee's declaration or the call site says `speculatable` (LangRef:
    no effect besides its result, no undefined behaviour: it may run where the source
    does not call it)."""
    return has_attr(" ".join(_declared(module_lines, callee, call_text)), "speculatable")


def declared_parameters(module_lines: list[str], callee: str) -> list[str]:
    """The text of each parameter of the callee's `declare` (or `define`) line, with its
    attributes (`i32 noundef`), in order; none where the module does not declare it."""
    return parameters_of(_declared(module_lines, callee, "")[0], callee)


def parameters_of(text: str, callee: str) -> list[str]:
    """Each parameter (a declaration's) or argument (a call's) after `@callee(` in
    `text`, with its attributes, in order."""
    at = text.replace('"', "").find(f"@{callee}(")
    if at < 0:
        return []
    body, depth, out, cur = text.replace('"', "")[at + len(callee) + 2:], 0, [], ""
    for ch in body:
        if ch == ")" and depth == 0:
            break
        depth += {"(": 1, ")": -1, "{": 1, "}": -1, "<": 1, ">": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [*out, cur.strip()] if cur.strip() else out


def memory_effects(decl: str, site: str = "") -> str:
    """What a callee may do to memory, coarsely (effects_of), from its declaration and
    a call site's attributes."""
    return effects_of(call_facts(decl, site))


def effects_of(facts: CallFacts) -> str:
    """What a call may do to memory, coarsely: "none", "read" (reads only), "argmem"
    (writes only through its pointer arguments or memory nothing else reaches) or "any"."""
    every = [acc for _, acc in facts.memory]
    if not any(every):
        return "none"
    if all("write" not in acc for acc in every):
        return "read"
    if all("write" not in acc for loc, acc in facts.memory if loc not in ("argmem", "inaccessiblemem")):
        return "argmem"
    return "any"


def noreturn(call_text: str, decl: str) -> bool:
    """Whether the callee's declaration or the call itself says `noreturn`."""
    return has_attr(decl, "noreturn") or has_attr(instruction_body(call_text).split("(", 1)[0], "noreturn")


# ---------------------------------------------------------------- operand bundles

def has_bundles(text: str) -> bool:
    """Whether a call carries operand bundles (`call ... [ "align"(...) ]`)."""
    return re.search(r"\)\s*\[\s*\"", text) is not None


_ATTACHMENTS = re.compile(r"(\s*,\s*![-\w.]+\s+!\d+)+\s*$")


def bundles(text: str) -> list[tuple[str, str, list[int]]]:
    """An assume's operand bundles: (kind, the pointer's name or '', its integer arguments)."""
    # the bundles end the call, before its metadata attachments (`, !dbg !20`: every
    # module clang makes with -g has them)
    m = re.search(r"\)\s*\[(.*)\]\s*$", _ATTACHMENTS.sub("", text))
    if not m:
        return []
    out = []
    for kind, body in re.findall(r'"([\w.]+)"\(([^)]*)\)', m.group(1)):
        ptr = re.match(r"\s*ptr ([%@][-\w.$\"]+)", body)
        ints = [int(v) for v in re.findall(r"\bi\d+ (-?\d+)", body)]
        out.append((kind, ptr.group(1) if ptr else "", ints))
    return out


def bundle_value(text: str, kind: str, ptr: str) -> tuple[str, str] | None:
    """The integer argument of bundle `kind` on pointer `ptr` (as written: `%p`) where it
    is an SSA value (`"dereferenceable"(ptr %p, i64 %n)`): its type and name as written."""
    m = re.search(rf'"{re.escape(kind)}"\(ptr {re.escape(ptr)}, (i\d+) (%[-\w.$]+)\)', text)
    return (m.group(1), m.group(2)) if m else None


# debug info (frontend.llvm.debuginfo): metadata nodes, attachments, branch targets
_MD_NODE = re.compile(r"^!(\d+)\s*=\s*(?:distinct\s+)?!(\w+)\((.*)\)\s*$")
_MD_FIELD = re.compile(r'(\w+):\s*("(?:[^"\\]|\\.)*"|![0-9]+|[^,]+)')
_MD_TUPLE = re.compile(r"^!(\d+)\s*=\s*(?:distinct\s+)?!\{(.*)\}\s*$")
_DBG = re.compile(r"!dbg\s+!(\d+)")
_LOOP_MD = re.compile(r"!llvm\.loop\s+!(\d+)")
_TARGET = re.compile(r'label\s+%("[^"]*"|[-\w.$]+)')


def metadata_node(line: str) -> tuple[str, str, dict[str, str]] | None:
    """`!5 = !DILocation(line: 4, ...)` as ("5", "DILocation", {"line": "4", ...})."""
    m = _MD_NODE.match(line)
    if m is None:
        return None
    return m.group(1), m.group(2), {f.group(1): f.group(2).strip() for f in _MD_FIELD.finditer(m.group(3))}


def metadata_tuple(line: str) -> tuple[str, list[str]] | None:
    """`!12 = distinct !{!12, !8, !14}` as ("12", ["12", "8", "14"]) (its node operands)."""
    m = _MD_TUPLE.match(line)
    if m is None:
        return None
    return m.group(1), [x.strip()[1:] for x in m.group(2).split(",") if x.strip().startswith("!")]


def attachment(text: str, kind: str) -> str | None:
    """The node number an instruction's `!kind !N` attachment names (None: none)."""
    m = re.search(rf",\s*!{re.escape(kind)}\s+!(\d+)", text)
    return m.group(1) if m else None


def tuple_text(lines: list[str], node: str) -> str | None:
    """The operands of a module's metadata tuple `!N = !{...}` as written."""
    for line in lines:
        m = _MD_TUPLE.match(line)
        if m is not None and m.group(1) == node:
            return m.group(2)
    return None


def dbg_ref(line: str) -> str | None:
    """The node a `!dbg !N` attachment names."""
    m = _DBG.search(line)
    return m.group(1) if m else None


def loop_ref(line: str) -> str | None:
    """The node a latch's `!llvm.loop !N` attachment names."""
    m = _LOOP_MD.search(line)
    return m.group(1) if m else None


def branch_targets(line: str) -> list[str]:
    """The labels a terminator names (`label %x`), without `%` or quotes."""
    return [t.strip('"') for t in _TARGET.findall(line)]


_SCALABLE_TYPE = re.compile(r"<vscale x (\d+) x ")
_SCALABLE_MANGLING = re.compile(r"\.nxv(\d+)(?=[a-z])")  # llvm.vector.reduce.or.nxv4i1 -> .v16i1 at vscale 4
_VSCALE_RANGE = re.compile(r"\bvscale_range\((\d+)(?:,\s*(\d+))?\)")


def is_scalable(text: str) -> bool:
    """Whether module text uses scalable vector types or llvm.vscale (scalable.py)."""
    return _SCALABLE_TYPE.search(text) is not None or "@llvm.vscale." in text


_DECLARED = re.compile(r"declare\b[^@]*@([-\w.$]+)\(")


def at_vscale(text: str, vscale: int) -> str:
    """Module text with every scalable vector type made fixed at `vscale`, and the
    intrinsics' names mangled for those types (the IR verifier checks the mangling).
    Lines and their order are kept, so positions still point at the user's file."""
    text = _SCALABLE_TYPE.sub(lambda m: f"<{int(m.group(1)) * vscale} x ", text)
    text = _SCALABLE_MANGLING.sub(lambda m: f".v{int(m.group(1)) * vscale}", text)
    # a module that declares an intrinsic for both kinds of vector (`.nxv4i1` and
    # `.v4i1`) now declares one twice: the second becomes a blank line
    seen: set[str] = set()
    lines = text.split("\n")
    for k, line in enumerate(lines):
        m = _DECLARED.match(line)
        if m is not None:
            if m.group(1) in seen:
                lines[k] = ""
            seen.add(m.group(1))
    return "\n".join(lines)


def vscale_range_attr(attrs: str) -> tuple[int, int, str] | None:
    """A function's `vscale_range(min, max)` as (min, max, as written); `vscale_range(n)`
    is (n, n); None without one."""
    m = _VSCALE_RANGE.search(attrs)
    if m is None:
        return None
    lo = int(m.group(1))
    return lo, int(m.group(2)) if m.group(2) is not None else lo, m.group(0)


_AGGREGATE_INDEX = re.compile(r",\s*(\d+)\s*(?:,\s*!.*)?$")  # insertvalue's / extractvalue's one index, last


def aggregate_index(text: str) -> int | None:
    """The one index of an insertvalue or extractvalue as LLVM prints it (None: more)."""
    m = _AGGREGATE_INDEX.search(text)
    return int(m.group(1)) if m is not None and not re.search(r",\s*\d+\s*,\s*\d+", text) else None


def struct_fields(text: str, loc: Loc) -> list[Type]:
    """The field types of a flat struct type `{ i64, i8 }` (integers, floats, vectors)."""
    inner = text.strip()
    if not (inner.startswith("{") and inner.endswith("}")) or "{" in inner[1:-1]:
        raise LLUnsupported(f"type {text} (a struct of scalars and vectors is read)", loc)
    out: list[Type] = []
    for part in inner[1:-1].split(","):
        t = parse_type(part.strip(), loc)
        if t is None:
            raise LLUnsupported(f"type {text} (a struct of scalars and vectors is read)", loc)
        out.append(t)
    return out


_IEEE_WIDTHS = {"half": 16, "float": 32, "double": 64}  # LLVM's IEEE types (bfloat is not one)


def ieee_width(type_text: str) -> int | None:
    """The width of an IEEE float type or of a vector's IEEE lanes (`<4 x float>`: 32);
    None for any other type."""
    return _IEEE_WIDTHS.get(type_text.split(" x ")[-1].rstrip(">").strip())


_DEBUG_VERSION = re.compile(r'(!"Debug Info Version", i32 )\d+')


def without_debug_verification(text: str) -> str | None:
    """The module's text with its debug-info version changed, if it has one: LLVM's
    parser verifies a module whose debug info is of the current version and aborts the
    process when it is broken (UpgradeDebugInfo); of another version, it only drops the
    debug info. None when the module carries no version."""
    if '"Debug Info Version"' not in text:
        return None
    return _DEBUG_VERSION.sub(r"\g<1>0", text)


def instruction_lines(lines: list[str], define: int) -> list[int]:
    """The index in `lines` of each instruction of the function whose `define` line is
    at index `define`, in order: LLVM prints one per line; labels, comments, blank
    lines and a switch's case lines (up to its `]`) are none."""
    at: list[int] = []
    k = define + 1
    while k < len(lines):
        line = lines[k]
        body = line.split(";", 1)[0].strip() if not line.lstrip().startswith('"') else line.strip()
        if line.startswith("}"):
            break
        if body and not LABEL.match(line):
            at.append(k)
            if body.endswith("["):  # a switch: its cases run to the closing bracket
                while k + 1 < len(lines) and not lines[k].strip().startswith("]"):
                    k += 1
        k += 1
    return at
