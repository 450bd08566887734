// Like product_known.c, but b = 10 makes x = 30: no configuration may
// answer TRUE.
// want numeric nexpoint numeric/lincong+interval nexpoint/polyhedra: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int a = 3;
  int b = __VERIFIER_nondet_int();
  if (b < 0 || b > 10) return 0;
  int x = a * b;
  if (x > 29) reach_error();
  return 0;
}
