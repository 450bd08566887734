// Every form of iteration statement (issue 11): the declaration form of
// `for`, empty clauses, comma expressions, continue (runs the post
// expression), break, do-while, labels and goto, switch with fall-through
// and default in the middle.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int s = 0, t = 0, n = __VERIFIER_nondet_int();
  for (int i = 0; i < 5; i++) { s = s + 1; }
  for (int i = 0, j = 10; i < j; i++, j--) { if (i == 2) continue; t += j; }
  for (; s < 8;) s++;
  for (;;) { if (s > 10) break; s += 2; }
  int k;
  for (k = 0, t = 1; k < 3; ++k) ;
  do { k--; if (k == 1) continue; t++; } while (k > 0);
outer:
  for (int a = 0; a < 3; a++) {
    for (int b = 0; ; b++) {
      if (b == a) break;
      if (n == b) goto done;
    }
  }
done:
  switch (n & 3) {
  case 0: s++;
  default: t++;
  case 2: s--; break;
  case 3: goto outer;
  }
  if (s != 5) reach_error();
  return 0;
}
