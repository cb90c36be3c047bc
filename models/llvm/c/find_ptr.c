// std::find's shape: a pointer induction and a pointer live-out
const int *find_ptr(const int a[static 24], int x) {
  const int *p = a, *end = a + 24;
  for (; p != end; ++p)
    if (*p == x) return p;
  return end;
}
