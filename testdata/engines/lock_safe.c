// want absint, cegar, kind, abe, impact, auto: TRUE
// The locking pattern of the locks tasks: a flag set and tested.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int p1, lk1, p2, lk2;
  while (1) {
    int c = __VERIFIER_nondet_int();
    if (c == 0) break;
    p1 = __VERIFIER_nondet_int();
    p2 = __VERIFIER_nondet_int();
    lk1 = 0; lk2 = 0;
    if (p1 != 0) lk1 = 1;
    if (p2 != 0) lk2 = 1;
    if (p1 != 0) { if (lk1 != 1) reach_error(); lk1 = 0; }
    if (p2 != 0) { if (lk2 != 1) reach_error(); lk2 = 0; }
  }
  return 0;
}
