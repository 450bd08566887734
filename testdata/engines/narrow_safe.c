// want bmc, kind: TRUE
// Small operands: the narrowed formula (Options.Narrow) is exact.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < -50 || x > 50 || y < 1 || y > 9) return 0;
  int q = x / y, r = x % y, p = x * y;
  if (q > 50 || r >= y || p > 450 || q * y + r != x) reach_error();
  return 0;
}
