// fibonacci(x) >= x - 1 for x <= 46 (fibonacci(46) < 2^31). The call from
// main covers every int up to 46 and is not split; inside it, the calls
// fibonacci(n - 1) and fibonacci(n - 2) with n in [2, 46] are split into
// point contexts (the 45 values each), whose exact summaries the
// polyhedra join into a hull above r = n - 1. Intervals lose the relation
// to n at that join.
// want nexpoint/polyhedra: TRUE
// want nexpoint: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int fibonacci(int n) {
  if (n < 1) {
    return 0;
  } else if (n == 1) {
    return 1;
  } else {
    return fibonacci(n - 1) + fibonacci(n - 2);
  }
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 46 || x == -2147483648) {
    return 0;
  }
  if (fibonacci(x) < x - 1) {
    reach_error();
  }
  return 0;
}
