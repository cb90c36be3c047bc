"""The opcode table (ir/opcodes.py) is the one place an operation's syntax lives:
every row, with every attribute value, flag and switch it allows, prints and reads
back to the same IR, and both semantic domains agree on it; every program the front
ends read (every model and every `.ll` function under models/) and every form
`vectorize` prints reads back to the same IR; `verifier equiv` reads the printed form."""

from __future__ import annotations

import dataclasses
import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from tests.test_properties import agree
from verifier.errors import UserError
from verifier.frontend import load_program
from verifier.frontend.llvm import LLUnsupported
from verifier.frontend.parser import parse
from verifier.ir.opcodes import CMP_PREDICATES, OPCODES, Opcode, Operands, Syntax, spell
from verifier.ir.printer import program as print_program
from verifier.ir.program import Branch, Jump, Program
from verifier.semantics.inputs import Inputs

MODELS = Path(__file__).resolve().parent.parent / "models"

# one use of every operation the model language writes; `{w}` is where its dotted
# words go (attribute, flags, switches). Rows whose operands all share the result's
# type (or are compared), and INFIX and COMPARE rows, are made from the table alone.
ARGS = ("x", "7", "z")
LINES = {
    **{o.name: f"r: i32 = {o.name}{{w}}({', '.join(ARGS[:o.arity or 2])})"
       for o in OPCODES.values() if o.syntax is Syntax.CALL and o.operands is Operands.SAME},
    **{o.name: f"r: i1 = {o.name}{{w}}(x, y)"
       for o in OPCODES.values() if o.syntax is Syntax.CALL and o.operands is Operands.COMPARED},
    "fptosi": "r: i64 = fptosi{w}(x, i64)", "fptoui": "r: i16 = fptoui{w}(x, i16)",
    "sitofp": "r: i64 = sitofp{w}(x, i64)", "uitofp": "r: i16 = uitofp{w}(x, i16)",
    "fpext": "r: i64 = fpext{w}(x, i64)", "fptrunc": "r: i16 = fptrunc{w}(x, i16)",
    "zext": "r: i64 = zext{w}(x, i64)", "sext": "r: i64 = sext{w}(x, i64)", "trunc": "r: i8 = trunc{w}(x, i8)",
    "bitcast": "r: i4 = bitcast{w}(m, i4)",
    "select": "r: i32 = select{w}(c, x, 3)",
    "clsz": "r: i64 = clsz{w}(m)", "clsnz": "r: i64 = clsnz{w}(v)",
    "anyof": "r: i1 = anyof{w}(m)", "allones": "r: i1 = allones{w}(m)",
    "extract": "r: i32 = extract{w}(v, 2)",
    "cttz_elts": "r: i64 = cttz_elts{w}(m)",
    "reduce": "r: i32 = reduce{w}(v)",
    "shuffle": "r: <4 x i32> = shuffle{w}(v, u, [0, 5, -1, 3])",
    "insertelt": "r: <4 x i32> = insertelt{w}(v, 9, 2)",
    "extractelt": "r: i32 = extractelt{w}(v, 1)",
    "prefix": "r: <4 x i1> = prefix{w}(n, 4)", "iota": "r: <4 x i64> = iota{w}(n, 4)",
    "splat": "r: <4 x i32> = splat{w}(x, 4)",
    "vec": "r: <4 x i32> = vec{w}(x, 1, y, 2)",
    "load": "when (c) r: i32 = a[n]",
    "store": "when (m) a[n .. n+4) = v",
    "call": "when (c) e(x)",
    "out": "out r: i32 = 5",
    "assume": "assume c !why \"a reason\"",
}


def _words(o: Opcode) -> list[tuple[str, ...]]:
    """Every attribute value with no flag, each flag and switch alone, and all of them."""
    extras = [*o.flags, *o.switches]
    sets = [(), *((f,) for f in extras)] + ([tuple(extras)] if len(extras) > 1 else [])
    sets += [pair for pair in combinations(extras, 2) if pair != tuple(extras)]
    heads = [(spell(v),) for v in o.attr_values] if o.attr and o.syntax is not Syntax.COMPARE else [()]
    return [h + s for h in heads for s in sets]


def _lines(o: Opcode) -> list[tuple[str, tuple[str, ...]]]:
    """Lines using `o`, each with the words it writes after the name or symbol."""
    if o.syntax is Syntax.INFIX:
        return [(f"r: i32 = x {sym}{_suffix(sym, w)} y", w) for sym in o.symbols for w in _words(o)]
    if o.syntax is Syntax.COMPARE:
        return [(f"r: i1 = x {sym}{_suffix(sym, w)} y", w) for sym in CMP_PREDICATES.values() for w in _words(o)]
    return [(LINES[o.name].format(w="".join("." + x for x in w)), w) for w in _words(o)]


def _suffix(sym: str, words: tuple[str, ...]) -> str:
    joined = ".".join(words)
    return ("." if joined and sym[-1].isalpha() else "") + joined


