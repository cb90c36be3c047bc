// seed 000's indirect access as C: x = a[i] picks a cell of tab, and the loop stops at
// the first x out of range or whose cell is 0. A lane past the exiting one may read an
// x out of range, so the simple form speculates tab[x] out of bounds; its runtime
// guard (`--guards`, the seed's c3 = 0 <= x < 64) leaves for the scalar loop instead.
long lookup_until_zero(const unsigned a[static 128], const unsigned char tab[static 64]) {
  long i;
  for (i = 0; i < 128; i++) {
    unsigned x = a[i];
    if (x >= 64) break;
    if (tab[x] == 0) break;
  }
  return i;
}
