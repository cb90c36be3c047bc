"""Every operation of the IR in one table: its syntax in the model language, the
flags and attributes it carries, its operands, and what the analyses need to know
(may it fault, is it an effect, does it need the float theory, is it hard for a
solver). The parsers, the printer, the analyses and the checks read this table;
only the semantics (`semantics/ops.py`) is written elsewhere, once, over a domain.

Adding an operation: a row here and its semantics there (docs/architecture.md "Adding an
operation"); `tests/test_opcodes.py` then makes it round-trip through the printer
and both parsers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Syntax(Enum):
    """How an operation is written in the model language (`.loop`, block form)."""

    INFIX = "infix"            # a SYM b; flags after the symbol: a +nsw.nuw b, a /u.exact b
    COMPARE = "compare"        # a SYM b, the symbol naming the predicate: a <u b, a ==samesign b
    CALL = "call"              # name[.attr][.flag...](a, b, ...): fcmp.olt.nnan(x, y), reduce.or(v)
    CONVERSION = "conversion"  # name[.flag...](x, T): zext.nneg(x, i64), fptosi(x, i32)
    LANES = "lanes"            # name(x, W): a W-lane vector made from a scalar
    SHUFFLE = "shuffle"        # shuffle(a, b, [m1, m2, ...]) with -1 for a poison lane
    LOAD = "load"              # a[i], a[i .. i+W) (contiguous), a[v] (gather)
    STORE = "store"            # a[i] = x, a[i .. i+W) = v
    FUNC_CALL = "func_call"    # f(a, b): a declared pure function or effect
    OUT = "out"                # out name[: T] = x
    ASSUME = "assume"          # assume c
    INTERNAL = "internal"      # made by the checks only; printed like CALL, never read


class Operands(Enum):
    """Where an integer literal operand gets its type from (the block form writes
    literals bare; a named operand's type is its definition's)."""

    SAME = "same"          # every operand has the result's type (or a named operand's)
    COMPARED = "compared"  # both operands have one type: a named operand's, else i64
    SELECT = "select"      # i1 lanes shaped like the result, then the result's type twice
    ELEM = "elem"          # every operand has the result's lane type
    INDEX = "index"        # one i64 operand
    INSERT = "insert"      # (vector: the result's type, lane: its lane type, position: i64)
    EXTRACT = "extract"    # (vector: named, position: i64)
    NAMED = "named"        # operands must be named values (their types are not the result's)
    OWN = "own"            # the syntax types its operands itself (memory, calls, out, assume)


class Family(Enum):
    """Groups of operations the semantics computes by one lane rule."""

    INT_BINARY = "int_binary"      # semantics.ops.binop_lane
    INT_CAST = "int_cast"          # cast_lane
    ICMP = "icmp"
    FCMP = "fcmp"
    FLOAT_BINARY = "float_binary"  # fbin_lane
    FMA = "fma"                    # fma_lane
    FLOAT_MINMAX = "float_minmax"  # fminmax_lane
    FLOAT_UNARY = "float_unary"    # funary_lane
    FLOAT_CAST = "float_cast"      # fcast_lane
    BITCOUNT = "bitcount"          # bitcount_lane
    OTHER = "other"                # a rule of its own, by name


class LaneRule(Enum):
    """How an operation's result relates across the VF lanes of one vector iteration,
    given its operands' relations (analysis/lanes.py, seed 002's calcSIMDLaneEvolution)."""

    PURE = "pure"        # lanes agree wherever every operand's lanes agree
    ADD = "add"          # strides add: (base + s*k) + (base' + t*k)
    SUB = "sub"          # strides subtract
    MUL = "mul"          # a stride times a uniform constant
    SHL = "shl"          # a stride shifted by a uniform constant
    DIV = "div"          # seed 001: i / C is uniform over aligned groups of C lanes
    REM = "rem"          # seed 001: i % C is a base plus the lane within such groups
    AND = "and"          # x & (2^k - 1) is x % 2^k; otherwise pure
    CAST = "cast"        # trunc keeps a stride; extensions keep it where nothing wraps
    SELECT = "select"    # a uniform condition picks one arm's relation
    COPY = "copy"        # freeze: its operand's relation
    LOAD = "load"        # uniform only from a uniform address of memory the loop never writes
    CALL = "call"        # a pure callee is pure; an effect's result is random
    NONE = "none"        # no value (store, out, assume) or a vector operation: random


@dataclass(frozen=True)
class Opcode:
    """One operation's every facet but its semantics."""

    name: str
    syntax: Syntax
    operands: Operands
    arity: int | None                  # operands before a mask; None: one or more
    family: Family = Family.OTHER
    symbols: tuple[str, ...] = ()      # INFIX / COMPARE: the operator (the first is printed)
    flags: tuple[str, ...] = ()        # LLVM's flags it may carry (attrs["flags"])
    switches: tuple[str, ...] = ()     # boolean attributes, written like flags: abs.int_min_poison
    attr: str = ""                     # an attribute written after the name: fcmp.olt, reduce.or
    attr_values: tuple[str, ...] = ()  # its values
    faults: bool = False               # may be immediate UB on a lane that runs it
    effect: bool = False               # observable beyond its result: never reordered across lanes
    memory: bool = False               # reads or writes an array
    maskable: bool = False             # may take a trailing mask operand (`when (m)`)
    floats: bool = False               # needs the solver's floating-point theory
    nonlinear: bool = False            # large circuits: left uninterpreted in a first attempt
    structured: bool = False           # a builtin of the structured `.loop` form too
    lanes: LaneRule = LaneRule.PURE    # how its lanes relate in one vector iteration
    doc: str = ""
    # LLVM's name for it where the LLVM front end reads it one for one, operands in
    # order: an instruction ("add") or an intrinsic ("llvm.umin", any type suffix)
    llvm: str = ""


