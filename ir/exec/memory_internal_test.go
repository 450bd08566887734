package exec

import (
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// TestMemoryAgainstByteMap applies random writes, fills, undefinitions,
// copies and new runs to memory and to a plain map of bytes, and
// compares every byte of the region after each operation. It fails with
// a page's fill left out of reads, and with bytes made undefined read
// through to their page's fill (both checked by hand).
func TestMemoryAgainstByteMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	const base, span = 1 << 20, 5 * pageSize
	var m memory
	m.reset()
	ref := map[uint64]byte{} // defined bytes only
	for op := 0; op < 3000; op++ {
		a := uint64(base + rng.IntN(span))
		n := uint64(rng.IntN(3 * pageSize))
		if rng.IntN(4) == 0 {
			n = uint64(rng.IntN(9))
		}
		if a+n > base+span {
			n = base + span - a
		}
		switch rng.IntN(6) {
		case 0: // a value of 1..8 bytes
			size := int64(1 + rng.IntN(8))
			if a+uint64(size) > base+span {
				continue
			}
			u := rng.Uint64()
			m.write(a, size, u, false)
			for i := int64(0); i < size; i++ {
				ref[a+uint64(i)] = byte(u >> (8 * i))
			}
		case 1, 2: // a fill
			b := byte(rng.IntN(256))
			m.fill(a, n, b, false)
			for x := a; x < a+n; x++ {
				ref[x] = b
			}
		case 3: // undefined, sometimes a range wider than the memory used
			if rng.IntN(3) == 0 {
				a, n = base-pageSize, span+3*pageSize
			}
			m.fill(a, n, 0, true)
			for x := a; x < a+n; x++ {
				delete(ref, x)
			}
		case 4: // a copy, maybe overlapping
			src := uint64(base + rng.IntN(span))
			if src+n > base+span {
				continue
			}
			m.move(a, src, n)
			tmp := map[uint64]byte{}
			for i := uint64(0); i < n; i++ {
				if b, ok := ref[src+i]; ok {
					tmp[i] = b
				}
			}
			for i := uint64(0); i < n; i++ {
				if b, ok := tmp[i]; ok {
					ref[a+i] = b
				} else {
					delete(ref, a+i)
				}
			}
		case 5:
			if rng.IntN(20) == 0 { // a new run: all undefined
				m.reset()
				clear(ref)
			}
		}
		for x := uint64(base); x < base+span; x++ {
			got, gok := m.byteAt(x)
			want, wok := ref[x]
			if gok != wok || (gok && got != want) {
				t.Fatalf("op %d: byte %#x = %d (defined %v), want %d (defined %v)", op, x, got, gok, want, wok)
			}
		}
	}
}

// TestLoadValue checks the conversion of loaded bytes to typed values
// (ir.BytesValue).
func TestLoadValue(t *testing.T) {
	for _, c := range []struct {
		u      uint64
		size   int64
		bits   int
		signed bool
		want   int64
		ok     bool
	}{
		{0xff, 1, 8, true, -1, true},
		{0xff, 1, 8, false, 255, true},
		{0x8000, 2, 16, true, -32768, true},
		{0xffffffff, 4, 32, true, -1, true},
		{0x1ffffffff, 4, 32, false, 4294967295, true}, // the high bits are not loaded
		{1, 1, 1, false, 1, true},                     // _Bool
		{2, 1, 1, false, 0, false},                    // a _Bool holding 2
		{1 << 63, 8, 64, true, -1 << 63, true},
	} {
		v, ok := ir.BytesValue(c.u, c.size, irType(c.bits, c.signed))
		if ok != c.ok || (ok && v.Cmp(numI(c.want)) != 0) {
			t.Errorf("BytesValue(%#x, %d, %d bits signed %v) = %v, %v; want %d, %v", c.u, c.size, c.bits, c.signed, v, ok, c.want, c.ok)
		}
	}
}

func irType(bits int, signed bool) ir.IntType {
	return ir.IntType{Name: "t", Bits: bits, Signed: signed}
}

func numI(x int64) numeric.Int { return numeric.I(x) }
