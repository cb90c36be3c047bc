"""Scanning a project: its compile commands, each unit through LLVM, the early-exit
loops found, and the questions asked of them (the runner answers them)."""
