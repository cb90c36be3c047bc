// memchr over a fixed buffer: a pointer into the buffer, or null (a phi of a GEP and the null literal)
#include <stddef.h>
const unsigned char *mchr(const unsigned char s[static 64], unsigned char c) {
  for (size_t i = 0; i < 64; i++)
    if (s[i] == c) return s + i;
  return 0;
}
