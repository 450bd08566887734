// This file implements the sanity checker of boxes.

package interval

import (
	"fmt"
	"math"
)

// SanityCheck returns an error when a breaks the Box invariant: bottom is
// canonical (no ranges kept), and otherwise there is one range per
// dimension, non-empty, with no lower bound +oo, no upper bound -oo, and
// finite bounds within the symmetric range of numeric.Bound.
func (Domain) SanityCheck(a Box) error {
	if a.n < 0 {
		return fmt.Errorf("interval: negative dimension count %d", a.n)
	}
	if a.bot {
		if a.r != nil {
			return fmt.Errorf("interval: bottom keeps %d ranges", len(a.r))
		}
		return nil
	}
	if len(a.r) != a.n {
		return fmt.Errorf("interval: %d ranges for %d dimensions", len(a.r), a.n)
	}
	for i, x := range a.r {
		if x.Lo.IsPlusInf() || x.Hi.IsMinusInf() {
			return fmt.Errorf("interval: dimension %d has range %s", i, x)
		}
		if x.IsEmpty() {
			return fmt.Errorf("interval: dimension %d is empty %s in a non-bottom box", i, x)
		}
		for _, b := range []interface{ Int64() (int64, bool) }{x.Lo, x.Hi} {
			if v, ok := b.Int64(); ok && v == math.MinInt64 {
				return fmt.Errorf("interval: dimension %d has a finite bound outside the Bound range", i)
			}
		}
	}
	return nil
}
