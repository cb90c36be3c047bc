// for each row r of a fixed square, the first column from r on holding x (64 if none)
int sq[16][64];
void diagonal_search(int x, int *col) {
  for (int r = 0; r < 16; r++) {
    int c = r;
    for (; c < 64; c++)
      if (sq[r][c] == x) break;
    col[r] = c;
  }
}
