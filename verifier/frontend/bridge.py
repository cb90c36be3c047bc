"""A loop model and an LLVM function over one environment: how `verifier equiv
MODEL.loop FORM.ll` reads a model against LLVM IR written from it (emit/lower.py's
lowering, or a form the emitter built on that lowering).

The LLVM front end reads the function's array arguments as objects of a free size in
bytes (a parameter `a.bytes`) and its return value as live-outs `ret` (`ret.0`,
`ret.1`, ... for a struct). The model has neither. Read together:
- each `a.bytes` the function reads is a parameter of the model too, and the model
  assumes it is its array's extent in bytes: `a.bytes == smax(extent, 0) *nsw unit`.
  The LLVM object is then exactly the model's array (the inputs of the model are the
  inputs the comparison covers, each with its one LLVM counterpart). Where that
  product overflows, no i64 byte count is that array: no LLVM object is larger than
  2^63 - 1 bytes (LangRef), while a model's array may be. Those inputs are left out,
  and the verdict says so by naming `Assumption.ARRAYS_ARE_OBJECTS`;
- an `i1` array is the bytes LLVM IR keeps it in, as C's `bool` (the lowering loads a
  byte and truncates it, and stores the bit zero-extended): the model loads a byte and
  truncates it. Its bits are the bytes 0 and 1 (and poison, which truncates to poison);
  a byte over 1 is an input the model does not have, read as the lowering reads it. (An
  assumption that the byte is at most 1 would be UB on a poison byte, and so would
  leave out inputs the model has: a poison bit loaded and never branched on.)
- the function's live-outs are the model's, in the order the model writes them (the
  lowering returns them in that order).
Anything else that differs (parameters, element types, callees) is the usual error
of two programs that read different environments (checks/refinement.check_compatible)."""

from __future__ import annotations

import dataclasses

from verifier.errors import UserError
from verifier.ir.program import (
    EXTENT_OPS,
    ArrayDecl,
    Assumption,
    Attrs,
    Const,
    Extent,
    Fresh,
    Instr,
    Operand,
    Param,
    Program,
    Ref,
    copy_program,
)
from verifier.ir.types import I1, I8, I64, IntType


def over_llvm_environment(model: Program, function: Program) -> tuple[Program, Program]:
    """The model and the function, read over the environment the function's reading
    gives (the module's docstring); unchanged where the function reads no array
    sizes and returns the model's live-outs by their own names."""
    sizes = [p for p in function.params if p.name.endswith(".bytes") and p.name not in {q.name for q in model.params}]
    _same_order(model, function, sizes)
    _same_constants(model, function)
    as_bytes = _bools_as_bytes(model, function)
    return _with_sizes(as_bytes, sizes, function), _outs_named(function, _out_order(model), model.file)


def _same_order(model: Program, function: Program, sizes: list[Param]) -> None:
    """The function takes the model's parameters in the model's order (a caller passes
    them by position), its arrays' sizes aside."""
    given = [p.name for p in function.params if p not in sizes]
    if given != [p.name for p in model.params]:
        shown = ", ".join(function.display.get(n, n) for n in given)
        raise UserError(f"{function.file}: takes ({shown}) where {model.file} takes "
                        f"({', '.join(p.name for p in model.params)}), in that order")


def _same_constants(model: Program, function: Program) -> None:
    """An array whose contents either side gives (a model's constant array, a constant
    global) has the same contents on the other (the comparison reads the model's)."""
    for a in function.arrays:
        m = next((b for b in model.arrays if b.name == a.name), None)
        if m is not None and (a.contents is not None or m.contents is not None) and a.contents != m.contents:
            raise UserError(f"{function.file}: the contents of {function.display.get(a.name, a.name)} are not "
                            f"those of array {a.name} in {model.file}")


def _bools_as_bytes(model: Program, function: Program) -> Program:
    """The model with each `i1` array the function reads as bytes read as bytes (the
    module's docstring)."""
    bools = {a.name for a in model.arrays if a.elem.bits == 1} & {b.name for b in function.arrays if b.elem.bits == 8}
    if not bools:
        return model
    out = copy_program(model)
    fresh = Fresh.of(out, "y")
    for blk in out.blocks.values():
        blk.instrs = _byte_accesses(blk.instrs, bools, fresh)
    return dataclasses.replace(out, arrays=[dataclasses.replace(a, elem=I8) if a.name in bools else a
                                            for a in out.arrays])


def _byte_accesses(code: list[Instr], bools: set[str], fresh: Fresh) -> list[Instr]:
    """`code` with each access of a bool array as the byte access LLVM IR makes."""
    return [j for i in code for j in (_as_byte_access(i, fresh) if _accesses(i, bools) else [i])]


def _accesses(i: Instr, arrays: set[str]) -> bool:
    """`i` loads from or stores to one of `arrays`."""
    return i.op in ("load", "store") and i.attrs.array in arrays


