/* Square roots and roundings in the exit test: llvm.sqrt (correctly rounded) and
   llvm.floor, which LLVM 22 vectorizes like any arithmetic. */
float ra[256];

int first_root_floor_over(float t) {
  for (int i = 0; i < 256; i++)
    if (__builtin_floorf(__builtin_elementwise_sqrt(ra[i])) > t)
      return i;
  return -1;
}
