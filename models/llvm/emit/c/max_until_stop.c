// the largest element before a stop value: a max reduction (llvm.smax) before the exit
int max_until_stop(const int a[static 64], int stop) {
  int best = -1000;
  for (int i = 0; i < 64; i++) {
    if (a[i] == stop) return best;
    best = a[i] > best ? a[i] : best;
  }
  return best;
}
