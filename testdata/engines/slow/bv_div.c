// A generated task (cgen seed 1) whose 64-bit divisions by variables
// keep Z3 busy for minutes in BV at k=4: TestDeadline.
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
long g0 = ((long)2);
long g1;
int main(void) {
  int in0 = __VERIFIER_nondet_int();
  int in1 = __VERIFIER_nondet_int();
  int c5 = 0;
  short c7 = 0;
  __VERIFIER_assume(((in0 >= (-3)) && (in0 <= 3)));
  __VERIFIER_assume(((in1 >= (-3)) && (in1 <= 3)));
  {
    long x1 = (in0 - in0);
    int x2 = ((-2) - in1);
    long long x3 = (g1--);
    long x4 = in0;
    for (((c5 = 0), (g1 += (in1 + ((short)14)))); ((in0 = in1), (c5 < 3)); ((x4 = (in0 += (-6))), (c5++))) {
      for (short x6 = 4; (x6 > 0); (x6--)) {
        (x2 ^= x2);
        (g0 = (x3 + x4));
      }
    }
    (g1 -= (-(x2 || in1)));
    (c7 = 0);
    while (((c7++) < 4)) {
      switch (((g0 >> (x4 & 63)) & 7)) {
      default:
      case 0:
        ;
        (in1 += (x3 = (in1 + g0)));
        break;
      case 7:
        ;
        (g0 = ((((short)13) != (-1)) - c7));
      case -1:
        ;
      }
      switch ((!g0)) {
      case 1:
        ;
        if ((((long)x4) + (g1 += 2147483647))) {
          return (10, x3);
        }
        L2: ;
        break;
      case -2:
        ;
        break;
        break;
      case -1:
        ;
        (x1 += (in1 = ((unsigned char)((short)(-8)))));
        (g0++);
        break;
      }
      switch (((in1, 15) & 7)) {
      case 3:
        ;
        goto L1;
        if ((g1 = (g0 = ((char)(-2))))) {
          goto L1;
        }
        break;
      default:
      case 5:
        ;
        (g0 = ((long)(--g1)));
        (g1 += ((g1 / (x3 | 1)) - x4));
        break;
      case -2:
        ;
        (g1 = ((x2, ((unsigned short)10)) + (g0 * 5)));
      }
    }
    L1: ;
    if (((long long)(((long long)x2) - ((long long)in0))) > 0LL) reach_error();
  }
  return 0;
}
