// clang-flags: -ffast-math
/* A square root in the exit test under -ffast-math: clang writes
   `call fast float @llvm.sqrt.f32`, and `fast` includes `afn`, which lets each
   execution return an approximation LangRef does not bound. The vectorized root
   must be the same approximation of the same element, lane for lane. */
float fr[256];

int first_fast_root_over(float t) {
  for (int i = 0; i < 256; i++)
    if (__builtin_sqrtf(fr[i]) > t)
      return i;
  return -1;
}
