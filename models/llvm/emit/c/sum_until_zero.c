// a running sum up to the first zero: an integer reduction before the exit
int sum_until_zero(const int a[static 64]) {
  int sum = 0;
  for (int i = 0; i < 64; i++) {
    if (a[i] == 0) return sum;
    sum += a[i];
  }
  return -sum;
}
