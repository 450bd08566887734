// Issue 18: polyhedra on a C program with wrap-around arithmetic. The
// unsigned y1 and the possible int overflows bring the front end's
// wrap-around cases (x := e - 2^32 k, k in a small range) into the
// constraints, and hulls of wrapped and unwrapped values have
// coefficients of 2^32 and of its powers: an exact rational simplex spent
// seconds in single emptiness tests. The program is safe: y0 = -1 before
// the first loop, which sets x0 = -4, so the first branch runs and ends
// with y0 = 3(x0 - 4) - x0 = -20.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int x0 = __VERIFIER_nondet_int();
  if (!(x0 >= -1 && x0 <= 1)) return 0;
  int y0 = 0;
  unsigned int y1 = 0;
  y0 = (1*y0 + 2*y1 + -1);
  if ((1*x0 + -3) < 0) {
    { int i0; for (i0 = 0; i0 < 6; i0++) {
      x0 = (1*y0 + -2*y1 + -3);
    } }
  }
  if ((3*x0 + 0) != 0) {
    y0 = (1*x0 + -4);
    y1 = (1*y1 + 5);
    y0 = (3*y0 + -1*x0 + 0);
  } else {
    { int i1 = 0; while (i1 < 3) {
      y0 = (2*y1 + -1*y0 + 0);
      x0 = (1*x0 + -5);
      i1 = i1 + 1;
    } }
    { int i2; for (i2 = 0; i2 < 4; i2++) {
      y1 = (1*x0 + 1*y1 + -4);
      y0 = (1*y1 + 2);
    } }
  }
  y1 = (2*y1 + 1*x0 + 0);
  if (y0 > 100) reach_error();
  return 0;
}
