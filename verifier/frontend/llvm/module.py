"""Reading a module and translating one function: names, parameters (their
attributes), the order of the passes over the function (provenance, units,
objects, blocks, phis filled in last) and the pair of a source and a target read
over one environment."""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from verifier.analysis.loops import Loop, LoopShapeError, NestedLoop, find_loops
from verifier.errors import UserError, read_source
from verifier.frontend.layout import Layout
from verifier.frontend.llvm.debuginfo import source_positions
from verifier.frontend.llvm.instructions import translate_block
from verifier.frontend.llvm.objects import (
    const_gep_offsets,
    declare_objects,
    may_overlap,
    measure_units,
    null_object,
    overlaps,
    shown_pointer,
    trace_provenance,
)
from verifier.frontend.llvm.scalable import (
    VscaleRange,
    at_vscale,
    is_scalable,
    vscale_range,
)
from verifier.frontend.llvm.state import FnState, LLOptions, MemObject, key
from verifier.frontend.llvm.text import (
    CallFacts,
    align_of,
    attribute_groups,
    attributes_of,
    block_label,
    call_facts,
    call_site_attrs,
    clean,
    datalayout,
    dereferenceable,
    has_attr,
    instruction_lines,
    operand_text,
    parse_error,
    parse_type,
    without_debug_verification,
)
from verifier.frontend.llvm.values import callee, in_range, unknown_pointer
from verifier.frontend.nesting import too_deep
from verifier.frontend.read import LoopNest, Programs, Scalable, single
from verifier.frontend.unsupported import LLUnsupported
from verifier.ir.opcodes import CTTZ_ELTS_RULES
from verifier.ir.program import (
    ArrayDecl,
    Assumption,
    Block,
    Branch,
    Const,
    Jump,
    Loc,
    Operand,
    Param,
    PoisonConst,
    Program,
    Ref,
)
from verifier.ir.types import I1, I64, IntType
from verifier.limits import MAX_EXITS, MAX_LL_DEPTH


def read_module(path: Path, vscale: int | None = None) -> Any:
    """The parsed module (scalable vectors at `vscale`, or at 1 if None: see
    scalable.py); a parse error is the user's, with file:line:col."""
    import llvmlite.binding as llvm

    text = module_text(path, vscale)
    # LLVM's parser recurses in C++ once per bracket: too deep a type overflows its stack
    deep = too_deep(text, MAX_LL_DEPTH, "([{<", ")]}>", ";", '"')  # LLVM writes a quote in a string as \22
    if deep is not None:
        raise UserError(f"nested too deeply (more than {MAX_LL_DEPTH} levels of brackets)", Loc(str(path), *deep))
    try:
        probe = without_debug_verification(text)
        if probe is not None:  # verified first without debug info: a broken module would abort LLVM
            with _quiet_stderr():  # (LLVM warns that it ignores the probe's debug info)
                checked = llvm.parse_assembly(probe, context=llvm.create_context())
            checked.verify()
        mod = llvm.parse_assembly(text, context=llvm.create_context())  # named types keep their names
        mod.verify()
    except RuntimeError as e:
        where = parse_error(str(e))
        if where is not None:
            line, col, message = where
            raise UserError(message, Loc(str(path), line, col)) from None
        raise UserError(f"not valid LLVM IR: {str(e).strip().splitlines()[-1]}", Loc(str(path), 1, 1)) from None
    return mod


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """File descriptor 2 sent to /dev/null for a while: what LLVM prints there itself."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def module_text(path: Path, vscale: int | None) -> str:
    """The module's text, its scalable vectors fixed at `vscale` (1 if None)."""
    text = read_source(path)
    return at_vscale(text, vscale or 1) if is_scalable(text) else text


def _function_text(text: str, start: int) -> str:
    """The lines of the function whose `define` is line `start` (0-based) of `text`,
    without its comment lines (a test's CHECK lines show the vectorized output's
    types, scalable ones too, inside the scalar function they check)."""
    lines = text.splitlines()
    end = next((k for k in range(start, len(lines)) if lines[k].startswith("}")), len(lines))
    return "\n".join(line for line in lines[start:end + 1] if not line.lstrip().startswith(";"))


def defined_functions(path: Path) -> list[str]:
    """The names of the functions `path` defines (not those it only declares), in order."""
    return [f.name for f in read_module(path).functions if not f.is_declaration]


def parse_ll_file(path: str | Path, func: str | None = None, opts: LLOptions | None = None) -> Program:
    """Function `func` (the only defined one if None) of the module at `path`, for a
    caller that takes one loop: a nest or scalable vectors are unsupported, named."""
    return single(read_ll_file(path, func, opts))


