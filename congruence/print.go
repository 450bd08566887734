// This file implements the conversion of congruence values to
// constraints and text, and the sanity checker.

package congruence

import (
	"fmt"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// Constraints returns x = r for every dimension with a single value;
// numeric.False for bottom. The other congruences are no linear
// constraints: the result contains gamma(a) and equals it only when
// every class is a single value or Z (see numeric.Membership).
func (Domain) Constraints(a Value) []numeric.Constraint {
	if a.bot {
		return []numeric.Constraint{numeric.False}
	}
	var cs []numeric.Constraint
	for i, c := range a.c {
		if c.isConst() {
			cs = append(cs, numeric.Eq(numeric.Var(numeric.Dim(i)), numeric.ConstInt(c.r)))
		}
	}
	return cs
}

// String formats a as "x ≡ 1 mod 2 && y = 3", naming dimensions by env;
// top is "true" and bottom "false".
func (Domain) String(a Value, env *numeric.Env) string {
	if a.bot {
		return "false"
	}
	var parts []string
	for i, c := range a.c {
		name := env.Name(numeric.Dim(i))
		switch {
		case c.isConst():
			parts = append(parts, name+" = "+c.r.String())
		case !c.isTop():
			parts = append(parts, fmt.Sprintf("%s ≡ %s mod %s", name, c.r, c.m))
		}
	}
	if len(parts) == 0 {
		return "true"
	}
	return strings.Join(parts, " && ")
}

// String formats a like Domain.String with dimensions x0, x1, ...
func (a Value) String() string { return Domain{}.String(a, nil) }

// SanityCheck returns an error when a breaks the Value invariant: bottom
// keeps no classes; otherwise there is one class per dimension with
// m >= 0 and, for m > 0, 0 <= r < m.
func (Domain) SanityCheck(a Value) error {
	if a.bot {
		if a.c != nil {
			return fmt.Errorf("congruence: bottom keeps %d classes", len(a.c))
		}
		return nil
	}
	if len(a.c) != a.n {
		return fmt.Errorf("congruence: %d classes for %d dimensions", len(a.c), a.n)
	}
	for i, c := range a.c {
		if c.m.Sign() < 0 || c.m.Sign() > 0 && (c.r.Sign() < 0 || c.r.Cmp(c.m) >= 0) {
			return fmt.Errorf("congruence: dimension %d has the class %s + %sZ", i, c.r, c.m)
		}
	}
	return nil
}

// Congruences returns x - r ≡ 0 (mod m) for every dimension whose class
// is neither a single value (Constraints states it) nor Z
// (numeric.CongruenceReporter); none for bottom.
func (Domain) Congruences(a Value) []numeric.Congruence {
	if a.bot {
		return nil
	}
	var out []numeric.Congruence
	for i, c := range a.c {
		if c.isConst() || c.isTop() {
			continue
		}
		e := numeric.Var(numeric.Dim(i)).Sub(numeric.ConstInt(c.r))
		if k, ok := numeric.NewCongruence(e, c.m); ok {
			out = append(out, k)
		}
	}
	return out
}
