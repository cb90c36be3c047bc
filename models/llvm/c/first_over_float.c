// a float search: fcmp ogt on the loaded value (the front end reads floats as their bits)
int first_over_float(const float a[static 16], float t) {
  for (int i = 0; i < 16; i++)
    if (a[i] > t) return i;
  return -1;
}
