// This file implements the memory that ir.MemRead and ir.MemWrite
// access: bytes by address, each defined only once a write of the
// current run has given it a value.

package exec

import (
	"fmt"
	"math/big"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

const (
	pageBits = 12
	pageSize = 1 << pageBits
	// maxFill bounds the bytes one MemWrite may define; a longer one ends
	// the run (Internal). Whole pages of a fill cost a map entry each.
	maxFill = 1 << 32
)

// memPage holds pageSize bytes and, per byte, the run that defined it
// (or the complement of the run that made it undefined).
type memPage struct {
	data [pageSize]byte
	run  [pageSize]uint32
}

// pageFill is a page all of whose bytes a fill of run run set to b,
// except those its memPage, if any, defines or undefines in that run.
type pageFill struct {
	run uint32
	b   byte
}

// memory is the byte memory of runs. A byte is defined in the run whose
// number its page records, undefined where the page records that run's
// complement, and otherwise has its page's fill of the run, if any:
// older runs' bytes read as undefined, so pages are reused without
// clearing.
type memory struct {
	pages map[uint64]*memPage
	fills map[uint64]pageFill
	run   uint32
	// the page last used, a cache for runs over consecutive addresses
	lastKey  uint64
	lastPage *memPage
}

// reset starts a new run: every byte becomes undefined.
func (m *memory) reset() {
	m.run++
	if m.run >= 1<<31 { // old numbers and complements would alias new ones
		m.pages, m.fills = nil, nil
		m.run = 1
	}
	m.lastPage = nil
}

// page returns the page of address a, made when create is set (nil
// otherwise when it does not exist).
func (m *memory) page(a uint64, create bool) *memPage {
	k := a >> pageBits
	if m.lastPage != nil && m.lastKey == k {
		return m.lastPage
	}
	p := m.pages[k]
	if p == nil {
		if !create {
			return nil
		}
		if m.pages == nil {
			m.pages = map[uint64]*memPage{}
		}
		p = &memPage{}
		m.pages[k] = p
	}
	m.lastKey, m.lastPage = k, p
	return p
}

// byteAt returns the byte at a, and false when it is undefined.
func (m *memory) byteAt(a uint64) (byte, bool) {
	o := a & (pageSize - 1)
	if p := m.page(a, false); p != nil {
		switch p.run[o] {
		case m.run:
			return p.data[o], true
		case ^m.run:
			return 0, false
		}
	}
	if f, ok := m.fills[a>>pageBits]; ok && f.run == m.run {
		return f.b, true
	}
	return 0, false
}

// setByte defines the byte at a as b, or makes it undefined.
func (m *memory) setByte(a uint64, b byte, undef bool) {
	p := m.page(a, true)
	o := a & (pageSize - 1)
	if undef {
		p.run[o] = ^m.run
		return
	}
	p.data[o], p.run[o] = b, m.run
}

// read returns the size bytes at a as a little-endian unsigned number,
// and false when one of them is undefined.
func (m *memory) read(a uint64, size int64) (uint64, bool) {
	var u uint64
	for i := int64(0); i < size; i++ {
		b, ok := m.byteAt(a + uint64(i))
		if !ok {
			return 0, false
		}
		u |= uint64(b) << (8 * i)
	}
	return u, true
}

// write stores the low size bytes of u at a (little-endian), or makes
// them undefined.
func (m *memory) write(a uint64, size int64, u uint64, undef bool) {
	for i := int64(0); i < size; i++ {
		m.setByte(a+uint64(i), byte(u>>(8*i)), undef)
	}
}

// fill sets the n bytes from a to b, or makes them undefined: whole
// pages by their entries, the rest byte by byte.
func (m *memory) fill(a, n uint64, b byte, undef bool) {
	m.lastPage = nil
	if undef && n/pageSize > uint64(len(m.pages)+len(m.fills))+2 {
		// A range wider than the memory in use: visit what exists.
		end := a + n
		keys := map[uint64]bool{}
		for k := range m.pages {
			keys[k] = true
		}
		for k := range m.fills {
			keys[k] = true
		}
		for k := range keys {
			lo, hi := max(k<<pageBits, a), min((k+1)<<pageBits, end)
			switch {
			case lo >= hi:
			case lo == k<<pageBits && hi == (k+1)<<pageBits:
				delete(m.pages, k)
				delete(m.fills, k)
				m.lastPage = nil
			default:
				for x := lo; x < hi; x++ {
					m.setByte(x, 0, true)
				}
			}
		}
		m.lastPage = nil
		return
	}
	for n > 0 {
		o := a & (pageSize - 1)
		k := min(n, pageSize-o)
		if o == 0 && k == pageSize {
			key := a >> pageBits
			delete(m.pages, key)
			m.lastPage = nil
			if undef {
				delete(m.fills, key)
			} else {
				if m.fills == nil {
					m.fills = map[uint64]pageFill{}
				}
				m.fills[key] = pageFill{m.run, b}
			}
		} else {
			for x := a; x < a+k; x++ {
				m.setByte(x, b, undef)
			}
		}
		a, n = a+k, n-k
	}
	m.lastPage = nil
}

// move copies the n bytes at src to dst (they may overlap), undefined
// bytes as undefined.
func (m *memory) move(dst, src, n uint64) {
	type b struct {
		v   byte
		def bool
	}
	buf := make([]b, n)
	for i := range buf {
		buf[i].v, buf[i].def = m.byteAt(src + uint64(i))
	}
	for i, x := range buf {
		m.setByte(dst+uint64(i), x.v, !x.def)
	}
}

// address converts an address value; false when it is no address.
func address(v numeric.Int) (uint64, bool) {
	if x, ok := v.Int64(); ok && x >= 0 {
		return uint64(x), true
	}
	return 0, false
}

// twosBits returns v's two's-complement bits modulo 2^64.
func twosBits(v numeric.Int) uint64 {
	if x, ok := v.Int64(); ok {
		return uint64(x)
	}
	m := new(big.Int).Lsh(big.NewInt(1), 64)
	return new(big.Int).Mod(v.Big(), m).Uint64()
}

// load performs the MemRead of h at edge ce; ok is false when the bytes
// are undefined (the value is then arbitrary).
func (r *runner) load(h *ir.Havoc, ce *cedge) (numeric.Int, bool) {
	a, ok := address(ce.rhs[0].value(r.m.vals))
	r.addr, r.hasAddr = a, ok
	if !ok || !h.Load.Block.Within(a, h.Load.Size) {
		return numeric.Int{}, false
	}
	u, ok := r.m.mem.read(a, h.Load.Size)
	if !ok {
		return numeric.Int{}, false
	}
	return ir.BytesValue(u, h.Load.Size, h.Load.Type)
}

// store performs the MemWrite of edge ce; false when the run ends.
func (r *runner) store(ce *cedge) bool {
	w := ce.e.Op.(*ir.Skip).Mem
	vals := r.m.vals
	a, ok := address(ce.rhs[0].value(vals))
	r.addr, r.hasAddr = a, ok
	n, nok := ce.rhs[2].value(vals).Int64()
	if !ok || !nok || n < 0 || n > maxFill/w.Size {
		r.end(Internal, ce.e.From, ce.e, fmt.Errorf("%s: memory write of %s values of %d bytes at %s not performed",
			ce.e.Pos, ce.rhs[2].value(vals), w.Size, ce.rhs[0].value(vals)))
		return false
	}
	if w.Block.Stride != 0 && (n*w.Size > w.Block.Len || !w.Block.Within(a, n*w.Size)) {
		r.end(Undefined, ce.e.From, ce.e, fmt.Errorf("%s: memory write of %d bytes at %s leaves its block", ce.e.Pos, n*w.Size, ce.rhs[0].value(vals)))
		return false
	}
	if w.Copy {
		src, ok := address(ce.rhs[1].value(vals))
		if !ok || n*w.Size > 1<<26 {
			r.end(Internal, ce.e.From, ce.e, fmt.Errorf("%s: memory copy of %d bytes from %s not performed", ce.e.Pos, n*w.Size, ce.rhs[1].value(vals)))
			return false
		}
		r.m.mem.move(a, src, uint64(n*w.Size))
		return true
	}
	u := twosBits(ce.rhs[1].value(vals))
	if w.Size == 1 || w.Undef {
		r.m.mem.fill(a, uint64(n*w.Size), byte(u), w.Undef)
		return true
	}
	for i := int64(0); i < n; i++ {
		r.m.mem.write(a+uint64(i*w.Size), w.Size, u, false)
	}
	return true
}
