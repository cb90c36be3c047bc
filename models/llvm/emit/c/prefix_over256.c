// The first index where the running sum of a fixed-size table passes a budget (a
// prefix sum the exit reads: LLVM 22 does not vectorize it), or -1.
long prefix_over256(const int a[static 256], int budget) {
  int sum = 0;
  for (long i = 0; i < 256; i++) {
    sum += a[i];
    if (sum > budget) return i;
  }
  return -1;
}
