"""Analyses: facts computed from the IR (loop structure, exits, dependence slices)."""