def read_ll_file(path: str | Path, func: str | None = None,
                 opts: LLOptions | None = None) -> Programs | LoopNest | Scalable:
    """What function `func` (the only defined one if None) of the module at `path` is:
    a program, a loop nest, or a function with scalable vectors that no vscale was
    chosen for (frontend/read.py)."""
    path = Path(path)
    opts = opts or LLOptions()
    if opts.cttz_elts not in CTTZ_ELTS_RULES:
        raise UserError(f"--cttz-elts {opts.cttz_elts}: expected one of {', '.join(CTTZ_ELTS_RULES)}")
    mod = read_module(path, opts.vscale)
    try:
        return _read_function(path, func, opts, mod)
    finally:
        # freed now, not by the collector: an exception's traceback keeps this frame,
        # and a cycle collected with the module's context freed first crashes LLVM
        mod.close()


def _read_function(path: Path, func: str | None, opts: LLOptions, mod: Any) -> Programs | LoopNest | Scalable:
    """read_ll_file's function `func` of the parsed module `mod`."""
    fn = _chosen(path, func, mod)
    text = module_text(path, opts.vscale)
    lines = text.splitlines()
    start = next((k for k, line in enumerate(lines) if line.startswith("define") and f"@{fn.name}(" in line), 0)
    if opts.vscale is None and is_scalable(text) and is_scalable(_function_text(read_source(path), start)):
        # the caller reads it at each vscale it allows (a module's other functions: once)
        return Scalable(vscale_range(attributes(fn)), Loc(str(path), start + 1, 1))
    _memory_as_modelled(path, lines)
    st = FnState(path, lines, opts, layout=Layout.of_module(lines), room=set(opts.room),
                 debug=source_positions(lines) if opts.debug_locations else {}, groups=attribute_groups(lines))
    st.start_line = start
    try:
        prog = _translate(st, mod, fn)
    except RecursionError:  # within MAX_LL_DEPTH, a chain of named types each holding the next
        raise LLUnsupported(f"types or expressions nested too deeply in @{fn.name}",
                            Loc(str(path), st.start_line + 1, 1)) from None
    return _loops_read(st, prog)


def _memory_as_modelled(path: Path, lines: list[str]) -> None:
    """Refuses a datalayout other than the model's memory: little-endian bytes (a
    value's low byte first) and 64-bit pointers (a stored pointer is 8 bytes)."""
    layout = datalayout(lines)
    if layout is None:
        return
    k, big_endian, pointer_bits = layout
    if big_endian:
        raise LLUnsupported("a big-endian datalayout (the model's memory is little-endian)", Loc(str(path), k + 1, 1))
    if pointer_bits != 64:
        raise LLUnsupported(f"a datalayout with {pointer_bits}-bit pointers (the model's pointers are 64 bits)",
                            Loc(str(path), k + 1, 1))


def _loops_read(st: FnState, prog: Program) -> Programs | LoopNest:
    """The program as read: a loop nest (only a caller that checks one outer iteration
    at a time takes it), or programs whose loops the checks take."""
    try:
        loops = find_loops(prog)
    except NestedLoop as e:
        return LoopNest(f"{e.what} (at block {st.display.get(e.block or '', e.block)})", st.block_loc(e.block), prog)
    except LoopShapeError as e:
        where = f" (at block {st.display.get(e.block, e.block)})" if e.block else ""
        raise LLUnsupported(e.what + where, st.block_loc(e.block)) from None
    _few_exits(st, loops)
    return Programs(prog)


def _chosen(path: Path, func: str | None, mod: Any) -> Any:
    """Function `func` of module `mod` (the only defined one if None)."""
    defined = _defined(mod, None)
    if func is not None:
        match = _defined(mod, func)
        if not match:
            there = ", ".join(f.name for f in defined)
            raise UserError(f"{path}: no function @{func} defined here (there are: {there or 'none'})")
        return match[0]
    if not defined:
        raise UserError(f"{path}: the module defines no function (only declarations), so there is no loop "
                        "to check")
    if len(defined) != 1:
        raise UserError(f"{path}: {len(defined)} functions defined; choose one with --func (in a suite: "
                        f"func = \"...\") ({', '.join(f.name for f in defined)})")
    return defined[0]


def _few_exits(st: FnState, loops: list[Loop]) -> None:
    """Each loop has at most MAX_EXITS exiting blocks (each exit is checked on its own)."""
    for lp in loops:
        if len(lp.exiting) > MAX_EXITS:
            raise LLUnsupported(f"a loop with {len(lp.exiting)} exiting blocks (at most {MAX_EXITS}: each exit is "
                                "checked on its own)", st.block_loc(lp.header))


