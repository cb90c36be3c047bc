// for each row r < 64, the length of the prefix of table's first r entries that holds no 0
int table[63];
void zero_free_prefix(int *len) {
  for (int r = 0; r < 64; r++) {
    int c = 0;
    for (; c < r; c++)
      if (table[c] == 0) break;
    len[r] = c;
  }
}
