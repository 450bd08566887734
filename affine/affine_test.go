package affine_test

import (
	"testing"

	"github.com/numpred/numpred/affine"
	"github.com/numpred/numpred/numeric/numerictest"
)

func TestConformance(t *testing.T) {
	numerictest.Run(t, affine.New(), numerictest.Config{})
}