def parse_ll_pair(src: Path, tgt: Path, func: str | None = None,
                  opts: LLOptions | None = None) -> tuple[Program, Program]:
    """read_ll_pair's two programs, for a caller that takes one loop: a nest or scalable
    vectors are unsupported, named."""
    read = read_ll_pair(src, tgt, func, opts)
    source = single(read)
    assert isinstance(read, Programs) and read.target is not None
    return source, read.target


def read_ll_pair(src: Path, tgt: Path, func: str | None = None,
                 opts: LLOptions | None = None) -> Programs | LoopNest | Scalable:
    """The same function of two modules, over one environment: where one side reads an
    object in smaller units, needs its base address or its null flag, both do. What a
    callee may do is what the source says (a target assumes nothing its source does not).
    The pair is a loop nest where either side's loops nest; its vscales are the source's."""
    both = opts or LLOptions()
    facts = source_call_facts(src, func, both.vscale)
    noundef = tuple(_signature_claims(src, func)[3])
    _claims_nothing_more(src, tgt, func)
    while True:  # the needs only grow (smaller units, more addresses): a few rounds at most
        ra = read_ll_file(src, func, both)
        if isinstance(ra, Scalable):
            return ra
        reached = frozenset(o for f in ra.source.funcs.values() for o in f.observes)
        rb = read_ll_file(tgt, func, dataclasses.replace(both, callee_facts=facts, source_noundef=noundef,
                                                         source_reached=reached))
        if isinstance(rb, Scalable):
            # the vscales to read the pair at are the source's: a target that narrows its
            # vscale_range claims something of its caller, which the check must not assume
            return _read_at_source_vscales(src, func, rb)
        grown = _next_options(both, ra.source, rb.source)
        if grown == both:  # the same needs, or the refinement check names what still differs
            _same_objects(ra.source, rb.source, tgt)
            # a nest on either side: read both, and give both once their needs agree
            return _pair(next((r for r in (ra, rb) if isinstance(r, LoopNest)), None), ra.source, rb.source)
        both = grown


def _same_objects(a: Program, b: Program, tgt: Path) -> None:
    """A pair whose functions reach different globals (one module has a global the
    other's function names, or a callee may reach) is unsupported, naming them: the
    environment is one, and objects are numbered alike on both sides."""
    only = sorted({x.name for x in a.arrays} ^ {x.name for x in b.arrays})
    if only:
        shown = ", ".join(a.display.get(n, b.display.get(n, n)) for n in only)
        raise LLUnsupported(f"the two functions reach different objects ({shown}: in one module only)",
                            Loc(str(tgt), 1, 1))


def _next_options(both: LLOptions, a: Program, b: Program) -> LLOptions:
    """What the next reading of a pair needs: loaded pointers' own objects on both sides
    or neither, else what either side's reading grew (_grown)."""
    if both.own_objects and _own(a) != _own(b):
        return dataclasses.replace(both, own_objects=False)
    return _grown(both, a, b)


def _claims_nothing_more(src: Path, tgt: Path, func: str | None) -> None:
    """A pair whose target claims what its source does not is unsupported, naming the
    claims (a target assumes nothing its source does not, and the reading does not
    check these claims)."""
    claims = target_claims(src, tgt, func)
    if claims:
        raise LLUnsupported(f"the target claims what its source does not ({'; '.join(claims)}): a target assumes "
                            "nothing its source does not, and the reading does not check these claims",
                            Loc(str(tgt), 1, 1))


def _grown(both: LLOptions, a: Program, b: Program) -> LLOptions:
    """The options that give each side of a pair what the other needs: the smaller
    units, base addresses, null flags, aliasing, returned addresses, the null object,
    room before parameters (`both` itself where their needs agree)."""
    na, nb = _needs(a), _needs(b)
    if na == nb:
        return both
    units = dict(both.units)
    for name, unit in na[0] | nb[0]:
        units[name] = math.gcd(units.get(name, 0), unit)
    return dataclasses.replace(both, units=tuple(sorted(units.items())), addrs=both.addrs | na[1] | nb[1],
                               nulls=both.nulls | na[2] | nb[2], overlap=both.overlap or bool(a.aliases or b.aliases),
                               ret_address=both.ret_address or na[4] or nb[4],
                               null_object=both.null_object or na[5] or nb[5], room=both.room | na[6] | nb[6])


# attributes that claim something of a function, its arguments or its result, that the
# reading does not model as the target's own UB or poison (a dereferenceable pointer,
# readonly, noundef and range on integers, range and noundef on an integer result are
# modelled so: a target that adds them is checked by its own semantics): where a
# pair's target has one its source does not, the pair is unknown, naming it
_FUNCTION_CLAIMS = frozenset({"willreturn", "mustprogress", "nofree", "nosync", "norecurse", "nounwind", "noreturn",
                              "speculatable", "memory"})
