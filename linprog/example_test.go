package linprog_test

import (
	"fmt"
	"os"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/linprog"
)

func ExampleParse() {
	src := `
int g;
main() {
  g = 0;
  while (g < 3) g = g + 1;
  assert(g = 3);
}`
	p, err := linprog.Parse("count.lp", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	ir.Print(os.Stdout, p)
	// Output:
	// program count.lp (lp)
	// global int g
	//
	// func main()
	//   L0 (entry)
	//     -> L2  g := 0  @4:3
	//   L1 (exit)
	//   L2 (loop)
	//     -> L4  [g <= 2]  @5:3
	//     -> L3  [g >= 3]  @5:3
	//   L3
	//     -> L1  [g = 3]  @6:3
	//     -> L5  [!(g = 3)]  @6:3
	//   L4
	//     -> L2  g := g + 1  @5:17
	//   L5 (error)
}

func ExampleParse_error() {
	_, err := linprog.Parse("bad.lp", []byte("main() {\n  x = 1;\n}"))
	fmt.Println(err)
	// Output: bad.lp:2:3: undeclared variable x
}

func ExampleGenerate() {
	src, _ := linprog.Generate("parity", 3)
	p, _ := linprog.Parse("parity3.lp", []byte(src))
	fmt.Println(linprog.Families())
	fmt.Println(len(p.Funcs), "procedures,", len(p.Main.ErrorLocs()), "assertion")
	// Output:
	// [swap_seq swap_iter parity delay_iter delay_recur sum]
	// 2 procedures, 1 assertion
}
