// memset and memcpy on arrays of 1000 elements (summaries): concrete runs
// fill and copy their bytes exactly, so the error (b[700] is 0 and
// b[499] is 499) is confirmed.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void *memset(void *s, int c, unsigned long n);
void *memcpy(void *d, const void *s, unsigned long n);
int main(void) {
  int a[1000];
  int b[1000];
  memset(a, 0, sizeof a);
  for (int i = 0; i < 500; i++)
    a[i] = i;
  memcpy(b, a, sizeof a);
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 1000) return 0;
  if (k == 700 && b[k] == 0 && b[499] == 499) reach_error();
  return 0;
}
