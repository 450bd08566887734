// This file implements the generators of the six benchmark families of
// the eureka library (Armando, Castellini and Mantovani, Section 4.2 and
// Table 4), reconstructed from their descriptions; doc.go records what the
// paper says and what was chosen.

package linprog

import (
	"fmt"
	"strings"
)

// MaxN is the largest size Generate accepts.
const MaxN = 100000

// DelayLength is the fixed trip count of delay_iter's delay loop.
const DelayLength = 10

type family struct {
	name string
	gen  func(n int) string
}

// families lists the generators in the order of the paper's Table 4.
var families = []family{
	{"swap_seq", genSwapSeq},
	{"swap_iter", genSwapIter},
	{"parity", genParity},
	{"delay_iter", genDelayIter},
	{"delay_recur", genDelayRecur},
	{"sum", genSum},
}

// Families returns the names of the benchmark families, in the order of
// the paper's Table 4.
func Families() []string {
	out := make([]string, len(families))
	for i, f := range families {
		out[i] = f.name
	}
	return out
}

// Generate returns the text of the Linear Program of the named family for
// size n (0 <= n <= MaxN). Every generated program is safe: its
// assertions hold on every execution.
func Generate(name string, n int) (string, error) {
	for _, f := range families {
		if f.name != name {
			continue
		}
		if n < 0 || n > MaxN {
			return "", fmt.Errorf("linprog: %s: N must be in [0, %d], got %d", name, MaxN, n)
		}
		return f.gen(n), nil
	}
	return "", fmt.Errorf("linprog: unknown family %q (known: %s)", name, strings.Join(Families(), ", "))
}

const swapProc = `swap() {
  int t;
  t = a;
  a = b;
  b = t;
}
`

// swapAssert is the assertion after k swaps of a = 1, b = 2.
func swapAssert(k int) string {
	if k%2 == 0 {
		return "assert(a < b);"
	}
	return "assert(a > b);"
}

func genSwapSeq(n int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// swap_seq(%d): swap() is called 2N = %d times in sequence. Safe.\nint a b;\n\n%s\nmain() {\n  a = 1;\n  b = 2;\n", n, 2*n, swapProc)
	for i := 0; i < 2*n; i++ {
		sb.WriteString("  swap();\n")
	}
	fmt.Fprintf(&sb, "  %s\n}\n", swapAssert(2*n))
	return sb.String()
}

func genSwapIter(n int) string {
	return fmt.Sprintf(`// swap_iter(%d): swap() is called N times from a while loop. Safe.
int a b;

%s
main() {
  int i;
  a = 1;
  b = 2;
  i = 0;
  while (i < %d) {
    swap();
    i = i + 1;
  }
  %s
}
`, n, swapProc, n, swapAssert(n))
}

func genParity(n int) string {
	want := 1
	if n%2 == 1 {
		want = 0
	}
	return fmt.Sprintf(`// parity(%d): parity(x) flips even x times, recursively; even ends up
// 1 iff x is even. Safe.
int x even;

parity(n) {
  int m;
  if (n = 0) {
    ;
  } else {
    even = 1 - even;
    m = n - 1;
    parity(m);
  }
}

main() {
  x = %d;
  even = 1;
  parity(x);
  assert(even = %d);
}
`, n, n, want)
}

func genDelayIter(n int) string {
	return fmt.Sprintf(`// delay_iter(%d): delay() runs an empty loop of fixed length %d and is
// called N times from a while loop. Safe.
delay() {
  int j;
  j = 0;
  while (j < %d) {
    j = j + 1;
  }
}

main() {
  int i;
  i = 0;
  while (i < %d) {
    delay();
    i = i + 1;
  }
  assert(i = %d);
}
`, n, DelayLength, DelayLength, n, n)
}

func genDelayRecur(n int) string {
	return fmt.Sprintf(`// delay_recur(%d): delay(n) recurs n times; main calls delay(i) for
// i = 0, ..., N-1 from a while loop. Safe: every call has n >= 0.
delay(n) {
  int m;
  if (n > 0) {
    m = n - 1;
    delay(m);
  } else {
    assert(n = 0);
  }
}

main() {
  int i;
  i = 0;
  while (i < %d) {
    delay(i);
    i = i + 1;
  }
}
`, n, n)
}

func genSum(n int) string {
	total := int64(n) * int64(n+1) / 2
	return fmt.Sprintf(`// sum(%d): s = 1 + 2 + ... + N with a while loop, checked, then
// subtracted back to 0 by a second loop. Safe.
int n s;

main() {
  int i;
  n = %d;
  s = 0;
  i = 0;
  while (i < n) {
    i = i + 1;
    s = s + i;
  }
  assert(s = %d);
  while (i > 0) {
    s = s - i;
    i = i - 1;
  }
  assert(s = 0);
}
`, n, n, total)
}
