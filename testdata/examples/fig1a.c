// Fig. 1(a) of Gurfinkel & Chaki, "Combining Predicate and Numeric
// Abstraction for Software Model Checking": a control-driven program.
// Which assertion is checked depends on i; the numeric facts a1 > 0 and
// a2 < 0 hold only on the matching path, so a numeric domain alone joins
// the paths and loses them, while the combined domains keep the
// disjunction (i = 1 and a1 > 0) or (i = 2 and a2 < 0).
//
// Reconstruction: the figure omits the breaks and the first switch's
// default; without them the program would be unsafe (case 1 falls through
// to assert(a2 < 0), and any other i reaches assert(0)). We add the breaks
// and make other values of i leave before the second switch.
//
// want nexpoint nex mtndd ndd predicate: TRUE
// want numeric: UNKNOWN

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

void check(int c) {
  if (!c) reach_error();
}

int main(void) {
  int i = __VERIFIER_nondet_int();
  int a1, a2;
  switch (i) {
  case 1: a1 = 3; break;
  case 2: a2 = -4; break;
  default: return 0;
  }
  switch (i) {
  case 1: if (!(a1 > 0)) reach_error(); break;
  case 2: if (!(a2 < 0)) reach_error(); break;
  default: reach_error();
  }
  return 0;
}
