// want absint, cegar, bmc, kind, auto: TRUE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int s = 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      s += (__VERIFIER_nondet_int() != 0);
  if (s > 12) reach_error();
  return 0;
}
