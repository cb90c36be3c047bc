/* seed 001, "Cornercases": exiting blocks that share an exit block with an LCSSA phi
   whose value differs per exiting edge: a[i] by the first exit, b[i] by the second. */
int exits_lcssa(const int a[static 64], const int b[static 64], int k) {
  for (int i = 0; i < 64; i++) {
    if (a[i] < 0) return a[i];
    if (b[i] == k) return b[i];
  }
  return -1;
}
