"""Measuring compiled loops: a C harness the tool writes (each variant of the
function called on inputs that exit at each position, warm and with the cache
flushed, timed by the CPU's time-stamp counter), and llvm-mca on each variant's
compiled loop body. Needs clang-22/llc-22 (and llvm-mca-22); the caller finds them.

Cycles here are time-stamp counter ticks (x86's nominal-frequency cycles); on other
machines the harness counts nanoseconds instead and says so."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from verifier.cost.inputs import Plant
from verifier.emit.reader import Func
from verifier.errors import UserError

_C_TYPES = {"i1": "_Bool", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t", "ptr": "void *",
            "float": "float", "double": "double", "void": "void"}
_C_ELEMS = {1: "int8_t", 2: "int16_t", 4: "int32_t", 8: "int64_t"}
FLUSH_BYTES = 32 << 20  # more than this machine's last-level cache
# LLVM's own scalar clean-up, run on every variant alike before llc (llc alone runs no
# mid-level optimization: the emitted IR's splats, freezes and duplicate tests would be
# measured, not the form); no vectorizer among them: a scalar loop stays scalar
CLEANUP = "function(instcombine,simplifycfg,early-cse,loop-mssa(licm),instcombine,simplifycfg)"


@dataclass(frozen=True)
class Variant:
    """One compiled version of the function: the scalar loop, a form, or LLVM's own."""

    name: str  # as shown: "scalar", "general vf4", "llvm vf4"
    module: str  # LLVM IR text
    vf: int  # elements per iteration of its main loop


@dataclass(frozen=True)
class Timing:
    variant: str
    at: int | None  # the exit's position; None: no data-dependent exit
    warm: float  # cycles per call, arrays in cache
    cold: float  # cycles per call, cache flushed before each


def signature(f: Func) -> tuple[str, list[tuple[str, str]]]:
    """The function's return type and (argument name, type) pairs, as LLVM writes them."""
    head = f.function_text.split(f"@{f.name}(", 1)[0]
    ret = head.split()[-1]
    return ret, [(a.name or "", a.type) for a in f.args]


def _c_type(t: str) -> str:
    if t not in _C_TYPES:
        raise UserError(f"cost: a parameter or result of type {t}: the harness passes integers, floats and pointers")
    return _C_TYPES[t]


def _symbol(v: Variant) -> str:
    return "f_" + re.sub(r"\W", "_", v.name)


_DECLARE = re.compile(r"^declare\s+(?:[\w()]+\s+)*?(void|i\d+|ptr|float|double)\s+@([A-Za-z_][\w]*)\((.*)$",
                      re.MULTILINE)


def _parameters(rest: str) -> str:
    """A declaration's parameter list: `rest` is the text after its `(`, up to its own
    `)` (function attributes such as `memory(...)` may follow it)."""
    depth = 0
    for k, ch in enumerate(rest):
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return rest[:k]
            depth -= 1
    return rest


def stubs(module: str) -> list[str]:
    """C definitions of the functions the loop calls (`declare`d, not intrinsics), so
    the harness links: each folds its arguments into `sink`, a volatile the compiler
    must keep, and returns 0. Compiled apart from the variants, so no call is inlined."""
    out = []
    for ret, name, rest in _DECLARE.findall(module):
        if not (name.startswith("llvm") or name in ("main", "now", "flush", "sink", "flush_buf")):
            out.append(_stub(ret, name, _parameters(rest)))
    return out


def _stub(ret: str, name: str, params: str) -> str:
    """One stub: `name` with LLVM parameter list `params`, returning `ret`."""
    types = [p.split()[0] for p in params.split(",") if p.strip() and p.strip() != "..."]
    args = ", ".join(f"{_c_type(t)} x{k}" for k, t in enumerate(types)) or "void"
    body = " ".join(f"sink += (int64_t)x{k};" for k, t in enumerate(types) if t != "ptr")
    tail = "" if ret == "void" else " return 0;"
    return f"{_c_type(ret)} {name}({args}) {{ {body}{tail} }}"


