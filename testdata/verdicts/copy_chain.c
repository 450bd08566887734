// want nexpoint nex mtndd ndd predicate: TRUE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

// A state machine whose loop may copy its state through a temporary and
// back (new = s; s = old; s = new), as the ssh-simplified tasks do.
int main(void) {
  int s = 1, flag = 0, old, tmp;
  while (1) {
    if (__VERIFIER_nondet_int()) continue; // stutter: no point to unroll
    old = s;
    if (s == 1) {
      flag = 1;
      s = 2;
    } else if (s == 2) {
      if (flag == 2) reach_error();
      flag = 2;
      s = 3;
    } else if (s == 3) {
      break;
    }
    if (__VERIFIER_nondet_int()) {
      tmp = s;
      s = old;
      s = tmp;
    }
  }
  return 0;
}
