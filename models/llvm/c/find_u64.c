// 64-bit elements and a 64-bit index
long find_u64(const unsigned long a[static 20], unsigned long x) {
  for (long i = 0; i < 20; i++)
    if (a[i] == x) return i;
  return -1;
}
