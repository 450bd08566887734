package exec

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// TestApplyInt64 checks the int64 fast path of Def against ir.Def.Apply,
// the definition, on every operator and type with operands around the
// types' edges, and that it declines what it cannot compute.
func TestApplyInt64(t *testing.T) {
	types := []ir.IntType{ir.Unbounded, ir.Bool}
	for _, bits := range []int{8, 16, 32, 64, 128} {
		types = append(types, ir.IntType{Name: "s", Bits: bits, Signed: true}, ir.IntType{Name: "u", Bits: bits})
	}
	edges := []int64{0, 1, -1, 2, -2, 3, 7, -7, 31, 32, 33, 63, 64, 127, 128, -128, -129, 255, 256,
		32767, -32768, 65535, 65536, math.MaxInt32, math.MinInt32, math.MaxUint32, 1 << 32,
		math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, 1 << 62, -(1 << 62)}
	rng := rand.New(rand.NewPCG(5, 6))
	operand := func() int64 {
		switch rng.IntN(3) {
		case 0:
			return edges[rng.IntN(len(edges))]
		case 1:
			return rng.Int64N(2001) - 1000
		}
		return int64(rng.Uint64())
	}
	fast, total := 0, 0
	for op := ir.DefMul; op <= ir.DefXor; op++ {
		for _, ty := range types {
			d := &ir.Def{Op: op, Type: ty}
			for i := 0; i < 3000; i++ {
				a, b := operand(), operand()
				if op == ir.DefShl || op == ir.DefShr {
					b = rng.Int64N(70) - 3
				}
				total++
				got, ok := applyInt64(op, ty, a, b)
				want, err := d.Apply(numeric.I(a), numeric.I(b))
				if !ok {
					continue
				}
				fast++
				if err != nil {
					t.Fatalf("%d %v %d in %+v: fast path gives %v, Apply fails: %v", a, op, b, ty, got, err)
				}
				if got.Cmp(want) != 0 {
					t.Fatalf("%d %v %d in %+v: fast path gives %v, Apply %v", a, op, b, ty, got, want)
				}
			}
		}
	}
	if fast < total/2 {
		t.Errorf("fast path took only %d of %d cases", fast, total)
	}
}
