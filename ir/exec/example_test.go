package exec_test

import (
	"fmt"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

// Run a C program on two inputs: the second makes it reach the error.
func Example() {
	src := `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < x; i++) { s += i % 3; }
  if (s > 4) reach_error();
  return s;
}`
	p, err := cfront.Parse("ex.c", []byte(src))
	if err != nil {
		panic(err)
	}
	m := exec.New(p)
	for _, x := range []int64{4, 7} {
		res := m.Run(exec.Inputs(numeric.I(x)), exec.Options{})
		fmt.Printf("x = %d: %v after %d steps", x, res.Outcome, res.Steps)
		if res.HasRet {
			fmt.Printf(", main returned %v", res.Ret)
		}
		fmt.Println()
		for _, in := range res.Inputs {
			fmt.Printf("  input %s = %v at %v\n", in.Source, in.Value, in.Pos)
		}
	}
	// Output:
	// x = 4: returned after 49 steps, main returned 3
	//   input __VERIFIER_nondet_int = 4 at ex.c:4:11
	// x = 7: error reached after 78 steps
	//   input __VERIFIER_nondet_int = 7 at ex.c:4:11
}
