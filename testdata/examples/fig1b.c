// Fig. 1(b) of Gurfinkel & Chaki: a data-driven program that a numeric
// domain proves alone.
//
// Reconstruction: the text copy of the paper garbles the first branch
// (it reads as if it assigned x2 = y2 + 2). As intended, each branch
// assigns from the same variable it tested (x1 = y - 2, x2 = y + 2 with
// 3 <= y <= 4, so x1 + x2 = 2y lies in [6, 8] within [5, 10]), and the
// path where neither condition holds leaves before the assertion.
//
// want numeric nexpoint nex mtndd ndd: TRUE
// want predicate: UNKNOWN

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int y1 = __VERIFIER_nondet_int();
  int y2 = __VERIFIER_nondet_int();
  int x1, x2;
  if (3 <= y1 && y1 <= 4) {
    x1 = y1 - 2;
    x2 = y1 + 2;
  } else if (3 <= y2 && y2 <= 4) {
    x1 = y2 - 2;
    x2 = y2 + 2;
  } else {
    return 0;
  }
  if (!(5 <= x1 + x2 && x1 + x2 <= 10)) reach_error();
  return 0;
}
