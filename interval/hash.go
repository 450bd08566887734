// This file implements the interval domain's Hash (numeric.Hasher).

package interval

import "github.com/numpred/numpred/numeric"

// Hash returns a hash of a's set: boxes that are Equal hash equally (a
// bound's value is hashed only when it is finite, as Equal ignores it
// otherwise).
func (Domain) Hash(a Box) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		for i := 0; i < 8; i++ {
			h ^= x & 0xff
			h *= prime
			x >>= 8
		}
	}
	if a.bot {
		return h
	}
	bound := func(b numeric.Bound) {
		switch v, ok := b.Int64(); {
		case ok:
			mix(uint64(v))
		case b.IsPlusInf():
			mix(1 << 62)
		default:
			mix(3 << 61)
		}
	}
	mix(uint64(len(a.r)))
	for _, r := range a.r {
		bound(r.Lo)
		bound(r.Hi)
	}
	return h
}
