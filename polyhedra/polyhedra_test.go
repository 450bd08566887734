package polyhedra

import (
	"testing"

	"github.com/numpred/numpred/numeric/numerictest"
)

func TestConformance(t *testing.T) {
	cases := 400
	if testing.Short() {
		cases = 100
	}
	t.Run("decomposed", func(t *testing.T) {
		numerictest.Run(t, New(), numerictest.Config{Dims: 3, Cases: cases, Exact: true})
	})
	t.Run("plain", func(t *testing.T) {
		numerictest.Run(t, New(WithoutDecomposition()), numerictest.Config{Dims: 3, Cases: cases, Exact: true})
	})
	t.Run("decomposed4", func(t *testing.T) {
		numerictest.Run(t, New(), numerictest.Config{Dims: 4, Cases: cases / 2, Range: 4, Exact: true})
	})
	if testing.Short() {
		return
	}
	t.Run("decomposed6", func(t *testing.T) {
		numerictest.Run(t, New(), numerictest.Config{Dims: 6, Cases: 60, Range: 2, Exact: true})
	})
	t.Run("plain5", func(t *testing.T) {
		numerictest.Run(t, New(WithoutDecomposition()), numerictest.Config{Dims: 5, Cases: 60, Range: 3, Exact: true})
	})
}
