/* A scalable memchr: a search of a 64 KiB buffer with a 16-bit length. Its SVE
   output's vector trip count is n - n urem (vscale * 16) (clang's later passes make
   it n & -(vscale * 16), right only where vscale is a power of two, which
   vscale_range promises). */
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;

long find_byte_n(const uint8_t buf[static 65536], uint16_t n, uint8_t c) {
  for (uint16_t i = 0; i < n; i++)
    if (buf[i] == c) return i;
  return -1;
}
