// Two paths leave (x, y) at (2, 0) or at (0, 2), and the loop head between
// them and the check is an abstraction location. No conjunction of
// predicates there holds on both paths and excludes x == y (their hull
// holds (1, 1); z is assigned after the loop), so the cartesian
// abstraction cannot prove it: abe/cartesian must switch that location to
// the boolean abstraction (before, it stopped without progress).
// want abe, abe/cartesian, impact, cegar, auto: TRUE
// want bmc, kind: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x, y, z;
  if (__VERIFIER_nondet_int()) {
    x = 2;
    y = 0;
  } else {
    x = 0;
    y = 2;
  }
  while (__VERIFIER_nondet_int()) {
  }
  z = x - y;
  if (z == 0) reach_error();
  return 0;
}
