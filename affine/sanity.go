// This file implements the sanity checker of affine values.

package affine

import "fmt"

// SanityCheck returns an error when a breaks the Value invariant:
// bottom keeps no equations; otherwise every equation has sorted terms
// over dimensions below n with non-zero coefficients, its last term (the
// pivot) has coefficient 1, pivots strictly increase from one equation
// to the next and occur in no other equation, and the system has an
// integer solution.
func (Domain) SanityCheck(a Value) error {
	if a.n < 0 {
		return fmt.Errorf("affine: negative dimension count %d", a.n)
	}
	if a.bot {
		if a.eqs != nil {
			return fmt.Errorf("affine: bottom keeps %d equations", len(a.eqs))
		}
		return nil
	}
	pivots := make(map[int]int)
	prev := -1
	for i, r := range a.eqs {
		if len(r.ts) == 0 {
			return fmt.Errorf("affine: equation %d has no terms", i)
		}
		for j, t := range r.ts {
			if t.k.Sign() == 0 {
				return fmt.Errorf("affine: equation %d has a zero coefficient", i)
			}
			if int(t.d) < 0 || int(t.d) >= a.n {
				return fmt.Errorf("affine: equation %d mentions x%d of %d dimensions", i, t.d, a.n)
			}
			if j > 0 && r.ts[j-1].d >= t.d {
				return fmt.Errorf("affine: equation %d has unsorted terms", i)
			}
		}
		p := r.ts[len(r.ts)-1]
		if p.k.Cmp(ratOne) != 0 {
			return fmt.Errorf("affine: equation %d has pivot coefficient %s", i, p.k)
		}
		if int(p.d) <= prev {
			return fmt.Errorf("affine: equation %d has pivot x%d after x%d", i, p.d, prev)
		}
		prev = int(p.d)
		pivots[int(p.d)] = i
	}
	for i, r := range a.eqs {
		for _, t := range r.ts[:len(r.ts)-1] {
			if j, ok := pivots[int(t.d)]; ok {
				return fmt.Errorf("affine: pivot x%d of equation %d occurs in equation %d", t.d, j, i)
			}
		}
	}
	if !hasIntegerPoint(a.n, a.eqs) {
		return fmt.Errorf("affine: %s has no integer point", a)
	}
	return nil
}
