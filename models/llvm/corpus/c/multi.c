// loops with several exits, countable exits not at the latch, conditional exits
#include <stddef.h>

long m_two_values(const int *a, long n, int x, int y) {
  for (long i = 0; i < n; i++) {
    if (a[i] == x) return i;
    if (a[i] == y) return -i - 2;
  }
  return -1;
}

long m_two_arrays(const int *a, const int *b, long n) {
  for (long i = 0; i < n; i++) {
    if (a[i] < 0) return i;
    if (b[i] < 0) return i + n;
  }
  return -1;
}

long m_count_mid(const int *a, long n, long m, int v) {
  for (long i = 0; i < n; i++) {
    if (i >= m) return -2;
    if (a[i] == v) return i;
  }
  return -1;
}

long m_guarded(const char *mask, const char *p, const char *q, long n) {
  for (long i = 0; i < n; i++) {
    if (mask[i]) {
      if (p[i] != q[i]) return i;
    }
  }
  return -1;
}

long m_guarded_fixed(const char mask[static 256], const char p[static 256], const char q[static 256]) {
  for (long i = 0; i < 256; i++) {
    if (mask[i] && p[i] != q[i]) return i;
  }
  return -1;
}

long m_while_true(const int *a, int v) {
  long i = 0;
  while (1) {
    if (a[i] == v) return i;
    i++;
  }
}

long m_do_while(const int *a, long n, int v) {
  long i = 0;
  do {
    if (a[i] == v) return i;
    i++;
  } while (i < n);
  return -1;
}

long m_sentinel_or_n(const int *a, long n) {
  long i = 0;
  for (; i < n; i++)
    if (a[i] == -1) break;
  return i;
}

long m_three_exits(const int *a, long n, int x, int y, int z) {
  for (long i = 0; i < n; i++) {
    if (a[i] == x) return 1;
    if (a[i] == y) return 2;
    if (a[i] == z) return 3;
  }
  return 0;
}

long m_exit_after_work(int *out, const int *a, long n) {
  for (long i = 0; i < n; i++) {
    out[i] = a[i] * 3;
    if (a[i] > 100) return i;
  }
  return -1;
}

long m_invariant_exit(const int *a, long n, int flag, int v) {
  for (long i = 0; i < n; i++) {
    if (flag) return -5;
    if (a[i] == v) return i;
  }
  return -1;
}

long m_bounded_both(const int a[static 100], long n, int v) {
  for (long i = 0; i < n && i < 100; i++)
    if (a[i] == v) return i;
  return -1;
}

long m_continue_then_exit(const int *a, long n) {
  for (long i = 0; i < n; i++) {
    if (a[i] == 0) continue;
    if (a[i] < 0) return i;
  }
  return -1;
}

long m_eq_latch(const short *a, long n, short v) {
  long i = 0;
  if (n <= 0) return -1;
  do {
    if (a[i] == v) return i;
  } while (++i != n);
  return -1;
}

long m_reverse_ptr(const int *b, const int *e, int v) {
  while (e != b) {
    --e;
    if (*e == v) return e - b;
  }
  return -1;
}
