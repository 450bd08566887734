package abe_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
)

var (
	oneFile  = flag.String("abe.file", "", "file TestOne runs (a development aid)")
	oneBlock = flag.String("abe.block", "lbe", "block operator of TestOne")
	oneCart  = flag.Bool("abe.cartesian", false, "cartesian abstraction in TestOne")
	oneShare = flag.String("abe.share", "location", "predicate sharing of TestOne")
)

// TestOne runs the analysis on -abe.file with a log.
func TestOne(t *testing.T) {
	if *oneFile == "" {
		t.Skip("run with -abe.file FILE")
	}
	prog, err := frontend.Load(*oneFile)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := abe.Run(ctx, prog, abe.Options{Block: *oneBlock, Cartesian: *oneCart, Share: *oneShare, Log: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s %s %+v", res.Verdict, res.Reason, engine.StatsOf[*abe.Stats](res))
}
