// clang-flags: -ffast-math
/* The first element whose (fast, approximate) square root passes t, in an array
   the caller passes: every element may be any float. Under `fast`, a NaN or an
   infinity is poison, so a run without UB needs the elements the loop reads to be
   ordinary numbers; a proof must still show one such run exists (it is not
   vacuous), and the solver finds one slowly through the square root. */
int first_root_over(const float *a, int n, float t) {
  for (int i = 0; i < n; i++)
    if (__builtin_sqrtf(a[i]) > t)
      return i;
  return -1;
}
