// drift(m, n) = m + 2n: the recursive calls leave the limits of the
// context's first inputs (m + n <= 200 among them), which its widened
// input must drop to cover them; r = 300 is reachable.
// want nexpoint nexpoint/polyhedra nexpoint/octagon: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

long long drift(long long m, long long n) {
  if (n <= 0) {
    return m;
  }
  return drift(m + 2, n - 1);
}

int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (m < 0 || m > 100 || n < 0 || n > 100) {
    return 0;
  }
  if (drift(m, n) >= 300) {
    reach_error();
  }
  return 0;
}
