// Unsigned arithmetic with negative constants: C converts -2 to the
// unsigned 2^32-2 before the product, so -2*u is (2^32-2)*u. The front
// end reduces coefficients and constants modulo 2^32 before it wraps
// (only the value modulo 2^32 matters), so v is one of three cases
// (-2u + 3 lies in [-2^33 + 5, 3]) instead of a quotient ranging over
// 2^32 values, and w = -v one of two.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main() {
  unsigned int u = __VERIFIER_nondet_uint();
  if (u > 10) return 0;
  unsigned int v = -2 * u + 3;
  unsigned int w = v * 4294967295u; /* -v */
  int s = w; /* a conversion: reduced too */
  if (v == 1 && u != 1) reach_error();
  return s;
}
