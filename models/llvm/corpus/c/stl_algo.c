// the shapes of std::find, find_if, mismatch, any_of, all_of, adjacent_find, is_sorted, ...
#include <stddef.h>
#include <stdbool.h>

const int *a_find(const int *b, const int *e, int v) {
  for (; b != e; ++b)
    if (*b == v) return b;
  return e;
}

long a_find_idx(const int *a, long n, int v) {
  for (long i = 0; i < n; i++)
    if (a[i] == v) return i;
  return n;
}

long a_find_if_neg(const int *a, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] < 0) return i;
  return n;
}

long a_find_if_not_pos(const int *a, long n) {
  for (long i = 0; i < n; i++)
    if (!(a[i] > 0)) return i;
  return n;
}

long a_find_if_even(const int *a, long n) {
  for (long i = 0; i < n; i++)
    if ((a[i] & 1) == 0) return i;
  return n;
}

long a_find_in_range(const int *a, long n, int lo, int hi) {
  for (long i = 0; i < n; i++)
    if (a[i] >= lo && a[i] < hi) return i;
  return -1;
}

long a_mismatch(const int *a, const int *b, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] != b[i]) return i;
  return n;
}

bool a_any_of_gt(const int *a, long n, int t) {
  for (long i = 0; i < n; i++)
    if (a[i] > t) return true;
  return false;
}

bool a_all_of_nonzero(const int *a, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] == 0) return false;
  return true;
}

bool a_none_of_eq(const short *a, long n, short v) {
  for (long i = 0; i < n; i++)
    if (a[i] == v) return false;
  return true;
}

long a_adjacent_find(const int *a, long n) {
  for (long i = 0; i + 1 < n; i++)
    if (a[i] == a[i + 1]) return i;
  return n;
}

long a_is_sorted_until(const int *a, long n) {
  for (long i = 1; i < n; i++)
    if (a[i] < a[i - 1]) return i;
  return n;
}

bool a_is_sorted(const unsigned *a, long n) {
  for (long i = 1; i < n; i++)
    if (a[i - 1] > a[i]) return false;
  return true;
}

long a_lower_bound_linear(const int *a, long n, int v) {
  for (long i = 0; i < n; i++)
    if (a[i] >= v) return i;
  return n;
}

long a_find_first_of2(const char *a, long n, char x, char y) {
  for (long i = 0; i < n; i++)
    if (a[i] == x || a[i] == y) return i;
  return -1;
}

bool a_equal(const long *a, const long *b, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] != b[i]) return false;
  return true;
}

long a_find_fixed(const int a[static 1000], int v) {
  for (long i = 0; i < 1000; i++)
    if (a[i] == v) return i;
  return -1;
}

int a_find_u8(const unsigned char a[static 64], unsigned char v) {
  for (int i = 0; i < 64; i++)
    if (a[i] == v) return i;
  return -1;
}

long a_find_u64(const unsigned long *a, long n, unsigned long v) {
  for (long i = 0; i < n; i++)
    if (a[i] == v) return i;
  return -1;
}

long a_find_last(const int *a, long n, int v) {
  for (long i = n - 1; i >= 0; i--)
    if (a[i] == v) return i;
  return -1;
}

long a_search_pair(const int *a, long n, int x, int y) {
  for (long i = 0; i + 1 < n; i++)
    if (a[i] == x && a[i + 1] == y) return i;
  return -1;
}

long a_find_ptr_range(const char *b, const char *e) {
  const char *p = b;
  while (p != e && *p != '/') ++p;
  return p - b;
}

const long *a_find_ptr64(const long *b, const long *e, long v) {
  while (b != e) {
    if (*b == v) break;
    ++b;
  }
  return b;
}

long a_count_until(const int *a, long n, int stop) {
  long c = 0;
  for (long i = 0; i < n; i++) {
    if (a[i] == stop) break;
    c += a[i] > 0;
  }
  return c;
}
