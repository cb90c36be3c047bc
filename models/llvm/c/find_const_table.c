// search of a constant table: its contents are known (no poison, exact values)
static const int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
int find_const_table(int x) {
  for (int i = 0; i < 16; i++)
    if (primes[i] == x) return i;
  return -1;
}
