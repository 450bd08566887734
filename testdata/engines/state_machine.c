// want absint, cegar, kind, abe, impact, auto: TRUE
// (abe/cartesian proves it by switching the loop head to the boolean
// abstraction: the cartesian one cannot keep s in {1, 2, 3}.)
// A state machine in the style of the ssh tasks: disequality tests.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int s = 1, done = 0;
  while (!done) {
    if (s == 1) { s = 2; }
    else if (s == 2) { if (__VERIFIER_nondet_int()) s = 3; else s = 1; }
    else if (s == 3) { done = 1; }
    else { reach_error(); }
  }
  if (s != 3) reach_error();
  return 0;
}
