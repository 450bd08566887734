// Like congruence_parity.c, but x % 4 == 0 is asserted, which fails
// after one iteration: no configuration may answer TRUE.
// want numeric/congruence+polyhedra nexpoint/congruence+polyhedra numeric/congruence: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) {
    x += 2;
  }
  if (x % 4 != 0) reach_error();
  return 0;
}
