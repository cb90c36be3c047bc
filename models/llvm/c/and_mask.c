// a bitwise test: the first element with bit k set
int first_bit(const unsigned a[static 32], unsigned k) {
  for (int i = 0; i < 32; i++)
    if (a[i] & (1u << (k & 31))) return i;
  return -1;
}
