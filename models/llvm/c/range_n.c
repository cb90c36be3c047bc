// a runtime trip count
int find_n(const int *a, int n, int x) {
  for (int i = 0; i < n; i++)
    if (a[i] == x) return i;
  return -1;
}
