// Package smt is numpred's binding to the Z3 SMT solver: the few parts of
// Z3's C API that the analysis needs, behind Go types. It is the only
// package of the project that uses cgo; it links Z3 4.8 (Debian's
// libz3-dev, which scripts/setup.sh installs).
//
// # Formulas
//
// A formula is a Term of sort Bool built from constants (free variables)
// and literals by the methods of a Context:
//
//	c, _ := smt.NewContext()
//	defer c.Close()
//	x := c.Const("x", c.IntSort())
//	y := c.Const("y", c.IntSort())
//	f := c.And(c.Eq(c.Add(x, y), c.IntVal(10)), c.Gt(x, y))
//
// Three sorts are offered. Int is the mathematical integers: no overflow,
// and Div and Mod are SMT-LIB's Euclidean division, not C's. BitVec(w) is
// w-bit machine words, which are neither signed nor unsigned: addition,
// subtraction and multiplication are modulo 2^w for both readings, and
// where the readings differ the operation says which it takes (BVSDiv and
// BVUDiv, BVSLt and BVULt, BVAShr and BVLShr, SignExt and ZeroExt). BVSDiv
// and BVSRem truncate toward zero like C's / and %. Bool is the formulas.
//
// # Checking
//
// A Solver holds assertions in a stack of scopes and checks them:
//
//	s := c.NewSolver()
//	s.Assert(f)
//	s.Push()
//	s.Assert(c.Lt(x, c.IntVal(0)))
//	r, err := s.Check() // smt.Sat, smt.Unsat or smt.Unknown
//	s.Pop(1)
//
// After Sat, Model gives the values of terms as exact integers
// (math/big) and Booleans. CheckAssumptions checks under extra literals for
// one check only; after Unsat, UnsatCore returns those of the literals
// that sufficed — the basis of predicate refinement. A time limit per
// check (Timeout, Solver.SetTimeout) or an interrupt (Context.Interrupt,
// Solver.CheckContext) turns a check into Unknown, with the reason from
// ReasonUnknown.
//
// # Errors
//
// Building a formula cannot fail loudly: a term that cannot be built (an
// Int added to a BitVec, a nil argument, bits out of range) carries an
// *Error instead of an expression, every term built from it carries the
// same error, and a solver given one keeps it (Solver.Err) and returns it
// from every Check. So an encoder builds a whole formula and checks once.
// Sorts are checked in Go before Z3 sees them, since Z3 accepts some
// ill-sorted arguments only to crash later; what Z3 itself rejects reaches
// its error handler, which this package installs in place of Z3's default
// (print and exit), and becomes an *Error with Z3's code and message.
//
// # Memory
//
// Z3 objects are reference counted (Z3_mk_context_rc). A Term, Solver or
// Model holds one reference, given back when the Go value becomes
// unreachable: a runtime cleanup queues it and the context releases the
// queue at its next operation, on the goroutine that owns it, since a
// context is single-threaded. Solver.Close, Model.Close and Context.Close
// release at once. Go's collector does not see Z3's memory behind the
// small Go handles, so a context also counts the Z3 objects Go holds and
// forces a collection when their number doubles (Go's own pacing, applied
// to Z3 objects): a program with a large Go heap does not pile up Z3
// garbage. A test runs 100,000 queries and checks that nothing grows.
//
// One growth is Z3's own: its SMT kernel keeps about 100 bytes per check
// in a solver that lives long (measured on push, check, pop cycles), so
// replace a solver after some thousands of checks.
//
// # Performance
//
// Every constructor is one cgo call (n-ary And, Or, Add build with one).
// NewSolver is Z3's default solver: a check at scope 0 without
// assumptions goes through Z3's tactics, with some milliseconds of
// set-up, while a check inside a Push, or with assumptions, uses the
// incremental SMT kernel. NewSimpleSolver is the kernel alone: the same
// cost inside scopes, no set-up at scope 0 (see the benchmarks).
//
// # Concurrency
//
// A Context and everything built from it must be used by one goroutine at
// a time. Context.Interrupt is the exception: any goroutine may call it
// to stop a running check. Independent analyses run in parallel with one
// Context each.
package smt
