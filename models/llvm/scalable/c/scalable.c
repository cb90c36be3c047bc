/* Early-exit searches the loop vectorizer turns into scalable-vector loops for AArch64
   SVE and RISC-V V (regenerate.sh): a verdict on them holds at every vscale. */
short h[64];
int first_neg(void) {
  for (int i = 0; i < 64; i++)
    if (h[i] < 0) return i;
  return 64;
}

long long q[32], r[32];
int first_diff(void) {
  for (int i = 0; i < 32; i++)
    if (q[i] != r[i]) return i;
  return -1;
}

int table[128];
int find_t(int x) {
  for (int i = 0; i < 128; i++)
    if (table[i] == x) return i;
  return -1;
}

char s8[256];
long find_byte(char c) {
  for (long i = 0; i < 256; i++)
    if (s8[i] == c) return i;
  return -1;
}
