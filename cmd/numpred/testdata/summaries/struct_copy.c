// A struct holding a 1000-element array (a summary) filled through a
// pointer, copied to the heap and to a global: the copies keep the
// elements, so the error is reached with any k in [1, 100] and j = 777.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct S { int n; long buf[1000]; char tag; };
struct S g;
void fill(struct S *p, int k) { p->n = k; for (int i = 0; i < 1000; i++) p->buf[i] = i * k; p->tag = 'x'; }
int main(void) {
  struct S a;
  struct S *h = (struct S *)__builtin_malloc(sizeof(struct S));
  int k = __VERIFIER_nondet_int();
  if (k < 1 || k > 100) return 0;
  fill(&a, k);
  *h = a;
  g = *h;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 1000) return 0;
  if (g.buf[j] != j * k || h->buf[j] != j * k || g.tag != 'x' || g.n != k) return 0;
  if (j == 777 && g.buf[j] == 777 * k) reach_error();
  return 0;
}
