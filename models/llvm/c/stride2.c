// a step of 2: the latch trip count needs a division
int stride2(const int a[static 64], int n, int x) {
  for (int i = 0; i < n && i < 64; i += 2)
    if (a[i] == x) return i;
  return -1;
}
