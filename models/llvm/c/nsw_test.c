// nsw arithmetic in the exit test
int first_over(const int a[static 32], int t) {
  for (int i = 0; i < 32; i++)
    if (a[i] + 7 > t) return i;
  return -1;
}
