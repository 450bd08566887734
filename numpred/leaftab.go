// This file implements MTNDD's leaf table: the numeric leaves of an MTNDD
// value are numeric values held outside the BDD, in a table, and the
// diagram's sub-diagram below the last predicate of a path is the binary
// code of the leaf's index (Section V-C's multi-terminal BDD, simulated
// with a BDD whose "terminals" are short cubes over a few index
// variables).
//
// Encoding a leaf as the cube of its constraints over numeric-term
// variables, as NDD's form does, makes every leaf operation re-encode a
// value of n dimensions as a cube of up to 2n literals: on Fig. 8(b) with
// C = 200 a leaf has up to 400, and the time grew with C^2. A code has
// leafBits literals whatever the value.
//
// Index i is the cube over the index variables bits[0..L) (bits[0]
// topmost), bit j of i in the phase of bits[j]. Equal numeric values
// get the same index (the table is keyed by their constraints), so equal
// leaves are the same node and the diagram stays canonical. Bottom is
// the false terminal and top the true terminal, as in the cube form, so
// that predicate cubes (alphaP) are values with top leaves. No Boolean
// operation ever merges two codes: MTNDD combines leaves only through
// mt.binary, mt.unary and mt.exists, whose terminal cases decode them,
// and its disjunctions (reduce, limit) are of disjoint predicate parts.
//
// Recycling: the table names values by index, and a BDD node naming an
// index may outlive every handle the table handed out. An index is
// recycled only when no node of the code is left in rudd's node table
// (bdd.Manager.Active): then no live node or handle refers to it. The
// table is scanned when its size doubles, after rudd has collected
// garbage since the last scan.

package numpred

