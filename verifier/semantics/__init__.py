"""Semantics: one definition of every instruction (ops.py) over a Domain, run two
ways: concretely (interpreter.py, Python ints) and symbolically (symbolic.py, z3)."""
