// This file implements Space, the precision of a combined domain: the
// numeric variables V_N and the predicates V_P (Section IV).

package numpred

import (
	"fmt"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// PredID identifies a predicate of a Space: predicates are numbered
// 0..NumPreds()-1 in the order given to NewSpace.
type PredID int

// PredSpec describes one predicate for NewSpace: an opaque Boolean
// predicate (Atom nil), or a linear atom over the numeric variables.
type PredSpec struct {
	Name string
	Atom *numeric.Constraint
}

// Opaque returns the spec of an opaque Boolean predicate, one whose
// meaning the domains do not interpret (for example p ≜ (A[y1+y2] = 3) in
// the paper's Fig. 2).
func Opaque(name string) PredSpec { return PredSpec{Name: name} }

// AtomPred returns the spec of a predicate that means the linear atom c
// (an inequality or an equality over the numeric variables). An empty name
// is replaced by c printed with the space's variable names.
func AtomPred(name string, c numeric.Constraint) PredSpec {
	return PredSpec{Name: name, Atom: &c}
}

type predInfo struct {
	name    string
	hasAtom bool
	atom    numeric.Constraint // as given (normalised)
	canon   numeric.Constraint // canonical atom (LE) or the equality itself
	neg     bool               // the predicate is the negation of canon
}

// Space is the precision of an analysis: the numeric variables V_N
// (dimensions 0..n-1 of the numeric domain, named by an Env) and the
// predicates V_P, each with a primed copy p' for predicate transformers. A
// Space is immutable and may be shared by several domains.
type Space struct {
	env    *numeric.Env
	preds  []predInfo
	byName map[string]PredID
	byAtom map[numeric.Key]PredID // canonical atom -> predicate
}

// NewSpace returns the space with numeric variables env (nil: none) and
// the given predicates. It fails when a name repeats, an atom is constant
// or mentions a dimension outside env, or two atom predicates share a
// canonical atom (x <= 3 and x >= 4 are one term in opposite phases:
// declare only one of them).
func NewSpace(env *numeric.Env, preds ...PredSpec) (*Space, error) {
	if env == nil {
		env = numeric.MustEnv()
	}
	s := &Space{env: env, byName: map[string]PredID{}, byAtom: map[numeric.Key]PredID{}}
	for i, ps := range preds {
		pi := predInfo{name: ps.Name}
		if ps.Atom != nil {
			c := *ps.Atom
			if c.IsTrue() || c.IsFalse() || c.Expr().IsConst() {
				return nil, fmt.Errorf("numpred: predicate %d (%q) is a constant constraint", i, ps.Name)
			}
			if int(c.Expr().MaxDim()) >= env.Len() {
				return nil, fmt.Errorf("numpred: predicate %d (%q) mentions dimension %d outside the %d numeric variables", i, ps.Name, c.Expr().MaxDim(), env.Len())
			}
			pi.hasAtom, pi.atom = true, c
			if c.Kind() == numeric.LE {
				pi.canon, pi.neg = c.Canonical()
			} else {
				pi.canon = c
			}
			if pi.name == "" {
				pi.name = c.String(env)
			}
			key := pi.canon.Key()
			if j, dup := s.byAtom[key]; dup {
				return nil, fmt.Errorf("numpred: predicates %q and %q are the same atom up to negation", s.preds[j].name, pi.name)
			}
			s.byAtom[key] = PredID(i)
		}
		if pi.name == "" {
			return nil, fmt.Errorf("numpred: predicate %d has no name", i)
		}
		if _, dup := s.byName[pi.name]; dup {
			return nil, fmt.Errorf("numpred: predicate %q declared twice", pi.name)
		}
		s.byName[pi.name] = PredID(i)
		s.preds = append(s.preds, pi)
	}
	return s, nil
}

// MustSpace is NewSpace for arguments known to be valid; it panics on error.
func MustSpace(env *numeric.Env, preds ...PredSpec) *Space {
	s, err := NewSpace(env, preds...)
	if err != nil {
		panic(err)
	}
	return s
}

// Env returns the names of the numeric variables.
func (s *Space) Env() *numeric.Env { return s.env }

// NumDims returns the number of numeric variables |V_N|.
func (s *Space) NumDims() int { return s.env.Len() }

// NumPreds returns the number of predicates |V_P|.
func (s *Space) NumPreds() int { return len(s.preds) }

// PredName returns the name of p.
func (s *Space) PredName(p PredID) string { return s.preds[p].name }

// Lookup returns the predicate named name.
func (s *Space) Lookup(name string) (PredID, bool) {
	p, ok := s.byName[name]
	return p, ok
}

// PredAtom returns the linear atom p means, and false for an opaque
// predicate.
func (s *Space) PredAtom(p PredID) (numeric.Constraint, bool) {
	pi := s.preds[p]
	return pi.atom, pi.hasAtom
}

// PredOfAtom returns the predicate whose atom is c or the negation of c
// (neg reports which), if any: the syntactic part of proj_P.
func (s *Space) PredOfAtom(c numeric.Constraint) (p PredID, neg bool, ok bool) {
	if c.IsTrue() || c.IsFalse() {
		return 0, false, false
	}
	canon, cneg := c, false
	if c.Kind() == numeric.LE {
		canon, cneg = c.Canonical()
	}
	p, ok = s.byAtom[canon.Key()]
	if !ok {
		return 0, false, false
	}
	return p, cneg != s.preds[p].neg, true
}

// mentions reports whether predicate p's atom mentions any of dims.
func (s *Space) mentions(p PredID, dims map[numeric.Dim]bool) bool {
	pi := s.preds[p]
	if !pi.hasAtom {
		return false
	}
	for _, t := range pi.atom.Expr().Terms() {
		if dims[t.Dim] {
			return true
		}
	}
	return false
}

// String lists the space, e.g. "V_N = {x, y}; V_P = {p, x <= 3}".
func (s *Space) String() string {
	var sb strings.Builder
	sb.WriteString("V_N = {")
	sb.WriteString(strings.Join(s.env.Names(), ", "))
	sb.WriteString("}; V_P = {")
	for i, p := range s.preds {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(p.name)
		if p.hasAtom && p.name != p.atom.String(s.env) {
			sb.WriteString(" ≜ " + p.atom.String(s.env))
		}
	}
	sb.WriteString("}")
	return sb.String()
}

// State is a concrete state: a valuation of the predicates (and of their
// primed copies, used only inside predicate transformers) plus an integer
// point for the numeric variables.
type State struct {
	Preds  []bool
	Primed []bool
	Point  []numeric.Int
}

// Consistent reports whether every atom predicate of s agrees with the
// point: the states that exist concretely. Opaque predicates are free.
func (s *Space) Consistent(st State) bool {
	for i, p := range s.preds {
		if p.hasAtom && p.atom.Sat(st.Point) != st.Preds[i] {
			return false
		}
	}
	return true
}
