package numerictest

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

func record[V any](d numeric.Domain[V], cfg Config) []string { return Failures(d, cfg, 1) }

// Each mutant is the interval domain with one deliberately wrong
// operation.
type (
	joinDropsBound struct{ interval.Domain } // keeps a's upper bound of x0
	assignNoConst  struct{ interval.Domain } // ignores the constants of the expressions
	forgetNothing  struct{ interval.Domain } // Forget returns a
	widenToB       struct{ interval.Domain } // Widen returns b
	narrowToB      struct{ interval.Domain } // Narrow returns b
	assumeStrict   struct{ interval.Domain } // Assume reads e <= 0 as e < 0
	boundShrinks   struct{ interval.Domain } // Bound loses the upper value
	entailsAlways  struct{ interval.Domain } // Entails answers true
	meetLoses      struct{ interval.Domain } // Meet shrinks x1 from above
	removeShifts   struct{ interval.Domain } // RemoveDims drops the wrong dims
	permuteInverse struct{ interval.Domain } // PermuteDims applies the inverse
	addDimsZero    struct{ interval.Domain } // AddDims adds x = 0 dims
	leqLax         struct{ interval.Domain } // Leq ignores x2
	isBottomLax    struct{ interval.Domain } // IsBottom true for singleton x0
	widenThrWrong  struct{ interval.Domain } // WidenThresholds clamps x0 to the first threshold
)

var x0, x1 = numeric.Var(0), numeric.Var(1)

func (m joinDropsBound) Join(a, b interval.Box) interval.Box {
	j := m.Domain.Join(a, b)
	if a.IsBottom() || !a.Range(0).Hi.IsFinite() {
		return j
	}
	return m.Domain.Assume(j, numeric.Le(x0, numeric.ConstInt(a.Range(0).Hi.Int())))
}

func (m assignNoConst) Assign(a interval.Box, dims []numeric.Dim, es []numeric.LinExpr) interval.Box {
	out := make([]numeric.LinExpr, len(es))
	for i, e := range es {
		out[i] = e.AddConst(e.Constant().Neg())
	}
	return m.Domain.Assign(a, dims, out)
}

func (forgetNothing) Forget(a interval.Box, _ ...numeric.Dim) interval.Box { return a }
func (widenToB) Widen(_, b interval.Box) interval.Box                      { return b }
func (narrowToB) Narrow(_, b interval.Box) interval.Box                    { return b }

func (m assumeStrict) Assume(a interval.Box, cs ...numeric.Constraint) interval.Box {
	out := make([]numeric.Constraint, len(cs))
	for i, c := range cs {
		out[i] = c
		if c.Kind() == numeric.LE {
			out[i] = numeric.NewConstraint(c.Expr().AddConst(numeric.I(1)), numeric.LE)
		}
	}
	return m.Domain.Assume(a, out...)
}

func (m boundShrinks) Bound(a interval.Box, e numeric.LinExpr) numeric.Range {
	r := m.Domain.Bound(a, e)
	r.Hi = r.Hi.AddDown(numeric.B(-1))
	return r
}

func (entailsAlways) Entails(interval.Box, numeric.Constraint) bool { return true }

func (m meetLoses) Meet(a, b interval.Box) interval.Box {
	r := m.Domain.Meet(a, b)
	if hi := m.Domain.Bound(r, x1).Hi; hi.IsFinite() {
		r = m.Domain.Assume(r, numeric.Le(x1, numeric.ConstInt(hi.Int()).AddConst(numeric.I(-1))))
	}
	return r
}

func (m removeShifts) RemoveDims(a interval.Box, dims ...numeric.Dim) interval.Box {
	n := a.Dims()
	shifted := make([]numeric.Dim, len(dims))
	for i, d := range dims {
		shifted[i] = (d + 1) % numeric.Dim(n)
	}
	return m.Domain.RemoveDims(a, shifted...)
}

func (m permuteInverse) PermuteDims(a interval.Box, perm []numeric.Dim) interval.Box {
	inv := make([]numeric.Dim, len(perm))
	for i, d := range perm {
		inv[d] = numeric.Dim(i)
	}
	return m.Domain.PermuteDims(a, inv)
}

