// want all: FALSE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  int s = 0;
  while (i < n && i < 20) { s += 2; i++; }
  if (s == 14) reach_error();
  return 0;
}
