// a division by a loop-invariant divisor in the exit test
int div_exit(const int a[static 32], int d) {
  for (int i = 0; i < 32; i++)
    if (a[i] / d == 7) return i;
  return -1;
}
