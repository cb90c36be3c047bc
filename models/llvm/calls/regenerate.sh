#!/bin/sh
# Regenerate the fixtures of calls' effects from the C loops in c/ as ../regenerate.sh
# does (needs clang-22 and opt-22): NAME.scalar.ll (clang -O2 up to the loop
# vectorizer), NAME.vec.ll (opt-22's own VF) and NAME.vf4.ll (VF 4). The hand-written
# pairs beside them (*.src.ll, *.tgt.ll) are not generated. The generated files are
# committed so that CI needs no LLVM.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../regenerate.sh" "$here"
