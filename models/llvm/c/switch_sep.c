// a switch in the exit test: several cases leave to one block (opt-22: "unsupported switch")
int first_sep(const char s[static 32]) {
  for (int i = 0; i < 32; i++) {
    switch (s[i]) { case ' ': case ',': case ';': return i; default: break; }
  }
  return -1;
}
