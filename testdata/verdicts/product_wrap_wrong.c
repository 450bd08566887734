// d = 2^30 * b leaves int's range for b = 2 (gcc wraps it to -2^31): a
// product taken as exact there (d = 2^31 > 0) would prove the reachable
// error unreachable. No configuration may answer TRUE.
// want numeric nexpoint numeric/lincong+interval nexpoint/polyhedra: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int a = 1073741824;
  int b = __VERIFIER_nondet_int();
  if (b < 0 || b > 10) return 0;
  int d = a * b;
  if (b == 2 && d < 0) reach_error();
  return 0;
}