CMP_PREDICATES = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
                  "ult": "<u", "ule": "<=u", "ugt": ">u", "uge": ">=u"}
FCMP_PREDS = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
              "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true")
REDUCE_KINDS = ("or", "and", "xor", "add", "mul", "umin", "umax", "smin", "smax")
CTTZ_ELTS_RULES = ("any-poison", "first-true")
FAST_MATH = ("nnan", "ninf")  # the fast-math flags whose meaning is poison (LangRef)
# the fast-math flags that let a math intrinsic's result be another value than IEEE's
# (LangRef: `afn` approximates; nsz, arcp, contract, reassoc license rewrites LangRef
# does not bound): semantics/ops.py makes that result an `approximation` choice
APPROXIMATING = ("nsz", "arcp", "contract", "afn", "reassoc")
WRAP = ("nsw", "nuw")


def _binary(name: str, symbols: tuple[str, ...], flags: tuple[str, ...] = (), *, faults: bool = False,
            nonlinear: bool = False, lanes: LaneRule = LaneRule.PURE, doc: str = "") -> Opcode:
    return Opcode(name, Syntax.INFIX, Operands.SAME, 2, Family.INT_BINARY, symbols, flags, faults=faults,
                  maskable=True, nonlinear=nonlinear, lanes=lanes, doc=doc, llvm=name)


FLOAT_UNARY_LLVM = {"ftrunc": "trunc"}  # the row's name where LLVM's (llvm.trunc) is an integer row's


def _call(name: str, operands: Operands, arity: int | None, family: Family = Family.OTHER, **kw: object) -> Opcode:
    return Opcode(name, Syntax.CALL, operands, arity, family, **kw)  # type: ignore[arg-type]


