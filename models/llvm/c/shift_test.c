// a shift in the exit test
int first_bit(const unsigned a[static 32], unsigned k) {
  for (int i = 0; i < 32; i++)
    if ((a[i] >> 3) == k) return i;
  return -1;
}
