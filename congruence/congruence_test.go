package congruence_test

import (
	"testing"

	"github.com/numpred/numpred/congruence"
	"github.com/numpred/numpred/numeric/numerictest"
)

func TestConformance(t *testing.T) {
	numerictest.Run(t, congruence.New(), numerictest.Config{})
}
