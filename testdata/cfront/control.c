// Control flow: if, loops, switch with fall-through, goto, break,
// continue, short-circuit operators, ?:, comma, ++/--, compound
// assignment.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main() {
  int i, n = __VERIFIER_nondet_int(), s = 0;
  for (i = 0; i < n; i++) {
    if (i == 3)
      continue;
    if (i > 100 || s < 0)
      break;
    s += i;
  }
  while (!(s <= 0)) s--;
  do {
    s++;
  } while (s < 10 && n != 0);
  switch (n) {
  case 1:
    s = 1;
  case 2:
    s += 2;
    break;
  case 5 ... 7:
    s = 5;
    break;
  default:
    s = 0;
  }
  int t = n > 0 ? n : -n;
  int k = (s++, s + t);
  if (t < 0) goto err;
  return k;
err:
  reach_error();
  return 1;
}
