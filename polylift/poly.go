// This file defines the polynomials the lifting computes with: integer
// coefficients over monomials of atoms (variable IDs).

package polylift

import (
	"sort"
	"strconv"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// monomial is a product of atoms, kept as their sorted IDs with
// repetition (y*y*x is [x y y]); the empty monomial is the constant 1.
type monomial []int

// key is m's canonical text, a map key.
func (m monomial) key() string {
	var sb strings.Builder
	for i, a := range m {
		if i > 0 {
			sb.WriteByte('*')
		}
		sb.WriteString(strconv.Itoa(a))
	}
	return sb.String()
}

// times is the product of m and n.
func (m monomial) times(n monomial) monomial {
	out := make(monomial, 0, len(m)+len(n))
	out = append(out, m...)
	out = append(out, n...)
	sort.Ints(out)
	return out
}

// has reports whether atom a divides m.
func (m monomial) has(a int) bool {
	for _, b := range m {
		if b == a {
			return true
		}
	}
	return false
}

// term is one monomial with its coefficient.
type term struct {
	m monomial
	k numeric.Int
}

// poly is a polynomial: a sum of terms with distinct monomials and
// non-zero coefficients, sorted by key. A poly is immutable.
type poly struct {
	terms []term
}

// constPoly is the constant c.
func constPoly(c numeric.Int) poly {
	if c.IsZero() {
		return poly{}
	}
	return poly{terms: []term{{m: monomial{}, k: c}}}
}

// atomPoly is the atom a.
func atomPoly(a int) poly { return poly{terms: []term{{m: monomial{a}, k: numeric.I(1)}}} }

// build collects terms, adding up equal monomials and dropping zeros.
func build(ts []term) poly {
	acc := map[string]term{}
	for _, t := range ts {
		k := t.m.key()
		if old, ok := acc[k]; ok {
			old.k = old.k.Add(t.k)
			acc[k] = old
		} else {
			acc[k] = t
		}
	}
	keys := make([]string, 0, len(acc))
	for k, t := range acc {
		if !t.k.IsZero() {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]term, len(keys))
	for i, k := range keys {
		out[i] = acc[k]
	}
	return poly{terms: out}
}

func (p poly) add(q poly) poly {
	return build(append(append([]term(nil), p.terms...), q.terms...))
}

func (p poly) scale(c numeric.Int) poly {
	if c.IsZero() {
		return poly{}
	}
	out := make([]term, len(p.terms))
	for i, t := range p.terms {
		out[i] = term{m: t.m, k: t.k.Mul(c)}
	}
	return poly{terms: out}
}

func (p poly) mul(q poly) poly {
	var ts []term
	for _, a := range p.terms {
		for _, b := range q.terms {
			ts = append(ts, term{m: a.m.times(b.m), k: a.k.Mul(b.k)})
		}
	}
	return build(ts)
}

// degree is the largest degree of p's monomials (0 for constants).
func (p poly) degree() int {
	d := 0
	for _, t := range p.terms {
		if len(t.m) > d {
			d = len(t.m)
		}
	}
	return d
}

// mentions reports whether some monomial of p is divisible by an atom of
// as.
func (p poly) mentions(as map[int]bool) bool {
	for _, t := range p.terms {
		for _, a := range t.m {
			if as[a] {
				return true
			}
		}
	}
	return false
}

// key is p's canonical text.
func (p poly) key() string {
	var sb strings.Builder
	for _, t := range p.terms {
		sb.WriteString(t.k.String())
		sb.WriteByte('#')
		sb.WriteString(t.m.key())
		sb.WriteByte(';')
	}
	return sb.String()
}

// subst replaces every atom a with s[a] (atoms not in s stay).
func (p poly) subst(s map[int]poly) poly {
	var out poly
	for _, t := range p.terms {
		r := constPoly(t.k)
		for _, a := range t.m {
			if q, ok := s[a]; ok {
				r = r.mul(q)
			} else {
				r = r.mul(atomPoly(a))
			}
		}
		out = out.add(r)
	}
	return out
}
