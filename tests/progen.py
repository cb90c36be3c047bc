"""Random well-typed .loop programs and inputs for property tests (hypothesis).

The programs exercise what the semantics must get right: nsw/nuw/exact flags,
division and remainder (UB), shifts, select, freeze, casts, loads of poison,
stores, effectful calls, early exits, and vector code (masked ops, gathers,
clsz/clsnz/anyof/allones/extract).
"""

from __future__ import annotations

from hypothesis import strategies as st

from verifier.semantics.inputs import Inputs

BIN = ["+", "+nsw", "+nuw", "-", "-nsw", "*", "*nsw", "*nuw", "&", "|", "^", "<<", "<<nsw", "<<nuw",
       ">>", ">>u", ">>exact", "/u", "/", "%u", "%", "/u.exact"]
CMP = ["==", "!=", "<", "<=", ">", ">=", "<u", "<=u", ">u", ">=u"]


@st.composite
def scalar_expr(draw: st.DrawFn, names: tuple[str, ...], depth: int = 2) -> str:
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        if draw(st.booleans()):
            return draw(st.sampled_from(names))
        return str(draw(st.integers(-128, 127)))
    kind = draw(st.integers(0, 9))
    a = draw(scalar_expr(names, depth - 1))
    b = draw(scalar_expr(names, depth - 1))
    if kind <= 5:
        # keep at least one side typed so literals get a type
        if not any(ch.isalpha() for ch in a + b):
            a = names[0]
        return f"({a} {draw(st.sampled_from(BIN))} {b})"
    if kind == 6:
        c = draw(cond_expr(names, depth - 1))
        return f"select({c}, {_typed(a, names)}, {b})"
    if kind == 7:
        return f"freeze({_typed(a, names)})"
    if kind == 8:
        return f"trunc(zext({_typed(a, names)}, i16) + 1, i8)"
    return f"{draw(st.sampled_from(['smin', 'umax']))}({_typed(a, names)}, {b})"


def _typed(e: str, names: tuple[str, ...]) -> str:
    return e if any(ch.isalpha() for ch in e) else f"({names[0]} ^ {e})"


@st.composite
def cond_expr(draw: st.DrawFn, names: tuple[str, ...], depth: int = 1) -> str:
    a = _typed(draw(scalar_expr(names, depth)), names)
    b = draw(scalar_expr(names, depth))
    c = f"({a} {draw(st.sampled_from(CMP))} {b})"
    if draw(st.integers(0, 3)) == 0:
        d = _typed(draw(scalar_expr(names, depth)), names)
        c = f"({c} {draw(st.sampled_from(['&', '|', '&&', '||', '^']))} ({d} == 0))"
    return c


# what the effect f does besides its event: nothing, return always, write an array
# (the loop's own input too), read one, write every array (docs/semantics.md "Calls")
EFFECTS = ["", " willreturn", " writes(b)", " reads(a) writes(b) willreturn", " writes(*)", " writes(a) willreturn",
           " reads(a, b)"]


@st.composite
def scalar_program(draw: st.DrawFn) -> str:
    init = draw(st.booleans())
    names = ("x", "acc")
    v = draw(scalar_expr(names))
    lines = [
        "loop gen(N: i64) {",
        f"  array a: i8[N]{' init' if init else ''}",
        "  array b: i8[N]",
        f"  effect f(i8){draw(st.sampled_from(EFFECTS))}",
        "  i = 0",
        "  acc: i8 = 0",
        "  if (i < N) {",
        "    do {",
        "      x = a[i]",
        f"      v = {_typed(v, names)}",
    ]
    if draw(st.booleans()):
        lines.append(f"      b[i] = {_typed(draw(scalar_expr(('x', 'v', 'acc'))), ('v',))}")
    if draw(st.booleans()):
        lines.append(f"      if ({draw(cond_expr(('x', 'v')))}) break")
    if draw(st.booleans()):
        lines.append(f"      f({_typed(draw(scalar_expr(('v', 'x'))), ('v',))})")
    if draw(st.booleans()):
        lines.append(f"      if ({draw(cond_expr(('v', 'acc')))}) {{ f(v)\n        break }}")
    lines += [
        f"      acc = {_typed(draw(scalar_expr(('v', 'acc', 'x'))), ('v',))}",
        "      i = i + 1",
        "    } while (i < N)",
        "  }",
        "  out acc",
        "  out i",
        "}",
    ]
    return "\n".join(lines)


@st.composite
def vector_program(draw: st.DrawFn) -> str:
    vf = draw(st.sampled_from([2, 4]))
    op = draw(st.sampled_from(["+", "+nsw", "*", "/u", "%", "<<", "&", "-nuw"]))
    cmp = draw(st.sampled_from(CMP))
    k = draw(st.integers(-3, 3))
    red = draw(st.sampled_from(["anyof(C)", "allones(C)", "anyof(freeze(C))"]))
    count = draw(st.sampled_from(["clsz", "clsnz"]))
    masked_store = draw(st.booleans())
    gather = draw(st.booleans())
    lines = [
        "loop genv(N: i64) {",
        f"  const VF = {vf}",
        "  array a: i8[N]",
        "  array b: i8[N]",
        f"  effect f(i8){draw(st.sampled_from(EFFECTS))}",
        "  i = 0",
        "  r: i64 = 0",
        "  e: i8 = 0",
        "  while (i + VF <= N) {",
        "    x = a[i .. i+VF)",
        f"    y = x {op} {k}",
        f"    C = y {cmp} {k}",
        f"    r = {count}(C)",
        "    P = prefix(r, VF)",
        "    e = extract(y, r)",
        "    when (P) f(x)",
    ]
    if masked_store:
        lines.append("    when (P) b[i .. i+VF) = y")
    if gather:
        lines.append("    g = b[zext(x & 3, i64) + i]")
        lines.append("    e = extract(g, 1)")
    lines += [
        f"    if ({red}) break",
        "    i = i + VF",
        "  }",
        "  out r",
        "  out e",
        "  out i",
        "}",
    ]
    return "\n".join(lines)


