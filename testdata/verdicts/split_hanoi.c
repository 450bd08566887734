// hanoi(n) = 2^n - 1 for n in [1, 31]: no int overflow, so the result is
// never negative. One context over n in [1, 31] widens the recursion's
// result to every int (2 * r + 1 may wrap); split calls (interp/split.go)
// analyse the call as 31 point contexts, each exact.
// want nexpoint nex numeric nexpoint/polyhedra: TRUE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int hanoi(int n) {
  if (n == 1) {
    return 1;
  }
  return 2 * hanoi(n - 1) + 1;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 31) {
    return 0;
  }
  if (hanoi(n) < 0) {
    reach_error();
  }
  return 0;
}
