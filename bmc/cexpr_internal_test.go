package bmc

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestCExprAgreesWithGcc: the C expressions of atoms and congruences that
// witnesses carry mean, compiled by gcc, what the atoms mean over the
// integers (numeric.Constraint.Sat, numeric.Congruence.Holds), at values
// of an int and an unsigned int, negative ones included.
func TestCExprAgreesWithGcc(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not available")
	}
	rng := rand.New(rand.NewPCG(8, 9))
	names := []string{"x", "u"}
	type check struct {
		expr string
		sat  func(p []numeric.Int) bool
	}
	var checks []check
	for len(checks) < 60 {
		e := numeric.NewLinExpr(numeric.I(rng.Int64N(41)-20),
			numeric.Term{Dim: 0, Coef: numeric.I(rng.Int64N(13) - 6)},
			numeric.Term{Dim: 1, Coef: numeric.I(rng.Int64N(13) - 6)})
		if rng.IntN(2) == 0 {
			g, ok := numeric.NewCongruence(e, numeric.I(2+rng.Int64N(6)))
			if ok {
				checks = append(checks, check{cCongruence(g, names), g.Holds})
			}
			continue
		}
		kind := numeric.LE
		if rng.IntN(2) == 0 {
			kind = numeric.EQ
		}
		c := numeric.NewConstraint(e, kind)
		if !c.IsTrue() && !c.IsFalse() {
			checks = append(checks, check{cAtom(c, names), c.Sat})
		}
	}
	var points [][2]int64
	for len(points) < 40 {
		points = append(points, [2]int64{rng.Int64N(61) - 30, rng.Int64N(61)})
	}
	points = append(points, [2]int64{-2147483648, 4294967295}, [2]int64{2147483647, 0})
	var src strings.Builder
	src.WriteString("#include <stdio.h>\nint main(void) {\n  int x; unsigned int u;\n")
	for _, p := range points {
		fmt.Fprintf(&src, "  x = %d; u = %dU;\n", p[0], p[1])
		for _, c := range checks {
			fmt.Fprintf(&src, "  putchar((%s) ? '1' : '0');\n", c.expr)
		}
		src.WriteString("  putchar('\\n');\n")
	}
	src.WriteString("  return 0;\n}\n")
	dir := t.TempDir()
	file, bin := filepath.Join(dir, "cexpr.c"), filepath.Join(dir, "cexpr")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(gcc, "-O0", "-o", bin, file).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(points) {
		t.Fatalf("%d lines for %d points", len(lines), len(points))
	}
	for i, p := range points {
		point := []numeric.Int{numeric.I(p[0]), numeric.I(p[1])}
		for j, c := range checks {
			if got, want := lines[i][j] == '1', c.sat(point); got != want {
				t.Errorf("x=%d u=%d: %s is %v in C, want %v", p[0], p[1], c.expr, got, want)
			}
		}
	}
}
