// memset with a constant byte writes each cell it covers exactly (0, or
// the repeated byte read in the cell's type) and leaves the others alone.
// want nexpoint nex numeric: TRUE
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void *memset(void *s, int c, unsigned long n);
struct D { int a; long b; char c[3]; _Bool f; unsigned short u; };
int main(void) {
  struct D d;
  d.a = 5; d.b = 7; d.u = 9;
  struct D *p = &d;
  memset(p, 0, sizeof *p);
  if (d.a != 0 || d.b != 0 || d.c[1] != 0 || d.f != 0 || d.u != 0) reach_error();
  struct D e; e.a = 1; e.u = 3;
  memset(&e.b, -1, sizeof e.b);
  if (e.a != 1 || e.b != -1 || e.u != 3) reach_error();
  return 0;
}
