/* Functions with several loops, each loop checked in its context
   (clang-22 -O2 -fno-vectorize -fno-unroll-loops -g0 -S -emit-llvm). */

/* A find over a known extent, then one over a pointer of unknown extent that does
   not read what the first found: the first is safe to speculate, the second not. */
int find_then_find(const int a[static 64], const int *b, int x) {
  int i = 0;
  for (; i < 64; i++)
    if (a[i] == x) break;
  int j = 0;
  for (; j < 64; j++)
    if (b[j] == x) break;
  return i + j;
}

/* The second search goes on from where the first stopped: its state is what the
   first leaves. */
int find_then_continue(const int *b, int x, int y) {
  int i = 0;
  for (; i < 64; i++)
    if (b[i] == x) break;
  for (; i < 64; i++)
    if (b[i] == y) break;
  return i;
}

/* A search, then a sum of 64 elements of the same memory: a function that reads 64
   elements anyway, so reading ahead in the search is no UB the function lacks. */
int search_then_sum(const int *b, int x) {
  int i = 0;
  for (; i < 64; i++)
    if (b[i] == x) break;
  int s = 0;
  for (int j = 0; j < 64; j++)
    s += b[j];
  return s + i;
}

/* Two loops on two paths (the shape loop unswitching makes). */
int one_or_other(const int a[static 64], const int *p, int n, int x) {
  int i = 0;
  if (n == 1) {
    for (; i < 64; i++)
      if (a[i] == x) break;
  } else {
    for (; i < n; i++)
      if (p[i] == x) break;
  }
  return i;
}

/* One outer iteration holding two loops (a find, then a second search of the same
   row), rows of 16 of unknown extent: each inner loop is checked in its context
   within the outer iteration, from any outer state, and a counterexample again in
   the first outer iteration. */
int rows_find_then_find(const int (*m)[16], int rows, int x) {
  for (int r = 0; r < rows; r++) {
    int i = 0;
    for (; i < 16; i++)
      if (m[r][i] == x) break;
    int j = 0;
    for (; j < 16; j++)
      if (m[r][j] == -x) break;
    if (i + j < 10) return r;
  }
  return -1;
}
