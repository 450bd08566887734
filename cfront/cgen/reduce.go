// This file implements the reducer: it shrinks a mismatching program by
// single edits (edit.go), keeping an edit when the result still
// mismatches on the same inputs, until no edit does. Candidates are
// built in batches, one gcc run each.

package cgen

import (
	"context"
	"strings"
	"time"
)

// runEach is Run that isolates programs gcc rejects: when a batch fails
// to build, it is split in halves until the culprits are alone; those get
// a nil result and their error.
func (h *Harness) runEach(ctx context.Context, progs []*Program, inputs [][][]int64) ([][]Observed, []error) {
	obs := make([][]Observed, len(progs))
	errs := make([]error, len(progs))
	var run func(lo, hi int)
	run = func(lo, hi int) {
		if lo >= hi {
			return
		}
		if err := ctx.Err(); err != nil {
			for i := lo; i < hi; i++ {
				errs[i] = err // no result: callers must not read obs[i]
			}
			return
		}
		o, err := h.Run(ctx, progs[lo:hi], inputs[lo:hi])
		switch {
		case err == nil:
			copy(obs[lo:hi], o)
		case hi-lo == 1 || !strings.Contains(err.Error(), "gcc failed"):
			for i := lo; i < hi; i++ {
				errs[i] = err
			}
		default:
			mid := (lo + hi) / 2
			run(lo, mid)
			run(mid, hi)
		}
	}
	run(0, len(progs))
	return obs, errs
}

// valid reports whether an edited program is still a well-formed test:
// every goto has its label, every non-void function ends in a return (a
// missing one would make its value indeterminate), every malloc'd block
// is still filled, and no cast to _Bool contains a comma (gcc 12
// crashes on some).
func valid(p *Program) bool {
	for _, f := range p.Funcs {
		labels, gotos := map[string]bool{}, map[string]bool{}
		var walk func(ss []Stmt)
		walk = func(ss []Stmt) {
			for _, s := range ss {
				switch s := s.(type) {
				case *Label:
					labels[s.Name] = true
				case *Goto:
					gotos[s.Label] = true
				case *If:
					walk(s.Then.Stmts)
					if s.Else != nil {
						walk(s.Else.Stmts)
					}
				case *For:
					walk(s.Body.Stmts)
				case *While:
					walk(s.Body.Stmts)
				case *Do:
					walk(s.Body.Stmts)
				case *Switch:
					for _, c := range s.Cases {
						walk(c.Body)
					}
				case *Nested:
					walk(s.B.Stmts)
				}
			}
		}
		walk(f.Body.Stmts)
		for l := range gotos {
			if !labels[l] {
				return false
			}
		}
		if !f.Void {
			ss := f.Body.Stmts
			if len(ss) == 0 {
				return false
			}
			if _, ok := ss[len(ss)-1].(*Return); !ok {
				return false
			}
		}
	}
	// Every malloc'd block keeps the statements that fill it (reading an
	// unfilled cell would be reading an indeterminate value).
	blocks, filled := 0, 0
	for _, f := range p.Funcs {
		walkExprs(f.Body, func(e Expr) {
			if _, ok := e.(*Malloc); ok {
				blocks++
			}
		})
	}
	stmtLists(p, func(ss *[]Stmt) {
		for _, s := range *ss {
			if _, ok := s.(*Fill); ok {
				filled++
			}
		}
	})
	if blocks != filled {
		return false
	}
	ok := true
	exprSlots(p, func(e *Expr) {
		if c, isCast := (*e).(*Cast); isCast && c.T == Bool && hasComma(c.X) {
			ok = false
		}
	})
	return ok
}

// Reduce shrinks m's program while it keeps mismatching on m.Input (or,
// for a program cfront cannot translate, keeps failing the same way), for
// at most budget, and returns the smallest mismatch found.
func (h *Harness) Reduce(ctx context.Context, m *Mismatch, budget time.Duration) *Mismatch {
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	rh := *h
	if rh.RunTimeout == 0 || rh.RunTimeout > 200*time.Millisecond {
		rh.RunTimeout = 200 * time.Millisecond
	}
	cur := m
	const chunk = 100
	for ctx.Err() == nil {
		var cands []*Program
		for _, q := range edits(cur.Program) {
			if valid(q) {
				cands = append(cands, q)
			}
		}
		var next *Mismatch
		for lo := 0; lo < len(cands) && next == nil && ctx.Err() == nil; lo += chunk {
			next = rh.firstMismatch(ctx, cur, cands[lo:min(lo+chunk, len(cands))])
		}
		if next == nil {
			break
		}
		cur = next
	}
	return cur
}

// firstMismatch returns the first candidate that still mismatches like m.
func (h *Harness) firstMismatch(ctx context.Context, m *Mismatch, cands []*Program) *Mismatch {
	if m.Input == nil {
		kind, _, _ := strings.Cut(m.Why, ":")
		for _, q := range cands {
			if tr := translate(q); tr.q == nil && strings.HasPrefix(tr.why, kind) {
				return &Mismatch{Program: q, Why: tr.why, Name: m.Name}
			}
		}
		return nil
	}
	inputs := make([][][]int64, len(cands))
	for i := range inputs {
		inputs[i] = [][]int64{m.Input}
	}
	obs, errs := h.runEach(ctx, cands, inputs)
	for i, q := range cands {
		if errs[i] != nil {
			continue
		}
		var st Stats
		if mm := compare(q, translate(q), inputs[i], obs[i], &st); mm != nil && mm.Input != nil {
			mm.Name = m.Name
			return mm
		}
	}
	return nil
}
