// This file implements the Domain's memo of integer emptiness answers.
//
// A value caches its own answer, but the combined domains rebuild equal
// polyhedra as new values again and again (on issue 18's wrap_poly.c,
// NDD asked 13,000 emptiness questions about 4,000 distinct polyhedra,
// and the repeats cost 60% of the test time). The memo maps the minimal
// constraint system of a polyhedron, as made by minimize (so equal
// derivations give equal keys), to the answer and the integer point
// found. It is bounded: when full it is cleared.

package polyhedra

import (
	"encoding/binary"
	"sync"
)

// memoLimit bounds the entries of a Domain's emptiness memo.
const memoLimit = 1 << 14

type ieAnswer struct {
	empty bool
	wit   []zint
}

// ieMemo is a Domain's memo; the zero value is ready, safe for concurrent
// use.
type ieMemo struct {
	mu sync.Mutex
	m  map[string]ieAnswer
}

// memoKey returns the key of the minimal p: its dimension and its
// constraint rows; "" when p has no Domain (no memo).
func (c *counters) memoKey(p *poly) string {
	if c == nil {
		return ""
	}
	buf := make([]byte, 0, 16*(len(p.eqs)+len(p.ineqs))*(p.n+1)+8)
	buf = binary.AppendUvarint(buf, uint64(p.n))
	buf = binary.AppendUvarint(buf, uint64(len(p.eqs)))
	for _, rows := range [2][]vec{p.eqs, p.ineqs} {
		for _, r := range rows {
			for _, x := range r {
				if x.big == nil {
					buf = binary.AppendVarint(buf, x.small)
					continue
				}
				// A big entry: a marker (no int64 varint starts with
				// 10 bytes of 0xff), its sign, length and magnitude.
				bs := x.big.Bytes()
				buf = append(buf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, byte(x.big.Sign()+1))
				buf = binary.AppendUvarint(buf, uint64(len(bs)))
				buf = append(buf, bs...)
			}
		}
	}
	return string(buf)
}

// memoGet returns the memoised answer for key.
func (c *counters) memoGet(key string) (empty bool, wit []zint, ok bool) {
	if c == nil || key == "" {
		return false, nil, false
	}
	c.memo.mu.Lock()
	a, ok := c.memo.m[key]
	c.memo.mu.Unlock()
	if ok {
		c.mu.Lock()
		c.s.EmptyMemo++
		c.mu.Unlock()
	}
	return a.empty, a.wit, ok
}

// memoPut records the answer for key. wit must not be modified later
// (witnesses are never modified in place).
func (c *counters) memoPut(key string, empty bool, wit []zint) {
	if c == nil || key == "" {
		return
	}
	c.memo.mu.Lock()
	if c.memo.m == nil || len(c.memo.m) >= memoLimit {
		c.memo.m = make(map[string]ieAnswer)
	}
	c.memo.m[key] = ieAnswer{empty, wit}
	c.memo.mu.Unlock()
}
