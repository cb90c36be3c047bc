// std::find's shape over a pointer range: the end test compares two pointers by address (e is never read)
int *find_range(int *b, int *e, int x) {
  for (; b != e; ++b)
    if (*b == x) break;
  return b;
}
