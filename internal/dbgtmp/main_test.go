package dbg

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

type spy struct {
	exec.Oracle
}

func (s spy) Arbitrary(h *ir.Havoc, at *ir.Edge) numeric.Int {
	fmt.Printf("arbitrary %s at %v (edge %v -> %v, func %s)\n", h.Var.Qual, at.Pos, at.From.ID, at.To.ID, at.From.Func.Name)
	return s.Oracle.Arbitrary(h, at)
}

func TestDbg(t *testing.T) {
	src, _ := os.ReadFile(os.Getenv("F"))
	p, err := cfront.Parse(os.Getenv("F"), src)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cx, _, err := cex.Search(ctx, p, cex.Options{})
	if cx == nil {
		t.Fatal("none", err)
	}
	fmt.Println("inputs", len(cx.Inputs), "arb", cx.Arbitrary)
	m := exec.New(p)
	var vals []numeric.Int
	for _, in := range cx.Inputs {
		vals = append(vals, in.Value)
	}
	res := m.Run(spy{exec.Inputs(vals...)}, exec.Options{MaxSteps: 1 << 30})
	fmt.Println(res.Outcome, res.Arbitrary)
}
