// The first byte where two buffers differ, over n bytes both callers vouch for:
// LLVM 22 vectorizes it with a scalar remainder loop for the last n % VF bytes.
long first_difference(const char *a, const char *b, long n) {
  __builtin_assume_dereferenceable(a, n);
  __builtin_assume_dereferenceable(b, n);
  for (long i = 0; i < n; i++)
    if (a[i] != b[i])
      return i;
  return -1;
}
