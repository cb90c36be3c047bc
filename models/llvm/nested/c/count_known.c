// how many of the keys occur in a fixed table of 32 shorts (the outer loop carries a count)
short known[32];
long count_known(const short *keys, long n) {
  long hits = 0;
  for (long j = 0; j < n; j++) {
    int c = 0;
    while (c < 32 && known[c] != keys[j]) c++;
    hits += c < 32;
  }
  return hits;
}