def harness(f: Func, variants: list[Variant], plant: Plant, n: int, positions: list[int | None], repeat: int,
            cold_repeat: int) -> str:
    """The C program that times every variant at every position and prints
    `position variant warm cold` lines (cycles per call): warm, the quickest of five
    batches of `repeat` calls; cold, the mean of `cold_repeat` calls each after the
    cache is flushed."""
    ret, args = signature(f)
    protos = _prototypes(ret, [t for _, t in args], variants)
    arrays = sorted(plant.background)
    lines = ["#include <stdint.h>", "#include <stdio.h>", "#include <stdlib.h>", "#include <time.h>",
             "#if defined(__x86_64__)", "#include <x86intrin.h>",
             "static inline uint64_t now(void) { return __rdtsc(); }", "#define UNIT \"tsc\"", "#else",
             "static inline uint64_t now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); "
             "return (uint64_t)t.tv_sec * 1000000000u + t.tv_nsec; }", "#define UNIT \"ns\"", "#endif",
             *protos, f"static volatile unsigned char flush_buf[{FLUSH_BYTES}];", "static volatile int64_t sink;",
             *stubs(variants[0].module),
             "static void flush(void) { for (long j = 0; j < (long)sizeof flush_buf; j += 64) flush_buf[j]++; }",
             "int main(void) {", f"  long n = {n};"]
    for a in arrays:
        ct = _C_ELEMS[plant.elem_bytes[a]]
        lines.append(f"  {ct} *{a} = aligned_alloc(64, ((n * sizeof({ct}) + 63) / 64) * 64 + 64);")
    lines.append("  printf(\"unit %s\\n\", UNIT);")
    call = ", ".join(_call_argument(name, t, plant, n) for name, t in args)
    for at in positions:
        lines.append("  for (long i = 0; i < n; i++) {")
        lines += [f"    {a}[i] = {plant.background[a]};" for a in arrays]
        lines.append("  }")
        if at is not None:
            lines.append(f"  {plant.trigger[0]}[{at}] = {plant.trigger[1]};")
        for v in variants:
            s = _symbol(v)
            lines += _timed(v.name, f"sink = (int64_t){s}({call});" if ret != "void" else f"{s}({call});",
                            -1 if at is None else at, repeat, cold_repeat)
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


def _prototypes(ret: str, types: list[str], variants: list[Variant]) -> list[str]:
    """Each variant's C prototype (its own symbol, the function's signature)."""
    params = ", ".join(_c_type(t) for t in types) or "void"
    return [f"{_c_type(ret)} {_symbol(v)}({params});" for v in variants]


def _timed(name: str, store: str, at: int, repeat: int, cold_repeat: int) -> list[str]:
    """The harness's block that times one variant's call `store` with the exit at `at`
    (-1: none): three warm-up calls, the quickest of 5 batches of `repeat` calls (the
    least disturbed), and `cold_repeat` calls each after flushing the cache."""
    return ["  {", f"    for (int w = 0; w < 3; w++) {store}", "    uint64_t best = UINT64_MAX;",
            "    for (int b = 0; b < 5; b++) {  /* the quickest of 5 batches: the least disturbed */",
            "      uint64_t b0 = now();", f"      for (int r = 0; r < {repeat}; r++) {store}",
            "      if (now() - b0 < best) best = now() - b0;", "    }",
            "    uint64_t cold = 0;", f"    for (int r = 0; r < {cold_repeat}; r++) {{",
            "      flush();", "      uint64_t c0 = now();", f"      {store}",
            "      cold += now() - c0;", "    }",
            f"    printf(\"{at} {name} %.2f %.2f\\n\", "
            f"(double)best / {repeat}, (double)cold / {cold_repeat});", "  }"]


def renamed(v: Variant, name: str) -> str:
    """The variant's module with the function renamed to its own symbol."""
    return v.module.replace(f"@{name}(", f"@{_symbol(v)}(")


def compiled_ir(v: Variant, name: str, work: Path, opt: str | None) -> Path:
    """The variant's module under its own symbol, cleaned up by `opt` (CLEANUP) unless None."""
    ll = work / f"{_symbol(v)}.ll"
    ll.write_text(renamed(v, name))
    if opt is None:
        return ll
    out = work / f"{_symbol(v)}.clean.ll"
    _tool([opt, f"-passes={CLEANUP}", "-S", str(ll), "-o", str(out)])
    return out


