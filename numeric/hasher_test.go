package numeric_test

import (
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

// hidden forwards to a domain through the interface, hiding its optional
// capabilities; unwrapped exposes it again by Unwrap.
type hidden struct{ numeric.Domain[interval.Box] }

type unwrapped struct{ hidden }

func (u unwrapped) Unwrap() numeric.Domain[interval.Box] { return u.Domain }

func TestHasherOfSeesThroughWrappers(t *testing.T) {
	d := interval.New()
	if _, ok := numeric.HasherOf[interval.Box](hidden{d}); ok {
		t.Fatal("a domain without Hash or Unwrap has a Hasher")
	}
	h, ok := numeric.HasherOf[interval.Box](unwrapped{hidden{d}})
	if !ok {
		t.Fatal("the Hasher of a wrapped interval domain is not found")
	}
	a := interval.NewBox(numeric.Range{Lo: numeric.B(0), Hi: numeric.B(3)})
	if h.Hash(a) != d.Hash(a) {
		t.Error("the wrapper's Hasher is not the wrapped domain's")
	}
}
