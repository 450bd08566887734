// count(n) = n for n in [0, 9]; the error needs the last point, n = 9, so
// a split call that left out a point of its box would answer TRUE.
// want nexpoint nex numeric nexpoint/polyhedra: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int count(int n) {
  if (n <= 0) {
    return 0;
  }
  return count(n - 1) + 1;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 9) {
    return 0;
  }
  if (count(n) == 9) {
    reach_error();
  }
  return 0;
}