import (
	"fmt"
	"strings"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// maxLeafBits bounds the index variables: 2^24 leaves.
const maxLeafBits = 24

// minLeafScan is the table size from which unused indices are recycled.
const minLeafScan = 1 << 12

// maxCodeMemo bounds the memo of codes (node to index and back); it is
// emptied when full (it holds handles, which keep codes alive).
const maxCodeMemo = 1 << 12

type leafTable[V any] struct {
	bits []int // index variables, in variable order
	vals []V
	cons [][]numeric.Constraint // index -> constraints of its value (the key; nil with hash)
	keys []uint64               // index -> its key in byKey
	// hash, when the numeric domain has one, keys values instead of a
	// hash of their constraints (found again by Equal).
	hash numeric.Hasher[V]
	used []bool
	free []int32
	live int
	// byKey finds the index of a value by a hash of its constraints.
	byKey map[uint64][]int32
	// byNode and nodeOf memoise codes both ways; byNode holds the node so
	// that its ID is not reused while the entry exists.
	byNode map[int]codeEntry
	nodeOf map[int32]bdd.Node
	// nextScan is the size at which the next recycling scan runs;
	// scanGCs the number of rudd collections at the last scan.
	nextScan int
	scanGCs  int
}

type codeEntry struct {
	keep bdd.Node
	idx  int32
}

// newLeafTable reserves the index variables (at most terms of them) at
// the bottom of the variable order, below every predicate.
func newLeafTable[V any](m *bdd.Manager, terms int) (*leafTable[V], error) {
	k := min(terms, maxLeafBits)
	t := &leafTable[V]{byKey: map[uint64][]int32{}, byNode: map[int]codeEntry{}, nodeOf: map[int32]bdd.Node{}, nextScan: minLeafScan}
	for i := 0; i < k; i++ {
		v, err := m.NewTerm()
		if err != nil {
			return nil, err
		}
		t.bits = append(t.bits, v)
	}
	return t, nil
}

// leafKey hashes the constraints of a value: consHash, or for big
// numbers a hash of their keys.
func leafKey(cs []numeric.Constraint) uint64 {
	if h, ok := consHash(cs); ok {
		return h
	}
	var sb strings.Builder
	for _, k := range cs {
		sb.WriteString(string(k.Key()))
		sb.WriteByte(';')
	}
	h := uint64(14695981039346656037)
	for _, b := range []byte(sb.String()) {
		h ^= uint64(b)
		h *= 1099511628211
	}
	return h
}

// tabEncode is toBdd in table form: the code of a's index. A leaf
// operation's result is often one of its operands (a meet with a weaker
// value, a post that changes nothing): when a equals the leaf of one of
// bases, that code is the answer, without computing a's constraints.
func (c *numCore[V]) tabEncode(a V, bases []bdd.Node) bdd.Node {
	if c.num.IsBottom(a) {
		return c.ff()
	}
	for _, b := range bases {
		if !c.m.IsFalse(b) && c.num.Equal(a, c.tabDecode(b)) {
			return b
		}
	}
	t := c.tab
	if t.hash != nil {
		h := t.hash.Hash(a)
		for _, i := range t.byKey[h] {
			if c.num.Equal(t.vals[i], a) {
				return c.code(i)
			}
		}
		if c.num.Equal(a, c.top()) {
			return c.tt()
		}
		return c.code(c.tabAdd(a, nil, h))
	}
	cs := c.num.Constraints(a)
	if len(cs) == 0 {
		return c.tt()
	}
	h := leafKey(cs)
	for _, i := range t.byKey[h] {
		if consEqual(t.cons[i], cs) {
			return c.code(i)
		}
	}
	i := c.tabAdd(a, cs, h)
	return c.code(i)
}

// tabAdd stores a new value and returns its index.
func (c *numCore[V]) tabAdd(a V, cs []numeric.Constraint, h uint64) int32 {
	t := c.tab
	if t.live >= t.nextScan || len(t.free) == 0 && len(t.vals) >= 1<<len(t.bits) {
		c.tabScan()
	}
	var i int32
	switch {
	case len(t.free) > 0:
		i = t.free[len(t.free)-1]
		t.free = t.free[:len(t.free)-1]
	case len(t.vals) < 1<<len(t.bits):
		i = int32(len(t.vals))
		t.vals = append(t.vals, a)
		t.cons = append(t.cons, nil)
		t.keys = append(t.keys, 0)
		t.used = append(t.used, false)
	default:
		c.fail(&bdd.CapacityError{Role: bdd.Term, Capacity: c.m.TermCapacity()})
	}
	t.vals[i], t.cons[i], t.keys[i], t.used[i] = a, cs, h, true
	t.byKey[h] = append(t.byKey[h], i)
	t.live++
	return i
}

// code returns the cube of index i.
func (c *numCore[V]) code(i int32) bdd.Node {
	t := c.tab
	if u, ok := t.nodeOf[i]; ok {
		return u
	}
	lits := make([]bdd.Literal, len(t.bits))
	for j, v := range t.bits {
		lits[j] = bdd.Literal{Var: v, Pos: i>>j&1 == 1}
	}
	u := c.node(c.m.Cube(lits))
	c.memoCode(u, i)
	return u
}

func (c *numCore[V]) memoCode(u bdd.Node, i int32) {
	t := c.tab
	u = c.hold(u)
	if len(t.byNode) >= maxCodeMemo {
		clear(t.byNode)
		clear(t.nodeOf)
	}
	t.byNode[u.ID()] = codeEntry{keep: u, idx: i}
	t.nodeOf[i] = u
}

// tabDecode is leaf in table form: the value whose code is u.
func (c *numCore[V]) tabDecode(u bdd.Node) V {
	switch {
	case c.m.IsFalse(u):
		return c.bot()
	case c.m.IsTrue(u):
		return c.top()
	}
	t := c.tab
	if e, ok := t.byNode[u.ID()]; ok {
		return t.vals[e.idx]
	}
	var i int32
	w := u
	for j, v := range t.bits {
		if c.m.Level(w) != v {
			c.fail(fmt.Errorf("numpred: internal: MTNDD leaf is not a code (bit %d: level %d, want %d)", j, c.m.Level(w), v))
		}
		hi, lo := c.cofactors(w, v)
		switch {
		case c.m.IsFalse(lo):
			i |= 1 << j
			w = hi
		case c.m.IsFalse(hi):
			w = lo
		default:
			c.fail(fmt.Errorf("numpred: internal: MTNDD leaf is not a code (both branches at bit %d)", j))
		}
	}
	if !c.m.IsTrue(w) || int(i) >= len(t.vals) || !t.used[i] {
		c.fail(fmt.Errorf("numpred: internal: MTNDD leaf decodes to no value (index %d)", i))
	}
	c.memoCode(u, i)
	return t.vals[i]
}

// tabScan recycles the indices no node in the BDD's table names (see the
// file comment). The memos are emptied first: their handles would keep
// every code they met alive (rudd reclaims them at a later collection).
func (c *numCore[V]) tabScan() {
	t := c.tab
	gcs := c.m.Collections()
	if gcs == t.scanGCs {
		// Nothing was reclaimed since the last scan: every index found
		// in use then may still be; grow instead.
		t.nextScan = max(minLeafScan, 2*t.live)
		return
	}
	t.scanGCs = gcs
	clear(t.byNode)
	clear(t.nodeOf)
	clear(c.leafOps)
	top := -1
	if len(t.bits) > 0 {
		top = t.bits[0]
	}
	type node struct{ level, lo, hi int }
	nodes := map[int]node{}
	var roots []int
	isBit := map[int]bool{}
	for _, v := range t.bits {
		isBit[v] = true
	}
	err := c.m.Active(func(id, level, lo, hi int) {
		if isBit[level] {
			nodes[id] = node{level, lo, hi}
			if level == top {
				roots = append(roots, id)
			}
		}
	})
	if err != nil {
		c.fail(err)
	}
	// Mark every index with a path from a node at the top index level.
	keep := make([]bool, len(t.vals))
	pos := map[int]int{}
	for j, v := range t.bits {
		pos[v] = j
	}
	var mark func(id int, j int, i int32)
	mark = func(id int, j int, i int32) {
		switch id {
		case 0:
			return
		case 1:
			if j == len(t.bits) && int(i) < len(keep) {
				keep[i] = true
			}
			return
		}
		n, ok := nodes[id]
		if !ok || pos[n.level] != j {
			return
		}
		mark(n.lo, j+1, i)
		mark(n.hi, j+1, i|1<<j)
	}
	for _, r := range roots {
		mark(r, 0, 0)
	}
	for i := range t.vals {
		if t.used[i] && !keep[i] {
			c.tabFree(int32(i))
		}
	}
	t.nextScan = max(minLeafScan, 2*t.live)
}

// tabFree recycles index i.
func (c *numCore[V]) tabFree(i int32) {
	t := c.tab
	h := t.keys[i]
	ids := t.byKey[h]
	for k, j := range ids {
		if j == i {
			ids = append(ids[:k], ids[k+1:]...)
			break
		}
	}
	if len(ids) == 0 {
		delete(t.byKey, h)
	} else {
		t.byKey[h] = ids
	}
	var zero V
	t.vals[i], t.cons[i], t.used[i] = zero, nil, false
	t.free = append(t.free, i)
	t.live--
}
