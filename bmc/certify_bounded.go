// This file re-checks loop invariants of a program whose runs are all
// short: when every loop leaves within k iterations (and recursion stops
// within k activations), the program unwound k times (unwind.go) holds
// every run, and three conditions over it certify the invariants and the
// program at once:
//
//  1. no unwinding assertion (cut arc) is reachable: the unwinding holds
//     every run;
//  2. no error or unsupported location is reachable;
//  3. at every node of a loop head, in every activation and iteration,
//     the state satisfies the head's (projected) invariant.
//
// The invariants then hold wherever the program reaches their loops,
// though they need not be inductive alone: the unwinding, not the
// invariants, proves safety. This is the certificate of the TRUE answers
// that bounded model checking gives where the interpreter's invariants
// are too weak for the inductive check (certify.go). It is encoded in
// linear integer arithmetic, an over-approximation (so UNSAT is a
// proof), or bit-precisely (exact; BMC's own encoding, one incremental
// QF_BV solver for the queries), which decides the unwound programs of
// modulo arithmetic that LIA takes minutes on.

package bmc

import (
	"context"
	"fmt"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/smt"
)

// CertifyBounded checks the invariants invs (by location, as Certify
// takes them) at the loop heads of prog, and prog's safety, on prog
// unwound k times (see the file comment), in arithmetic mode (encode.LIA
// or encode.BV). The Certificate's Bound is k when it is OK; Shape
// reports that the unwound program exceeds the node limit. Errors are
// the solver's or the context's.
func CertifyBounded(ctx context.Context, prog *ir.Program, invs map[*ir.Loc]ir.Cond, k int, mode encode.Mode) (*Certificate, error) {
	g, err := unwind(ctx, prog, k, DefaultMaxNodes)
	if err == errTooLarge {
		return &Certificate{Why: fmt.Sprintf("the program unwound %d times exceeds %d nodes", k, DefaultMaxNodes), Shape: true}, nil
	}
	if err != nil {
		return nil, err
	}
	cert := &Certificate{}
	head := map[*ir.Loc]ir.Cond{}
	for _, n := range g.nodes {
		h := n.loc
		if !h.LoopHead {
			continue
		}
		if _, ok := head[h]; !ok {
			head[h] = projected(prog, invs, h)
		}
	}
	for _, h := range sortedLocs(head) {
		cert.Invariants = append(cert.Invariants, HeadInvariant{Loc: h, C: cExpr(head[h], cNames(prog, h.Func))})
	}

	z, err := smt.NewContext()
	if err != nil {
		return nil, err
	}
	defer z.Close()
	terms, err := encode.NewTerms(z, prog, mode)
	if err != nil {
		return nil, err
	}
	e := newEncoding(z, terms, prog, g)
	g.entry.guard, g.entry.state = z.True(), e.initial()
	type violation struct {
		n    *node
		term *smt.Term
	}
	var violated []violation
	visit := func(n *node) {
		if inv, ok := head[n.loc]; ok {
			violated = append(violated, violation{n, z.And(n.guard, z.Not(e.invTerm(inv, n.state)))})
		}
	}
	if err := e.run(ctx.Err, visit); err != nil {
		return nil, err
	}
	var shared *smt.Solver
	queries := 0
	sat := func(goal *smt.Term) (bool, error) {
		var res smt.Result
		var err error
		if mode == encode.BV {
			if shared == nil {
				shared = z.NewSolverForLogic("QF_BV")
				shared.SetBigStack(true) // the unwound formula is deep
				shared.Assert(e.facts...)
			}
			queries++
			lit := z.Const(fmt.Sprintf("goal#%d", queries), z.BoolSort())
			shared.Assert(z.Implies(lit, goal))
			res, err = shared.CheckContext(ctx, lit)
		} else {
			s := z.NewSolver()
			s.Assert(e.facts...)
			s.Assert(goal)
			res, err = s.CheckContext(ctx)
		}
		if err != nil {
			return false, err
		}
		return res != smt.Unsat, nil // unknown: not proved
	}
	fail := func(why string) (*Certificate, error) {
		cert.Why = why
		return cert, nil
	}
	if s, err := sat(e.cutGuard()); err != nil || s {
		if err != nil {
			return nil, err
		}
		return fail(fmt.Sprintf("a run may go on past %d iterations of a loop (or activations of a function)", k))
	}
	if s, err := sat(z.Or(e.errorGuard(0), e.unsupportedGuard(0))); err != nil || s {
		if err != nil {
			return nil, err
		}
		return fail("an error location may be reachable")
	}
	for _, v := range violated {
		bad, err := sat(v.term)
		if err != nil {
			return nil, err
		}
		if bad {
			return fail(fmt.Sprintf("the invariant at %s (%s) may not hold in iteration %v", v.n.loc, v.n.loc.Pos, v.n.iters))
		}
	}
	cert.OK, cert.Bound = true, k
	return cert, nil
}

// sortedLocs returns the locations of m in program order (posLess).
func sortedLocs[V any](m map[*ir.Loc]V) []*ir.Loc {
	var ls []*ir.Loc
	for l := range m {
		ls = append(ls, l)
	}
	sortLocs(ls)
	return ls
}
