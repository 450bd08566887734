// want absint, cegar, kind, abe, impact, auto: TRUE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int state = 0;
void step(int c) {
  if (state == 0 && c > 0) state = 1;
  else if (state == 1 && c < 0) state = 0;
  else if (state == 2) state = 3;
}
int main() {
  while (__VERIFIER_nondet_int()) {
    step(__VERIFIER_nondet_int());
    if (state == 3) reach_error();
  }
  return 0;
}
