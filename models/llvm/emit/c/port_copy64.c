// A volatile store in an early-exit loop over a known extent: each store is an event,
// so a vectorized form makes one volatile store per lane, in the scalar loop's order,
// only for the lanes before the exit (LLVM 22 leaves the loop scalar). `restrict`: the
// port is no cell of a (without it, a store to the port may change what the loop reads).
void port_copy64(volatile int *restrict port, const int a[static 64]) {
  for (int i = 0; i < 64; i++) {
    if (a[i] == 0)
      return;
    *port = a[i];
  }
}
