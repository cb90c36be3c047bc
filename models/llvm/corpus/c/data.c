// searches over globals, 2-D arrays, structs, linked lists and small element types
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

int g_table[1024];
extern int g_ext[256];
static const int g_primes[32] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53,
                                 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131};
static const char g_hex[16] = "0123456789abcdef";
int g_grid[16][16];

struct kv { int key; int val; };
struct node { int key; struct node *next; };

long d_find_global(int v) {
  for (long i = 0; i < 1024; i++)
    if (g_table[i] == v) return i;
  return -1;
}

long d_find_extern(int v) {
  for (long i = 0; i < 256; i++)
    if (g_ext[i] == v) return i;
  return -1;
}

int d_is_prime_small(int v) {
  for (int i = 0; i < 32; i++)
    if (g_primes[i] == v) return 1;
  return 0;
}

int d_hex_digit(char c) {
  for (int i = 0; i < 16; i++)
    if (g_hex[i] == c) return i;
  return -1;
}

int d_first_above_prime(int v) {
  for (int i = 0; i < 32; i++)
    if (g_primes[i] > v) return g_primes[i];
  return 0;
}

long d_grid_row_find(int r, int v) {
  for (long j = 0; j < 16; j++)
    if (g_grid[r & 15][j] == v) return j;
  return -1;
}

long d_matrix_row(const int (*m)[32], long r, int v) {
  for (long j = 0; j < 32; j++)
    if (m[r][j] == v) return j;
  return -1;
}

long d_column_find(const int (*m)[8], long rows, int v) {
  for (long i = 0; i < rows; i++)
    if (m[i][3] == v) return i;
  return -1;
}

long d_find_key(const struct kv *t, long n, int k) {
  for (long i = 0; i < n; i++)
    if (t[i].key == k) return i;
  return -1;
}

int d_value_of(const struct kv t[static 64], int k) {
  for (int i = 0; i < 64; i++)
    if (t[i].key == k) return t[i].val;
  return -1;
}

int d_list_find(const struct node *p, int k) {
  for (; p; p = p->next)
    if (p->key == k) return 1;
  return 0;
}

long d_find_bool(const bool *a, long n) {
  for (long i = 0; i < n; i++)
    if (a[i]) return i;
  return -1;
}

long d_find_i16(const int16_t *a, long n, int16_t v) {
  for (long i = 0; i < n; i++)
    if (a[i] == v) return i;
  return -1;
}

long d_find_u8_gt(const uint8_t *a, long n, uint8_t t) {
  for (long i = 0; i < n; i++)
    if (a[i] > t) return i;
  return -1;
}

long d_find_i64_neg(const int64_t *a, long n) {
  for (long i = 0; i < n; i++)
    if (a[i] < 0) return i;
  return -1;
}

long d_find_stride2(const int *a, long n, int v) {
  for (long i = 0; i < n; i += 2)
    if (a[i] == v) return i;
  return -1;
}

long d_find_bit(const uint32_t *a, long n, int bit) {
  for (long i = 0; i < n; i++)
    if (a[i] & (1u << (bit & 31))) return i;
  return -1;
}

int d_find_unsigned_wrap(const int *a, unsigned n, int v) {
  for (unsigned i = 0; i < n; i++)
    if (a[i] == v) return (int)i;
  return -1;
}

long d_find_offset(const int *a, long start, long end, int v) {
  for (long i = start; i < end; i++)
    if (a[i] == v) return i;
  return -1;
}

long d_find_indirect(const int *idx, const int *val, long n, int v) {
  for (long i = 0; i < n; i++)
    if (val[idx[i]] == v) return i;
  return -1;
}
