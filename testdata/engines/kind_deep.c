// want bmc, kind: UNKNOWN
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main() {
  unsigned x = 0;
  unsigned n = __VERIFIER_nondet_uint();
  while (x < n) { x += 2; }
  if (x % 2 != 0) reach_error();
  return 0;
}
