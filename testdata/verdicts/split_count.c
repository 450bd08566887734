// count(n) = n for n in [0, 9] is never 10: exact point summaries prove it.
// want nexpoint nex numeric nexpoint/polyhedra: TRUE
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
  if (count(n) == 10) {
    reach_error();
  }
  return 0;
}