def _as_byte_access(i: Instr, fresh: Fresh) -> list[Instr]:
    """A scalar load or store of a bool array as the byte access LLVM IR makes of it."""
    if i.masked or (i.attrs.width or 0) > 1:
        raise UserError(f"{i.loc or 'a model'}: a vector access of bool array {i.attrs.array} (the comparison "
                        "with LLVM IR reads scalar models)")
    if i.op == "store":
        byte = fresh.name(f"{i.attrs.array}.byte")
        return [Instr(fresh.uid(), "zext", [i.args[1]], I8, byte, loc=i.loc),
                dataclasses.replace(i, args=[i.args[0], Ref(byte)])]
    assert i.dest is not None
    byte = fresh.name(f"{i.dest}.byte")
    return [dataclasses.replace(i, type=I8, dest=byte), Instr(fresh.uid(), "trunc", [Ref(byte)], I1, i.dest, loc=i.loc)]


def _with_sizes(model: Program, sizes: list[Param], function: Program) -> Program:
    """The model with each array size the function reads as a parameter, assumed to be
    its array's extent in bytes."""
    if not sizes:
        return model
    out = copy_program(model)
    fresh = Fresh.of(out, "b")
    code: list[Instr] = []
    for p in sizes:
        name = p.name.removesuffix(".bytes")
        try:
            a = model.array(name)
        except KeyError:
            raise UserError(f"{function.file}: parameter {function.display.get(name, name)} is not an array of "
                            f"{model.file}") from None
        code += _size_is_extent(a, p.name, model, fresh)
    entry = out.blocks[out.entry]
    entry.instrs[:0] = code
    return dataclasses.replace(out, params=[*out.params, *sizes],
                               assumptions=tuple(sorted({*out.assumptions, Assumption.ARRAYS_ARE_OBJECTS})))


def _size_is_extent(a: ArrayDecl, size: str, model: Program, fresh: Fresh) -> list[Instr]:
    """assume(size == smax(extent, 0) *nsw unit): a poison product (no i64 byte count)
    is UB of the model read so, which leaves that input out."""
    code: list[Instr] = []

    def emit(op: str, args: list[Operand], ty: IntType | None, hint: str | None, attrs: Attrs = Attrs()) -> Operand:
        dest = fresh.name(f"{a.name}.{hint}") if hint else None
        code.append(Instr(fresh.uid(), op, args, ty, dest, attrs))
        return Ref(dest) if dest else Const(0, I1)

    def extent(e: Extent) -> Operand:
        if isinstance(e, int):
            return Const(e, I64)
        if isinstance(e, str):
            bits = next(p.type.bits for p in model.params if p.name == e)
            return Ref(e) if bits == 64 else emit("sext", [Ref(e)], I64, "wide")
        sym, x, y = e
        if sym in "/%" and not (isinstance(y, int) and y not in (0, -1)):
            # the model's x / 0 and INT64_MIN / -1 are values (semantics/ops.eval_extent),
            # LLVM's are UB: assumed here, they would leave those inputs out
            raise UserError(f"{model.file}: array {a.name}'s extent divides by {y}, which may be 0 or -1 (the "
                            "comparison with LLVM IR takes extents LLVM can compute for every input)")
        return emit(EXTENT_OPS[sym], [extent(x), extent(y)], I64, "n")

    elems = emit("smax", [extent(a.extent), Const(0, I64)], I64, "elems")
    nbytes = emit("mul", [elems, Const(a.unit, I64)], I64, "size", Attrs(flags=("nsw",)))
    same = emit("icmp", [Ref(size), nbytes], I1, "is.size", Attrs(pred="eq"))
    emit("assume", [same], None, None, Attrs(why=f"{size} is not array {a.name}'s extent in bytes"))
    return code


def _out_order(model: Program) -> list[str]:
    """The model's live-outs in the order it writes them."""
    names: list[str] = []
    for i in model.instructions():
        if i.op == "out" and i.out not in names:
            names.append(i.out)
    return names


def _outs_named(function: Program, names: list[str], model_file: str) -> Program:
    """The function with its return value's parts (`ret`, `ret.0`, ...) named as the
    model's live-outs, in order."""
    returned = _out_order(function)
    if set(returned) == set(names):
        return function
    expected = ["ret"] if len(names) == 1 else [f"ret.{k}" for k in range(len(names))]
    if sorted(returned) != sorted(expected):
        raise UserError(f"{function.file}: returns {len(returned)} value(s), but {model_file} has "
                        f"{len(names)} live-out(s) ({', '.join(names)})")
    rename = dict(zip(expected, names, strict=True))
    out = copy_program(function)
    for i in out.instructions():
        if i.op == "out":
            i.attrs = i.attrs.but(name=rename[i.out])
    return out
