#!/bin/sh
# Regenerate the scalable-vector fixtures (issue 43): each function FN of c/*.c as the
# loop vectorizer sees it and as it vectorizes it, for two targets with scalable vectors.
# Needs clang-22, opt-22 and llvm-extract-22 (apt-get install clang-22 llvm-22).
#   FN.scalar.ll     FN for AArch64 with SVE (clang -O2 -fno-unroll-loops, printed just
#                    before loop-vectorize)
#   FN.sve.ll        opt-22 -passes=loop-vectorize on it (<vscale x N x T>, vscale_range(1,16))
#   FN.rv.scalar.ll  FN for RISC-V with V, the same way
#   FN.rvv.ll        opt-22 -passes=loop-vectorize on it (vscale_range(2,1024))
# The generated files are committed, so CI and the tests need no LLVM.
set -eu
cd "$(dirname "$0")"
scalar() {  # target flags, function, C file, output
  clang-22 $1 -O2 -fno-unroll-loops -S -emit-llvm -o /dev/null -mllvm -print-before=loop-vectorize \
    -mllvm -print-module-scope -mllvm -filter-print-funcs="$2" "$3" 2> "$2.dump" || { cat "$2.dump"; exit 1; }
  awk 'NR > 1 && /^; \*\*\* IR Dump/ { exit } NR > 1 { print }' "$2.dump" > "$2.module.ll"
  rm "$2.dump"
  llvm-extract-22 -S --keep-const-init -func="$2" "$2.module.ll" -o "$4"
  rm "$2.module.ll"
}
for c in c/*.c; do
  for fn in $(sed -n 's/^[a-z][a-z0-9_ ]*[ *]\([a-z][a-z0-9_]*\)(.*) {$/\1/p' "$c"); do
    scalar "--target=aarch64-linux-gnu -march=armv9-a+sve" "$fn" "$c" "$fn.scalar.ll"
    opt-22 -passes=loop-vectorize -S "$fn.scalar.ll" -o "$fn.sve.ll"
    scalar "--target=riscv64-linux-gnu -march=rv64gcv" "$fn" "$c" "$fn.rv.scalar.ll"
    opt-22 -passes=loop-vectorize -S "$fn.rv.scalar.ll" -o "$fn.rvv.ll"
  done
done
