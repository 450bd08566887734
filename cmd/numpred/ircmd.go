// This file implements `numpred ir`.

package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/ir"
)

func cmdIR(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("ir", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	dot := fs.Bool("dot", false, "print Graphviz dot instead of the text listing")
	model := fs.String("data-model", "", "C data model: lp64 or ilp32 (default: the task's .yml beside the file, else lp64)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: numpred ir FILE [--dot]\n\nPrints the control-flow automata of a C (.c, .i) or Linear Program (.lp) file.\n\nFlags:\n%s", fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "numpred ir: want exactly one FILE, got %d\n", fs.NArg())
		return exitUsage
	}
	p, err := frontend.LoadWith(fs.Arg(0), frontend.Options{DataModel: cfront.DataModel(*model)})
	if err != nil {
		return loadFailed(err, false, stderr)
	}
	if err := ir.SanityCheck(p); err != nil {
		fmt.Fprintf(stderr, "numpred ir: internal error: %v\n", err)
		return exitInternal
	}
	if *dot {
		err = ir.Dot(stdout, p)
	} else {
		err = ir.Print(stdout, p)
	}
	if err != nil {
		fmt.Fprintf(stderr, "numpred ir: %v\n", err)
		return exitInternal
	}
	// Unsupported locations are listed (a verdict is UNKNOWN if one is
	// reachable), program-wide unsupported constructs fail the command
	// (no verdict but UNKNOWN is possible).
	checks := 0
	for _, l := range p.UnsupportedLocs() {
		if l.Unsupported.Check {
			checks++ // run-time checks the front end inserted
			continue
		}
		fmt.Fprintf(stderr, "%s: %s\n", l.Func.Name, l.Unsupported)
	}
	if checks > 0 {
		fmt.Fprintf(stderr, "%d memory writes may hit no modelled cell (null, out of bounds, unknown pointer): unsupported only where reached\n", checks)
	}
	if u := p.Unsupported(); len(u) > 0 {
		for _, d := range u {
			fmt.Fprintln(stderr, d)
		}
		return exitInput
	}
	return exitOK
}
