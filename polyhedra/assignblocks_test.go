package polyhedra

import (
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestAssignKeepsBlocksApart: a parallel assignment of independent copies
// (x_i := y_i, a renaming at a call) acts on each copy's block alone: a
// value of k interval blocks is not multiplied into one polyhedron (2^k
// vertices) and stays k blocks, and the result is exact: each x_i takes
// y_i's interval, and a swap inside one assignment is parallel.
func TestAssignKeepsBlocksApart(t *testing.T) {
	const k = 12
	d := New()
	a := d.Top(2 * k)
	for i := 0; i < 2*k; i++ {
		x := numeric.Var(numeric.Dim(i))
		a = d.Assume(a, numeric.Ge(x, numeric.Const(int64(i))), numeric.Le(x, numeric.Const(int64(3*i+1))))
	}
	dims := make([]numeric.Dim, k)
	exprs := make([]numeric.LinExpr, k)
	for i := 0; i < k; i++ {
		dims[i] = numeric.Dim(i)
		exprs[i] = numeric.Var(numeric.Dim(k + i))
	}
	// And a swap of the last two y's.
	dims = append(dims, numeric.Dim(2*k-2), numeric.Dim(2*k-1))
	exprs = append(exprs, numeric.Var(numeric.Dim(2*k-1)), numeric.Var(numeric.Dim(2*k-2)))
	before := d.Stats().Combined
	b := d.Assign(a, dims, exprs)
	if len(b.blocks) < k {
		t.Errorf("%d blocks after the renaming, want at least %d (one per copy)", len(b.blocks), k)
	}
	// Chernikova's work grows with the copies, not with 2^k (the product
	// of all the blocks took 4118 combinations at k = 12).
	if w := d.Stats().Combined - before; w > 8*k {
		t.Errorf("the renaming took %d Chernikova combinations, want at most %d (blocks multiplied together?)", w, 8*k)
	}
	for i := 0; i < k; i++ {
		j := k + i
		switch j {
		case 2*k - 2:
			j = 2*k - 1
		case 2*k - 1:
			j = 2*k - 2
		}
		want := numeric.Range{Lo: numeric.B(int64(k + i)), Hi: numeric.B(int64(3*(k+i) + 1))}
		if got := d.Bound(b, numeric.Var(numeric.Dim(i))); got != want {
			t.Errorf("x%d in %v, want %v (y%d's)", i, got, want, k+i)
		}
		wantY := numeric.Range{Lo: numeric.B(int64(j)), Hi: numeric.B(int64(3*j + 1))}
		if got := d.Bound(b, numeric.Var(numeric.Dim(k+i))); got != wantY {
			t.Errorf("y%d in %v, want %v", k+i, got, wantY)
		}
	}
}
