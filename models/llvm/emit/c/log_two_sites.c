// two call sites per iteration: vector code makes each for all lanes before the next,
// which reorders the calls the scalar loop interleaves (refuted in both forms)
extern void log_value(int);
extern void log_big(int);
int log_two_sites(const int a[restrict static 64]) {
  for (int i = 0; i < 64; i++) {
    if (a[i] == 0) return i;
    log_value(a[i]);
    if (a[i] > 100) log_big(i);
  }
  return -1;
}
