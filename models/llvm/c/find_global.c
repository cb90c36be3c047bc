// search of a global table
int table[32];
int find_global(int x) {
  for (int i = 0; i < 32; i++)
    if (table[i] == x) return i;
  return -1;
}
