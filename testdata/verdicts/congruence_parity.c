// x grows by 2 an unknown number of times (wrapping around at 2^31 as
// the front end models it, which keeps the parity), so x % 2 == 0. The
// front end lowers x % 2 to x - 2q with a quotient q bounded by
// 0 <= x - 2q <= 1 (x >= 0) or -1 <= x - 2q <= 0 (x < 0): the
// congruence x ≡ 0 mod 2 makes the remainder even, and only a relational
// partner keeps its bounds, so congruence+polyhedra proves it and
// congruence+interval does not.
// want numeric/congruence+polyhedra nexpoint/congruence+polyhedra nex/congruence+polyhedra: TRUE
// want numeric/congruence+interval numeric/polyhedra numeric/congruence: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) {
    x += 2;
  }
  if (x % 2 != 0) reach_error();
  return 0;
}
