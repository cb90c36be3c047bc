// searches with arithmetic in the test, floats, reductions and stores before the exit
#include <stddef.h>
#include <math.h>
#include <stdlib.h>

long f_first_over(const float *a, long n, float t) {
  for (long i = 0; i < n; i++)
    if (a[i] > t) return i;
  return -1;
}

long f_first_square_over(const float *a, long n, float t) {
  for (long i = 0; i < n; i++)
    if (a[i] * a[i] > t) return i;
  return -1;
}

long f_first_sum_over(const float *a, const float *b, long n, float t) {
  for (long i = 0; i < n; i++)
    if (a[i] + b[i] > t) return i;
  return -1;
}

long f_first_nan(const double *a, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] != a[i]) return i;
  return -1;
}

long f_first_abs_over(const double *a, long n, double t) {
  for (long i = 0; i < n; i++)
    if (fabs(a[i]) > t) return i;
  return -1;
}

long f_first_scaled(const float a[static 128], float s, float t) {
  for (long i = 0; i < 128; i++)
    if (a[i] * s - 1.0f > t) return i;
  return -1;
}

long f_first_int_conv(const float *a, long n, int t) {
  for (long i = 0; i < n; i++)
    if ((int)a[i] == t) return i;
  return -1;
}

long i_first_square_over(const int *a, long n, int lim) {
  for (long i = 0; i < n; i++)
    if (a[i] * a[i] > lim) return i;
  return -1;
}

long i_first_sum_over(const int *a, const int *b, long n, int t) {
  for (long i = 0; i < n; i++)
    if (a[i] + b[i] > t) return i;
  return -1;
}

long i_first_div(const int *a, const int *b, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] / b[i] == 1) return i;
  return -1;
}

long i_first_mod(const unsigned *a, long n, unsigned m) {
  for (long i = 0; i < n; i++)
    if (a[i] % m == 0) return i;
  return -1;
}

long i_first_shift(const int *a, long n, int s) {
  for (long i = 0; i < n; i++)
    if ((a[i] >> s) != 0) return i;
  return -1;
}

long i_first_abs(const int *a, long n, int t) {
  for (long i = 0; i < n; i++)
    if (abs(a[i]) > t) return i;
  return -1;
}

long i_first_min(const int *a, const int *b, long n, int t) {
  for (long i = 0; i < n; i++) {
    int m = a[i] < b[i] ? a[i] : b[i];
    if (m > t) return i;
  }
  return -1;
}

int r_sum_until_zero(const int *a, long n) {
  int s = 0;
  for (long i = 0; i < n; i++) {
    if (a[i] == 0) break;
    s += a[i];
  }
  return s;
}

int r_max_until_neg(const int *a, long n) {
  int m = 0;
  for (long i = 0; i < n; i++) {
    if (a[i] < 0) break;
    if (a[i] > m) m = a[i];
  }
  return m;
}

long r_copy_until_zero(char *d, const char *s, long n) {
  long i = 0;
  for (; i < n; i++) {
    if (s[i] == 0) break;
    d[i] = s[i];
  }
  return i;
}

long r_store_then_test(int *a, long n, int v) {
  for (long i = 0; i < n; i++) {
    a[i] += 1;
    if (a[i] == v) return i;
  }
  return -1;
}

long r_prefix_sum_over(const int *a, long n, int t) {
  int s = 0;
  for (long i = 0; i < n; i++) {
    s += a[i];
    if (s > t) return i;
  }
  return -1;
}

long r_value_at_exit(const int *a, long n, int t) {
  for (long i = 0; i < n; i++)
    if (a[i] > t) return a[i] * 2 + 1;
  return 0;
}

long r_add_until_zero(int *c, const int *a, const int *b, long n) {
  for (long i = 0; i < n; i++) {
    if (a[i] == 0) return i;
    c[i] = a[i] + b[i];
  }
  return -1;
}

long r_merge_until(int *d, const int *a, const int *b, const int *e, long n) {
  for (long i = 0; i < n; i++) {
    if (a[i] > b[i]) return i;
    d[i] = a[i] - e[i];
  }
  return -1;
}
