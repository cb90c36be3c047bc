// counts upper-case letters before the first NUL in a fixed-size buffer
unsigned count_upper(const char s[static 256]) {
  unsigned count = 0;
  for (unsigned i = 0; i < 256; i++) {
    char c = s[i];
    if (c == 0) return count;
    count += (c >= 'A' && c <= 'Z');
  }
  return count;
}
