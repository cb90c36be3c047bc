"""The package's layers import one way (docs/architecture.md): a module imports only
from its own layer or the ones below, there are no import cycles, and z3 is imported
only where formulas are made. Read from the source, every import counted (those
inside functions and under TYPE_CHECKING too)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "verifier"

# lowest first; a module may import from its layer and the ones before it
LAYERS = [
    ("errors", "ir", "limits", "about"),
    ("analysis",),
    ("frontend", "transforms", "emit", "smt", "llvm_tools"),
    ("semantics",),
    ("checks", "cost"),
    ("driver",),
    ("suite", "cache", "cluster", "options", "pairs"),
    ("reports", "scan"),
    ("runner",),
    ("cli", "setvalues", "pytest_plugin", "__init__"),
]
# only smt/ (the solver, the budget, the formula vocabulary) and the z3 domain import z3;
# the checks and the encoder speak smt.terms
Z3_ALLOWED = ("semantics.z3domain.", "smt.")  # the package semantics/z3domain/ and smt/


def _module(f: Path) -> str:
    rel = f.relative_to(PACKAGE).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.parts[-1] == "__init__" and len(rel.parts) > 1 else rel.parts)


def _imports() -> nx.DiGraph:
    g = nx.DiGraph()
    for f in PACKAGE.rglob("*.py"):
        mod = _module(f)
        g.add_node(mod)
        for node in ast.walk(ast.parse(f.read_text())):
            names = ([node.module] if isinstance(node, ast.ImportFrom) and node.module else
                     [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for n in names:
                if n.startswith("verifier."):
                    g.add_edge(mod, n.removeprefix("verifier."))
                elif n == "verifier" and isinstance(node, ast.ImportFrom):
                    for a in node.names:
                        g.add_edge(mod, a.name)
                elif n.split(".")[0] == "z3":
                    g.add_edge(mod, "<z3>")
    return g


def _layer(mod: str) -> int:
    top = mod.split(".")[0]
    return next(k for k, names in enumerate(LAYERS) if top in names)


@pytest.mark.slow
def test_imports_go_down_the_layers() -> None:
    g = _imports()
    up = sorted((a, b) for a, b in g.edges if b != "<z3>" and _layer(b) > _layer(a))
    assert not up, f"imports from a higher layer: {up}"


def test_there_are_no_import_cycles() -> None:
    g = _imports()
    # a package's __init__ re-exporting its modules is not a cycle of theirs
    g.remove_edges_from([(a, b) for a, b in g.edges if b.startswith(a + ".")])
    assert list(nx.simple_cycles(g)) == []


@pytest.mark.slow
def test_z3_is_imported_only_where_formulas_are_made() -> None:
    g = _imports()
    users = sorted(g.predecessors("<z3>"))
    assert users and all(f"{u}.".startswith(Z3_ALLOWED) for u in users), users
    # front ends, the IR, analyses and transforms do not reach it even through others
    for mod in g.nodes:
        if mod.split(".")[0] in ("frontend", "ir", "analysis", "transforms"):
            assert "<z3>" not in nx.descendants(g, mod), mod


LLVM_ORDER = ["text", "scalable", "debuginfo", "state", "values", "objects", "memory", "intrinsics", "instructions",
               "module"]


@pytest.mark.slow
def test_the_llvm_front_end_imports_in_its_order_and_reads_text_in_one_place() -> None:
    """frontend/llvm: each module imports only those listed before it (its docstring's
    order), and only text.py uses regular expressions over LLVM's printed text."""
    g = _imports()
    inside = [(a, b) for a, b in g.edges if a.startswith("frontend.llvm.") and b.startswith("frontend.llvm.")]
    assert inside, "the front end's modules import each other"
    rank = {f"frontend.llvm.{m}": k for k, m in enumerate(LLVM_ORDER)}
    assert set(rank) == {m for m in g.nodes if m.startswith("frontend.llvm.")}
    assert [(a, b) for a, b in inside if rank[b] >= rank[a]] == []
    for f in (PACKAGE / "frontend" / "llvm").glob("*.py"):
        imports_re = any(isinstance(n, ast.Import) and any(a.name == "re" for a in n.names)
                         for n in ast.walk(ast.parse(f.read_text())))
        assert imports_re == (f.name == "text.py"), f.name


def test_complexity_stays_under_the_limits_and_a_function_past_them_is_named(tmp_path: Path) -> None:
    """bench/complexity.py (ruff's McCabe count): no function over 30 and at most 5% over
    10 in the package; a function over 30 fails it, by name."""
    import subprocess
    import sys

    script = PACKAGE.parent / "bench" / "complexity.py"
    ok = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    branches = "\n".join(f"    if x == {k}:\n        return {k}" for k in range(31))
    (tmp_path / "tangled.py").write_text(f"def tangled(x):\n{branches}\n    return -1\n")
    bad = subprocess.run([sys.executable, str(script), str(tmp_path / "tangled.py")], capture_output=True, text=True)
    assert bad.returncode == 1 and "32  " in bad.stdout and "tangled" in bad.stdout


@pytest.mark.parametrize(("where", "line", "ok"), [
    ("verifier/checks/planted.py", "from verifier.frontend.read import Programs", False),
    ("verifier/checks/planted.py", "from verifier.driver import answer", False),
    ("verifier/analysis/planted.py", "import z3", False),
    ("verifier/frontend/planted.py", "from z3 import Solver", False),
    ("verifier/driver_planted.py", "from verifier.frontend.read import Programs", True),
    ("verifier/smt/planted.py", "import z3", True),
])
def test_ruff_flags_an_import_across_the_layers(where: str, line: str, ok: bool) -> None:
    """The layering is also a lint error at commit time (the folders' ruff.toml ban
    what their layer may not import), checked on a planted line in each place."""
    import subprocess
    import sys

    root = PACKAGE.parent
    code = f"{line}\n\n__all__ = [{line.split()[-1]!r}]\n"
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                        "--stdin-filename", where, "-"], input=code, capture_output=True, text=True, cwd=root)
    assert ("TID251" not in r.stdout) is ok, r.stdout + r.stderr
