// issue 58: a table lookup guarded by its index's range. The vector body masks the
// gather of tab[idx[i]] with the frozen `idx[i] < 64`, so its address must come from
// the same frozen idx: a poison idx (memory may hold poison) would otherwise give a
// lane whose mask is on and whose address is poison.
int lookup_guarded(const unsigned char idx[static 256], const int tab[static 64], int v) {
  for (int i = 0; i < 256; i++)
    if (idx[i] < 64 && tab[idx[i]] == v) return i;
  return -1;
}
