// a live-out computed after the exit test: the index times a loop-invariant scale
long scaled_index(const int a[static 32], long scale) {
  for (int i = 0; i < 32; i++)
    if (a[i] == 0) return i * scale;
  return -1;
}
