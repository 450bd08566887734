// Fig. 2(a) of Gurfinkel & Chaki: proving the assertion needs both
// predicates over array cells (p: A[y1 + y2] = 3, q: A[x1 + x2] = 3) and
// arithmetic over x1, x2, y1, y2. numpred's C front end havocs array
// reads, so on this C text no domain can prove it: the verdict is
// UNKNOWN. The paper's own abstraction, Fig. 2(b), with p and q as opaque
// predicates, is proved TRUE through the transformer language in the
// numpred package's tests.
//
// want numeric nexpoint nex mtndd: UNKNOWN

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int A[100];

int main(void) {
  int x1 = __VERIFIER_nondet_int(), x2 = __VERIFIER_nondet_int();
  int y1 = __VERIFIER_nondet_int(), y2 = __VERIFIER_nondet_int();
  if (x1 != x2) return 0;
  if (x1 < 0 || x2 < 0 || y1 < 0 || y2 < 0 || x1 + x2 > 99 || y1 + y2 > 99) return 0;
  if (A[y1 + y2] == 3) {
    x1 = y1 - 2;
    x2 = y2 + 2;
  } else {
    A[x1 + x2] = 5;
  }
  if (x1 + x2 < 0 || x1 + x2 > 99) return 0;
  if (A[x1 + x2] == 3) {
    x1 = x1 + x2;
    x2 = x2 + y1 - 2;
  }
  if (x1 != x2) reach_error();
  return 0;
}
