"""The wrong-proof hunter's native judge: a source and a target function (LLVM IR) both
compiled by llc into one harness and run on the same inputs, so that whether they
differ is decided by the machine, not by the tool under test.

What one run does (in a forked child, so a fault or a hang ends only it):
- every pointer argument points at a buffer whose last byte is followed by a
  PROT_NONE guard page (its size is the argument's `dereferenceable(N)`, else a size
  the input picks); every writable global is made `external` in both modules and
  placed, by the linker's `--defsym`, at a fixed address whose object ends at a
  guard page; the harness writes the input's bytes into all of them before the fork;
- every declared external function is a stub that records its arguments and the
  hash of the memory it may read (what the declaration and the call site say it may
  access), returns a value the input picks, and, on the input's call k, may do what
  its attributes allow and a benign stub would not: write the memory it may write,
  or end the program (`exit`) when it is not `willreturn`;
- the result is how it ended (returned, exited inside call k, faulted, hung), the
  return value, the call trace and a hash of all memory (at an exit: of the memory
  the callee could see).

An input on which the source faults or hangs is not used (the source has UB there or
never finishes). A difference on any other input shows the target wrong, as long as
the source has no UB the machine does not show (poison reaching a branch: the inputs
keep away from overflow by their sizes). Needs clang-22 and llc-22."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from verifier.frontend.layout import split_top

TOOLS = ("clang-22", "llc-22")
PAGE = 4096
BATCH = 32  # inputs per run of the harness
REGION = 1 << 20  # bytes per buffer region (the object ends at its end)
GLOBAL_BASE = 0x40000000  # fixed addresses of the globals (non-PIE, within 2 GiB)
PARAM_BASE = 0x50000000
LIBC = frozenset({"memchr", "memcmp", "bcmp", "memcpy", "memmove", "memset", "strlen", "strnlen", "strchr",
                  "strcmp", "strncmp", "abort", "exit", "_exit", "puts", "putchar", "printf", "abs", "labs"})
_C_INT = {"i1": "_Bool", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t", "ptr": "void *"}


def available() -> bool:
    return all(shutil.which(t) for t in TOOLS)


class NativeUnsupported(Exception):
    """The pair cannot be run natively (a parameter type, a variadic call, llc's refusal)."""


@dataclass(frozen=True)
class Arg:
    type: str  # i8..i64, ptr
    name: str
    dereferenceable: int | None  # bytes, for a pointer
    noalias: bool  # a pointer no callee reaches unless given it


@dataclass(frozen=True)
class Global:
    name: str
    size: int
    align: int


@dataclass(frozen=True)
class Callee:
    name: str
    ret: str  # void or an integer type
    params: tuple[str, ...]
    reads: bool  # may read memory other than its arguments' (globals)
    writes: bool  # may write globals
    writes_args: bool  # may write through its pointer arguments
    willreturn: bool


@dataclass(frozen=True)
class Input:
    """One native run's input: the integer arguments, each buffer's bytes (pointer
    arguments by position, globals by name) and what the stubs do."""

    ints: dict[int, int]  # argument position -> value
    sizes: dict[int, int]  # pointer argument position -> buffer bytes
    bytes_of: dict[str, bytes]  # "arg<k>" or a global's name -> contents
    # a pointer argument's buffer placed at the start of its region (a guard page
    # before it), not at the end
    low: frozenset[str] = frozenset()
    # a pointer argument that points into another's buffer: "arg<k>" -> ("arg<j>", bytes in)
    views: dict[str, tuple[str, int]] = field(default_factory=dict)
    mode: str = "record"  # record | write | exit
    at_call: int = 0  # the call (counted over all callees) that writes or exits
    seed: int = 0

    def show(self) -> str:
        ints = ", ".join(f"arg{k}={v}" for k, v in sorted(self.ints.items()))
        bufs = ", ".join(f"{k}[{len(b)}]={b[:24].hex()}{'..' if len(b) > 24 else ''}"
                         for k, b in sorted(self.bytes_of.items()))
        how = "" if self.mode == "record" else f", the call #{self.at_call} {self.mode}s"
        views = "".join(f", {v} = {w} + {d} bytes" for v, (w, d) in sorted(self.views.items()))
        return f"{ints}{'; ' if ints and bufs else ''}{bufs}{views}{how}"


@dataclass(frozen=True)
class Outcome:
    status: str  # ret | exit | fault | hang
    value: int
    events: int
    trace: str  # a hash of the call trace
    memory: str  # a hash of the memory at the end

    def show(self) -> str:
        if self.status == "ret":
            return f"returns {self.value} after {self.events} calls"
        if self.status == "exit":
            return f"ends inside call #{self.events - 1}"
        return f"{self.status}s after {self.events} calls"


@dataclass(frozen=True)
class Difference:
    input: Input
    source: Outcome
    target: Outcome

    def show(self) -> str:
        what = [k for k in ("status", "value", "events", "trace", "memory")
                if getattr(self.source, k) != getattr(self.target, k)]
        return (f"on {self.input.show()}: the source {self.source.show()}, the target {self.target.show()} "
                f"(differ in {', '.join(what)})")


@dataclass
class Verdict:
    """What the native runs showed: the first difference, else how many inputs were
    run (those the source faulted or hung on are left out)."""

    difference: Difference | None = None
    runs: int = 0
    skipped: int = 0
    notes: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ reading the modules

_DEFINE = re.compile(r"^define ([^@]*?)@\"?([-\w.$]+)\"?\((.*)\)([^{]*)\{", re.MULTILINE)
_GLOBAL = re.compile(r"^@\"?([-\w.$]+)\"? = ([^\n]*?)\b(global|constant) (.*)$", re.MULTILINE)


def signature(text: str, func: str) -> tuple[str, list[Arg]]:
    """The function's return type and arguments."""
    for m in _DEFINE.finditer(text):
        if m.group(2) != func:
            continue
        ret = m.group(1).split()[-1]
        if ret not in _C_INT and ret != "void":
            raise NativeUnsupported(f"a result of type {ret}")
        args = []
        for a in split_top(m.group(3)):
            ty = a.split()[0]
            if ty not in _C_INT:
                raise NativeUnsupported(f"an argument of type {ty}")
            d = re.search(r"\bdereferenceable\((\d+)\)", a)
            args.append(Arg(ty, a.split()[-1], int(d.group(1)) if d else None, bool(re.search(r"\bnoalias\b", a))))
        return ret, args
    raise NativeUnsupported(f"no function @{func}")


def _parenthesized(rest: str) -> tuple[str, str]:
    """`rest` (what follows an opening parenthesis) split at its closing one."""
    depth = 0
    for k, ch in enumerate(rest):
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return rest[:k], rest[k + 1:]
            depth -= 1
    return rest, ""


def _type_size(t: str) -> tuple[int, int]:
    """(bytes, alignment) of a global's value type."""
    t = t.strip()
    m = re.fullmatch(r"\[(\d+) x (.*)\]", t)
    if m:
        n, (s, a) = int(m.group(1)), _type_size(m.group(2))
        return n * s, a
    m = re.fullmatch(r"i(\d+)", t)
    if m:
        b = max(1, (int(m.group(1)) + 7) // 8)
        return b, b
    if t == "ptr":
        return 8, 8
    if t.startswith("{") or t.startswith("<{") or t.startswith("%"):
        raise NativeUnsupported(f"a global of type {t}")
    raise NativeUnsupported(f"a global of type {t}")


def _value_type(rest: str) -> str:
    """The type at the start of a global's `TYPE init, align N` text."""
    depth = 0
    for k, ch in enumerate(rest):
        if ch in "[{<(":
            depth += 1
        elif ch in "]}>)":
            depth -= 1
            if depth == 0:
                return rest[:k + 1]
        elif ch == " " and depth == 0:
            return rest[:k]
    return rest


def globals_of(text: str) -> list[Global]:
    """The writable globals a module defines or declares."""
    out = []
    for m in _GLOBAL.finditer(text):
        if m.group(3) != "global":
            continue
        ty = _value_type(m.group(4))
        size, align = _type_size(ty)
        a = re.search(r"align (\d+)", m.group(4))
        out.append(Global(m.group(1), size, int(a.group(1)) if a else align))
    return out


def alignment(text: str, func: str) -> int:
    """The largest alignment the source's function claims of a pointer (an access's or
    an argument's `align`): buffers start at a multiple of it and pointers into another's
    buffer are a multiple of it in, so that no claim the source makes is broken by the
    harness (a misaligned access is UB the machine may not show)."""
    m = next(m for m in _DEFINE.finditer(text) if m.group(2) == func)
    start = text.index("\n", m.start())
    end = text.index("\n}", start)
    claims = [int(x) for x in re.findall(r"\balign (\d+)", m.group(3) + text[start:end])]
    return min(max(claims, default=1), PAGE)


def _attribute_groups(text: str) -> dict[str, str]:
    return dict(re.findall(r"^attributes (#\d+) = \{(.*)\}\s*$", text, re.MULTILINE))


def _memory_kinds(attrs: str) -> tuple[str, str] | None:
    """(kind for argmem, kind for other memory) of a `memory(...)` attribute; None
    without one."""
    m = re.search(r"\bmemory\(([^)]*)\)", attrs)
    if m is None:
        return None
    default, kinds = "none", {}
    for part in m.group(1).split(","):
        part = part.strip()
        if ":" in part:
            loc, kind = (x.strip() for x in part.split(":"))
            kinds[loc] = kind
        else:
            default = part
    return kinds.get("argmem", default), kinds.get("other", default)


def _can(kind: str, what: str) -> bool:
    return kind == "readwrite" or kind == what


def callees(text: str) -> list[Callee]:
    """Every external function the module calls, with what all its call sites and
    its declaration together say it may do."""
    groups = _attribute_groups(text)

    def expand(attrs: str) -> str:
        return attrs + " " + " ".join(groups.get(g, "") for g in re.findall(r"#\d+", attrs))

    out = []
    for m in re.finditer(r"^declare ([^@]*?)@\"?([-\w.$]+)\"?\((.*)$", text, re.MULTILINE):
        name = m.group(2)
        if name.startswith("llvm.") or name in LIBC:
            continue
        inside, after = _parenthesized(m.group(3))
        if "..." in inside:
            raise NativeUnsupported(f"a variadic callee @{name}")
        ret = m.group(1).split()[-1]
        params = tuple(p.split()[0] for p in split_top(inside))
        if ret not in _C_INT and ret != "void" or any(p not in _C_INT for p in params):
            raise NativeUnsupported(f"a callee @{name} with a non-integer parameter or result")
        facts = [expand(m.group(1) + after)]
        facts += [expand(c.group(1)) for c in re.finditer(rf"call [^@]*@{re.escape(name)}\([^\n]*\)([^\n]*)$", text,
                                                          re.MULTILINE)]
        reads = writes = writes_args = True
        willreturn = False
        for f in facts:
            if re.search(r"\breadnone\b", f):
                reads = writes = writes_args = False
            if re.search(r"\breadonly\b", f):
                writes = writes_args = False
            kinds = _memory_kinds(f)
            if kinds is not None:
                arg, other = kinds
                reads = reads and _can(other, "read")
                writes = writes and _can(other, "write")
                writes_args = writes_args and _can(arg, "write")
            willreturn = willreturn or bool(re.search(r"\bwillreturn\b", f))
        out.append(Callee(name, ret, params, reads, writes, writes_args, willreturn))
    return out


# ------------------------------------------------------------------ building the harness

def constants_of(text: str) -> dict[str, str]:
    """Each constant global's definition after its linkage (`TYPE init, align N`)."""
    return {m.group(1): m.group(4) for m in _GLOBAL.finditer(text) if m.group(3) == "constant"}


_CONSTANT = r"^(@\"?%s\"? = )(?:(?:internal|private|dso_local|local_unnamed_addr|unnamed_addr|hidden) )*constant ([^\n]*)$"


def _constants(text: str, share: str) -> str:
    """The module's constants: `own` (each side its own copy), `define` (the source's,
    one object both sides point into, so that a returned pointer into one compares
    alike) or `declare` (the target's, the source's object)."""
    for name in constants_of(text):
        pat = _CONSTANT % re.escape(name)
        if share == "own":
            text = re.sub(pat, r"\1internal constant \2", text, flags=re.MULTILINE)
        elif share == "define":
            text = re.sub(pat, r"\1constant \2", text, flags=re.MULTILINE)
        else:
            def declared(m: re.Match[str]) -> str:
                a = re.search(r"align (\d+)", m.group(2))
                return f"{m.group(1)}external constant {_value_type(m.group(2))}" + (f", align {a.group(1)}" if a else "")
            text = re.sub(pat, declared, text, flags=re.MULTILINE)
    return text


def _prepare(text: str, func: str, suffix: str, vscale: int | None, constants: str = "own") -> str:
    """One side's module: its functions renamed with `suffix`, its writable globals
    external (the harness places them), its constants as `_constants` says, no target
    triple (llc's host)."""
    defined = {m.group(2) for m in _DEFINE.finditer(text)}
    for name in defined:
        text = re.sub(rf"@{re.escape(name)}\b(?!\.)", f"@{name}{suffix}", text)
    for g in globals_of(text):
        text = re.sub(rf"^(@\"?{re.escape(g.name)}\"? = )[^\n]*?\bglobal ([^\n]*)$",
                      lambda m, g=g: f"{m.group(1)}external global {_value_type(m.group(2))}, align {g.align}",
                      text, flags=re.MULTILINE)
    text = _constants(text, constants)
    text = re.sub(r"^target (triple|datalayout) = .*$", "", text, flags=re.MULTILINE)
    text = re.sub(r"\"(target-cpu|target-features|tune-cpu)\"=\"[^\"]*\"", "", text)
    if vscale is not None:
        from verifier.frontend.llvm.text import at_vscale
        text = at_vscale(text, vscale)
        text = re.sub(r"call i(32|64) @llvm\.vscale\.i\1\(\)", rf"add i\1 0, {vscale}", text)
        text = re.sub(r"\bvscale_range\(\d+(?:,\s*\d+)?\)", "", text)
    return text


def _stub(c: Callee, index: int) -> str:
    """The C body of an external function: record the call, then on the input's call
    do what the attributes allow (end the run, write what it reaches)."""
    params = ", ".join(f"{_C_INT[p]} a{k}" for k, p in enumerate(c.params)) or "void"
    ret = "void" if c.ret == "void" else _C_INT[c.ret]
    body = [f"int64_t ev[6] = {{{index}, 0, 0, 0, 0, 0}};"]
    body += [f"ev[{2 + k}] = (int64_t)(intptr_t)a{k};" for k in range(min(len(c.params), 4))]
    body += [f"escape((void *)(intptr_t)a{k});" for k, p in enumerate(c.params) if p == "ptr"]
    body += [f"ev[1] = {'seen_hash()' if c.reads else '0'};", "event(ev);"]
    if not c.willreturn:
        body.append("if (mode == 2 && at == ncalls - 1) finish(1, 0);")
    if c.writes:
        body.append("if (mode == 1 && at == ncalls - 1) poke_reachable();")
    if c.writes_args:
        body += [f"if (mode == 1 && at == ncalls - 1) poke_arg((void *)(intptr_t)a{k});"
                 for k, p in enumerate(c.params) if p == "ptr"]
    body.append(f"return ({ret})((seed + ncalls) % 2);" if ret != "void" else "return;")
    return f"{ret} {c.name}({params}) {{\n  " + "\n  ".join(body) + "\n}\n"


_HARNESS = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <sys/time.h>

#define NREG %(nreg)d
#define REGION_BYTES %(region)d
#define ALIGN %(align)d
static uint8_t *reg_base[NREG + 1];
static size_t reg_size[NREG + 1];
static int reg_global[NREG + 1];
static int reg_reach[NREG + 1];  /* a global, or a buffer a callee may know of */
static int reg_escaped[NREG + 1];
static int mode, at, ncalls;
static int64_t seed;
static uint64_t trace_hash = 1469598103934665603ULL;
static int pipefd[2];

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
  const uint8_t *b = p;
  for (size_t k = 0; k < n; k++) { h ^= b[k]; h *= 1099511628211ULL; }
  return h;
}
static uint64_t mem_hash(int only_seen) {
  uint64_t h = 1469598103934665603ULL;
  for (int r = 0; r < NREG; r++)
    if (!only_seen || reg_reach[r] || reg_escaped[r]) h = fnv(h, reg_base[r], reg_size[r]);
  return h;
}
static int64_t seen_hash(void) { return (int64_t)mem_hash(1); }
static void escape(void *p) {
  for (int r = 0; r < NREG; r++)
    if ((uint8_t *)p >= reg_base[r] && (uint8_t *)p < reg_base[r] + reg_size[r] + 1) reg_escaped[r] = 1;
}
static void poke_at(uint8_t *p, size_t n) {
  uint64_t x = (uint64_t)seed * 6364136223846793005ULL + 1442695040888963407ULL;
  for (size_t k = 0; k < n; k++) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    if ((x >> 60) < 6) p[k] = (x >> 59) & 1 ? 0 : (uint8_t)(x >> 33);
  }
}
static void poke_reachable(void) {
  for (int r = 0; r < NREG; r++) if (reg_reach[r]) poke_at(reg_base[r], reg_size[r]);
}
static void poke_arg(void *p) {
  for (int r = 0; r < NREG; r++)
    if ((uint8_t *)p >= reg_base[r] && (uint8_t *)p < reg_base[r] + reg_size[r])
      poke_at((uint8_t *)p, (size_t)(reg_base[r] + reg_size[r] - (uint8_t *)p));
}
static void finish(int status, int64_t value) {
  char buf[128];
  int n = snprintf(buf, sizeof buf, "%%d %%lld %%d %%016llx %%016llx\n", status, (long long)value, ncalls,
                   (unsigned long long)trace_hash, (unsigned long long)mem_hash(status == 1));
  if (write(pipefd[1], buf, (size_t)n) < 0) _exit(3);
  _exit(0);
}
static void event(int64_t *ev) {
  ncalls++;
  trace_hash = fnv(trace_hash, ev, 6 * sizeof(int64_t));
}

