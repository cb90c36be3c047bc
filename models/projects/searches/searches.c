/* Searches as a project writes them: LLVM 22 vectorizes the first, leaves the rest. */

/* the extent is known (64 ints): LLVM vectorizes it */
int find_static(const int a[static 64], int x) {
  for (int i = 0; i < 64; i++)
    if (a[i] == x) return i;
  return -1;
}

/* no extent: reading lanes past the match may fault, so neither LLVM nor we may */
int find_any(const int *a, int n, int x) {
  for (int i = 0; i < n; i++)
    if (a[i] == x) return i;
  return -1;
}

/* an early exit with a reduction: LLVM leaves it, our forms are proved */
int sum_until_negative(const int a[static 64]) {
  int s = 0;
  for (int i = 0; i < 64; i++) {
    if (a[i] < 0) break;
    s += a[i];
  }
  return s;
}

/* a store after the exit test: LLVM leaves it, our forms are proved */
int copy_until_zero(int *restrict dst, const int src[restrict static 64]) {
  for (int i = 0; i < 64; i++) {
    if (!src[i]) return i;
    dst[i] = src[i];
  }
  return -1;
}
