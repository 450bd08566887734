// This file generates the parts of a soundness task (Config.Task): main
// reads its inputs first and assumes each within a small range, so that
// the harness can run every input; the property at the end of main
// bounds an observed value (see sound.go).

package cgen

import "fmt"

// InputRange is the range every input of a task is assumed in (shifted
// to [0, 2*InputRange] for unsigned inputs).
const InputRange = 3

// taskInputs declares main's inputs, one to three, and returns the
// statements that assume them in range.
func (g *gen) taskInputs() []Stmt {
	var pre []Stmt
	for i, ni := 0, 1+g.n(3); i < ni; i++ {
		k := Int
		if g.chance(30) {
			k = g.pick([]Kind{Char, Short, UChar, UInt, Long})
		}
		v := &Var{Name: fmt.Sprintf("in%d", i), Type: k}
		g.top = append(g.top, &Decl{V: v, Init: &Nondet{T: k}})
		g.scope = append(g.scope, v)
		lo, hi := int64(-InputRange), int64(InputRange)
		if !k.Signed() {
			lo, hi = 0, 2*InputRange
		}
		if g.chance(70) {
			pre = append(pre, &Assume{C: bin("&&", bin(">=", ref(v), ci(lo)), bin("<=", ref(v), ci(hi)))})
		} else {
			out := bin("||", bin("<", ref(v), ci(lo)), bin(">", ref(v), ci(hi)))
			pre = append(pre, &If{C: out, Then: &Block{Stmts: []Stmt{&Return{X: ci(0)}}}})
		}
	}
	return pre
}

// observed returns the value a task's property bounds: a variable whose
// values fit in long long, or the difference of two narrow ones (which
// relational domains can bound where intervals cannot).
func (g *gen) observed() Expr {
	var vs, narrow []*Var
	for _, v := range g.visible() {
		if !isScalar(v) {
			continue
		}
		if v.Type.Bits(g.cfg.Model) < 64 || v.Type.Signed() {
			vs = append(vs, v)
		}
		if v.Type.Bits(g.cfg.Model) <= 32 {
			narrow = append(narrow, v)
		}
	}
	if len(narrow) >= 2 && g.chance(30) {
		a, b := narrow[g.n(len(narrow))], narrow[g.n(len(narrow))]
		if a != b {
			return bin("-", &Cast{T: LLong, X: ref(a)}, &Cast{T: LLong, X: ref(b)})
		}
	}
	return ref(vs[g.n(len(vs))])
}
