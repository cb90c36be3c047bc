// find a byte in a fixed buffer, returning its index or n
long find_char(const char s[static 128], char c) {
  long i = 0;
  for (; i < 128; i++)
    if (s[i] == c) break;
  return i;
}