_POINTER_CLAIMS = frozenset({"nonnull", "noalias", "align", "nofree", "writeonly", "readnone", "captures", "nocapture",
                             "dereferenceable_or_null", "noundef"})
def _stronger(name: str, tgt: str, src: str | None) -> bool:
    """Whether the target's attribute `name` (its argument `tgt`) claims more than the
    source's (`src`, None: it has none)."""
    if src is None:
        return True
    if name in ("align", "dereferenceable_or_null"):
        return int(tgt or 0) > int(src or 0)
    if name == "memory":
        t, s = call_facts(f"memory({tgt})"), call_facts(f"memory({src})")
        return any(not t.access(loc) >= s.access(loc) for loc, _ in s.memory + t.memory)
    if name == "captures":
        return tgt != src
    return False


def _signature_claims(path: Path, func: str | None) -> tuple[dict[str, str], dict[str, str], list[dict[str, str]],
                                                               list[bool]]:
    """A function's claims (its own, its result's, each argument's) and which arguments
    are noundef."""
    mod = read_module(path, 1)
    try:
        fns = _defined(mod, func)
        if len(fns) != 1:
            return {}, {}, [], []
        fn = fns[0]
        head = next((line for line in module_text(path, 1).splitlines()
                     if line.startswith("define") and f"@{fn.name}(" in line), "")
        args = [attributes(a) for a in fn.arguments]
        return (attributes_of(attributes(fn), _FUNCTION_CLAIMS), attributes_of(head.split("@", 1)[0], _POINTER_CLAIMS),
                [attributes_of(a, _POINTER_CLAIMS) if str(x.type) == "ptr" else {} for a, x in zip(args, fn.arguments,
                                                                                              strict=True)],
                [has_attr(a, "noundef") for a in args])
    finally:
        mod.close()


def target_claims(src: Path, tgt: Path, func: str | None) -> list[str]:
    """What the target's signature claims that its source's does not (a target assumes
    nothing its source does not: a claim the reading would not check)."""
    sf, sr, sa, _ = _signature_claims(src, func)
    tf, tr, ta, _ = _signature_claims(tgt, func)
    out = [f"{n}{'(' + v + ')' if v else ''} on the function" for n, v in _more(tf, sf)]
    out += [f"{n}{' ' + v if v else ''} on its result" for n, v in _more(tr, sr)]
    for k, (t, s) in enumerate(zip(ta, sa, strict=False)):
        out += [f"{n}{' ' + v if v else ''} on argument {k}" for n, v in _more(t, s)]
    return out


def callee_claims(src: Path, tgt: Path, func: str | None) -> list[str]:
    """Callees the target declares (or calls) as doing less than the source says: less
    memory access, or returning where the source's may not (calling a function through
    a declaration it breaks is UB, which a reading that takes the source's facts does
    not see). Checked where a model is the source (cli `equiv MODEL.loop F.ll`)."""
    ours = dict(source_call_facts(src, func, None))
    out = []
    for name, f in source_call_facts(tgt, func, None):
        g = ours.get(name)
        if g is None:
            continue
        if _does_less(f, g):
            out.append(f"@{name} declared or called as doing less than the source's")
    return out


def _does_less(f: CallFacts, g: CallFacts) -> bool:
    """`f` allows less than `g`: less access somewhere, or returning (or never
    returning) where `g` leaves it open."""
    places = {p for p, _ in f.memory} | {p for p, _ in g.memory}
    claims_return = f.returns and not g.returns
    claims_no_return = f.noreturn and not g.noreturn
    return any(not g.access(p) <= f.access(p) for p in places) or claims_return or claims_no_return


def _more(target: dict[str, str], source: dict[str, str]) -> list[tuple[str, str]]:
    """The target's attributes (name, value) that claim more than the source's."""
    return [(n, v) for n, v in target.items() if _stronger(n, v, source.get(n))]


def _read_at_source_vscales(src: Path, func: str | None, target: Scalable) -> Scalable:
    """A pair whose target has scalable vectors, read at the source's vscales, with the
    target's own range where it differs (a counterexample outside it says so)."""
    ours, theirs = source_vscales(src, func), target.vscales
    return Scalable(ours, target.loc, theirs if theirs.checked != ours.checked else None)


def source_vscales(path: Path, func: str | None) -> VscaleRange:
    """The vscales the function in `path` may run with (its vscale_range)."""
    mod = read_module(path, 1)
    try:
        fns = _defined(mod, func)
        return vscale_range(attributes(fns[0]) if len(fns) == 1 else "")
    finally:
        mod.close()


