// This file implements the exact integer vectors and bit sets that both
// representations of a polyhedron are made of.

package polyhedra

import (
	"math"
	"math/big"
	"math/bits"
	"sync"
)

// vec is a row of a constraint or generator system in homogeneous form.
// Entry 0 is the homogenising coordinate and entries 1..n the coefficients
// of dimensions 0..n-1:
//
//   - a constraint row c means c[0] + sum_i c[i+1]*x_i >= 0 (inequality)
//     or = 0 (equality);
//   - a generator row g is a vertex g[1:]/g[0] when g[0] > 0, and a ray or
//     line with direction g[1:] when g[0] = 0.
//
// Constraint c is satisfied by generator g in homogeneous form iff
// dot(c, g) >= 0 (= 0 for equalities and lines). Rows are normalised by the
// gcd of their entries; entries are zint, exact, so nothing ever wraps.
//
// The kernels below (dot, combine, normalize) are the inner loops of
// Chernikova's algorithm. Each has a machine-integer path (64-bit
// entries, 128-bit products and sums, no allocation) and a big-integer
// path that computes in place in scratch space, allocating only for the
// big entries of its result.
type vec []zint

var (
	zero = zi(0)
	one  = zi(1)
)

// scratch is reusable big-integer space for the kernels' big path, so
// that their temporaries allocate nothing once warm.
type scratch struct {
	acc, t, t1, t2, g big.Int
	row               []big.Int
}

// rowGCD sets sc.g to the gcd of the absolute values of row's entries (0
// when all are 0). It starts from the entry of fewest bits and reduces
// the others modulo the gcd so far while that fits in a word (one short
// division per entry, no allocation), so big gcds are computed only
// between entries that are all big.
func (sc *scratch) rowGCD(row []big.Int) {
	small := -1
	for i := range row {
		if row[i].Sign() != 0 && (small < 0 || row[i].BitLen() < row[small].BitLen()) {
			small = i
		}
	}
	g := &sc.g
	if small < 0 {
		g.SetInt64(0)
		return
	}
	g.Abs(&row[small])
	for i := range row {
		z := &row[i]
		if i == small || z.Sign() == 0 {
			continue
		}
		if g.BitLen() <= 63 {
			w := g.Int64()
			if w == 1 {
				return
			}
			r := sc.t.Rem(z, g).Int64()
			g.SetInt64(gcd64(w, abs64(r)))
			continue
		}
		g.GCD(nil, nil, g, sc.t.Abs(z))
	}
}

