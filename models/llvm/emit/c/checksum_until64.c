// A byte checksum over a 64-byte record, up to where it passes a limit: the running
// value is unsigned (it wraps, and the exit compares it unsigned).
unsigned checksum_until64(const unsigned char r[static 64], unsigned limit) {
  unsigned sum = 0;
  for (unsigned i = 0; i < 64; i++) {
    sum += r[i];
    if (sum > limit) return i;
  }
  return 64;
}