def run_native(f: Func, variants: list[Variant], plant: Plant, n: int, positions: list[int | None], work: Path,
               llc: str, clang: str, opt: str | None, repeat: int, cold_repeat: int,
               runs: int = 1) -> tuple[str, list[Timing]]:
    """Compile every variant and the harness, run it `runs` times: the counter's unit
    and the timings (one per variant, position and run)."""
    objs = []
    for v in variants:
        ll = compiled_ir(v, f.name, work, opt)
        obj = work / f"{_symbol(v)}.o"
        _tool([llc, "-O2", "-filetype=obj", str(ll), "-o", str(obj)])
        objs.append(str(obj))
    c = work / "harness.c"
    c.write_text(harness(f, variants, plant, n, positions, repeat, cold_repeat))
    exe = work / "harness"
    _tool([clang, "-O2", str(c), *objs, "-o", str(exe)])
    unit = "tsc"
    timings = []
    for _ in range(runs):
        for line in _tool([str(exe)]).splitlines():
            if line.startswith("unit "):
                unit = line.split()[1]
                continue
            m = re.match(r"^(-?\d+) (.+) ([\d.]+) ([\d.]+)$", line)
            if m:
                at = int(m.group(1))
                timings.append(Timing(m.group(2), None if at < 0 else at, float(m.group(3)), float(m.group(4))))
    return unit, timings


def mca_cycles(v: Variant, name: str, work: Path, llc: str, mca: str, opt: str | None) -> tuple[float | None, str]:
    """llvm-mca's block reciprocal throughput of the variant's main loop (the loop
    with the most vector registers; the only one of the scalar), per element, and
    llvm-mca's whole report on it."""
    ll = compiled_ir(v, name, work, opt)
    asm = work / f"{_symbol(v)}.s"
    _tool([llc, "-O2", str(ll), "-o", str(asm)])
    body = loop_body(asm.read_text())
    if body is None:
        return None, "no loop found in the assembly"
    region = work / f"{_symbol(v)}.loop.s"
    region.write_text("\n".join(body) + "\n")
    out = _tool([mca, "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=x86-64", str(region)])
    m = re.search(r"Block RThroughput:\s*([\d.]+)", out)
    return (float(m.group(1)) / v.vf if m else None), out


def _call_argument(name: str, t: str, plant: Plant, n: int) -> str:
    """A variant's argument in the harness: an array the plant fills, or a parameter's value."""
    if t != "ptr":
        return f"({_c_type(t)}){plant.params_for(n).get(name, 0)}"
    if name not in plant.background:
        raise UserError(f"cost: pointer parameter %{name} is no array the loop reads")
    return name


def loop_body(asm: str) -> list[str] | None:
    """The instructions of the assembly's loop with the most vector-register uses (a
    backward jump to a label and the code from that label to it)."""
    lines = asm.splitlines()
    labels = _labels(lines)
    best: tuple[int, list[str]] | None = None
    for k, line in enumerate(lines):
        m = re.match(r"^\s+j\w+\s+(\.LBB\w+)", line)
        start = labels.get(m.group(1), k) if m else k
        if start < k:  # a backward jump
            body = _instructions(lines[start:k + 1])
            score = sum(len(re.findall(r"%[xyz]mm", x)) for x in body)
            if best is None or score > best[0]:
                best = (score, body)
    return best[1] if best else None


def _labels(lines: list[str]) -> dict[str, int]:
    """Each basic-block label (`.LBB0_3:`) and its line."""
    return {m.group(1): k for k, line in enumerate(lines) for m in [re.match(r"^(\.LBB\w+):", line)] if m}


def _instructions(lines: list[str]) -> list[str]:
    """The instruction lines (indented, no directive or comment)."""
    return [x for x in lines if x.startswith(("\t", " ")) and not x.strip().startswith((".", "#"))]


def _tool(cmd: list[str]) -> str:
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise UserError(f"{Path(cmd[0]).name} failed: {r.stderr.strip()[:400]}")
    return r.stdout
