// This file implements the sanity checker of octagons.

package octagon

import (
	"fmt"
)

// SanityCheck returns an error when a breaks an invariant of Octagon:
//
//   - bottom keeps no matrix and is not flagged closed;
//   - the half matrix has 2n(n+1) entries, so coherence m[i][j] ==
//     m[j^1][i^1] holds by construction (both name one stored entry);
//   - every entry is +inf or a finite value in [-(2^63-2), 2^61), and
//     every diagonal entry is 0;
//   - a matrix flagged closed is tightly closed: consistent
//     (m[i][i^1] + m[i^1][i] >= 0), closed (m[i][j] <= m[i][k] + m[k][j]),
//     strongly coherent (m[i][j] <= m[i][i^1]/2 + m[j^1][j]/2) and tight
//     (every m[i][i^1] even);
//   - a cached closure passes the same checks.
//
// The closure check is O(n^3).
func (Domain) SanityCheck(a *Octagon) error {
	if err := check(a); err != nil {
		return err
	}
	if c := a.cache.Load(); c != nil {
		if c.n != a.n {
			return fmt.Errorf("octagon: cached closure has %d dimensions, value %d", c.n, a.n)
		}
		if c.m != nil && !c.closed {
			return fmt.Errorf("octagon: cached closure is not flagged closed")
		}
		if err := check(c); err != nil {
			return fmt.Errorf("octagon: cached closure: %v", err)
		}
	}
	return nil
}

func check(a *Octagon) error {
	if a.n < 0 {
		return fmt.Errorf("octagon: negative dimension count %d", a.n)
	}
	if a.m == nil {
		if a.closed {
			return fmt.Errorf("octagon: bottom flagged closed")
		}
		return nil
	}
	n, m := a.n, a.m
	if len(m) != matSize(n) {
		return fmt.Errorf("octagon: matrix has %d entries, want %d for %d dimensions", len(m), matSize(n), n)
	}
	for i := 0; i < 2*n; i++ {
		for j := 0; j <= i|1; j++ {
			v := get(m, i, j)
			if v != inf && (v < negMax || v >= thresh) {
				return fmt.Errorf("octagon: entry (%d, %d) = %d is outside the entry range", i, j, v)
			}
		}
		if v := get(m, i, i); v != 0 {
			return fmt.Errorf("octagon: diagonal entry (%d, %d) = %d, want 0", i, i, v)
		}
	}
	if !a.closed {
		return nil
	}
	N := 2 * n
	for i := 0; i < N; i++ {
		u := get(m, i, i^1)
		if u != inf && u%2 != 0 {
			return fmt.Errorf("octagon: closed matrix is not tight: entry (%d, %d) = %d is odd", i, i^1, u)
		}
		if addUp(u, get(m, i^1, i)) < 0 {
			return fmt.Errorf("octagon: closed matrix is inconsistent at variable %d", i/2)
		}
	}
	for i := 0; i < N; i++ {
		for j := 0; j < N; j++ {
			v := get(m, i, j)
			if s := addUp(half(get(m, i, i^1)), half(get(m, j^1, j))); v > s {
				return fmt.Errorf("octagon: closed matrix is not strongly coherent: m[%d][%d] = %d > %d", i, j, v, s)
			}
			for k := 0; k < N; k++ {
				if s := addUp(get(m, i, k), get(m, k, j)); v > s {
					return fmt.Errorf("octagon: closed matrix is not closed: m[%d][%d] = %d > m[%d][%d] + m[%d][%d] = %d", i, j, v, i, k, k, j, s)
				}
			}
		}
	}
	return nil
}
