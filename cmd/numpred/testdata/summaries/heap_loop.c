// Blocks from an allocation site in a loop (a summary site): each block
// keeps what was written to it; the error needs the third block's value at 123.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int *blocks[4];
  for (int b = 0; b < 4; b++) {
    blocks[b] = (int *)__builtin_malloc(300 * sizeof(int));
    for (int i = 0; i < 300; i++)
      blocks[b][i] = b * 1000 + i;
  }
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 300) return 0;
  if (k == 123 && blocks[2][k] == 2123) reach_error();
  return 0;
}
