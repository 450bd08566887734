// Pointers, arrays, structs and floats are not modelled: reads are havoc,
// writes are dropped, and a write through a pointer havocs every global
// whose address is taken.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
struct pt { int x, y; };
int g;
int arr[10];

void set(int *p, int v) { *p = v; }

int main(void) {
  struct pt s;
  int a[4] = {1, 2, 3, 4};
  double d = 1.5;
  int i = __VERIFIER_nondet_int();
  s.x = i;
  a[i & 3] = 7;
  set(&g, 5);
  i = a[0] + s.y;
  i = (int)d;
  if (g != 5) reach_error();
  if (arr[2]) reach_error();
  return i;
}
