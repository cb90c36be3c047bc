// an indirect access: a[idx[i]]
int table[64];
int indirect(const unsigned char idx[static 16], int x) {
  for (int i = 0; i < 16; i++)
    if (table[idx[i] & 63] == x) return i;
  return -1;
}