def _program(line: str) -> str:
    out = "  out o = r\n" if line.startswith("r: i") or line.startswith("when (c) r: i") else ""
    return ("loop t(x: i32, y: i32, z: i32, c: i1, n: i64) {\n  array a: i32[n]\n  effect e(i32)\nentry:\n"
            "  v: <4 x i32> = vec(x, y, z, 7)\n  u: <4 x i32> = splat(y, 4)\n  m: <4 x i1> = prefix(n, 4)\n"
            f"  {line}\n{out}  end\n}}\n")


def _attrs(i: Any) -> dict[str, Any]:
    """An instruction's attributes as the IR means them: no flags is an empty tuple's
    meaning, a switch off its absence, a callee its name."""
    out = {}
    for f in dataclasses.fields(i.attrs):
        v = getattr(i.attrs, f.name)
        if v is None or v is False or v == ():
            continue
        out[f.name] = v.name if f.name == "func" else v
    return out


def shape(p: Program) -> tuple[Any, ...]:
    """A program up to instruction ids and source positions."""
    blocks = []
    for b in p.blocks.values():
        t = b.term
        term = (("goto", t.target) if isinstance(t, Jump) else
                ("if", t.cond, t.then, t.other) if isinstance(t, Branch) else ("end",))
        blocks.append((b.name, [(ph.dest, ph.type, tuple(ph.incoming)) for ph in b.phis],
                       [(i.op, tuple(i.args), i.type, i.dest, _attrs(i)) for i in b.instrs], term))
    return (p.name, [(q.name, q.type) for q in p.params], [dataclasses.replace(a, loc=None) for a in p.arrays],
            sorted(p.funcs.items()), p.aliases, p.entry, p.windows, p.consts, blocks)


def reads_back(p: Program, where: str) -> None:
    """Printing `p` and reading it back gives `p` again, and the same text."""
    text = print_program(p)
    q = parse(text, where)
    assert shape(q) == shape(p), where
    assert print_program(q) == text, where


ROWS = [(o, line, w) for o in OPCODES.values() if o.syntax is not Syntax.INTERNAL for line, w in _lines(o)]
IDS = [f"{o.name}:{line.split('= ', 1)[-1]}" for o, line, _ in ROWS]


def test_every_operation_has_a_rule_and_a_row_without_one_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The semantics is driven by the table: each row's rule is its family's or its own,
    and a row whose rule is not written is named (the import of ops.py fails on it)."""
    from verifier.semantics import ops

    assert all(callable(ops.rule_of(name)) for name in OPCODES)
    assert ops._unruled() == []
    row = dataclasses.replace(OPCODES["select"], name="frobnicate")
    monkeypatch.setattr(ops, "OPCODES", {**OPCODES, "frobnicate": row})
    assert ops._unruled() == ["frobnicate"]


def test_every_operation_has_a_written_form() -> None:
    written = {o.name for o in OPCODES.values() if o.syntax not in (Syntax.INFIX, Syntax.COMPARE, Syntax.INTERNAL)}
    assert written == set(LINES), "a row of ir/opcodes.py without a line here (or a line for no row)"


@pytest.mark.parametrize(("o", "line", "words"), ROWS, ids=IDS)
def test_every_operation_prints_and_reads_back(o: Opcode, line: str, words: tuple[str, ...]) -> None:
    p = parse(_program(line), "<row>")
    ins = [i for i in p.instructions() if i.op == o.name][-1]
    for w in words:  # every word written reaches the IR: an attribute value, a flag, a switch
        assert ((o.attr and spell(ins.attrs.of(o.attr)) == w) or w in ins.attrs.flags
                or (w in o.switches and ins.attrs.of(w) is True)), (line, ins.attrs)
    reads_back(p, line)


def _first(o: Opcode, words: tuple[str, ...]) -> bool:
    """The row's plainest line: no flag or switch, its first attribute value."""
    return words == (() if not o.attr or o.syntax is Syntax.COMPARE else (spell(o.attr_values[0]),))


def _fast_first(rows: list[tuple[Opcode, str, tuple[str, ...]]]) -> list[Any]:
    """Every row's plainest line in the fast tier, the others in the full run."""
    return [pytest.param(*r, marks=[] if _first(r[0], r[2]) else [pytest.mark.slow]) for r in rows]


# small numbers; a float NaN and 1.0 with every lane on; all ones with no element
SAMPLES = ((5, -3, 2), (0x7F800001, 0x3F800000, 4), (-1, 0, 0))


AGREE = [pytest.param(o, line, k, marks=[] if k == 0 and _first(o, w) else [pytest.mark.slow], id=f"{name}:{k}")
         for (o, line, w), name in zip(ROWS, IDS, strict=True) for k in range(len(SAMPLES))]


@pytest.mark.parametrize(("o", "line", "k"), AGREE)
def test_both_domains_agree_on_every_operation(o: Opcode, line: str, k: int) -> None:
    x, y, n = SAMPLES[k]
    agree(_program(line), Inputs(params={"x": x, "y": y, "z": 7, "c": 1, "n": n}, arrays={"a": [1, None, 3, 4, 5][:n]}))


