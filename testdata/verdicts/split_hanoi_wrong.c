// hanoi(32) = 2^32 - 1 wraps to -1 in int: the error is reachable.
// want nexpoint nex numeric nexpoint/polyhedra: UNKNOWN
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
  if (n < 1 || n > 32) {
    return 0;
  }
  if (hanoi(n) < 0) {
    reach_error();
  }
  return 0;
}
