package product_test

import (
	"testing"

	"github.com/numpred/numpred/numeric/numerictest"
	"github.com/numpred/numpred/product"
)

func TestAffineIntervalConformance(t *testing.T) {
	numerictest.Run(t, product.NewAffineInterval(), numerictest.Config{})
}
