package cfront

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
)

// TestDataModelLongWidth checks that long is 64 bits under LP64 and 32
// bits under ILP32, so that 2147483647L + 1 wraps only under ILP32.
func TestDataModelLongWidth(t *testing.T) {
	src := []byte(`long x = 2147483647L;
int main(void) { x = x + 1; return 0; }
`)
	widths := map[DataModel]int{LP64: 64, ILP32: 32}
	for model, bits := range widths {
		p, err := ParseWith("dm.c", src, Options{DataModel: model})
		if err != nil {
			t.Fatalf("%s: %v", model, err)
		}
		x := p.Globals[0]
		if x.Type.Bits != bits {
			t.Errorf("%s: long has %d bits, want %d", model, x.Type.Bits, bits)
		}
		var sb strings.Builder
		ir.Print(&sb, p)
		// Under ILP32 the increment may leave the range of long: the
		// translation must contain the wrapped value x + 1 - 2^32.
		wraps := strings.Contains(sb.String(), "x - 4294967295")
		if wraps != (model == ILP32) {
			t.Errorf("%s: wrap-around modelled = %v:\n%s", model, wraps, sb.String())
		}
	}
	if _, err := ParseWith("dm.c", src, Options{DataModel: "pdp11"}); err == nil {
		t.Errorf("unknown data model accepted")
	}
}
