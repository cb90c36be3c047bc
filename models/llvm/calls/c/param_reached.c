/* issue 58: a pointer parameter's object is reachable by a call unless the parameter
   is restrict (noalias) and never escapes: `ext` may write `a` here, not `b` below. */
void ext(void);

int param_reached(const int a[static 64]) {
  int i;
  for (i = 0; i < 64; i++) {
    if (a[i] == 0) break;
    ext();
  }
  return i;
}

int param_restrict(const int b[restrict static 64]) {
  int i;
  for (i = 0; i < 64; i++) {
    if (b[i] == 0) break;
    ext();
  }
  return i;
}
