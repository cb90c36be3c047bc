// __builtin_assume_aligned and a null test: llvm.assume with an "align" bundle, icmp of a pointer with null
int find_aligned(const int *p, int x) {
  const int *a = __builtin_assume_aligned(p, 16);
  __builtin_assume(a != 0);
  for (int i = 0; i < 32; i++)
    if (a[i] == x) return i;
  return -1;
}
