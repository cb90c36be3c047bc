/* A volatile store in an early-exit loop: each one is an observable event, so the
   loop may not store more, fewer or other values (LLVM leaves it scalar). */
void copy_to_port(volatile int *port, const int *a, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i] == 0)
      return;
    *port = a[i];
  }
}
