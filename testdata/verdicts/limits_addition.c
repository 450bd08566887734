// addition(m, n) = m + n by recursion on n, from ints m and n in long
// long: m + n stays in [-2^32, 2^32 - 2] on every call, so m + 1 and
// m - 1 never overflow. The recursive calls' context widens its input; the
// limits of that input (interp/limits.go: ±x±y bounds before the first
// widening) keep m + n bounded, and polyhedra keep r = m + n in the
// summary. Octagons cannot state r = m + n.
// want nexpoint/polyhedra: TRUE
// want nexpoint nexpoint/octagon: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

long long addition(long long m, long long n) {
  if (n == 0) {
    return m;
  }
  if (n > 0) {
    return addition(m + 1, n - 1);
  }
  return addition(m - 1, n + 1);
}

int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  long long result = addition(m, n);
  if (m >= 100 && n >= 100 && result < 200) {
    reach_error();
  }
  return 0;
}