STRUCTURED = [(o, line, w) for o, line, w in ROWS
              if o.syntax is Syntax.CALL and o.operands in (Operands.SAME, Operands.COMPARED)]


@pytest.mark.parametrize(("o", "line", "words"), _fast_first(STRUCTURED), ids=[f"{o.name}:{line}" for o, line, _ in STRUCTURED])
def test_the_structured_form_writes_what_the_row_types(o: Opcode, line: str, words: tuple[str, ...]) -> None:
    """An operation whose row alone types it is a builtin of `.loop` too, same IR."""
    call = line.split("= ", 1)[1]
    p = parse(f"loop t(x: i32, y: i32, z: i32) {{\n  r = {call}\n  out r\n}}\n", "<structured>")
    q = parse(_program(line), "<block>")
    (a,) = [i for i in p.instructions() if i.op == o.name]
    b = [i for i in q.instructions() if i.op == o.name][-1]
    assert (a.type, _attrs(a)) == (b.type, _attrs(b))


def test_a_flag_an_operation_does_not_take_is_refused_with_its_place() -> None:
    with pytest.raises(UserError, match=r"3:11: .*'nsw' does not apply to fcmp \(it takes nnan, ninf, fast\)"):
        parse("loop t(x: i32) {\nentry:\n  r: i1 = fcmp.olt.nsw(x, x)\n  end\n}\n")
    with pytest.raises(UserError, match="reduce needs its kind"):
        parse("loop t(v: i32) {\nentry:\n  w: <2 x i32> = splat(v, 2)\n  r: i32 = reduce(w)\n  end\n}\n")
    with pytest.raises(UserError, match="freeze cannot be masked"):
        parse("loop t(x: i32, c: i1) {\nentry:\n  when (c) r: i32 = freeze(x)\n  end\n}\n")


def _front_end_programs() -> list[tuple[str, Program]]:
    out = [(str(f.relative_to(MODELS)), load_program(f)) for f in sorted(MODELS.rglob("*.loop"))]
    for f in sorted(MODELS.rglob("*.ll")):
        for fn in re.findall(r"^define [^@]*@([\w.$]+)\(", f.read_text(), re.M):
            try:
                out.append((f"{f.relative_to(MODELS)}:{fn}", load_program(f, fn)))
            except LLUnsupported:
                continue
    return out


def test_a_few_read_programs_read_back() -> None:
    few = [(str(f.relative_to(MODELS)), load_program(f)) for f in sorted((MODELS / "seed").glob("*.loop"))]
    for name in ("any_negative.vec.ll", "abs_exit.vec.ll", "corpus/f_first_nan.scalar.ll", "corpus/r_value_at_exit.scalar.ll"):
        few.append((name, load_program(MODELS / "llvm" / name)))
    for where, p in few:
        reads_back(p, where)


@pytest.mark.slow
def test_every_read_program_reads_back() -> None:
    programs = _front_end_programs()
    assert len(programs) > 500
    for where, p in programs:
        reads_back(p, where)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["lookup_until_zero", "column_find64", "checksum_until64"])
def test_emitted_forms_with_gathers_and_scans_read_back(tmp_path: Path, name: str) -> None:
    """What the front end reads of an emitted form prints and reads back: a gather's
    scalar base beside its lanes' offsets, a scan's shuffle with a constant vector."""
    from tests.helpers import emitted_pair

    for form in ("general", "simple"):
        _, target, _ = emitted_pair(tmp_path, MODELS / "llvm" / "emit" / f"{name}.scalar.ll", form, 4)
        reads_back(target, f"{name}:{form}")


@pytest.mark.parametrize("intrinsic", [False, True])
def test_every_row_llvm_spells_one_for_one_is_read_from_llvm_ir(tmp_path: Path, intrinsic: bool) -> None:
    """A row's `llvm` name is all the LLVM front end needs: each such instruction or
    intrinsic reads to its row (and a name no row has is refused, by name)."""
    from verifier.frontend.llvm import parse_ll_file
    from verifier.ir.opcodes import llvm_binary

    rows = llvm_binary(intrinsic)
    assert rows
    for spelled, row in rows.items():
        call = f"call i32 @{spelled}.i32(i32 %a, i32 %b)" if intrinsic else f"{spelled} i32 %a, %b"
        decl = f"declare i32 @{spelled}.i32(i32, i32)\n" if intrinsic else ""
        f = tmp_path / f"{row}.ll"
        f.write_text(f"{decl}define i32 @f(i32 %a, i32 %b) {{\n  %r = {call}\n  ret i32 %r\n}}\n")
        assert row in {i.op for i in parse_ll_file(f).instructions()}, spelled
    f = tmp_path / "other.ll"
    f.write_text("declare i32 @llvm.uadd.sat.i32(i32, i32)\ndefine i32 @f(i32 %a, i32 %b) {\n"
                 "  %r = call i32 @llvm.uadd.sat.i32(i32 %a, i32 %b)\n  ret i32 %r\n}\n")
    with pytest.raises(LLUnsupported, match="llvm.uadd.sat"):
        parse_ll_file(f)
