// want bmc, kind, impact, auto: TRUE
// want abe: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main() {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 3) return 0;
  if (sum(x) > 6) reach_error();
  return 0;
}
