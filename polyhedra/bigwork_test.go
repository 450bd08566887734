package polyhedra

import (
	"math/big"
	"testing"
)

// boxWork returns the work of converting the box lo <= x_i <= lo + 1 + i
// (i < n) from constraints, where lo is 0 or a big number.
func boxWork(n int, lo *big.Int) int64 {
	c := newUniverse(n+1, 2*n+1, nil)
	c.add(positivity(n), false)
	for i := 0; i < n; i++ {
		low := make(vec, n+1) // x_i - lo >= 0
		low[0], low[i+1] = zbig(new(big.Int).Neg(lo)), one
		high := make(vec, n+1) // lo + 1 + i - x_i >= 0
		high[0], high[i+1] = zbig(new(big.Int).Add(lo, big.NewInt(int64(1+i)))), zi(-1)
		c.add(low, false)
		c.add(high, false)
	}
	return c.work
}

// TestBigNumbersCostWork checks that a conversion counts the size of the
// numbers it makes (bigWordWork): the same box with bounds of 600 bits
// costs more work than with small ones, in proportion to their words, so
// that the work bound stops conversions of big numbers sooner (issue 18).
func TestBigNumbersCostWork(t *testing.T) {
	small := boxWork(6, big.NewInt(0))
	huge := boxWork(6, new(big.Int).Lsh(big.NewInt(1), 600))
	if huge < 2*small {
		t.Errorf("work with 600-bit bounds %d, with small ones %d: big numbers cost nothing", huge, small)
	}
}
