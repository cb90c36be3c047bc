/* seed 001, "Cornercases": exiting blocks that share an exit block without LCSSA
   phis: both exits branch to the block after the loop, which reads no value of it. */
extern void use(int);
extern void done(void);

void exits_shared(const int a[static 64], const int b[static 64], int k) {
  for (int i = 0; i < 64; i++) {
    if (a[i] == 0) break;
    if (b[i] == k) break;
    use(b[i]);
  }
  done();
}
