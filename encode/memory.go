// This file implements a Path's memory: the values a path stored at
// addresses it knows, so that a later load of the same address reads the
// stored term instead of a fresh value (Concolic).

package encode

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// memCell is a value stored by one write at a known address: size bytes,
// its term (at the width Expr gave it) and its value when known.
type memCell struct {
	size  int64
	t     *smt.Term
	conc  *numeric.Int
	group int // the group of t (slice.go)
	lazy  int // with t nil and conc nil: the lazy input stored (lazy.go)
}

// memFill is a range [lo, hi) of bytes a write filled with copies of a
// size-byte value (val, its bits), or, with known unset, with bytes the
// path does not know (an undefined write, a copy, a fill by a value that
// depends on inputs).
type memFill struct {
	lo, hi uint64
	size   int64
	val    numeric.Int
	known  bool
}

// memory is what a path wrote at known addresses. cells shadow fills,
// newer fills (first in fills) older ones; a write at an address the
// path does not know forgets everything.
type memory struct {
	cells map[uint64]memCell
	fills []memFill
}

// maxFills bounds the fills a memory keeps (the oldest are forgotten:
// their bytes then read as fresh values).
const maxFills = 64

// maxCellSize is the largest size of a stored cell (bytes).
const maxCellSize = 16

// Concolic makes p encode its path as a concrete run of ir/exec takes
// it, for a concolic search, which proposes inputs by flipping the
// path's branches and decides every proposal by a run:
//   - p follows the memory writes of the path at addresses whose value
//     the path knows (ir.Skip's MemWrite), so that a memory read
//     (ir.Havoc's MemRead) of a known address gets the value written
//     there: the term of the written expression, exact as long as the
//     read has the written size. Other reads stay fresh values. Inputs
//     that flow through memory then reach the branches.
//   - A ghost value (ir.Havoc.Ghost) is the one a run gives it
//     (ir.LeastMagnitude), not any value: a branch on it is not an
//     input's to flip.
//
// The formula is then no account of the program's other paths through
// the ghost state: never for proofs.
func (p *Path) Concolic() {
	if p.mem == nil {
		p.mem = &memory{cells: map[uint64]memCell{}}
	}
}

// SetAddress gives the address the next step's memory access has in the
// run the path follows (exec.EdgeStep.Addr), for an address that depends
// on inputs: the path's memory then follows the run's access there (a
// concolic search's concretisation: a proposal that moves the address
// may leave the path, and its run tells).
func (p *Path) SetAddress(a uint64) {
	p.nextAddr, p.hasNextAddr = a, true
}

// knownAddress returns the address e evaluates to when the path knows
// it, or the run's (SetAddress).
func (p *Path) knownAddress(e numeric.LinExpr) (uint64, bool) {
	v, ok := p.concrete(e)
	if !ok {
		return p.nextAddr, p.hasNextAddr
	}
	a, ok := v.Int64()
	if !ok || a < 0 {
		return 0, false
	}
	return uint64(a), true
}

// memWrite records w.
func (p *Path) memWrite(w *ir.MemWrite) {
	m := p.mem
	a, aok := p.knownAddress(w.Addr)
	nv, nok := p.concrete(w.Count)
	n, n64 := nv.Int64()
	if !aok || !nok || !n64 || n < 0 || w.Size <= 0 || n > 1<<40/w.Size {
		m.forget()
		return
	}
	if n == 0 {
		return
	}
	end := a + uint64(n*w.Size)
	m.drop(a, end)
	if n == 1 && !w.Copy && !w.Undef && w.Size <= maxCellSize {
		c := memCell{size: w.Size, group: noGroup, lazy: -1}
		if v, ok := p.concrete(w.Value); ok {
			v = bitsOf(v, w.Size)
			c.conc, c.t = &v, nil
		} else if k, ok := p.lazyOf(w.Value); ok && p.inputs[k].Havoc.Var.Type.Bits == int(8*w.Size) {
			c.lazy, c.group = k, p.exprGroup(w.Value)
		} else {
			c.t, c.group = p.Expr(w.Value), p.exprGroup(w.Value)
		}
		m.cells[a] = c
		return
	}
	f := memFill{lo: a, hi: end, size: w.Size}
	if v, ok := p.concrete(w.Value); ok && !w.Copy && !w.Undef && w.Size <= maxCellSize {
		f.val, f.known = bitsOf(v, w.Size), true
	}
	m.fills = append([]memFill{f}, m.fills...)
	if len(m.fills) > maxFills {
		m.fills = m.fills[:maxFills]
	}
}

// forget drops everything m knows.
func (m *memory) forget() {
	clear(m.cells)
	m.fills = nil
}

// drop removes the cells that overlap [lo, hi).
func (m *memory) drop(lo, hi uint64) {
	if hi-lo > uint64(4*len(m.cells)) {
		for a, c := range m.cells {
			if a < hi && a+uint64(c.size) > lo {
				delete(m.cells, a)
			}
		}
		return
	}
	start := lo - min(lo, maxCellSize-1)
	for a := start; a < hi; a++ {
		if c, ok := m.cells[a]; ok && a+uint64(c.size) > lo {
			delete(m.cells, a)
		}
	}
}

// memRead returns the value of r when the path wrote it: its term (or,
// when known, its value, or a lazy input's index, else -1) and its
// group; ok is false for a fresh value.
func (p *Path) memRead(r *ir.MemRead) (t *smt.Term, conc *numeric.Int, lazy, group int, ok bool) {
	m := p.mem
	a, aok := p.knownAddress(r.Addr)
	if !aok || r.Size <= 0 || r.Size > maxCellSize {
		return nil, nil, -1, noGroup, false
	}
	end := a + uint64(r.Size)
	if c, found := m.cells[a]; found {
		if c.size != r.Size {
			return nil, nil, -1, noGroup, false
		}
		if c.conc != nil {
			v := ir.Wrap(*c.conc, r.Type)
			return nil, &v, -1, noGroup, true
		}
		return c.t, nil, c.lazy, c.group, true
	}
	for d := a - min(a, maxCellSize-1); d < end; d++ {
		if c, found := m.cells[d]; found && d+uint64(c.size) > a {
			return nil, nil, -1, noGroup, false // part of another write
		}
	}
	for _, f := range m.fills {
		if f.hi <= a || f.lo >= end {
			continue
		}
		if !f.known || a < f.lo || end > f.hi {
			return nil, nil, -1, noGroup, false
		}
		var v numeric.Int
		switch {
		case f.size == 1:
			v = numeric.I(0)
			for range r.Size {
				v = v.Mul(numeric.I(256)).Add(f.val)
			}
		case f.size == r.Size && (a-f.lo)%uint64(f.size) == 0:
			v = f.val
		default:
			return nil, nil, -1, noGroup, false
		}
		v = ir.Wrap(v, r.Type)
		return nil, &v, -1, noGroup, true
	}
	return nil, nil, -1, noGroup, false
}

// bitsOf returns the size-byte two's-complement bits of v, as an
// unsigned value.
func bitsOf(v numeric.Int, size int64) numeric.Int {
	return ir.Wrap(v, ir.IntType{Bits: int(8 * size)})
}
