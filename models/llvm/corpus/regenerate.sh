#!/bin/sh
# Regenerate the corpus (issue 18, item 3): early-exit loops written the way users
# write C (libc string functions, STL algorithms, calls, volatile, traps, globals,
# 2-D arrays, structs, lists, floats, reductions, several exits). Needs clang-22,
# opt-22 and llvm-extract-22 (apt-get install clang-22 llvm-22). For each function FN
# of c/*.c:
#   FN.scalar.ll  FN alone, as the loop vectorizer sees it (clang -O2
#                 -fno-unroll-loops, printed just before loop-vectorize)
#   FN.vec.ll     opt-22 -passes=loop-vectorize on it (the vectorizer's own VF)
#   FN.vf4.ll     the same with -force-vector-width=4
#   FN.vf4x2.ll   the same with -force-vector-width=4 -force-vector-interleave=2
# c/libc_*.c is compiled with -fno-builtin, as a C library is (else clang turns
# strlen's loop into a call to strlen). The generated files are committed, so CI and
# the benchmark need no LLVM.
set -eu
cd "$(dirname "$0")"
for c in c/*.c; do
  case "$c" in c/libc_*) extra=-fno-builtin ;; *) extra= ;; esac
  for fn in $(sed -n 's/^[a-z][a-z0-9_ ]*[ *]\([a-z][a-z0-9_]*\)(.*) {$/\1/p' "$c"); do
    clang-22 -O2 -fno-unroll-loops $extra -S -emit-llvm -o /dev/null -mllvm -print-before=loop-vectorize \
      -mllvm -print-module-scope -mllvm -filter-print-funcs="$fn" "$c" 2> "$fn.dump" || { cat "$fn.dump"; exit 1; }
    awk 'NR > 1 && /^; \*\*\* IR Dump/ { exit } NR > 1 { print }' "$fn.dump" > "$fn.module.ll"
    rm "$fn.dump"
    llvm-extract-22 -S --keep-const-init -func="$fn" "$fn.module.ll" -o "$fn.scalar.ll"
    rm "$fn.module.ll"
    opt-22 -passes=loop-vectorize -S "$fn.scalar.ll" -o "$fn.vec.ll"
    opt-22 -passes=loop-vectorize -force-vector-width=4 -S "$fn.scalar.ll" -o "$fn.vf4.ll"
    opt-22 -passes=loop-vectorize -force-vector-width=4 -force-vector-interleave=2 -S "$fn.scalar.ll" \
      -o "$fn.vf4x2.ll"
  done
done
