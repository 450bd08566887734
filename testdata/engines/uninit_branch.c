// An error reachable two ways: through a read of the uninitialised u (no
// counterexample of the C program: gcc's u is whatever the stack holds),
// and on input x == -1000 without reading u. The formula's first model
// may take the first way; BMC must then ask for a path that reads no
// undetermined value (arbitrary.go) and answer FALSE with the second.
// want absint, bmc, kind, abe, auto: FALSE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int u;
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    if (u == 5) reach_error();
    if (u == 6) reach_error();
    if (u + x == 70) reach_error();
  } else if (x == -1000) {
    reach_error();
  }
  return 0;
}
