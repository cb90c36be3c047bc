// 16-bit elements
int find_short(const short a[static 48], short x) {
  for (int i = 0; i < 48; i++)
    if (a[i] == x) return i;
  return -1;
}
