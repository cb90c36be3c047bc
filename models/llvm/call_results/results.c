/* Pointers returned by calls, each an object of its own
   (clang-22 -O2 -fno-vectorize -fno-unroll-loops -g0 -S -emit-llvm). */
#include <errno.h>
#include <stdlib.h>

extern int *get(void);                          /* may return a pointer into a */
extern int *get_fresh(void) __attribute__((malloc));  /* noalias: storage of its own */

/* The stores through q may change a where q points into it: the exit's load
   evaluated early may see a value the loop later overwrites. */
int clear_until(const int *a, int x) {
  int *q = get();
  int i = 0;
  for (; i < 64; i++) {
    if (a[i] == x) break;
    q[i] = 0;
  }
  return i;
}

/* The same with a result that is storage of its own: no store reaches a. */
int clear_until_fresh(const int *a, int x) {
  int *q = get_fresh();
  int i = 0;
  for (; i < 64; i++) {
    if (a[i] == x) break;
    q[i] = 0;
  }
  return i;
}

/* malloc's object (24 bytes, or null) is written in a loop over a string of
   unknown extent, then errno (its own object) is reset. */
struct state { int a; char *p; int mode; };
struct state *open_state(const char *mode) {
  struct state *s = malloc(sizeof *s);
  if (!s) return 0;
  s->mode = 0;
  while (*mode) {
    if (*mode == 'r') s->mode = 1;
    else if (*mode == 'x') break;
    mode++;
  }
  errno = 0;
  return s;
}

/* A search of a known extent that copies into malloc'd memory of a size known at
   run time (allocsize): the copy writes within it. */
int *copy_until(const int a[static 64], int n, int x) {
  if (n > 64) n = 64;
  int *p = malloc((size_t)n * sizeof *p);
  if (!p) return 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == x) break;
    p[i] = a[i];
  }
  return p;
}

/* errno reset in a search loop: __errno_location() is a function of no arguments
   (memory(none)), so every call returns one pointer, one object; nothing says it is
   not inside s, so the exit's load evaluated early may miss that store. */
int skip_err(const char s[static 64], int x) {
  int i = 0;
  for (; i < 64; i++) {
    errno = 0;
    if (s[i] == x) break;
  }
  return i + errno;
}

/* The same with s restrict (noalias): errno's store cannot reach it. */
int skip_err_restrict(const char s[restrict static 64], int x) {
  int i = 0;
  for (; i < 64; i++) {
    errno = 0;
    if (s[i] == x) break;
  }
  return i + errno;
}

/* stb_ds-style: the count just before the data, so the pointer a call returns
   points into its object, not at its start (the adversary's case: it was proved as
   if v[-1] were always out of bounds). */
extern int *vec_data(void);
int count_before(int x) {
  int *v = vec_data();
  int n = v[-1];
  int i;
  for (i = 0; i < n; i++)
    if (v[i] == x) break;
  return i;
}

/* An allocation that escapes (to a global) before get() runs may be what get()
   returns: then the stores through q reach p. */
int *escaped_to;
int escape_then_get(int x) {
  int *p = get_fresh();
  escaped_to = p;
  int *q = get();
  int i;
  for (i = 0; i < 64; i++) {
    if (p[i] == x) break;
    q[i + 1] = x;
  }
  return i;
}

/* The same without the escape: p is storage of its own. */
int fresh_then_get(int x) {
  int *p = get_fresh();
  int *q = get();
  int i;
  for (i = 0; i < 64; i++) {
    if (p[i] == x) break;
    q[i + 1] = x;
  }
  return i;
}
