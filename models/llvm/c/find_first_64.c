// find-first over int[64]
int find_first_64(const int a[static 64], int x) {
  for (int i = 0; i < 64; i++)
    if (a[i] == x) return i;
  return -1;
}
