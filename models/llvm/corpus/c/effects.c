// searches whose test calls a function, reads volatile memory, traps or aborts
#include <stddef.h>
#include <math.h>
#include <stdlib.h>

int pred(int);
__attribute__((const)) int cpred(int);
__attribute__((pure)) int ppred(int);
void log_value(int);
void init_mem(void *, long);

long e_find_pred(const int *a, long n) {
  for (long i = 0; i < n; i++)
    if (pred(a[i])) return i;
  return -1;
}

long e_find_const_pred(const int *a, long n) {
  for (long i = 0; i < n; i++)
    if (cpred(a[i])) return i;
  return -1;
}

long e_find_pure_pred(const int a[static 64]) {
  for (long i = 0; i < 64; i++)
    if (ppred(a[i])) return i;
  return -1;
}

long e_find_logged(const int *a, long n, int v) {
  for (long i = 0; i < n; i++) {
    log_value(a[i]);
    if (a[i] == v) return i;
  }
  return -1;
}

long e_find_sqrt(const float *a, long n, float t) {
  for (long i = 0; i < n; i++)
    if (sqrtf(a[i]) > t) return i;
  return -1;
}

long e_find_volatile(volatile int *a, long n, int v) {
  for (long i = 0; i < n; i++)
    if (a[i] == v) return i;
  return -1;
}

long e_find_trap(const int *a, long n, int v) {
  for (long i = 0; i < n; i++) {
    if (a[i] < 0) __builtin_trap();
    if (a[i] == v) return i;
  }
  return -1;
}

long e_find_abort(const int a[static 64], int v) {
  for (long i = 0; i < 64; i++) {
    if (a[i] == v) return i;
    if (a[i] == -1) abort();
  }
  return -1;
}

long e_find_local(int v) {
  int buf[256];
  init_mem(buf, sizeof buf);
  for (long i = 0; i < 256; i++)
    if (buf[i] == v) return i;
  return -1;
}

int e_mismatch_local(void) {
  char p1[1024], p2[1024];
  init_mem(p1, 1024);
  init_mem(p2, 1024);
  for (int i = 0; i < 1024; i++)
    if (p1[i] != p2[i]) return i;
  return -1;
}

long e_find_deref(const int *a, int n, int v) {
  __builtin_assume_dereferenceable(a, 4L * n);
  for (int i = 0; i < n; i++)
    if (a[i] == v) return i;
  return -1;
}

long e_find_aligned(const int *a, int v) {
  const int *p = __builtin_assume_aligned(a, 64);
  for (int i = 0; i < 256; i++)
    if (p[i] == v) return i;
  return -1;
}
