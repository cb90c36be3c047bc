// the first index where two arrays differ
long mismatch(const unsigned char a[static 64], const unsigned char b[static 64]) {
  for (long i = 0; i < 64; i++)
    if (a[i] != b[i]) return i;
  return 64;
}
