// libc's nested searches, written as a C library writes them (compiled with
// -fno-builtin semantics: plain loops, no calls). Each inner loop has an early exit.
#include <stddef.h>

// strspn over a fixed accept set: the length of the prefix of s made of set bytes
size_t span_of(const unsigned char *s, size_t n) {
  static const unsigned char set[16] = " \t\n\r\v\f,;:.-_/|+";
  size_t i = 0;
  for (; i < n; i++) {
    int k = 0;
    for (; k < 16; k++)
      if (set[k] == s[i]) break;
    if (k == 16) break;
  }
  return i;
}

// memchr-per-byte: the first position of s whose byte occurs in a 32-byte table
long first_in_table(const unsigned char *s, long n, const unsigned char table[static 32]) {
  for (long i = 0; i < n; i++)
    for (int k = 0; k < 32; k++)
      if (table[k] == s[i]) return i;
  return -1;
}

// a naive memmem for a 4-byte needle: the first offset where it starts, or -1
long find4(const unsigned char *h, long n, const unsigned char needle[static 4]) {
  for (long i = 0; i + 4 <= n; i++) {
    int k = 0;
    while (k < 4 && h[i + k] == needle[k]) k++;
    if (k == 4) return i;
  }
  return -1;
}
