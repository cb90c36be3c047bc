/* seed 001, "Cornercases": exiting blocks that share an exit block without LCSSA
   phis: both exits branch to the block after the loop, which reads no value of it. a and b
   are restrict: `use` and `done` cannot reach them (without, `use` may write them). */
extern void use(int);
extern void done(void);

void exits_shared(const int a[restrict static 64], const int b[restrict static 64], int k) {
  for (int i = 0; i < 64; i++) {
    if (a[i] == 0) break;
    if (b[i] == k) break;
    use(b[i]);
  }
  done();
}
