// a store before the exit test
int store_before_exit(int b[static 32], const int a[static 32]) {
  for (int i = 0; i < 32; i++) {
    b[i] = a[i] + 1;
    if (a[i] == 0) return i;
  }
  return -1;
}
