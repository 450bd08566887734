// want bmc, kind: FALSE slow
// The error needs operands that do not fit the narrowed width (16 bits,
// Options.Narrow): the narrowed formula alone would miss it.
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = __VERIFIER_nondet_uint();
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (y < 3 || y > 4) return 0;
  if (a <= 200 || b <= 200) return 0;
  if (x / y == 40000u && a * b == 40401) reach_error();
  return 0;
}
