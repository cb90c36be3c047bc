// find-first over a fixed-size parameter: the index of the first x, or -1
int find_first_16(const int a[static 16], int x) {
  for (int i = 0; i < 16; i++)
    if (a[i] == x) return i;
  return -1;
}
