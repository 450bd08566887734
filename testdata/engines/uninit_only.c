// Every error path reads the uninitialised u: no run of the C program is
// known to reach the error (gcc's u is whatever the stack holds), so
// neither engine may answer FALSE, and the error is reachable in the
// model, so neither may answer TRUE.
// want all: UNKNOWN
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int u;
  int x = __VERIFIER_nondet_int();
  if (x > 0 && u == 5) reach_error();
  return 0;
}
