// for each key, its index in a fixed table (64 if absent): a lookup per element
int tab[64];
void index_all(const int *keys, int *idx, int n) {
  for (int j = 0; j < n; j++) {
    int c = 0;
    for (; c < 64; c++)
      if (tab[c] == keys[j]) break;
    idx[j] = c;
  }
}
