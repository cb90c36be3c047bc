/* issue 58: UB is no time machine. `foo` has no `willreturn`: it may end the program
   (exit), so the load of g[16] after foo(16) is not certain UB, and a vector loop
   that reads g[16..19] for its exit test before calling foo(16) adds UB the scalar
   loop does not have. (`foo` may also write g: exit_before_ub_io.scalar.ll is this
   loop with a `foo` that writes no memory, exit_before_ub_returns.scalar.ll with one
   that also always returns.) */
int g[16];
void foo(long);

long exit_before_ub(long n, int k) {
  for (long i = 0; i < n; i++) {
    foo(i);
    if (g[i] == k) return i;
  }
  return -1;
}
