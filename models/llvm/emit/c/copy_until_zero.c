// a store after the exit test, into an output whose alignment only its stores show:
// a vector iteration whose first element is 0 stores nothing, at any address
int copy_until_zero(int *restrict dst, const int src[restrict static 64]) {
  for (int i = 0; i < 64; i++) {
    if (!src[i]) return i;
    dst[i] = src[i];
  }
  return -1;
}
