// seed 000's search loop with its call foo(x): a call per element before the first
// zero, made lane by lane in lane order under the lanes' mask
extern void log_value(int);
int log_until_zero(const int a[restrict static 64]) {
  for (int i = 0; i < 64; i++) {
    if (a[i] == 0) return i;
    log_value(a[i]);
  }
  return -1;
}
