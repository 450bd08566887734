package interval

import (
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestHashAgreesWithEqual checks every pair of boxes over two dimensions
// with bounds in {-oo, -1, 0, 1, +oo}: equal boxes (also when built by
// different operations) hash equally, and unequal ones rarely collide (a
// hash that ignored a bound or a dimension would).
func TestHashAgreesWithEqual(t *testing.T) {
	bounds := []numeric.Bound{numeric.MinusInf, numeric.B(-1), numeric.B(0), numeric.B(1), numeric.PlusInf}
	var ranges []numeric.Range
	for _, lo := range bounds {
		for _, hi := range bounds {
			ranges = append(ranges, numeric.Range{Lo: lo, Hi: hi})
		}
	}
	var boxes []Box
	for _, x := range ranges {
		for _, y := range ranges {
			b := NewBox(x, y)
			boxes = append(boxes, b, d.Meet(b, d.Top(2)), d.Join(b, d.Bottom(2)))
		}
	}
	pairs, collisions := 0, 0
	for _, a := range boxes {
		for _, b := range boxes {
			switch {
			case d.Equal(a, b):
				if d.Hash(a) != d.Hash(b) {
					t.Fatalf("equal boxes %v and %v hash differently", a, b)
				}
			default:
				pairs++
				if d.Hash(a) == d.Hash(b) {
					collisions++
				}
			}
		}
	}
	if collisions*100 > pairs {
		t.Errorf("%d of %d unequal pairs collide", collisions, pairs)
	}
	if d.Hash(NewBox(numeric.FullRange)) == d.Hash(NewBox(numeric.FullRange, numeric.FullRange)) {
		t.Error("boxes of different dimensions hash equally")
	}
}
