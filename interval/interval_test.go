package interval_test

import (
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric/numerictest"
)

func TestConformance(t *testing.T) {
	numerictest.Run(t, interval.New(), numerictest.Config{})
}
