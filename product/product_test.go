package product_test

import (
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric/numerictest"
	"github.com/numpred/numpred/product"
)

func TestAffineIntervalConformance(t *testing.T) {
	numerictest.Run(t, product.NewAffineInterval(), numerictest.Config{})
}

func TestCongruenceIntervalConformance(t *testing.T) {
	// Membership is decided by Contains for every sampled point: fewer
	// cases keep the run short.
	numerictest.Run(t, product.NewCongruence[interval.Box](interval.New()), numerictest.Config{Cases: 1000})
}
