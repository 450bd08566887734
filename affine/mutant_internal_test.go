package affine

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numeric/numerictest"
)

// Each mutant is the affine domain with one deliberately wrong operation,
// a mistake an implementation of Karr's domain could plausibly make.
type (
	// joinNoTranslation hulls the directions of a and b but forgets the
	// difference of their points (the join of two points is then a point).
	joinNoTranslation struct{ Domain }
	// rationalGaps answers bottom whenever the free-variables-zero point
	// is fractional, without the lattice test (2y = x + 1 has (1, 1)).
	rationalGaps struct{ Domain }
	// assignAsForget treats every assignment as non-invertible: forget x,
	// then x = e (x := x + 1 gives x = x + 1, bottom).
	assignAsForget struct{ Domain }
	// leqByCount compares dimensions only.
	leqByCount struct{ Domain }
)

func (m joinNoTranslation) Join(a, b Value) Value {
	if a.bot || b.bot || m.Leq(a, b) || m.Leq(b, a) {
		return m.Domain.Join(a, b)
	}
	ga, gb := generators(a.n, a.eqs), generators(b.n, b.eqs)
	for _, r := range gb.dirs.rows {
		ga.dirs.insert(r)
	}
	return fromGens(a.n, ga)
}

func (m rationalGaps) fractional(a Value) Value {
	for _, r := range a.eqs {
		if !r.c.IsInt() {
			return bottom(a.n)
		}
	}
	return a
}

func (m rationalGaps) Meet(a, b Value) Value { return m.fractional(m.Domain.Meet(a, b)) }
func (m rationalGaps) Assume(a Value, cs ...numeric.Constraint) Value {
	return m.fractional(m.Domain.Assume(a, cs...))
}

func (m assignAsForget) Assign(a Value, dims []numeric.Dim, es []numeric.LinExpr) Value {
	r := m.Forget(a, dims...)
	for i, x := range dims {
		r = m.Domain.Assume(r, numeric.Eq(numeric.Var(x), es[i]))
	}
	return r
}

func (leqByCount) Leq(a, b Value) bool {
	return a.bot || !b.bot && len(a.eqs) >= len(b.eqs)
}

func TestSuiteCatchesBrokenAffineDomains(t *testing.T) {
	if fs := numerictest.Failures[Value](New(), numerictest.Config{Cases: 300}, 1); len(fs) > 0 {
		t.Fatalf("the suite fails on the affine domain itself:\n%s", strings.Join(fs, "\n"))
	}
	for _, tc := range []struct {
		name  string
		d     numeric.Domain[Value]
		check string
		want  string
	}{
		{"join without translation", joinNoTranslation{}, "Suite/Join", "is unsound"},
		{"rational gaps taken for bottom", rationalGaps{}, "Suite/Meet", "is unsound"},
		{"assignment as forget", assignAsForget{}, "Suite/Assign", "is unsound"},
		{"leq by count", leqByCount{}, "Suite/Leq", "Leq(a, b) = true"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := numerictest.Failures[Value](tc.d, numerictest.Config{Cases: 300}, 1)
			for _, f := range fs {
				if strings.HasPrefix(f, tc.check+":") && strings.Contains(f, tc.want) {
					return
				}
			}
			t.Errorf("suite did not report %q in %s; it reported %d failures:\n%s", tc.want, tc.check, len(fs), strings.Join(fs, "\n"))
		})
	}
}
