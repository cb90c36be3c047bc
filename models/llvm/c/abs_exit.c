// abs in the exit test: llvm.abs with INT_MIN poison, so a lane past the exit may be poison without poison memory
#include <stdlib.h>
int first_big(const int a[static 32], int lim) {
  for (int i = 0; i < 32; i++)
    if (abs(a[i]) > lim) return i;
  return 32;
}
