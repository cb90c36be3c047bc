// Early-exit loops in the shapes users bring (issue 40): libc and STL idioms over
// pointers, fixed-size globals and `static` array parameters, single-block loops
// (clang -O2 makes the header its own latch), checksums, assumptions and constant
// tables. One function per loop; regenerate.sh makes each its .ll files.
#include <stddef.h>
#include <stdint.h>

char line[30];
char buf8[8];
int table100[100];
int table30[30];
static const int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
static const unsigned char is_space_tbl[256] = {[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1};
int grid[4][16];
struct entry { int key; int value; };
struct entry entries[32];

int u_line_len(void) {
  int n = 0;
  while (line[n] != '\n') n++;
  return n;
}

int u_find_buf8(char c) {
  int i = 0;
  while (buf8[i] != c) i++;
  return i;
}

int u_find_static16(int a[static 16], int n, int x) {
  for (int i = 0; i < n; i++)
    if (a[i] == x) return i;
  return -1;
}

int u_find_static64_const(int a[static 64], int x) {
  for (int i = 0; i < 64; i++)
    if (a[i] == x) return i;
  return -1;
}

int u_find_table100(int x) {
  for (int i = 0; i < 100; i++)
    if (table100[i] == x) return i;
  return -1;
}

int u_find_table30(int x) {
  for (int i = 0; i < 30; i++)
    if (table30[i] == x) return i;
  return -1;
}

int u_find_table30_n(int x, int n) {
  for (int i = 0; i < n; i++)
    if (table30[i] == x) return i;
  return -1;
}

int u_is_prime_small(int x) {
  for (int i = 0; i < 16; i++)
    if (primes[i] == x) return 1;
  return 0;
}

const int *u_find_prime_ptr(int x) {
  for (const int *p = primes; p != primes + 16; p++)
    if (*p == x) return p;
  return 0;
}

const void *u_memchr_ptr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  for (; n; n--, p++)
    if (*p == (unsigned char)c) return p;
  return 0;
}

size_t u_strnlen_ptr(const char *s, size_t n) {
  const char *p = s;
  while (n && *p) { n--; p++; }
  return (size_t)(p - s);
}

const char *u_rawmemchr(const char *p, char c) {
  while (*p != c) p++;
  return p;
}

long u_memrchr_idx(const unsigned char *s, unsigned char c, long n) {
  for (long i = n - 1; i >= 0; i--)
    if (s[i] == c) return i;
  return -1;
}

size_t u_skip_space_tbl(const unsigned char *s) {
  size_t i = 0;
  while (is_space_tbl[s[i]]) i++;
  return i;
}

const char *u_skip_blanks(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}

size_t u_leading_zero_bytes(const unsigned char *p, size_t n) {
  size_t i = 0;
  while (i < n && p[i] == 0) i++;
  return i;
}

int u_find_if_gt(const int *a, int n, int t) {
  for (int i = 0; i < n; i++)
    if (a[i] > t) return i;
  return n;
}

size_t u_mismatch(const int *a, const int *b, size_t n) {
  size_t i = 0;
  for (; i < n; i++)
    if (a[i] != b[i]) break;
  return i;
}

const char *u_mismatch_ptr(const char *a, const char *end, const char *b) {
  while (a != end && *a == *b) { a++; b++; }
  return a;
}

size_t u_is_sorted_until(const int *a, size_t n) {
  if (n < 2) return n;
  for (size_t i = 1; i < n; i++)
    if (a[i] < a[i - 1]) return i;
  return n;
}

long u_adjacent_find(const short *a, long n) {
  for (long i = 0; i + 1 < n; i++)
    if (a[i] == a[i + 1]) return i;
  return n;
}

int u_all_positive(const int *a, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] <= 0) return 0;
  return 1;
}

int u_none_zero(const long *a, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] == 0) return 0;
  return 1;
}

const int *u_find_range(const int *first, const int *last, int v) {
  for (; first != last; ++first)
    if (*first == v) return first;
  return last;
}

int u_lower_bound_linear(const int *a, int n, int x) {
  int i = 0;
  while (i < n && a[i] < x) i++;
  return i;
}

int u_equal_u16(const uint16_t *a, const uint16_t *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

int u_find_either(const char *s, int n, char x, char y) {
  for (int i = 0; i < n; i++)
    if (s[i] == x || s[i] == y) return i;
  return -1;
}

int u_checksum_until(const unsigned char *p, int n, unsigned limit) {
  unsigned sum = 0;
  for (int i = 0; i < n; i++) {
    sum += p[i];
    if (sum > limit) return i;
  }
  return -1;
}

long u_find_i64(const int64_t *a, long n, int64_t x) {
  for (long i = 0; i < n; i++)
    if (a[i] == x) return i;
  return -1;
}

int u_find_nan(const float *x, int n) {
  for (int i = 0; i < n; i++)
    if (x[i] != x[i]) return i;
  return -1;
}

int u_first_over_double(const double *x, int n, double t) {
  for (int i = 0; i < n; i++)
    if (x[i] > t) return i;
  return -1;
}

int u_find_in_row(int r, int x) {
  for (int j = 0; j < 16; j++)
    if (grid[r & 3][j] == x) return j;
  return -1;
}

int u_lookup_key(int key) {
  for (int i = 0; i < 32; i++)
    if (entries[i].key == key) return entries[i].value;
  return -1;
}

int u_find_step2(const int *a, int n, int x) {
  for (int i = 0; i < n; i += 2)
    if (a[i] == x) return i;
  return -1;
}

int u_two_sentinels(const int *a, int n, int x) {
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) return -1;
    if (a[i] == x) return i;
  }
  return -2;
}

int u_countdown_has(const char *p, int n, char c) {
  while (n--)
    if (*p++ == c) return 1;
  return 0;
}

int u_assume_deref64(const int *p, int c) {
  __builtin_assume_dereferenceable(p, 64);
  for (int i = 0; i < 16; i++)
    if (p[i] == c) return i;
  return -1;
}

int u_strncmp_eq(const char *a, const char *b, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i] != b[i]) return 0;
    if (a[i] == 0) return 1;
  }
  return 1;
}

int u_header_exit_not_latch(const int *a, int m, int x) {
  for (int i = 0;; i++) {
    if (i > m) return -1;
    if (a[i] == x) return i;
  }
}

void u_copy_until_zero(char *dst, const char *src) {
  int i = 0;
  while (src[i] != 0) {
    dst[i] = src[i];
    i++;
  }
}

int u_last_nonspace(const char *s, int n) {
  while (n > 0 && s[n - 1] == ' ') n--;
  return n;
}

int u_find_byte_bounded_global(char c) {
  for (int i = 0; i < 30; i++) {
    if (line[i] == c) return i;
    if (line[i] == 0) return -1;
  }
  return -1;
}
