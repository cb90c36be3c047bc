/* Loops a scan does not ask about: a walk of a linked list, a plain count. */

struct node { struct node *next; int value; };

int length(const struct node *p) {
  int n = 0;
  while (p) {
    p = p->next;
    n++;
  }
  return n;
}

long total(const int *a, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
