// a first slot written before the nest: the code before the outer loop stores, so one
// outer iteration cannot stand for the loop (that store ran once, not per iteration)
int tab[64];
void store_before(const int *keys, int *idx, int n) {
  idx[0] = 7;
  for (int j = 1; j < n; j++) {
    int c = 0;
    for (; c < 64; c++)
      if (tab[c] == keys[j]) break;
    idx[j] = c;
  }
}
