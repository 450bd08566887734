// This file implements Dyn, the adapter that erases a domain's value type
// so that an implementation can be chosen at run time.

package numpred

import "github.com/numpred/numpred/numeric"

// Value is an abstract value of a domain returned by Dyn or New. Values of
// different domains must not be mixed (operations panic on a foreign
// value, a programming error).
type Value struct{ v any }

// Dyn returns d as a Domain over Value.
func Dyn[A any](d Domain[A]) Domain[Value] { return dyn[A]{d} }

type dyn[A any] struct{ d Domain[A] }

func box[A any](a A) Value { return Value{a} }

func unbox[A any](v Value) A { return v.v.(A) }

func (x dyn[A]) Name() string                      { return x.d.Name() }
func (x dyn[A]) Space() *Space                     { return x.d.Space() }
func (x dyn[A]) Top() Value                        { return box(x.d.Top()) }
func (x dyn[A]) Bottom() Value                     { return box(x.d.Bottom()) }
func (x dyn[A]) Gamma(a Value) Expr                { return x.d.Gamma(unbox[A](a)) }
func (x dyn[A]) Alpha(e Expr) Value                { return box(x.d.Alpha(e)) }
func (x dyn[A]) AlphaP(e Expr) Value               { return box(x.d.AlphaP(e)) }
func (x dyn[A]) AlphaN(e Expr) Value               { return box(x.d.AlphaN(e)) }
func (x dyn[A]) Meet(a, b Value) Value             { return box(x.d.Meet(unbox[A](a), unbox[A](b))) }
func (x dyn[A]) Join(a, b Value) Value             { return box(x.d.Join(unbox[A](a), unbox[A](b))) }
func (x dyn[A]) Widen(a, b Value) Value            { return box(x.d.Widen(unbox[A](a), unbox[A](b))) }
func (x dyn[A]) IsTop(a Value) bool                { return x.d.IsTop(unbox[A](a)) }
func (x dyn[A]) IsBot(a Value) bool                { return x.d.IsBot(unbox[A](a)) }
func (x dyn[A]) Leq(a, b Value) bool               { return x.d.Leq(unbox[A](a), unbox[A](b)) }
func (x dyn[A]) Equal(a, b Value) bool             { return x.d.Equal(unbox[A](a), unbox[A](b)) }
func (x dyn[A]) Unprime(a Value) Value             { return box(x.d.Unprime(unbox[A](a))) }
func (x dyn[A]) Reduce(a Value) Value              { return box(x.d.Reduce(unbox[A](a))) }
func (x dyn[A]) Exists(ps []PredID, a Value) Value { return box(x.d.Exists(ps, unbox[A](a))) }
func (x dyn[A]) Cubes(a Value) []Cube              { return x.d.Cubes(unbox[A](a)) }
func (x dyn[A]) String(a Value) string             { return x.d.String(unbox[A](a)) }
func (x dyn[A]) Size(a Value) int                  { return x.d.Size(unbox[A](a)) }
func (x dyn[A]) Stats() Stats                      { return x.d.Stats() }
func (x dyn[A]) ResetStats()                       { x.d.ResetStats() }
func (x dyn[A]) Err() error                        { return x.d.Err() }
func (x dyn[A]) TermUse() (int, int)               { return x.d.TermUse() }
func (x dyn[A]) IsEmpty(a Value) bool              { return x.d.IsEmpty(unbox[A](a)) }
func (x dyn[A]) ReduceAfterAssume() bool           { return x.d.ReduceAfterAssume() }
func (x dyn[A]) Strained() bool                    { return x.d.Strained() }
func (x dyn[A]) Retry() ([]Option, bool)           { return x.d.Retry() }

func (x dyn[A]) Point(a Value, dims []numeric.Dim) ([]int64, bool) {
	return x.d.Point(unbox[A](a), dims)
}

func (x dyn[A]) Bounds(a Value, es []numeric.LinExpr) ([]numeric.Range, bool) {
	return x.d.Bounds(unbox[A](a), es)
}

func (x dyn[A]) WidenWith(a, b Value, t numeric.Thresholds) Value {
	return box(x.d.WidenWith(unbox[A](a), unbox[A](b), t))
}

func (x dyn[A]) AlphaPost(t Transformer, a Value) Value {
	return box(x.d.AlphaPost(t, unbox[A](a)))
}

func (x dyn[A]) AlphaPostN(t NumAssign, a Value) Value {
	return box(x.d.AlphaPostN(t, unbox[A](a)))
}
