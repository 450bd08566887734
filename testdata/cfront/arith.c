// Integer types, wrap-around, division and remainder by constants,
// shifts, masks, casts, and non-linear operators.
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  char c = __VERIFIER_nondet_char();
  unsigned char uc;
  long l = x;
  _Bool b = x;
  int y;
  y = x + 1;
  u = u - 1;
  uc = u;
  c = c + c;
  y = x / 2;
  y = x % 3;
  y = u / 4;
  y = -x / -5;
  y = x >> 2;
  y = x << 3;
  y = x & 7;
  y = x * x;
  y = x | 1;
  y = ~x;
  y = (unsigned char)x;
  l = (long)u * 2;
  if (u > -1) reach_error();
  if (b + 1 == 2 && l < 0) reach_error();
  return 0;
}