@st.composite
def inputs_for(draw: st.DrawFn, max_n: int = 6, min_n: int = 0) -> Inputs:
    n = draw(st.integers(min_n, max_n))
    elem = st.one_of(st.none(), st.integers(-128, 127), st.sampled_from([0, 1, -1, 127, -128]))
    a = draw(st.lists(elem, min_size=n, max_size=n))
    b = draw(st.lists(elem, min_size=n, max_size=n))
    # what calls do: the trace positions where one ends the run, what one leaves in an array
    stops = frozenset(draw(st.lists(st.integers(0, 12), max_size=2)))
    cells = st.dictionaries(st.integers(0, max(n - 1, 0)), elem, max_size=3)
    clobbers = draw(st.dictionaries(st.tuples(st.sampled_from(["a", "b"]), st.integers(0, 12)),
                                    st.tuples(cells, elem), max_size=4))
    return Inputs(params={"N": n}, arrays={"a": a, "b": b}, defaults={"a": 0, "b": 0}, stops=stops,
                  clobbers=clobbers)


@st.composite
def lane_chain_program(draw: st.DrawFn) -> str:
    """Straight-line block-form code in the shape of a predicated vector body: lane
    j's call under a mask that and-s lane j-1's mask (or, drawn, under an unrelated
    mask or none), a branch whose two sides call differently and join, then more
    masked calls. Exercises the trace encoding's slot placement after appends whose
    position is symbolic."""
    lanes = draw(st.integers(2, 5))
    k = draw(st.integers(-2, 2))
    lines = ["loop chain(N: i64) {", "  array a: i8[N]", "  effect f(i8)", "  effect g(i8, i8)",
             "entry:", "  t: i1 = N >= 8", "  assume t"]
    for j in range(lanes):
        lines.append(f"  x{j}: i8 = a[{j}]")
        lines.append(f"  c{j}: i1 = x{j} != {k}")
        lines.append(f"  fc{j}: i1 = freeze(c{j})")
    prev = None
    for j in range(lanes):
        shape = draw(st.sampled_from(["chain", "chain", "chain", "own", "always"]))
        if shape == "chain" and prev is not None:
            lines.append(f"  m{j}: i1 = {prev} & fc{j}")
        else:
            lines.append(f"  m{j}: i1 = fc{j} ^ 0")
        if shape == "always":
            lines.append(f"  f(x{j})")
        else:
            lines.append(f"  when (m{j}) f(x{j})")
        prev = f"m{j}"
    lines += ["  if (fc0) goto left else goto right", "left:", "  g(x0, x1)"]
    if draw(st.booleans()):
        lines.append("  when (m1) f(x1)")
    lines += ["  goto join", "right:"]
    if draw(st.booleans()):
        lines.append("  when (m1) g(x1, x0)")
    lines += ["  goto join", "join:"]
    prev = "fc1"
    for j in range(lanes):
        lines.append(f"  n{j}: i1 = {prev} & fc{j}")
        lines.append(f"  when (n{j}) f(x{j})")
        prev = f"n{j}"
    lines += ["  end", "}"]
    return "\n".join(lines)


@st.composite
def lane_loads_program(draw: st.DrawFn) -> tuple[str, int]:
    """One block of scalar loads `a[b + o]` for drawn constant offsets o of one base b
    (the shape of a vector iteration's lane loads), the base itself among them or not,
    all computed by one operation with one set of flags, in a drawn index width; and a
    base value drawn near 0 and near the signed limits, where lanes wrap or overflow.
    The symbolic encoder keeps only the end lanes' bounds checks (analysis/accesses.py)."""
    w = draw(st.sampled_from([8, 16, 64]))
    op = draw(st.sampled_from(["+", "-"]))
    flags = draw(st.sampled_from(["", "nuw", "nsw", "nuw.nsw"]))
    lim = 1 << (w - 1)
    far = st.sampled_from([-lim, -lim + 1, lim - 2, lim - 1])  # a group spanning half the range
    offsets = draw(st.lists(st.one_of(st.integers(-6, 6), far), min_size=2, max_size=6, unique=True))
    base = draw(st.one_of(st.integers(-8, 12), st.integers(lim - 8, lim - 1), st.integers(-lim, -lim + 8)))
    # a call that may end the run, drawn between two loads: the later ones' UB is then
    # not certain, so they imply nothing of the earlier ones' (the inputs draw the stop)
    stop_at = draw(st.integers(0, len(offsets)))
    lines = [f"loop lanes(N: i64, b: i{w}) {{", "  array a: i8[N]", "  effect f(i8)", "entry:"]
    for j, o in enumerate(offsets):
        if j == stop_at:
            lines.append("  f(0)")
        if o == 0 and draw(st.booleans()):
            lines.append(f"  x{j}: i8 = a[b]")
            continue
        lines.append(f"  i{j}: i{w} = b {op}{flags} {o}")
        lines.append(f"  x{j}: i8 = a[i{j}]")
    lines += ["  end", "}"]
    return "\n".join(lines), base
