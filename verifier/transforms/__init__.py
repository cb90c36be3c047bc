"""Transforms: functions from IR to IR (legality harnesses; later the vector forms)."""
