// want all: TRUE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g;
int inc(int a) { g++; return a + 3; }
int main() {
  int x = __VERIFIER_nondet_int();
  g = 0;
  int y = inc(x);
  y = inc(y);
  if (g != 2) reach_error();
  return 0;
}
