// want absint, cegar, bmc, kind, impact, auto: FALSE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x < 0 || x > 5) return 0;
  for (int i = 0; i < 6; i++) { y += x; }
  if (y > 29) reach_error();
  return 0;
}
