// Unsupported constructs matter only where reachable (issue 32): lib is
// never called, so it is not translated; the call through p goes to
// twice; the asm statement is reachable, so no verdict is TRUE.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int lib(int (*h)(int, int)) { __asm__("nop"); return (*h)(4, 2); }
int twice(int x) { return x + x; }
int main() {
  int (*p)(int) = twice;
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  if (x > 10) __asm__("nop");
  if (p(x) == 7) reach_error();
  return 0;
}
