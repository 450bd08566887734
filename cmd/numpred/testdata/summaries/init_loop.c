// A 100000-element array (a summary) filled in a loop, then read back:
// the error is reached on every run, 100000 iterations deep. (The shape
// of SV-COMP's standard_init1_ground-1.)
extern void reach_error(void);
int main(void) {
  int a[100000];
  int i = 0;
  while (i < 100000) {
    a[i] = 42;
    i = i + 1;
  }
  for (int x = 0; x < 100000; x++)
    if (a[x] != 43)
      reach_error();
  return 0;
}
