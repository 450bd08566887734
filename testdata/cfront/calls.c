// Calls, recursion, globals and their initialisation, static locals, and
// the SV-COMP harness functions.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern int external(int);
void reach_error() { __assert_fail("0", "calls.c", 9, "reach_error"); }

int g = 3, h;
unsigned short us = 70000;

int fact(int n) {
  if (n <= 1)
    return 1;
  return n + fact(n - 1);
}

int counter(void) {
  static int calls = 10;
  calls++;
  return calls;
}

int bump(void) {
  g++;
  return g;
}

void check(int c) {
  if (!c) reach_error();
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 0 && a < 10);
  if (a == 9) abort();
  if (a == 8) exit(0);
  h = fact(a) + counter();
  external(a);
  h = g + bump(); // g is read before the call (left to right)
  check(g + h > 0);
  return 0;
}
