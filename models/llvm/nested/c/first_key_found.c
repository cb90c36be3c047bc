// the first key that occurs in a fixed table, or -1: the inner loop's exit leaves the nest
unsigned char table[128];
long first_key_found(const unsigned char *keys, long n) {
  for (long j = 0; j < n; j++)
    for (int c = 0; c < 128; c++)
      if (table[c] == keys[j]) return j;
  return -1;
}
