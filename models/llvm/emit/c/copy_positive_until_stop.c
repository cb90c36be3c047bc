// a conditional store (only positive elements are copied), up to a stop value
int copy_positive_until_stop(int out[restrict static 64], const int a[restrict static 64], int stop) {
  for (int i = 0; i < 64; i++) {
    int x = a[i];
    if (x == stop) return i;
    if (x > 0) out[i] = x;
  }
  return -1;
}
