# 1 "gnu.c"
# 1 "<built-in>"
extern void __assert_fail (const char *__assertion, const char *__file,
      unsigned int __line, const char *__function)
     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
typedef unsigned long size_t;
extern int memcmp (const void *__restrict __s1, const void *__s2, size_t __n) __attribute__ ((__pure__));
static __inline int sq(int x) { return x + x; }
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "gnu.c", 3, __extension__ __PRETTY_FUNCTION__); })); }
extern int __VERIFIER_nondet_int(void) __attribute__ ((__nothrow__));
int main(int argc, char *argv[]) {
  __extension__ long long big = 1LL << 40;
  int v = ({ int t = __VERIFIER_nondet_int(); t < 0 ? 0 : t; });
  if (sq(v) < 0 && argc > 0) reach_error();
  return (int)big;
}
