// want impact: TRUE
// want impact/fc: TRUE slow
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0, j = n;
  while (i < n) { i++; j--; }
  if (j < 0) reach_error();
  return 0;
}
