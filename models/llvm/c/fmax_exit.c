/* fmaxf in the exit test: llvm.maxnum, which ignores a NaN operand and may return
   either zero when the operands are +0 and -0. */
float fa[256], fb[256];

int first_over_max(float t) {
  for (int i = 0; i < 256; i++)
    if (__builtin_fmaxf(fa[i], fb[i]) > t)
      return i;
  return -1;
}
