"""Checks: obligations posed to the solver, answered with a Verdict and evidence."""
