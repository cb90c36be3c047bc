// A switch as the exit: the first character that is not a blank in a fixed-size
// field (a record's 64-byte name, padded with blanks), or 64.
long skip_blanks64(const char s[static 64]) {
  long i = 0;
  for (; i < 64; ++i) {
    switch (s[i]) {
    case ' ':
    case '\t':
    case '_':
      continue;
    default:
      return i;
    }
  }
  return 64;
}
