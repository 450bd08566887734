// want all: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 0) { x = x + 1; if (x < 0) reach_error(); }
  return 0;
}