def source_call_facts(path: Path, func: str | None, vscale: int | None) -> tuple[tuple[str, CallFacts], ...]:
    """What each callee of the function may do, as its calls in `path` say (their
    declarations and call sites; a callee called with other attributes at two sites
    gets what its first call says, the front end refuses the second)."""
    mod = read_module(path, vscale)
    try:
        fns = _defined(mod, func)
        if len(fns) != 1:
            return ()  # the read itself names the problem
        groups = attribute_groups(module_text(path, vscale).splitlines())
        out: dict[str, CallFacts] = {}
        for ins in (i for b in fns[0].blocks for i in b.instructions if i.opcode in ("call", "invoke")):
            name = str(list(ins.operands)[-1].name)
            if name and not name.startswith("llvm.") and name not in out:
                out[name] = call_facts(operand_text(list(ins.operands)[-1]), call_site_attrs(operand_text(ins), groups))
        return tuple(sorted(out.items()))
    finally:
        mod.close()


def _own(p: Program) -> frozenset[str]:
    """The objects of its own a program gives loaded pointers (objects.own_objects)."""
    return frozenset(a.name for a in p.arrays if a.name.endswith(".obj"))


def _pair(nest: LoopNest | None, a: Program, b: Program) -> Programs | LoopNest:
    """A pair as read: a loop nest (where `nest` found one on either side) or programs."""
    return Programs(a, b) if nest is None else LoopNest(nest.what, nest.loc, a, b)


