// The first row of a 64 x 8 table whose column 3 holds x: a strided access, every
// lane 32 bytes from the next (a gather); clang writes the element's address as the
// row's plus 12 bytes.
long column_find64(const int m[static 64][8], int x) {
  for (long r = 0; r < 64; r++)
    if (m[r][3] == x) return r;
  return -1;
}
