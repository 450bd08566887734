// want bmc, kind, abe, impact, auto: TRUE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g;
int inc(int a) { g++; return a + 1; }
int main() {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  g = 0;
  int y = inc(x);
  y = inc(y);
  if (g != 2 || y != x + 2) reach_error();
  return 0;
}
