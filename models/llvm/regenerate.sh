#!/bin/sh
# Regenerate the LLVM fixtures from the C and C++ loops in c/ (needs clang-22 and
# opt-22: apt-get install clang-22 llvm-22; C++ through clang++-22 -std=c++20 with the
# system's libstdc++). For each c/NAME.c or c/NAME.cpp:
#   NAME.scalar.ll  the module as the loop vectorizer sees it (clang -O2, rotated, LCSSA)
#   NAME.vec.ll     opt-22 -passes=loop-vectorize on it (the vectorizer's own choice of VF)
#   NAME.vf4.ll     the same with -force-vector-width=4
# The generated files are committed so that CI needs no LLVM. A C file's line
# `// clang-flags: ...` adds clang flags for it (-ffast-math).
# With a folder argument (models/llvm/nested/regenerate.sh passes its own), the C
# loops of that folder's c/ are regenerated there instead.
set -eu
cd "${1:-$(dirname "$0")}"
for c in c/*.c c/*.cpp; do
  [ -e "$c" ] || continue
  case "$c" in
    *.cpp) name=$(basename "$c" .cpp); cc="clang++-22 -std=c++20" ;;
    *) name=$(basename "$c" .c); cc=clang-22 ;;
  esac
  flags=$(sed -n 's|^// clang-flags: ||p' "$c")
  # shellcheck disable=SC2086  # the flags and the compiler's options are words
  $cc -O2 -fno-unroll-loops $flags -S -emit-llvm -o /dev/null \
    -mllvm -print-before=loop-vectorize -mllvm -print-module-scope "$c" 2> "$name.dump"
  # the first dump is the module before the first function's vectorization
  awk 'NR > 1 && /^; \*\*\* IR Dump/ { exit } NR > 1 { print }' "$name.dump" > "$name.scalar.ll"
  rm "$name.dump"
  opt-22 -passes=loop-vectorize -S "$name.scalar.ll" -o "$name.vec.ll"
  opt-22 -passes=loop-vectorize -force-vector-width=4 -S "$name.scalar.ll" -o "$name.vf4.ll"
done
