"""Solver plumbing: deterministic z3 solvers, timeouts, model minimisation."""