func (m addDimsZero) AddDims(a interval.Box, k int) interval.Box {
	r := m.Domain.AddDims(a, k)
	for d := a.Dims(); d < a.Dims()+k; d++ {
		r = m.Domain.Assume(r, numeric.Eq(numeric.Var(numeric.Dim(d)), numeric.Const(0)))
	}
	return r
}

func (m leqLax) Leq(a, b interval.Box) bool {
	return m.Domain.Leq(m.Domain.Forget(a, 2), m.Domain.Forget(b, 2))
}

func (m isBottomLax) IsBottom(a interval.Box) bool {
	r := m.Domain.Bound(a, x0)
	return a.IsBottom() || (r.Lo.IsFinite() && r.Lo.Cmp(r.Hi) == 0)
}

func (m widenThrWrong) WidenThresholds(a, b interval.Box, t numeric.Thresholds) interval.Box {
	w := m.Domain.WidenThresholds(a, b, t)
	if len(t) == 0 {
		return w
	}
	return m.Domain.Assume(w, numeric.Le(x0, numeric.Const(t[0])))
}

func TestSuitePassesOnInterval(t *testing.T) {
	if fs := record[interval.Box](interval.New(), Config{Cases: 300}); len(fs) > 0 {
		t.Errorf("suite fails on the interval domain:\n%s", strings.Join(fs, "\n"))
	}
}

func TestSuiteCatchesBrokenDomains(t *testing.T) {
	tests := []struct {
		name  string
		d     numeric.Domain[interval.Box]
		check string // a subtest that must report a failure
		want  string // a substring of one of its messages
		exact bool   // run with Config.Exact
	}{
		{"interval is not exact on non-box constraints", interval.New(), "Suite/Assume", "is not exact", true},
		{"join drops a bound", joinDropsBound{}, "Suite/Join", "Join(a, b)", false},
		{"assign ignores the constant", assignNoConst{}, "Suite/Assign", "Assign(a, ", false},
		{"forget forgets nothing", forgetNothing{}, "Suite/Forget", "Forget(a, ", false},
		{"widen returns b", widenToB{}, "Suite/Widen", "Widen(a, b)", false},
		{"narrow returns b", narrowToB{}, "Suite/Narrow", "Narrow(a, b)", false},
		{"assume is strict", assumeStrict{}, "Suite/Assume", "Assume(a, cs) with", false},
		{"bound shrinks", boundShrinks{}, "Suite/Bound", "is unsound", false},
		{"entails always", entailsAlways{}, "Suite/Entails", "is unsound", false},
		{"meet loses a point", meetLoses{}, "Suite/Meet", "Meet(a, b) with", false},
		{"remove dims shifted", removeShifts{}, "Suite/RemoveDims", "RemoveDims(a, ", false},
		{"permute inverse", permuteInverse{}, "Suite/PermuteDims", "PermuteDims(a, ", false},
		{"add dims zero", addDimsZero{}, "Suite/AddDims", "AddDims(a, ", false},
		{"leq lax", leqLax{}, "Suite/Leq", "Leq(a, b) = true", false},
		{"is bottom lax", isBottomLax{}, "Suite/IsTopIsBottom", "IsBottom(a) = true", false},
		{"widen thresholds wrong", widenThrWrong{}, "Suite/WidenThresholds", "WidenThresholds", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := record(tt.d, Config{Cases: 200, Exact: tt.exact})
			found := false
			for _, f := range fs {
				if strings.HasPrefix(f, tt.check+":") && strings.Contains(f, tt.want) {
					found = true
					if !strings.Contains(f, "seed=1") || !strings.Contains(f, "witness") && !strings.Contains(f, "law violated") {
						t.Errorf("failure lacks seed or witness:\n%s", f)
					}
				}
			}
			if !found {
				t.Errorf("suite did not report %q in %s; it reported %d failures:\n%s", tt.want, tt.check, len(fs), strings.Join(fs, "\n"))
			}
		})
	}
}
