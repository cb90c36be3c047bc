// __builtin_assume_dereferenceable with line tables (-gline-tables-only, as
// `verifier check FILE.c` compiles): the assume's bundle is followed by `, !dbg !N`.
// Only the assumption makes speculating the 16 loads safe (p has no attributes).
int find_in_64_bytes(const int *p, int c) {
  __builtin_assume_dereferenceable(p, 64);
  for (int i = 0; i < 16; i++)
    if (p[i] == c) return i;
  return -1;
}

// the same loop with no assumption: speculating its loads is not safe
int find_no_assume(const int *p, int c) {
  for (int i = 0; i < 16; i++)
    if (p[i] == c) return i;
  return -1;
}
