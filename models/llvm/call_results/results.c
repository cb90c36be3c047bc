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
