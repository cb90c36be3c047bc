// a division by the loaded element: speculating it for later lanes may divide by zero
int div_by_elem(const int a[static 32]) {
  for (int i = 0; i < 32; i++)
    if (1000 / a[i] == 3) return i;
  return -1;
}
