/* seed 001, "Cornercases": distinct exit blocks. Each exit leaves to a block of its
   own that stores where and why the loop stopped. */
void exits_distinct(const int a[static 64], const int b[static 64], int k, int *restrict where,
                    int *restrict why) {
  for (int i = 0; i < 64; i++) {
    if (a[i] == 0) { *where = i; *why = 1; return; }
    if (b[i] == k) { *where = i; *why = 2; return; }
  }
  *why = 0;
}
