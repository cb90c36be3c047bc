// the length of each row of a text block up to its first NUL, at most 64 (strnlen per row)
void row_lengths(const char (*rows)[64], unsigned char *len, int n) {
  for (int j = 0; j < n; j++) {
    int c = 0;
    while (c < 64 && rows[j][c]) c++;
    len[j] = c;
  }
}
