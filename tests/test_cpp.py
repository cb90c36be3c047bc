"""C++ in (issue 59): `.cpp`, `.cc` and `.cxx` go through clang like C; reports name
functions as the source does (demangled, long ones shortened) and point at the user's
line, naming the library header line the code was inlined from."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import cli
from verifier.reports.names import demangled, readable

CLANG = shutil.which("clang-22") or shutil.which("clang")
OPT = shutil.which("opt-22") or shutil.which("opt")
needs_clang = pytest.mark.skipif(CLANG is None, reason="needs clang")

SOURCE = """#include <algorithm>
#include <vector>

long find_idx(const std::vector<int>& v, int x) {
    auto it = std::find(v.begin(), v.end(), x);
    return it - v.begin();
}

int first_neg(const int (&a)[64]) {
    for (int i = 0; i < 64; i++)
        if (a[i] < 0) return i;
    return -1;
}
"""


def test_mangled_names_read_as_the_source_spells_them() -> None:
    assert demangled("_Z9first_negRA64_Ki") == "first_neg(int const (&) [64])"
    assert demangled("_Z8find_idxRKSt6vectorIiSaIiEEi") == "find_idx(std::vector<…> const&, int)"
    long = ("_ZSt9__find_ifIN9__gnu_cxx17__normal_iteratorIPKiSt6vectorIiSaIiEEEENS0_5__ops16_Iter_equals_valIS2_EEET_"
            "SB_SB_T0_St26random_access_iterator_tag")
    assert demangled(long) == "std::__find_if<…>(…)"
    assert demangled("first_neg") == "first_neg" and demangled("_Zbogus") == "_Zbogus"
    assert readable("proved: _Z9first_negRA64_Ki [equiv]") == "proved: first_neg(int const (&) [64]) [equiv]"


@needs_clang
@pytest.mark.parametrize("suffix", [".cpp", ".cc", ".cxx"])
def test_check_reads_cpp_and_names_the_users_function_and_line(tmp_path: Path, suffix: str) -> None:
    src = tmp_path / f"f{suffix}"
    src.write_text(SOURCE)
    r = cli("check", str(src), "--check", "speculate", "--vf", "4", "--clang", str(CLANG))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "proved: first_neg(int const (&) [64]) C1 (line 11)" in r.stdout, r.stdout
    # std::find over a vector (no extent: the wide loads may fault), its search the
    # libstdc++ header's code, inlined at the user's line 5
    assert "counterexample: find_idx(std::vector<…> const&, int) C1 (line 5)" in r.stdout, r.stdout
    assert f"f{suffix}:5:" in r.stdout and "(inlined from " in r.stdout and "c++" in r.stdout, r.stdout
    assert "_Z" not in r.stdout


@needs_clang
@pytest.mark.skipif(OPT is None, reason="needs opt")
def test_opt_reads_cpp(tmp_path: Path) -> None:
    src = tmp_path / "f.cpp"
    src.write_text(SOURCE)
    r = cli("opt", str(src), "--clang", str(CLANG), "--opt", str(OPT))
    assert r.returncode in (0, 1, 3), r.stdout + r.stderr
    assert "first_neg(int const (&) [64])" in r.stdout and "_Z9first_neg" not in r.stdout, r.stdout


@needs_clang
@pytest.mark.skipif(OPT is None, reason="needs opt")
def test_opt_places_a_refused_library_loop_at_the_users_line(tmp_path: Path) -> None:
    # std::find's loop is libstdc++'s (its remark names the header's line); the user's
    # line is the call's, and the commands it suggests name the function as the source does
    src = tmp_path / "f.cpp"
    src.write_text(SOURCE)
    r = cli("opt", str(src), "--clang", str(CLANG), "--opt", str(OPT))
    line = next((x for x in r.stdout.splitlines() if x.strip().startswith("find_idx(")), "")
    assert "f.cpp:5:" in line and "(inlined from " in line and "loop not vectorized" in line, r.stdout
    assert f"verifier check {src} --func find_idx\n" in r.stdout, r.stdout


@pytest.mark.slow
@needs_clang
def test_func_takes_a_cpp_function_s_source_name(tmp_path: Path) -> None:
    src = tmp_path / "f.cpp"
    src.write_text(SOURCE + "int first_neg(const int (&a)[8]) { for (int i = 0; i < 8; i++) if (a[i] < 0) return i; "
                            "return -1; }\n")
    r = cli("check", str(src), "--func", "find_idx", "--check", "hoist", "--clang", str(CLANG))
    assert r.returncode in (0, 1, 3) and "find_idx(std::vector<…> const&, int)" in r.stdout, r.stdout + r.stderr
    # two overloads: the error lists each with the name that chooses it
    r = cli("check", str(src), "--func", "first_neg", "--clang", str(CLANG))
    assert r.returncode == 2 and "names 2 functions" in r.stderr and "--func _Z9first_negRA64_Ki" in r.stderr, r.stderr
