// This file defines Precision, the value a predicate-domain analysis is
// parameterised by (V_P and V_N of Gurfinkel & Chaki, Section III), and
// how the interpreter honours it: the predicates of the NumPredDom space
// and, when the numeric variables are restricted, a wrapper of predDomain
// that keeps untracked variables out of the numeric part.
//
// A CEGAR loop (package cegar) grows a Precision between rounds; a nil
// Config.Precision is the fixed precision of a plain analysis: every
// branch atom and every variable.

package interp

import (
	"sort"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// Pred is a predicate of a precision: a linear atom over program
// variables, and the function whose refinement introduced it (nil for a
// predicate of the whole program, e.g. a branch atom or a user's).
type Pred struct {
	Func *ir.Func
	Atom numeric.Constraint // canonical (see numeric.Constraint.Canonical)
}

// Precision is what the combined domain tracks: predicates (V_P) and
// numeric variables (V_N).
//
// Predicates are kept per function: a predicate a refinement found in
// function f (Pred.Func = f) is tracked in f only, one without a function
// (a branch atom of the initial precision, a user's) everywhere. The
// BDDs have one variable per distinct atom, but in any other function a
// predicate of f stays unconstrained: it is forgotten when a call enters
// a function that does not track it and after a call returns to one,
// and an assignment to its variables there makes it unknown instead of
// computing its weakest precondition (see predDomain.scope). So a
// predicate found in one procedure does not split the BDDs of the
// others. The same atom found in two functions is tracked in both.
//
// Numeric variables are program variables, and so per function too (a
// local belongs to its function). The dimensions the interpreter adds for
// calls (olds and mids, see space.go) are always tracked.
type Precision struct {
	preds   []Pred
	seen    map[predKey]bool // (function, canonical atom) of preds
	allNum  bool
	numVars map[*ir.Var]bool
}

// predKey names a predicate of a precision; f is nil for a predicate of
// the whole program.
type predKey struct {
	f    *ir.Func
	atom numeric.Key
}

// NewPrecision returns a precision with no predicates that tracks every
// numeric variable when allNum holds and none otherwise.
func NewPrecision(allNum bool) *Precision {
	return &Precision{seen: map[predKey]bool{}, allNum: allNum, numVars: map[*ir.Var]bool{}}
}

// BranchAtomsPrecision returns the precision a plain analysis uses: the
// canonical atoms of p's branch conditions and assertions closed under
// copies (closure.go), and every numeric variable.
func BranchAtomsPrecision(p *ir.Program) *Precision {
	pr := NewPrecision(true)
	var atoms []numeric.Constraint
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if a, ok := e.Op.(*ir.Assume); ok && !a.Wrap {
				for _, c := range ir.Atoms(a.Cond) {
					pr.AddPred(nil, c)
					atoms = append(atoms, c)
				}
			}
		}
	}
	for _, c := range copyClosure(p, atoms) {
		pr.AddPred(nil, c)
	}
	return pr
}

// Clone returns an independent copy of pr.
func (pr *Precision) Clone() *Precision {
	out := &Precision{preds: append([]Pred(nil), pr.preds...), seen: map[predKey]bool{}, allNum: pr.allNum, numVars: map[*ir.Var]bool{}}
	for k := range pr.seen {
		out.seen[k] = true
	}
	for v := range pr.numVars {
		out.numVars[v] = true
	}
	return out
}

// canonicalAtom returns c's canonical form, false for a constant atom.
func canonicalAtom(c numeric.Constraint) (numeric.Constraint, bool) {
	if c.Expr().IsConst() {
		return c, false
	}
	if c.Kind() == numeric.LE {
		c, _ = c.Canonical()
	}
	return c, true
}

// AddPred adds atom c (in canonical form; an atom and its negation are
// one predicate) as a predicate of function f (nil: of every function),
// and reports whether it is new there. Constant atoms are not predicates.
func (pr *Precision) AddPred(f *ir.Func, c numeric.Constraint) bool {
	c, ok := canonicalAtom(c)
	if !ok {
		return false
	}
	atom := c.Key()
	if pr.seen[predKey{nil, atom}] || pr.seen[predKey{f, atom}] {
		return false
	}
	pr.seen[predKey{f, atom}] = true
	pr.preds = append(pr.preds, Pred{Func: f, Atom: c})
	return true
}

// HasPred reports whether c (or its negation) is a predicate of pr, in
// some function.
func (pr *Precision) HasPred(c numeric.Constraint) bool {
	c, ok := canonicalAtom(c)
	if !ok {
		return false
	}
	atom := c.Key()
	for k := range pr.seen {
		if k.atom == atom {
			return true
		}
	}
	return false
}

// scopes returns, for each of atoms, the functions that track it: nil
// when every function does (a predicate of the whole program, or an atom
// pr does not have, such as a user's).
func (pr *Precision) scopes(atoms []numeric.Constraint) []map[*ir.Func]bool {
	byAtom := map[numeric.Key]map[*ir.Func]bool{}
	global := map[numeric.Key]bool{}
	for _, pd := range pr.preds {
		atom := pd.Atom.Key()
		if pd.Func == nil {
			global[atom] = true
			continue
		}
		if byAtom[atom] == nil {
			byAtom[atom] = map[*ir.Func]bool{}
		}
		byAtom[atom][pd.Func] = true
	}
	out := make([]map[*ir.Func]bool, len(atoms))
	for i, c := range atoms {
		if atom := c.Key(); !global[atom] {
			out[i] = byAtom[atom]
		}
	}
	return out
}

