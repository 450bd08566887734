// want bmc, kind: UNKNOWN
// want abe, impact: TRUE
// want abe/sbe, abe/k=3: TRUE slow
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
unsigned count(unsigned n) { unsigned c = 0; while (c < n) c++; return c; }
int main() {
  unsigned n = __VERIFIER_nondet_uint();
  if (count(n) != n) reach_error();
  return 0;
}
