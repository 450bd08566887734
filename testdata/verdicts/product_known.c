// A product whose one operand the state fixes (a = 3) is the other
// operand scaled: x = 3*b, exact since 3*b stays in int's range for b in
// [0, 10]; with both operands bounded the product's range holds too
// (z = b*c in [-100, 100]). x = b + b + b needs a relational domain.
// want numeric/lincong+interval nexpoint/lincong+interval nexpoint/polyhedra: TRUE
// want numeric nexpoint: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int a = 3;
  int b = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  if (b < 0 || b > 10 || c < -10 || c > 10) return 0;
  int x = a * b;
  int y = a * c;
  int z = b * c;
  if (x > 30 || y < -30) reach_error();
  if (z < -100 || z > 100) reach_error();
  if (x != b + b + b) reach_error();
  return 0;
}
