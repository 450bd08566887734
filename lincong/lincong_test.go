package lincong_test

import (
	"testing"

	"github.com/numpred/numpred/lincong"
	"github.com/numpred/numpred/numeric/numerictest"
)

func TestConformance(t *testing.T) {
	numerictest.Run(t, lincong.New(), numerictest.Config{})
}
