// a struct array: the key read by a field GEP, the value at the next field
struct kv { int k; int v; };
int lookup(const struct kv t[static 16], int key) {
  for (int i = 0; i < 16; i++)
    if (t[i].k == key) return t[i].v;
  return -1;
}
