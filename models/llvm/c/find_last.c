// a search from the end: the induction counts down
int find_last(const int a[static 32], int x) {
  for (int i = 31; i >= 0; i--)
    if (a[i] == x) return i;
  return -1;
}
