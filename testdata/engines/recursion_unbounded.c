// want abe, impact: UNKNOWN
// Unbounded recursion: the call-depth bound leaves calls unexplored, so
// IMPACT must not answer TRUE.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main() {
  int x = __VERIFIER_nondet_int();
  if (x < 0) return 0;
  if (sum(x) < 0) reach_error();
  return 0;
}
