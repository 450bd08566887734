// x and y grow by 2 and 4 an unknown number of times, at most until x
// reaches 1000: the affine-equality domain finds y = 2x at the loop head
// and the interval part bounds x, which bounds y through y = 2x, so no
// addition wraps around and the assertion holds. Intervals alone lose
// y = 2x; the affine domain alone cannot exclude the wrap-arounds.
// want numeric/affine+interval nexpoint/affine+interval: TRUE
// want numeric numeric/affine: UNKNOWN
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int() && x < 1000) {
    x += 2;
    y += 4;
  }
  if (y != 2 * x) reach_error();
  return 0;
}
