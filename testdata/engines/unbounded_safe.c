// want bmc: UNKNOWN
// want kind: TRUE
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0, s = 0;
  while (i < n) { i++; s += 2; if (s != 2 * i) reach_error(); }
  return 0;
}