_TABLE = (
    _binary("add", ("+",), WRAP, lanes=LaneRule.ADD),
    _binary("sub", ("-",), WRAP, lanes=LaneRule.SUB),
    _binary("mul", ("*",), WRAP, nonlinear=True, lanes=LaneRule.MUL),
    _binary("sdiv", ("/", "/s"), ("exact",), faults=True, nonlinear=True, lanes=LaneRule.DIV, doc="UB: by zero, INT_MIN / -1"),
    _binary("udiv", ("/u",), ("exact",), faults=True, nonlinear=True, lanes=LaneRule.DIV, doc="UB: by zero"),
    _binary("srem", ("%", "%s"), faults=True, nonlinear=True, lanes=LaneRule.REM),
    _binary("urem", ("%u",), faults=True, nonlinear=True, lanes=LaneRule.REM),
    _binary("shl", ("<<",), WRAP, lanes=LaneRule.SHL),
    _binary("ashr", (">>",), ("exact",), lanes=LaneRule.DIV),
    _binary("lshr", (">>u",), ("exact",), lanes=LaneRule.DIV),
    _binary("and", ("&",), lanes=LaneRule.AND),
    _binary("or", ("|",), ("disjoint",)),
    _binary("xor", ("^",)),
    *(_call(m, Operands.SAME, 2, Family.INT_BINARY, maskable=True, structured=True, llvm=f"llvm.{m}")
      for m in ("smin", "smax", "umin", "umax")),
    Opcode("icmp", Syntax.COMPARE, Operands.COMPARED, 2, Family.ICMP, attr="pred",
           attr_values=tuple(CMP_PREDICATES), flags=("samesign",), structured=True),
    _call("fcmp", Operands.COMPARED, 2, Family.FCMP, attr="pred", attr_values=FCMP_PREDS,
          flags=(*FAST_MATH, "fast"), floats=True, doc="on IEEE values given by their bits"),
    *(_call(f, Operands.SAME, 2, Family.FLOAT_BINARY, flags=FAST_MATH, floats=True)
      for f in ("fadd", "fsub", "fmul", "fdiv")),
    *(_call(f, Operands.SAME, 3, Family.FMA, flags=FAST_MATH, floats=True, nonlinear=True)
      for f in ("fma", "fmuladd")),
    *(_call(f, Operands.SAME, 2, Family.FLOAT_MINMAX, flags=("nnan", "ninf", "nsz"), llvm=f"llvm.{f}",
            doc="llvm.minnum and friends on IEEE values given by their bits")
      for f in ("minnum", "maxnum", "minimum", "maximum", "minimumnum", "maximumnum")),
    *(_call(f, Operands.SAME, 1, Family.FLOAT_UNARY, flags=(*FAST_MATH, *APPROXIMATING), floats=True,
            nonlinear=True,
            llvm=f"llvm.{FLOAT_UNARY_LLVM.get(f, f)}", doc="llvm.sqrt, llvm.floor, ... on IEEE values given by their bits")
      for f in ("sqrt", "floor", "ceil", "ftrunc", "round", "roundeven", "rint", "nearbyint")),
    *(Opcode(c, Syntax.CONVERSION, Operands.NAMED, 1, Family.FLOAT_CAST,
             flags=("nneg",) if c == "uitofp" else (), floats=True)
      for c in ("fptosi", "fptoui", "sitofp", "uitofp", "fpext", "fptrunc")),
    Opcode("zext", Syntax.CONVERSION, Operands.NAMED, 1, Family.INT_CAST, flags=("nneg",), structured=True,
           lanes=LaneRule.CAST),
    Opcode("sext", Syntax.CONVERSION, Operands.NAMED, 1, Family.INT_CAST, structured=True, lanes=LaneRule.CAST),
    Opcode("trunc", Syntax.CONVERSION, Operands.NAMED, 1, Family.INT_CAST, flags=WRAP, structured=True,
           lanes=LaneRule.CAST),
    Opcode("bitcast", Syntax.CONVERSION, Operands.NAMED, 1, structured=True, doc="bits regrouped at one total width: <W x i1> <-> iW, <16 x i8> <-> <4 x i32>"),
    _call("select", Operands.SELECT, 3, structured=True, lanes=LaneRule.SELECT),
    _call("freeze", Operands.SAME, 1, structured=True, lanes=LaneRule.COPY),
    _call("abs", Operands.SAME, 1, switches=("int_min_poison",), structured=True),
    *(_call(b, Operands.SAME, 1, Family.BITCOUNT, switches=("zero_poison",) if b != "ctpop" else ())
      for b in ("cttz", "ctlz", "ctpop")),
    *(_call(c, Operands.NAMED, 1, structured=True, doc="seed 000: count leading zero / non-zero lanes")
      for c in ("clsz", "clsnz")),
    *(_call(r, Operands.NAMED, 1, structured=True, doc="llvm.vector.reduce.or / .and on i1 lanes")
      for r in ("anyof", "allones")),
    _call("extract", Operands.EXTRACT, 2, structured=True, doc="lane n, numbered from 1"),
    _call("cttz_elts", Operands.NAMED, 1, attr="rule", attr_values=CTTZ_ELTS_RULES, switches=("zero_poison",),
          doc="llvm.experimental.cttz.elts"),
    _call("reduce", Operands.NAMED, 1, attr="kind", attr_values=REDUCE_KINDS, doc="llvm.vector.reduce.<kind>"),
    Opcode("shuffle", Syntax.SHUFFLE, Operands.NAMED, 2, doc="shufflevector"),
    _call("insertelt", Operands.INSERT, 3, doc="insertelement, lanes from 0"),
    _call("extractelt", Operands.EXTRACT, 2, doc="extractelement, lanes from 0"),
    *(Opcode(v, Syntax.LANES, Operands.ELEM if v != "prefix" else Operands.INDEX, 1, structured=True)
      for v in ("prefix", "iota", "splat")),
    _call("vec", Operands.ELEM, None, structured=True),
    Opcode("load", Syntax.LOAD, Operands.OWN, 1, faults=True, memory=True, maskable=True, structured=True,
           lanes=LaneRule.LOAD),
    Opcode("store", Syntax.STORE, Operands.OWN, 2, faults=True, effect=True, memory=True, maskable=True,
           structured=True, lanes=LaneRule.NONE),
    Opcode("call", Syntax.FUNC_CALL, Operands.OWN, None, faults=True, effect=True, maskable=True, structured=True,
           lanes=LaneRule.CALL,
           doc="faults and effects as the callee's declaration says"),
    Opcode("out", Syntax.OUT, Operands.OWN, 1, effect=True, structured=True, lanes=LaneRule.NONE),
    Opcode("assume", Syntax.ASSUME, Operands.OWN, 1, faults=True, maskable=True, structured=True, lanes=LaneRule.NONE,
           doc="UB when false"),
    Opcode("check_same", Syntax.INTERNAL, Operands.OWN, 3, faults=True,
           doc="a hoisting harness: UB where the value at the exit and the hoisted one differ"),
)

