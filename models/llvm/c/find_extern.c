// search of an external global array: its memory may hold poison at entry
extern int ext_table[64];
int find_extern(int x) {
  for (int i = 0; i < 64; i++)
    if (ext_table[i] == x) return i;
  return -1;
}
