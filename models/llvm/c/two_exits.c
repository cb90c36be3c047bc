// two early exits: the first lane that finds x or a negative element decides
int two_exits(const int a[static 32], int x) {
  for (int i = 0; i < 32; i++) {
    if (a[i] == x) return i;
    if (a[i] < 0) return -2 - i;
  }
  return -1;
}