// AddVar adds v to the numeric variables and reports whether it is new.
func (pr *Precision) AddVar(v *ir.Var) bool {
	if pr.allNum || pr.numVars[v] {
		return false
	}
	pr.numVars[v] = true
	return true
}

// TracksVar reports whether v is a numeric variable of pr.
func (pr *Precision) TracksVar(v *ir.Var) bool { return pr.allNum || pr.numVars[v] }

// AllNum reports whether pr tracks every numeric variable.
func (pr *Precision) AllNum() bool { return pr.allNum }

// Preds returns the predicates in the order they were added.
func (pr *Precision) Preds() []Pred { return append([]Pred(nil), pr.preds...) }

// NumPreds returns the number of predicates.
func (pr *Precision) NumPreds() int { return len(pr.preds) }

// NumVars returns the tracked variables of p, in declaration order.
func (pr *Precision) NumVars(p *ir.Program) []*ir.Var {
	var out []*ir.Var
	for _, v := range p.Vars {
		if pr.TracksVar(v) {
			out = append(out, v)
		}
	}
	return out
}

// precisionAtoms returns the predicates of the analysis: those of
// cfg.Precision (branch atoms when it is nil) and cfg.Preds, ordered for
// the BDD as precisionPreds orders them.
func precisionAtoms(p *ir.Program, s *space, cfg Config) ([]numeric.Constraint, error) {
	if cfg.Precision == nil {
		return precisionPreds(p, s, cfg.Preds)
	}
	user, err := precisionPreds(&ir.Program{}, s, cfg.Preds)
	if err != nil {
		return nil, err
	}
	var out []numeric.Constraint
	seen := map[numeric.Key]bool{}
	for _, pd := range cfg.Precision.preds {
		key := pd.Atom.Key()
		if !seen[key] {
			seen[key] = true
			out = append(out, pd.Atom)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return minDim(out[i]) < minDim(out[j]) })
	for _, c := range user {
		if key := c.Key(); !seen[key] {
			seen[key] = true
			out = append(out, c)
		}
	}
	return out, nil
}

// withPrecision returns the domain the engine runs for cfg: pd itself,
// or, when cfg.Precision restricts the numeric variables, a wrapper that
// keeps the others out of the numeric part.
func withPrecision(pd *predDomain, s *space, cfg Config) absDomain[numpred.Value] {
	pr := cfg.Precision
	if pr == nil || pr.allNum {
		return pd
	}
	untracked := make([]bool, s.n)
	for _, v := range s.prog.Vars {
		untracked[dimOf(v)] = !pr.numVars[v]
	}
	return &vnDomain{predDomain: pd, untracked: untracked}
}

// vnDomain is predDomain for a precision whose numeric variables V_N are
// not all the program's: an untracked variable keeps no numeric value (an
// assignment to it havocs it numerically, a condition over it teaches
// the numeric part nothing about it) while the predicates over it are
// still assigned and assumed.
type vnDomain struct {
	*predDomain
	untracked []bool // per dimension
}

// split returns the untracked dimensions among dims.
func (vd *vnDomain) untrackedOf(dims []numeric.Dim) []numeric.Dim {
	var out []numeric.Dim
	for _, d := range dims {
		if int(d) < len(vd.untracked) && vd.untracked[d] {
			out = append(out, d)
		}
	}
	return out
}

// Assign is predDomain.Assign with every untracked target havocked in
// the numeric part; the predicates over the targets still get their
// weakest preconditions, evaluated before the assignment.
func (vd *vnDomain) Assign(a numpred.Value, dims []numeric.Dim, exprs []numeric.LinExpr) numpred.Value {
	if len(vd.untrackedOf(dims)) == 0 {
		return vd.predDomain.Assign(a, dims, exprs)
	}
	var num numpred.NumAssign
	for i, d := range dims {
		if vd.untracked[d] {
			num.Havoc = append(num.Havoc, d)
		} else {
			num.Dims = append(num.Dims, d)
			num.Exprs = append(num.Exprs, exprs[i])
		}
	}
	pa := vd.assignPreds(dims, exprs)
	return vd.d.AlphaPost(numpred.NumPred{Guard: numpred.True(), Num: num, Pred: pa}, a)
}

// Assume is predDomain.Assume, after which the untracked variables the
// condition mentions are forgotten numerically; the predicates over them
// keep the values the condition gave them.
func (vd *vnDomain) Assume(a numpred.Value, c ir.Cond) numpred.Value {
	dims := condDims(c)
	un := vd.untrackedOf(dims)
	if len(un) == 0 {
		return vd.predDomain.Assume(a, c)
	}
	var pa numpred.PredAssign
	for _, p := range vd.affected(un) {
		pa = pa.And(numpred.SetPred(p, numpred.P(p)))
	}
	r := vd.d.AlphaPost(numpred.NumPred{Guard: condExpr(c), Num: numpred.Havoc(un...), Pred: pa}, a)
	r = vd.dropForeign(r, dims)
	if vd.reduceOnAssume {
		r = vd.d.Reduce(r)
	}
	return r
}