def _needs(p: Program) -> tuple[frozenset[tuple[str, int]], frozenset[str], frozenset[str], bool, bool, bool,
                               frozenset[str]]:
    """What a program read from one side of a pair asks of the other: objects' units,
    base addresses, null flags, overlap, a returned pointer's object, the null object,
    room before a parameter's start (`p.before`: the source loads pointers into it)."""
    returns_object = any(i.op == "out" and i.out == "ret.object" for i in p.instructions())
    return (frozenset((a.name, a.elem.bits // 8) for a in p.arrays), _with_param(p, ".addr"),
            _with_param(p, ".null"), bool(p.aliases), returns_object,
            any(p.display.get(a.name) == "null" for a in p.arrays), _with_param(p, ".before"))


def _with_param(p: Program, suffix: str) -> frozenset[str]:
    """The objects of `p` that have a parameter named after them with `suffix`."""
    names = {q.name for q in p.params}
    return frozenset(a.name for a in p.arrays if f"{a.name}{suffix}" in names)


def _defined(mod: Any, func: str | None) -> list[Any]:
    """The functions `mod` defines named `func` (every one where None)."""
    return [f for f in mod.functions if not f.is_declaration and (func is None or f.name == func)]


def _translate(st: FnState, mod: Any, fn: Any) -> Program:
    """The function `fn` of `mod` as our program: names, parameters, provenance and
    objects, the blocks, then the phis over pointers filled in."""
    if has_attr(attributes(fn), "null_pointer_is_valid"):
        # address 0 may then be a real object: loads and stores through null are no UB,
        # and null is no longer outside every object; our memory has no such object
        raise LLUnsupported(f"the null_pointer_is_valid attribute of @{clean(fn.name)} (address 0 may hold "
                            "an object there)", st.at(st.start_line))
    blocks = list(fn.blocks)
    _name_everything(st, fn, blocks)
    st.ins_locs = _instruction_lines(st, blocks)
    st.entry = st.names[key(blocks[0])]
    st.stores = any(_writes_memory(st, ins) for b in blocks for ins in b.instructions)
    for b in blocks:
        st.blocks[st.names[key(b)]] = Block(st.names[key(b)])
    entry = st.blocks[st.names[key(blocks[0])]]
    pre_blk = st.pre  # the entry's own facts (object sizes, alignment, poison parameters, constants)
    _parameters(st, fn, pre_blk)
    for g in mod.global_variables:
        st.names[key(g)] = st.shown(f"@{g.name}")
    trace_provenance(st, fn, mod)
    if st.opts.null_object:
        null_object(st)
    _parameter_offsets(st, fn)
    measure_units(st, fn)
    const_gep_offsets(st)
    arrays = declare_objects(st, pre_blk)
    for b in blocks:
        translate_block(st, b)
    _pointer_phis(st)
    _split_edges(st)
    _fold_constant_branches(st)
    entry.instrs[:0] = pre_blk.instrs
    aliases, windows = _overlaps_where_written(st, arrays)
    needed = _needed_assumptions(st, fn)
    return Program(clean(fn.name), st.params, arrays, st.funcs, aliases, st.blocks, entry.name, file=str(st.path),
                   assumptions=tuple(sorted(st.opts.assume | _readings(st))),
                   unassumed=tuple(sorted(needed - st.opts.assume)), display=dict(st.display), windows=windows,
                   floats=_floats(st, arrays))


def _overlaps_where_written(st: FnState, arrays: list[ArrayDecl]) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """Pointers that may overlap (objects.overlaps), where the program writes memory or
    the options ask for overlaps; else none (they matter only where memory is written)."""
    writes = any(i.op == "store" or (i.op == "call" and i.decl.writes) for b in st.blocks.values() for i in b.instrs)
    return overlaps(st, arrays) if writes or st.opts.overlap else ([], ())


def _writes_memory(st: FnState, ins: Any) -> bool:
    """A store, a masked store, or a call that may write memory."""
    return ins.opcode == "store" or callee(ins).startswith("llvm.masked.store") or _call_writes(st, ins)


def _parameter_offsets(st: FnState, fn: Any) -> None:
    """A pointer parameter points `before` units into its object (declared in
    declare_objects), where room before it was asked for; else at its start."""
    for a in fn.arguments:
        if str(a.type) == "ptr":
            name = st.names[key(a)]
            st.offsets[key(a)] = Ref(f"{name}.before") if name in st.room else Const(0, I64)


def _needed_assumptions(st: FnState, fn: Any) -> set[Assumption]:
    """The assumptions the reading made that LLVM's semantics do not: pointers loaded
    and used as offsets into the object they came from; vscales up to 16 only."""
    needed = {Assumption.LOADED_POINTERS_IN_OBJECT} if _uses_loaded_offsets(st) else set()
    if st.stores_pointers:
        needed.add(Assumption.STORED_POINTERS_BY_ADDRESS)  # a pair's stored pointers: by address alone
    if _volatile_may_overlap(st):
        needed.add(Assumption.VOLATILE_APART)  # volatile accesses are events, kept out of memory
    if st.opts.vscale is not None and vscale_range(attributes(fn)).beyond:
        needed.add(Assumption.VSCALE_AT_MOST_16)  # only vscales up to 16 are read
    return needed


def _name_everything(st: FnState, fn: Any, blocks: list[Any]) -> None:
    """Our names for the arguments, blocks and instructions, each made from the input's
    own (`_own_name`), none used twice."""
    used: set[str] = set()
    for a in fn.arguments:
        st.names[key(a)] = _own_name(st, operand_text(a).split()[-1], used)
    for k, b in enumerate(blocks):
        first = str(b).lstrip("\n").splitlines()[0] if str(b).strip() else ""
        label = block_label(first)
        st.names[key(b)] = _own_name(st, f"%{label}", used) if label else ("entry" if k == 0 else f"bb{k}")
        used.add(st.names[key(b)])
        for ins in b.instructions:
            st.defined_in[key(ins)] = st.names[key(b)]
            t = operand_text(ins)
            if t.startswith("%"):
                st.names[key(ins)] = _own_name(st, t.split("=")[0].strip(), used)
    st.ids.taken = set(st.names.values())


def _parameters(st: FnState, fn: Any, pre_blk: Block) -> None:
    """Each parameter: a pointer's object, with what its attributes say of it; an
    integer's value (poison without noundef, its range)."""
    for position, a in enumerate(fn.arguments):
        name = st.names[key(a)]
        at = attributes(a)
        loc = st.at(st.start_line)
        if str(a.type) == "ptr":
            obj = MemObject(name, None, dereferenceable(at), align_of(at), has_attr(at, "readonly"))
            or_null = dereferenceable(at, or_null=True)
            if not obj.deref and or_null:
                obj.deref, obj.or_null = or_null, True
            obj.may_be_null = (obj.deref == 0 or obj.or_null) and not has_attr(at, "nonnull")
            obj.noalias = has_attr(at, "noalias")
            st.objects[name] = obj
            st.prov[key(a)] = name
            continue
        ty = parse_type(str(a.type), loc)
        if not isinstance(ty, IntType):
            raise LLUnsupported(f"parameter of type {a.type}", loc)
        _int_param(st, pre_blk, name, ty, at, loc, position)


def _pointer_phis(st: FnState) -> None:
    """The phis over pointers, filled in once every value's offset is known (a phi
    over several objects: its address and which object); a volatile store to an
    object that plain accesses reach too is refused."""
    for phi, incoming in st.pointer_phis:
        phi.incoming = [(blk, _incoming_offset(st, k, phi.loc)) for blk, k in incoming]
    for phi, incoming in st.null_phis:
        phi.incoming = [(blk, Const(1, I1) if k is None else st.nulls.get(k, Const(0, I1))) for blk, k in incoming]
    for at_phi, which_phi, multi_in in st.multi_phis:
        pairs = [shown_pointer(st, *_shown_at(st, b, k), at_phi.loc) for b, k in multi_in]
        at_phi.incoming = [(b, a) for (b, _), (a, _) in zip(multi_in, pairs, strict=True)]
        which_phi.incoming = [(b, w) for (b, _), (_, w) in zip(multi_in, pairs, strict=True)]
    _volatile_apart(st)


def _volatile_apart(st: FnState) -> None:
    """A volatile store to an object that plain accesses reach too is refused."""
    for obj_name, stored_at in st.volatile_stored.items():
        if obj_name in st.plain_objects:
            raise LLUnsupported(f"a volatile store to {st.display.get(obj_name, obj_name)}, which plain loads or "
                                "stores also access (a volatile store is an event here, kept out of memory)", stored_at)


def _volatile_may_overlap(st: FnState) -> bool:
    """A volatile access (an event here, kept out of memory: memory.volatile_store and
    volatile_load) may touch memory that plain accesses also do: a volatile store an
    object plain loads or stores reach, or a volatile load an object plain stores
    write (its value would then be theirs). Two objects may overlap unless one is
    noalias or a local, or both are globals."""
    stores = any(may_overlap(st, x, y) for x in st.volatile_stored for y in st.plain_objects if x != y)
    return stores or any(may_overlap(st, x, y) for x in st.volatile_loaded for y in st.plain_stored)


def _shown_at(st: FnState, pred: str, k: int | None) -> tuple[Block, int | None]:
    """Where a phi over several objects computes an incoming pointer's address and
    object number, and which value it shows: LCSSA's copies looked through, in the
    block that defines the value (it dominates the edge from `pred`; an argument: in
    `pred`). So a pass that only added LCSSA phis and exit blocks leaves the function
    as it was (transforms/forwarders.py), the computation in the same block."""
    while k is not None and k in st.copy_of:
        k = st.copy_of[k]
    home = st.defined_in.get(k, pred) if k is not None else pred
    return st.blocks[home if home in st.blocks else pred], k


def _incoming_offset(st: FnState, k: Any, loc: Loc | None) -> Operand:
    """A pointer phi's incoming offset: 0 for null (None), the value's offset, or a
    pointer of unknown origin (refused)."""
    if k is None:
        return Const(0, I64)
    if k not in st.offsets:
        unknown_pointer(loc)
    return st.offsets[k]


def _readings(st: FnState) -> set[Assumption]:
    """The readings weaker than LangRef's that the function was read under, where it
    has the construct they read (`--cttz-elts first-true` and a cttz.elts): named
    assumptions, listed in every verdict."""
    firsts = any(i.op == "cttz_elts" and i.attrs.rule == "first-true" for b in st.blocks.values() for i in b.instrs)
    return {Assumption.CTTZ_ELTS_FIRST_TRUE} if firsts else set()


def _call_writes(st: FnState, ins: Any) -> bool:
    """A call (not an intrinsic) that may write memory the function reaches."""
    if ins.opcode not in ("call", "invoke"):
        return False
    name = str(list(ins.operands)[-1].name)
    if not name or name.startswith("llvm."):
        return False
    return any("write" in acc for loc, acc in st.facts_of(ins).memory if loc != "inaccessiblemem")


def _floats(st: FnState, arrays: list[ArrayDecl]) -> dict[str, int]:
    """Program.floats: the values LLVM types as floats, and the objects every access
    of which loads or stores a float value of the object's unit width."""
    out = dict(st.floats)
    widths: dict[str, set[int | None]] = {}
    for b in st.blocks.values():
        for i in b.instrs:
            if i.op in ("load", "store") and i.array is not None:
                value = i.dest if i.op == "load" else i.args[1].name if isinstance(i.args[1], Ref) else None
                widths.setdefault(i.array, set()).add(st.floats.get(value or ""))
    for a in arrays:
        if widths.get(a.name) == {a.elem.bits}:
            out[a.name] = a.elem.bits
    return out


def _uses_loaded_offsets(st: FnState) -> bool:
    """Whether the program uses where a loaded pointer points (its offset in the object
    it was loaded from: memory.pointer_load), not only whether it is null."""
    offsets = st.loaded_offsets
    return any(isinstance(v, Ref) and v.name in offsets for b in st.blocks.values() for v in b.operands())


# the parameters the front end derives from a parameter's or an object's name
# (`%p` -> `p.bytes`, `p.addr`, ...; `%n` -> `n.value`, `n.poison`)
DERIVED = (".addr", ".bytes", ".before", ".null", ".value", ".poison", ".obj")


def _own_name(st: FnState, llvm_name: str, used: set[str]) -> str:
    """Our name for the LLVM value or block `llvm_name` (FnState.shown), made unique:
    two LLVM names may clean to one (`%4` and `%v4`, `%a-b` and `%a_b`), and an LLVM
    name may be one the front end derives (`%first.addr` beside a pointer `%first`),
    so such a name gets a suffix. Reports still print LLVM's own name."""
    ours = clean(llvm_name)
    if ours in used or ours.endswith(DERIVED):
        k = 1
        while f"{ours}_{k}" in used:
            k += 1
        ours = f"{ours}_{k}"
    st.display[ours] = llvm_name
    used.add(ours)
    return ours


def attributes(v: Any) -> str:
    """A parameter's (or function's) attributes as LLVM spells them, from llvmlite."""
    return " ".join(a.decode() for a in v.attributes)


def _noundef(st: FnState, own: bool, at: int) -> tuple[bool, bool]:
    """Whether argument `at` is read as noundef (a pair's target: as its source says),
    and whether the target claims noundef where its source does not."""
    given = st.opts.source_noundef
    if given is None or at >= len(given):
        return own, False
    return given[at], own and not given[at]


def _int_param(st: FnState, pre: Block, name: str, ty: IntType, attrs: str, loc: Loc, at: int) -> None:
    """An integer parameter (argument `at`): without `noundef` it may be poison;
    `range(iN a, b)` makes a value outside [a, b) poison, so with `noundef` the caller
    had UB there (such inputs are no run of the function). A pair's target reads it as
    its source does (LLOptions.source_noundef): its own noundef where the source has
    none is a claim, UB where the caller passes poison."""
    noundef, claimed = _noundef(st, has_attr(attrs, "noundef"), at)
    raw = name if noundef else f"{name}.value"
    st.params.append(Param(raw, ty))
    ok = in_range(st, pre, Ref(raw), ty, attrs, name, loc)
    if noundef:
        if ok is not None:
            st.emit(pre, "assume", [ok], None, None, loc)
        return
    pois = f"{name}.poison"
    st.params.append(Param(pois, I1))
    if claimed:
        defined = st.emit(pre, "xor", [Ref(pois), Const(1, I1)], I1, st.fresh(f"{name}.defined"), loc, flags=())
        st.emit(pre, "assume", [defined], None, None, loc, why=f"the target's noundef on {name}, passed poison")
    poisoned: Operand = Ref(pois)
    if ok is not None:
        out = st.emit(pre, "xor", [ok, Const(1, I1)], I1, st.fresh(f"{name}.outside"), loc, flags=())
        poisoned = st.emit(pre, "or", [Ref(pois), out], I1, st.fresh(f"{name}.poisoned"), loc, flags=())
    st.emit(pre, "select", [poisoned, PoisonConst(ty), Ref(raw)], ty, name, loc)


def _instruction_lines(st: FnState, blocks: list[Any]) -> dict[int, Loc]:
    """Each instruction's line and column, by walking the function's text in order
    (labels, comments, blank lines and a switch's case lines are no instructions), so
    two instructions with the same text get their own lines. Empty if the text and
    the parsed function disagree on the count (then loc_of searches)."""
    at = [st.at(k, len(st.lines[k]) - len(st.lines[k].lstrip()) + 1)
          for k in instruction_lines(st.lines, st.start_line)]
    instrs = [ins for b in blocks for ins in b.instructions]
    if len(instrs) != len(at):
        return {}
    return {key(ins): loc for ins, loc in zip(instrs, at, strict=True)}


def _fold_constant_branches(st: FnState) -> None:
    """`br i1 false, label %a, label %b` always goes to %b: it becomes a jump, and %a's
    phis lose that edge. Exact, and it keeps a loop whose back edge is never taken (a
    `br i1 false` to its header, as LLVM's tests write) from nesting the loops around it."""
    for name, blk in st.blocks.items():
        t = blk.term
        if not isinstance(t, Branch) or not isinstance(t.cond, Const) or t.then == t.other:
            continue
        taken, dropped = (t.then, t.other) if t.cond.value else (t.other, t.then)
        blk.term = Jump(taken)
        for phi in st.blocks[dropped].phis:
            phi.incoming = [(pred, v) for pred, v in phi.incoming if pred != name]


def _split_edges(st: FnState) -> None:
    """Phi edges out of a lowered switch come from the block that now branches to the
    target; an edge LLVM lists once per case (same block, same value) is kept once."""
    for name, blk in st.blocks.items():
        for phi in blk.phis:
            seen: list[tuple[str, Operand]] = []
            for pred, v in phi.incoming:
                pred = st.edges.get((pred, name), pred)
                if all(p != pred for p, _ in seen):
                    seen.append((pred, v))
            phi.incoming = seen
