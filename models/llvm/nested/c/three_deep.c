// the lookup of index_all repeated m times: loops nested three deep
int tab[64];
int three_deep(const int *keys, int n, int m) {
  int hits = 0;
  for (int k = 0; k < m; k++)
    for (int j = 0; j < n; j++) {
      int c = 0;
      for (; c < 64; c++)
        if (tab[c] == keys[j]) break;
      hits += c;
    }
  return hits;
}
