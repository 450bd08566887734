// want nexpoint nex mtndd ndd predicate: TRUE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

// A state machine that parks its next state in a variable no branch
// tests: state 4 is only reached when hit is 0.
int main(void) {
  int s = 1, next = 0, hit = __VERIFIER_nondet_int();
  while (1) {
    if (__VERIFIER_nondet_int()) continue; // stutter: no point to unroll
    if (s == 1) {
      if (hit) {
        next = 3;
      } else {
        next = 4;
      }
      s = 2;
    } else if (s == 2) {
      s = next;
    } else if (s == 3) {
      s = 5;
    } else if (s == 4) {
      if (hit) reach_error();
      s = 5;
    } else {
      break;
    }
  }
  return 0;
}
