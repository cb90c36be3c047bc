// a loop-invariant division the scalar loop computes only after the exit test
int invariant_div(const int a[static 32], int n, int d) {
  for (int i = 0; i < 32; i++) {
    if (a[i] == 0) return i;
    if (a[i] == n / d) return -2;
  }
  return -1;
}
