// want absint, cegar, kind, abe, impact, auto: TRUE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int p1 = __VERIFIER_nondet_int(), lk1 = 0;
  int p2 = __VERIFIER_nondet_int(), lk2 = 0;
  while (1) {
    int cond = __VERIFIER_nondet_int();
    if (cond == 0) break;
    if (p1 != 0) lk1 = 1;
    if (p2 != 0) lk2 = 1;
    if (p1 != 0) { if (lk1 != 1) reach_error(); lk1 = 0; }
    if (p2 != 0) { if (lk2 != 1) reach_error(); lk2 = 0; }
  }
  return 0;
}
