// a count written back to memory every iteration, before the next element is tested:
// every lane stores to one address, and only the last running lane's value stays
void skip_blanks_count(unsigned long *restrict count, const unsigned char text[restrict static 256]) {
  for (unsigned long i = 0; i < 256; i++) {
    if (text[i] > 32)
      return;
    *count = i + 1;
  }
}
