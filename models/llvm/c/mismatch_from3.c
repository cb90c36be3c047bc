// the first place two records differ past their 3-byte headers (64 bytes of body)
long mismatch_from3(const char a[static 67], const char b[static 67]) {
  for (long i = 3; i < 67; i++)
    if (a[i] != b[i])
      return i;
  return -1;
}
