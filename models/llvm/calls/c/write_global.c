/* issue 58: a call writes what LLVM says it may. `ext` has no attributes, so it may
   write `arr` (a global): C1 cannot be hoisted above the calls of earlier lanes, and
   with an `ext` that sets arr[2] = 0 on its first call the loop returns 2. */
int arr[64];
void ext(void);

int write_global(void) {
  int i;
  for (i = 0; i < 64; i++) {
    if (arr[i] == 0) break;
    ext();
  }
  return i;
}