OPCODES: dict[str, Opcode] = {o.name: o for o in _TABLE}

# Attributes any instruction may carry besides its operation's own, written after it
# as `!key value` (a name) or `!key "text"`: what the front ends record for the checks.
ANNOTATIONS = {
    "start_of": "name",  # a GEP on this parameter's object: the pointer's offset from its start
    "why": "text",       # an assume's reason, shown as the UB's when it fails
}
# Attributes only the checks' harnesses set (never printed, never read): `nofault` (a
# hoisted copy: poison where it would fault), `ahead` and `instance` (a later lane's
# copy of a loop instruction), `what` (check_same's subject).
HARNESS_ATTRS = ("nofault", "ahead", "instance", "what")

# infix operators of the model language: symbol -> operation (binary) or predicate (compare)
INFIX_OPS: dict[str, Opcode] = {s: o for o in _TABLE if o.syntax is Syntax.INFIX for s in o.symbols}
COMPARE_SYMBOLS: dict[str, str] = {s: p for p, s in CMP_PREDICATES.items()}


def opcode(name: str) -> Opcode:
    """The table's row for `name`; a KeyError for an operation the IR does not have."""
    return OPCODES[name]


def of_family(family: Family) -> tuple[str, ...]:
    return tuple(o.name for o in _TABLE if o.family is family)


def llvm_binary(intrinsic: bool) -> dict[str, str]:
    """LLVM's integer binary instructions (or intrinsics, `intrinsic`) the table reads
    one for one: LLVM's name -> the row's."""
    return {o.llvm: o.name for o in _TABLE
            if o.family is Family.INT_BINARY and o.llvm and o.llvm.startswith("llvm.") == intrinsic}


FBINOPS = of_family(Family.FLOAT_BINARY)
FCASTS = of_family(Family.FLOAT_CAST)
FMAS = of_family(Family.FMA)
FMINMAX = of_family(Family.FLOAT_MINMAX)
FUNARY = of_family(Family.FLOAT_UNARY)
# operations that may fault and are hard for a solver: divisions and remainders
DIVISIONS = frozenset(o.name for o in _TABLE if o.faults and o.nonlinear)
NONLINEAR = frozenset(o.name for o in _TABLE if o.nonlinear)
MAY_FAULT = frozenset(o.name for o in _TABLE if o.faults and o.syntax is not Syntax.INTERNAL)


def infix_suffixes() -> dict[str, frozenset[str]]:
    """The words an infix operator's base symbol may carry after it (`+nsw`, `/u.exact`,
    `<u`, `==samesign`): signedness letters and the flags of the operations it names."""
    out: dict[str, set[str]] = {}
    for o in _TABLE:
        if o.syntax not in (Syntax.INFIX, Syntax.COMPARE):
            continue
        symbols = o.symbols if o.syntax is Syntax.INFIX else tuple(CMP_PREDICATES.values())
        for s in symbols:
            base = s.rstrip("su") or s
            words = out.setdefault(base, set())
            words.update(o.flags)
            if s != base:
                words.add(s[len(base):])
    return {k: frozenset(v) for k, v in out.items()}


def spell(value: str) -> str:
    """An attribute value as the model language writes it after a dot (a name: `-` is `_`)."""
    return value.replace("-", "_")


def unspell(o: Opcode, word: str) -> str | None:
    """The attribute value a written word names, or None."""
    return next((v for v in o.attr_values if spell(v) == word), None)
