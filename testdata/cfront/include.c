// A .c file using the preprocessor and a system header.
#include <limits.h>
#define N 10
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  if (x < N && x > UINT_MAX - 1) reach_error();
  return INT_MAX - N;
}
