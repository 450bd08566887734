// This file defines Congruence, the linear congruence e ≡ 0 (mod m), and
// the optional interface through which a domain reports the congruences
// its values imply.

package numeric

// Congruence is e ≡ 0 (mod m) over integer points, m >= 2: e.g. x - 1 ≡ 0
// (mod 2), x is odd. It is immutable; NewCongruence normalises it.
type Congruence struct {
	e LinExpr
	m Int
}

// NewCongruence returns e ≡ 0 (mod m) with the coefficients and constant
// of e reduced modulo m (into [0, m)) and |m| for m, and whether it says
// anything: false when every point satisfies it (|m| = 1, or e reduces
// to 0). When e reduces to a non-zero constant no point satisfies it.
// m must not be 0 (e ≡ 0 mod 0 is the equation e = 0: a Constraint).
func NewCongruence(e LinExpr, m Int) (c Congruence, ok bool) {
	if m.IsZero() {
		panic("numeric: a congruence modulo 0")
	}
	if m.Sign() < 0 {
		m = m.Neg()
	}
	if m.Cmp(I(2)) < 0 {
		return Congruence{}, false
	}
	var ts []Term
	for _, t := range e.terms {
		if k := t.Coef.Mod(m); !k.IsZero() {
			ts = append(ts, Term{Dim: t.Dim, Coef: k})
		}
	}
	k := e.c.Mod(m)
	if len(ts) == 0 {
		if k.IsZero() {
			return Congruence{}, false
		}
	}
	return Congruence{e: NewLinExpr(k, ts...), m: m}, true
}

// Expr returns e.
func (c Congruence) Expr() LinExpr { return c.e }

// Mod returns m.
func (c Congruence) Mod() Int { return c.m }

// Holds reports whether point p satisfies c.
func (c Congruence) Holds(p []Int) bool { return c.e.Eval(p).Divisible(c.m) }

// Equal reports whether c and d are the same congruence.
func (c Congruence) Equal(d Congruence) bool { return c.m.Cmp(d.m) == 0 && c.e.Equal(d.e) }

// String formats c, e.g. "x + 1 ≡ 0 (mod 2)".
func (c Congruence) String(env *Env) string {
	return c.e.String(env) + " ≡ 0 (mod " + c.m.String() + ")"
}

// CongruenceReporter is implemented by domains whose values imply
// congruences their Constraints cannot state (the congruence domain and
// the products that contain it).
type CongruenceReporter[V any] interface {
	// Congruences returns congruences that every point of a satisfies
	// (none for bottom).
	Congruences(a V) []Congruence
}

// CongruencesOf returns d's congruences of a when d reports them, else
// none.
func CongruencesOf[V any](d Domain[V], a V) []Congruence {
	if r, ok := d.(CongruenceReporter[V]); ok {
		return r.Congruences(a)
	}
	return nil
}
