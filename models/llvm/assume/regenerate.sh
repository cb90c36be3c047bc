#!/bin/sh
# Regenerate the fixtures of LLVM assumptions (needs clang-22 and opt-22:
# apt-get install clang-22 llvm-22); the generated files are committed, so CI needs
# no LLVM.
#   deref_dbg.scalar.ll  deref_dbg.c as `verifier check` compiles C (clang -O2
#                        -gline-tables-only, printed just before loop-vectorize)
#   deref_n.vf4.ll       deref_n.ll vectorized by opt-22 at VF 4 (its early exit)
set -eu
cd "$(dirname "$0")"
clang-22 -O2 -gline-tables-only -fno-unroll-loops -S -emit-llvm -o /dev/null -mllvm -print-before=loop-vectorize \
  -mllvm -print-module-scope deref_dbg.c 2> deref_dbg.dump
awk 'NR > 1 && /^; \*\*\* IR Dump/ { exit } NR > 1 { print }' deref_dbg.dump > deref_dbg.scalar.ll
rm deref_dbg.dump
opt-22 -passes=loop-vectorize -force-vector-width=4 -S deref_n.ll -o deref_n.vf4.ll
