// want bmc, kind, auto: FALSE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y == 0) return 0;
  if (x / y == 7 && x % y == 3 && y > 100) reach_error();
  return 0;
}
