// libc-style string and memory functions, written the way C libraries write them
#include <stddef.h>

size_t c_strlen(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

size_t c_strnlen(const char *s, size_t max) {
  size_t n = 0;
  while (n < max && s[n]) n++;
  return n;
}

const char *c_strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c) return s;
    if (!*s) return 0;
  }
}

const void *c_memchr(const void *p, int c, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++)
    if (s[i] == (unsigned char)c) return s + i;
  return 0;
}

int c_memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = a, *y = b;
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i]) return x[i] - y[i];
  return 0;
}

int c_strcmp(const char *a, const char *b) {
  size_t i = 0;
  while (a[i] && a[i] == b[i]) i++;
  return (unsigned char)a[i] - (unsigned char)b[i];
}

int c_strncmp(const char *a, const char *b, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (a[i] != b[i]) return (unsigned char)a[i] - (unsigned char)b[i];
    if (!a[i]) return 0;
  }
  return 0;
}

size_t c_strspn_digits(const char *s) {
  size_t n = 0;
  while (s[n] >= '0' && s[n] <= '9') n++;
  return n;
}

size_t c_strcspn_sep(const char *s) {
  size_t n = 0;
  while (s[n] && s[n] != ',' && s[n] != ';') n++;
  return n;
}

long c_memchr_idx(const unsigned char s[static 256], unsigned char c) {
  for (long i = 0; i < 256; i++)
    if (s[i] == c) return i;
  return -1;
}

int c_memcmp_fixed(const unsigned char a[static 64], const unsigned char b[static 64]) {
  for (int i = 0; i < 64; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

int c_is_ascii(const unsigned char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] & 0x80) return 0;
  return 1;
}

size_t c_skip_spaces(const char *s, size_t n) {
  size_t i = 0;
  for (; i < n; i++)
    if (s[i] != ' ' && s[i] != '\t') break;
  return i;
}

long c_memrchr(const unsigned char *s, unsigned char c, long n) {
  for (long i = n - 1; i >= 0; i--)
    if (s[i] == c) return i;
  return -1;
}

int c_has_zero_word(const unsigned *w, int n) {
  for (int i = 0; i < n; i++)
    if (w[i] == 0) return 1;
  return 0;
}

size_t c_wcslen(const int *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

size_t c_count_prefix_eq(const char *a, const char *b, size_t n) {
  size_t i = 0;
  while (i < n && a[i] == b[i]) i++;
  return i;
}

int c_find_newline(const char buf[static 128]) {
  for (int i = 0; i < 128; i++)
    if (buf[i] == '\n') return i;
  return -1;
}
