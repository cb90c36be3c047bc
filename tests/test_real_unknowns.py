"""What keeps real projects' loops unknown (`verifier scan` on cJSON, zlib and lz4:
the README's "Real projects"), each reason as a small fixture in the shape the
project's function has (models/llvm/unknowns/, each naming the function it comes
from): the front end names the construct at its line. A reason that gets fixed turns
its fixture into a verdict, and its test into one that says so (hooks_global: a
global of a named struct type, read since the scan found it refused; malloc_state and
errno_reset: pointers returned by calls)."""

from __future__ import annotations

import pytest

from tests.helpers import MODELS
from verifier.frontend.llvm import LLUnsupported, parse_ll_file

UNKNOWNS = MODELS / "llvm" / "unknowns"

NAMED = [
    ("uninit_local.ll", 4, "local memory (%buf) that no call fills"),  # zlib inflateSync
    ("call_after_access.ll", 7, "a call to @build_tree with a pointer argument after the function accessed "
                                "memory"),  # zlib _tr_flush_block
    ("phi_gep.ll", 14, "a pointer phi over several objects (@dext, @lext) used other than by ret"),  # inflate_table
    ("hook_result.ll", 10, "a getelementptr from a pointer of unknown origin"),  # cJSON parse_string
    ("strrchr_result.ll", 9, "a getelementptr from a pointer of unknown origin"),  # zlib minigzip main
]


@pytest.mark.parametrize("name, line, said", NAMED, ids=[n for n, _, _ in NAMED])
def test_a_real_project_s_unknown_is_named_at_its_line(name: str, line: int, said: str) -> None:
    with pytest.raises(LLUnsupported) as e:
        parse_ll_file(UNKNOWNS / name)
    assert said in str(e.value) and e.value.loc is not None and e.value.loc.line == line, str(e.value)


def test_pointers_returned_by_calls_are_read() -> None:
    # zlib's gz_open (malloc's state) and lz4's LZ4IO_fwriteSparse (errno), once "a
    # pointer of unknown origin": each call's result an object of its own
    state = parse_ll_file(UNKNOWNS / "malloc_state.ll")
    assert {a.name for a in state.arrays} == {"path", "state"} and not state.aliases
    errno = parse_ll_file(UNKNOWNS / "errno_reset.ll")
    assert [a.name for a in errno.arrays] == ["e"]


def test_a_global_of_a_named_struct_type_is_read() -> None:
    # cJSON's hooks: llvmlite prints the global's type with its body
    # (`%struct.hooks = type { ptr, ptr, ptr }`), once read as a type of that name
    prog = parse_ll_file(UNKNOWNS / "hooks_global.ll")
    hooks = next(a for a in prog.arrays if a.name == "global_hooks")
    assert hooks.extent == 24 and hooks.elem.bits == 8
