// want abe, impact: TRUE
// want abe/sbe: TRUE slow
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int count(int n) { int i = 0; while (i < n) i++; return i; }
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int r = count(n);
  if (r != n) reach_error();
  return 0;
}
