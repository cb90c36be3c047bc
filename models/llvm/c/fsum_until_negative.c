/* A float sum up to the first negative element. LLVM 22 leaves it scalar (a
   reduction in an early-exit loop); the generated forms carry it lane to lane
   (proved) or reassociate it in-loop (refuted: fadd is not associative). */
float fa[64];
float sum_until_negative(void) {
  float s = 0.0f;
  for (int i = 0; i < 64; i++) {
    if (fa[i] < 0.0f)
      break;
    s += fa[i];
  }
  return s;
}
