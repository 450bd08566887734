package bmc_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/frontend"
)

// TestOne runs one file given by -bmc.file (a development aid).
var z3BV = flag.Bool("bmc.z3bv", false, "TestOne, TestSoundness, TestSVCOMP: bit vectors through Z3's default solver (Options.Z3BV)")
var separate = flag.Bool("bmc.separate", false, "TestOne, TestSoundness, TestSVCOMP: a solver per query (Options.SeparateQueries)")
var oneFile = flag.String("bmc.file", "", "file TestOne runs")
var oneLIA = flag.Bool("bmc.lia", false, "TestOne: the LIA encoding")
var oneNarrow = flag.Int("bmc.narrow", bmc.DefaultNarrow, "TestOne: Options.Narrow")
var oneStrict = flag.Bool("bmc.strict", false, "TestOne: bit vectors throughout (Options.StrictBV)")
var oneK = flag.Int("bmc.k", 0, "")
var oneInd = flag.Bool("bmc.ind", false, "")
var oneTimeout = flag.Duration("bmc.timeout", 20*time.Second, "")

func TestOne(t *testing.T) {
	if *oneFile == "" {
		t.Skip()
	}
	prog, err := frontend.Load(*oneFile)
	if err != nil {
		t.Fatal(err)
	}
	opt := bmc.DefaultOptions()
	opt.Z3BV = *z3BV
	opt.SeparateQueries = *separate
	opt.Unwind = *oneK
	opt.Induction = *oneInd
	if *oneLIA {
		opt.Encoding = encode.LIA
	}
	opt.StrictBV = *oneStrict
	opt.Narrow = *oneNarrow
	ctx, cancel := context.WithTimeout(context.Background(), *oneTimeout)
	defer cancel()
	res, err := bmc.Run(ctx, prog, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s %s %+v", res.Verdict, res.Reason, res.Stats)
}
