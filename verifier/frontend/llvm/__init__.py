"""LLVM IR (.ll) front end: one function of a module clang-22 or opt-22 wrote, read
with llvmlite (LLVM 22's own parser), into our IR.

Memory: every pointer the function uses is traced to one object (a pointer
parameter or a global); a pointer value becomes an i64 offset into it, counted in
the object's *unit*: the gcd of the sizes of its accesses and GEP strides, so that
every access is whole units (an `int` array: 4 bytes). A parameter's object has a
free size `<p>.bytes` in bytes, at least its `dereferenceable(N)`, and a free base
address `<p>.addr` (aligned to its `align`) against which each access's `align` is
checked. Memory may hold poison (every object but a `constant` global, whose
initializer's bytes are read) unless the user assumes otherwise (`LLOptions.assume`).

Anything outside the supported subset raises `LLUnsupported` naming the construct;
the caller turns it into an `unknown` verdict (never a crash, never a proof).

The modules, each importing only those above it:
  text          what llvmlite does not expose, read from LLVM's printed text (flags,
                predicates, alignment, masks, bundles, memory effects): every regex
  scalable      scalable vectors read at one vscale, and the vscales a function allows
  debuginfo     source positions from debug info (a module clang compiled from C)
  state         the options, a function's translation state, its memory objects
  values        operands: SSA values, constants, pointers as (object, offset)
  objects       provenance, units, object declarations, address arithmetic
  memory        getelementptr, loads and stores, icmp of pointers
  intrinsics    calls: LLVM's intrinsics and other functions
  instructions  one instruction: a table from LLVM's opcode to its translation
  module        reading a module, translating a function, a source/target pair
"""

from verifier.frontend.llvm.module import (
    defined_functions,
    parse_ll_file,
    parse_ll_pair,
    read_module,
)
from verifier.frontend.llvm.state import LLOptions
from verifier.frontend.llvm.text import parse_type
from verifier.frontend.unsupported import LLUnsupported

__all__ = ["LLOptions", "LLUnsupported", "defined_functions", "parse_ll_file", "parse_ll_pair", "parse_type", "read_module"]