// bigRow returns the entries of row as zints; the big ones share two
// allocations (their headers and their words), not two each.
func bigRow(row []big.Int, out vec) vec {
	nbig, words := 0, 0
	for i := range row {
		if !row[i].IsInt64() {
			nbig++
			words += len(row[i].Bits())
		}
	}
	var hdr []big.Int
	var slab []big.Word
	if nbig > 0 {
		hdr = make([]big.Int, nbig)
		slab = make([]big.Word, words)
	}
	for i := range row {
		z := &row[i]
		if z.IsInt64() {
			out[i] = zint{small: z.Int64()}
			continue
		}
		b := z.Bits()
		w := slab[:len(b):len(b)]
		slab = slab[len(b):]
		copy(w, b)
		h := &hdr[0]
		hdr = hdr[1:]
		h.SetBits(w)
		if z.Sign() < 0 {
			h.Neg(h)
		}
		out[i] = zint{big: h}
	}
	return out
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// dot returns the scalar product of a and b.
func dot(a, b vec) zint {
	if s, ok := dot128(a, b); ok {
		return s.zint()
	}
	sc := scratchPool.Get().(*scratch)
	sc.dotBig(a, b)
	r := zcopy(&sc.acc)
	scratchPool.Put(sc)
	return r
}

// dotSign returns the sign of the scalar product of a and b.
func dotSign(a, b vec) int {
	if s, ok := dot128(a, b); ok {
		return s.sign()
	}
	sc := scratchPool.Get().(*scratch)
	sc.dotBig(a, b)
	r := sc.acc.Sign()
	scratchPool.Put(sc)
	return r
}

// zcopy returns the value of b as a zint (b is not retained).
func zcopy(b *big.Int) zint {
	if b.IsInt64() {
		return zint{small: b.Int64()}
	}
	return zint{big: new(big.Int).Set(b)}
}

// dot128 returns the scalar product of a and b when every entry is an
// int64 and the sum fits in 128 bits.
func dot128(a, b vec) (i128, bool) {
	var s i128
	for i := range a {
		x, y := a[i], b[i]
		if x.IsZero() || y.IsZero() {
			continue
		}
		if x.big != nil || y.big != nil {
			return s, false
		}
		var ok bool
		if s, ok = s.add(mul128(x.small, y.small)); !ok {
			return s, false
		}
	}
	return s, true
}

// dotBig sets sc.acc to the scalar product of a and b.
func (sc *scratch) dotBig(a, b vec) {
	sc.acc.SetInt64(0)
	for i := range a {
		x, y := a[i], b[i]
		if x.IsZero() || y.IsZero() {
			continue
		}
		sc.acc.Add(&sc.acc, sc.t.Mul(x.view(&sc.t1), y.view(&sc.t2)))
	}
}

// combine returns ka*a + kb*b, normalised.
func combine(ka zint, a vec, kb zint, b vec) vec {
	return combineTo(make(vec, len(a)), ka, a, kb, b)
}

// combineTo is combine into out, a zeroed row of a's length.
func combineTo(out vec, ka zint, a vec, kb zint, b vec) vec {
	if ka.big == nil && kb.big == nil {
		var g int64 // gcd so far, while every entry fits an int64
		small := true
		for i := range a {
			x, y := a[i], b[i]
			if x.big != nil || y.big != nil {
				small = false
				break
			}
			var s i128
			if x.small != 0 {
				s = mul128(ka.small, x.small)
			}
			if y.small != 0 {
				var ok bool
				if s, ok = s.add(mul128(kb.small, y.small)); !ok {
					small = false // 2^126 + 2^126 (MinInt64 squared, twice)
					break
				}
			}
			if s.hi != 0 && s.hi != -1 || s.hi == 0 && s.lo > math.MaxInt64 || s.hi == -1 && s.lo <= 1<<63 {
				small = false // beyond int64, or MinInt64 (whose |.| is not an int64)
				break
			}
			out[i] = zint{small: int64(s.lo)}
			if g != 1 && out[i].small != 0 {
				g = gcd64(g, abs64(out[i].small))
			}
		}
		if small {
			if g > 1 {
				for i := range out {
					out[i].small /= g
				}
			}
			return out
		}
	}
	// In scratch space: the combination, its gcd, then the quotients.
	sc := scratchPool.Get().(*scratch)
	if cap(sc.row) < len(a) {
		sc.row = make([]big.Int, len(a))
	}
	row := sc.row[:len(a)]
	for i := range a {
		x, y := a[i], b[i]
		z := &row[i]
		z.SetInt64(0)
		if !x.IsZero() {
			z.Mul(ka.view(&sc.t1), x.view(&sc.t2))
		}
		if !y.IsZero() {
			z.Add(z, sc.t.Mul(kb.view(&sc.t1), y.view(&sc.t2)))
		}
	}
	sc.rowGCD(row)
	g := &sc.g
	if g.Sign() != 0 && !(g.IsInt64() && g.Int64() == 1) {
		for i := range row {
			if z := &row[i]; z.Sign() != 0 {
				z.Quo(z, g)
			}
		}
	}
	bigRow(row, out)
	scratchPool.Put(sc)
	return out
}

// normalize divides v in place by the gcd of its entries and returns it.
func (v vec) normalize() vec {
	// Machine integers while they last.
	var g int64
	i := 0
	for ; i < len(v); i++ {
		x := v[i]
		if x.IsZero() {
			continue
		}
		if x.big != nil || x.small == math.MinInt64 {
			break
		}
		g = gcd64(g, abs64(x.small))
		if g == 1 {
			return v
		}
	}
	if i == len(v) {
		if g > 1 {
			for k := range v {
				v[k].small /= g
			}
		}
		return v
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	gb := &sc.g
	gb.SetInt64(g)
	for ; i < len(v); i++ {
		if x := v[i]; !x.IsZero() {
			gb.GCD(nil, nil, gb, sc.t.Abs(x.view(&sc.t1)))
			if gb.IsInt64() && gb.Int64() == 1 {
				return v
			}
		}
	}
	if gb.Sign() == 0 {
		return v
	}
	for k, x := range v {
		if !x.IsZero() {
			v[k] = zcopy(sc.t.Quo(x.view(&sc.t1), gb))
		}
	}
	return v
}

// neg returns -v (a new row).
func (v vec) neg() vec {
	out := make(vec, len(v))
	for i, x := range v {
		out[i] = x.Neg()
	}
	return out
}

// isZero reports whether every entry of v is 0.
func (v vec) isZero() bool {
	for _, x := range v {
		if !x.IsZero() {
			return false
		}
	}
	return true
}

// isZeroFrom reports whether entries k.. of v are all 0.
func (v vec) isZeroFrom(k int) bool { return v[k:].isZero() }

// equal reports whether a and b are the same row.
func (a vec) equal(b vec) bool {
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

// clone returns a copy of v.
func (v vec) clone() vec {
	out := make(vec, len(v))
	copy(out, v)
	return out
}

// signNormalize makes the first non-zero entry of v positive (for lines and
// equalities, whose sign carries no meaning).
func (v vec) signNormalize() vec {
	for _, x := range v {
		if s := x.Sign(); s != 0 {
			if s < 0 {
				return v.neg()
			}
			return v
		}
	}
	return v
}

// cloneRows returns a deep-enough copy of rows (rows are never mutated
// after construction, so sharing them is safe).
func cloneRows(rows []vec) []vec { return cloneRowsCap(rows, 0) }

// cloneRowsCap is cloneRows with room for extra more rows.
func cloneRowsCap(rows []vec, extra int) []vec {
	if len(rows)+extra == 0 {
		return nil
	}
	out := make([]vec, len(rows), len(rows)+extra)
	copy(out, rows)
	return out
}

// bitset is a fixed-size set of small integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

// newBitsets returns count empty sets of n bits, cut from one array.
func newBitsets(count, n int) []bitset {
	w := (n + 63) / 64
	words := make([]uint64, count*w)
	out := make([]bitset, count)
	for i := range out {
		out[i] = bitset(words[i*w : (i+1)*w : (i+1)*w])
	}
	return out
}

func (b bitset) set(i int)      { b[i/64] |= 1 << (uint(i) % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(uint(i)%64)) != 0 }
func (b bitset) clone() bitset  { return append(bitset(nil), b...) }

// each calls f with every member of b, in increasing order.
func (b bitset) each(f func(i int)) {
	for w, x := range b {
		for x != 0 {
			f(w*64 + bits.TrailingZeros64(x))
			x &= x - 1
		}
	}
}
func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// and returns b & c.
func (b bitset) and(c bitset) bitset {
	out := make(bitset, len(b))
	for i := range b {
		out[i] = b[i] & c[i]
	}
	return out
}

// subset reports whether b ⊆ c.
func (b bitset) subset(c bitset) bool {
	for i := range b {
		if b[i]&^c[i] != 0 {
			return false
		}
	}
	return true
}

// equal reports whether b = c.
func (b bitset) equal(c bitset) bool {
	for i := range b {
		if b[i] != c[i] {
			return false
		}
	}
	return true
}

// independent returns the rows of rs that are linearly independent of the
// rows before them (fraction-free Gaussian elimination on copies; the
// original rows are returned).
func independent(rs []vec) []vec {
	var basis []vec // echelon rows
	var piv []int
	var out []vec
	for _, r := range rs {
		w := r.clone()
		for k, b := range basis {
			p := piv[k]
			if w[p].IsZero() {
				continue
			}
			w = combine(b[p], w, w[p].Neg(), b)
		}
		p := -1
		for i, x := range w {
			if !x.IsZero() {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		basis = append(basis, w)
		piv = append(piv, p)
		out = append(out, r)
	}
	return out
}