%(globals)s
%(stubs)s
%(protos)s

static void on_alarm(int s) { (void)s; _exit(4); }

static void run_one(int side, int64_t *a) {
  if (pipe(pipefd) != 0) exit(5);
  pid_t pid = fork();
  if (pid == 0) {
    close(pipefd[0]);
    signal(SIGVTALRM, on_alarm);
    /* 0.3 s of the child's own CPU time (not the clock: the same on a loaded machine);
       a correct run takes microseconds */
    struct itimerval limit = {{0, 0}, {0, 300000}};
    setitimer(ITIMER_VIRTUAL, &limit, NULL);
    %(calls)s
  }
  close(pipefd[1]);
  char buf[128] = {0};
  ssize_t n = read(pipefd[0], buf, sizeof buf - 1);
  close(pipefd[0]);
  int st = 0;
  waitpid(pid, &st, 0);
  if (n > 0) { fputs(buf, stdout); }
  else if (WIFEXITED(st) && WEXITSTATUS(st) == 4) printf("3 0 0 0 0\n");
  else printf("2 %%d 0 0 0\n", WIFSIGNALED(st) ? WTERMSIG(st) : -1);
  fflush(stdout);
}

int main(void) {
  %(map)s
  int64_t a[16];
  char word[16];
  while (scanf("%%15s", word) == 1) {
    if (strcmp(word, "case") != 0) return 6;
    for (int k = 0; k < %(nargs)d; k++) if (scanf("%%lld", (long long *)&a[k]) != 1) return 7;
    if (scanf("%%d %%d %%lld", &mode, &at, (long long *)&seed) != 3) return 8;
    for (int r = 0; r < NREG; r++) {
      long long size;
      if (scanf("%%lld", &size) != 1) return 9;
      int low;
      if (scanf("%%d", &low) != 1) return 9;
      if (!reg_global[r]) { reg_size[r] = (size_t)size; reg_base[r] = low ? reg_end(r) - REGION_BYTES : (uint8_t *)((uintptr_t)(reg_end(r) - size) & ~(uintptr_t)(ALIGN - 1)); }
      for (long long k = 0; k < size; k++) { unsigned v; if (scanf("%%2x", &v) != 1) return 10; reg_base[r][k] = (uint8_t)v; }
      reg_escaped[r] = 0;
    }
    for (int r = 0; r < NREG; r++) {
      int q; long long d;
      if (scanf("%%d %%lld", &q, &d) != 2) return 13;
      if (!reg_global[r]) a[%(argpos)s[r]] = (int64_t)(intptr_t)(q < 0 ? reg_base[r] : reg_base[q] + d);
    }
    ncalls = 0; trace_hash = 1469598103934665603ULL;
    run_one(0, a);
    ncalls = 0; trace_hash = 1469598103934665603ULL;
    run_one(1, a);
  }
  return 0;
}
"""


@dataclass
class Harness:
    """A built harness: the executable and how to feed it."""

    exe: Path
    args: list[Arg]
    globals: list[Global]
    callees: list[Callee]
    ret: str
    regions: list[str]  # "arg<k>" or a global's name, in the harness's order
    align: int  # every buffer's start is a multiple of it (the source's largest claim)
    func: str = ""  # the function's name in the source

    def run(self, inputs: list[Input], timeout: float = 600.0) -> list[tuple[Outcome, Outcome]]:
        lines = []
        for inp in inputs:
            ints = [inp.ints.get(k, 0) if a.type != "ptr" else 0 for k, a in enumerate(self.args)]
            regions, views = [], []
            for r in self.regions:
                data = inp.bytes_of.get(r, b"")
                low = int(r in inp.low)
                regions.append(f"{len(data)} {low} {data.hex()}" if data else f"0 {low}")
                whole, d = inp.views.get(r, (None, 0))
                views.append(f"{self.regions.index(whole) if whole is not None else -1} {d}")
            mode = {"record": 0, "write": 1, "exit": 2}[inp.mode]
            lines.append(f"case {' '.join(map(str, ints))} {mode} {inp.at_call} {inp.seed} {' '.join(regions)} {' '.join(views)}")
        r = subprocess.run([str(self.exe)], input="\n".join(lines) + "\n", capture_output=True, text=True,
                           timeout=timeout)
        outs = [_outcome(line, self.ret) for line in r.stdout.splitlines()]
        if len(outs) != 2 * len(inputs):
            raise NativeUnsupported(f"the harness stopped early (exit {r.returncode}): {r.stderr[-300:]}")
        return [(outs[2 * k], outs[2 * k + 1]) for k in range(len(inputs))]


def _outcome(line: str, ret: str) -> Outcome:
    status, value, events, trace, memory = line.split()
    v = int(value)
    bits = {"i1": 1, "i8": 8, "i16": 16, "i32": 32}.get(ret)
    if bits is not None and status == "0":
        v &= (1 << bits) - 1
    return Outcome({"0": "ret", "1": "exit", "2": "fault", "3": "hang"}[status], v, int(events), trace, memory)


def build(src_text: str, tgt_text: str, func: str, workdir: Path, vscale: int | None = None) -> Harness:
    """Compile the pair and its harness; NativeUnsupported where it cannot be run."""
    workdir.mkdir(parents=True, exist_ok=True)
    ret, args = signature(src_text, func)
    if signature(tgt_text, func) != (ret, args) and [a.type for a in signature(tgt_text, func)[1]] != [
            a.type for a in args]:
        raise NativeUnsupported("the target's signature differs from the source's")
    gs = {g.name: g for g in globals_of(src_text) + globals_of(tgt_text)}
    cs = {c.name: c for c in callees(src_text)}
    for c in callees(tgt_text):
        if c.name not in cs:
            cs[c.name] = c
    objs = []
    # one object per constant where both sides define it alike (a pointer into it is
    # then the same address on both sides), else each side's own
    shared = constants_of(src_text) == constants_of(tgt_text)
    for side, text in (("src", src_text), ("tgt", tgt_text)):
        ll = workdir / f"{side}.ll"
        ll.write_text(_prepare(text, func, f"__{side}", vscale,
                               "own" if not shared else "define" if side == "src" else "declare"))
        obj = workdir / f"{side}.o"
        r = subprocess.run(["llc-22", "-O2", "-relocation-model=static", "-filetype=obj", str(ll), "-o", str(obj)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise NativeUnsupported(f"llc refuses the {side}: {r.stderr.strip().splitlines()[0][:200]}")
        objs.append(obj)
    regions = [f"arg{k}" for k, a in enumerate(args) if a.type == "ptr"] + sorted(gs)
    glist = [gs[n] for n in sorted(gs)]
    nptr = sum(a.type == "ptr" for a in args)
    defsyms, gdecl, gmap = [], [], []
    for k, g in enumerate(glist):
        end = GLOBAL_BASE + k * (REGION + 2 * PAGE) + REGION
        start = (end - g.size) // g.align * g.align
        defsyms.append(f"-Wl,--defsym,{g.name}={start:#x}")
        r = nptr + k
        gmap.append(f"reg_global[{r}] = 1; reg_reach[{r}] = 1; reg_size[{r}] = {g.size}; reg_base[{r}] = (uint8_t *){start:#x}ULL;")
    gdecl.append("static uint8_t *reg_end(int r) {")
    gdecl.append(f"  if (r < {nptr}) return (uint8_t *){PARAM_BASE:#x}ULL + (size_t)r * {REGION + 2 * PAGE} + {REGION};")
    gdecl.append(f"  return (uint8_t *){GLOBAL_BASE:#x}ULL + (size_t)(r - {nptr}) * {REGION + 2 * PAGE} + {REGION};")
    gdecl.append("}")
    argpos = [k for k, a in enumerate(args) if a.type == "ptr"]
    gdecl.append(f"static const int argpos[{len(regions) + 1}] = {{{', '.join(map(str, argpos + [0] * (len(glist) + 1)))}}};")
    maps = ["for (int r = 0; r < NREG; r++) {",
            f"  uint8_t *base = reg_end(r) - {REGION};",
            f"  if (mmap(base, {REGION}, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,"
            " -1, 0) != base) return 11;",
            f"  if (mmap(base + {REGION}, {PAGE}, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,"
            " -1, 0) != base + " f"{REGION}) return 12;",
            "}"] + gmap + [f"reg_reach[{r}] = 1;" for r, k in enumerate(argpos) if not args[k].noalias]
    cargs = ", ".join(f"({_C_INT[a.type]})a[{k}]" if a.type != "ptr" else f"(void *)(intptr_t)a[{k}]"
                      for k, a in enumerate(args))
    cret = "void" if ret == "void" else _C_INT[ret]
    cparams = ", ".join(_C_INT[a.type] for a in args) or "void"
    protos = f"{cret} {func}__src({cparams});\n{cret} {func}__tgt({cparams});"
    call = "int64_t v = 0; " if ret != "void" else ""
    assign = "v = (int64_t)" if ret != "void" else ""
    calls = (f"{call}if (side == 0) {{ {assign}{func}__src({cargs}); }} else {{ {assign}{func}__tgt({cargs}); }} "
             f"finish(0, {'v' if ret != 'void' else '0'});")
    stubs = "\n".join(_stub(c, k + 1) for k, c in enumerate(cs[n] for n in sorted(cs)))
    h_align = alignment(src_text, func)
    c_text = _HARNESS % {"nreg": len(regions), "globals": "\n".join(gdecl), "stubs": stubs, "protos": protos,
                         "calls": calls, "map": "\n  ".join(maps), "nargs": len(args), "argpos": "argpos", "region": REGION,
                         "align": h_align}
    c_file = workdir / "harness.c"
    c_file.write_text(c_text)
    exe = workdir / "harness"
    r = subprocess.run(["clang-22", "-O1", "-no-pie", "-fno-pic", "-w", str(c_file), *map(str, objs), *defsyms,
                        "-o", str(exe)], capture_output=True, text=True)
    if r.returncode != 0:
        raise NativeUnsupported(f"the harness does not link: {r.stderr.strip()[:300]}")
    return Harness(exe, args, glist, [cs[n] for n in sorted(cs)], ret, regions, h_align, func)


# ------------------------------------------------------------------ inputs

_COUNTS = (0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64)


def element_widths(text: str) -> list[int]:
    """The byte widths of the elements the module loads or stores, widest last."""
    ws = {int(m.group(1)) // 8 for m in re.finditer(r"\b(?:load|store) i(8|16|32|64)\b", text)}
    return sorted(ws) or [1, 4]


def _fill(rng: random.Random, n: int, width: int, kind: str, plant: int | None, key: int) -> bytes:
    """n bytes of elements of `width` bytes: random small values, random bytes, all
    ones with one planted value (zero, minus one or the key) at element `plant`."""
    count = n // width
    if kind == "bytes":
        return bytes(rng.randrange(256) for _ in range(n))
    if kind == "small":
        vals = [rng.choice((0, 1, 2, 3, -1, key)) for _ in range(count)]
    else:
        vals = [1 + rng.randrange(3) for _ in range(count)]
        if plant is not None and plant < count:
            vals[plant] = {"zero": 0, "minus": -1, "key": key}[kind]
    out = b"".join((v & ((1 << (8 * width)) - 1)).to_bytes(width, "little") for v in vals)
    return out + bytes(n - len(out))


def inputs(h: Harness, text: str, count: int, seed: int) -> list[Input]:
    """`count` inputs for the harness, the same for the same seed: the integer
    arguments from boundary counts, each buffer sized to end where the count's elements
    end (so the guard page is right past the last element a correct loop reads)."""
    rng = random.Random(seed)
    widths = element_widths(text)
    out = []
    has_calls = bool(h.callees)
    for k in range(count):
        n = _COUNTS[k % len(_COUNTS)] if k < 3 * len(_COUNTS) else rng.randrange(0, 70)
        key = rng.choice((0, 1, 2, 3, -1, 7, n))
        ints, sizes, data = {}, {}, {}
        first = True
        for j, a in enumerate(h.args):
            if a.type == "ptr":
                continue
            ints[j] = n if first else key
            first = False
        width = widths[k % len(widths)]
        kind = ("zero", "minus", "key", "small", "bytes")[(k // len(_COUNTS)) % 5] if k < 5 * len(_COUNTS) else \
            rng.choice(("zero", "minus", "key", "small", "bytes"))
        for j, a in enumerate(h.args):
            if a.type != "ptr":
                continue
            size = a.dereferenceable if a.dereferenceable is not None else max(0, n) * width
            size = min(size, REGION - PAGE)
            sizes[j] = size
            plant = rng.randrange(0, max(1, size // width + 1))
            data[f"arg{j}"] = _fill(rng, size, width, kind, plant, key)
        for g in h.globals:
            plant = rng.randrange(0, max(1, min(n + 1, g.size // width + 1)))
            data[g.name] = _fill(rng, g.size, width, kind, plant, key)
        low = frozenset(f"arg{j}" for j, a in enumerate(h.args) if a.type == "ptr" and k % 4 == 3)
        views: dict[str, tuple[str, int]] = {}
        shared = [j for j, a in enumerate(h.args) if a.type == "ptr" and not a.noalias]
        if len(shared) > 1 and k % 5 == 2:  # one pointer into another's buffer, maybe part of an element in
            view, whole = rng.sample(shared, 2)
            d = rng.choice((0, 1, 2, 3, 4, 8, width, 2 * width))
            views[f"arg{view}"] = (f"arg{whole}", d // h.align * h.align)
        mode, at = "record", 0
        if has_calls and k % 3:
            mode, at = ("write", "exit")[k % 3 - 1], rng.randrange(0, 6) if k % 2 else rng.randrange(0, 70)
        out.append(Input(ints, sizes, data, low, views, mode, at, rng.randrange(1 << 30)))
    return out


def _claims(h: Harness, text: str, func: str) -> list[tuple[int, int | str]]:
    """The source's dereferenceability claims on its pointer arguments: (argument,
    bytes: a number or an integer argument's index as text), from `dereferenceable(N)`
    and from `"dereferenceable"(ptr %p, i64 n)` assume bundles anywhere in it (one in
    conditional code counts too: an input it rules out is only one input fewer)."""
    index = {a.name: k for k, a in enumerate(h.args)}
    out: list[tuple[int, int | str]] = [(k, a.dereferenceable) for k, a in enumerate(h.args)
                                        if a.type == "ptr" and a.dereferenceable is not None]
    m = next((m for m in _DEFINE.finditer(text) if m.group(2) == func), None)
    body = text[m.end():text.find("\n}", m.end())] if m else ""
    for p, n in re.findall(r'"dereferenceable"\(ptr (%[-\w.]+), i\d+ (%?[-\w.]+)\)', body):
        if p in index:
            out.append((index[p], str(index[n]) if n in index else int(n) if n.lstrip("-").isdigit() else 0))
    return out


def honours(h: Harness, claims: list[tuple[int, int | str]], inp: Input) -> bool:
    """The input gives each claimed pointer its bytes (else the source has UB there,
    which the machine may not show: a view into another's buffer has what is left of it)."""
    for k, n in claims:
        need = inp.ints.get(int(n), 0) if isinstance(n, str) else n
        whole, d = inp.views.get(f"arg{k}", (f"arg{k}", 0))
        if need > 0 and inp.sizes.get(int(whole.removeprefix("arg")), 0) - d < need:
            return False
    return True


def judge(h: Harness, text: str, count: int = 160, seed: int = 0) -> Verdict:
    """Run the pair natively on `count` inputs: the first difference where the source
    neither faults nor hangs (inputs that break the source's dereferenceability claims
    are skipped: the source has UB there)."""
    v = Verdict()
    claims = _claims(h, text, h.func)
    ins = [i for i in inputs(h, text, count, seed) if honours(h, claims, i)]
    v.skipped += count - len(ins)
    for start in range(0, len(ins), BATCH):  # in batches: a target that hangs costs one
        batch = ins[start:start + BATCH]
        for inp, (s, t) in zip(batch, h.run(batch), strict=True):
            if s.status in ("fault", "hang"):
                v.skipped += 1
                continue
            v.runs += 1
            if s != t:
                v.difference = Difference(inp, s, t)
                return v
    return v


def fingerprint(*texts: str) -> str:
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()[:16]


__all__ = ["Harness", "Input", "NativeUnsupported", "Outcome", "Verdict", "available", "build", "dataclasses",
           "fingerprint", "judge"]
