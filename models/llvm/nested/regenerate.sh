#!/bin/sh
# Regenerate the loop-nest fixtures from the C loops in c/ as ../regenerate.sh does
# for single loops (needs clang-22 and opt-22): NAME.scalar.ll (clang -O2 up to the
# loop vectorizer), NAME.vec.ll (opt-22's own VF) and NAME.vf4.ll (VF 4).
# The generated files are committed so that CI needs no LLVM.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../regenerate.sh" "$here"
