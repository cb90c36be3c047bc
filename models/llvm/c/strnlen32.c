// strnlen over a fixed buffer: unsigned char elements, a found index or the bound
unsigned strnlen32(const char s[static 32]) {
  unsigned i = 0;
  for (; i < 32; i++)
    if (s[i] == 0) break;
  return i;
}
