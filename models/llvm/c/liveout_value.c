// the live-out is the element found, not the index
int first_big(const int a[static 40]) {
  for (int i = 0; i < 40; i++)
    if (a[i] > 100) return a[i];
  return 0;
}
