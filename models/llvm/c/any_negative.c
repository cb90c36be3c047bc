// is any element negative: a boolean early exit
int any_negative(const short a[static 48]) {
  for (int i = 0; i < 48; i++)
    if (a[i] < 0) return 1;
  return 0;
}
